/*
 * The subject and log of WQ014's fix (series-fix-twowq.c): which two
 * queueings could overlap and why, why the workqueue chosen, and what
 * changes. Every sentence is about the hunks of its own patch: the moved
 * queueings' lines and the workqueue they now name.
 */
#include "products/series/series-fix-twowq.h"
#include "products/series/series-message.h"
#include "analysis/model/wq-pools.h"
#include "lib/strbuf.h"

#include <string.h>

/* What the moved queueings get besides one workqueue: a pool of another
 * priority, or the freezing at suspend. Not "run in X's pool": workqueues
 * of one priority (system_long_wq, system_freezable_wq beside
 * system_percpu_wq) share each CPU's pool (wq-pools.h), so nothing else
 * is said for them. */
static void move_effect(struct strbuf *p, const struct twowq_fix *fx)
{
	bool to_high = system_wq_high_priority(fx->target);
	bool from_high = system_wq_high_priority(fx->other);

	if (to_high && !from_high)
		strbuf_addstr(p, ", and run at high priority (the high-priority "
			      "worker pool)");
	else if (!to_high && from_high)
		strbuf_addstr(p, ", and run at normal priority instead of in the "
			      "high-priority worker pool");
	else if (system_wq_freezable(fx->target))
		strbuf_addstr(p, ", which is frozen during suspend");
}

/* "1 (f()), 2 (g()), 3" as "1 (f()), 2 (g()) and 3" */
static void add_list(struct strbuf *p, const char *list)
{
	const char *last = strrchr(list, ',');

	if (!last) {
		strbuf_addstr(p, list);
		return;
	}
	strbuf_add(p, list, last - list);
	strbuf_addf(p, " and%s", last + 1);
}

/* schedule_*()'s workqueue runs its work in process context, a BH one in
 * softirq: schedule_*() calls moved onto a BH workqueue change the context
 * of the runs they queue, which the log must say. The work function
 * already runs there from the queueings that stay. */
static void context_effect(struct strbuf *p, const struct twowq_fix *fx)
{
	if (fx->shape != TWOWQ_IMPLIED || !fx->bh)
		return;
	strbuf_addf(p, "  From %s the work then runs in softirq context (BH) "
		    "instead of process context, as it already does when queued at "
		    "line%s ", fx->nr_moved > 1 ? "those lines" : "that line",
		    fx->nr_target > 1 ? "s" : "");
	add_list(p, fx->target_lines);
	strbuf_addch(p, '.');
}

void twowq_fix_message(struct strbuf *msg, const char *prefix,
		       const struct twowq_fix *fx)
{
	struct strbuf p = STRBUF_INIT;
	const char *item = fx->item[0] == '&' ? fx->item + 1 : fx->item;
	const char *ts = fx->nr_target > 1 ? "s" : "";
	const char *ms = fx->nr_moved > 1 ? "s" : "";

	strbuf_addf(msg, "%s: queue %s on %s only\n\n", prefix, item, fx->target);
	strbuf_addf(&p, "%s is queued on two workqueues: on %s at line%s ",
		    fx->item, fx->target, ts);
	add_list(&p, fx->target_lines);
	strbuf_addf(&p, "; on %s%s at line%s ", fx->other,
		    fx->shape == TWOWQ_IMPLIED ? ", with schedule_*()," : "", ms);
	add_list(&p, fx->moved_lines);
	strbuf_addch(&p, '.');
	strbuf_addstr(&p, "  A work item runs on one worker at a time only while it "
		      "stays on one workqueue: __queue_work() sends it to the pool "
		      "where it is still running only when that run is from the same "
		      "workqueue, so a run queued from one may start on another CPU "
		      "while a run queued from the other is still going (the "
		      "non-reentrance conditions of Documentation/core-api/workqueue.rst).");
	series_wrap(msg, p.buf, 72);
	strbuf_reset(&p);
	if (fx->shape == TWOWQ_IMPLIED)
		strbuf_addf(&p, "Queue it on %s everywhere: the workqueue its other "
			    "queueing%s name%s on purpose, per-CPU as %s is, so the work "
			    "keeps running on the CPU that queues it.", fx->target, ts,
			    fx->nr_target > 1 ? "" : "s", fx->other);
	else
		strbuf_addf(&p, "Queue it on %s everywhere: the workqueue %u of its %u "
			    "queueings name, where its work function already runs.  "
			    "Both are system workqueues that run their work in %s, so "
			    "the queueing%s moved change%s which of the two runs it, not "
			    "the context it runs in.", fx->target, fx->nr_target,
			    fx->nr_target + fx->nr_moved,
			    fx->bh ? "softirq context (BH) on the CPU that queues it" :
				     "process context",
			    ms, fx->nr_moved > 1 ? "" : "s");
	strbuf_addch(msg, '\n');
	series_wrap(msg, p.buf, 72);
	strbuf_reset(&p);
	strbuf_addf(&p, "This patch changes behavior: the runs of %s no longer "
		    "overlap, and those queued at line%s %s go to %s instead of %s",
		    item, ms, fx->moved_lines, fx->target, fx->other);
	move_effect(&p, fx);
	strbuf_addch(&p, '.');
	context_effect(&p, fx);
	strbuf_addch(msg, '\n');
	series_wrap(msg, p.buf, 72);
	strbuf_release(&p);
}
