/*
 * WQ013: the function of a live work item changed. The workqueue tells
 * runs apart by item and function: PREPARE_WORK(), PREPARE_DELAYED_WORK()
 * or `w.func = f` on an item that may be pending or running makes it a
 * different work, which may then run beside the old one on another CPU.
 * Linux 3.15 removed PREPARE_[DELAYED_]WORK for this (its users got a
 * dispatching work function or one item per function).
 */
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"
#include "analysis/model/callback-kind.h"
#include "analysis/model/code-paths.h"
#include "analysis/model/func-swap.h"
#include "analysis/model/live-window.h"
#include "analysis/model/struct-home.h"
#include "analysis/model/work-body.h"
#include "analysis/model/work-calls.h"
#include "analysis/model/workitem-context.h"
#include "analysis/rules/workitem-pass.h"
#include "lib/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* The binding's function is a function of its file, not a variable that
 * holds one (floppy's PREPARE_WORK(&floppy_work, handler)). */
static bool names_a_function(const struct workitem_model *m, const struct work_binding *b)
{
	struct source_file *f = source_get(&m->a->sc, b->file);

	return f && source_find_function(f, b->function);
}

/* PREPARE_*; or `.func =` on what is known as a work item elsewhere (an
 * INIT_* or a queueing of it): other structs have a .func of their own
 * (btrfs_work). */
static bool changes_function(const struct workitem_model *m, const struct work_binding *b)
{
	struct work_binding *const *others;
	size_t nr = 0, i;

	if (strncmp(b->how, "PREPARE_", 8) && strcmp(b->how, ".func ="))
		return false;
	/* Always the same function (INIT_WORK(w, NULL) then PREPARE_WORK(w,
	 * f) each time): nothing changes. */
	others = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; i < nr; i++)
		if (strcmp(others[i]->function, b->function) &&
		    one_type(b->file, b->type_local, others[i]->file, others[i]->type_local))
			break;
	if (i == nr && names_a_function(m, b))
		return false;
	if (!strncmp(b->how, "PREPARE_", 8))
		return true;
	if (workitem_model_item(m, b->key))
		return true;
	for (i = 0; i < nr; i++)
		if (strcmp(others[i]->how, ".func =") &&
		    one_type(b->file, b->type_local, others[i]->file, others[i]->type_local))
			return true;
	return false;
}

/* The one lock every function item b's key is given (b's and the
 * others') holds across its whole body, or NULL: then two runs of the
 * item as two functions serialise on it. */
static char *shared_body_lock(const struct workitem_model *m, const struct work_binding *b)
{
	struct work_binding *const *all;
	char *lock = work_binding_body_lock(m, b), *other;
	size_t nr = 0, i;
	bool others = false;

	all = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; lock && i < nr; i++) {
		if (!strcmp(all[i]->function, b->function) || !strcmp(all[i]->function, "NULL") ||
		    !one_type(b->file, b->type_local, all[i]->file, all[i]->type_local))
			continue;
		other = work_binding_body_lock(m, all[i]);
		if (!other || strcmp(other, lock)) {
			free(lock);
			lock = NULL;
		}
		free(other);
		others = true;
	}
	if (!others) {
		free(lock);
		return NULL;
	}
	return lock;
}

static bool is_init(const struct work_binding *b)
{
	return !strncmp(b->how, "INIT_", 5) && !strstr(b->how, "ONSTACK");
}

/* Another INIT_* of b's item gives it another function in another
 * function: the cheap test before any file is read. */
static bool inited_twice(const struct workitem_model *m, const struct work_binding *b)
{
	struct work_binding *const *others;
	size_t nr = 0, i;

	others = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; i < nr; i++)
		if (others[i] != b && is_init(others[i]) && others[i]->in_function &&
		    strcmp(others[i]->function, b->function) &&
		    strcmp(others[i]->in_function, b->in_function) &&
		    one_type(b->file, b->type_local, others[i]->file, others[i]->type_local))
			return true;
	return false;
}

