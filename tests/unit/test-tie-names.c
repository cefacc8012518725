/* Unit tests of the names that tie a file to a section's items (audit
 * --subsystem, analysis/model/tie-names.h and section-ties.h): a key's
 * group, a file's text holding a name alone or every identifier of a
 * group, and the names a lexed file gives. */
#include "analysis/model/section-ties.h"
#include "test-lib.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static void test_key_entries(void)
{
	char *e;

	e = tie_key_entry("struct xe_gt.uc.guc.ct.g2h_worker");
	CHECK_STR("a member path: its identifiers, sorted", e, "ct\ng2h_worker\nguc\nuc\nxe_gt");
	free(e);
	e = tie_key_entry("struct tp_dev.poll_work.work");
	CHECK_STR("a delayed item's last .work left out", e, "poll_work\ntp_dev");
	free(e);
	e = tie_key_entry("file drivers/a/b.c var my_work");
	CHECK("a file's static variable: no other file's", !e);
	free(e);
	e = tie_key_entry("var my_work");
	CHECK_STR("a global variable: its name", e, "my_work");
	free(e);
	e = tie_key_entry("percpu stats.pcpu[].work");
	CHECK_STR("a per-CPU variable, its last .work left out too", e, "pcpu\nstats");
	free(e);
	e = tie_key_entry("var work");
	CHECK_STR("a variable named work keeps it", e, "work");
	free(e);
}

static void test_text(void)
{
	struct tie_names n = { 0 };
	static const char holds_group[] = "x = &gt->uc.guc.ct.g2h_worker; /* xe_gt */";
	static const char part_only[] = "gt->uc.guc.g2h_worker = 0; xe_gt_ct";
	static const char number[] = "v = 0xe_gt; y = my_fn_2;";
	static const char alone[] = "INIT_WORK(&w, my_fn);";

	CHECK("an empty set ties nothing", !tie_text_holds(&n, alone, strlen(alone)));
	CHECK("a group is added once", tie_names_add(&n, "ct\ng2h_worker\nguc\nuc\nxe_gt") &&
	      !tie_names_add(&n, "ct\ng2h_worker\nguc\nuc\nxe_gt"));
	tie_names_add(&n, "my_fn");
	CHECK("every identifier of a group ties (a comment's too)",
	      tie_text_holds(&n, holds_group, strlen(holds_group)));
	CHECK("a group missing one identifier does not (xe_gt_ct is not xe_gt)",
	      !tie_text_holds(&n, part_only, strlen(part_only)));
	CHECK("a name alone ties", tie_text_holds(&n, alone, strlen(alone)));
	CHECK("a number's letters and a longer name are no identifier of the set",
	      !tie_text_holds(&n, number, strlen(number)));
	CHECK("entries are found by their text", tie_names_has(&n, "my_fn", 5) &&
	      !tie_names_has(&n, "xe_gt", 5));
	tie_names_release(&n);
}

static char *joined(struct tie_list *l)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < l->nr; i++)
		len += strlen(l->names[i]) + 1;
	s = xcalloc(len, 1);
	for (i = 0; i < l->nr; i++) {
		char *p;

		strcat(s, l->names[i]);
		strcat(s, ";");
		for (p = s; *p; p++)
			if (*p == '\n')
				*p = ' ';
	}
	return s;
}

static void test_file_names(void)
{
	static const char text[] =
		"struct tw { struct work_struct rx; struct workqueue_struct *wq; };\n"
		"static void rx_fn(struct work_struct *work) { }\n"
		"static void my_queue_work(struct work_struct *work) { queue_work(system_wq, work); }\n"
		"void go(struct tw *t, struct device *dev)\n"
		"{\n"
		"\tt->wq = alloc_workqueue(\"tw\", 0, 0);\n"
		"\tqueue_work(system_wq, &t->rx);\n"
		"\thub_queue_work(&t->rx);\n"
		"\tdev_info(dev, \"go\");\n"
		"\tfoo(&dev->kobj);\n"
		"}\n";
	static const char other[] =
		"void a(struct tw *t) { queue_work(t->wq, &t->rx); hub2_queue_work(&t->rx); }\n"
		"void b(struct zz *z) { queue_work(z->wq2, &z->w); hub3_queue_work(&z->w); }\n";
	struct source_file *f = source_file_new("drivers/tw/tw.c", xstrdup(text), strlen(text));
	struct source_file *g = source_file_new("drivers/hub/hub.c", xstrdup(other), strlen(other));
	struct tie_list l = { 0 };
	struct tie_names known = { 0 };
	char *s;

	section_ties_of_file(f, NULL, 0, NULL, &l);
	s = joined(&l);
	CHECK("the section's file gives its functions, items, wrappers and workqueue",
	      strstr(s, "go;") && strstr(s, "my_queue_work;") && strstr(s, "rx tw;") &&
	      strstr(s, "hub_queue_work;") && strstr(s, "tw wq;"));
	CHECK("...not a static function that is no wrapper", !strstr(s, "rx_fn;"));
	CHECK("...not system_wq, a struct passed whole or a member no work call takes",
	      !strstr(s, "system_wq") && !strstr(s, "device") && !strstr(s, "kobj") &&
	      !strstr(s, "dev_info"));
	free(s);
	tie_list_merge(&l, &known, NULL);
	section_ties_of_file(g, NULL, 0, &known, &l);
	s = joined(&l);
	CHECK("another file gives the wrapper that queues a tied item",
	      strstr(s, "hub2_queue_work;") != NULL);
	CHECK("...and nothing of a call that ties to nothing",
	      !strstr(s, "hub3_queue_work") && !strstr(s, "zz"));
	free(s);
	tie_list_release(&l);
	tie_names_release(&known);
	source_file_free(f);
	source_file_free(g);
}

int main(void)
{
	test_key_entries();
	test_text();
	test_file_names();
	return test_failures ? 1 : 0;
}
