/*
 * WQ015: a work item re-initialised where it may be live. INIT_*WORK()
 * clears the pending bit and the list head of an item that may sit on a
 * worklist (a corrupt list, a lost or doubled run) and, on a running item,
 * makes the next queueing a stranger to the running one. An item
 * initialised once before its first queueing (probe, init, open paired
 * with a synchronous cancel) is not a finding.
 */
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"
#include "analysis/rules/reinit-running.h"
#include "analysis/model/callback-kind.h"
#include "analysis/model/init-guard.h"
#include "analysis/model/item-origin.h"
#include "analysis/model/live-window.h"
#include "analysis/model/timer-rearm.h"
#include "analysis/model/work-body.h"
#include "analysis/model/work-calls.h"
#include "analysis/model/workitem-context.h"
#include "analysis/rules/workitem-pass.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static bool initialises(const struct work_binding *b)
{
	return (!strncmp(b->how, "INIT_", 5) || !strncmp(b->how, "__INIT_", 7)) &&
	       !strstr(b->how, "ONSTACK");
}

/* Is name one of the lines of list (each ended by '\n'; NULL: none)? */
static bool is_line_of(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (; list && *list; list = strchr(list, '\n') + 1)
		if (!strncmp(list, name, n) && list[n] == '\n')
			return true;
	return false;
}

/*
 * Can check_binding() find anything here? Only in a function that is the
 * item's own work function, or that a work function of its file calls, or
 * that queues the item itself or through a function of its file it calls:
 * what the index noted when it read the file tells, so that most bindings
 * (probe and init functions) cost no second lexing of their file.
 */
static bool may_be_live_here(const struct workitem_model *m, const struct work_item *it,
			     const struct work_binding *b)
{
	struct work_binding *const *all;
	size_t nr = 0, i;

	if (!b->in_function)
		return false;
	all = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; i < nr; i++)
		if (!strcmp(all[i]->function, b->in_function) ||
		    is_line_of(b->in_function_callers, all[i]->function))
			return true;
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];

		if (q->caller && !strcmp(q->file, b->file) &&
		    (!strcmp(q->caller, b->in_function) ||
		     is_line_of(b->in_function_callees, q->caller)))
			return true;
	}
	return false;
}

/* A queueing of the item from outside function fn (another path that can
 * make it pending while fn runs), else any. */
static const struct queueing *other_queueing(const struct work_item *it, const char *fn)
{
	size_t i;

	if (!it || !it->nr_queueings)
		return NULL;
	for (i = 0; i < it->nr_queueings; i++)
		if (!it->queueings[i]->caller || strcmp(it->queueings[i]->caller, fn))
			return it->queueings[i];
	return it->queueings[0];
}

static void add_evidence(struct finding *f, const struct queueing *q)
{
	struct strbuf ev = STRBUF_INIT;

	if (!q)
		return;
	strbuf_addf(&ev, "%s is queued here with %s()", q->item_text, q->api);
	finding_add_evidence(f, q->file, q->line, q->column, ev.buf);
	strbuf_release(&ev);
}

static const char harm[] = ": INIT_* clears the pending bit and the list head of an item that "
			   "may be on a worklist (list corruption, a lost or doubled run), "
			   "whatever lock the work takes; initialise it once where it is set "
			   "up, requeue it without INIT_*, and cancel_*_sync() it before any "
			   "re-initialisation";

/* A function of f that w calls and that sets state or flag x back: its
 * name (f's), *line where; NULL when none. */
static const char *callee_resetting(const struct source_file *f,
				    const struct source_function *w, const char *x,
				    bool member, bool state, unsigned *line)
{
	const struct lexed_file *lf = &f->lex;
	unsigned after = 0;
	size_t j;

	if (w->is_macro)
		return NULL;
	for (j = w->body_open; j < w->body_close && j < lf->nr_tokens; j++) {
		const struct source_function *g;
		char *name;

		if (lf->tokens[j].kind != TOK_IDENT ||
		    !tok_is_punct(lf, token_next_code(lf, (long)j), "("))
			continue;
		name = tok_text(lf, j);
		g = strcmp(name, w->name) ? source_find_function(f, name) : NULL;
		free(name);
		if (g && (*line = state ? state_reset_in(f, g, x, member, &after) :
					  flag_cleared_in(lf, g, x, &after)))
			return g->name;
	}
	return NULL;
}

