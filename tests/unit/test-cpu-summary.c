/* Unit tests of what the CPU-read analysis keeps of a lexed file
 * (analysis/model/cpu-summary.h): each function's own CPU read, the calls
 * it follows in order, the static const tables' entries, the #include
 * lines, and the look-up of a function by name. */
#include "analysis/model/cpu-summary.h"
#include "test-lib.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct source_file *lex(const char *path, const char *text)
{
	return source_file_new(path, xstrdup(text), strlen(text));
}

static const struct fn_summary *fn_named(const struct file_summary *s, const char *name)
{
	size_t from = 0;

	return file_summary_find(s, name, &from);
}

/* The calls of fn, "a b ->c" (member calls with their arrow). */
static char *calls_of(const struct fn_summary *fn)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; fn && i < fn->nr_calls; i++)
		strbuf_addf(&sb, "%s%s%s", i ? " " : "", fn->calls[i].member ? "->" : "",
			    fn->calls[i].name);
	return strbuf_detach(&sb);
}

static void test_functions(void)
{
	static const char text[] =
		"#include <linux/percpu.h>\n"
		"#include \"local.h\"\n"
		"static int helper(int x) { return x; }\n"
		"static void reads(void)\n"
		"{\n"
		"\tpr_debug(\"cpu %d\\n\", smp_processor_id());\n"
		"\tthis_cpu_inc(stat);\n"
		"\tint cpu = raw_smp_processor_id();\n"
		"\thelper(cpu);\n"
		"}\n"
		"static void counts(void)\n"
		"{\n"
		"\tthis_cpu_inc(stat);\n"
		"\tqueue_work_on(smp_processor_id(), wq, &w);\n"
		"}\n"
		"static void calls(struct dev *d)\n"
		"{\n"
		"\tif (helper(1))\n"
		"\t\td->ops->flush(d);\n"
		"\tmutex_lock(&d->lock);\n"
		"\tcalls(d);\n"
		"\tfoo_update(d);\n"
		"#if 0\n"
		"\tdead_call(d);\n"
		"#endif\n"
		"\tkfree(d);\n"
		"}\n"
		"#define CUR_CPU() smp_processor_id()\n"
		"static void twice(void) { }\n"
		"void twice(void);\n";
	struct source_file *f = lex("drivers/x/x.c", text);
	struct file_summary *s = file_summary_new(f);
	const struct fn_summary *fn;
	char *calls;

	CHECK("summary: every function of the lexing", s->nr_funcs == f->nr_funcs);
	fn = fn_named(s, "reads");
	CHECK("summary: a function that reads the current CPU says so", fn && fn->reads);
	CHECK("summary: its step is the first read, not the printed or counted one",
	      fn && fn->direct.nr == 1 && fn->direct.steps[0].line == 8);
	CHECK_STR("summary: the step's words",
		  fn && fn->direct.nr ? fn->direct.steps[0].message : NULL,
		  "reads() reads the current CPU: raw_smp_processor_id()");
	fn = fn_named(s, "counts");
	CHECK("summary: a counter update and a queue_work_on() CPU are no read",
	      fn && !fn->reads);
	fn = fn_named(s, "calls");
	calls = calls_of(fn);
	CHECK_STR("summary: calls in order, member calls kept, services, itself and #if 0 left out",
		  calls, "helper ->flush foo_update");
	free(calls);
	fn = fn_named(s, "CUR_CPU");
	CHECK("summary: a function-like macro that reads", fn && fn->is_macro && fn->reads);
	CHECK("summary: the two #include lines, in order",
	      s->nr_directives == 2 && !strcmp(s->directives[0].name, "linux/percpu.h") &&
		      !s->directives[0].quoted && !strcmp(s->directives[1].name, "local.h") &&
		      s->directives[1].quoted);
	CHECK("summary: a name not defined is not found", !fn_named(s, "foo_update"));
	file_summary_free(s, 3);
	source_file_free(f);
}

/* A big table's entries: the walk back from each entry stops at the one
 * before (table_entry()'s cache), and gives the same table as a walk to
 * the `{` would. */
static void test_entries(void)
{
	struct strbuf text = STRBUF_INIT;
	struct source_file *f;
	struct file_summary *s;
	size_t i, named = 0, in_ops = 0;
	int k;

	strbuf_addstr(&text, "static int plain = { .x = y };\n"
			     "static const struct pci_device_id ids[] = {\n"
			     "\t{ .vendor = VENDOR_A, .device = 0x0001 },\n"
			     "};\n"
			     "static const struct big_ops big = {\n");
	for (k = 0; k < 2000; k++)
		strbuf_addf(&text, "\t.m%d = f%d,\n", k, k);
	strbuf_addstr(&text, "};\n"
			     "static const struct foo_ops ops = {\n"
			     "\t.flush = foo_flush,\n"
			     "\t/* a comment */ .start = foo_start,\n"
			     "\t.n = 3,\n"
			     "};\n"
			     "void f(struct foo *p) { p->x = (struct s){ .a = b }; }\n");
	f = lex("drivers/x/ids.c", text.buf);
	s = file_summary_new(f);
	for (i = 0; i < s->nr_entries; i++) {
		if (!strcmp(s->entries[i].table, "big"))
			named++;
		if (!strcmp(s->entries[i].table, "ops"))
			in_ops++;
	}
	CHECK("entries: every member of a 2,000-member static const table", named == 2000);
	CHECK("entries: an ops table's two function members, not its number",
	      in_ops == 2);
	CHECK("entries: not a row's, a plain object's, nor a compound literal's",
	      s->nr_entries == 2000 + 2);
	CHECK("entries: the member's line and target",
	      s->nr_entries == 2002 && s->entries[2000].line == 2008 &&
		      !strcmp(s->entries[2000].target, "foo_flush") &&
		      !strcmp(s->entries[1999].member, "m1999"));
	file_summary_free(s, 3);
	source_file_free(f);
	strbuf_release(&text);
}

/* Functions of one name: found in file order, and the next after that. */
static void test_find(void)
{
	static const char text[] =
		"static void b(void) { }\n"
		"static inline void a(void) { }\n"
		"#define a() do_a()\n"
		"static void c(void) { }\n";
	struct source_file *f = lex("drivers/x/y.h", text);
	struct file_summary *s = file_summary_new(f);
	const struct fn_summary *first, *second;
	size_t from = 0;

	first = file_summary_find(s, "a", &from);
	second = file_summary_find(s, "a", &from);
	CHECK("find: the first of a name in file order", first && first->is_inline &&
							     !first->is_macro);
	CHECK("find: then the next", second && second->is_macro);
	CHECK("find: then none", !file_summary_find(s, "a", &from));
	from = 0;
	CHECK("find: another name", file_summary_find(s, "c", &from) == &s->funcs[s->nr_funcs - 1]);
	file_summary_free(s, 3);
	source_file_free(f);
}

int main(void)
{
	test_functions();
	test_entries();
	test_find();
	return test_failures ? 1 : 0;
}
