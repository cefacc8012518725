/*
 * WQ014: one work item queued on two workqueues. __queue_work() sends an
 * item to the pool where it still runs only when that run belongs to the
 * same workqueue; two workqueues can put it on two pools, so a run from
 * one may overlap a run from the other on another CPU. On 6.17+ trees
 * system_wq and system_percpu_wq are two workqueues (kernel/workqueue.c
 * allocates each), as are system_unbound_wq and system_dfl_wq, and
 * schedule_*() queues on system_percpu_wq: a half-done conversion breaks
 * the guarantee by itself.
 *
 * The conclusion only: whether two sites of an item can have runs live
 * together is the model's (live-window.h, code-state.h, item-types.h,
 * queue-delay.h), the lock across the body too (work-body.h), and whether
 * the body writes shared state outside its locks (work-writes.h), as is
 * whether the two workqueues share a worker pool (wq-pools.h). A
 * warning is an overlap of unlocked work written down as run A and run B;
 * timing alone, one lock, or writes only under the work's locks make it a
 * note (DESIGN.md 1c).
 */
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"
#include "analysis/model/code-state.h"
#include "analysis/model/item-types.h"
#include "analysis/model/live-window.h"
#include "analysis/model/queue-delay.h"
#include "analysis/model/struct-home.h"
#include "analysis/model/work-body.h"
#include "analysis/model/work-writes.h"
#include "analysis/model/wq-pools.h"
#include "analysis/model/workitem-context.h"
#include "analysis/rules/workitem-pass.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static void describe_wq(struct strbuf *sb, const struct queueing *q)
{
	if (q->wq.implied)
		strbuf_addf(sb, "%s (%s() queues there)", q->wq.text, q->api);
	else
		strbuf_addstr(sb, q->wq.text);
}

static char *dirname_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

/* Whether two queueings are of one object: the same file; or one
 * directory, and the item's struct (when it is one) defined in the same
 * place as seen from both (two drivers may each have a `struct adapter`). */
static bool same_object(const struct workitem_model *m, const char *key,
			const struct queueing *a, const struct queueing *b)
{
	char *da, *db, *type;
	const char *ha, *hb;
	bool same;

	if (!strcmp(a->file, b->file))
		return true;
	if (!strncmp(key, "var ", 4))
		return true;
	if (!module_groups_linked_together(m->modules, a->file, b->file))
		return false;
	da = dirname_of(a->file);
	db = dirname_of(b->file);
	same = !strcmp(da, db);
	free(da);
	free(db);
	if (!same || strncmp(key, "struct ", 7))
		return same;
	type = xstrndup(key + 7, strcspn(key + 7, ".["));
	ha = struct_home(m, a->file, type);
	hb = struct_home(m, b->file, type);
	same = !ha || !hb || !strcmp(ha, hb);
	free(type);
	return same;
}

/* Born anew where it is queued: an INIT_* of the item on every path to the
 * queueing in its function (a hand-off from one stage to the next, as
 * dm-crypt's io->work goes from io_queue to crypt_queue). */
static bool fresh_at(const struct workitem_model *m, const char *key,
		     const struct queueing *q)
{
	struct code_place p;

	return code_place_at(m, q->file, q->line, q->column, &p) &&
	       made_idle_before(m, key, &p, q->line, NULL);
}

/* Two queueings that cannot both happen to one live item: the branches of
 * one function (xfs picks m_data_workqueue or m_unwritten_workqueue for an
 * ioend it queues once), or two fresh items. */
/* Whether the function of q also queues the item on w: it chooses
 * between workqueues by a condition. */
static bool also_queues_on(const struct work_item *it, const struct queueing *q,
			   const struct wq_ref *w)
{
	size_t i;

	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *o = it->queueings[i];

		if (o != q && o->caller && q->caller && !strcmp(o->file, q->file) &&
		    !strcmp(o->caller, q->caller) && wq_ref_same(&o->wq, w))
			return true;
	}
	return false;
}

/* The item's object made in q's function (`op = ..._create_...()`): q is
 * its first queueing, before any run. */
static bool object_made_at(const struct workitem_model *m, const struct queueing *q)
{
	struct code_place p;

	return code_place_at(m, q->file, q->line, q->column, &p) &&
	       item_base_in(&p, q->item_text) == ITEM_BASE_ALLOCATED;
}

