/*
 * WQ015 where the item's own run re-initialises it (rule-reinit-live.c's
 * running_finding()): when that is no finding (an INIT_* that runs once),
 * and what the message says when no queueing can come before the INIT_*
 * (the run hands its object back after it, or every queueing follows it).
 */
#include "analysis/rules/reinit-running.h"
#include "analysis/model/init-guard.h"
#include "analysis/model/live-window.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* "queue_work() at file:line on wq": where a queueing puts the item. */
void reinit_queueing_place(struct strbuf *sb, const struct queueing *q)
{
	strbuf_addf(sb, "%s() at %s:%u on %s", q->api, q->file, q->line,
		    q->wq.text ? q->wq.text : "a workqueue the call computes");
}

/* The item's last member name (`&bat_priv->dat.work`: work), allocated,
 * or NULL. */
static char *last_member(const char *text)
{
	const char *arrow = text ? strrchr(text, '>') : NULL, *dot = text ? strrchr(text, '.') : NULL;
	const char *at = arrow > dot ? arrow : dot;

	return at ? xstrdup(at + 1) : NULL;
}

/*
 * The run gives its object back to the item's source only after the INIT
 * (virtio_scsi re-posts the event buffer it runs for): before the INIT
 * nothing can queue the item, so the INIT never meets a pending item; it
 * clears the running item's pool, and once the object is handed on, the
 * source's queueing q no longer finds the run: a second run starts beside
 * its tail, and a synchronous cancel sees an idle item. Says so in msg.
 */
bool reinit_handed_on_after_init(const struct code_place *p, const char *text,
				 struct strbuf *msg, const struct queueing *q)
{
	char *base = text ? item_base_name(text) : NULL, *callee = NULL, *member;
	const char *api = NULL;
	unsigned line = 0, cancel = 0;

	if (base)
		line = object_handed_on_after(p->f, p->fn, p->tok, base, &callee);
	if (!line) {
		free(base);
		return false;
	}
	if ((member = last_member(text)))
		cancel = sync_cancel_in_file(p->f, member, &api);
	strbuf_addf(msg, "the run hands %s back only at line %u (%s()), after this "
		    "INIT_*, so nothing can queue the item before it: the INIT_* meets "
		    "the running item, not a queued one, and clears the record of the "
		    "pool it runs on; once line %u has handed %s on, ", base, line,
		    callee, line, base);
	reinit_queueing_place(msg, q);
	strbuf_addstr(msg, " can queue it from another CPU, and the workqueue, no longer "
		      "seeing this run as the item's, starts run B beside its tail");
	if (cancel)
		strbuf_addf(msg, "; %s() at %s:%u then sees an idle item and returns while "
			    "this run goes on", api, p->f->path, cancel);
	strbuf_addstr(msg, ": initialise the item once where it is set up, and requeue "
		      "it without INIT_*");
	free(member);
	free(callee);
	free(base);
	return true;
}

/*
 * fn is static and its file only calls it, from the running work function
 * or from its set-up (`*_init`, a probe), which runs before the item is
 * live: no other path runs fn's queueing while the run goes on (v3.6.5's
 * fasttimer.c also calls its start_timer_trig() from an interrupt's path).
 */
static bool called_by_run_or_init(const struct source_file *f, const struct source_function *fn,
				  const char *running)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	if (fn->is_macro || !fn->is_static)
		return false;
	for (i = 0; i < lf->nr_tokens; i++) {
		const struct source_function *in;

		if (i == fn->name_tok || lf->tokens[i].kind != TOK_IDENT || f->dead[i] ||
		    lf->tokens[i].in_directive || !tok_is_ident(lf, (long)i, fn->name))
			continue;
		in = source_function_at(f, i);
		if (!in)
			continue;	/* a prototype */
		if (!tok_is_punct(lf, token_next_code(lf, (long)i), "(") ||
		    (strcmp(in->name, running) && !strstr(in->name, "_init") &&
		     !strstr(in->name, "probe")))
			return false;
	}
	return true;
}

/*
 * Every queueing of the item is in the INIT_*'s own function, after it
 * (batman-adv's batadv_dat_start_timer(): INIT_DELAYED_WORK, then
 * queue_delayed_work()): none can make the item pending before the
 * INIT_*, which meets the running item, not a queued one, and clears the
 * record of the pool it runs on. What that breaks is a synchronous cancel
 * meanwhile (it sees an idle item and does not wait), and the run's own
 * queueing, which the workqueue no longer ties to this run. Says so in msg.
 */
bool reinit_queued_only_after_init(const struct workitem_model *m, const struct work_item *it,
				   const struct code_place *p, unsigned init_line,
				   const char *running, const char *text, struct strbuf *msg)
{
	const struct queueing *q = NULL;
	const char *api = NULL;
	char *member, *ordered = NULL;
	unsigned cancel = 0;
	size_t i;

	if (!called_by_run_or_init(p->f, p->fn, running))
		return false;
	for (i = 0; it && i < it->nr_queueings; i++) {
		const struct queueing *o = it->queueings[i];

		if (!o->caller || strcmp(o->caller, p->fn->name) || strcmp(o->file, p->f->path) ||
		    o->line <= init_line)
			return false;
		if (!q)
			q = o;
	}
	if (!q)
		return false;
	strbuf_addf(msg, "every queueing of the item is in %s() after this INIT_* (",
		    p->fn->name);
	reinit_queueing_place(msg, q);
	strbuf_addstr(msg, "), so none can make it pending before it: the INIT_* meets the "
		      "running item, not a queued one, and clears the record of the pool it "
		      "runs on, so the workqueue no longer sees this run as the item's");
	if ((member = last_member(text)))
		cancel = sync_cancel_in_file(p->f, member, &api);
	if (cancel)
		strbuf_addf(msg, "; %s() at %s:%u then sees an idle item and returns while "
			    "this run goes on, and the run's queueing arms the item again after "
			    "that cancel", api, p->f->path, cancel);
	else if ((ordered = item_all_on_one_ordered_wq(m, it)))
		strbuf_addf(msg, "; %s is ordered (%s), so the run it queues waits for this "
			    "one, but a flush or cancel meanwhile sees an idle item and does not "
			    "wait", q->wq.text, ordered);
	else
		strbuf_addstr(msg, "; the run's own queueing then lets a run B start beside "
			      "its tail on another CPU");
	free(ordered);
	strbuf_addstr(msg, ": initialise the item once where it is set up, and requeue it "
		      "without INIT_*");
	free(member);
	return true;
}

/*
 * b is the item's one binding, under a state set once (init_guard_once()):
 * nothing can queue the item before this INIT_* has run, and the INIT_*
 * runs once, so a run that calls in later finds the state set and never
 * reaches it (acpi's video_detect.c: the backlight notifier's work calls
 * the function whose `if (!init_done)` block initialised its item).
 */
bool reinit_initialised_once_only(const struct workitem_model *m, const struct work_binding *b,
				  const struct code_place *p)
{
	struct work_binding *const *all;
	size_t nr = 0, i;
	unsigned line = 0;
	char *once;
	bool yes;

	all = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; i < nr; i++)
		if (strcmp(all[i]->file, b->file) || all[i]->line != b->line)
			return false;
	once = init_guard_once(p->f, p->fn, p->tok, &line);
	yes = once != NULL;
	free(once);
	return yes;
}