static void add_queueing_evidence(struct finding *f, const struct queueing *q)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s is queued here with %s()", q->item_text, q->api);
	finding_add_evidence(f, q->file, q->line, q->column, sb.buf);
	strbuf_release(&sb);
}

static void add_function_evidence(struct finding *f, const struct workitem_model *m,
				  const struct work_binding *changed)
{
	struct work_binding *const *b;
	size_t nr = 0, i;

	b = workitem_index_lookup(&m->a->idx, changed->key, &nr);
	for (i = 0; i < nr; i++)
		if (b[i] != changed && strcmp(b[i]->function, changed->function) &&
		    one_type(changed->file, changed->type_local, b[i]->file, b[i]->type_local)) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "%s gives the same item %s()", b[i]->how,
				    b[i]->function);
			finding_add_evidence(f, b[i]->file, b[i]->line, b[i]->column, sb.buf);
			strbuf_release(&sb);
			return;
		}
}

/* Another binding of the same item in the same function. */
static bool set_again_in_function(const struct workitem_model *m,
				  const struct work_binding *b, const struct code_place *p)
{
	struct work_binding *const *others;
	size_t nr = 0, i;

	if (!p->fn)
		return false;
	others = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; i < nr; i++)
		if (others[i] != b && !strcmp(others[i]->file, b->file) &&
		    !strcmp(others[i]->how, b->how) &&
		    others[i]->line >= p->first_line && others[i]->line <= p->last_line)
			return true;
	return false;
}

/* A queueing of it from outside function fn (NULL: any): a path that
 * can queue the item while fn runs. */
static const struct queueing *queueing_elsewhere(const struct work_item *it, const char *fn)
{
	size_t i;

	for (i = 0; it && i < it->nr_queueings; i++)
		if (!fn || !it->queueings[i]->caller || strcmp(it->queueings[i]->caller, fn))
			return it->queueings[i];
	return NULL;
}

/* A `.func =` on an object of the function's own (a parameter or a
 * local, not a variable of file scope) in a function that then queues it:
 * a per-object dispatch. PREPARE_* is left out: 3.15 removed it for the
 * long-lived items it switched. */
static bool per_request_dispatch(const struct work_binding *b, const struct code_place *p,
				 const char *text)
{
	const struct lexed_file *lf = &p->f->lex;
	enum item_base base;
	char *lvalue = NULL;
	long j = (long)p->tok, prev;

	if (strcmp(b->how, ".func =") || !p->fn)
		return false;
	/* `x->work.func = f`: the object is x, the lvalue's first name */
	if (!text) {
		while ((prev = token_prev_code(lf, j)) >= 0 &&
		       (lf->tokens[prev].kind == TOK_IDENT || tok_is_punct(lf, prev, "->") ||
			tok_is_punct(lf, prev, ".")))
			j = prev;
		if (lf->tokens[j].kind != TOK_IDENT)
			return false;
		text = lvalue = tok_text(lf, (size_t)j);
	}
	base = item_base_in(p, text);
	free(lvalue);
	return base == ITEM_BASE_PARAMETER || base == ITEM_BASE_LOCAL ||
	       base == ITEM_BASE_ALLOCATED;
}

/* The queueing q, in p's function itself, is the function's tail: only
 * stores, unlocks and a return follow it (code_is_tail()). A dispatch
 * that hands its object over that way is a stage hand-off (afs's
 * afs_issue_write(), bcachefs's bch2_rbio_punt()): the function lets go
 * of the object with the queueing, and the item's function was set for
 * that run alone. */
