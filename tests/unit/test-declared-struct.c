/* Unit tests of the structure a name is declared with, from the tokens
 * (analysis/model/declared-struct.h): the declarations that decide, and
 * those that must leave the question to libclang (another declaration may
 * hide it, a macro may rename the tag or take the name, an #if). */
#include "analysis/model/declared-struct.h"
#include "fixture-tree.h"
#include "test-lib.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

#define MARK "/*?*/"

static const char header[] =
	"#ifndef X_H\n#define X_H\n"
	"struct dev { int n; };\nstruct port { int m; };\nstruct ev { int k; };\n"
	"#define elf_note elf64_note\nstruct elf64_note { int t; };\n"
	"#endif\n";

/* The answer for the name after MARK in text (drivers/x/x.c beside x.h);
 * with callee, the '(' of callee's last call before it is a function's. */
static char *ask(const char *text, const char *callee)
{
	const struct fixture_file files[] = {
		{ "drivers/x/x.h", header },
		{ "drivers/x/x.c", text },
	};
	char *root = fixture_tree_write("wqcheck-declared", files, 2);
	struct source_cache sc;
	struct source_file *f;
	const char *mark = strstr(text, MARK);
	size_t i, at = mark ? (size_t)(mark - text) + strlen(MARK) : 0;
	long call = -1, tok = -1;
	char *type = xstrdup("(no such token)");

	if (!root)
		return xstrdup("(no fixture)");
	source_cache_init(&sc, root, "x86");
	f = source_get(&sc, "drivers/x/x.c");
	for (i = 0; f && i < f->lex.nr_tokens; i++) {
		const struct token *t = &f->lex.tokens[i];

		if (t->offset >= at && tok < 0 && t->kind == TOK_IDENT)
			tok = (long)i;
		if (callee && t->offset < at && tok_is_ident(&f->lex, (long)i, callee))
			call = token_next_code(&f->lex, (long)i);
	}
	if (tok >= 0) {
		free(type);
		type = declared_struct(&sc, f, (size_t)tok, call);
	}
	source_cache_release(&sc);
	fixture_tree_remove(root);
	free(root);
	return type;
}

static void expect(const char *name, const char *text, const char *callee, const char *want)
{
	char *got = ask(text, callee);

	if (want)
		CHECK_STR(name, got, want);
	else
		CHECK(name, got == NULL);
	if (!want && got)
		printf("    got: [%s]\n", got);
	free(got);
}

int main(void)
{
	expect("a parameter, at its declaration",
	       "#include \"x.h\"\nvoid q(struct port *p, struct dev *" MARK "d)\n{\n}\n",
	       NULL, "struct dev");
	expect("a parameter, at a use as a function's argument",
	       "#include \"x.h\"\nvoid q(struct port *p, struct dev *d)\n{\n"
	       "\tif (!h(p, &" MARK "d->n))\n\t\treturn;\n}\n", "h", "struct dev");
	expect("a local at the start of the body",
	       "#include \"x.h\"\nvoid q(int a)\n{\n\tstruct ev *e = get(a);\n\n"
	       "\th(&" MARK "e->k);\n}\n", "h", "struct ev");
	expect("the inner block's declaration hides the outer one",
	       "#include \"x.h\"\nvoid q(struct dev *x)\n{\n\tif (x->n) {\n"
	       "\t\tstruct port *x = other();\n\t\th(" MARK "x);\n\t}\n}\n", "h", "struct port");
	expect("a closed block's declaration does not",
	       "#include \"x.h\"\nvoid q(struct dev *x)\n{\n\tif (x->n) {\n"
	       "\t\tstruct port *x = other();\n\t\tg(x);\n\t}\n\th(" MARK "x);\n}\n", "h",
	       "struct dev");
	expect("a typedef'd type is libclang's question",
	       "#include \"x.h\"\nvoid q(int a)\n{\n\tdev_t *d = get(a);\n\n"
	       "\th(" MARK "d);\n}\n", "h", NULL);
	expect("a const pointer is libclang's question",
	       "#include \"x.h\"\nvoid q(const struct dev *d)\n{\n\th(" MARK "d);\n}\n", "h", NULL);
	expect("a declaration of another type in a deeper block may hide it",
	       "#include \"x.h\"\nvoid q(struct dev *d)\n{\n\twhile (d->n) {\n"
	       "\t\tu32 d = 0;\n\t\th(" MARK "d);\n\t}\n}\n", "h", NULL);
	expect("a for statement's own declaration may hide it",
	       "#include \"x.h\"\nvoid q(struct dev *d)\n{\n"
	       "\tfor (struct port *d = first(); d; d = next(d))\n\t\th(" MARK "d);\n}\n",
	       "h", NULL);
	expect("a macro at the start of a statement may declare its argument",
	       "#include \"x.h\"\nvoid q(struct dev *w)\n{\n\t{\n\t\tDECLARE_WORK(w, fn);\n"
	       "\t\th(" MARK "w);\n\t}\n}\n", "h", NULL);
	expect("an argument of what may be a macro is libclang's question",
	       "#include \"x.h\"\nvoid q(struct dev *d)\n{\n"
	       "\tWARN_ON(h(&" MARK "d->n));\n}\n", "h", NULL);
	expect("a function inside an #if is libclang's question",
	       "#include \"x.h\"\n#ifdef CONFIG_X\nvoid q(struct dev *d)\n{\n"
	       "\th(" MARK "d);\n}\n#endif\n", "h", NULL);
	expect("a tag a macro renames is libclang's question",
	       "#include \"x.h\"\nvoid q(struct elf_note *n)\n{\n\th(" MARK "n);\n}\n", "h",
	       NULL);
	expect("a tag defined nowhere it can see is libclang's question",
	       "#include \"x.h\"\nvoid q(struct other *o)\n{\n\th(" MARK "o);\n}\n", "h", NULL);
	expect("a member is not a variable",
	       "#include \"x.h\"\nvoid q(struct dev *n)\n{\n\th(d->" MARK "n);\n}\n", "h", NULL);
	expect("an array is libclang's question",
	       "#include \"x.h\"\nvoid q(int a)\n{\n\tstruct dev d[2];\n\n\th(" MARK "d);\n}\n",
	       "h", NULL);
	return test_failures ? 1 : 0;
}