/* A reset or recovery: a function level reset (idxd_device_flr) too. */
static bool name_says_recovery(const char *name)
{
	return strstr(name, "reset") || strstr(name, "reinit") || strstr(name, "recover") ||
	       ends_with(name, "_flr");
}

/* fn takes a struct work_struct *: it is a work function. */
static bool takes_work_struct(const struct lexed_file *lf, const struct source_function *fn)
{
	size_t j;

	for (j = fn->params_open; j < fn->params_close; j++)
		if (tok_is_ident(lf, (long)j, "work_struct"))
			return true;
	return false;
}

/* Whether tok sits after a case or default label of a switch around it. */
static bool under_case_label(const struct lexed_file *lf, const struct source_function *fn,
			     size_t tok)
{
	int depth = 0;
	long j;

	for (j = (long)tok - 1; j > (long)fn->body_open; j--) {
		if (tok_is_punct(lf, j, "}"))
			depth++;
		else if (tok_is_punct(lf, j, "{") && depth)
			depth--;
		else if (!depth && (tok_is_ident(lf, j, "case") || tok_is_ident(lf, j, "default")))
			return true;
	}
	return false;
}

/*
 * The INIT in the item's own work function or in a function that work
 * function calls. With another function it hands the item on to the
 * next stage as the run's last act (dm-crypt, usb hub): no finding. With
 * the function it already has (batman-adv, virtio_scsi), the INIT hits the
 * running item, which its source may have queued again meanwhile: a
 * warning when the INIT is the run's own item, a note when the call's
 * argument does not tell.
 */
static bool running_finding(const struct workitem_model *m, const struct work_binding *b,
			    const struct code_place *p, const char *text, enum item_base base,
			    const char *running, bool own, struct strbuf *msg,
			    enum severity *sev, const struct queueing **ev)
{
	const struct work_item *it = workitem_model_item(m, b->key);
	const struct queueing *q = other_queueing(it, p->fn->name);
	struct work_call wc = { 0 };
	const struct source_function *w = NULL;
	bool handed = false;

	/* Another function: the run hands the item on to the next stage
	 * as its last act; a new object: not the running item. */
	if (strcmp(running, b->function) || base == ITEM_BASE_ALLOCATED ||
	    reinit_initialised_once_only(m, b, p))
		return false;
	if (!own) {
		w = source_find_function(p->f, running);
		if (!w || !work_call_read(p->f, w, p->fn, p->tok, text, &wc))
			return false;
		/* The constants it passes rule this branch out. */
		if (wc.not_taken) {
			work_call_release(&wc);
			return false;
		}
	}
	/* Under a case of a switch that steps its own counter (ext4's
	 * switch (++ctx->cur_step)): the run queued from this case calls in
	 * at a later step, so it reaches a later case, another stage's
	 * INIT_* (a hand-off), never this one. */
	if (init_guard_stepping_switch(&p->f->lex, p->fn, p->tok)) {
		work_call_release(&wc);
		return false;
	}
	/* Under another case label: the state that picks it is not
	 * followed. */
	*sev = (own || wc.own_item) && !under_case_label(&p->f->lex, p->fn, p->tok) ?
		       SEVERITY_WARNING : SEVERITY_NOTE;
	strbuf_addf(msg, "%s re-initialises %s ", b->how, text ? text : b->key);
	if (own)
		strbuf_addf(msg, "inside %s(), its own work function, while it runs",
			    p->fn->name);
	else
		strbuf_addf(msg, "in %s(), which the item's work function %s() calls at "
			    "line %u %s", p->fn->name, running, wc.line,
			    wc.own_item ? "with its own item" :
					  "(whether with its own item, the argument does "
					  "not tell)");
	strbuf_addf(msg, ": a run of %s() re-initialises the item it is running as, "
		    "with the function it already has; ", running);
	if (q && (handed = reinit_handed_on_after_init(p, text, msg, q))) {
		/* its own harm said: the source comes back only after the INIT */
	} else if (q && (handed = reinit_queued_only_after_init(m, it, p, b->line, running, text,
							 msg))) {
		/* likewise: nothing queues the item before the INIT */
	} else if (q) {
		strbuf_addstr(msg, "while it runs, ");
		reinit_queueing_place(msg, q);
		strbuf_addstr(msg, " can queue it again before this INIT_*, which then "
			      "hits a queued item");
	} else {
		strbuf_addstr(msg, "any queueing meanwhile is cleared");
	}
	if (!handed)
		strbuf_addstr(msg, harm);
	*ev = q;
	work_call_release(&wc);
	return true;
}

