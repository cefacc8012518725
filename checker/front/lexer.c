#include "front/lexer.h"
#include "lib/usage.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct lexer {
	struct lexed_file *lf;
	size_t pos;
	unsigned line;
	size_t line_start;
	bool at_line_start;	/* only whitespace/comments so far on this line */
	int directive;		/* index of the current directive's '#' token, or -1 */
	int directive_word;	/* 0 none, 1 define, 2 undef/ifdef/ifndef, 3 if/elif */
	int define_state;	/* 0 expect name, 1 after name, 2 in params, 3 in body */
	size_t define_params_first, define_params_end;	/* token index range */
};

static int peek(struct lexer *lx, size_t at)
{
	return at < lx->lf->size ? (unsigned char)lx->lf->text[at] : -1;
}

static void set_error(struct lexer *lx, const char *what, unsigned line)
{
	char buf[128];

	if (lx->lf->error)
		return;
	snprintf(buf, sizeof(buf), "%s at line %u", what, line);
	lx->lf->error = xstrdup(buf);
}

static void newline(struct lexer *lx, size_t next_line_start)
{
	struct lexed_file *lf = lx->lf;
	size_t alloc = lf->nr_lines;

	lx->line++;
	lx->line_start = next_line_start;
	/* line_starts grows in powers of two; alloc mirrors nr_lines. */
	if ((lf->nr_lines & (lf->nr_lines - 1)) == 0) {
		alloc = lf->nr_lines ? lf->nr_lines * 2 : 1;
		lf->line_starts = xrealloc(lf->line_starts, alloc * sizeof(size_t));
	}
	lf->line_starts[lf->nr_lines++] = next_line_start;
}

/* What a byte can start or continue: one table look-up a byte, not a row
 * of comparisons (the identifier loop is most of the lexer's time). */
enum {
	IDENT_START = 1,	/* a-z A-Z _ $ */
	IDENT_CHAR = 2,		/* those and 0-9 */
	BLANK = 4,		/* space \t \r \f \v */
};

static const unsigned char byte_class[256] = {
	['a' ... 'z'] = IDENT_START | IDENT_CHAR,
	['A' ... 'Z'] = IDENT_START | IDENT_CHAR,
	['_'] = IDENT_START | IDENT_CHAR,
	['$'] = IDENT_START | IDENT_CHAR,
	['0' ... '9'] = IDENT_CHAR,
	[' '] = BLANK, ['\t'] = BLANK, ['\r'] = BLANK, ['\f'] = BLANK, ['\v'] = BLANK,
};

/* Where the run of bytes of class cls that goes on at p ends. */
static inline size_t run_end(const char *text, size_t p, size_t size, unsigned char cls)
{
	const unsigned char *t = (const unsigned char *)text;

	while (p < size && (byte_class[t[p]] & cls))
		p++;
	return p;
}

static bool is_ident_char(int c)
{
	return c >= 0 && (byte_class[c] & IDENT_CHAR);
}

static inline struct token *emit(struct lexer *lx, enum token_kind kind, size_t start,
				 unsigned line, size_t line_start)
{
	struct lexed_file *lf = lx->lf;
	struct token *tok;

	ALLOC_GROW(lf->tokens, lf->nr_tokens, lf->alloc_tokens);
	tok = &lf->tokens[lf->nr_tokens++];
	*tok = (struct token){
		.kind = kind,
		.offset = (unsigned)start,
		.len = (unsigned)(lx->pos - start),
		.line = line,
		.column = (unsigned)(start - line_start) + 1,
		.directive_index = -1,
	};
	return tok;
}

/* Skips a backslash-newline splice at pos; returns true if one was there. */
static bool skip_splice(struct lexer *lx)
{
	size_t p = lx->pos;

	if (peek(lx, p) != '\\')
		return false;
	p++;
	if (peek(lx, p) == '\r')
		p++;
	if (peek(lx, p) != '\n')
		return false;
	lx->pos = p + 1;
	newline(lx, lx->pos);
	return true;
}

/* The comment loops keep their place in a local: a quarter of a kernel
 * file is comments. */
static void lex_block_comment(struct lexer *lx)
{
	const char *text = lx->lf->text;
	size_t size = lx->lf->size, p = lx->pos + 2;
	unsigned line = lx->line;

	for (;;) {
		char c;

		if (p >= size) {
			lx->pos = size;
			set_error(lx, "unterminated /* comment", line);
			return;
		}
		c = text[p++];
		if (c == '*' && p < size && text[p] == '/') {
			lx->pos = p + 1;
			return;
		}
		if (c == '\n')
			newline(lx, p);
	}
}

