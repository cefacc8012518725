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

/* Where two runs of the item, one queued from each workqueue, can
 * overlap: the log may say "may start on another CPU" as the whole truth
 * only where one CPU keeps them apart. Each CPU's pool never runs one
 * item twice at once, and softirq runs do not nest on a CPU, so two
 * workqueues that share each CPU's pool, or two BH ones, overlap only
 * with more than one CPU (omap's drivers/mmc/host/omap.c binds to
 * uniprocessor OMAP1 and OMAP2420 boards, in kernels that may be SMP);
 * two pools of process context (normal and high priority; a BH one
 * beside one of those) overlap on one CPU too. */
enum twowq_where twowq_overlap_where(const struct twowq_fix *fx)
{
	enum wq_pool t = system_wq_pool(fx->target), o = system_wq_pool(fx->other);
	bool t_bh = t == WQ_POOL_CPU_BH || t == WQ_POOL_CPU_BH_HIGHPRI;
	bool o_bh = o == WQ_POOL_CPU_BH || o == WQ_POOL_CPU_BH_HIGHPRI;

	switch (system_wqs_share_pool(fx->target, fx->other)) {
	case WQ_POOLS_SHARED:
		return TWOWQ_TWO_CPUS;
	case WQ_POOLS_SHARED_UNLESS_POWER_EFFICIENT:
		return TWOWQ_TWO_CPUS_UNLESS_POWER_EFFICIENT;
	default:
		return t_bh && o_bh ? TWOWQ_TWO_CPUS : TWOWQ_ANY_CPU;
	}
}

/* How a run from one workqueue comes to overlap a run from the other. */
static void overlap_how(struct strbuf *p, const struct twowq_fix *fx)
{
	const char *pe = system_wq_pool(fx->target) == WQ_POOL_CPU_OR_UNBOUND ?
			 fx->target : fx->other;

	switch (twowq_overlap_where(fx)) {
	case TWOWQ_TWO_CPUS:
		if (system_wq_pool(fx->target) != system_wq_pool(fx->other))
			strbuf_addstr(p, "  Both are BH workqueues, whose runs on one "
				      "CPU are softirq runs, which do not nest");
		else
			strbuf_addstr(p, "  The two queue into each CPU's same worker "
				      "pool, which never runs one item twice at once");
		strbuf_addstr(p, ", so the runs overlap only on a machine with more "
			      "than one CPU: there a run queued from one may start on "
			      "another CPU while a run queued from the other is still "
			      "going.");
		break;
	case TWOWQ_TWO_CPUS_UNLESS_POWER_EFFICIENT:
		strbuf_addf(p, "  The two queue into each CPU's same worker pool "
			    "unless workqueue.power_efficient makes %s unbound, so a "
			    "run queued from one may start on another CPU (with that "
			    "setting, on any CPU) while a run queued from the other is "
			    "still going.", pe);
		break;
	case TWOWQ_ANY_CPU:
		strbuf_addstr(p, "  The two queue into different worker pools, so a "
			      "run queued from one may start, on another CPU or on the "
			      "same one, while a run queued from the other is still "
			      "going.");
		break;
	}
}

/* What the moved queueings get besides one workqueue: a pool of another
 * priority, the freezing at suspend, or a power-efficient workqueue's
 * unbound runs. Not "run in X's pool": workqueues of one priority
 * (system_long_wq, system_freezable_wq beside system_percpu_wq) share
 * each CPU's pool (wq-pools.h), so nothing else is said for them. */
static void move_effect(struct strbuf *p, const struct twowq_fix *fx)
{
	bool to_high = system_wq_high_priority(fx->target);
	bool from_high = system_wq_high_priority(fx->other);
	bool to_pe = system_wq_pool(fx->target) == WQ_POOL_CPU_OR_UNBOUND;
	bool from_pe = system_wq_pool(fx->other) == WQ_POOL_CPU_OR_UNBOUND;

	if (to_high && !from_high)
		strbuf_addstr(p, ", and run at high priority (the high-priority "
			      "worker pool)");
	else if (!to_high && from_high)
		strbuf_addstr(p, ", and run at normal priority instead of in the "
			      "high-priority worker pool");
	else if (system_wq_freezable(fx->target))
		strbuf_addstr(p, ", which is frozen during suspend");
	else if (to_pe && !from_pe) {
		strbuf_addf(p, ", which runs them unbound, on any CPU, when "
			    "workqueue.power_efficient is set, as it runs those queued "
			    "at line%s ", fx->nr_target > 1 ? "s" : "");
		add_list(p, fx->target_lines);
	}
	else if (from_pe && !to_pe)
		strbuf_addstr(p, ", which runs them per-CPU even when "
			      "workqueue.power_efficient is set");
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
	/* where they could overlap before (twowq_overlap_where()) */
	static const char *const before[] = {
		[TWOWQ_TWO_CPUS] = " on a machine with more than one CPU (with "
				   "one CPU they never did)",
		[TWOWQ_TWO_CPUS_UNLESS_POWER_EFFICIENT] = " (before, they could "
				   "with more than one CPU, or with "
				   "workqueue.power_efficient set)",
		[TWOWQ_ANY_CPU] = "",
	};

	strbuf_addf(msg, "%s: queue %s on %s only\n\n", prefix, item, fx->target);
	strbuf_addf(&p, "%s is queued on two workqueues: on %s at line%s ",
		    fx->item, fx->target, ts);
	add_list(&p, fx->target_lines);
	strbuf_addf(&p, "; on %s%s at line%s ", fx->other,
		    fx->shape == TWOWQ_IMPLIED ? ", with schedule_*()," : "", ms);
	add_list(&p, fx->moved_lines);
	strbuf_addch(&p, '.');
	strbuf_addstr(&p, "  The workqueue keeps a work item's runs on one worker at "
		      "a time only while the item stays on one workqueue (the "
		      "non-reentrance conditions of "
		      "Documentation/core-api/workqueue.rst): __queue_work() sends "
		      "a run to the pool where the item is still running only when "
		      "that run is from the same workqueue.");
	overlap_how(&p, fx);
	series_wrap(msg, p.buf, 72);
	strbuf_reset(&p);
	if (fx->shape == TWOWQ_IMPLIED)
		strbuf_addf(&p, "Queue it on %s everywhere: the workqueue its other "
			    "queueing%s name%s, per-CPU as %s is, so the work does "
			    "not become unbound.", fx->target, ts,
			    fx->nr_target > 1 ? "" : "s", fx->other);
	else
		strbuf_addf(&p, "Queue it on %s everywhere: the workqueue %u of its %u "
			    "queueings name, where its work function already runs.  "
			    "Both are system workqueues that run their work in %s, so "
			    "the queueing%s moved change%s which of the two runs it, not "
			    "the context it runs in.", fx->target, fx->nr_target,
			    fx->nr_target + fx->nr_moved,
			    fx->bh ? "softirq context (BH)" : "process context",
			    ms, fx->nr_moved > 1 ? "" : "s");
	strbuf_addch(msg, '\n');
	series_wrap(msg, p.buf, 72);
	strbuf_reset(&p);
	strbuf_addf(&p, "This patch changes behavior: the runs of %s no longer "
		    "overlap%s, and those queued at line%s ", item,
		    before[twowq_overlap_where(fx)], ms);
	add_list(&p, fx->moved_lines);
	strbuf_addf(&p, " go to %s instead of %s", fx->target, fx->other);
	move_effect(&p, fx);
	strbuf_addch(&p, '.');
	context_effect(&p, fx);
	strbuf_addch(msg, '\n');
	series_wrap(msg, p.buf, 72);
	strbuf_release(&p);
}
