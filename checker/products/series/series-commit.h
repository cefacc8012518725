/*
 * The series' commits, made without an index of the whole tree.
 *
 * A kernel index has 78,000 entries: every `git commit` in a worktree of it
 * rewrote them all (0.6 s a patch on 6.1). Instead the commits go into a
 * scratch repository that borrows TREE's objects (objects/info/alternates,
 * so nothing is written into TREE's repository either): one `git
 * fast-import` writes them all as drafts, one `git diff-tree --stdin` gives
 * their diffs (from which the Cc's are found), and a second fast-import
 * writes them again with their final messages.
 */
#ifndef WQCHECK_SERIES_COMMIT_H
#define WQCHECK_SERIES_COMMIT_H

#include <stdbool.h>
#include <stddef.h>

struct series_file {
	char *path;
	char *text;
	size_t len;
	unsigned mode; /* 0100644 or 0100755 */
};

struct series_commit {
	char *message; /* subject, blank line, body: the trailers come later */
	char *fixes; /* "Fixes: ..." lines above Signed-off-by, or NULL */
	struct series_file *files;
	size_t nr_files, alloc_files;
	char *diff; /* against the commit before it, once drafted */
	char *oid;
};

struct series_repo {
	char *dir; /* the scratch repository (bare) */
	const char *name, *email; /* author and committer */
	char *author, *committer; /* their idents with the date, from git var */
	const char *const *env; /* GIT_AUTHOR_NAME=... for the git it runs */
	char *base; /* the commit the series applies on */
	bool made_base; /* base is commits[0], made here */
	struct series_commit *commits;
	size_t nr, alloc;
};

/*
 * Creates the bare repository dir. objects (may be NULL) is the absolute
 * path of TREE's object directory, borrowed; base is then a commit in it.
 * Without objects, base is NULL and the first commit added becomes the
 * base (a root commit of the files as they are).
 */
void series_repo_init(struct series_repo *r, const char *dir,
		      const char *objects, const char *base, const char *name,
		      const char *email, const char *const *env);
struct series_commit *series_repo_add(struct series_repo *r,
				      const char *message);
void series_commit_add_file(struct series_commit *c, const char *path,
			    const char *text, size_t len, unsigned mode);

/* Writes every commit added as a draft (the base first, without objects)
 * and fills in each one's diff. Dies on failure. */
void series_repo_draft(struct series_repo *r);

/* Writes the commits again, on the base, with message + trailers[i] (for
 * the commits after the base); returns the last one (owned by r). */
const char *series_repo_finish(struct series_repo *r,
			       const char *const *trailers);

/* Runs git with args in the repository, with env; dies with what on
 * failure (git format-patch of the series). */
void series_repo_git(struct series_repo *r, const char *what,
		     const char *const *args);

void series_repo_release(struct series_repo *r);

#endif
