#include "products/review/patch-parse.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>

struct line {
	const char *s;
	size_t len;		/* without the newline (and a CR before it) */
};

static struct line get_line(const struct patch_series *ps, size_t i)
{
	struct line l;
	size_t start = ps->line_starts[i];
	size_t end = i + 1 < ps->nr_lines ? ps->line_starts[i + 1] : ps->len;

	if (end > start && ps->text[end - 1] == '\n')
		end--;
	if (end > start && ps->text[end - 1] == '\r')
		end--;
	l.s = ps->text + start;
	l.len = end - start;
	return l;
}

static bool starts(struct line l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l.len >= n && !memcmp(l.s, prefix, n);
}

static char *rest_of(struct line l, const char *prefix)
{
	size_t n = strlen(prefix);

	return xstrndup(l.s + n, l.len - n);
}

/* "Name: value" with a name of letters, digits and dashes. */
static bool is_header(struct line l)
{
	size_t i = 0;

	while (i < l.len && (isalnum((unsigned char)l.s[i]) || l.s[i] == '-'))
		i++;
	return i > 0 && i + 1 < l.len && l.s[i] == ':' && l.s[i + 1] == ' ';
}

/* In a header block any "Name:", as RFC 5322 has it: "Name:" alone, its
 * value folded onto the next line ("Message-ID:\n <...>"), or without a
 * blank after the colon ("ARC-Seal:i=1; ..."). */
static bool is_header_in_block(struct line l)
{
	size_t i = 0;

	while (i < l.len && (isalnum((unsigned char)l.s[i]) || l.s[i] == '-'))
		i++;
	return i > 0 && i < l.len && l.s[i] == ':';
}

/* An mbox "From " line that starts a message: at the top of the input or
 * after an empty line, and followed by a header. */
static bool starts_message(const struct patch_series *ps, size_t i)
{
	struct line l = get_line(ps, i);

	if (!starts(l, "From ") || i + 1 >= ps->nr_lines)
		return false;
	if (i > 0 && get_line(ps, i - 1).len != 0)
		return false;
	return is_header(get_line(ps, i + 1));
}

/* C-style quoted git paths ("a/x\tb") and the a/ b/ prefixes. */
static char *clean_path(const char *p, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (len && p[0] == '"') {
		for (i = 1; i < len && p[i] != '"'; i++) {
			if (p[i] == '\\' && i + 1 < len) {
				i++;
				strbuf_addch(&sb, p[i] == 't' ? '\t' : p[i] == 'n' ? '\n' : p[i]);
			} else {
				strbuf_addch(&sb, p[i]);
			}
		}
	} else {
		/* A tab ends the name in diff -u output ("file\tdate"). */
		const char *tab = memchr(p, '\t', len);

		strbuf_add(&sb, p, tab ? (size_t)(tab - p) : len);
	}
	if (!strcmp(sb.buf ? sb.buf : "", "/dev/null")) {
		strbuf_release(&sb);
		return NULL;
	}
	if (sb.len > 2 && (sb.buf[0] == 'a' || sb.buf[0] == 'b') && sb.buf[1] == '/') {
		char *s = xstrdup(sb.buf + 2);

		strbuf_release(&sb);
		return s;
	}
	return strbuf_detach(&sb);
}

static void set_path(char **slot, char *path)
{
	free(*slot);
	*slot = path;
}

/* "diff --git a/X b/Y": the two names, when they are not quoted; for the
 * usual X == Y the split is the middle " b/". */
static void paths_from_diff_line(struct line l, struct patch_file *f)
{
	const char *s = l.s + strlen("diff --git "), *end = l.s + l.len, *p;
	size_t len = (size_t)(end - s);

	if (len > 4 && !memcmp(s, "a/", 2) && !(len & 1)) {
		size_t half = (len - 1) / 2;

		if (s[half] == ' ' && !memcmp(s + half + 1, "b/", 2) &&
		    !memcmp(s + 2, s + half + 3, half - 2)) {
			set_path(&f->old_path, clean_path(s, half));
			set_path(&f->new_path, clean_path(s + half + 1, half));
			return;
		}
	}
	for (p = end - 3; p > s; p--)
		if (!memcmp(p, " b/", 3)) {
			set_path(&f->old_path, clean_path(s, (size_t)(p - s)));
			set_path(&f->new_path, clean_path(p + 1, (size_t)(end - p - 1)));
			return;
		}
}

