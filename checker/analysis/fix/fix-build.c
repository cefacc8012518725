#include "analysis/fix/fix-build.h"

#include <string.h>

void fix_replace_token(struct finding *f, const struct lexed_file *lf, size_t tok,
		       const char *text)
{
	const struct token *t = &lf->tokens[tok];

	finding_add_edit(f, t->offset, t->offset + t->len, text);
}

static size_t line_start_of(const struct lexed_file *lf, size_t offset)
{
	while (offset > 0 && lf->text[offset - 1] != '\n')
		offset--;
	return offset;
}

void fix_reflow_call(struct finding *f, const struct lexed_file *lf, size_t ident)
{
	long open = token_next_code(lf, (long)ident), close, i;
	const struct token *ot;
	struct reflow *r = &f->reflow;

	if (open < 0 || !token_is(lf, &lf->tokens[open], "("))
		return;
	ot = &lf->tokens[open];
	/* Macro bodies keep their backslash layout; we only rename in them. */
	if (ot->in_directive)
		return;
	close = token_match_bracket(lf, (size_t)open);
	if (close < 0)
		return;
	r->line_start = line_start_of(lf, lf->tokens[ident].offset);
	r->open_paren = ot->offset;
	r->close_paren = lf->tokens[close].offset;
	r->may_join = true;
	for (i = open; i <= close; i++)
		if (lf->tokens[i].kind == TOK_COMMENT || lf->tokens[i].in_directive)
			r->may_join = false;
	f->has_reflow = true;
}

/* `if (`, `while (` and the like open a condition, not a call. */
static bool is_statement_keyword(const struct lexed_file *lf, const struct token *t)
{
	static const char *const keywords[] = {
		"if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__", NULL
	};
	int i;

	for (i = 0; keywords[i]; i++)
		if (token_is(lf, t, keywords[i]))
			return true;
	return false;
}

void fix_reflow_enclosing_call(struct finding *f, const struct lexed_file *lf, size_t tok)
{
	int depth = 0;
	long i;

	for (i = token_prev_code(lf, (long)tok); i >= 0; i = token_prev_code(lf, i)) {
		const struct token *t = &lf->tokens[i];

		if (t->kind != TOK_PUNCT || t->len != 1)
			continue;
		if (t->directive_index != lf->tokens[tok].directive_index)
			return;
		switch (lf->text[t->offset]) {
		case ')':
		case ']':
			depth++;
			break;
		case '[':
			depth--;
			break;
		case '(':
			if (depth-- == 0) {
				long name = token_prev_code(lf, i);

				if (name >= 0 && lf->tokens[name].kind == TOK_IDENT &&
				    !is_statement_keyword(lf, &lf->tokens[name]))
					fix_reflow_call(f, lf, (size_t)name);
				return;
			}
			break;
		case ';':
		case '{':
		case '}':
			return;
		}
	}
}

long call_of_first_argument(const struct lexed_file *lf, size_t tok)
{
	long open = token_prev_code(lf, (long)tok), name;

	if (open < 0 || !token_is(lf, &lf->tokens[open], "("))
		return -1;
	name = token_prev_code(lf, open);
	if (name < 0 || lf->tokens[name].kind != TOK_IDENT)
		return -1;
	return name;
}

static bool is_word_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static void rename_in_comment(struct finding *f, const struct lexed_file *lf,
			      const struct token *c, const char *old_name, const char *new_name)
{
	size_t n = strlen(old_name), at = c->offset, end = c->offset + c->len;

	while (at + n <= end) {
		const char *hit = memmem(lf->text + at, end - at, old_name, n);
		size_t pos, after;

		if (!hit)
			return;
		pos = (size_t)(hit - lf->text);
		after = pos + n;
		/* Whole words only: system_nrt_wq_foo is some other name. */
		if ((pos == c->offset || !is_word_char(lf->text[pos - 1])) &&
		    (after >= end || !is_word_char(lf->text[after])))
			finding_add_edit(f, pos, after, new_name);
		at = after;
	}
}

