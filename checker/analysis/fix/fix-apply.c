#include "analysis/fix/fix-apply.h"
#include "front/lexer.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

#define MAX_COLUMNS 80

static int edit_compare(const void *a, const void *b)
{
	const struct edit *x = *(const struct edit *const *)a;
	const struct edit *y = *(const struct edit *const *)b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return strcmp(x->replacement, y->replacement);
}

/* New offset of old offset p, given the applied edits sorted by start. An
 * offset inside a replaced range maps to the start of its replacement. */
static size_t map_offset(struct edit *const *edits, size_t n, size_t p)
{
	long delta = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (edits[i]->end <= p && edits[i]->start < p) {
			delta += (long)strlen(edits[i]->replacement) -
				 (long)(edits[i]->end - edits[i]->start);
		} else if (edits[i]->start <= p && p < edits[i]->end) {
			return (size_t)((long)edits[i]->start + delta);
		} else if (edits[i]->start > p) {
			break;
		}
	}
	return (size_t)((long)p + delta);
}

static void add_indent(struct strbuf *sb, unsigned width)
{
	unsigned i;

	for (i = 0; i < width / 8; i++)
		strbuf_addch(sb, '\t');
	for (i = 0; i < width % 8; i++)
		strbuf_addch(sb, ' ');
}

