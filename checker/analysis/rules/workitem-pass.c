#include "analysis/rules/workitem-pass.h"
#include "analysis/rules/rule-affinity.h"
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"
#include "analysis/model/item-types.h"
#include "analysis/model/workitem-model.h"

#include "lib/timing.h"
#include "lib/usage.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

static void check_model(const struct workitem_model *m, const struct rule *const *rules,
			size_t nr_rules, struct scan_result *res)
{
	size_t i;

	timing_phase("model built");
	for (i = 0; i < nr_rules; i++)
		if (rules[i]->model_check) {
			rules[i]->model_check(m, res);
			timing_phase("%s", rules[i]->id);
		}
}

void workitem_model_report_visited(struct workitem_model *m, struct tree_reading *a,
				   const struct rule *const *rules, size_t nr_rules,
				   struct scan_result *res)
{
	workitem_model_finish(m, a);
	check_model(m, rules, nr_rules, res);
	item_types_release(m);
	workitem_model_release(m);
}

/* After the tree is read: the sites, the model and their rules. */
static void report_read(const struct scan_options *opts, struct tree_reading *a,
			struct workitem_model *m, bool model, struct scan_result *res)
{
	timing_phase("read");
	if (selects_site_rule(opts)) {
		struct affinity_sites *sites = affinity_sites_find(a, opts->root, opts->jobs);

		affinity_report(sites, opts->rules, opts->nr_rules, res);
		affinity_sites_release(sites);
		timing_phase("sites");
	}
	if (model) {
		workitem_model_finish(m, a);
		m->db = opts->db;
		m->use_clang = opts->use_clang;
		check_model(m, opts->rules, opts->nr_rules, res);
		item_types_release(m);
		workitem_model_release(m);
	}
	tree_reading_release(a);
}

void workitem_tree_pass(const struct scan_options *opts, struct scan_result *res)
{
	bool model = selects_model_rule(opts);
	struct workitem_model m;
	struct tree_visitor visitor = { workitem_model_visit, &m };
	struct tree_reading a;

	if (tree_reading_list(opts->root, &a) < 0) {
		tree_reading_release(&a);
		return;
	}
	if (model)
		workitem_model_begin(&m, opts->root, opts->arch, opts->jobs);
	tree_read_visiting(opts->root, opts->arch, opts->jobs,
			       model ? workitem_model_mentions : NULL,
			       model ? &visitor : NULL, &a);
	report_read(opts, &a, &m, model, res);
}

/* The same pass reading beside the per-file scan, when the scan reads
 * the very files it would (a whole tree). */
struct shared_reading {
	struct tree_reading a;
	struct workitem_model m;
	struct tree_visitor visitor;
	struct tree_read_pass *r;
	bool model;
};

static bool same_files(const struct file_list *x, const struct file_list *y)
{
	size_t i;

	if (x->nr != y->nr)
		return false;
	for (i = 0; i < x->nr; i++)
		if (strcmp(x->paths[i], y->paths[i]))
			return false;
	return true;
}

static void *reading_begin(const struct scan_options *opts, const struct file_list *files,
			   int threads)
{
	struct shared_reading *s = xcalloc(1, sizeof(*s));

	/* The scan's list of the whole tree is the list: not listed again. */
	if (files->whole_tree)
		file_list_copy(&s->a.all, files);
	else if (tree_reading_list(opts->root, &s->a) < 0 || !same_files(&s->a.all, files)) {
		tree_reading_release(&s->a);
		free(s);
		return NULL;
	}
	s->model = selects_model_rule(opts);
	if (s->model)
		workitem_model_begin(&s->m, opts->root, opts->arch, threads);
	s->visitor.visit = workitem_model_visit;
	s->visitor.ctx = &s->m;
	s->r = tree_read_begin(opts->root, opts->arch, threads,
				   s->model ? workitem_model_mentions : NULL,
				   s->model ? &s->visitor : NULL, &s->a);
	return s;
}

static void reading_file(void *ctx, int thread, size_t index, const char *text, size_t len,
			 const struct lexed_file *lexed)
{
	struct shared_reading *s = ctx;

	tree_read_file(s->r, thread, index, text, len, lexed);
}

static void reading_finish(void *ctx, const struct scan_options *opts, struct scan_result *res)
{
	struct shared_reading *s = ctx;

	tree_read_end(s->r, &s->a);
	report_read(opts, &s->a, &s->m, s->model, res);
	free(s);
}

static void reading_cancel(void *ctx)
{
	struct shared_reading *s = ctx;

	tree_read_end(s->r, &s->a);
	if (s->model)
		workitem_model_release(&s->m);
	tree_reading_release(&s->a);
	free(s);
}

const struct tree_reader workitem_tree_reader = {
	.begin = reading_begin,
	.file = reading_file,
	.finish = reading_finish,
	.cancel = reading_cancel,
};