/* To the end of the line, which a backslash before it splices to the next. */
static void lex_line_comment(struct lexer *lx)
{
	const char *text = lx->lf->text;
	size_t size = lx->lf->size, p = lx->pos;

	for (;;) {
		const char *nl = memchr(text + p, '\n', size - p);
		size_t at, back;

		if (!nl) {
			lx->pos = size;
			return;
		}
		at = (size_t)(nl - text);
		back = at > p && text[at - 1] == '\r' ? at - 1 : at;
		if (back == p || text[back - 1] != '\\') {
			lx->pos = at;
			return;
		}
		p = at + 1;
		newline(lx, p);
	}
}

/* A literal that runs to the end of its line is tolerated (gcc only warns,
 * and skipped #if 0 blocks are full of apostrophes in prose). */
static void lex_quoted(struct lexer *lx, int quote)
{
	lx->pos++;
	for (;;) {
		int c = peek(lx, lx->pos);

		if (c < 0 || c == '\n')
			return;
		if (c == '\\') {
			if (skip_splice(lx))
				continue;
			lx->pos += 2;
			if (lx->pos > lx->lf->size)
				lx->pos = lx->lf->size;
			continue;
		}
		lx->pos++;
		if (c == quote)
			return;
	}
}

static void lex_number(struct lexer *lx)
{
	for (;;) {
		int c = peek(lx, lx->pos);

		if ((c == '+' || c == '-')) {
			int e = peek(lx, lx->pos - 1);

			if (e == 'e' || e == 'E' || e == 'p' || e == 'P') {
				lx->pos++;
				continue;
			}
			return;
		}
		if (is_ident_char(c) || c == '.') {
			lx->pos++;
			continue;
		}
		return;
	}
}

/* The longest of C's punctuators at pos: <<= >>= ... and the two-byte ones
 * (-> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= ##), else one
 * byte. */
static void lex_punct(struct lexer *lx)
{
	const char *s = lx->lf->text + lx->pos;
	size_t left = lx->lf->size - lx->pos, n = 1;
	char b = left >= 2 ? s[1] : 0, c = left >= 3 ? s[2] : 0;

	switch (s[0]) {
	case '<':
	case '>':
		if (b == s[0])
			n = c == '=' ? 3 : 2;
		else if (b == '=')
			n = 2;
		break;
	case '.':
		if (b == '.' && c == '.')
			n = 3;
		break;
	case '-':
		if (b == '>' || b == '-' || b == '=')
			n = 2;
		break;
	case '+':
	case '&':
	case '|':
		if (b == s[0] || b == '=')
			n = 2;
		break;
	case '=':
	case '!':
	case '*':
	case '/':
	case '%':
	case '^':
		if (b == '=')
			n = 2;
		break;
	case '#':
		if (b == '#')
			n = 2;
		break;
	}
	lx->pos += n;
}

static bool tok_eq(const struct lexed_file *lf, const struct token *t, const char *s)
{
	size_t n = strlen(s);

	return t->len == n && !memcmp(lf->text + t->offset, s, n);
}

/* Classifies a token of the current directive: the directive's own word, the
 * macro it names, a #define's parameters and body. */