/*
 * An irq_chip method (hid-cp2112's .irq_startup) runs for each interrupt
 * line of its chip, while the item it queues belongs to the device, one
 * for all the lines: the second line's call meets the item the first one
 * queued, pending, or kept live by a work function that requeues itself.
 */
static void irq_chip_clause(const struct work_item *it, const struct work_binding *b,
			    const struct code_place *p, const char *via, struct strbuf *msg)
{
	const struct queueing *self = NULL;
	size_t i;

	strbuf_addf(msg, " each time it runs; %s()%s%s%s an irq_chip method, which the "
		    "interrupt core calls for each interrupt line of the chip, whether or "
		    "not the item queued last time has run: a call for a second line while that "
		    "queueing is pending re-initialises a queued item", p->fn->name,
		    via ? " is called only from " : " is", via ? via : "", via ? "()," : "");
	for (i = 0; it && i < it->nr_queueings && !self; i++)
		if (it->queueings[i]->caller && !strcmp(it->queueings[i]->caller, b->function))
			self = it->queueings[i];
	if (self)
		strbuf_addf(msg, ", and %s() queues the item again as it runs (%s:%u), so "
			    "it stays live from the first call on", b->function, self->file,
			    self->line);
}

/*
 * INIT_*, then a queueing, each time a function runs: live only if the
 * function runs again while the item is still pending or running. What
 * shows that it does (a warning), or that it does not (no finding); an
 * object of its own each call, the common case, is no finding.
 */
static bool repeated_finding(const struct workitem_model *m, const struct work_binding *b,
			     const struct code_place *p, const char *text, enum item_base base,
			     const struct queueing *q, unsigned q_line, struct strbuf *msg,
			     enum severity *sev)
{
	const struct lexed_file *lf = &p->f->lex;
	const struct work_item *it = workitem_model_item(m, b->key);
	const struct work_binding *const *all;
	enum callback_kind kind = function_callback_kind(lf, p->fn);
	const char *via = NULL;
	struct pool_origin pool;
	struct static_caller sc;
	struct timer_rearm rearm;
	char *ordered = NULL;
	unsigned line = 0, after_clear = 0;
	size_t nr = 0, i;
	char *flag, *state, *per_object;
	bool member = false;

