/* The rows of the alloc_workqueue() calls: each call and the queueings on
 * named workqueues as they are read, and once the verdicts are in, what the
 * work queued on the workqueue says about WQ_PERCPU or WQ_UNBOUND. */
#include "analysis/callers/classify-priv.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SHOWN_CALLS 12

static void advise_bh_percpu(struct audit_row *r)
{
	r->advice = ADVICE_WQ_PERCPU;
	free(r->reason);
	r->reason = xstrdup(
		"no work queued on it reads the current CPU, but it is a BH "
		"workqueue and the tree's __WQ_BH_ALLOWS admits no WQ_UNBOUND "
		"beside WQ_BH");
}

/* A workqueue that says WQ_PERCPU or WQ_UNBOUND already: converted. Whether
 * its choice fits its work is still worth a line: per-CPU work that never
 * reads the CPU could run unbound, unbound work that reads it may care. */
static void advise_converted(struct strbuf *msg, struct audit_row *r,
			     const struct alloc_site *s, size_t nr_on,
			     const char *dependent)
{
	if (!s->unbound && r->class == AUDIT_CPU_DEPENDENT) {
		strbuf_addstr(msg, ", so it must stay per-CPU");
	} else if (!s->unbound && r->class == AUDIT_CPU_INDEPENDENT) {
		if (s->bh_bound) {
			strbuf_addstr(msg, ", but a BH workqueue cannot be "
					   "unbound (__WQ_BH_ALLOWS)");
			return;
		}
		strbuf_addstr(msg, ", so it is a candidate for WQ_UNBOUND");
		set_advice(r, false, NULL, dependent);
		if (nr_on) {
			char *why = r->reason;
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb,
				    "%s; but it is also queued on chosen CPUs, "
				    "which WQ_UNBOUND turns into a hint",
				    why);
			free(why);
			r->reason = strbuf_detach(&sb);
		}
	} else if (s->unbound && r->class == AUDIT_CPU_DEPENDENT) {
		strbuf_addstr(msg, ", so check whether WQ_PERCPU is needed");
		set_advice(r, false, "WQ_UNBOUND", dependent);
	} else if (s->unbound && r->class == AUDIT_CPU_INDEPENDENT) {
		strbuf_addstr(msg, ", so it rightly runs unbound");
	}
}

/* The work functions of the calls that queue on s, for
 * audit_verdicts_answer(): those finish_alloc_site() judges. */
void ask_alloc_site(struct lexical_pass *lp, const struct alloc_site *s,
			   const struct strmap *by_name)
{
	const struct call_refs *named;
	size_t i;

	if (!s->t.name)
		return;
	named = strmap_get(by_name, s->t.name);
	for (i = 0; named && i < named->nr; i++)
		if (call_matches(named->items[i], s))
			ask_item(lp, &named->items[i]->item);
}

