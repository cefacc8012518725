/* The recent history of the files a series touches, read with one `git log`
 * walk, for the subject prefixes of all its patches. A walk per patch (the
 * last 100 commits of its files) costs seconds each on a linux.git whose
 * history goes back 20 years; one walk restricted to all the files costs
 * that once. */
#ifndef WQCHECK_SERIES_HISTORY_H
#define WQCHECK_SERIES_HISTORY_H

#include "lib/strbuf.h"

#include <stddef.h>

struct history_commit {
	char *subject;
	char **files; /* those of the walk's files it touched */
	size_t nr_files, alloc_files;
};

struct series_history {
	struct history_commit *commits; /* newest first */
	size_t nr, alloc;
};

/* The last max_commits non-merge commits of base (in the git checkout
 * root) touching any of paths; an empty history when git fails. */
void series_history_load(struct series_history *h, const char *root,
			 const char *base, const char *const *paths, size_t nr,
			 size_t max_commits);

/* The subjects, one a line, of the last max commits touching any of files. */
void series_history_subjects(const struct series_history *h,
			     const char *const *files, size_t nr, size_t max,
			     struct strbuf *out);

void series_history_release(struct series_history *h);

#endif