static bool exclusive(const struct workitem_model *m, const struct work_item *it,
		      const struct queueing *a, const struct queueing *b)
{
	if (a->caller && b->caller && !strcmp(a->file, b->file) &&
	    !strcmp(a->caller, b->caller))
		return true;
	/* both sides pick one of the same two workqueues by a condition
	 * (usb's bh->high_prio): a choice, made again at each site */
	if (also_queues_on(it, a, &b->wq) && also_queues_on(it, b, &a->wq))
		return true;
	if (object_made_at(m, a) || object_made_at(m, b))
		return true;
	return fresh_at(m, it->key, a) && fresh_at(m, it->key, b);
}

static bool two_allocated(const struct workitem_model *m, const struct queueing *a,
			  const struct queueing *b)
{
	return a->wq.kind == WQ_REF_NAMED && b->wq.kind == WQ_REF_NAMED &&
	       workqueue_is_allocated(&m->names, a->wq.id) &&
	       workqueue_is_allocated(&m->names, b->wq.id);
}

/* The workqueue a queueing names, for the pool table (wq-pools.h): an
 * expression or a driver's own workqueue has no entry there. */
static const char *named_wq(const struct queueing *q)
{
	return q->wq.kind == WQ_REF_NAMED ? q->wq.id : NULL;
}

/* Whether a run queued from a and one queued from b can be live at once,
 * and with what certainty. */
enum overlap {
	OVERLAP_NONE,		/* the code shows they cannot */
	OVERLAP_TIMING,		/* only if a run outlasts every delay */
	OVERLAP_REAL,		/* an interleaving exists */
};

/* The slowest delay long enough that a run would have to last it: a work
 * that polls a register is done in well under this. */
#define TIMING_MS 20

/* q cannot meet a run live from e: q's source (its IRQ) is off while a
 * run is live, and e is that run re-arming or the same source; or q
 * comes after a synchronous cancel/flush and so does e (or e is a run). */
static bool live_window_apart(const struct workitem_model *m, const struct work_item *it,
			      const struct queueing *q, const struct queueing *e)
{
	char *irq = NULL, *irq_e = NULL;
	bool apart = false;

	if (queueing_source_off_while_live(m, it, q, &irq))
		apart = queueing_inside_run(m, it, e) ||
			queueing_source_off_while_live(m, it, e, &irq_e);
	free(irq);
	free(irq_e);
	if (!apart && queueing_after_idle(m, it, q))
		apart = queueing_inside_run(m, it, e) || queueing_after_idle(m, it, e);
	return apart;
}

static enum overlap pair_overlap(const struct workitem_model *m, const struct work_item *it,
				 const struct queueing *q, const struct queueing *e)
{
	struct queue_delay dq, de;
	enum overlap o = OVERLAP_REAL;
	char *why = NULL;

	if (exclusive(m, it, q, e) || live_window_apart(m, it, q, e) ||
	    live_window_apart(m, it, e, q))
		return OVERLAP_NONE;
	if (queueings_exclude_by_state(m, it, q, e, &why) ||
	    queueings_of_other_types(m, q, e, &why)) {
		free(why);
		return OVERLAP_NONE;
	}
	queue_delay_of(m, q, &dq);
	queue_delay_of(m, e, &de);
	if (dq.known && de.known && dq.ms >= TIMING_MS && de.ms >= TIMING_MS)
		o = OVERLAP_TIMING;
	queue_delay_release(&dq);
	queue_delay_release(&de);
	return o;
}

/* The workqueue as the reader knows it: its name, or the expression. A
 * file's static workqueue is named by a key ("file net/ipv6/mcast.c var
 * mld_wq") that is not its name: the text is. */
static const char *wq_shown(const struct queueing *q)
{
	return q->wq.kind == WQ_REF_NAMED && q->wq.id && strncmp(q->wq.id, "file ", 5) ?
		       q->wq.id : q->wq.text;
}

static const char *caller_of(const struct queueing *q)
{
	return q->caller ? q->caller : "(file scope)";
}

/* One run's queueing, as the interleaving names it: "queued by X() at
 * f.c:12 on W" for the other site, "queued by X() here on W" for the
 * site the finding is at. */