bool patch_parse_hunk_header(const char *line, struct patch_hunk *h)
{
	char *end;

	if (strncmp(line, "@@ -", 4))
		return false;
	line += 4;
	h->old_start = (unsigned)strtoul(line, &end, 10);
	if (end == line)
		return false;
	h->old_count = 1;
	if (*end == ',') {
		line = end + 1;
		h->old_count = (unsigned)strtoul(line, &end, 10);
		if (end == line)
			return false;
	}
	if (strncmp(end, " +", 2))
		return false;
	line = end + 2;
	h->new_start = (unsigned)strtoul(line, &end, 10);
	if (end == line)
		return false;
	h->new_count = 1;
	if (*end == ',') {
		line = end + 1;
		h->new_count = (unsigned)strtoul(line, &end, 10);
		if (end == line)
			return false;
	}
	return !strncmp(end, " @@", 3);
}

static struct patch_file *new_file(struct patch *p, unsigned input_line)
{
	struct patch_file *f;

	ALLOC_GROW(p->files, p->nr_files, p->alloc_files);
	f = &p->files[p->nr_files++];
	memset(f, 0, sizeof(*f));
	f->input_line = input_line;
	return f;
}

static bool all_zeros(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != '0')
			return false;
	return true;
}

/* Reads the hunk whose "@@" line is i; returns the index after it. */
static size_t read_hunk(const struct patch_series *ps, size_t i, struct patch_file *f,
			const char **why)
{
	struct line l = get_line(ps, i);
	char *header = xstrndup(l.s, l.len);
	struct patch_hunk *h;
	unsigned old_left, new_left, cur;

	ALLOC_GROW(f->hunks, f->nr_hunks, f->alloc_hunks);
	h = &f->hunks[f->nr_hunks++];
	memset(h, 0, sizeof(*h));
	h->input_line = (unsigned)i + 1;
	if (!patch_parse_hunk_header(header, h)) {
		free(header);
		*why = "malformed hunk header";
		return 0;
	}
	free(header);
	old_left = h->old_count;
	new_left = h->new_count;
	cur = h->new_start;
	for (i++; i < ps->nr_lines && (old_left || new_left); i++) {
		l = get_line(ps, i);
		/* Mailers strip the space of an empty context line. */
		if (l.len == 0 || l.s[0] == ' ') {
			if (!old_left || !new_left)
				break;
			old_left--;
			new_left--;
			cur++;
		} else if (l.s[0] == '-') {
			if (!old_left)
				break;
			old_left--;
		} else if (l.s[0] == '+') {
			if (!new_left)
				break;
			ALLOC_GROW(h->added, h->nr_added, h->alloc_added);
			h->added[h->nr_added].new_line = cur++;
			h->added[h->nr_added++].input_line = (unsigned)i + 1;
			new_left--;
		} else if (l.s[0] != '\\') {
			break;
		}
	}
	if (old_left || new_left) {
		*why = "a hunk ends before its line counts say";
		return 0;
	}
	return i;
}

/* The diffs of patch p, whose headers end before line i. */
static int read_diffs(struct patch_series *ps, struct patch *p, size_t i, const char **why)
{
	struct patch_file *f = NULL;
	size_t end = p->last_line;	/* exclusive index */

	while (i < end) {
		struct line l = get_line(ps, i);

		if (starts(l, "diff --git ")) {
			f = new_file(p, (unsigned)i + 1);
			paths_from_diff_line(l, f);
		} else if (starts(l, "--- ") && i + 1 < end && starts(get_line(ps, i + 1), "+++ ")) {
			struct line n = get_line(ps, i + 1);

			if (!f || f->nr_hunks || f->input_line + 8 < i + 1)
				f = new_file(p, (unsigned)i + 1);
			set_path(&f->old_path, clean_path(l.s + 4, l.len - 4));
			set_path(&f->new_path, clean_path(n.s + 4, n.len - 4));
			i += 2;
			continue;
		} else if (f && starts(l, "@@ -")) {
			size_t next = read_hunk(ps, i, f, why);

			if (!next)
				return -1;
			i = next;
			continue;
		} else if (f && starts(l, "rename from ")) {
			set_path(&f->old_path, rest_of(l, "rename from "));
		} else if (f && starts(l, "rename to ")) {
			set_path(&f->new_path, rest_of(l, "rename to "));
		} else if (f && starts(l, "new file mode")) {
			set_path(&f->old_path, NULL);
		} else if (f && starts(l, "deleted file mode")) {
			set_path(&f->new_path, NULL);
		} else if (f && (starts(l, "GIT binary patch") || starts(l, "Binary files "))) {
			f->binary = true;
		} else if (f && starts(l, "index ")) {
			const char *s = l.s + 6, *dots = memmem(s, l.len - 6, "..", 2);

			if (dots && !all_zeros(s, (size_t)(dots - s))) {
				free(f->old_blob);
				f->old_blob = xstrndup(s, (size_t)(dots - s));
			}
		}
		i++;
	}
	return 0;
}

