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
/* Whether item key means one type in files a and b: false only when the
 * key's struct is defined in a .c file that the other does not see
 * (each file's own struct of that name). */
bool item_key_one_type(const struct workitem_model *m, const char *key, const char *a,
		       const char *b);
/* it's queueings of file's type: it itself when every one is, else
 * scratch holding those that are (free(scratch->queueings) after), or
 * NULL when none is. */
const struct work_item *item_of_type(const struct workitem_model *m, const struct work_item *it,
				     const char *file, struct work_item *scratch);

#endif