void finish_alloc_site(struct lexical_pass *lp,
			      const struct alloc_site *s,
			      const struct strmap *by_name)
{
	struct audit_row *r = &lp->au->rows[s->row];
	const struct wq_target *t = &s->t;
	struct work_verdict v = { 0 };
	struct strbuf msg = STRBUF_INIT;
	size_t nr_calls = 0, nr_on = 0, i;
	char buf[512];

	if (t->name) {
		const struct call_refs *named = strmap_get(by_name, t->name);

		if (t->key)
			snprintf(buf, sizeof(buf),
				 "the workqueue is stored in %s (%s: queueings "
				 "on it are looked for in the tree)",
				 t->text, t->key);
		else
			snprintf(
				buf, sizeof(buf),
				"the workqueue is stored in %s (%s)", t->text,
				t->kind == TARGET_MEMBER ?
					"a member: looked for in "
					"this directory" :
				t->kind == TARGET_LOCAL ?
					"a local: looked for in this "
					"function" :
				t->kind == TARGET_STATIC ?
					"a static variable: looked for in "
					"this file" :
					"a global variable: looked for in the tree");
		audit_row_add_evidence(r, s->path, s->line, s->column, buf);
		for (i = 0; named && i < named->nr; i++) {
			const struct queue_call *c = named->items[i];

			if (!call_matches(c, s))
				continue;
			nr_calls++;
			nr_on += c->api->on;
			if (nr_calls <= MAX_SHOWN_CALLS) {
				snprintf(buf, sizeof(buf),
					 "%s() queues %s on %s", c->api->name,
					 c->item.text, c->wq_text);
				audit_row_add_evidence(r, c->path, c->line,
						       c->column, buf);
			}
			judge_item(lp, r, &c->item, &v);
		}
	}
	strbuf_addf(&msg, "alloc_workqueue() %s; ",
		    s->flagged ? (s->unbound ? "asks for WQ_UNBOUND" :
					       "asks for WQ_PERCPU") :
		    s->followed ? "names WQ_PERCPU or WQ_UNBOUND through a "
				  "value defined in its file (WQ022 followed "
				  "it)" :
				  "names neither WQ_PERCPU nor WQ_UNBOUND");
	if (!t->name) {
		r->class = AUDIT_UNRESOLVED;
		strbuf_addstr(&msg, t->why_not);
	} else if (!nr_calls) {
		r->class = AUDIT_UNRESOLVED;
		strbuf_addf(
			&msg,
			"no queue_work() & co on %s was found where the audit looks, so "
			"the work it runs is not known",
			t->text);
	} else {
		strbuf_addf(&msg, "%zu queueing%s on %s found: ", nr_calls,
			    nr_calls == 1 ? "" : "s", t->text);
		describe_verdict(&msg, r, &v, NULL);
		if (nr_on)
			strbuf_addf(&msg,
				    "; %zu of them name%s a CPU (queue_*_on())",
				    nr_on, nr_on == 1 ? "s" : "");
	}
	if (!s->flagged && !s->followed) {
		if (r->class == AUDIT_CPU_DEPENDENT)
			strbuf_addstr(&msg, ", so it needs WQ_PERCPU");
		else if (r->class == AUDIT_CPU_INDEPENDENT && s->bh_bound)
			strbuf_addstr(&msg,
				      ", but a BH workqueue cannot be unbound "
				      "(__WQ_BH_ALLOWS), so it needs WQ_PERCPU");
		else if (r->class == AUDIT_CPU_INDEPENDENT)
			strbuf_addstr(&msg,
				      ", so it is a candidate for WQ_UNBOUND");
		else
			strbuf_addstr(
				&msg,
				", so WQ_PERCPU or WQ_UNBOUND is undecided");
		set_advice(r, false, NULL, v.dependent);
		if (s->bh_bound && r->advice == ADVICE_WQ_UNBOUND)
			advise_bh_percpu(r);
		if (nr_on && r->advice == ADVICE_WQ_UNBOUND) {
			struct strbuf why = STRBUF_INIT;

			strbuf_addf(
				&why,
				"%s; but it is also queued on chosen CPUs, which "
				"WQ_UNBOUND turns into a hint",
				r->reason);
			free(r->reason);
			r->reason = strbuf_detach(&why);
		}
	} else if (lp->au->migration && s->flagged) {
		advise_converted(&msg, r, s, nr_on, v.dependent);
	}
	r->message = strbuf_detach(&msg);
	work_verdict_release(&v);
}

void add_call(struct call_list *calls,
		     const struct source_file *f,
		     const struct source_function *caller,
		     const struct queue_call_api *api, size_t tok,
		     size_t wq_first, size_t wq_last, size_t item_first,
		     size_t item_last)
{
	const struct lexed_file *lf = &f->lex;
	long before_last = token_prev_code(lf, (long)wq_last);
	struct queue_call *c;

	ALLOC_GROW(calls->items, calls->nr, calls->alloc);
	c = &calls->items[calls->nr++];
	memset(c, 0, sizeof(*c));
	c->path = xstrdup(f->path);
	c->caller = function_name(caller);
	c->api = api;
	c->line = lf->tokens[tok].line;
	c->column = lf->tokens[tok].column;
	c->wq_text = expression_text(lf, wq_first, wq_last);
	c->wq_key = expression_key(f, wq_first, wq_last);
	c->wq_member = wq_first != wq_last &&
		       (tok_is_punct(lf, before_last, "->") ||
			tok_is_punct(lf, before_last, "."));
	c->wq_plain = wq_first == wq_last &&
		      lf->tokens[wq_first].kind == TOK_IDENT;
	pending_item_init(&c->item, f, caller, item_first, item_last);
}

void add_alloc(struct lexical_pass *lp, struct alloc_list *allocs,
		      const struct source_file *f,
		      const struct source_function *caller, size_t tok)
{
	const struct lexed_file *lf = &f->lex;
	const struct token *t = &lf->tokens[tok];
	struct audit_row *r = audit_add_row(lp->rows, f->path, t->line,
					    t->column,
					    AUDIT_KIND_ALLOC_WORKQUEUE,
					    "alloc_workqueue");
	long open = token_next_code(lf, (long)tok);
	size_t first[8], last[8],
		n = call_arguments(lf, (size_t)open, first, last, 8);
	struct alloc_site *s;

	r->function = function_name(caller);
	ALLOC_GROW(allocs->items, allocs->nr, allocs->alloc);
	s = &allocs->items[allocs->nr++];
	memset(s, 0, sizeof(*s));
	s->row = lp->rows->nr - 1;
	s->path = xstrdup(f->path);
	s->caller = function_name(caller);
	s->line = t->line;
	s->column = t->column;
	if (n >= 2 && n <= 8 && first[1] <= last[1]) {
		s->unbound = names_flag(lf, first[1], last[1], "WQ_UNBOUND");
		s->flagged = s->unbound ||
			     names_flag(lf, first[1], last[1], "WQ_PERCPU");
		s->bh_bound = names_flag(lf, first[1], last[1], "WQ_BH") &&
			      !era_bh_allows(&lp->au->era, "WQ_UNBOUND");
	}
	find_target(f, caller, tok, &s->t);
}
