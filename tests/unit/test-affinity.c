/* Unit tests of the work-item keys and the CPU-read detection. */
#include "analysis/model/cpu-dependence.h"
#include "analysis/model/cpu-summary.h"
#include "test-lib.h"
#include "lib/usage.h"
#include "analysis/model/workitem-index.h"
#include "lib/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The key INIT_WORK() & co give the work function fn in text. */
static const char *key_of(struct workitem_index *idx, const char *fn)
{
	size_t i;

	for (i = 0; i < idx->nr; i++)
		if (!strcmp(idx->bindings[i].function, fn))
			return idx->bindings[i].key;
	return NULL;
}

static struct source_file *lex(const char *path, const char *text)
{
	return source_file_new(path, xstrdup(text), strlen(text));
}

static void test_keys(void)
{
	static const char text[] =
		"struct dev { struct work_struct w; struct delayed_work dw; };\n"
		"struct wrap { struct dev d; };\n"
		"static DEFINE_PER_CPU(struct dev, pdev);\n"
		"static struct work_struct lone;\n"
		"struct dev gdev;\n"
		"static DECLARE_DELAYED_WORK(decl, f_decl);\n"
		"static void setup(struct dev *p, struct wrap *q, int cpu)\n"
		"{\n"
		"\tstruct dev *pc = per_cpu_ptr(&pdev, cpu);\n"
		"\tINIT_WORK(&p->w, f_member);\n"
		"\tINIT_DELAYED_WORK(&q->d.dw, f_path);\n"
		"\tINIT_WORK(&lone, f_static);\n"
		"\tINIT_WORK(&gdev.w, f_global);\n"
		"\tINIT_WORK(&per_cpu(pdev, cpu).w, f_percpu);\n"
		"\tPREPARE_WORK(&pc->w, f_prepare);\n"
		"\tp->dw.work.func = f_assign;\n"
		"#if 0\n"
		"\tINIT_WORK(&p->w, f_dead);\n"
		"#endif\n"
		"}\n";
	struct workitem_index idx = { 0 };
	struct source_file *f = lex("drivers/x/x.c", text);
	size_t nr;

	workitem_index_add_file(&idx, f);
	workitem_index_finish(&idx);
	CHECK_STR("key: member through a pointer parameter", key_of(&idx, "f_member"),
		  "struct dev.w");
	CHECK_STR("key: member path through an embedded struct", key_of(&idx, "f_path"),
		  "struct wrap.d.dw");
	CHECK_STR("key: a file's static variable", key_of(&idx, "f_static"),
		  "file drivers/x/x.c var lone");
	CHECK_STR("key: DECLARE_DELAYED_WORK", key_of(&idx, "f_decl"),
		  "file drivers/x/x.c var decl");
	CHECK_STR("key: a per-CPU variable's member", key_of(&idx, "f_percpu"),
		  "file drivers/x/x.c percpu pdev.w");
	CHECK_STR("key: a local from per_cpu_ptr() is keyed by its type",
		  key_of(&idx, "f_prepare"), "struct dev.w");
	CHECK_STR("key: .func assignment", key_of(&idx, "f_assign"), "struct dev.dw.work");
	CHECK("key: an INIT_WORK under #if 0 binds nothing", key_of(&idx, "f_dead") == NULL);
	workitem_index_lookup(&idx, "struct dev.w", &nr);
	/* f_member, f_prepare, and by their struct type the per-CPU item
	 * and the global one. */
	CHECK("lookup: struct dev.w has four bindings (two through type aliases)", nr == 4);
	workitem_index_lookup(&idx, "struct dev.dw.work", &nr);
	CHECK("lookup: a delayed_work's .work", nr == 1);
	workitem_index_lookup(&idx, "var gdev.w", &nr);
	CHECK("lookup: a global struct variable's member", nr == 1);
	workitem_index_release(&idx);
	source_file_free(f);
}

