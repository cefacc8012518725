/* The work functions of an item expression, resolved as every reader of
 * the tree resolves them: its key, a per-CPU variable's struct type, a
 * work function's own parameter, or a member of the same name bound in
 * the same file. */
#ifndef WQCHECK_ITEM_BINDINGS_H
#define WQCHECK_ITEM_BINDINGS_H

#include "analysis/model/workitem-index.h"
#include "front/source-cache.h"

#include <stddef.h>

struct item_bindings {
	struct work_binding *const *items;
	size_t nr;
	struct work_binding **owned; /* what items points to, when made here */
};

void item_bindings_of(const struct workitem_index *idx, const char *path,
		      const struct source_function *caller,
		      const struct item_shape *item,
		      struct item_bindings *out);
void item_bindings_release(struct item_bindings *b);

#endif
