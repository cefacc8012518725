#include "analysis/workitem-pass.h"
#include "analysis/affinity.h"
#include "analysis/rule.h"
#include "analysis/scan.h"
#include "analysis/workitem-model.h"

#include "lib/timing.h"
#include <stdbool.h>

static bool selects_model_rule(const struct scan_options *opts)
{
	size_t i;

	for (i = 0; i < opts->nr_rules; i++)
		if (opts->rules[i]->model_check)
			return true;
	return false;
}

static bool selects_site_rule(const struct scan_options *opts)
{
	size_t i;

	for (i = 0; i < opts->nr_rules; i++)
		if (opts->rules[i]->tree_pass && !opts->rules[i]->model_check)
			return true;
	return false;
}

bool workitem_model_report(struct affinity_analysis *a, const char *root,
			   const struct rule *const *rules, size_t nr_rules,
			   struct scan_result *res)
{
	struct workitem_model m;
	bool any = false;
	size_t i;

	for (i = 0; i < nr_rules; i++)
		any |= rules[i]->model_check != NULL;
	if (!any)
		return false;
	workitem_model_build(&m, a, root);
	timing_phase("model built");
	for (i = 0; i < nr_rules; i++)
		if (rules[i]->model_check) {
			rules[i]->model_check(&m, res);
			timing_phase("%s", rules[i]->id);
		}
	workitem_model_release(&m);
	return true;
}

void workitem_tree_pass(const struct scan_options *opts, struct scan_result *res)
{
	bool model = selects_model_rule(opts);
	struct workitem_model m;
	struct affinity_visitor visitor = { workitem_model_visit, &m };
	struct affinity_analysis a;
	size_t i;

	if (affinity_list(opts->root, &a) < 0) {
		affinity_release(&a);
		return;
	}
	if (model)
		workitem_model_begin(&m, opts->root, opts->arch, opts->jobs);
	affinity_read_visiting(opts->root, opts->arch, opts->jobs,
			       model ? workitem_model_mentions : NULL,
			       model ? &visitor : NULL, &a);
	timing_phase("read");
	if (selects_site_rule(opts)) {
		affinity_sites(opts->root, opts->jobs, &a);
		affinity_report(&a, opts->rules, opts->nr_rules, res);
		timing_phase("sites");
	}
	if (model) {
		workitem_model_finish(&m, &a);
		timing_phase("model built");
		for (i = 0; i < opts->nr_rules; i++)
			if (opts->rules[i]->model_check) {
				opts->rules[i]->model_check(&m, res);
				timing_phase("%s", opts->rules[i]->id);
			}
		workitem_model_release(&m);
	}
	affinity_release(&a);
}
