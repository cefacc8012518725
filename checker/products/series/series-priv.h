/*
 * What the series-*.c files that make a series share: the state of one run
 * (struct series) and the steps series.c calls in order. Each step lives in
 * the file named beside its declarations.
 */
#ifndef WQCHECK_SERIES_PRIV_H
#define WQCHECK_SERIES_PRIV_H

#include "analysis/scan.h"
#include "front/mailmap.h"
#include "front/maintainers.h"
#include "front/tree.h"
#include "lib/strbuf.h"
#include "analysis/callers/prefer-unbound.h"
#include "products/series/series-commit.h"
#include "products/series/series-cover.h"
#include "products/series/series-history.h"
#include "products/series/series-deprecate.h"
#include "products/series/series.h"

#include <stdbool.h>
#include <stddef.h>

/* A file the series changes, as it was at the base. */
struct touched_file {
	char *path;
	char *original;
	size_t original_len;
	/* The first scan's result (all rules, the base's text) and the rule
	 * families it found: a file of one family needs no other scan. */
	struct file_result *first;
	unsigned families;
};

/* A file of the base copied into the scratch directory, with its mode. */
struct base_file {
	char *path;
	unsigned mode;
};

struct series {
	char *root; /* TREE's kernel root */
	char *scope; /* TREE named a path inside root: only that is converted */
	bool git; /* TREE is a git checkout: the series is on its HEAD */
	const char *scratch;
	char *work; /* the files the series reads and changes, copied */
	char *base; /* the commit the series applies on */
	struct series_repo repo; /* where the commits are made */
	struct base_file *base_files; /* what work holds, sorted */
	size_t nr_base_files, alloc_base_files;
	bool cc_script; /* Cc from the tree's scripts/get_maintainer.pl */
	struct maintainers maint;
	struct mailmap mailmap;
	const struct rule *rules[64];
	size_t nr_rules;
	bool rules_given; /* --rules: fixes only of WQ014/WQ015 named there */
	enum series_split split;
	char *name, *email;
	const char *env[5];
	int jobs;
	bool use_clang, quiet, with_deprecation;
	bool prefer_unbound;
	struct unbound_verdicts verdicts; /* --prefer-unbound's, of root */
	/* git: the base's files naming an old API */
	struct file_list candidates;
	/* series_find_touched()'s, kept for series_make_patches() */
	struct scan_result first;
	/* git: the touched files' history, for the prefixes */
	struct series_history history;
	struct touched_file *touched;
	size_t nr_touched, alloc_touched;
	struct series_summary summary;
	int nr_patches;
	int nr_fixes; /* of them, the fix family's (series-fix-phase.c) */
};

/* series-scratch.c: the scratch directory (s->work, a copy of the files the
 * series reads and changes) and the scratch repository's base. */
void series_read_or_die(struct strbuf *sb, const char *dir, const char *rel);
void series_write_or_die(const char *dir, const char *rel, const char *data,
			 size_t len);
bool series_same_text(const char *a, size_t alen, const char *b, size_t blen);
void series_strip_newline(struct strbuf *sb);
void series_setup_scratch(struct series *s);
void series_make_temp_base(struct series *s);
bool series_stage_file(struct series *s, struct series_commit *c,
		       const char *path, const char *text, size_t len);
void series_commit_or_drop(struct series *s, struct series_commit *c);

/* series-candidates.c: which files the scans look at. */
void series_list_candidates(struct series *s);
void series_files_to_scan(struct series *s, const char *root,
			  struct file_list *files);

/* series-scan.c: the scans, and what they say about the tree. */
void series_scan(struct series *s, const char *root,
		 const struct rule *const *rules, size_t nr_rules,
		 const struct file_list *files, struct scan_result *res);
bool series_is_core_file(const char *path);
struct touched_file *series_add_touched(struct series *s, const char *path,
					const char *original, size_t len);
void series_find_touched(struct series *s, const char *root);
size_t series_users_left(struct series *s);
char *series_file_naming(struct series *s, const char *const *names);

/* series-prefix.c: the subject prefixes of one phase's patches, from the
 * history, else the paths or the section, none shared by two patches
 * (s->summary counts which were guessed). Returns nr strings to free. */
struct series_prefix_group {
	char *const *files;
	size_t nr_files;
	const struct maint_section *section;	/* NULL: not maintained, or all */
	bool treewide;				/* spans several sections */
};
char **series_phase_prefixes(struct series *s, const struct series_prefix_group *g,
			     size_t nr);

/* series-fix-phase.c: the fix family's patches, before the renames. */
void series_make_fix_patches(struct series *s);

/* series-patches.c: the findings grouped into commits. */
void series_make_patches(struct series *s);

/* series-patch-message.c: one patch's commit message; returns what the
 * patch changes in behaviour (malloc()ed), or NULL when it only renames. */
void series_load_history(struct series *s);
char *series_patch_message(struct series *s, struct strbuf *text,
			  char *const *files, size_t nr_files, unsigned mask,
			  const char *prefix, struct file_result *const *results,
			  size_t nr_results);

/* series-core-patches.c: --with-deprecation's workqueue.h patches. */
void series_make_deprecation(struct series *s);

/* series-fixes.c: "Fixes: <12 hex> ("subject")" for the commit that last
 * wrote the latest of lines of path at the base (git blame), or NULL
 * without history (not a git checkout, a root commit). */
char *series_fixes_tag(struct series *s, const char *path,
		       const unsigned *lines, size_t nr);

/* series-trailers.c: Signed-off-by and Cc, then the final commits. */
const char *series_finish_commits(struct series *s);

/* series-write.c: the patch files. */
void series_write_patches(struct series *s, const char *dir, const char *tip);

/* series-in-place.c: --in-place. */
int series_apply_in_place(struct series *s);
bool series_tree_is_dirty(struct series *s);

#endif
