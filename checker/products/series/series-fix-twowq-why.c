/*
 * Which workqueues WQ014's fix moves an item's queueings onto or between,
 * and where it moves none, the reason, which goes to stderr beside the
 * finding. A reason is read as a statement about the workqueues it names,
 * so each is true of that workqueue in this tree: system_nrt_wq is a
 * per-CPU system workqueue (one 3.7 made redundant), system_percpu_wq is
 * per-CPU (and may be schedule_*()'s own), so "not a per-CPU system
 * workqueue" is said of neither. "This series" is said only of a rename
 * the series makes (rn: --rules may leave it out).
 */
#include "products/series/series-fix-twowq.h"
#include "analysis/model/workitem-queueing.h"
#include "analysis/model/wq-pools.h"
#include "lib/strbuf.h"

#include <string.h>

/* The unbound system workqueues (wq-pools.h's table holds only those
 * that run in each CPU's pools). */
static bool unbound_system_wq(const char *id)
{
	return !strcmp(id, "system_unbound_wq") || !strcmp(id, "system_dfl_wq");
}

/*
 * Where both workqueues are named: the system workqueues whose items run
 * in one context, so that a queueing moved from one to the other runs the
 * work function as the queueings already there run it. 1: process context
 * (per-CPU; system_power_efficient_wq is unbound in the power-efficient
 * mode, where its queueings already run the work so), 2: softirq (BH), 0:
 * none we move between. Left out: system_wq (the series renames it),
 * the freezable ones (a move would change what suspend freezes), the
 * ones 3.7 retired, and the unbound ones, which wq-pools.h's table does
 * not hold (whether the work may leave its CPU is the driver's question).
 */
int twowq_context(const char *id)
{
	const struct system_wq *w = system_wq_lookup(id);

	if (!w || w->freezable || w->before_3_7 || !strcmp(id, "system_wq"))
		return 0;
	switch (system_wq_pool(id)) {
	case WQ_POOL_CPU_NORMAL:
	case WQ_POOL_CPU_HIGHPRI:
	case WQ_POOL_CPU_OR_UNBOUND:
		return 1;
	case WQ_POOL_CPU_BH:
	case WQ_POOL_CPU_BH_HIGHPRI:
		return 2;
	default:
		return 0;
	}
}

/* system_nrt_wq and system_nrt_freezable_wq: what the series' rename of
 * id makes of it, and whether that ends the item's second workqueue
 * (the rename's result is the item's other workqueue). */
static void retired(struct strbuf *why, const char *id, const char *with,
		    const struct twowq_renames *rn)
{
	bool nrt = !strcmp(id, "system_nrt_wq");
	const char *to = nrt ? "system_wq" : "system_freezable_wq";
	const char *rule = nrt ? "WQ003" : "WQ004";
	bool made = nrt ? rn->nrt : rn->nrt_freezable;
	bool ends = !strcmp(to, with);

	strbuf_addf(why, "%s, is one of the workqueues 3.7 made redundant: ", id);
	if (made && ends)
		strbuf_addf(why, "this series converts it to %s (%s), which puts "
			    "the item on one workqueue, %s", to, rule, with);
	else if (made)
		strbuf_addf(why, "this series converts it to %s (%s), after which "
			    "the item is on %s and %s: run the series again on its "
			    "result", to, rule, to, with);
	else
		strbuf_addf(why, "its conversion to %s (%s), not in this series "
			    "(--rules), %s", to, rule, ends ?
			    "puts the item on one workqueue" : "comes first");
}

/* What is true of id, a workqueue not in the table or a power-efficient
 * one: "X, is ...: ...". */
static void kind_of(struct strbuf *why, const char *id, const char *shown)
{
	if (unbound_system_wq(id))
		strbuf_addf(why, "%s, is unbound: whether the work may leave its "
			    "CPU is the driver's question", id);
	else if (system_wq_lookup(id))
		strbuf_addf(why, "%s, is per-CPU unless workqueue.power_efficient "
			    "makes it unbound: whether the work may leave its CPU is "
			    "the driver's question", id);
	else
		strbuf_addf(why, "%s, is none of the kernel's per-CPU system "
			    "workqueues: which of the two the item wants is the "
			    "driver's choice", shown);
}

