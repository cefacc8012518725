/* Which files of a directory may define a name, or set a member in a
 * `.member = fn` initialiser: the files' definitions lists
 * (front/definitions.h) merged into one sorted list for the directory, so
 * that a search of the directory for a callee is one look-up rather than
 * one per file. A whole-tree audit searched directories 7,400 times,
 * 600,000 files in all (v6.19). */
#ifndef WQCHECK_DIR_DEFS_H
#define WQCHECK_DIR_DEFS_H

#include "front/definitions.h"

#include <stddef.h>
#include <stdint.h>

struct dir_defs;

struct dir_defs *dir_defs_new(void);
/* File number file (0, 1, ... in the directory's order) and what its pass
 * found; with d->unknown (the pass lost track), the file is a candidate
 * for every name and the caller asks it itself. */
void dir_defs_add(struct dir_defs *dd, uint32_t file, const struct definitions *d);
/* A file known by its names rather than its pass: each of them defined
 * (names) or set as a member (members), exactly. */
void dir_defs_add_names(struct dir_defs *dd, uint32_t file, const char *const *names,
			size_t nr_names, const char *const *members, size_t nr_members);
void dir_defs_finish(struct dir_defs *dd);
/* The files that may define name (member: set the member name), in the
 * directory's order, into *out (allocated; the caller frees it); how many.
 * A superset, as each file's own list is. */
size_t dir_defs_files(const struct dir_defs *dd, const char *name, bool member,
		      uint32_t **out);
void dir_defs_free(struct dir_defs *dd);

#endif