static void classify_directive_token(struct lexer *lx, struct token *tok, bool space_before)
{
	struct lexed_file *lf = lx->lf;
	size_t idx = (size_t)(tok - lf->tokens);

	tok->in_directive = true;
	tok->directive_index = lx->directive;
	if ((int)idx == lx->directive + 1) {
		if (tok_eq(lf, tok, "define")) {
			lx->directive_word = 1;
			lx->define_state = 0;
		} else if (tok_eq(lf, tok, "undef") || tok_eq(lf, tok, "ifdef") ||
			   tok_eq(lf, tok, "ifndef")) {
			lx->directive_word = 2;
		} else if (tok_eq(lf, tok, "if") || tok_eq(lf, tok, "elif")) {
			lx->directive_word = 3;
		} else {
			lx->directive_word = 0;
		}
		return;
	}
	if (tok->kind == TOK_COMMENT)
		return;
	switch (lx->directive_word) {
	case 1:
		if (lx->define_state == 0) {
			tok->is_directive_name = true;
			lx->define_state = 1;
		} else if (lx->define_state == 1) {
			if (!space_before && tok_eq(lf, tok, "(")) {
				lx->define_state = 2;
				lx->define_params_first = idx + 1;
			} else {
				lx->define_state = 3;
				tok->in_define_body = true;
			}
		} else if (lx->define_state == 2) {
			if (tok_eq(lf, tok, ")")) {
				lx->define_params_end = idx;
				lx->define_state = 3;
			} else if (tok->kind == TOK_IDENT) {
				tok->is_macro_param = true;
			}
		} else {
			size_t p;

			tok->in_define_body = true;
			if (tok->kind != TOK_IDENT || !lx->define_params_first)
				break;
			for (p = lx->define_params_first; p < lx->define_params_end; p++) {
				const struct token *param = &lf->tokens[p];

				if (param->kind == TOK_IDENT && param->len == tok->len &&
				    !memcmp(lf->text + param->offset, lf->text + tok->offset, tok->len)) {
					tok->is_macro_param = true;
					break;
				}
			}
		}
		break;
	case 2:
		if ((int)idx == lx->directive + 2)
			tok->is_directive_name = true;
		break;
	case 3:
		if (tok->kind == TOK_IDENT && idx >= 1) {
			const struct token *prev = &lf->tokens[idx - 1];

			if (tok_eq(lf, prev, "defined") ||
			    (tok_eq(lf, prev, "(") && idx >= 2 &&
			     tok_eq(lf, &lf->tokens[idx - 2], "defined")))
				tok->is_directive_name = true;
		}
		break;
	}
}

static void end_directive(struct lexer *lx, unsigned line, size_t line_start)
{
	struct token *end;

	end = emit(lx, TOK_DIRECTIVE_END, lx->pos, line, line_start);
	end->in_directive = true;
	end->directive_index = lx->directive;
	lx->directive = -1;
	lx->directive_word = 0;
	lx->define_params_first = lx->define_params_end = 0;
}

void lex_file(struct lexed_file *lf, const char *text, size_t size)
{
	struct lexer lx = { .lf = lf, .line = 0, .at_line_start = true, .directive = -1 };
	bool space_before = true;

	memset(lf, 0, sizeof(*lf));
	lf->text = text;
	lf->size = size;
	if (size > UINT_MAX) {
		lf->error = xstrdup("too large to lex (4 GiB or more)");
		return;
	}
	newline(&lx, 0);

	while (lx.pos < size) {
		int c = peek(&lx, lx.pos);
		size_t start = lx.pos;
		unsigned line = lx.line;
		size_t line_start = lx.line_start;
		struct token *tok;

		if (c == '\n') {
			if (lx.directive >= 0)
				end_directive(&lx, line, line_start);
			lx.pos++;
			newline(&lx, lx.pos);
			lx.at_line_start = true;
			space_before = true;
			continue;
		}
		if (byte_class[c] & BLANK) {
			lx.pos = run_end(text, lx.pos + 1, size, BLANK);
			space_before = true;
			continue;
		}
		if (c == '\\' && skip_splice(&lx)) {
			space_before = true;
			continue;
		}
		if (c == '/' && (peek(&lx, lx.pos + 1) == '*' || peek(&lx, lx.pos + 1) == '/')) {
			if (peek(&lx, lx.pos + 1) == '*')
				lex_block_comment(&lx);
			else
				lex_line_comment(&lx);
			tok = emit(&lx, TOK_COMMENT, start, line, line_start);
			if (lx.directive >= 0) {
				tok->in_directive = true;
				tok->directive_index = lx.directive;
			}
			space_before = true;
			continue;
		}
		if (byte_class[c] & IDENT_START) {
			lx.pos = run_end(text, lx.pos + 1, size, IDENT_CHAR);
			tok = emit(&lx, TOK_IDENT, start, line, line_start);
		} else if ((c >= '0' && c <= '9') ||
			   (c == '.' && peek(&lx, lx.pos + 1) >= '0' && peek(&lx, lx.pos + 1) <= '9')) {
			lex_number(&lx);
			tok = emit(&lx, TOK_NUMBER, start, line, line_start);
		} else if (c == '"') {
			lex_quoted(&lx, '"');
			tok = emit(&lx, TOK_STRING, start, line, line_start);
		} else if (c == '\'') {
			lex_quoted(&lx, '\'');
			tok = emit(&lx, TOK_CHAR, start, line, line_start);
		} else {
			bool hash = c == '#' && peek(&lx, lx.pos + 1) != '#';

			lex_punct(&lx);
			tok = emit(&lx, TOK_PUNCT, start, line, line_start);
			if (hash && lx.at_line_start && lx.directive < 0) {
				lx.directive = (int)(lf->nr_tokens - 1);
				tok->in_directive = true;
				tok->directive_index = lx.directive;
				lx.at_line_start = false;
				space_before = false;
				continue;
			}
		}
		if (lx.directive >= 0)
			classify_directive_token(&lx, tok, space_before);
		lx.at_line_start = false;
		space_before = false;
	}
	if (lx.directive >= 0)
		end_directive(&lx, lx.line, lx.line_start);
}