static bool dispatch_is_tail(const struct code_place *p, const struct queueing *q)
{
	const struct lexed_file *lf = &p->f->lex;
	size_t i;

	for (i = p->fn->body_open; i < p->fn->body_close; i++)
		if (lf->tokens[i].line == q->line && lf->tokens[i].kind == TOK_IDENT &&
		    lf->tokens[i].len == strlen(q->api) &&
		    !memcmp(lf->text + lf->tokens[i].offset, q->api, lf->tokens[i].len))
			return code_is_tail(p->f, p->fn, i);
	return false;
}

static void check_binding_on(const struct workitem_model *m, const struct work_binding *b,
			     const struct work_item *it, struct scan_result *res)
{
	const struct work_binding *own;
	const struct queueing *q = NULL;
	const char *reacher = NULL;
	struct code_place p;
	struct strbuf msg = STRBUF_INIT;
	struct finding *f;
	char *text;
	unsigned q_line = 0;
	bool fresh, restored, handoff = false, dispatch;
	char *lock, *ordered = NULL;

	if (!code_place_of(m, b, &p))
		return;
	/* Swapped for an empty stub and back (i915's selftests): the only
	 * runs that can meet are the item's own function and one that does
	 * nothing, no finding (model/func-swap.h). */
	if (!strcmp(b->how, ".func =") && func_swapped_for_stub(p.f, p.fn, p.tok))
		return;
	text = binding_item_text(&p);
	own = own_work_function(m, b->key, &p);
	if (!own)
		reacher = work_function_reaching(m, b->key, &p);
	/* Reached from a work function: ruled out by the constants it
	 * passes (usb hub's HUB_INIT2 against `type == HUB_INIT`), or the
	 * run handing the item on to its next stage (another function, the
	 * run's last act): a note at most. */
	if (reacher && p.fn) {
		const struct source_function *w = source_find_function(p.f, reacher);
		struct work_call wc;

		if (w && work_call_read(p.f, w, p.fn, p.tok, text, &wc)) {
			bool out = wc.not_taken;

			work_call_release(&wc);
			if (out) {
				free(text);
				return;
			}
		}
		handoff = strcmp(reacher, b->function) != 0;
	}
	fresh = made_idle_before(m, b->key, &p, b->line, text);
	if (!own && !reacher && !fresh) {
		q = queued_in_same_function(it, &p, b->line, false, &q_line);
		if (!q)
			q = queued_in_same_function(it, &p, b->line, true, &q_line);
	}
	/* A dispatch in a put/free path: the object dies with that run; or
	 * one that lets go of the object with its queueing (dispatch_is_tail()). */
	dispatch = q && per_request_dispatch(b, &p, text);
	if (dispatch && (name_says_teardown(p.fn->name) ||
			 (q_line == q->line && dispatch_is_tail(&p, q)))) {
		free(text);
		return;
	}
	/* A function that sets .func twice saves and restores it around a
	 * quiesced item (i915's selftests): a note at most. */
	restored = !strcmp(b->how, ".func =") &&
		   set_again_in_function(m, b, &p);
	/* Never queued, or set right after its INIT_*, a synchronous cancel,
	 * or in a set-up function before its first queueing: the item is
	 * not live here, which is no finding (DESIGN.md 1c), not a note
	 * that says so (amdgpu's .func overrides at sw_init). */
	if (!own && !reacher && !q && !restored &&
	    !(it && it->nr_queueings && !fresh && !(p.fn && name_says_setup(p.fn->name)))) {
		free(text);
		return;
	}
	f = scan_result_add_finding(res, &rule_func_changed, b->file, b->line, b->column,
				    b->column + (unsigned)strlen(b->how == NULL ? "" :
								 b->how), &p.f->lex);
	if (!f) {
		free(text);
		return;
	}
	f->severity = SEVERITY_WARNING;
	f->identity = binding_identity(b);
	ordered = item_all_on_one_ordered_wq(m, it);
	strbuf_addf(&msg, "%s gives %s the work function %s()", b->how,
		    text ? text : b->key, b->function);
	if (own || reacher) {
		const struct queueing *other = queueing_elsewhere(it, p.fn ? p.fn->name : NULL);

		if (own)
			strbuf_addf(&msg, " inside %s(), the item's own work function, while "
				    "it runs", p.fn->name);
		else
			strbuf_addf(&msg, " in %s(), which the item's work function %s() "
				    "calls, while it runs", p.fn->name, reacher);
		/* The interleaving: who queues it while the old function runs. */
		if (other && strcmp(b->function, own ? p.fn->name : reacher))
			strbuf_addf(&msg, "; %s() at %s:%u (on %s) can queue it meanwhile, "
				    "and that run starts as %s() %s the running %s()",
				    other->api, other->file, other->line,
				    other->wq.text ? other->wq.text : "a computed workqueue",
				    b->function, ordered ? "after" : "beside",
				    own ? p.fn->name : reacher);
		else if (other)
			strbuf_addf(&msg, "; %s() at %s:%u (on %s) can queue it meanwhile "
				    "with the function another path gave it, which then "
				    "runs %s this one", other->api, other->file,
				    other->line,
				    other->wq.text ? other->wq.text : "a computed workqueue",
				    ordered ? "after" : "beside");
	} else if (q && dispatch) {
		/* `.func =` then a queueing, on an object a parameter or local
		 * names (a request, a bio): each object is dispatched once per
		 * stage, as upstream's own users do; only a second call for
		 * the same object while it is queued would break it. */
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, " and %s() queues it at line %u (%s() at %s:%u on %s): "
			    "the item is live again only if %s() runs for the same object "
			    "while that queueing is pending or running, which nothing here "
			    "shows (the object is %s's, not one of file scope)",
			    p.fn->name, q_line, q->api, q->file, q->line,
			    q->wq.text ? q->wq.text : "a computed workqueue", p.fn->name,
			    p.fn->name);
	} else if (q) {
		strbuf_addf(&msg, " and %s() queues it at line %u (%s() at %s:%u on %s): "
			    "when %s() runs again while that queueing is pending or "
			    "running, the item changes function under it",
			    p.fn->name, q_line, q->api, q->file, q->line,
			    q->wq.text ? q->wq.text : "a computed workqueue", p.fn->name);
	} else if (it && it->nr_queueings && !fresh &&
		   !(p.fn && name_says_setup(p.fn->name))) {
		q = it->queueings[0];
		strbuf_addf(&msg, "%s%s%s, not right after its INIT_*, and the item is "
			    "queued elsewhere (%s() at %s:%u on %s): that run may be "
			    "pending or running here, and starts or goes on as the old "
			    "function while the next queueing runs the new one",
			    p.fn ? " in " : "", p.fn ? p.fn->name : "", p.fn ? "()" : "",
			    q->api, q->file, q->line,
			    q->wq.text ? q->wq.text : "a computed workqueue");
	}
	if (handoff) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "; %s() hands the item on to %s() here (a stage "
			    "hand-off): safe while it is the run's last act and nothing "
			    "else queues the item meanwhile", reacher, b->function);
	}
	if (restored && f->severity == SEVERITY_WARNING) {
		f->severity = SEVERITY_NOTE;
		strbuf_addstr(&msg, "; the function sets it again (saved and restored "
			      "around a quiesced item, as test code does): keep the "
			      "item idle in between");
	}
	if (f->severity == SEVERITY_WARNING && (lock = shared_body_lock(m, b))) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "; every function the item is given runs its whole "
			    "body under %s, so the two runs serialise on it: a run in "
			    "the wrong order or a wasted one, not a race", lock);
		free(lock);
	}
	if (f->severity == SEVERITY_WARNING && ordered)
		strbuf_addf(&msg, ": every queueing puts it on %s, an ordered workqueue "
			    "(%s), so its runs take turns, but a queued run starts as "
			    "whatever function the item holds when it starts: the run "
			    "queued for the old function runs as the new one, or the "
			    "other way round; use one work function that dispatches on "
			    "a stored state, or one item per function (as upstream did "
			    "when 3.15 removed PREPARE_*WORK)",
			    it->queueings[0]->wq.text, ordered);
	else if (f->severity == SEVERITY_WARNING)
		strbuf_addstr(&msg, ": the workqueue tells runs apart by item and "
			      "function, so the item with its new function may run "
			      "beside the old one on another CPU; use one work "
			      "function that dispatches on a stored state, or one "
			      "item per function (as upstream did when 3.15 removed "
			      "PREPARE_*WORK)");
	free(ordered);
	f->message = strbuf_detach(&msg);
	add_function_evidence(f, m, b);
	if (q)
		add_queueing_evidence(f, q);
	free(text);
}