/* The message-id in value: what the first <...> holds (the last one with
 * last), else the value trimmed. NULL when empty. */
static char *message_id_of(const char *value, bool last)
{
	const char *open = last ? strrchr(value, '<') : strchr(value, '<'), *close;

	if (open && (close = strchr(open, '>')) && close > open + 1)
		return xstrndup(open + 1, (size_t)(close - open - 1));
	while (*value == ' ' || *value == '\t')
		value++;
	if (!*value || strchr(value, ' '))
		return NULL;
	return xstrdup(value);
}

/* One header, unfolded: the ones check-patch needs. */
static void take_header(struct patch *p, const char *name, const char *value)
{
	if (!strcasecmp(name, "Subject")) {
		free(p->subject);
		p->subject = xstrdup(value);
	} else if (!strcasecmp(name, "Content-Transfer-Encoding")) {
		if (!strncasecmp(value, "base64", 6) || !strncasecmp(value, "quoted-printable", 16))
			p->encoded = true;
	} else if (!strcasecmp(name, "Message-ID") && !p->message_id) {
		p->message_id = message_id_of(value, false);
	} else if (!strcasecmp(name, "In-Reply-To")) {
		free(p->in_reply_to);
		p->in_reply_to = message_id_of(value, false);
	} else if (!strcasecmp(name, "References") && !p->in_reply_to) {
		p->in_reply_to = message_id_of(value, true);
	}
}

/* Headers of a message starting at line i, unfolded (a continuation line
 * starts with a blank). Returns the line after the blank one that ends them. */
static size_t read_headers(struct patch_series *ps, struct patch *p, size_t i)
{
	struct strbuf name = STRBUF_INIT, value = STRBUF_INIT;

	if (starts(get_line(ps, i), "From "))
		i++;
	for (; i < p->last_line; i++) {
		struct line l = get_line(ps, i);
		bool folded = l.len && (l.s[0] == ' ' || l.s[0] == '\t');
		const char *colon;

		if (folded && name.len) {
			while (l.len && (l.s[0] == ' ' || l.s[0] == '\t')) {
				l.s++;
				l.len--;
			}
			if (value.len)
				strbuf_addch(&value, ' ');
			strbuf_add(&value, l.s, l.len);
			continue;
		}
		if (name.len)
			take_header(p, name.buf, value.buf ? value.buf : "");
		strbuf_reset(&name);
		strbuf_reset(&value);
		if (l.len == 0) {
			i++;
			break;
		}
		if (folded)
			continue;
		if (!is_header_in_block(l))
			break;	/* not a mail after all */
		colon = memchr(l.s, ':', l.len);
		strbuf_add(&name, l.s, (size_t)(colon - l.s));
		for (colon++; colon < l.s + l.len && (*colon == ' ' || *colon == '\t'); colon++)
			;
		strbuf_add(&value, colon, l.len - (size_t)(colon - l.s));
	}
	if (name.len)
		take_header(p, name.buf, value.buf ? value.buf : "");
	strbuf_release(&name);
	strbuf_release(&value);
	if (p->subject)
		subject_prefix_parse(p->subject, &p->prefix);
	return i;
}

/* A "Re:" (or "Aw:", "Sv:", as mailers translate it) before the subject. */
static size_t reply_marker(const char *s)
{
	static const char *const markers[] = { "re:", "aw:", "sv:", "antw:" };
	size_t i;

	for (i = 0; i < sizeof(markers) / sizeof(markers[0]); i++)
		if (!strncasecmp(s, markers[i], strlen(markers[i])))
			return strlen(markers[i]);
	return 0;
}