char *twowq_why_not_onto(const struct wq_ref *ref, const char *implied,
			 const struct twowq_renames *rn)
{
	const char *other = ref->id;
	const struct system_wq *w = system_wq_lookup(other);
	struct strbuf why = STRBUF_INIT;

	/* on its CPU at every boot (not a power-efficient one), not
	 * schedule_*()'s own, and not one 3.7 retired */
	if (w && system_wq_always_per_cpu(other) && !w->schedule_default &&
	    !w->before_3_7)
		return NULL;
	if (!strcmp(other, "system_wq")) {
		/* schedule_*() is on system_percpu_wq (6.17+), the rename's
		 * result */
		if (rn->system_wq)
			strbuf_addstr(&why, "the rename of its system_wq queueing to "
				      "system_percpu_wq, in this series, puts it on "
				      "one workqueue");
		else
			strbuf_addf(&why, "its other workqueue is system_wq, whose "
				    "rename to system_percpu_wq (WQ020) puts it on one "
				    "workqueue, %s, and is not in this series (--rules)",
				    implied);
	} else if (!strcmp(other, "system_percpu_wq")) {
		/* schedule_*() still on system_wq: a 6.17 tree before the
		 * header moved it */
		strbuf_addf(&why, "its other workqueue is system_percpu_wq, which this "
			    "tree allocates beside %s, schedule_*()'s: which of the "
			    "two the item wants is the driver's choice", implied);
	} else if (w && w->before_3_7) {
		strbuf_addstr(&why, "its other workqueue, ");
		retired(&why, other, implied, rn);
	} else {
		strbuf_addstr(&why, "its other workqueue, ");
		kind_of(&why, other, ref->text ? ref->text : other);
	}
	return strbuf_detach(&why);
}

/* Of two named workqueues one of which the fix does not move queueings
 * between, the one a reason is about: one 3.7 retired (the series'
 * conversion of it may end the matter), else the one it does not take,
 * and of two, one the table does not know (whatever the other is, that
 * one's flags are the driver's). */
static bool retired_wq(const char *id)
{
	const struct system_wq *w = system_wq_lookup(id);

	return w && w->before_3_7;
}

static const char *the_bad_one(const char *a, const char *b)
{
	if (retired_wq(a) || retired_wq(b))
		return retired_wq(a) ? a : b;
	if (twowq_context(a) && !twowq_context(b))
		return b;
	if (twowq_context(b) && !twowq_context(a))
		return a;
	return !system_wq_lookup(b) && system_wq_lookup(a) ? b : a;
}

char *twowq_why_not_between(const struct wq_ref *ra, const struct wq_ref *rb,
			    const char *implied, const struct twowq_renames *rn)
{
	struct strbuf why = STRBUF_INIT;
	const char *a = ra->id, *b = rb->id;
	int ca = twowq_context(a), cb = twowq_context(b);
	const char *bad = the_bad_one(a, b), *good = bad == a ? b : a;
	const struct wq_ref *bad_ref = bad == a ? ra : rb;
	const struct system_wq *w = system_wq_lookup(bad);

	if (ca && ca == cb)
		return NULL;
	if (ca && cb) {
		strbuf_addf(&why, "%s runs its work in %s context and %s in %s "
			    "context: which of the two the item wants is the "
			    "driver's choice", a, ca == 2 ? "softirq (BH)" : "process",
			    b, cb == 2 ? "softirq (BH)" : "process");
	} else if (!w || system_wq_pool(bad) == WQ_POOL_CPU_OR_UNBOUND) {
		strbuf_addstr(&why, "one of its workqueues, ");
		kind_of(&why, bad, bad_ref->text ? bad_ref->text : bad);
	} else if (!strcmp(bad, "system_wq") && !strcmp(implied, "system_percpu_wq")) {
		/* 6.17+: the series' rename makes it system_percpu_wq */
		if (rn->system_wq && !strcmp(good, "system_percpu_wq"))
			strbuf_addstr(&why, "the rename of its system_wq queueing to "
				      "system_percpu_wq, in this series, puts it on "
				      "one workqueue");
		else if (rn->system_wq)
			strbuf_addf(&why, "one of its workqueues is system_wq, which "
				    "this series renames to system_percpu_wq (WQ020), "
				    "after which the item is on system_percpu_wq and %s: "
				    "run the series again on its result", good);
		else
			strbuf_addstr(&why, "one of its workqueues is system_wq, whose "
				      "rename to system_percpu_wq (WQ020) is not in this "
				      "series (--rules)");
	} else if (!strcmp(bad, "system_wq") && !strcmp(implied, "system_wq")) {
		strbuf_addf(&why, "one of its workqueues is system_wq, schedule_*()'s "
			    "in this tree, named beside %s: which of the two the item "
			    "wants is the driver's choice", good);
	} else if (w->before_3_7) {
		strbuf_addstr(&why, "one of its workqueues, ");
		retired(&why, bad, good, rn);
	} else if (w->freezable && system_wq_freezable(good)) {
		strbuf_addf(&why, "its two workqueues, %s and %s, are both frozen "
			    "during suspend, and the fix moves queueings only between "
			    "ones that are not: which of the two the item wants is the "
			    "driver's choice", a, b);
	} else if (w->freezable) {
		strbuf_addf(&why, "one of its workqueues, %s, is frozen during suspend "
			    "and the other, %s, is not: which of the two the item "
			    "wants is the driver's choice", bad, good);
	} else {
		strbuf_addf(&why, "%s and %s are not two system workqueues the fix "
			    "moves queueings between (per-CPU, of one context, not "
			    "freezable): which of the two the item wants is the "
			    "driver's choice", a, b);
	}
	return strbuf_detach(&why);
}
