/* A C lexer over raw bytes, precise about positions. It sees every byte of the
 * file, including the #if branches the compiler skips, which is why the scan
 * can find a legacy call in code the configuration does not build. */
#ifndef WQCHECK_LEXER_H
#define WQCHECK_LEXER_H

#include <stdbool.h>
#include <stddef.h>

enum token_kind {
	TOK_IDENT,
	TOK_NUMBER,
	TOK_STRING,
	TOK_CHAR,
	TOK_PUNCT,
	TOK_COMMENT,
	TOK_DIRECTIVE_END,	/* the newline ending a preprocessor line */
};

/* 28 bytes, not 40: a whole-tree scan lexes some 40 million tokens, and
 * writing them is much of its time (a file of 4 GiB or more is refused). */
struct token {
	unsigned offset;	/* byte offset in the file */
	unsigned len;
	unsigned line;		/* 1-based */
	unsigned column;	/* 1-based, in bytes, like clang and gcc -fdiagnostics-column-unit=byte */
	enum token_kind kind : 8;
	bool in_directive;	/* part of a # line */
	bool in_define_body;	/* replacement list of a #define */
	bool is_macro_param;	/* names a parameter of the enclosing function-like #define */
	bool is_directive_name;	/* the macro named by #define, #undef, #ifdef, #ifndef, defined() */
	int directive_index;	/* index of the '#' token of its directive, -1 outside */
};

struct lexed_file {
	const char *text;
	size_t size;
	struct token *tokens;
	size_t nr_tokens;
	size_t alloc_tokens;
	size_t *line_starts;	/* offset of each line's first byte, index 0 = line 1 */
	unsigned nr_lines;
	char *error;		/* why the file is not valid C at the token level, or NULL */
};

/* Lexes text (not copied; must outlive the result). Never fails: a malformed
 * file is lexed as far as possible and error says what was wrong. */
void lex_file(struct lexed_file *lf, const char *text, size_t size);
void lexed_file_release(struct lexed_file *lf);

bool token_is(const struct lexed_file *lf, const struct token *tok, const char *s);
/* Index of the token closing the bracket opened at index open, or -1. */
long token_match_bracket(const struct lexed_file *lf, size_t open);
/* The `;` ending the statement that starts at token i: the first one
 * outside brackets before token limit, or -1 (none, or a bracket that does
 * not close). Comments are stepped over, and so are the tokens of # lines
 * when skip_directives: then a #if line inside the statement, or a
 * #define's `;`, is not part of it. */
long token_statement_end(const struct lexed_file *lf, long i, long limit, bool skip_directives);
/* Previous / next token that is not a comment, or -1. */
long token_prev_code(const struct lexed_file *lf, long i);
long token_next_code(const struct lexed_file *lf, long i);
/* The token starting at 1-based line:column, or -1. */
long token_at_position(const struct lexed_file *lf, unsigned line, unsigned column);
/* Display width of line bytes [start, end) with 8-column tabs. */
unsigned display_width(const char *s, size_t len);

#endif
