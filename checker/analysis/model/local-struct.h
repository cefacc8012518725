/*
 * The structs a .c file defines itself (`struct name {` in its own text):
 * no other file sees them, so an item keyed by such a struct's name is
 * that file's own (ext4's readpage.c and f2fs's data.c each define a
 * struct bio_post_read_ctx). Read while the file is lexed for the index
 * and the model, so that no rule lexes a file again to ask it.
 */
#ifndef WQCHECK_LOCAL_STRUCT_H
#define WQCHECK_LOCAL_STRUCT_H

#include "front/source-cache.h"

#include <stdbool.h>

/* "\nA\nB\n" for the structs f defines, allocated; NULL when f is not a
 * .c file (a header's struct is shared by whoever includes it). */
char *local_struct_names(const struct source_file *f);
/* Whether item key "struct T..." names a struct of names. */
bool local_struct_key(const char *names, const char *key);

#endif
