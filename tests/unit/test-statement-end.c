/* Unit tests of token_statement_end(), the walk to a statement's `;` that
 * code-paths.c (the work-body paths, skipping # lines) and
 * series-fix-reinit.c (where a fix's statement goes, not skipping them)
 * share: each case a text whose first token starts the statement, and the
 * text up to the `;` it must end at (NULL: -1). */
#include "front/lexer.h"
#include "test-lib.h"

#include <stdio.h>
#include <string.h>

struct statement_case {
	const char *name;
	const char *text;
	bool skip_directives;
	long limit;		/* tokens; 0: all of them */
	const char *want;	/* the text up to and including the `;`, or NULL */
};

static const struct statement_case cases[] = {
	{ "the first ; ends a simple statement", "a = b; c;", false, 0, "a = b;" },
	{ "a ; in a call's parentheses does not", "f(a; b); c;", false, 0, "f(a; b);" },
	{ "nor one in a block the statement holds",
	  "list_for_each(p) { x; } y; z;", false, 0, "list_for_each(p) { x; } y;" },
	{ "nor one in a statement expression", "v = ({ a; b; }); w;", true, 0,
	  "v = ({ a; b; });" },
	{ "nor one in brackets", "v = a[({ i; })]; w;", false, 0, "v = a[({ i; })];" },
	{ "a ; in a comment is not a token", "a /* ; */ = b // ;\n; c;", false, 0,
	  "a /* ; */ = b // ;\n;" },
	{ "a call left open: -1", "f(a; b", false, 0, NULL },
	{ "no ; at all: -1", "a = b", true, 0, NULL },
	{ "the ; past the limit: -1", "a = b; c;", false, 3, NULL },
	{ "the ; just before the limit", "a = b; c;", false, 4, "a = b;" },
	{ "a #define's ; ends it when # lines are not skipped",
	  "a = b\n#define X ;\n+ c; d;", false, 0, "a = b\n#define X ;" },
	{ "but not when they are", "a = b\n#define X ;\n+ c; d;", true, 0,
	  "a = b\n#define X ;\n+ c;" },
	{ "a # line's unclosed ( is -1 when # lines are not skipped",
	  "a = b\n#define L (\n+ c; d;", false, 0, NULL },
	{ "and is passed over when they are", "a = b\n#define L (\n+ c; d;", true, 0,
	  "a = b\n#define L (\n+ c;" },
	{ "a call's arguments run across a #if line", "f(a,\n#if defined(X)\nb); c;", false, 0,
	  "f(a,\n#if defined(X)\nb);" },
};

static void check_case(const struct statement_case *c)
{
	struct lexed_file lf;
	long limit, end;
	char got[256];

	lex_file(&lf, c->text, strlen(c->text));
	limit = c->limit ? c->limit : (long)lf.nr_tokens;
	end = token_statement_end(&lf, 0, limit, c->skip_directives);
	if (end < 0)
		snprintf(got, sizeof(got), "(-1)");
	else
		snprintf(got, sizeof(got), "%.*s",
			 (int)(lf.tokens[end].offset + lf.tokens[end].len), c->text);
	CHECK_STR(c->name, got, c->want ? c->want : "(-1)");
	lexed_file_release(&lf);
}

int main(void)
{
	struct lexed_file lf;
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		check_case(&cases[k]);

	lex_file(&lf, "a;", 2);
	CHECK("no statement at token -1", token_statement_end(&lf, -1, 2, true) == -1);
	lexed_file_release(&lf);
	return test_failures ? 1 : 0;
}