/* The item's queueings of b's type only (model/struct-home.h): another
 * driver's file-local struct of the same name is another item. */
static void check_binding(const struct workitem_model *m, const struct work_binding *b,
			  struct scan_result *res)
{
	struct work_item scratch;
	const struct work_item *it = item_of_type(workitem_model_item(m, b->key), b, &scratch);

	check_binding_on(m, b, it, res);
	free(scratch.queueings);
}

/* The callback kind of the function around binding b, and its place. */
static enum callback_kind binding_callback(const struct workitem_model *m,
					   const struct work_binding *b, struct code_place *p)
{
	if (!b->in_function || !code_place_of(m, b, p) || !p->fn)
		return CALLBACK_NONE;
	return function_callback_kind(&p->f->lex, p->fn);
}

/*
 * Condition 1 through INIT_*: one item initialised with two functions by
 * two timer callbacks or interrupt handlers (fnic's retry_fip_timer and
 * fcs_ka_timer, both on fnic->fip_timer_work), each then queueing it.
 * Both run whenever their source fires, so one can give the item its
 * function while the other's queueing is pending or running.
 */
static void check_two_callbacks_on(const struct workitem_model *m,
				   const struct work_binding *b, const struct work_item *it,
				   struct scan_result *res)
{
	struct work_binding *const *others;
	const struct work_binding *other = NULL;
	const struct queueing *q, *oq;
	enum callback_kind kind, okind = CALLBACK_NONE;
	struct code_place p, op;
	struct strbuf msg = STRBUF_INIT;
	struct finding *f;
	unsigned q_line = 0, oq_line = 0;
	size_t nr = 0, i;
	char *text, *lock, *ordered = NULL;