	strbuf_addf(msg, "%s re-initialises %s in %s(), which then queues it (", b->how,
		    text ? text : b->key, p->fn->name);
	reinit_queueing_place(msg, q);
	strbuf_addstr(msg, ")");
	if (item_from_pool(m, b->key, p, text, &pool) && pool.own_put &&
	    (ordered = item_all_on_one_ordered_wq(m, it))) {
		/* The run hands its own object back (put_work()) and the next
		 * taker queues it on the one ordered workqueue it runs on:
		 * the new run waits for the old one, and nothing queued the
		 * object between (iwcm's iwcm_wq on v7.0). */
		free(ordered);
		pool_origin_release(&pool);
		return false;
	}
	if (pool.own_put) {
		strbuf_addf(msg, ", on an object %s() takes back from the list %s (line %u), "
			    "which the item's work function %s() puts back as it runs (%s(), "
			    "line %u): the next %s() re-initialises the running item, and "
			    "its workqueue is not one ordered workqueue, so the new run can "
			    "start beside it", pool.getter, pool.list, pool.get_line,
			    pool.work_fn, pool.putter, pool.put_line, p->fn->name);
		*sev = SEVERITY_NOTE;
		pool_origin_release(&pool);
		return true;
	} else if (pool.getter && pool.putter) {
		strbuf_addf(msg, ", on an object %s() takes back from the list %s (line %u); "
			    "the item's work function %s() puts objects back on that list "
			    "(%s(), line %u) while their own queueing may still be pending: "
			    "run 1 of one object hands another object back while that one is "
			    "still on the worklist, and the next %s() takes it again and "
			    "re-initialises a queued item",
			    pool.getter, pool.list, pool.get_line, pool.work_fn, pool.putter,
			    pool.put_line, p->fn->name);
		pool_origin_release(&pool);
		return true;
	}
	/* A new object each call, run once, or an object that dies with
	 * the run it is given to (__free_winch): no second INIT meets it. */
	if (base == ITEM_BASE_ALLOCATED || function_runs_once(p->f, p->fn) ||
	    name_says_teardown(b->function))
		return false;
	/* A state that keeps a second queueing out until the work sets it
	 * back, or for good. */
	state = init_guard_state(p->f, p->fn, p->tok, &member, &line);
	flag = state ? NULL : init_guard_flag(lf, p->fn, p->tok);
	/* A state of each object (reached through a pointer) guards one
	 * static item for all of them (aha152x's per-host service flag and
	 * its one aha152x_tq): a second object's pass finds its own state
	 * clear and re-initialises the item the first one queued. */
	if (state && member && base == ITEM_BASE_GLOBAL && item_of_file_scope(p->f, text) &&
	    (per_object = init_guard_state_per_object(lf, p->fn, p->tok, state))) {
		strbuf_addf(msg, " only while %s is clear, a state of each object %s() is "
			    "called for, but %s is one static item for all of them: %s() for "
			    "object A sets A's %s and queues the item; before it has run, %s() "
			    "for object B finds B's %s clear and re-initialises the item A "
			    "queued while it is still pending, then queues it again",
			    per_object, p->fn->name, text, p->fn->name, state, p->fn->name,
			    state);
		free(per_object);
		free(state);
		return true;
	}
	if (state || flag) {
		const char *x = state ? state : flag;
		unsigned cleared = 0;

		all = (const struct work_binding *const *)workitem_index_lookup(&m->a->idx,
										 b->key, &nr);
		const char *callee = NULL;

		for (i = 0; i < nr && !cleared; i++) {
			const struct source_function *w = source_find_function(p->f,
									 all[i]->function);

			if (!w || strcmp(all[i]->file, p->f->path))
				continue;
			cleared = state ? state_reset_in(p->f, w, x, member, &after_clear) :
					  flag_cleared_in(lf, w, x, &after_clear);
			if (!cleared)
				callee = callee_resetting(p->f, w, x, member, state != NULL,
							  &cleared);
		}
		/* Set back in a function the work calls: when, against the
		 * run's end and what else keeps its source quiet (aha152x's
		 * INTEN), is not followed. */
		if (callee) {
			strbuf_addf(msg, " only while %s is clear, which %s() (called by "
				    "the work function %s()) sets back at line %u: if that "
				    "comes before the run ends, the next %s() re-initialises "
				    "the running item", x, callee, b->function, cleared,
				    p->fn->name);
			*sev = SEVERITY_NOTE;
			free(state);
			free(flag);
			return true;
		}
		if (cleared && after_clear) {
			strbuf_addf(msg, " only while %s is clear, but the work function %s() "
				    "clears %s at line %u and goes on running: a run past that "
				    "line lets the next %s() in, which re-initialises the running "
				    "item and queues it beside it", x, b->function, x, cleared,
				    p->fn->name);
			free(state);
			free(flag);
			return true;
		}
		/* Set back as the run's last act, or never: the test keeps
		 * every other pass out while the item is live. */
		if (cleared || (state && !state_reset_in(p->f, NULL, x, member, &after_clear))) {
			free(state);
			free(flag);
			return false;
		}
		free(state);
		free(flag);
	}
	pool_origin_release(&pool);
	/* A helper only a callback calls runs as that callback does. */
	if (kind == CALLBACK_NONE)
		kind = function_callback_kind_via_caller(p->f, p->fn, &via);
	if (kind == CALLBACK_TIMER && !via &&
	    timer_rearmed_only_ahead(&m->a->sc, p->f, p->fn, &rearm)) {
		const struct queueing *o = other_queueing(it, p->fn->name);

		if (o && o->caller && !strcmp(o->caller, p->fn->name))
			o = NULL;
		strbuf_addf(msg, " each time it runs; %s() is the callback of the one-shot "
			    "timer %s, which fires again only after %s() re-arms it ahead of "
			    "now (%s:%u, to `%s`%s), so its own next firing meets the item "
			    "still pending only if the item waited out that delay",
			    p->fn->name, rearm.member, rearm.call, rearm.file, rearm.line,
			    rearm.expires, rearm.nr_sites > 1 ? ", and so do its other "
			    "re-armings" : "");
		if (o) {
			/* Another source queues the item: this firing can meet
			 * that queueing pending (fnic's second timer). */
			struct source_file *of = source_get(&m->a->sc, o->file);
			const struct source_function *ofn = of && o->caller ?
				source_find_function(of, o->caller) : NULL;
			enum callback_kind ok = ofn ? function_callback_kind(&of->lex, ofn) :
						      CALLBACK_NONE;

			strbuf_addf(msg, "; but %s()%s%s%s also queues it (", o->caller ?
				    o->caller : "file-scope code", ok != CALLBACK_NONE ? " (" : "",
				    callback_kind_name(ok), ok != CALLBACK_NONE ? ")" : "");
			reinit_queueing_place(msg, o);
			strbuf_addf(msg, "): when %s fires while that queueing is pending, the "
				    "INIT_* here re-initialises a queued item", rearm.member);
		} else {
			*sev = SEVERITY_NOTE;
			strbuf_addstr(msg, ": timing, which nothing in the code rules out or "
				      "makes likely");
		}
		timer_rearm_release(&rearm);
		return true;
	}
	if (kind == CALLBACK_IRQ_CHIP) {
		/* one item per line (`&dev->line[d->hwirq].work`): each
		 * line's call meets its own item, not one for all */
		if (strstr(b->key, "[]"))
			return false;
		irq_chip_clause(it, b, p, via, msg);
		return true;
	}
	if (kind != CALLBACK_NONE) {
		strbuf_addf(msg, " each time it runs; %s()%s%s%s %s, which runs again "
			    "whenever its source fires, whether or not the item queued last "
			    "time has run: a second firing while that queueing is pending "
			    "re-initialises a queued item", p->fn->name,
			    via ? " is called only from " : " is", via ? via : "",
			    via ? "()," : "", callback_kind_name(kind));
		/* A reset or recovery run, started once per failure: the
		 * source is quiet until it has run, which the code does not
		 * show (idxd's halt interrupt). */
		if (name_says_recovery(b->function)) {
			*sev = SEVERITY_NOTE;
			strbuf_addf(msg, " (%s() resets or recovers the device: if the "
				    "source stays quiet until it has run, no second firing "
				    "meets it)", b->function);
		}
		return true;
	}
	if ((line = init_guard_pending_test(lf, p->fn, p->tok))) {
		const struct queueing *self = NULL;

		for (i = 0; it && i < it->nr_queueings && !self; i++)
			if (it->queueings[i]->caller &&
			    !strcmp(it->queueings[i]->caller, b->function))
				self = it->queueings[i];
		if (self) {
			strbuf_addf(msg, " only when the pending test at line %u says it is "
				    "not queued; a running item is not pending, and its work "
				    "function %s() queues it again (%s:%u): the run can requeue "
				    "it between the test and this INIT_*, or after it beside a "
				    "second run", line, b->function, self->file, self->line);
			return true;
		}
	}
	if (base == ITEM_BASE_GLOBAL || item_static_via_caller(p, text, &sc)) {
		if ((base == ITEM_BASE_GLOBAL && !item_of_file_scope(p->f, text)) ||
		    waits_for_item_after(p, q_line)) {
			if (base != ITEM_BASE_GLOBAL)
				static_caller_release(&sc);
			return false;
		}
		if (base == ITEM_BASE_GLOBAL)
			strbuf_addf(msg, "; the item is one static object, so a second call of "
				    "%s() while the first queueing is pending re-initialises a "
				    "queued item", p->fn->name);
		else
			strbuf_addf(msg, "; %s() passes it &%s (line %u), one static object, so "
				    "a second call while the first queueing is pending "
				    "re-initialises a queued item", sc.caller, sc.object, sc.line);
		if (base != ITEM_BASE_GLOBAL)
			static_caller_release(&sc);
		/* A caller that passes it from a loop: no second event
		 * needed, one pass over its input can call twice. */
		if (base != ITEM_BASE_GLOBAL && item_static_loop_caller(&m->a->sc, p, text, &sc)) {
			strbuf_addf(msg, "; %s() (%s:%u) passes it &%s, one static object, from "
				    "inside a loop that waits for nothing: a later turn that "
				    "calls %s() again re-initialises the item an earlier turn "
				    "queued, still pending unless a worker ran it in between",
				    sc.caller, sc.file, sc.line, sc.object, p->fn->name);
			static_caller_release(&sc);
		}
		/* A work function itself: its runs do not overlap, and a next
		 * one meets the item still pending only with timing. */
		if (takes_work_struct(lf, p->fn)) {
			*sev = SEVERITY_NOTE;
			strbuf_addf(msg, " (%s() is a work function: its own runs do not "
				    "overlap, so only a next run that comes before the item "
				    "ran meets it pending)", p->fn->name);
		}
		return true;
	}
	return false;
}

