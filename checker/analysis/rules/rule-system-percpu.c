/* WQ020, WQ021: the system workqueues 6.17 renames.
 *
 * Linux 6.17 (128ea9f6ccfb) added system_percpu_wq and system_dfl_wq;
 * system_wq ("use system_percpu_wq, this will be removed") and
 * system_unbound_wq are the names that go. They are not aliases:
 * kernel/workqueue.c allocates system_wq and system_percpu_wq as two
 * workqueues with the same per-CPU flags (and system_unbound_wq and
 * system_dfl_wq as two unbound ones), and schedule_*() queues on
 * system_percpu_wq. The conversion upstream makes, one subsystem at a time,
 * is system_wq -> system_percpu_wq and system_unbound_wq -> system_dfl_wq:
 * the same kind of workqueue, and for an item also queued with schedule_*()
 * the end of its being on two (WQ014). The rules fire only on trees whose
 * workqueue.h has the new names. */
#include "analysis/fix/fix-build.h"
#include "analysis/rules/rule.h"
#include "lib/strbuf.h"
#include "front/source-cache.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static bool outside_core(const struct rule_context *ctx)
{
	return !rule_in_workqueue_core(ctx);
}

static void rename_to(const struct rule_context *ctx, struct finding *f,
		      const char *old_name, const char *new_name)
{
	fix_replace_token(f, ctx->lex, ctx->token, new_name);
	fix_reflow_enclosing_call(f, ctx->lex, ctx->token);
	f->reflow.may_wrap = true;
	fix_rename_in_comments(f, ctx->lex, ctx->token, old_name, new_name);
}

/* The calls that queue on system_percpu_wq without naming it. */
static bool is_schedule_call(const struct lexed_file *lf, long i)
{
	return tok_is_ident(lf, i, "schedule_work") ||
	       tok_is_ident(lf, i, "schedule_delayed_work") ||
	       tok_is_ident(lf, i, "schedule_work_on") ||
	       tok_is_ident(lf, i, "schedule_delayed_work_on");
}

/* The item argument of the queueing call whose workqueue argument is the
 * token tok, as written; NULL when tok is not one. */
static char *queued_item_text(const struct lexed_file *lf, size_t tok)
{
	size_t first[6], last[6], n, k;
	long open = token_prev_code(lf, (long)tok), name;
	int depth = 0;

	/* back to the call's '(' */
	while (open >= 0 && !(depth == 0 && tok_is_punct(lf, open, "("))) {
		if (tok_is_punct(lf, open, ")"))
			depth++;
		else if (tok_is_punct(lf, open, "(") || tok_is_punct(lf, open, ";") ||
			 tok_is_punct(lf, open, "{"))
			depth--;
		if (depth < 0)
			return NULL;
		open = token_prev_code(lf, open);
	}
	name = token_prev_code(lf, open);
	if (open < 0 || name < 0 || lf->tokens[name].kind != TOK_IDENT)
		return NULL;
	n = call_arguments(lf, (size_t)open, first, last, 6);
	for (k = 0; k + 1 < n && k < 6; k++)
		if (first[k] == tok && last[k] == tok)
			return first[k + 1] <= last[k + 1] ?
				       expression_text(lf, first[k + 1], last[k + 1]) :
				       NULL;
	return NULL;
}

/* A schedule_*() of the same item in this file: the item is on
 * system_percpu_wq there and on system_wq here, two workqueues (WQ014),
 * until this site moves. Its line, or 0. */
static unsigned scheduled_in_file(const struct lexed_file *lf, const char *item)
{
	size_t i, first[3], last[3];

	for (i = 0; i < lf->nr_tokens; i++) {
		long open;
		char *text;
		bool same;

		if (lf->tokens[i].kind != TOK_IDENT || !is_schedule_call(lf, (long)i))
			continue;
		open = token_next_code(lf, (long)i);
		if (!tok_is_punct(lf, open, "(") ||
		    call_arguments(lf, (size_t)open, first, last, 3) < 1)
			continue;
		/* schedule_work_on(cpu, w): the item comes second */
		{
			size_t k = tok_is_ident(lf, (long)i, "schedule_work_on") ||
				   tok_is_ident(lf, (long)i, "schedule_delayed_work_on");

			if (first[k] > last[k])
				continue;
			text = expression_text(lf, first[k], last[k]);
		}
		same = !strcmp(text, item);
		free(text);
		if (same)
			return lf->tokens[i].line;
	}
	return 0;
}