	if (!it)
		return;
	others = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; i < nr && !other; i++)
		if (others[i] != b && is_init(others[i]) && others[i]->in_function &&
		    strcmp(others[i]->function, b->function) &&
		    strcmp(others[i]->in_function, b->in_function) &&
		    one_type(b->file, b->type_local, others[i]->file, others[i]->type_local))
			other = others[i];
	if (!other || (okind = binding_callback(m, other, &op)) == CALLBACK_NONE ||
	    !(oq = queued_in_same_function(it, &op, other->line, false, &oq_line)))
		return;
	/* op's file may leave the cache when p's is read: take what the
	 * message needs first. */
	if ((kind = binding_callback(m, b, &p)) == CALLBACK_NONE ||
	    !(q = queued_in_same_function(it, &p, b->line, false, &q_line)))
		return;
	/* Both on one ordered workqueue: the runs take turns there, only the
	 * pending item is harmed. Its allocation may be in another file:
	 * read p again after it. */
	if (q->wq.id && oq->wq.id && !strcmp(q->wq.id, oq->wq.id) &&
	    queueing_on_ordered_wq(m, q, &ordered) && !binding_callback(m, b, &p)) {
		free(ordered);
		return;
	}
	text = binding_item_text(&p);
	f = scan_result_add_finding(res, &rule_func_changed, b->file, b->line, b->column,
				    b->column + (unsigned)strlen(b->how), &p.f->lex);
	if (!f) {
		free(ordered);
		free(text);
		return;
	}
	f->severity = SEVERITY_WARNING;
	f->identity = binding_identity(b);
	lock = shared_body_lock(m, b);
	strbuf_addf(&msg, "%s gives %s the work function %s() in %s(), %s, and "
		    "queues it (%s() at %s:%u on %s); %s(), %s, gives the same item "
		    "%s() (%s:%u) and queues it (%s:%u): ",
		    b->how, text ? text : b->key, b->function, b->in_function,
		    callback_kind_name(kind), q->api, q->file, q->line,
		    q->wq.text ? q->wq.text : "a computed workqueue", other->in_function,
		    callback_kind_name(okind), other->function, other->file, other->line,
		    oq->file, oq->line);
	if (ordered)
		strbuf_addf(&msg, "when one fires while the item queued by the other is "
			    "still pending, it re-initialises the pending item (its pending "
			    "bit and list head, while it is on the workqueue's list: list "
			    "corruption) and gives it its own function: the pending run "
			    "starts as %s() and the other callback's run is lost; %s is "
			    "ordered (%s), so a run queued while the other runs waits for "
			    "it: the runs themselves stay apart, the pending item is what "
			    "breaks; use one item per function, or one work function that "
			    "dispatches on a stored state", b->function, q->wq.text, ordered);
	else
		strbuf_addstr(&msg, "when one fires while the item queued by the other is "
			      "pending or running, it changes the function of a live item "
			      "(and re-initialises it): the pending run may start as either "
			      "function, and the two runs are no longer kept apart; use one "
			      "item per function, or one work function that dispatches on a "
			      "stored state");
	if (lock) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, " (both functions run their whole bodies under %s: "
			    "the runs serialise on it, a run in the wrong order, not a "
			    "race)", lock);
		free(lock);
	}
	f->message = strbuf_detach(&msg);
	add_function_evidence(f, m, b);
	free(ordered);
	free(text);
}