static bool only_blank_between(const struct lexed_file *lf, size_t from, size_t to,
			       int max_newlines)
{
	int newlines = 0;

	for (; from < to; from++) {
		char c = lf->text[from];

		if (c == '\n' && ++newlines > max_newlines)
			return false;
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			return false;
	}
	return true;
}

/* The comment block directly above token first (no blank line between). */
static void rename_in_comment_above(struct finding *f, const struct lexed_file *lf,
				    size_t first, bool in_directive,
				    const char *old_name, const char *new_name)
{
	long i;

	for (i = (long)first - 1; i >= 0; i--) {
		const struct token *t = &lf->tokens[i];
		const struct token *next = &lf->tokens[i + 1];

		if (t->kind != TOK_COMMENT || t->in_directive != in_directive)
			break;
		if (!only_blank_between(lf, t->offset + t->len, next->offset, 1))
			break;
		rename_in_comment(f, lf, t, old_name, new_name);
	}
}

/* The first token of the file-scope definition whose braces hold token tok
 * (a function's return type, an initialised table's storage class), or -1
 * at file scope. Directives are not counted: their braces are a macro's. */
static long definition_start(const struct lexed_file *lf, size_t tok)
{
	long open = -1, i;
	int depth = 0;

	for (i = 0; i < (long)tok; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->in_directive || t->kind != TOK_PUNCT || t->len != 1)
			continue;
		if (lf->text[t->offset] == '{' && depth++ == 0)
			open = i;
		else if (lf->text[t->offset] == '}' && depth > 0)
			depth--;
	}
	if (!depth || open < 0)
		return -1;
	for (i = open - 1; i >= 0; i--) {
		const struct token *t = &lf->tokens[i];

		if (t->in_directive || t->kind == TOK_COMMENT ||
		    (t->kind == TOK_PUNCT && t->len == 1 &&
		     strchr(";{}", lf->text[t->offset])))
			break;
	}
	return i + 1 < open ? i + 1 : -1;
}

void fix_rename_in_comments(struct finding *f, const struct lexed_file *lf, size_t tok,
			    const char *old_name, const char *new_name)
{
	long first = (long)tok, last = (long)tok, i;
	int directive = lf->tokens[tok].directive_index;

	/* The statement: back to the previous ';', '{' or '}', on to the next ';'. */
	for (i = (long)tok - 1; i >= 0; i--) {
		const struct token *t = &lf->tokens[i];

		if (t->directive_index != directive || t->kind == TOK_COMMENT)
			break;
		if (t->kind == TOK_PUNCT && t->len == 1 && strchr(";{}", lf->text[t->offset]))
			break;
		first = i;
	}
	for (i = (long)tok + 1; i < (long)lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->directive_index != directive)
			break;
		if (t->kind == TOK_PUNCT && t->len == 1 && strchr("{}", lf->text[t->offset]))
			break;
		last = i;
		if (t->kind == TOK_PUNCT && t->len == 1 && lf->text[t->offset] == ';')
			break;
	}
	/* Comments inside the statement and one trailing it on its last line. */
	for (i = first; i <= last; i++)
		if (lf->tokens[i].kind == TOK_COMMENT)
			rename_in_comment(f, lf, &lf->tokens[i], old_name, new_name);
	if (last + 1 < (long)lf->nr_tokens) {
		const struct token *t = &lf->tokens[last + 1];

		if (t->kind == TOK_COMMENT && t->line == lf->tokens[last].line)
			rename_in_comment(f, lf, t, old_name, new_name);
	}
	rename_in_comment_above(f, lf, first, lf->tokens[tok].in_directive, old_name,
				new_name);
	/* The comment above the function holding it: it says where the work
	 * runs ("scheduled on the system_nrt_wq", block/blk-throttle.c) and
	 * upstream's conversions updated it with the call. */
	if (!lf->tokens[tok].in_directive) {
		long head = definition_start(lf, tok);

		if (head >= 0)
			rename_in_comment_above(f, lf, (size_t)head, false, old_name,
						new_name);
	}
}
