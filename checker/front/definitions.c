/*
 * The names a file may define, from its bytes: comments, literals, splices
 * and directives found as lex_file() finds them (front/lexer.c), and the
 * rest skipped up to the next byte that can matter: `/`, a quote, `{`, `=`,
 * `#` (in a directive, its newline too). Parentheses, dots and newlines,
 * most of the stops of a pass that follows every token, are read only
 * where a `{` or an `=` asks about what comes before it: the scan looks
 * back from there over blanks, splices and the comments and literals it
 * has kept the places of, as source_file's maybe_function() looks back
 * over the tokens before a `{` (the `)`, its `(` among the parentheses
 * outside directives, the name), and for `.name =`.
 *
 * Supersets, not the same lists: every `{` outside a directive is asked,
 * not only those at file scope; a macro needs no body; a backslash and a
 * directive's newline are taken for blanks (a token to the lexer), `1.x =`
 * sets x, `==` is taken for `=`, and each `__name(...)` an attribute chain
 * passes through is kept beside the name it ends at. A file whose looking
 * back goes on too long (a parenthesis far from its match, again and
 * again) is unknown.
 */
#include "front/definitions.h"
#include "lib/sort-keys.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum { IDENT_START = 1, IDENT_CHAR = 2, BLANK = 4 };

static const unsigned char byte_class[256] = {
	['a' ... 'z'] = IDENT_START | IDENT_CHAR,
	['A' ... 'Z'] = IDENT_START | IDENT_CHAR,
	['_'] = IDENT_START | IDENT_CHAR,
	['$'] = IDENT_START | IDENT_CHAR,
	['0' ... '9'] = IDENT_CHAR,
	[' '] = BLANK, ['\t'] = BLANK, ['\r'] = BLANK, ['\f'] = BLANK, ['\v'] = BLANK,
};

/* The bytes a stretch of code ends at, outside a directive and in one. */
static const bool stop_code[256] = {
	['/'] = true, ['"'] = true, ['\''] = true, ['{'] = true, ['='] = true, ['#'] = true,
};
static const bool stop_directive[256] = {
	['/'] = true, ['"'] = true, ['\''] = true, ['='] = true, ['\n'] = true,
};

/* Bytes [start, end) of a comment, a literal or a directive line. */
struct span {
	unsigned start, end;
	bool literal;
};

struct spans {
	struct span *v;
	size_t nr, alloc;
};

/* Where a look back is among the kept spans: the last one that starts
 * before the byte it is at, or -1. */
struct cursor {
	long skip, dir;
};

struct scanner {
	const char *text;
	size_t size, pos;
	struct spans skip;	/* comments and literals, in order */
	struct spans dirs;	/* directive lines, `#` to their newline */
	size_t walked, budget;	/* bytes looked back over; past budget: unknown */
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

static void add_span(struct spans *l, size_t start, size_t end, bool literal)
{
	ALLOC_GROW(l->v, l->nr, l->alloc);
	l->v[l->nr].start = (unsigned)start;
	l->v[l->nr].end = (unsigned)end;
	l->v[l->nr++].literal = literal;
}

static void add(uint64_t **list, size_t *nr, size_t *alloc, const char *name, size_t len)
{
	ALLOC_GROW(*list, *nr, *alloc);
	(*list)[(*nr)++] = definitions_hash(name, len);
}

static struct cursor cursor_at_end(const struct scanner *s)
{
	struct cursor c = { (long)s->skip.nr - 1, (long)s->dirs.nr - 1 };

