/* What the rules share: whether a rule applies to a tree's era, and
 * whether a file is the workqueue API's own. The registry is
 * rule-registry.c. */
#include "analysis/rules/rule.h"

#include <string.h>

bool rule_fits_era(const struct rule *rule, const struct era *era)
{
	if (!era || !era->from_header)
		return true;	/* the built-in table: every rule */
	if (rule->needs && !era_has(era, rule->needs))
		return false;
	return !rule->retired_in || !era_has(era, rule->retired_in);
}

bool rule_in_workqueue_core(const struct rule_context *ctx)
{
	return !strcmp(ctx->file, "kernel/workqueue.c") ||
	       !strcmp(ctx->file, "include/linux/workqueue.h");
}
