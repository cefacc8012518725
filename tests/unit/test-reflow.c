/* Unit tests for the lexer's positions and the kernel-style fix formatter. */
#include "analysis/fix/fix-apply.h"
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "test-lib.h"

#include <stdlib.h>

static char *reflow_wrap(const char *old, const char *region, bool may_join, bool may_wrap)
{
	struct strbuf out = STRBUF_INIT;

	reflow_region(old, strlen(old), region, strlen(region), may_join, may_wrap, &out);
	return strbuf_detach(&out);
}

/* The legacy rules keep spatch's layout; the 6.17 rules wrap at 80. */
static char *reflow(const char *old, const char *region, bool may_join)
{
	return reflow_wrap(old, region, may_join, false);
}

static void test_reflow(void)
{
	char *s;

	s = reflow("\tqueue_delayed_work(system_nrt_wq, &dev->work,\n\t\t\t   HZ);",
		   "\tschedule_delayed_work(&dev->work,\n\t\t\t   HZ);", true);
	CHECK_STR("reflow: rejoined when it fits in 80 columns", s,
		  "\tschedule_delayed_work(&dev->work, HZ);");
	free(s);
	s = reflow("\tqueue_delayed_work(system_nrt_wq, &priv->some_rather_long_member_name,\n"
		   "\t\t\t   msecs_to_jiffies(POLL_INTERVAL));",
		   "\tschedule_delayed_work(&priv->some_rather_long_member_name,\n"
		   "\t\t\t   msecs_to_jiffies(POLL_INTERVAL));", true);
	CHECK_STR("reflow: realigned under the new parenthesis when too long", s,
		  "\tschedule_delayed_work(&priv->some_rather_long_member_name,\n"
		  "\t\t\t      msecs_to_jiffies(POLL_INTERVAL));");
	free(s);
	s = reflow("\tqueue_delayed_work(system_nrt_wq, &priv->some_rather_long_member_name,\n"
		   "\t\tmsecs_to_jiffies(POLL_INTERVAL_IN_MILLISECONDS));",
		   "\tschedule_delayed_work(&priv->some_rather_long_member_name,\n"
		   "\t\tmsecs_to_jiffies(POLL_INTERVAL_IN_MILLISECONDS));", true);
	CHECK_STR("reflow: a line that was not aligned is left alone", s,
		  "\tschedule_delayed_work(&priv->some_rather_long_member_name,\n"
		  "\t\tmsecs_to_jiffies(POLL_INTERVAL_IN_MILLISECONDS));");
	free(s);
	/* drivers/mmc/core/host.c in 3.6: four tabs, as near column 35 as
	 * tabs go; upstream's conversion aligned it exactly. */
	s = reflow("\t\tqueue_delayed_work(system_nrt_wq, &host->clk_gate_work,\n"
		   "\t\t\t\tmsecs_to_jiffies(host->clkgate_delay));",
		   "\t\tschedule_delayed_work(&host->clk_gate_work,\n"
		   "\t\t\t\tmsecs_to_jiffies(host->clkgate_delay));", true);
	CHECK_STR("reflow: a line tab-aligned as near the parenthesis as tabs go is aligned exactly", s,
		  "\t\tschedule_delayed_work(&host->clk_gate_work,\n"
		  "\t\t\t\t      msecs_to_jiffies(host->clkgate_delay));");
	free(s);
	s = reflow("\tfoo_sync(a,\n\t\t b);", "\tfoo(a,\n\t\t b);", false);
	CHECK_STR("reflow: no join when a comment is inside, realigned still", s,
		  "\tfoo(a,\n\t    b);");
	free(s);
	s = reflow("\twq = alloc_workqueue(\"x\",\n\t\t\t     WQ_NON_REENTRANT, 0);",
		   "\twq = alloc_workqueue(\"x\",\n\t\t\t     0, 0);", true);
	CHECK_STR("reflow: no space after an opening parenthesis", s,
		  "\twq = alloc_workqueue(\"x\", 0, 0);");
	free(s);
	s = reflow("\tif (foo_sync(a,\n\t\tb) == 0)", "\tif (foo(a,\n\t\tb) == 0)", true);
	CHECK_STR("reflow: the rest of the last line is kept", s, "\tif (foo(a, b) == 0)");
	free(s);
	s = reflow("\tqueued = queue_work(system_nrt_wq,\n"
		   "\t\t\t    vidx_pick_work(vdev, vdev->hotplug_connector_mask,\n"
		   "\t\t\t\t\t   irq));",
		   "\tqueued = schedule_work(vidx_pick_work(vdev, vdev->hotplug_connector_mask,\n"
		   "\t\t\t\t\t   irq));", true);
	CHECK_STR("reflow: a line aligned under an inner call follows it", s,
		  "\tqueued = schedule_work(vidx_pick_work(vdev, vdev->hotplug_connector_mask,\n"
		  "\t\t\t\t\t      irq));");
	free(s);
	s = reflow_wrap("\trc_wq = alloc_workqueue(\"stats_rc\", WQ_MEM_RECLAIM | WQ_HIGHPRI, 1);",
		   "\trc_wq = alloc_workqueue(\"stats_rc\", WQ_MEM_RECLAIM | WQ_HIGHPRI | WQ_PERCPU, 1);",
		   true, true);
	CHECK_STR("reflow: a line a fix pushes past 80 columns breaks after the last comma that fits", s,
		  "\trc_wq = alloc_workqueue(\"stats_rc\",\n"
		  "\t\t\t\tWQ_MEM_RECLAIM | WQ_HIGHPRI | WQ_PERCPU, 1);");
	free(s);
	s = reflow_wrap("\treclaim_wq = alloc_workqueue(\"stats_reclaim\", WQ_MEM_RECLAIM | WQ_HIGHPRI, 1);",
		   "\treclaim_wq = alloc_workqueue(\"stats_reclaim\", WQ_MEM_RECLAIM | WQ_HIGHPRI | WQ_PERCPU, 1);",
		   true, true);
	CHECK_STR("reflow: a line that was past 80 columns already stays the author's", s,
		  "\treclaim_wq = alloc_workqueue(\"stats_reclaim\", WQ_MEM_RECLAIM | WQ_HIGHPRI | WQ_PERCPU, 1);");
	free(s);
	s = reflow("\tfoo_sync(\"(\", a,\n\t\t b);", "\tfoo(\"(\", a,\n\t\t b);", false);
	CHECK_STR("reflow: parentheses in strings do not count", s,
		  "\tfoo(\"(\", a,\n\t    b);");
	free(s);
}

