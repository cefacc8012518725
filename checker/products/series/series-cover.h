/* The cover letter of a series: git format-patch writes it with the diffstat
 * and base-commit; this fills in its subject and blurb (why, and a table of
 * the converted uses per subsystem and rule). */
#ifndef WQCHECK_SERIES_COVER_H
#define WQCHECK_SERIES_COVER_H

#include <stddef.h>

#include "analysis/rules/rule.h"
#include "products/series/series-message.h"
#include "lib/strbuf.h"

struct series_summary_row {
	char *name; /* MAINTAINERS section, or a path prefix */
	unsigned counts[SERIES_MAX_RULE + 1];
};

/* A patch that changes behaviour, and what it changes. */
struct series_change {
	int patch;		/* its number in the series, from 1 */
	char *what;
};

struct series_summary {
	struct series_summary_row *rows;
	size_t nr, alloc;
	bool per_subsystem; /* one patch per subsystem and rule family */
	int deprecation_patches; /* include/linux/workqueue.h patches appended */
	bool removal_patch; /* ... the last of which removes the old APIs */
	const char *scope; /* only what lies under this path was converted */
	bool scope_is_dir;
	/* The tree's workqueue core is not yet non-reentrant: the legacy
	 * conversions keep behaviour only on top of dbf2576e37da. */
	bool prerequisite;
	const char *prerequisite_why; /* what in the tree says so */
	struct series_change *changes;
	size_t nr_changes, alloc_changes;
	int nr_patches;		/* in the series, set before the cover */
	bool prefer_unbound;	/* --prefer-unbound chose where work goes */
	int nr_fixes;		/* the first patches: the fix family's */
	/* subject prefixes learnt from the files' history, and guessed */
	unsigned prefixes_from_history, prefixes_guessed;
};

/* One converted use of rule number in path (section NULL: not maintained). */
void series_summary_add(struct series_summary *sum, const char *path,
			const char *section, int number);
void series_summary_release(struct series_summary *sum);
/* Patch number changes behaviour: what (taken). */
void series_summary_change(struct series_summary *sum, int patch, char *what);

/* The blurb on its own. */
void series_cover_blurb(struct strbuf *sb, const struct series_summary *sum,
			const struct rule *const *rules, size_t nr_rules);
/* Replaces format-patch's "*** SUBJECT HERE ***" and "*** BLURB HERE ***". */
void series_cover_fill(struct strbuf *cover, const struct series_summary *sum,
		       const struct rule *const *rules, size_t nr_rules);

#endif
