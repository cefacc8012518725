/* Judging a series on its post-image without writing the user's tree and
 * without checking out 70,000 files: a scratch overlay of TREE in which the
 * directories on the way to each touched file are real directories whose
 * other entries are symbolic links into TREE, and the touched files are real
 * copies. Compiler flags inferred for the overlay then reach TREE's headers
 * (and its generated autoconf.h) through the links, while the touched files,
 * headers included, are the post-image. A private git repository (its
 * GIT_DIR outside the overlay) holds the base and one commit per patch, so
 * that git applies the patches and git says which lines the series added
 * and which patch added each. */
#ifndef WQCHECK_PATCH_APPLY_H
#define WQCHECK_PATCH_APPLY_H

#include "products/review/patch-parse.h"
#include "lib/strbuf.h"

struct patch_scratch {
	char *dir;			/* the scratch directory */
	char *source;			/* TREE (absolute) */
	char *overlay;			/* the scratch tree to scan */
	char *git_dir;			/* the scratch repository */
	char *env[12];			/* GIT_DIR, GIT_WORK_TREE, identity; NULL-terminated */
	char *base;			/* commit of the pre-image */
	char **commits;			/* commit of each applied patch */
	size_t nr_commits, alloc_commits;
};

/* Creates the scratch directory (removed on exit, die() and signals). */
void patch_scratch_init(struct patch_scratch *s, const char *source);
void patch_scratch_release(struct patch_scratch *s);

/* Makes rel a real path in the overlay: real directories on the way, their
 * other entries linked to TREE. With content, rel becomes a real file
 * holding it; without, only its directory is made. */
void overlay_materialize(struct patch_scratch *s, const char *rel, const char *content,
			 size_t len);

/* Whether path (NULL: no) names a .c or .h file. */
bool path_is_c_or_h(const char *path);

/* Turns the links to the .c and .h files beside rel into copies, so that the
 * whole-tree passes (they walk real files only) see the work items the
 * directory binds: INIT_WORK in foo_main.c of a function queued in foo.c. */
void overlay_copy_siblings(struct patch_scratch *s, const char *rel);

/* Runs git with the scratch repository's environment; NULL-terminated. */
__attribute__((sentinel))
int scratch_git(struct patch_scratch *s, struct strbuf *out, struct strbuf *err, ...);

/* Commits what overlay_materialize() put in place as the base. */
void scratch_commit_base(struct patch_scratch *s, const char *const *paths, size_t nr);

/* git apply --index of patch p of ps, then a commit. On failure returns
 * SCRATCH_ALREADY_APPLIED when the patch reverse-applies (the tree has it),
 * else SCRATCH_NOT_APPLYING, with one line in why: the patch, the file and
 * the hunk that did not apply. */
#define SCRATCH_NOT_APPLYING	(-1)
#define SCRATCH_ALREADY_APPLIED	(-2)
int scratch_apply(struct patch_scratch *s, const struct patch_series *ps, size_t p,
		  struct strbuf *why);

/* Fills commits[] once every patch is applied. */
void scratch_list_commits(struct patch_scratch *s);

/* Added lines per post-image file: a diff -U0 parsed (hunks' added lines). */
struct added_lines {
	struct patch_series diff;	/* git diff -U0 -M BASE TIP */
};

/* git diff -U0 -M from..to in git dir dir (NULL: the scratch repository). */
int added_lines_compute(struct added_lines *al, struct patch_scratch *s, const char *repo,
			const char *from, const char *to);
bool added_lines_has(const struct added_lines *al, const char *path, unsigned line);
void added_lines_release(struct added_lines *al);

/* Who added a line: git blame --line-porcelain of several lines of one file
 * at once. commit is NULL for a line older than stop (a boundary). */
struct blamed_line {
	unsigned line;			/* in: the line at rev */
	char *commit;			/* out */
	unsigned orig_line;		/* out: its number in that commit */
	char *orig_path;		/* out: the file's path there */
	char *summary;			/* out: the commit's subject */
};

/* repo NULL: the scratch repository. Returns -1 when git blame fails. */
int blame_lines(struct patch_scratch *s, const char *repo, const char *rev, const char *stop,
		const char *path, struct blamed_line *lines, size_t nr);
void blamed_line_release(struct blamed_line *b);

#endif