	return c;
}

/* The span of l holding byte q, moving *k back past those after q; NULL
 * when q is in none. */
static const struct span *span_at(const struct spans *l, long *k, long q)
{
	while (*k >= 0 && (long)l->v[*k].start > q)
		(*k)--;
	return *k >= 0 && q < (long)l->v[*k].end ? &l->v[*k] : NULL;
}

/* The last byte at or before q of the token before: blanks, newlines,
 * backslashes and comments looked over. -1 at the start of the file;
 * *literal when that token is a literal. */
static long prev_code(struct scanner *s, long q, struct cursor *c, bool *literal)
{
	const unsigned char *t = (const unsigned char *)s->text;

	*literal = false;
	for (; q >= 0; q--) {
		const struct span *sp = span_at(&s->skip, &c->skip, q);

		s->walked++;
		if (sp) {
			if (sp->literal) {
				*literal = true;
				return q;
			}
			q = (long)sp->start;	/* the loop steps before it */
			continue;
		}
		if (!(byte_class[t[q]] & BLANK) && t[q] != '\n' && t[q] != '\\')
			return q;
	}
	return -1;
}

/* The identifier ending at q (a code byte): its first byte, or -1 when q
 * ends no identifier. */
static long ident_start(const struct scanner *s, long q)
{
	const unsigned char *t = (const unsigned char *)s->text;
	long b = q;

	if (q < 0 || !(byte_class[t[q]] & IDENT_CHAR))
		return -1;
	while (b > 0 && (byte_class[t[b - 1]] & IDENT_CHAR))
		b--;
	return (byte_class[t[b]] & IDENT_START) ? b : -1;
}

/* The `(` matching the `)` at close, among the parentheses outside
 * comments, literals and directives (match_back()); -1 when none. */
static long match_back(struct scanner *s, long close, struct cursor *c)
{
	const unsigned char *t = (const unsigned char *)s->text;
	int depth = 0;
	long q;

	for (q = close; q >= 0; q--) {
		const struct span *sp = span_at(&s->skip, &c->skip, q);

		if (!sp)
			sp = span_at(&s->dirs, &c->dir, q);
		if (++s->walked > s->budget)
			return -1;
		if (sp) {
			q = (long)sp->start;
			continue;
		}
		if (t[q] == ')')
			depth++;
		else if (t[q] == '(' && --depth == 0)
			return q;
	}
	return -1;
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

/* A `{` outside a directive, at open: maybe_function()'s `name(...) {`,
 * after `__attr(...)`s. */
static void before_brace(struct scanner *s, size_t open)
{
	struct cursor c = cursor_at_end(s);
	bool literal;
	long close = prev_code(s, (long)open - 1, &c, &literal), paren, name, end;

	for (;;) {
		/* a `)` of a directive: the lexer has the directive's end
		 * between it and the `{` */
		if (close < 0 || literal || s->text[close] != ')' ||
		    span_at(&s->dirs, &c.dir, close))
			return;
		paren = match_back(s, close, &c);
		if (paren < 0)
			return;
		end = prev_code(s, paren - 1, &c, &literal);
		name = literal || span_at(&s->dirs, &c.dir, end) ? -1 : ident_start(s, end);
		if (name < 0)
			return;
		if (end - name + 1 > 2 && !memcmp(s->text + name, "__", 2)) {
			close = prev_code(s, name - 1, &c, &literal);
			if (close >= 0 && !literal && s->text[close] == ')' &&
			    !span_at(&s->dirs, &c.dir, close)) {
				/* `f(args) __acquires(x) {`: f, but __acquires
				 * too in case the lexer saw a token between */
				add(&s->out->defs, &s->out->nr_defs, &s->alloc_defs,
				    s->text + name, (size_t)(end - name + 1));
				continue;
			}
		}
		break;
	}
	if (!is_statement_keyword(s->text + name, (size_t)(end - name + 1)))
		add(&s->out->defs, &s->out->nr_defs, &s->alloc_defs, s->text + name,
		    (size_t)(end - name + 1));
}

/* An `=` at eq: `.name =` before it? */
static void before_equals(struct scanner *s, size_t eq)
{
	struct cursor c = cursor_at_end(s);
	bool literal;
	long end = prev_code(s, (long)eq - 1, &c, &literal), name, dot;

	name = literal ? -1 : ident_start(s, end);
	if (name < 0)
		return;
	dot = prev_code(s, name - 1, &c, &literal);
	if (dot >= 0 && !literal && s->text[dot] == '.')
		add(&s->out->members, &s->out->nr_members, &s->alloc_members,
		    s->text + name, (size_t)(end - name + 1));
}

/* Whether the `#` at hash starts its line: only blanks, splices and
 * comments since the last newline (lex_file()'s at_line_start). */
static bool at_line_start(struct scanner *s, size_t hash)
{
	const unsigned char *t = (const unsigned char *)s->text;
	struct cursor c = cursor_at_end(s);
	long q;

	for (q = (long)hash - 1; q >= 0; q--) {
		const struct span *sp = span_at(&s->skip, &c.skip, q);

		if (sp) {
			if (sp->literal)
				return false;
			q = (long)sp->start;
			continue;
		}
		if (t[q] == '\n') {
			long b = q > 0 && t[q - 1] == '\r' ? q - 1 : q;

			if (b > 0 && t[b - 1] == '\\') {	/* a splice */
				q = b - 1;
				continue;
			}
			return true;
		}
		if (!(byte_class[t[q]] & BLANK))
			return false;
	}
	return true;
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

	sort_u64(list, nr);
	for (i = 0; i < nr; i++)
		if (!n || list[n - 1] != list[i])
			list[n++] = list[i];
	return n;
}

/* The first byte at or after p that stop says matters, or len. Most
 * stretches are dozens of bytes: with SSE2 (every x86-64), sixteen bytes
 * are compared with the six or seven that matter at once. */
static size_t next_stop(const unsigned char *t, size_t p, size_t len, const bool *stop)
{
#ifdef __SSE2__
	const __m128i slash = _mm_set1_epi8('/'), dquote = _mm_set1_epi8('"'),
		      squote = _mm_set1_epi8('\''), brace = _mm_set1_epi8('{'),
		      equals = _mm_set1_epi8('='), hash = _mm_set1_epi8('#'),
		      newline = _mm_set1_epi8('\n');
	/* in a directive: its newline, not `{` or `#` */
	const bool directive = stop['\n'];

	while (p + 16 <= len) {
		__m128i b = _mm_loadu_si128((const __m128i *)(t + p));
		__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(b, slash),
						      _mm_cmpeq_epi8(b, dquote)),
					 _mm_or_si128(_mm_cmpeq_epi8(b, squote),
						      _mm_cmpeq_epi8(b, equals)));
		unsigned bits;

		m = _mm_or_si128(m, directive ? _mm_cmpeq_epi8(b, newline) :
				 _mm_or_si128(_mm_cmpeq_epi8(b, brace), _mm_cmpeq_epi8(b, hash)));
		bits = (unsigned)_mm_movemask_epi8(m);
		if (bits)
			return p + (size_t)__builtin_ctz(bits);
		p += 16;
	}
#endif
	while (p < len && !stop[t[p]])
		p++;
	return p;
}

