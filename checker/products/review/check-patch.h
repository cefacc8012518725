/*
 * The findings a patch series (check-patch) or a git range (diff) adds, for
 * pre-merge CI: only those on lines it adds, or whose evidence it adds,
 * judged on the post-image, printed in the chosen format. The user's tree
 * is never written; patches are applied in a scratch copy.
 */
#ifndef WQCHECK_PRODUCTS_CHECK_PATCH_H
#define WQCHECK_PRODUCTS_CHECK_PATCH_H

#include "analysis/finding.h"
#include "analysis/rules/rule.h"
#include "output/report.h"

#include <stdbool.h>
#include <stddef.h>

struct check_patch_options {
	const char *tree;		/* NULL: the tree holding "." */
	enum report_format format;	/* text, json or sarif */
	enum severity fail_on;		/* exit 1 at or above it */
	bool emacs, terse, showfile;	/* checkpatch.pl's text forms */
	bool quiet;			/* no total line */
	const char *index_path;		/* a full run's binding index, or NULL */
	const struct rule *const *rules;
	size_t nr_rules;
	long jobs;
};

/* The series in the files inputs ("-" is stdin; none: stdin). Returns the
 * exit status: 0 nothing added at or above fail_on, 1 something was. Dies
 * (exit 2) on a patch that does not apply or a tree it cannot read. */
int check_patch_series(const struct check_patch_options *o, char **inputs,
		       size_t nr);

/* The same for the commits of range in the tree: A..B, A...B or C. */
int check_patch_range(const struct check_patch_options *o, const char *range);

#endif