/* One word of a bracket: "v3", "3/7" (also "03/12"); the rest ("PATCH",
 * "net-next", "RFC", "RESEND") says nothing to check-patch. */
static void prefix_word(const char *w, size_t len, struct subject_prefix *out)
{
	char buf[32], *end;
	unsigned long a, b;

	if (!len || len >= sizeof(buf))
		return;
	memcpy(buf, w, len);
	buf[len] = '\0';
	if ((buf[0] == 'v' || buf[0] == 'V') && isdigit((unsigned char)buf[1])) {
		a = strtoul(buf + 1, &end, 10);
		if (!*end && a > 0 && a < 1000)
			out->version = (unsigned)a;
		return;
	}
	if (!isdigit((unsigned char)buf[0]))
		return;
	a = strtoul(buf, &end, 10);
	if (*end != '/' || !isdigit((unsigned char)end[1]))
		return;
	b = strtoul(end + 1, &end, 10);
	if (!*end && a <= b && b > 0 && b < 10000) {
		out->counter = (unsigned)a;
		out->total = (unsigned)b;
	}
}

void subject_prefix_parse(const char *s, struct subject_prefix *out)
{
	size_t n;

	memset(out, 0, sizeof(*out));
	out->version = 1;
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if ((n = reply_marker(s))) {
			out->reply = true;
			s += n;
			continue;
		}
		if (*s != '[')
			break;
		{
			const char *close = strchr(s, ']'), *w;

			if (!close)
				break;
			for (w = s + 1; w < close;) {
				size_t len = strcspn(w, " ,]\t");

				if (w + len > close)
					len = (size_t)(close - w);
				prefix_word(w, len, out);
				w += len;
				while (w < close && (*w == ' ' || *w == ',' || *w == '\t'))
					w++;
			}
			s = close + 1;
		}
	}
	out->title = s;
}

/* --- mails whose body is base64 or quoted-printable ------------------------ */

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static void decode_qp(struct strbuf *out, const char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - s) : len, e = end;

		while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
			e--;
		for (; i < e; i++) {
			if (s[i] == '=' && i + 1 == e) {
				i = e;		/* soft line break: no newline */
				goto next;
			}
			if (s[i] == '=' && i + 2 < e && hexval(s[i + 1]) >= 0 &&
			    hexval(s[i + 2]) >= 0) {
				strbuf_addch(out, (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2])));
				i += 2;
				continue;
			}
			strbuf_addch(out, s[i]);
		}
		if (nl)
			strbuf_addch(out, '\n');
next:
		i = end + 1;
	}
}

static void decode_base64(struct strbuf *out, const char *s, size_t len)
{
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned acc = 0;
	int bits = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		const char *p = s[i] ? strchr(alphabet, s[i]) : NULL;

		if (s[i] == '=')
			break;
		if (!p)
			continue;
		acc = (acc << 6) | (unsigned)(p - alphabet);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			strbuf_addch(out, (char)((acc >> bits) & 0xff));
		}
	}
}

/* The header block starting at line start, if it says how the body is
 * encoded: 1 quoted-printable, 2 base64, 0 neither. */
static int body_encoding(const struct patch_series *ps, size_t start, size_t *body)
{
	int enc = 0;
	size_t i;

	for (i = start; i < ps->nr_lines; i++) {
		struct line l = get_line(ps, i);

		if (l.len == 0)
			break;
		if (l.len > 27 && !strncasecmp(l.s, "Content-Transfer-Encoding: ", 27)) {
			if (!strncasecmp(l.s + 27, "quoted-printable", 16))
				enc = 1;
			else if (!strncasecmp(l.s + 27, "base64", 6))
				enc = 2;
		}
	}
	*body = i + 1;
	return enc;
}

static void split_lines(struct patch_series *ps)
{
	size_t i, alloc = 0;

	free(ps->line_starts);
	ps->line_starts = NULL;
	ps->nr_lines = 0;
	for (i = 0; i < ps->len; i++)
		if (i == 0 || ps->text[i - 1] == '\n') {
			ALLOC_GROW(ps->line_starts, ps->nr_lines, alloc);
			ps->line_starts[ps->nr_lines++] = i;
		}
}

/* Rewrites every encoded mail of the input as 8bit text, so that git apply
 * and the line numbers see what git am would. */
