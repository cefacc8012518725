/* WQ001, WQ002: the _sync flush variants.
 *
 * Before 3.7, flush_work() waited only for the instance queued last, while an
 * instance could still be running on another CPU; flush_work_sync() also waited
 * for those. Since every workqueue became non-reentrant there is at most one
 * instance, so flush_work() gives the old _sync guarantee and the _sync
 * variants were deprecated (43829731dd37) and later removed. */
#include "analysis/fix/fix-build.h"
#include "analysis/rules/rule.h"
#include "lib/usage.h"

#include <stdio.h>

static void explain_flush(const struct rule_context *ctx, struct finding *f,
			  const char *old_name, const char *new_name)
{
	char buf[400];

	snprintf(buf, sizeof(buf),
		 "%s() is redundant since 3.7: workqueues are non-reentrant and %s() "
		 "now waits for the running instance too; use %s()",
		 old_name, new_name, new_name);
	f->message = xstrdup(buf);
	fix_replace_token(f, ctx->lex, ctx->token, new_name);
	/* The call whose name changed; a reference like `.flush = flush_work_sync`
	 * may sit in some other call's arguments instead. */
	fix_reflow_call(f, ctx->lex, ctx->token);
	if (!f->has_reflow)
		fix_reflow_enclosing_call(f, ctx->lex, ctx->token);
}

static void explain_flush_work_sync(const struct rule_context *ctx, struct finding *f)
{
	explain_flush(ctx, f, "flush_work_sync", "flush_work");
}

static void explain_flush_delayed_work_sync(const struct rule_context *ctx, struct finding *f)
{
	explain_flush(ctx, f, "flush_delayed_work_sync", "flush_delayed_work");
}

static const char *const flush_work_sync_names[] = { "flush_work_sync", NULL };
static const char *const flush_delayed_work_sync_names[] = { "flush_delayed_work_sync", NULL };

const struct rule rule_flush_work_sync = {
	.id = "WQ001",
	.family = RULE_FAMILY_LEGACY,
	.retired_in = "system_percpu_wq",
	.name = "flush-work-sync",
	.summary = "flush_work_sync() is redundant: use flush_work()",
	.help = "Since Linux 3.7 (dbf2576e37da) a work item never runs on two CPUs at once, "
		"so flush_work() waits for the only instance and flush_work_sync() is redundant.",
	.severity = SEVERITY_WARNING,
	.identifiers = flush_work_sync_names,
	.explain = explain_flush_work_sync,
};

const struct rule rule_flush_delayed_work_sync = {
	.id = "WQ002",
	.family = RULE_FAMILY_LEGACY,
	.retired_in = "system_percpu_wq",
	.name = "flush-delayed-work-sync",
	.summary = "flush_delayed_work_sync() is redundant: use flush_delayed_work()",
	.help = "Since Linux 3.7 (dbf2576e37da) a work item never runs on two CPUs at once, "
		"so flush_delayed_work() waits for the only instance and "
		"flush_delayed_work_sync() is redundant.",
	.severity = SEVERITY_WARNING,
	.identifiers = flush_delayed_work_sync_names,
	.explain = explain_flush_delayed_work_sync,
};
