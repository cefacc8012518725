/*
 * The conversion as a git format-patch series: the fixes of a scan, one
 * patch per MAINTAINERS subsystem and rule family (or per family, or one),
 * built as commits on the tree's HEAD in a scratch repository, with
 * upstream's explanation, the right Cc: and a cover letter.
 */
#ifndef WQCHECK_PRODUCTS_SERIES_H
#define WQCHECK_PRODUCTS_SERIES_H

#include "analysis/rules/rule.h"
/* series_family_of(): which rules a series converts (for --rules) */
#include "products/series/series-message.h"

#include <stdbool.h>
#include <stddef.h>

enum series_split { SPLIT_SUBSYSTEM, SPLIT_RULE, SPLIT_SINGLE };

/* Where the Cc: lines come from. */
enum series_cc {
	SERIES_CC_DEFAULT,	/* the tree's get_maintainer.pl when it has one */
	SERIES_CC_SCRIPT,	/* that script, or an error */
	SERIES_CC_MAINTAINERS,	/* MAINTAINERS and .mailmap, read here */
};

struct series_options {
	const char *tree;
	const char *outdir;		/* where the patches go */
	const char *from;		/* "Name <mail>", NULL: git config */
	const struct rule *const *rules;	/* none: the tree era's conversions */
	size_t nr_rules;
	enum series_split split;
	enum series_cc cc;
	bool with_deprecation;		/* append the workqueue.h patches */
	bool in_place, force;		/* also apply to the working tree */
	bool use_clang, quiet;
	bool prefer_unbound;		/* WQ020, WQ022: unbound where proved */
	int jobs;
};

/* Writes the series; returns the exit status: 0 written, 1 nothing to
 * convert, 2 the series was written but not applied in place. Dies (2) on
 * a tree it cannot read or a git that fails. */
int series_make(const struct series_options *o);

#endif
