/* The rows of the system_wq / system_unbound_wq users (and, on a 6.17+
 * tree, system_percpu_wq / system_dfl_wq): each use of the names and each
 * schedule_work() & co, and once the verdicts are in, the row's message and
 * advice. */
#include "analysis/callers/classify-priv.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

char *function_name(const struct source_function *fn)
{
	return fn ? xstrdup(fn->name) : NULL;
}

void add_system_site(struct lexical_pass *lp, struct system_list *out,
			    const struct source_file *f,
			    const struct source_function *caller, size_t tok,
			    const char *wq, const struct queue_call_api *api,
			    size_t item_first, size_t item_last)
{
	const struct token *t = &f->lex.tokens[tok];
	char *api_name = tok_text(&f->lex, tok);
	struct audit_row *r = audit_add_row(lp->rows, f->path, t->line,
					    t->column, AUDIT_KIND_SYSTEM_WQ,
					    api_name);
	struct pending_system *p;

	free(api_name);
	r->function = function_name(caller);
	/* schedule_work() & co queue where the tree's header says: on a 6.17+
	 * tree that is system_percpu_wq already, nothing to convert. */
	if (lp->au->migration && (!api || api->wq_arg >= 0))
		r->status = is_new_system_wq(wq) ? MIGRATION_CONVERTED :
						   MIGRATION_PENDING;
	ALLOC_GROW(out->items, out->nr, out->alloc);
	p = &out->items[out->nr++];
	memset(p, 0, sizeof(*p));
	p->row = lp->rows->nr - 1;
	p->api = api ? api->name : NULL;
	p->on = api && api->on;
	p->wq = xstrdup(wq);
	p->has_item = api != NULL;
	if (api)
		pending_item_init(&p->item, f, caller, item_first, item_last);
}

void finish_system_site(struct lexical_pass *lp,
			       struct pending_system *p)
{
	struct audit_row *r = &lp->au->rows[p->row];
	struct work_verdict v = { 0 };
	struct strbuf msg = STRBUF_INIT;

	if (p->has_item) {
		judge_item(lp, r, &p->item, &v);
		strbuf_addf(&msg, "%s() queues %s on %s; ", p->api,
			    p->item.text, p->wq);
		describe_verdict(&msg, r, &v, p->item.text);
	} else {
		r->class = AUDIT_UNRESOLVED;
		strbuf_addf(
			&msg,
			"%s is used here as a value, not in a queueing call, so the work "
			"queued through it is not followed",
			p->wq);
	}
	if (r->class == AUDIT_CPU_DEPENDENT)
		strbuf_addstr(&msg,
			      !strcmp(p->wq, "system_percpu_wq") ?
				      ", so it must stay on system_percpu_wq" :
			      !strcmp(p->wq, "system_dfl_wq") ?
				      ", so it may need system_percpu_wq (it "
				      "runs unbound today)" :
				      ", so it needs system_percpu_wq");
	else if (r->class == AUDIT_CPU_INDEPENDENT)
		strbuf_addstr(&msg,
			      !strcmp(p->wq, "system_percpu_wq") ?
				      ", so it is a candidate for system_dfl_wq" :
			      !strcmp(p->wq, "system_dfl_wq") ?
				      ", so it rightly runs unbound" :
				      ", so it can move to system_dfl_wq");
	else if (p->has_item)
		strbuf_addstr(&msg, ", so its migration is undecided");
	r->message = strbuf_detach(&msg);
	set_advice(r, true, is_unbound_system_wq(p->wq) ? p->wq : NULL,
		   v.dependent);
	if (p->on && r->advice == ADVICE_SYSTEM_DFL_WQ) {
		struct strbuf why = STRBUF_INIT;

		strbuf_addf(&why,
			    "%s; but %s() names a CPU, which system_dfl_wq "
			    "turns into a hint",
			    r->reason, p->api);
		free(r->reason);
		r->reason = strbuf_detach(&why);
	}
	work_verdict_release(&v);
}
