/* WQ020, WQ021: the system workqueues 6.17 renames.
 *
 * Linux 6.17 (128ea9f6ccfb) added system_percpu_wq and system_dfl_wq;
 * system_wq ("use system_percpu_wq, this will be removed") and
 * system_unbound_wq are the same workqueues under the names that go. The
 * behaviour-preserving conversion upstream makes, one subsystem at a time, is
 * system_wq -> system_percpu_wq and system_unbound_wq -> system_dfl_wq. The
 * rules fire only on trees whose workqueue.h has the new names. */
#include "analysis/fix-build.h"
#include "analysis/rule.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

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

static void explain_system_wq(const struct rule_context *ctx, struct finding *f)
{
	const struct unbound_verdict *v = NULL;
	struct strbuf msg = STRBUF_INIT;

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
	strbuf_addstr(&msg, "system_percpu_wq is the same per-CPU workqueue under "
		      "the name that stays; use system_percpu_wq");
	if (ctx->unbound)
		strbuf_addf(&msg, " (kept per-CPU: %s)",
			    v ? v->why : "no queueing call of a known work item here");
	f->message = strbuf_detach(&msg);
	rename_to(ctx, f, "system_wq", "system_percpu_wq");
}

static void explain_system_unbound_wq(const struct rule_context *ctx, struct finding *f)
{
	f->message = xstrdup("system_unbound_wq is renamed since 6.17: system_dfl_wq is "
			     "the same unbound workqueue under the name that stays; use "
			     "system_dfl_wq");
	rename_to(ctx, f, "system_unbound_wq", "system_dfl_wq");
}

static const char *const system_wq_names[] = { "system_wq", NULL };
static const char *const system_unbound_wq_names[] = { "system_unbound_wq", NULL };

const struct rule rule_system_wq = {
	.id = "WQ020",
	.name = "system-wq",
	.summary = "system_wq is to be removed (6.17+): use system_percpu_wq",
	.help = "Linux 6.17 (128ea9f6ccfb) added system_percpu_wq, the same per-CPU "
		"workqueue as system_wq, which is to be removed. Upstream converts each "
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
	.name = "system-unbound-wq",
	.summary = "system_unbound_wq is renamed (6.17+): use system_dfl_wq",
	.help = "Linux 6.17 (128ea9f6ccfb) added system_dfl_wq, the same unbound "
		"workqueue as system_unbound_wq under the name that stays.",
	.severity = SEVERITY_WARNING,
	.identifiers = system_unbound_wq_names,
	.needs = "system_dfl_wq",
	.applies = outside_core,
	.explain = explain_system_unbound_wq,
};
