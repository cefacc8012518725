/* Findings the tree already had before the change, for check-patch and
 * diff. A finding counts when the change adds its line or a line of its
 * evidence; but a rename of one queue site of an item already on two
 * workqueues (system_wq to system_percpu_wq on a 6.17+ tree) rewrites the
 * line of a WQ014 the tree had, and adds nothing. Findings that carry an
 * identity (a model rule's: the work item) are judged by the tree before
 * the change instead: one it had, as big, is not the change's. */
#ifndef WQCHECK_CHECK_PREEXISTING_H
#define WQCHECK_CHECK_PREEXISTING_H

#include "products/review/patch-apply.h"
#include "analysis/scan.h"

/* Scans the pre-image of the files of diff (read from git's base_rev in
 * repo, NULL: the scratch repository), and the files of also as they are,
 * in the overlay of s with the model rules, then puts the post-images back.
 * A finding of res the pre-image had with an extent at least as big (an
 * item already on two workqueues, one of whose sites the change moved) is
 * kept as a note saying the change re-chose a site of a split it leaves;
 * a finding of the pre-image res no longer has, on a file the change
 * touched, is added as a note saying the change ends it (at the first
 * line the change added to one of its files). Returns how many of res's
 * became notes. */
size_t judge_preexisting_findings(struct patch_scratch *s, const char *repo,
				  const char *base_rev, const struct patch_series *diff,
				  const struct file_list *also, const struct scan_options *like,
				  struct scan_result *res);

#endif
