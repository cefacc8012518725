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
	bool quiet;			/* no total line, no notes */
	bool all_versions;		/* each version of the series, not the newest */
	bool bot;			/* check_patch_bot(): a verdict a series */
	const char *range;		/* bot mode: an inbox's commits (rev-list) */
	const char *index_path;		/* a full run's binding index, or NULL */
	const struct rule *const *rules;
	size_t nr_rules;
	long jobs;
};

/* The outcomes, which are check-patch's exit statuses (documented in
 * wqcheck-check-patch(1), kept stable for bots): 2 is lib/usage.h's
 * EXIT_USAGE, a usage or environment error (die()). */
#define CHECK_PATCH_CLEAN		0	/* checked, nothing added at or above fail_on */
#define CHECK_PATCH_FINDINGS		1	/* something added */
#define CHECK_PATCH_NOTHING		3	/* no patch: a reply, a cover letter */
#define CHECK_PATCH_NOT_APPLYING	4	/* a patch does not apply (or is corrupt) */
#define CHECK_PATCH_ALREADY_APPLIED	5	/* the first that does not apply reverse-applies */

/* "clean", "findings", "nothing-to-check", "does-not-apply", "already-applied". */
const char *check_patch_outcome_name(int outcome);

/* Of two outcomes, the one that needs a look first: findings, does not
 * apply, already applied, clean, nothing to check. */
int check_patch_worse(int a, int b);

/* The series in the files inputs ("-" is stdin; none: stdin): the newest
 * version the mails hold, or each with all_versions. Returns the outcome
 * (the worst of the versions'). Dies (exit 2) on a tree it cannot read. */
int check_patch_series(const struct check_patch_options *o, char **inputs,
		       size_t nr);

/* A list's bot: the inputs (mboxes, b4 thread mboxes, public-inbox
 * archives, whose commits o->range names) grouped into threads, each
 * thread's newest version (or each, with all_versions) checked as
 * check_patch_series() checks one, and one verdict line a series:
 * MESSAGE-ID, vN, OUTCOME, FINDINGS (RULE@FILE:LINE,... or -) and SUBJECT,
 * tab-separated (JSON: an array of objects). Threads of replies only are
 * counted, not judged. Returns 1 when a series added findings, else 0. */
int check_patch_bot(const struct check_patch_options *o, char **inputs, size_t nr);

/* The same for the commits of range in the tree: A..B, A...B or C. */
int check_patch_range(const struct check_patch_options *o, const char *range);

#endif