static void check_binding(const struct workitem_model *m, const struct work_binding *b,
			  struct scan_result *res)
{
	const struct work_item *it = workitem_model_item(m, b->key);
	const struct queueing *before = NULL, *after = NULL, *ev = NULL;
	const struct work_binding *own;
	const char *reacher = NULL;
	enum severity sev = SEVERITY_WARNING;
	struct strbuf msg = STRBUF_INIT;
	struct code_place p;
	struct finding *f;
	unsigned q_line = 0, disabled = 0;
	enum item_base base;
	bool found = false;
	char *text, *lock, *created = NULL;

	if (!code_place_of(m, b, &p) || !p.fn)
		return;
	text = binding_item_text(&p);
	base = item_base_in(&p, text);
	own = own_work_function(m, b->key, &p);
	if (!own)
		reacher = work_function_reaching(m, b->key, &p);
	if (own || reacher) {
		found = running_finding(m, b, &p, text, base, own ? p.fn->name : reacher,
					own, &msg, &sev, &ev);
	} else if (!made_idle_before(m, b->key, &p, b->line, text)) {
		before = queued_in_same_function(it, &p, b->line, true, &q_line);
		/* In another branch, or an earlier turn of a loop over per-CPU
		 * instances: not the same live item. */
		if (before && (!queueing_dominates(&p, before, q_line) ||
			       !strncmp(b->key, "percpu ", 7) || strstr(b->key, "[]")))
			before = NULL;
		/* A set-up name says the function runs once per object; what
		 * calls it, when its signature tells (an irq_chip's
		 * .irq_startup runs per interrupt line), says more. */
		if (!before && (!name_says_setup(p.fn->name) ||
				function_callback_kind(&p.f->lex, p.fn) != CALLBACK_NONE))
			after = queued_in_same_function(it, &p, b->line, false, &q_line);
	}
	/* Created disabled (INIT_* then disable_work_sync() in an init
	 * helper, ksmbd's smbdirect_socket_init()) and enabled only by an
	 * INIT_*: the queueing before did nothing, the item is idle here. */
	if (before && item_created_disabled(m, b->key, b, &created)) {
		free(created);
		goto out;
	}
	if (before && base != ITEM_BASE_ALLOCATED) {
		strbuf_addf(&msg, "%s re-initialises %s after %s() queued it at line %u "
			    "of the same function (on %s): the item may still be pending "
			    "there", b->how, text ? text : b->key, before->api, q_line,
			    before->wq.text ? before->wq.text : "a workqueue the call computes");
		/* Disabled elsewhere in the file: the queueing before may have
		 * done nothing, and INIT_* may be how the item is enabled again. */
		if ((disabled = disabled_in_file(&p, b->key))) {
			sev = SEVERITY_NOTE;
			strbuf_addf(&msg, " (line %u disables the item: if it is still "
				    "disabled here, that queueing did nothing and this "
				    "INIT_* enables it again, which is safe)", disabled);
		}
		strbuf_addstr(&msg, harm);
		ev = before;
		found = true;
	} else if (after) {
		found = repeated_finding(m, b, &p, text, base, after, q_line, &msg, &sev);
		if (found)
			strbuf_addstr(&msg, harm);
		ev = after;
	}
	if (!found)
		goto out;
	/* A lock across the work's body serialises two runs, not the
	 * worklist an INIT_* of a queued item corrupts: said, not a note. */
	if (sev == SEVERITY_WARNING && (lock = work_binding_body_lock(m, b))) {
		strbuf_addf(&msg, " (the work runs its body under %s, which keeps two runs "
			    "apart but not the worklist)", lock);
		free(lock);
	}
	f = scan_result_add_finding(res, &rule_reinit_live, b->file, b->line, b->column,
				    b->column + (unsigned)strlen(b->how), &p.f->lex);
	if (!f)
		goto out;
	f->severity = sev;
	f->identity = binding_identity(b);
	f->message = strbuf_detach(&msg);
	add_evidence(f, ev);
out:
	strbuf_release(&msg);
	free(text);
}

