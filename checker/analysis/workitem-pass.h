/*
 * The whole-tree pass of the work-item rules: the affinity rules
 * (WQ010-WQ012) and the model rules (WQ013-WQ015) share one reading of the
 * tree, so selecting all of them costs one pass, not two.
 */
#ifndef WQCHECK_WORKITEM_PASS_H
#define WQCHECK_WORKITEM_PASS_H

struct scan_options;
struct scan_result;

void workitem_tree_pass(const struct scan_options *opts, struct scan_result *res);

#endif
