/* The binding index of a full run, for checks that see a few files only.
 *
 * check and check-patch scan an overlay holding the checked files and their
 * directories (patch-apply.h); the affinity rules then know the work items
 * bound there. A work item bound (INIT_WORK & co) in another directory needs
 * the file that binds it. The index, written once for a tree
 * (`wqcheck check --save-index=FILE TREE`), lists for every identifier of a
 * binding's item expression the files that bind it: `work_name\tpath`. A
 * check then copies into the overlay the files binding the identifiers that
 * its *_on() calls name, and the affinity rules resolve them as if the
 * whole tree were there. Lexical and generous: a name bound in too many
 * files (dev, work, cpu) is not followed. */
#ifndef WQCHECK_PATCH_INDEX_H
#define WQCHECK_PATCH_INDEX_H

#include <stddef.h>
#include <stdio.h>

#include "products/review/patch-apply.h"

/* Writes the index of the tree at root; returns the number of lines. */
size_t binding_index_write(const char *root, FILE *out);

struct binding_index;

/* Loads an index; dies with one line when it cannot be read. */
struct binding_index *binding_index_load(const char *path);
void binding_index_free(struct binding_index *idx);

/* Copies into s's overlay (as real files) the files that bind the names the
 * *_on() calls of text use; returns how many were copied. */
size_t binding_index_materialize(const struct binding_index *idx, struct patch_scratch *s,
				 const char *text, size_t len);

#endif
