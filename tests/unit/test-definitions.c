/* Unit tests of definitions_scan() (front/definitions.h) against the lexer
 * and source_file's function finder it stands in for: on small texts
 * written out, on random texts over a C-heavy alphabet and on every .c/.h
 * file of the corpus (or of WQCHECK_DEFINITIONS_TREE, a kernel tree), every
 * function or macro source_file_new() finds is in defs, and every
 * identifier between a `.` and a `=` token (comments aside) in members,
 * unless the scan says the file is unknown. */
#include "front/definitions.h"
#include "front/source-cache.h"
#include "front/tree.h"
#include "lib/strbuf.h"
#include "test-lib.h"

#include <stdlib.h>
#include <string.h>

/* What the lexer says of text that the scan must hold; *why says what not. */
static bool superset(const char *path, const char *text, size_t len, const char **why,
		     struct strbuf *name, bool *unknown)
{
	struct source_file *f = source_file_new(path, memcpy(malloc(len + 1), text, len), len);
	const struct lexed_file *lf = &f->lex;
	struct definitions d;
	bool ok = true;
	size_t i;

	definitions_scan(text, len, &d);
	*unknown = d.unknown;
	for (i = 0; ok && i < f->nr_funcs; i++)
		if (!definitions_may_define(&d, f->funcs[i].name)) {
			*why = "a function or macro not in defs";
			strbuf_addstr(name, f->funcs[i].name);
			ok = false;
		}
	for (i = 0; ok && i < lf->nr_tokens; i++) {
		char *t;

		if (lf->tokens[i].kind != TOK_IDENT ||
		    !tok_is_punct(lf, token_prev_code(lf, (long)i), ".") ||
		    !tok_is_punct(lf, token_next_code(lf, (long)i), "="))
			continue;
		t = tok_text(lf, i);
		if (!definitions_may_set_member(&d, t)) {
			*why = "a `.member =` not in members";
			strbuf_addstr(name, t);
			ok = false;
		}
		free(t);
	}
	definitions_release(&d);
	source_file_free(f);
	return ok;
}

static bool defines(const char *text, const char *name)
{
	struct definitions d;
	bool yes;

	definitions_scan(text, strlen(text), &d);
	yes = !d.unknown && definitions_may_define(&d, name);
	definitions_release(&d);
	return yes;
}

static bool sets_member(const char *text, const char *name)
{
	struct definitions d;
	bool yes;

	definitions_scan(text, strlen(text), &d);
	yes = !d.unknown && definitions_may_set_member(&d, name);
	definitions_release(&d);
	return yes;
}

static void test_written_out(void)
{
	CHECK("a function", defines("static int foo(int a)\n{\n\treturn a;\n}\n", "foo"));
	CHECK("a call is not a definition",
	      !defines("static int foo(int a)\n{\n\treturn bar(a);\n}\n", "bar"));
	CHECK("a prototype is not a definition", !defines("int bar(int a);\n", "bar"));
	CHECK("attributes after the parameters",
	      defines("void f(spinlock_t *l) __acquires(l) __releases(l)\n{\n}\n", "f"));
	CHECK("a comment before the body",
	      defines("int g(void) /* (x) */ // y (z)\n{ return 0; }\n", "g"));
	CHECK("a directive inside the parameters",
	      defines("int h(int a\n#ifdef X\n, int b\n#endif\n) { return 0; }\n", "h"));
	CHECK("a function-like macro", defines("#define M(x) ((x) + 1)\n", "M"));
	CHECK("# define with blanks", defines("  #  define N(x) x\n", "N"));
	CHECK("an object-like macro is not a function", !defines("#define O (1)\n", "O"));
	CHECK("a comment after # define: not a macro", !defines("#/**/define P(x) x\n", "P"));
	CHECK("a statement keyword is not a function", !defines("void q(void) { if (1) { } }\n", "if"));
	CHECK("a string holding a parenthesis",
	      defines("int r(void) { if (s(\")\")) { } return 0; }\nint u(void) { }\n", "u"));
	CHECK("a splice inside the parameters", defines("int v(int a, \\\n int b) { }\n", "v"));
	CHECK("a designated member", sets_member("static const struct ops o = {\n\t.start = go,\n};\n", "start"));
	CHECK("an arrow is not a member", !sets_member("p->b = c;\n", "b"));
	CHECK("a member after a splice", sets_member("{ . \\\n b = c }\n", "b"));
	CHECK("a comment between member and =",
	      sets_member("struct o o = { . /* c */ stop /* d */ = halt };\n", "stop"));
}