static void explain_system_wq(const struct rule_context *ctx, struct finding *f)
{
	const struct unbound_verdict *v = NULL;
	struct strbuf msg = STRBUF_INIT;
	unsigned scheduled;
	char *item;

	if (ctx->unbound)
		v = unbound_verdict_find(ctx->unbound, ctx->file, f->line,
					 UNBOUND_SITE_SYSTEM_WQ);
	strbuf_addstr(&msg, "system_wq is to be removed since 6.17: ");
	if (v && v->unbound) {
		/* --prefer-unbound, and the proof holds */
		strbuf_addf(&msg, "%s; use system_dfl_wq", v->why);
		f->message = strbuf_detach(&msg);
		f->made_unbound = true;
		rename_to(ctx, f, "system_wq", "system_dfl_wq");
		return;
	}
	strbuf_addstr(&msg, "system_percpu_wq, the name that stays, is a workqueue "
		      "of its own with the same per-CPU flags, the one schedule_*() "
		      "queues on; use system_percpu_wq");
	item = queued_item_text(ctx->lex, ctx->token);
	scheduled = item ? scheduled_in_file(ctx->lex, item) : 0;
	if (ctx->unbound)
		strbuf_addf(&msg, " (kept per-CPU: %s)",
			    v ? v->why : "no queueing call of a known work item here");
	f->message = strbuf_detach(&msg);
	if (scheduled) {
		/* As evidence, not in the message: the report of the .cocci
		 * script says the message alone, and cannot know this. */
		strbuf_addf(&msg, "%s is also queued with schedule_*() here, on "
			    "system_percpu_wq: this conversion ends a WQ014 (today the "
			    "item is on two workqueues and its runs may overlap)", item);
		finding_add_evidence(f, ctx->file, scheduled, 1, msg.buf);
		strbuf_release(&msg);
	}
	free(item);
	rename_to(ctx, f, "system_wq", "system_percpu_wq");
}

static void explain_system_unbound_wq(const struct rule_context *ctx, struct finding *f)
{
	f->message = xstrdup("system_unbound_wq is to be replaced since 6.17: "
			     "system_dfl_wq, the name that stays, is a workqueue of its "
			     "own with the same unbound flags; use system_dfl_wq");
	rename_to(ctx, f, "system_unbound_wq", "system_dfl_wq");
}

static const char *const system_wq_names[] = { "system_wq", NULL };
static const char *const system_unbound_wq_names[] = { "system_unbound_wq", NULL };

const struct rule rule_system_wq = {
	.id = "WQ020",
	.family = RULE_FAMILY_MIGRATION,
	.name = "system-wq",
	.summary = "system_wq is to be removed (6.17+): use system_percpu_wq",
	.help = "Linux 6.17 (128ea9f6ccfb) added system_percpu_wq, a second workqueue "
		"with system_wq's per-CPU flags, on which schedule_*() queues; system_wq "
		"is to be removed. An item queued on both is on two workqueues (WQ014). "
		"Upstream converts each "
		"user to system_percpu_wq; with --prefer-unbound, to system_dfl_wq where "
		"no work queued there reads the current CPU or per-CPU data and none is "
		"queued with a *_on() call.",
	.severity = SEVERITY_WARNING,
	.identifiers = system_wq_names,
	.needs = "system_percpu_wq",
	.applies = outside_core,
	.explain = explain_system_wq,
};

const struct rule rule_system_unbound_wq = {
	.id = "WQ021",
	.family = RULE_FAMILY_MIGRATION,
	.name = "system-unbound-wq",
	.summary = "system_unbound_wq is renamed (6.17+): use system_dfl_wq",
	.help = "Linux 6.17 (128ea9f6ccfb) added system_dfl_wq, a second workqueue "
		"with system_unbound_wq's unbound flags, under the name that stays.",
	.severity = SEVERITY_WARNING,
	.identifiers = system_unbound_wq_names,
	.needs = "system_dfl_wq",
	.applies = outside_core,
	.explain = explain_system_unbound_wq,
};