/* A directive's newline: the end of the directive unless spliced. */
static bool spliced(const char *text, size_t nl)
{
	size_t b = nl > 0 && text[nl - 1] == '\r' ? nl - 1 : nl;

	return b > 0 && text[b - 1] == '\\';
}

/* lex_file()'s loop, from one byte that matters to the next. */
void definitions_scan(const char *text, size_t len, struct definitions *out)
{
	struct scanner s = { .text = text, .size = len, .out = out };
	const unsigned char *t = (const unsigned char *)text;
	const bool *stop = stop_code;	/* stop_directive in a directive */
	size_t p = 0, start;

	memset(out, 0, sizeof(*out));
	if (len > 0xffffffffu) {
		out->unknown = true;
		return;
	}
	/* a few looks back a byte, with room for short files */
	s.budget = 8 * len + 65536;
	for (;;) {
		int c, next;

		p = next_stop(t, p, len, stop);
		if (p >= len)
			break;
		c = t[p];
		next = p + 1 < len ? t[p + 1] : -1;
		switch (c) {
		case '\n':	/* in a directive */
			if (!spliced(text, p)) {
				s.dirs.v[s.dirs.nr - 1].end = (unsigned)p + 1;
				stop = stop_code;
			}
			p++;
			break;
		case '/':
			if (next != '*' && next != '/') {
				p++;
				break;
			}
			s.pos = start = p;
			if (next == '*')
				block_comment(&s);
			else
				line_comment(&s);
			add_span(&s.skip, start, s.pos, false);
			p = s.pos;
			break;
		case '"':
		case '\'':
			s.pos = start = p;
			quoted(&s, c);
			add_span(&s.skip, start, s.pos, true);
			p = s.pos;
			break;
		case '{':
			before_brace(&s, p);
			p++;
			break;
		case '=':
			/* `==` or a compound assignment sets no member (lex_file()
			 * makes it one token, never the `=` of `.member =`): the
			 * walk back is spared for most of a file's `=` */
			if (next == '=') {
				p += 2;
				break;
			}
			if (!p || !strchr("=!<>+-*%&|^", t[p - 1]))
				before_equals(&s, p);
			p++;
			break;
		case '#':
			if (next == '#') {
				p += 2;
				break;
			}
			if (at_line_start(&s, p)) {
				stop = stop_directive;
				add_span(&s.dirs, p, len, false);
				directive(&s, p);
			}
			p++;
			break;
		}
		if (s.walked > s.budget) {
			out->unknown = true;
			break;
		}
	}
	free(s.skip.v);
	free(s.dirs.v);
	out->nr_defs = sort_unique(out->defs, out->nr_defs);
	out->nr_members = sort_unique(out->members, out->nr_members);
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