static int by_place(const void *x, const void *y)
{
	const struct work_binding *a = *(const struct work_binding *const *)x;
	const struct work_binding *b = *(const struct work_binding *const *)y;
	int c = strcmp(a->file, b->file);

	return c ? c : (a->line > b->line) - (a->line < b->line);
}

/* File by file: the index is sorted by item, and a whole tree's files do
 * not all fit in the source cache, so item order would lex them again.
 * The next files are lexed ahead on the reading threads, the checks then
 * find them in the cache. */
static void check_reinit_live(const struct workitem_model *m, struct scan_result *res)
{
	const struct work_binding **todo = xcalloc(m->a->idx.nr + 1, sizeof(*todo));
	const char *files[TREE_FILES_AHEAD];
	size_t i, j, nr = 0, nr_files;

	for (i = 0; i < m->a->idx.nr; i++) {
		const struct work_binding *b = &m->a->idx.bindings[i];
		const struct work_item *it = workitem_model_item(m, b->key);

		if (initialises(b) && it && may_be_live_here(m, it, b))
			todo[nr++] = b;
	}
	qsort(todo, nr, sizeof(*todo), by_place);
	for (i = 0; i < nr; i = j) {
		for (j = i, nr_files = 0; j < nr; j++) {
			if (nr_files && !strcmp(files[nr_files - 1], todo[j]->file))
				continue;
			if (nr_files == TREE_FILES_AHEAD)
				break;
			files[nr_files++] = todo[j]->file;
		}
		tree_reading_lex_ahead(m->a, files, nr_files, m->jobs);
		for (; i < j; i++)
			check_binding(m, todo[i], res);
	}
	free(todo);
}

const struct rule rule_reinit_live = {
	.id = "WQ015",
	.family = RULE_FAMILY_REENTRANCE,
	.name = "reinit-live",
	.summary = "a work item re-initialised (INIT_*WORK) where it may be pending or running",
	.help = "A work item runs on one worker at a time only while it is not "
		"re-initialised (Documentation/core-api/workqueue.rst, Non-reentrance "
		"Conditions). INIT_*WORK() on an item that may be queued clears its "
		"pending bit and list head. Warning where an interleaving exists: the "
		"item's own work function (or a callee it gives its item) re-initialising "
		"it with its own function, a timer callback, interrupt handler or irq_chip "
		"method re-initialising a long-lived item it queues, an object taken back from a "
		"free list the work refills, one static object every call re-initialises "
		"(or behind a state of each object), "
		"a flag or pending test that lets a second pass in while the item runs, "
		"or a queueing before the INIT on the same path. No finding for a new "
		"object per call or request, a stage hand-off, a branch the caller's "
		"constant rules out, a state set once, or an item created disabled "
		"that only INIT_* enables.",
	.severity = SEVERITY_WARNING,
	.tree_pass = workitem_tree_pass,
	.tree_reader = &workitem_tree_reader,
	.model_check = check_reinit_live,
};
