/*
 * The names a file may define, from its bytes: comments, literals, splices
 * and directives found as lex_file() finds them (front/lexer.c), the rest
 * skipped a byte at a time up to the next byte that can matter (under half
 * the lexer's time: the identifiers, most of a file, are not lexed).
 * What lies between two of those bytes is one stretch of code; its last
 * identifier is the token before what follows. The parentheses, `{`, `.`
 * and `#` are kept in a ring, and at each `{` the ring is asked what
 * source_file's maybe_function() asks of the tokens before it, at each
 * `#define` what maybe_macro() asks, at each `=` whether `.name` comes
 * before it.
 *
 * Supersets, not the same lists: every `{` outside a directive is asked,
 * not only those at file scope, a macro needs no body, `1.x =` sets x, and
 * `==` is taken for `=`. A file whose parenthesis goes back further than
 * the ring is unknown.
 */
#include "front/definitions.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

enum { IDENT_START = 1, IDENT_CHAR = 2, BLANK = 4 };

static const unsigned char byte_class[256] = {
	['a' ... 'z'] = IDENT_START | IDENT_CHAR,
	['A' ... 'Z'] = IDENT_START | IDENT_CHAR,
	['_'] = IDENT_START | IDENT_CHAR,
	['$'] = IDENT_START | IDENT_CHAR,
	['0' ... '9'] = IDENT_CHAR,
	[' '] = BLANK, ['\t'] = BLANK, ['\r'] = BLANK, ['\f'] = BLANK, ['\v'] = BLANK,
};

/* The bytes that end a stretch of code. */
static const bool special[256] = {
	['\n'] = true, ['/'] = true, ['"'] = true, ['\''] = true, ['\\'] = true,
	['#'] = true, ['('] = true, [')'] = true, ['{'] = true, ['.'] = true, ['='] = true,
};

/* A `(`, `)`, `{`, `.` or directive's `#`; for a `(`, the identifier
 * before it and, when a `)` comes before that, the `)` (its place + 1). */
struct mark {
	char c;
	bool in_directive;
	unsigned name_offset, name_len;
	size_t close_before_name;
};

/* The code token before the place the scan is at. */
struct last {
	enum { L_NONE, L_MARK, L_IDENT, L_OTHER } kind;
	size_t mark;		/* L_MARK: its place */
	unsigned offset, len;	/* L_IDENT */
	/* L_IDENT: the token before it was the mark at place before_mark - 1
	 * (0: not a mark, or none) */
	size_t before_mark;
};

/* A parameter list longer than this many marks is not followed. */
#define RING 1024

struct scanner {
	const char *text;
	size_t size, pos;
	struct mark ring[RING];
	size_t marks;		/* marks so far */
	struct last last;
	bool in_directive;
	struct definitions *out;
	size_t alloc_defs, alloc_members;
};

uint64_t definitions_hash(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return h;
}

static int peek(const struct scanner *s, size_t at)
{
	return at < s->size ? (unsigned char)s->text[at] : -1;
}

/* lexer.c's skip_splice() */
static bool skip_splice(struct scanner *s)
{
	size_t p = s->pos;

	if (peek(s, p) != '\\')
		return false;
	p++;
	if (peek(s, p) == '\r')
		p++;
	if (peek(s, p) != '\n')
		return false;
	s->pos = p + 1;
	return true;
}

static void block_comment(struct scanner *s)
{
	size_t p = s->pos + 2;

	for (;;) {
		const char *star = p < s->size ? memchr(s->text + p, '*', s->size - p) : NULL;

		if (!star) {
			s->pos = s->size;
			return;
		}
		p = (size_t)(star - s->text) + 1;
		if (p < s->size && s->text[p] == '/') {
			s->pos = p + 1;
			return;
		}
	}
}

static void line_comment(struct scanner *s)
{
	size_t p = s->pos;

	for (;;) {
		const char *nl = memchr(s->text + p, '\n', s->size - p);
		size_t at, back;

		if (!nl) {
			s->pos = s->size;
			return;
		}
		at = (size_t)(nl - s->text);
		back = at > p && s->text[at - 1] == '\r' ? at - 1 : at;
		if (back == p || s->text[back - 1] != '\\') {
			s->pos = at;
			return;
		}
		p = at + 1;
	}
}

static void quoted(struct scanner *s, int quote)
{
	s->pos++;
	for (;;) {
		int c = peek(s, s->pos);

		if (c < 0 || c == '\n')
			return;
		if (c == '\\') {
			if (skip_splice(s))
				continue;
			s->pos += 2;
			if (s->pos > s->size)
				s->pos = s->size;
			continue;
		}
		s->pos++;
		if (c == quote)
			return;
	}
}