static void decode_mails(struct patch_series *ps)
{
	struct strbuf out = STRBUF_INIT;
	bool changed = false;
	size_t i = 0;

	while (i < ps->nr_lines) {
		size_t body, end, from, to;
		int enc;

		if (!(i == 0 || starts_message(ps, i))) {
			i++;
			continue;
		}
		enc = body_encoding(ps, i, &body);
		for (end = body; end < ps->nr_lines && !starts_message(ps, end); end++)
			;
		from = ps->line_starts[i];
		to = end < ps->nr_lines ? ps->line_starts[end] : ps->len;
		if (!enc || body >= ps->nr_lines) {
			strbuf_add(&out, ps->text + from, to - from);
		} else {
			size_t b = ps->line_starts[body], h;

			for (h = i; h < body; h++) {
				struct line l = get_line(ps, h);

				if (l.len > 27 &&
				    !strncasecmp(l.s, "Content-Transfer-Encoding: ", 27)) {
					strbuf_addstr(&out, "Content-Transfer-Encoding: 8bit\n");
				} else {
					strbuf_add(&out, l.s, l.len);
					strbuf_addch(&out, '\n');
				}
			}
			(enc == 1 ? decode_qp : decode_base64)(&out, ps->text + b, to - b);
			if (out.len && out.buf[out.len - 1] != '\n')
				strbuf_addch(&out, '\n');
			changed = true;
		}
		i = end;
	}
	if (changed) {
		free(ps->text);
		ps->len = out.len;
		ps->text = strbuf_detach(&out);
		split_lines(ps);
	} else {
		strbuf_release(&out);
	}
}

int patch_series_parse(struct patch_series *ps, const char *name, char *text, size_t len,
		       const char **why)
{
	size_t i, nr_files = 0;

	memset(ps, 0, sizeof(*ps));
	ps->name = xstrdup(name);
	ps->text = text;
	ps->len = len;
	split_lines(ps);
	decode_mails(ps);
	*why = NULL;
	for (i = 0; i < ps->nr_lines; i++) {
		struct patch *p;

		if (i && !starts_message(ps, i))
			continue;
		if (ps->nr)
			ps->patches[ps->nr - 1].last_line = (unsigned)i;
		ALLOC_GROW(ps->patches, ps->nr, ps->alloc);
		p = &ps->patches[ps->nr++];
		memset(p, 0, sizeof(*p));
		p->prefix.version = 1;
		p->first_line = (unsigned)i + 1;
	}
	if (!ps->nr) {
		*why = "empty input";
		ps->no_diff = true;
		return -1;
	}
	ps->patches[ps->nr - 1].last_line = (unsigned)ps->nr_lines;
	for (i = 0; i < ps->nr; i++) {
		struct patch *p = &ps->patches[i];
		size_t body = p->first_line - 1;

		if (starts_message(ps, body) || is_header(get_line(ps, body)))
			body = read_headers(ps, p, body);
		if (read_diffs(ps, p, body, why) < 0)
			return -1;
		nr_files += p->nr_files;
	}
	if (!nr_files) {
		*why = "no diff in it";
		ps->no_diff = true;
		return -1;
	}
	return 0;
}

void patch_series_release(struct patch_series *ps)
{
	size_t i, j, k;

	for (i = 0; i < ps->nr; i++) {
		struct patch *p = &ps->patches[i];

		for (j = 0; j < p->nr_files; j++) {
			struct patch_file *f = &p->files[j];

			for (k = 0; k < f->nr_hunks; k++)
				free(f->hunks[k].added);
			free(f->hunks);
			free(f->old_path);
			free(f->new_path);
			free(f->old_blob);
		}
		free(p->files);
		free(p->subject);
		free(p->message_id);
		free(p->in_reply_to);
	}
	free(ps->patches);
	free(ps->line_starts);
	free(ps->text);
	free(ps->name);
	memset(ps, 0, sizeof(*ps));
}

char *patch_input_line(const struct patch_series *ps, unsigned line)
{
	struct line l;

	if (!line || line > ps->nr_lines)
		return xstrdup("");
	l = get_line(ps, line - 1);
	return xstrndup(l.s, l.len);
}

const char *patch_file_path(const struct patch_file *f)
{
	return f->new_path ? f->new_path : f->old_path;
}