void lexed_file_release(struct lexed_file *lf)
{
	free(lf->tokens);
	free(lf->line_starts);
	free(lf->error);
	memset(lf, 0, sizeof(*lf));
}

bool token_is(const struct lexed_file *lf, const struct token *tok, const char *s)
{
	return tok_eq(lf, tok, s);
}

long token_prev_code(const struct lexed_file *lf, long i)
{
	for (i--; i >= 0; i--)
		if (lf->tokens[i].kind != TOK_COMMENT)
			return i;
	return -1;
}

long token_next_code(const struct lexed_file *lf, long i)
{
	for (i++; i < (long)lf->nr_tokens; i++)
		if (lf->tokens[i].kind != TOK_COMMENT)
			return i;
	return -1;
}

long token_match_bracket(const struct lexed_file *lf, size_t open)
{
	const struct token *o = &lf->tokens[open];
	char oc = lf->text[o->offset], cc;
	int depth = 0;
	size_t i;

	if (o->kind != TOK_PUNCT || o->len != 1)
		return -1;
	cc = oc == '(' ? ')' : oc == '[' ? ']' : oc == '{' ? '}' : 0;
	if (!cc)
		return -1;
	for (i = open; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->kind != TOK_PUNCT || t->len != 1)
			continue;
		/* A call in a #define body closes within its directive; a call
		 * in code is not interrupted by a directive between its lines. */
		if (t->directive_index != o->directive_index) {
			if (o->in_directive)
				return -1;
			continue;
		}
		if (lf->text[t->offset] == oc)
			depth++;
		else if (lf->text[t->offset] == cc && --depth == 0)
			return (long)i;
	}
	return -1;
}

/* The next token that is neither a comment nor, when skip_directives, on a
 * # line; or -1. */
static long next_statement_token(const struct lexed_file *lf, long i, bool skip_directives)
{
	do
		i = token_next_code(lf, i);
	while (skip_directives && i >= 0 && (size_t)i < lf->nr_tokens &&
	       lf->tokens[i].in_directive);
	return i;
}

static bool is_punct_char(const struct lexed_file *lf, long i, char c)
{
	const struct token *t = &lf->tokens[i];

	return t->kind == TOK_PUNCT && t->len == 1 && lf->text[t->offset] == c;
}

long token_statement_end(const struct lexed_file *lf, long i, long limit, bool skip_directives)
{
	for (; i >= 0 && i < limit && (size_t)i < lf->nr_tokens;
	     i = next_statement_token(lf, i, skip_directives)) {
		/* A `;` inside brackets is a for clause's or that of a
		 * statement nested in this one (a ({ }), a macro's block
		 * argument), not this statement's end. */
		if (is_punct_char(lf, i, '(') || is_punct_char(lf, i, '[') ||
		    is_punct_char(lf, i, '{')) {
			i = token_match_bracket(lf, (size_t)i);
			if (i < 0)
				return -1;
			continue;
		}
		if (is_punct_char(lf, i, ';'))
			return i;
	}
	return -1;
}

unsigned display_width(const char *s, size_t len)
{
	unsigned w = 0;
	size_t i;

	for (i = 0; i < len; i++)
		w = s[i] == '\t' ? (w + 8) & ~7u : w + 1;
	return w;
}

/* The token starting at 1-based line:column (a finding's position), or -1. */
long token_at_position(const struct lexed_file *lf, unsigned line, unsigned column)
{
	size_t lo = 0, hi = lf->nr_tokens, offset;

	if (!line || line > lf->nr_lines)
		return -1;
	offset = lf->line_starts[line - 1] + column - 1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (lf->tokens[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < lf->nr_tokens && lf->tokens[lo].offset == offset ? (long)lo : -1;
}
