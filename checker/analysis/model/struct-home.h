/*
 * Where a struct is defined, as a file sees it: the file itself or a
 * header it includes (two levels deep), read from the tokens and kept in
 * the model's caches. Two drivers may each define a `struct adapter` or a
 * `struct bio_post_read_ctx` of their own: an item keyed by its struct's
 * name is one object only where both places see the same definition.
 * The two-workqueue rule asks it of two queueings (WQ014), the
 * function-change rule of the other bindings and queueings of an item
 * (WQ013).
 */
#ifndef WQCHECK_STRUCT_HOME_H
#define WQCHECK_STRUCT_HOME_H

#include "analysis/model/workitem-model.h"

#include <stdbool.h>

/* The file defining struct name as seen from file, or NULL. */
const char *struct_home(const struct workitem_model *m, const char *file, const char *name);
/* Whether an item's key means one type at a place in file a and one in
 * b, each with its type_local flag (local-struct.h): not when either
 * file defines the struct itself, unless they are one file. */
bool one_type(const char *a, bool a_local, const char *b, bool b_local);
/* it's queueings of b's type: it itself when every one is, else scratch
 * holding those that are (free(scratch->queueings) after), or NULL when
 * none is. */
const struct work_item *item_of_type(const struct work_item *it, const struct work_binding *b,
				     struct work_item *scratch);

#endif