static void check_two_callbacks(const struct workitem_model *m, const struct work_binding *b,
				struct scan_result *res)
{
	struct work_item scratch;
	const struct work_item *it = item_of_type(workitem_model_item(m, b->key), b, &scratch);

	check_two_callbacks_on(m, b, it, res);
	free(scratch.queueings);
}

static void check_func_changed(const struct workitem_model *m, struct scan_result *res)
{
	size_t i, ticks = 0;

	for (i = 0; i < m->a->idx.nr; i++, workitem_model_trim(m, &ticks)) {
		const struct work_binding *b = &m->a->idx.bindings[i];

		if (changes_function(m, b))
			check_binding(m, b, res);
		else if (is_init(b) && b->in_function && inited_twice(m, b))
			check_two_callbacks(m, b, res);
	}
}

const struct rule rule_func_changed = {
	.id = "WQ013",
	.family = RULE_FAMILY_REENTRANCE,
	.name = "func-changed",
	.summary = "the work function of a live item changed (PREPARE_*WORK, .func =)",
	.help = "A work item runs on one worker at a time only while its function is "
		"not changed (Documentation/core-api/workqueue.rst, Non-reentrance "
		"Conditions). PREPARE_WORK(), PREPARE_DELAYED_WORK() or an assignment "
		"to .func on an item that may be pending or running makes it a "
		"different work that can run beside the old one; 3.15 removed "
		"PREPARE_*WORK for this. Warning where the item may be live (its own "
		"work function, beside a queueing, queued elsewhere) and where two "
		"timer callbacks or interrupt handlers initialise one item with two "
		"functions and queue it (on an ordered workqueue the runs take turns: "
		"the pending item is what breaks); note for a stage hand-off and a "
		".func dispatch on a per-request object; no finding before the item "
		"is first queued.",
	.severity = SEVERITY_WARNING,
	.tree_pass = workitem_tree_pass,
	.tree_reader = &workitem_tree_reader,
	.model_check = check_func_changed,
};