static void test_accessors(void)
{
	static const char text[] =
		"void f(struct s *p)\n{\n"
		"\ta = smp_processor_id();\n"
		"\tb = p->smp_processor_id();\n"
		"\tc = this_cpu_read(x);\n"
		"\t/* get_cpu() */ d = 0;\n"
		"\te = numa_node_id();\n"
		"\tg = get_cpu_var_not(y);\n"
		"}\n";
	struct source_file *f = lex("t.c", text);
	const struct lexed_file *lf = &f->lex;
	int found = 0, members = 0;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		if (!is_current_cpu_accessor(lf, i))
			continue;
		found++;
		if (i > 0 && tok_is_punct(lf, (long)i - 1, "->"))
			members++;
	}
	CHECK("accessors: smp_processor_id(), this_cpu_read(), numa_node_id()", found == 3);
	CHECK("accessors: a member named like one is not a read", members == 0);
	source_file_free(f);
}

/* A body whose #ifdef branches each open a block (slip.c's sl_free_bufs
 * shape) must not hide the functions after it. */
static void test_conditional_braces(void)
{
	static const char text[] =
		"static void a(int x)\n"
		"{\n"
		"#ifdef CONFIG_A\n"
		"\tif (x) {\n"
		"#else\n"
		"\tif (!x) {\n"
		"#endif\n"
		"\t\tx++;\n"
		"\t}\n"
		"}\n"
		"\n"
		"#ifdef CONFIG_B\n"
		"static int b(void) {\n"
		"#else\n"
		"static int b(int y) {\n"
		"#endif\n"
		"\treturn 0;\n"
		"}\n"
		"\n"
		"static void c(void)\n"
		"{\n"
		"}\n";
	struct source_file *f = lex("x.c", text);
	const struct source_function *a = source_find_function(f, "a"),
				     *b = source_find_function(f, "b"),
				     *c = source_find_function(f, "c");

	CHECK("functions: a body with a brace per #ifdef branch ends at its own }",
	      a && f->lex.tokens[a->body_close].line == 10);
	CHECK("functions: a header per #ifdef branch: the first is the function",
	      b && f->lex.tokens[b->body_close].line == 18);
	CHECK("functions: the functions after them are found", c != NULL);
	source_file_free(f);
}

/* Every binding macro binds (binding_macro() rejects an identifier by its
 * length and first byte before comparing: a new name must pass that). */
static void test_every_macro(void)
{
	struct strbuf text = STRBUF_INIT;
	struct workitem_index idx = { 0 };
	struct source_file *f;
	char fn[32];
	size_t k, len, missing = 0;

	strbuf_addstr(&text, "struct dev { struct work_struct w; };\n"
			     "void setup(struct device *d, struct dev *p)\n{\n");
	for (k = 0; workitem_binding_macros[k]; k++) {
		const char *m = workitem_binding_macros[k];

		if (!strncmp(m, "devm_", 5))
			strbuf_addf(&text, "\t%s(d, &p->w, f%zu);\n", m, k);
		else if (!strncmp(m, "DECLARE_", 8))
			strbuf_addf(&text, "\t%s(v%zu, f%zu);\n", m, k, k);
		else
			strbuf_addf(&text, "\t%s(&p->w, f%zu);\n", m, k);
	}
	strbuf_addstr(&text, "}\n");
	len = text.len;
	f = source_file_new("drivers/x/every.c", strbuf_detach(&text), len);
	workitem_index_add_file(&idx, f);
	workitem_index_finish(&idx);
	for (k = 0; workitem_binding_macros[k]; k++) {
		snprintf(fn, sizeof(fn), "f%zu", k);
		if (!key_of(&idx, fn)) {
			fprintf(stderr, "    %s binds nothing\n", workitem_binding_macros[k]);
			missing++;
		}
	}
	CHECK("every binding macro binds its item (none lost to the quick test)", !missing);
	workitem_index_release(&idx);
	source_file_free(f);
}

int main(void)
{
	test_keys();
	test_every_macro();
	test_accessors();
	test_conditional_braces();
	return test_failures ? 1 : 0;
}