static void add(uint64_t **list, size_t *nr, size_t *alloc, const char *name, size_t len)
{
	ALLOC_GROW(*list, *nr, *alloc);
	(*list)[(*nr)++] = definitions_hash(name, len);
}

/* The mark at place i (0: the first); NULL and *lost when the ring no
 * longer has it. */
static struct mark *mark_at(struct scanner *s, size_t i, bool *lost)
{
	if (s->marks - i > RING) {
		*lost = true;
		return NULL;
	}
	return &s->ring[i % RING];
}

static void push_mark(struct scanner *s, char c)
{
	struct mark *m = &s->ring[s->marks % RING];

	memset(m, 0, sizeof(*m));
	m->c = c;
	m->in_directive = s->in_directive;
	s->last.kind = L_MARK;
	s->last.mark = s->marks++;
}

static bool is_blank(unsigned char c)
{
	return (byte_class[c] & BLANK) || c == '\n';
}

/* The stretch of code [from, to) before a byte that matters: the last
 * code token is its last identifier, or something else, or (blanks only)
 * what it was. */
static void stretch(struct scanner *s, size_t from, size_t to, bool *code)
{
	const unsigned char *t = (const unsigned char *)s->text;
	size_t end = to, begin;
	struct last before = s->last;

	while (end > from && is_blank(t[end - 1]))
		end--;
	if (end == from)
		return;
	*code = true;
	for (begin = end; begin > from && (byte_class[t[begin - 1]] & IDENT_CHAR); begin--)
		;
	if (begin == end || !(byte_class[t[begin]] & IDENT_START)) {
		s->last.kind = L_OTHER;
		return;
	}
	s->last.kind = L_IDENT;
	s->last.offset = (unsigned)begin;
	s->last.len = (unsigned)(end - begin);
	s->last.before_mark = 0;
	while (begin > from && is_blank(t[begin - 1]))
		begin--;
	if (begin == from && before.kind == L_MARK)
		s->last.before_mark = before.mark + 1;
}

static bool mark_is(const struct mark *m, char c)
{
	return m && m->c == c;
}

static bool is_statement_keyword(const char *name, size_t len)
{
	static const char *const words[] = { "if", "for", "while", "switch", "sizeof",
					     "return", "typeof", "__typeof__", NULL };
	const char *const *w;

	for (w = words; *w; w++)
		if (strlen(*w) == len && !memcmp(*w, name, len))
			return true;
	return false;
}

/* A `{` outside a directive: source-cache.c's maybe_function(). */
static void before_brace(struct scanner *s)
{
	bool lost = false;
	size_t close, i, paren;
	const struct mark *m, *p;
	int depth;

	if (s->last.kind != L_MARK || !mark_is(mark_at(s, s->last.mark, &lost), ')'))
		goto out;
	close = s->last.mark;
	for (;;) {
		m = mark_at(s, close, &lost);
		if (!m)
			goto out;
		/* match_back(): parentheses of the same directive state */
		depth = 0;
		for (i = close + 1; i-- > 0;) {
			p = mark_at(s, i, &lost);
			if (!p)
				goto out;
			if (p->in_directive != m->in_directive)
				continue;
			if (p->c == ')')
				depth++;
			else if (p->c == '(' && --depth == 0)
				break;
		}
		if (i == (size_t)-1)
			goto out;
		paren = i;
		p = mark_at(s, paren, &lost);
		if (!p || !p->name_len)
			goto out;
		/* `f(args) __acquires(x) {` */
		if (p->name_len > 2 && !memcmp(s->text + p->name_offset, "__", 2) &&
		    p->close_before_name) {
			close = p->close_before_name - 1;
			continue;
		}
		break;
	}
	if (!is_statement_keyword(s->text + p->name_offset, p->name_len))
		add(&s->out->defs, &s->out->nr_defs, &s->alloc_defs, s->text + p->name_offset,
		    p->name_len);
out:
	if (lost)
		s->out->unknown = true;
}

/* `#define name(` at the `#` at hash: maybe_macro()'s three tokens after
 * it (a comment is one), the `(` right after the name. */
static void directive(struct scanner *s, size_t hash)
{
	const unsigned char *t = (const unsigned char *)s->text;
	size_t p = hash + 1, name;

	for (;;) {
		while (p < s->size && (byte_class[t[p]] & BLANK))
			p++;
		s->pos = p;
		if (!skip_splice(s))
			break;
		p = s->pos;
	}
	if (s->size - p < 7 || memcmp(t + p, "define", 6) || (byte_class[t[p + 6]] & IDENT_CHAR))
		return;
	p += 6;
	for (;;) {
		while (p < s->size && (byte_class[t[p]] & BLANK))
			p++;
		s->pos = p;
		if (!skip_splice(s))
			break;
		p = s->pos;
	}
	if (p >= s->size || !(byte_class[t[p]] & IDENT_START))
		return;
	for (name = p; p < s->size && (byte_class[t[p]] & IDENT_CHAR); p++)
		;
	if (p < s->size && t[p] == '(')
		add(&s->out->defs, &s->out->nr_defs, &s->alloc_defs, s->text + name, p - name);
}

