/* WQ010-WQ012's judgement of every queue_work_on() & co site (and every
 * call of a subsystem's wrapper of one), open to other users than the
 * rules: its work functions and what was decided about it. `wqcheck audit`
 * lists every site, finding or not, from it. */
#ifndef WQCHECK_RULE_AFFINITY_H
#define WQCHECK_RULE_AFFINITY_H

#include "analysis/model/cpu-dependence.h"
#include "analysis/model/tree-reading.h"
#include "analysis/model/workitem-index.h"

#include <stdbool.h>
#include <stddef.h>

struct rule;
struct scan_result;
struct affinity_sites;

/* Finds and judges the *_on() sites of the tree t read (tree_read()),
 * mostly on the calling thread. Meanwhile another thread may read t->idx,
 * t->all and t->mentions, but not t->sc or t->cd. The sites point into
 * t's source cache: forgetting its sources invalidates them. Release with
 * affinity_sites_release(), before tree_reading_release(t). */
struct affinity_sites *affinity_sites_find(struct tree_reading *t, const char *root,
					   int jobs);
/* Adds the WQ010-WQ012 findings among rules to res, exactly as scan does. */
void affinity_report(const struct affinity_sites *sites,
		     const struct rule *const *rules, size_t nr_rules,
		     struct scan_result *res);
void affinity_sites_release(struct affinity_sites *sites);

/* One site as decided; pointers into the reading. */
struct affinity_site {
	const struct source_file *file;
	size_t tok;
	unsigned line, column;
	const struct source_function *caller;
	const char *api; /* queue_work_on, or a wrapper's name */
	const char *wrapper_file; /* a wrapper's definition, else NULL */
	unsigned wrapper_line;
	const char *cpu_text, *item_text, *item_key;
	struct work_binding *const *bindings; /* the item's work functions */
	size_t nr_bindings;
	bool cpu_dependent; /* one of them reads the current CPU */
	const struct work_binding *dependent_binding;
	const struct cpu_chain *chain; /* how it does */
	bool unbound; /* on an unbound workqueue */
	bool fresh, idle; /* initialised / waited for just before */
	bool own_cpu; /* a per-CPU item sent to its own CPU */
	bool self_delayed; /* re-arms itself after a delay */
	bool self_requeue_here; /* re-arms itself on the current CPU */
};

size_t affinity_nr_sites(const struct affinity_sites *sites);
/* Site i; false for the call inside a wrapper (its callers are the sites). */
bool affinity_site_get(const struct affinity_sites *sites, size_t i,
		       struct affinity_site *out);

#endif
