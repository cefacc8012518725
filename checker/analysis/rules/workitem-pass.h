/*
 * The whole-tree pass of the work-item rules: the affinity rules
 * (WQ010-WQ012) and the model rules (WQ013-WQ015) share one reading of the
 * tree, so selecting all of them costs one pass, not two.
 */
#ifndef WQCHECK_WORKITEM_PASS_H
#define WQCHECK_WORKITEM_PASS_H

#include <stdbool.h>
#include <stddef.h>

struct tree_reading;
struct rule;
struct scan_options;
struct scan_result;
struct tree_reader;

/* The model rules among rules, over a model whose files were visited
 * while a was read (workitem_model_begin(), then tree_read_visiting() with
 * workitem_model_visit and workitem_model_mentions): finishes the model,
 * adds their findings to res and releases it (set m's db and use_clang
 * first: what the types decide, libclang reads, item-types.h). It may
 * empty a's source cache: hold no source_file pointer across it. */
struct workitem_model;
void workitem_model_report_visited(struct workitem_model *m, struct tree_reading *a,
				   const struct rule *const *rules, size_t nr_rules,
				   struct scan_result *res);

void workitem_tree_pass(const struct scan_options *opts, struct scan_result *res);
/* Its reading beside the per-file scan (struct rule's tree_reader). */
extern const struct tree_reader workitem_tree_reader;

#endif