static void describe_run(const struct workitem_model *m, const struct work_item *it,
			 const struct queueing *r, bool here, struct strbuf *msg)
{
	static const char *const itself = " (the work queueing itself again)";
	const char *self = queueing_inside_run(m, it, r) ? itself : "";

	if (here)
		strbuf_addf(msg, "queued by %s() here%s on %s", caller_of(r), self, wq_shown(r));
	else
		strbuf_addf(msg, "queued by %s() at %s:%u%s on %s", caller_of(r), r->file,
			    r->line, self, wq_shown(r));
}

static bool self_requeue_first(const struct workitem_model *m, const struct work_item *it,
			       const struct queueing *q, const struct queueing *home)
{
	return queueing_inside_run(m, it, q) && !queueing_inside_run(m, it, home);
}

/* "run A, queued by X() at f.c:12 on W, can still be in fn() when run B,
 * queued by Y() here on V, starts on another CPU". When only one of the
 * two sites is the work requeueing itself, that run is run A: queued from
 * inside a run, it meets the other site's run over the whole body, while
 * the other order overlaps only the tail of the run that requeues. */
static void describe_interleaving(const struct workitem_model *m, const struct work_item *it,
				  const struct queueing *q, const struct queueing *home,
				  const char *function, struct strbuf *msg)
{
	bool q_first = self_requeue_first(m, it, q, home);
	const struct queueing *a = q_first ? q : home, *b = q_first ? home : q;
	enum wq_pool_sharing shared = system_wqs_share_pool(named_wq(a), named_wq(b));

	strbuf_addstr(msg, "run A, ");
	describe_run(m, it, a, a == q, msg);
	strbuf_addstr(msg, ", can still be ");
	if (function)
		strbuf_addf(msg, "in %s()", function);
	else
		strbuf_addstr(msg, "running");
	strbuf_addstr(msg, " when run B, ");
	describe_run(m, it, b, b == q, msg);
	strbuf_addstr(msg, ", starts ");
	if (shared == WQ_POOLS_SHARED)
		strbuf_addstr(msg, "on another CPU (the two workqueues share each CPU's "
			      "worker pool, so the overlap needs two CPUs)");
	else if (shared == WQ_POOLS_SHARED_UNLESS_POWER_EFFICIENT)
		strbuf_addstr(msg, "on another CPU (the two workqueues share each CPU's "
			      "worker pool unless workqueue.power_efficient is set, which "
			      "makes the power-efficient one unbound: then on any CPU)");
	else
		strbuf_addstr(msg, "in another worker pool");
}

static void report(const struct workitem_model *m, const struct work_item *it,
		   const struct queueing *q, const struct queueing *home, enum overlap o,
		   const struct work_binding *one, const struct work_binding *two,
		   struct scan_result *res)
{
	struct strbuf msg = STRBUF_INIT, ev = STRBUF_INIT;
	struct source_file *in = source_get(&m->a->sc, q->file);
	struct work_binding *const *b;
	const char *function = NULL;	/* the work function, when known */
	char *lock = NULL, *writes = NULL, *via = NULL;
	bool benign = false;
	struct finding *f;
	size_t nr = 0;