static void test_backslash(void)
{
	const char *text = "#define F(w)\t\t\t\t\\\n\tflush_work_sync(w);\t\t\\\n\tbar()\n";
	const char *p = strstr(text, "flush_work_sync");
	struct finding f = { 0 };
	struct finding *all[1] = { &f };
	struct strbuf out = STRBUF_INIT;

	finding_add_edit(&f, (size_t)(p - text), (size_t)(p - text) + 15, "flush_work");
	fix_apply(text, strlen(text), all, 1, &out);
	CHECK_STR("fix: a macro line keeps its backslash column", out.buf,
		  "#define F(w)\t\t\t\t\\\n\tflush_work(w);\t\t\t\\\n\tbar()\n");
	strbuf_release(&out);
	finding_release(&f);
}

static void test_fix_apply(void)
{
	const char *text = "\tqueue_delayed_work(system_nrt_wq, &d->work,\n\t\t\t   HZ);\n";
	struct finding f = { 0 };
	struct finding *all[1] = { &f };
	struct strbuf out = STRBUF_INIT;

	finding_add_edit(&f, 1, 19, "schedule_delayed_work");
	finding_add_edit(&f, 20, 35, "");
	f.has_reflow = true;
	f.reflow.line_start = 0;
	f.reflow.open_paren = 19;
	f.reflow.close_paren = (size_t)(strstr(text, ");") - text);
	f.reflow.may_join = true;
	fix_apply(text, strlen(text), all, 1, &out);
	CHECK_STR("fix: schedule form rejoined", out.buf,
		  "\tschedule_delayed_work(&d->work, HZ);\n");
	finding_compute_shown(&f, text, strlen(text));
	CHECK("fix: the shown edit starts at the call", f.nr_shown == 1 &&
	      f.shown[0].line == 1 && f.shown[0].column == 2);
	strbuf_release(&out);
	finding_release(&f);
}

static void test_lexer(void)
{
	const char *text = "#define F(flush_work_sync) \\\n\tflush_work_sync(x)\n"
			   "/* flush_work_sync */ int a = flush_work_sync(\"x\");\n"
			   "#if 0\ndon't\n#endif\n";
	struct lexed_file lf;
	size_t i, idents = 0, params = 0;

	lex_file(&lf, text, strlen(text));
	CHECK("lexer: no error on a stray apostrophe", lf.error == NULL);
	for (i = 0; i < lf.nr_tokens; i++) {
		if (lf.tokens[i].kind == TOK_IDENT && token_is(&lf, &lf.tokens[i], "flush_work_sync")) {
			idents++;
			if (lf.tokens[i].is_macro_param)
				params++;
		}
	}
	CHECK("lexer: comments are not identifiers", idents == 3);
	CHECK("lexer: macro parameters are marked, in the list and the body", params == 2);
	for (i = 0; i < lf.nr_tokens; i++)
		if (lf.tokens[i].kind == TOK_IDENT && lf.tokens[i].line == 3 &&
		    token_is(&lf, &lf.tokens[i], "flush_work_sync"))
			CHECK("lexer: 1-based line and byte column", lf.tokens[i].column == 31);
	lexed_file_release(&lf);
	lex_file(&lf, "int a; /* never closed\n", 23);
	CHECK("lexer: an unterminated comment is an error", lf.error &&
	      strstr(lf.error, "unterminated"));
	lexed_file_release(&lf);
}

int main(void)
{
	test_reflow();
	test_fix_apply();
	test_backslash();
	test_lexer();
	return test_failures ? 1 : 0;
}