static void test_random_texts(void)
{
	static const char *const pieces[] = {
		"a", "b_", "__x", "$", "9", ".", "e", "+", "-", "=", "==", "!", "&", "*", "/", "#",
		"\\", "\n", "\r", "\t", " ", "(", ")", "(", ")", "{", "}", ";", ",", "define ",
		"#define ", "if ", "/*", "*/", "//", "\\\n", "\\\r\n", "...", "##", "\"", "'",
		"0x1e+5", "static ", "inline ", "f(", ") {", ".m =", "__attr(x) ",
	};
	const size_t nr = sizeof(pieces) / sizeof(pieces[0]);
	struct strbuf sb = STRBUF_INIT, name = STRBUF_INIT;
	const char *why = NULL;
	int round, failed = -1, unknown = 0;

	srand(41);
	for (round = 0; round < 50000 && failed < 0; round++) {
		int n = rand() % 80, k;
		bool u;

		strbuf_reset(&sb);
		for (k = 0; k < n; k++)
			strbuf_addstr(&sb, pieces[rand() % nr]);
		if (!superset("r.c", sb.buf ? sb.buf : "", sb.len, &why, &name, &u))
			failed = round;
		unknown += u;
	}
	if (failed >= 0)
		printf("    round %d: %s (%s) in [%s]\n", failed, why, name.buf, sb.buf);
	CHECK("50000 random texts: every definition and member in the lists", failed < 0);
	strbuf_release(&sb);
	strbuf_release(&name);
}

/* Every .c/.h file of the tree at root. */
static void test_tree(const char *root, const char *what)
{
	struct file_list files = { 0 };
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT, name = STRBUF_INIT;
	size_t i, checked = 0, unknown = 0, failed = 0;
	const char *why = NULL;
	char label[256];

	if (list_tree_files(root, "", &files) < 0) {
		printf("not ok - %s: cannot list %s\n", what, root);
		test_failures++;
		return;
	}
	file_list_finish(&files);
	for (i = 0; i < files.nr; i++) {
		size_t n = strlen(files.paths[i]);
		bool u;

		if (n < 2 || files.paths[i][n - 2] != '.' ||
		    (files.paths[i][n - 1] != 'c' && files.paths[i][n - 1] != 'h'))
			continue;
		strbuf_reset(&text);
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", root, files.paths[i]);
		if (strbuf_read_file(&text, path.buf) < 0 || !text.buf ||
		    memchr(text.buf, '\0', text.len))
			continue;
		checked++;
		strbuf_reset(&name);
		if (!superset(files.paths[i], text.buf, text.len, &why, &name, &u)) {
			if (!failed)
				printf("    %s: %s (%s)\n", files.paths[i], why, name.buf);
			failed++;
		}
		unknown += u;
	}
	snprintf(label, sizeof(label), "%s: %zu files, every definition and member in the lists (%zu unknown, %zu wrong)",
		 what, checked, unknown, failed);
	CHECK(label, checked && !failed);
	file_list_release(&files);
	strbuf_release(&text);
	strbuf_release(&path);
	strbuf_release(&name);
}

int main(int argc, char **argv)
{
	const char *tree = getenv("WQCHECK_DEFINITIONS_TREE");

	(void)argc;
	test_written_out();
	test_random_texts();
	if (tree && *tree) {
		test_tree(tree, "WQCHECK_DEFINITIONS_TREE");
	} else {
		char *corpus = realpath(argc > 0 && strchr(argv[0], '/') ? argv[0] : ".", NULL);
		struct strbuf root = STRBUF_INIT;

		/* tests/unit/test-definitions -> the repository's corpus/ */
		if (corpus) {
			char *slash = strrchr(corpus, '/');

			if (slash)
				*slash = '\0';
			strbuf_addf(&root, "%s/../../corpus", corpus);
			test_tree(root.buf, "the corpus");
		}
		free(corpus);
		strbuf_release(&root);
	}
	return test_failures ? 1 : 0;
}