static int compare_hash(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static size_t sort_unique(uint64_t *list, size_t nr)
{
	size_t i, n = 0;

	if (nr)
		qsort(list, nr, sizeof(*list), compare_hash);
	for (i = 0; i < nr; i++)
		if (!n || list[n - 1] != list[i])
			list[n++] = list[i];
	return n;
}

/* lex_file()'s loop, from one byte that matters to the next. */
void definitions_scan(const char *text, size_t len, struct definitions *out)
{
	struct scanner *s = xcalloc(1, sizeof(*s));
	const unsigned char *t = (const unsigned char *)text;
	bool at_line_start = true;
	size_t p = 0, from = 0;

	memset(out, 0, sizeof(*out));
	s->text = text;
	s->size = len;
	s->out = out;
	if (len > 0xffffffffu) {
		out->unknown = true;
		free(s);
		return;
	}
	for (;;) {
		bool code = false;
		int c, next;

		while (p < len && !special[t[p]])
			p++;
		if (p >= len)
			break;
		c = t[p];
		next = p + 1 < len ? t[p + 1] : -1;
		/* bytes that are code in the stretch: a division, a lone
		 * backslash, a `#` that starts no directive */
		if ((c == '/' && next != '*' && next != '/') ||
		    (c == '\\' && next != '\n' &&
		     (next != '\r' || p + 2 >= len || t[p + 2] != '\n'))) {
			p++;
			continue;
		}
		stretch(s, from, p, &code);
		if (code)
			at_line_start = false;
		s->pos = p;
		switch (c) {
		case '\n':
			if (s->in_directive) {
				s->last.kind = L_OTHER;	/* its end is a token */
				s->in_directive = false;
			}
			p++;
			at_line_start = true;
			break;
		case '\\':
			skip_splice(s);	/* a splice: not a token */
			p = s->pos;
			break;
		case '/':
			if (next == '*')
				block_comment(s);
			else
				line_comment(s);
			p = s->pos;
			break;
		case '"':
		case '\'':
			quoted(s, c);
			p = s->pos;
			s->last.kind = L_OTHER;
			at_line_start = false;
			break;
		case '#':
			if (at_line_start && !s->in_directive && next != '#') {
				s->in_directive = true;
				push_mark(s, '#');
				directive(s, p);
			} else {
				s->last.kind = L_OTHER;
			}
			p++;
			at_line_start = false;
			break;
		case '(': {
			struct last before = s->last;
			struct mark *m;

			push_mark(s, '(');
			m = &s->ring[(s->marks - 1) % RING];
			if (before.kind == L_IDENT) {
				m->name_offset = before.offset;
				m->name_len = before.len;
				if (before.before_mark &&
				    s->ring[(before.before_mark - 1) % RING].c == ')' &&
				    s->marks - before.before_mark < RING)
					m->close_before_name = before.before_mark;
			}
			p++;
			at_line_start = false;
			break;
		}
		case ')':
			push_mark(s, ')');
			p++;
			at_line_start = false;
			break;
		case '{':
			if (!s->in_directive)
				before_brace(s);
			push_mark(s, '{');
			p++;
			at_line_start = false;
			break;
		case '.':
			push_mark(s, '.');
			p++;
			at_line_start = false;
			break;
		case '=':
			if (s->last.kind == L_IDENT && s->last.before_mark &&
			    s->marks - s->last.before_mark < RING &&
			    s->ring[(s->last.before_mark - 1) % RING].c == '.')
				add(&s->out->members, &s->out->nr_members, &s->alloc_members,
				    s->text + s->last.offset, s->last.len);
			s->last.kind = L_OTHER;
			p++;
			at_line_start = false;
			break;
		}
		from = p;
	}
	out->nr_defs = sort_unique(out->defs, out->nr_defs);
	out->nr_members = sort_unique(out->members, out->nr_members);
	free(s);
}

static bool holds(const uint64_t *list, size_t nr, const char *name)
{
	uint64_t h = definitions_hash(name, strlen(name));

	return nr && bsearch(&h, list, nr, sizeof(*list), compare_hash);
}

bool definitions_may_define(const struct definitions *d, const char *name)
{
	return d->unknown || holds(d->defs, d->nr_defs, name);
}

bool definitions_may_set_member(const struct definitions *d, const char *name)
{
	return d->unknown || holds(d->members, d->nr_members, name);
}

void definitions_release(struct definitions *d)
{
	free(d->defs);
	free(d->members);
	memset(d, 0, sizeof(*d));
}