	b = workitem_index_lookup(&m->a->idx, it->key, &nr);
	if (nr) {
		function = b[0]->function;
		if (!two)
			lock = work_binding_body_lock(m, b[0]);
		/* no lock across the body, but its writes are all its own
		 * or under a lock it takes */
		if (!two && !lock && o == OVERLAP_REAL)
			benign = work_binding_writes_nothing_shared(m, b[0], &writes, &via);
	}
	f = scan_result_add_finding(res, &rule_two_workqueues, q->file, q->line, q->column,
				    q->end_column, in ? &in->lex : NULL);
	if (!f) {
		free(lock);
		free(writes);
		free(via);
		return;
	}
	/* A rename of one of its sites (system_wq to system_percpu_wq) is
	 * the same finding while the item is on no more workqueues. */
	f->identity = xstrdup(it->key);
	f->extent = work_item_nr_workqueues(it);
	f->severity = SEVERITY_WARNING;
	if (!q->wq.id) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "%s() queues %s on `%s`, %s, which wqcheck cannot "
			    "name; the item is also queued on ", q->api, q->item_text,
			    q->wq.text, q->wq.why_unknown);
		describe_wq(&msg, home);
		strbuf_addf(&msg, " at %s:%u: unless `%s` is that workqueue, ",
			    home->file, home->line, q->wq.text);
		describe_interleaving(m, it, q, home, function, &msg);
	} else {
		strbuf_addf(&msg, "%s() queues %s on ", q->api, q->item_text);
		describe_wq(&msg, q);
		strbuf_addstr(&msg, ", but it is also queued on ");
		describe_wq(&msg, home);
		strbuf_addf(&msg, " at %s:%u: ", home->file, home->line);
		if (two_allocated(m, q, home))
			strbuf_addf(&msg, "kernel/workqueue.c allocates %s and %s as two "
				    "workqueues, and the one-worker guarantee holds only on "
				    "one workqueue: ", q->wq.id, home->wq.id);
		else
			strbuf_addstr(&msg, "the one-worker guarantee holds only on one "
				      "workqueue: ");
		describe_interleaving(m, it, q, home, function, &msg);
	}
	if (o == OVERLAP_TIMING) {
		struct queue_delay dq, de;

		/* dq is run B's delay, de run A's, in the interleaving's order */
		bool swap = self_requeue_first(m, it, q, home);

		queue_delay_of(m, swap ? home : q, &dq);
		queue_delay_of(m, swap ? q : home, &de);
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, ", but only timing allows it: run B starts `%s` (%ld ms or "
			    "more) after its queueing and run A `%s` after its own, so they "
			    "overlap only if a run lasts that long", dq.text, dq.ms, de.text);
		queue_delay_release(&dq);
		queue_delay_release(&de);
	}
	if (two) {
		/* Stages of one object, each queued where it belongs, are
		 * safe when a stage is queued only after the one before has
		 * run: the code does not show it. */
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "; unless each stage is queued only after the last one ran "
			    "(the item has several work functions, %s() and %s(), so this "
			    "may be a hand-off from one stage to the next)", one->function,
			    two->function);
	} else if (lock) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "; %s()'s whole body runs under %s, so the two runs take "
			    "turns: a wasted run, not a race", function, lock);
	} else if (benign) {
		f->severity = SEVERITY_NOTE;
		if (*writes)
			strbuf_addf(&msg, "; %s() writes what the two runs share only under %s "
				    "(elsewhere its own locals, what it took onto a list of its own, "
				    "and references it holds), so the runs take turns where they write: an overlap wastes "
				    "a run, not a race", function, writes);
		else
			strbuf_addf(&msg, "; %s() writes nothing the two runs share (its "
				    "assignments are to its locals; it reads, queues work and calls "
				    "functions that write nothing), so an overlap wastes a run, not "
				    "a race", function);
		/* what it calls through pointers, read from the ops tables */
		if (via && *via)
			strbuf_addf(&msg, "; what it calls through pointers (%s) writes "
				    "nothing the runs share outside its own locks", via);
	} else if (nr && o == OVERLAP_TIMING) {
		strbuf_addf(&msg, "; no lock is held across %s()'s body", function);
	} else if (nr) {
		strbuf_addf(&msg, "; no lock is held across %s()'s body, so the two runs "
			    "can touch its state at the same time", function);
	}
	strbuf_addstr(&msg, "; queue every site of the item on the same workqueue");
	f->message = strbuf_detach(&msg);
	strbuf_addf(&ev, "%s is queued on ", home->item_text);
	describe_wq(&ev, home);
	strbuf_addf(&ev, " here, with %s()", home->api);
	if (queueing_inside_run(m, it, home))
		strbuf_addstr(&ev, ", by a run of the item");
	finding_add_evidence(f, home->file, home->line, home->column, ev.buf);
	strbuf_release(&ev);
	free(lock);
	free(writes);
	free(via);
}

/* `mod_delayed_work(dw->wq, dw, ...)`: the workqueue the item was last
 * queued on, read from the item itself, is the one it is on. */
static bool own_last_workqueue(const struct queueing *q)
{
	const char *item = q->item_text;
	size_t n;

	while (*item == '&')
		item++;
	n = strlen(item);
	return q->wq.text && !strncmp(q->wq.text, item, n) &&
	       !strcmp(q->wq.text + n, ".wq");
}

/* How many queueings of the same object as q name workqueue w. */
static size_t count_on(const struct workitem_model *m, const struct work_item *it,
		       const struct queueing *q, const struct wq_ref *w)
{
	size_t i, n = 0;

	for (i = 0; i < it->nr_queueings; i++)
		if (wq_ref_same(&it->queueings[i]->wq, w) &&
		    same_object(m, it->key, q, it->queueings[i]))
			n++;
	return n;
}