static size_t skip_blank(const char *s, size_t i, size_t end)
{
	while (i < end && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* Display column just after each '(' of a region, in order, skipping strings,
 * character literals and comments. */
static size_t paren_columns(const char *s, size_t len, unsigned **cols)
{
	size_t i, line_start = 0, n = 0, alloc = 0;

	*cols = NULL;
	for (i = 0; i < len; i++) {
		char c = s[i];

		if (c == '\n') {
			line_start = i + 1;
		} else if (c == '"' || c == '\'') {
			for (i++; i < len && s[i] != c && s[i] != '\n'; i++)
				if (s[i] == '\\')
					i++;
		} else if (c == '/' && i + 1 < len && s[i + 1] == '*') {
			for (i += 2; i + 1 < len && !(s[i] == '*' && s[i + 1] == '/'); i++)
				if (s[i] == '\n')
					line_start = i + 1;
			i++;
		} else if (c == '(') {
			ALLOC_GROW(*cols, n, alloc);
			(*cols)[n++] = display_width(s + line_start, i + 1 - line_start);
		}
	}
	return n;
}

static bool try_join(const char *region, size_t len, struct strbuf *out)
{
	struct strbuf joined = STRBUF_INIT;
	const char *end = region + len;
	const char *line = region;
	bool fits;

	while (line < end) {
		const char *eol = memchr(line, '\n', (size_t)(end - line));
		size_t b, e;

		if (!eol)
			eol = end;
		b = line == region ? 0 : skip_blank(line, 0, (size_t)(eol - line));
		e = (size_t)(eol - line);
		while (e > b && (line[e - 1] == ' ' || line[e - 1] == '\t'))
			e--;
		if (line != region && joined.len && e > b) {
			char last = joined.buf[joined.len - 1];
			char first = line[b];

			if (last != '(' && last != '[' && first != ')' && first != ']' &&
			    first != ',' && first != ';')
				strbuf_addch(&joined, ' ');
		}
		strbuf_add(&joined, line + b, e - b);
		line = eol + 1;
	}
	fits = display_width(joined.buf, joined.len) <= MAX_COLUMNS;
	if (fits)
		strbuf_add(out, joined.buf, joined.len);
	strbuf_release(&joined);
	return fits;
}

/* Is an indentation of len bytes at s aligned under column col: exactly,
 * or with tabs only as near as tab stops allow (four tabs under column 35:
 * drivers/mmc/core/host.c, which upstream's conversion aligned exactly)? */
static bool aligned_under(const char *s, size_t len, unsigned col)
{
	unsigned width = display_width(s, len);

	return width == col || (strspn(s, "\t") == len && width == col / 8 * 8);
}

static void join_or_realign(const char *old, size_t old_len, const char *region, size_t len,
			    bool may_join, struct strbuf *out)
{
	unsigned *old_cols, *new_cols;
	size_t nr_old, nr_new, i, depth = 0, k = 0;
	size_t *stack = NULL, alloc = 0;

	if (!memchr(region, '\n', len) || (may_join && try_join(region, len, out))) {
		if (!memchr(region, '\n', len))
			strbuf_add(out, region, len);
		return;
	}
	nr_old = paren_columns(old, old_len, &old_cols);
	nr_new = paren_columns(region, len, &new_cols);
	for (i = 0; i < len;) {
		const char *eol = memchr(region + i, '\n', len - i);
		size_t line_end = eol ? (size_t)(eol - region) + 1 : len, j;
		bool done = false;

		/* A continuation line aligned under an open parenthesis follows
		 * it to its new column (exactly aligned, as checkpatch asks);
		 * any other indentation is the author's. */
		if (i > 0 && depth && nr_old == nr_new) {
			size_t open = stack[depth - 1];
			size_t b = skip_blank(region, i, line_end);

			/* open counts every '(' the loop below sees, comments
			 * included, which paren_columns() skips: past its
			 * count, the column is unknown (found by fuzz-source) */
			if (open < nr_new && old_cols[open] != new_cols[open] &&
			    b < line_end && region[b] != '\n' &&
			    aligned_under(region + i, b - i, old_cols[open])) {
				add_indent(out, new_cols[open]);
				strbuf_add(out, region + b, line_end - b);
				done = true;
			}
		}
		if (!done)
			strbuf_add(out, region + i, line_end - i);
		for (j = i; j < line_end; j++) {
			char c = region[j];

			if (c == '"' || c == '\'') {
				for (j++; j < line_end && region[j] != c; j++)
					if (region[j] == '\\')
						j++;
			} else if (c == '(') {
				ALLOC_GROW(stack, depth, alloc);
				stack[depth++] = k++;
			} else if (c == ')' && depth) {
				depth--;
			}
		}
		i = line_end;
	}
	free(stack);
	free(old_cols);
	free(new_cols);
}

static unsigned widest_line(const char *s, size_t len)
{
	unsigned widest = 0, w;
	size_t i = 0;

	while (i < len) {
		const char *eol = memchr(s + i, '\n', len - i);
		size_t end = eol ? (size_t)(eol - s) : len;

		w = display_width(s + i, end - i);
		if (w > widest)
			widest = w;
		i = end + 1;
	}
	return widest;
}

/* Where the first line wider than 80 columns (from byte from on) can be
 * broken: after the last ", " inside parentheses that still fits. Returns
 * the offset after the comma and sets *indent to the column just after the
 * innermost open parenthesis there; 0 when no line can be broken. */
static size_t find_break(const char *s, size_t len, size_t from, unsigned *indent)
{
	unsigned *stack = NULL;
	size_t depth = 0, alloc = 0, i = 0, cut = 0;

	while (i < len && !cut) {
		const char *eol = memchr(s + i, '\n', len - i);
		size_t end = eol ? (size_t)(eol - s) : len, j;
		bool wide = i >= from && display_width(s + i, end - i) > MAX_COLUMNS;

		for (j = i; j < end; j++) {
			char c = s[j];

			if (c == '"' || c == '\'') {
				for (j++; j < end && s[j] != c; j++)
					if (s[j] == '\\')
						j++;
			} else if (c == '(') {
				ALLOC_GROW(stack, depth, alloc);
				stack[depth++] = display_width(s + i, j + 1 - i);
			} else if (c == ')' && depth) {
				depth--;
			} else if (wide && c == ',' && depth && j + 1 < end && s[j + 1] == ' ' &&
				   display_width(s + i, j + 1 - i) <= MAX_COLUMNS) {
				cut = j + 1;
				*indent = stack[depth - 1];
			}
		}
		i = end + 1;
	}
	free(stack);
	return cut;
}

/*
 * A longer name can push a line past 80 columns that fitted before: such a
 * line is broken after the last ", " that still fits, and the rest goes on
 * a continuation line under the innermost open parenthesis, kernel style.
 * Lines that were already too long stay the author's.
 */
static void wrap_long_lines(const char *old, size_t old_len, const char *s, size_t len,
			    struct strbuf *out)
{
	struct strbuf cur = STRBUF_INIT;
	unsigned indent = 0;
	size_t cut, from = 0;
	int guard;

	if (widest_line(old, old_len) > MAX_COLUMNS || widest_line(s, len) <= MAX_COLUMNS) {
		strbuf_add(out, s, len);
		return;
	}
	strbuf_add(&cur, s, len);
	for (guard = 0; guard < 64 && (cut = find_break(cur.buf, cur.len, from, &indent));
	     guard++) {
		struct strbuf next = STRBUF_INIT;

		strbuf_add(&next, cur.buf, cut);
		strbuf_addch(&next, '\n');
		from = next.len;
		add_indent(&next, indent);
		cut = skip_blank(cur.buf, cut, cur.len);
		strbuf_add(&next, cur.buf + cut, cur.len - cut);
		strbuf_release(&cur);
		cur = next;
	}
	strbuf_add(out, cur.buf, cur.len);
	strbuf_release(&cur);
}

void reflow_region(const char *old, size_t old_len, const char *region, size_t len,
		   bool may_join, bool may_wrap, struct strbuf *out)
{
	struct strbuf tmp = STRBUF_INIT;

	join_or_realign(old, old_len, region, len, may_join, &tmp);
	if (may_wrap)
		wrap_long_lines(old, old_len, tmp.buf ? tmp.buf : "", tmp.len, out);
	else
		strbuf_add(out, tmp.buf ? tmp.buf : "", tmp.len);
	strbuf_release(&tmp);
}

/* Column of the backslash ending the line that holds offset, or -1. */
static int trailing_backslash_column(const char *text, size_t size, size_t offset,
				     size_t *bs_offset, size_t *line_start)
{
	size_t start = offset, end = offset;

	while (start > 0 && text[start - 1] != '\n')
		start--;
	while (end < size && text[end] != '\n')
		end++;
	if (end == start || text[end - 1] != '\\')
		return -1;
	if (bs_offset)
		*bs_offset = end - 1;
	if (line_start)
		*line_start = start;
	return (int)display_width(text + start, end - 1 - start);
}

/* Macro bodies align their line-continuation backslashes; an edit that
 * changed a line's length puts its backslash back where it was. */
static void realign_backslash(struct strbuf *sb, size_t offset, int column)
{
	size_t bs, start, ws;
	unsigned content;
	struct strbuf line = STRBUF_INIT, rest = STRBUF_INIT;

	if (trailing_backslash_column(sb->buf, sb->len, offset, &bs, &start) < 0)
		return;
	ws = bs;
	while (ws > start && (sb->buf[ws - 1] == ' ' || sb->buf[ws - 1] == '\t'))
		ws--;
	content = display_width(sb->buf + start, ws - start);
	strbuf_add(&line, sb->buf + start, ws - start);
	if (content >= (unsigned)column) {
		strbuf_addch(&line, ' ');
	} else {
		unsigned w = content;

		while (((w + 8) & ~7u) <= (unsigned)column) {
			strbuf_addch(&line, '\t');
			w = (w + 8) & ~7u;
		}
		while (w < (unsigned)column) {
			strbuf_addch(&line, ' ');
			w++;
		}
	}
	strbuf_add(&rest, sb->buf + bs, sb->len - bs);
	sb->len = start;
	strbuf_add(sb, line.buf, line.len);
	strbuf_add(sb, rest.buf, rest.len);
	strbuf_release(&line);
	strbuf_release(&rest);
}

/* What happens after the edits: a call reflowed, or a macro line's trailing
 * backslash put back in its column. */
struct post_op {
	size_t key;			/* original offset where it changes the text */
	const struct reflow *reflow;	/* NULL: a backslash realignment */
	size_t edit_end;
	int column;
};

static int post_op_compare(const void *a, const void *b)
{
	const struct post_op *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return 0;
}

static int reflow_compare(const void *a, const void *b)
{
	const struct reflow *x = *(const struct reflow *const *)a;
	const struct reflow *y = *(const struct reflow *const *)b;

	if (x->open_paren != y->open_paren)
		return x->open_paren > y->open_paren ? -1 : 1;
	return 0;
}

size_t fix_apply(const char *text, size_t size, struct finding *const *findings, size_t n,
		 struct strbuf *out)
{
	struct edit **edits = NULL, **applied;
	const struct reflow **reflows = NULL;
	struct post_op *ops;
	size_t nr_ops = 0;
	size_t nr_edits = 0, alloc_edits = 0, nr_applied = 0, nr_reflows = 0, dropped = 0;
	size_t i, j, pos = 0, last_start = (size_t)-1;
	struct strbuf tmp = STRBUF_INIT;

	for (i = 0; i < n; i++)
		for (j = 0; j < findings[i]->nr_edits; j++) {
			ALLOC_GROW(edits, nr_edits, alloc_edits);
			edits[nr_edits++] = &findings[i]->edits[j];
		}
	if (nr_edits)	/* qsort(NULL, 0) is undefined: a file of notes only */
		qsort(edits, nr_edits, sizeof(*edits), edit_compare);
	applied = xcalloc(nr_edits ? nr_edits : 1, sizeof(*applied));
	strbuf_reset(&tmp);
	for (i = 0; i < nr_edits; i++) {
		struct edit *e = edits[i];

		if (nr_applied) {
			struct edit *last = applied[nr_applied - 1];

			/* Two findings may ask for the same comment rename. */
			if (last->start == e->start && last->end == e->end &&
			    !strcmp(last->replacement, e->replacement))
				continue;
			if (e->start < last->end || (e->start == last->start && e->start == e->end)) {
				dropped++;
				continue;
			}
		}
		strbuf_add(&tmp, text + pos, e->start - pos);
		strbuf_addstr(&tmp, e->replacement);
		pos = e->end;
		applied[nr_applied++] = e;
	}
	strbuf_add(&tmp, text + pos, size - pos);
	reflows = xcalloc(n ? n : 1, sizeof(*reflows));
	for (i = 0; i < n; i++)
		if (findings[i]->has_reflow && findings[i]->nr_edits)
			reflows[nr_reflows++] = &findings[i]->reflow;
	qsort(reflows, nr_reflows, sizeof(*reflows), reflow_compare);
	ops = xcalloc(nr_reflows + nr_applied + 1, sizeof(*ops));
	for (i = 0; i < nr_reflows; i++) {
		const struct reflow *r = reflows[i];

		if (r->open_paren == last_start)
			continue;
		/* Nested calls: the inner one is reflowed, the outer left. */
		if (last_start != (size_t)-1 && r->close_paren > last_start)
			continue;
		last_start = r->open_paren;
		ops[nr_ops].key = r->line_start;
		ops[nr_ops++].reflow = r;
	}
	for (i = 0; i < nr_applied; i++) {
		size_t bs;
		int column = trailing_backslash_column(text, size, applied[i]->end, &bs, NULL);

		if (column < 0)
			continue;
		ops[nr_ops].key = bs;
		ops[nr_ops].edit_end = applied[i]->end;
		ops[nr_ops++].column = column;
	}
	/* From the end of the file back, so that each operation finds the text
	 * before it where the edits alone put it. */
	qsort(ops, nr_ops, sizeof(*ops), post_op_compare);
	for (i = 0; i < nr_ops; i++) {
		const struct reflow *r = ops[i].reflow;
		size_t start, open, close, end, old_end;
		struct strbuf region = STRBUF_INIT, rest = STRBUF_INIT;

		if (i && ops[i].key == ops[i - 1].key)
			continue;
		if (!r) {
			realign_backslash(&tmp, map_offset(applied, nr_applied, ops[i].edit_end),
					  ops[i].column);
			continue;
		}
		start = map_offset(applied, nr_applied, r->line_start);
		open = map_offset(applied, nr_applied, r->open_paren);
		close = map_offset(applied, nr_applied, r->close_paren);
		if (!(start <= open && open < close && close < tmp.len))
			continue;
		end = close;
		while (end < tmp.len && tmp.buf[end] != '\n')
			end++;
		old_end = r->close_paren;
		while (old_end < size && text[old_end] != '\n')
			old_end++;
		reflow_region(text + r->line_start, old_end - r->line_start, tmp.buf + start,
			      end - start, r->may_join, r->may_wrap, &region);
		strbuf_add(&rest, tmp.buf + end, tmp.len - end);
		tmp.len = start;
		strbuf_add(&tmp, region.buf, region.len);
		strbuf_add(&tmp, rest.buf, rest.len);
		strbuf_release(&region);
		strbuf_release(&rest);
	}
	free(ops);
	(void)last_start;
	strbuf_reset(out);
	strbuf_add(out, tmp.buf ? tmp.buf : "", tmp.len);
	strbuf_release(&tmp);
	free(edits);
	free(applied);
	free(reflows);
	return dropped;
}

static bool word_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static void offset_to_position(const char *text, size_t offset, unsigned *line,
			       unsigned *column)
{
	size_t i, line_start = 0;
	unsigned l = 1;

	for (i = 0; i < offset; i++)
		if (text[i] == '\n') {
			l++;
			line_start = i + 1;
		}
	*line = l;
	*column = (unsigned)(offset - line_start) + 1;
}

void finding_compute_shown(struct finding *f, const char *text, size_t size)
{
	struct strbuf fixed = STRBUF_INIT;
	struct finding *one = f;
	size_t prefix = 0, suffix = 0;
	struct shown_edit *s;

	if (!f->nr_edits)
		return;
	fix_apply(text, size, &one, 1, &fixed);
	while (prefix < size && prefix < fixed.len && text[prefix] == fixed.buf[prefix])
		prefix++;
	while (suffix < size - prefix && suffix < fixed.len - prefix &&
	       text[size - 1 - suffix] == fixed.buf[fixed.len - 1 - suffix])
		suffix++;
	/* Whole identifiers read better than "delete _sync". */
	while (prefix > 0 && word_char(text[prefix - 1]))
		prefix--;
	while (suffix > 0 && word_char(text[size - suffix]))
		suffix--;
	f->shown = xcalloc(1, sizeof(*f->shown));
	f->nr_shown = 1;
	s = f->shown;
	offset_to_position(text, prefix, &s->line, &s->column);
	offset_to_position(text, size - suffix, &s->end_line, &s->end_column);
	s->replacement = xstrndup(fixed.buf + prefix, fixed.len - suffix - prefix);
	strbuf_release(&fixed);
}
