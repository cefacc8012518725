/* The kernel tree being scanned: its root, and its C files. */
#ifndef WQCHECK_TREE_H
#define WQCHECK_TREE_H

#include <stdbool.h>
#include <stddef.h>

struct file_list {
	char **paths;		/* relative to the root, sorted, unique */
	size_t nr, alloc;
	bool whole_tree;	/* listed by list_tree_files(root, "") alone */
	/* Listed by git without looking at the working tree: a path may be
	 * gone from it, or be a symlink or a directory there. Whoever reads
	 * the files skips those, as scan_run() does (one lookup a file less
	 * than listing with a look at each). */
	bool unchecked;
};

/* Whether err, from opening a path of a list (O_NOFOLLOW | O_NONBLOCK for
 * an unchecked one), says it is no file to read: gone from the working
 * tree, a symlink, a directory, a FIFO without a writer. A listing that
 * looks at each path would not have listed it; anything else is a file
 * the user cannot read. */
bool file_list_absent_error(int err);

/* The root of the kernel tree holding path: the nearest directory at or above
 * it with a Makefile, include/linux/ and MAINTAINERS or Kconfig. NULL if none. */
char *find_tree_root(const char *path);
bool is_kernel_tree(const char *dir);
bool is_git_checkout(const char *root);

/* Adds the .c and .h files under rel (a file or directory relative to root;
 * "" for all): `git ls-files` in a git checkout (tracked and untracked files
 * that are not ignored), a walk otherwise. Returns -1 if rel does not exist. */
int list_tree_files(const char *root, const char *rel, struct file_list *out);
/* The whole tree as list_tree_files(root, "") has it, but unchecked when
 * git lists it: for a caller whose reading of every file looks at each as
 * scan_run() does (a stat of each of the tree's files is a twentieth of a
 * whole audit's time). */
int list_tree_files_unchecked(const char *root, struct file_list *out);
/* The files under paths (each the tree's root, or a file or directory in
 * it), all in one kernel tree, into out (finished; unchecked when git
 * listed a directory: the scan looks at each file as it reads it). Returns
 * that tree's root (the caller frees it); dies with one line when a path is
 * missing, outside a kernel tree or in another one than the first.
 * untracked not NULL: for one directory of a git checkout, out gets the
 * tracked files only and *untracked the listing of the others, which git
 * finds by walking the working tree (0.2 s of a whole tree) while the
 * caller goes on; else *untracked is NULL and out has them all. */
struct untracked_listing;
char *list_paths_of_one_tree(char **paths, size_t nr, struct file_list *out,
			     struct untracked_listing **untracked);
/* Waits for the untracked files and adds them to out (unfinished; a
 * failure of git is said on stderr), and frees l. */
void untracked_listing_finish(struct untracked_listing *l, struct file_list *out);
void file_list_add(struct file_list *fl, const char *path);	/* unfinished after */
void file_list_finish(struct file_list *fl);	/* sorts and removes duplicates */
bool file_list_has(const struct file_list *fl, const char *path);	/* once finished */
void file_list_release(struct file_list *fl);
/* A copy of from in to (empty before). */
void file_list_copy(struct file_list *to, const struct file_list *from);

#endif