/* Which of the item's work functions differ: two or more say the item goes
 * through stages, each queued where it belongs (a hand-off). */
static const struct work_binding *second_function(const struct workitem_model *m,
						  const char *key,
						  const struct work_binding **first)
{
	struct work_binding *const *b;
	size_t nr = 0, i;

	b = workitem_index_lookup(&m->a->idx, key, &nr);
	for (i = 1; i < nr; i++)
		if (strcmp(b[i]->function, b[0]->function)) {
			*first = b[0];
			return b[i];
		}
	return NULL;
}

/* A queueing is reported when the same object is queued elsewhere on
 * another workqueue that more of its queueings name (or as many, and that
 * one comes first): the odd one out, with the other as evidence. An
 * unknown workqueue is said once an item, as a note. */
static void check_item(const struct workitem_model *m, const struct work_item *it,
		       struct scan_result *res)
{
	const struct work_binding *one = NULL, *two;
	bool unknown_said = false, unknown = false;
	size_t i, j;

	/* Most items name one workqueue at every site: nothing to compare
	 * (a big driver's item would cost its pairs of sites for nothing). */
	for (i = 0; i < it->nr_queueings; i++)
		unknown |= !it->queueings[i]->wq.id;
	if (work_item_nr_workqueues(it) + (unknown ? 1 : 0) < 2)
		return;
	two = second_function(m, it->key, &one);
	for (j = 0; j < it->nr_queueings; j++) {
		const struct queueing *q = it->queueings[j], *best = NULL;
		enum overlap best_o = OVERLAP_NONE;
		size_t mine, best_n = 0;

		if ((!q->wq.id && unknown_said) || own_last_workqueue(q))
			continue;
		mine = q->wq.id ? count_on(m, it, q, &q->wq) : 0;
		for (i = 0; i < it->nr_queueings; i++) {
			const struct queueing *e = it->queueings[i];
			enum overlap o;
			size_t n;

			if (i == j || !e->wq.id || wq_ref_same(&q->wq, &e->wq) ||
			    own_last_workqueue(e) || !same_object(m, it->key, q, e))
				continue;
			n = count_on(m, it, e, &e->wq);
			if (!(n > mine || (n == mine && i < j)))
				continue;
			/* the other site with a real overlap first, then the
			 * workqueue most of the item's sites name */
			if (best_o == OVERLAP_REAL && n <= best_n)
				continue;
			o = pair_overlap(m, it, q, e);
			if (o == OVERLAP_NONE || o < best_o || (o == best_o && n <= best_n))
				continue;
			best = e;
			best_o = o;
			best_n = n;
		}
		if (!best)
			continue;
		if (!q->wq.id)
			unknown_said = true;
		report(m, it, q, best, best_o, two ? one : NULL, two, res);
	}
}

static void check_two_workqueues(const struct workitem_model *m, struct scan_result *res)
{
	size_t i, ticks = 0;

	for (i = 0; i < m->nr_items; i++, workitem_model_trim(m, &ticks))
		if (m->items[i].nr_queueings > 1)
			check_item(m, &m->items[i], res);
}

const struct rule rule_two_workqueues = {
	.id = "WQ014",
	.family = RULE_FAMILY_REENTRANCE,
	.name = "two-workqueues",
	.summary = "one work item queued on two workqueues",
	.help = "A work item runs on one worker at a time only while no one queues it "
		"to another workqueue (Documentation/core-api/workqueue.rst, "
		"Non-reentrance Conditions). On 6.17+ trees system_wq and "
		"system_percpu_wq are two workqueues, and schedule_*() queues on "
		"system_percpu_wq: an item queued with schedule_work() in one place and "
		"queue_work(system_wq, ...) in another may run twice at once. A warning "
		"writes the overlap down, its work holding no lock across its body; one "
		"lock (also taken in the one function the body calls), writes only "
		"under locks the work takes, or timing alone make it a note. Queue "
		"every site of an item on one workqueue.",
	.severity = SEVERITY_WARNING,
	.tree_pass = workitem_tree_pass,
	.tree_reader = &workitem_tree_reader,
	.model_check = check_two_workqueues,
};
