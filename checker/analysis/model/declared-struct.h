/*
 * The structure a local variable or parameter points to, read from its
 * declaration's tokens: `struct sas_work *sw` gives "struct sas_work",
 * the spelling of libclang's canonical pointee type of `sw` (item-types.c
 * asks this first and parses a file only for the names it leaves open).
 *
 * Only a declaration whose type can be nothing else decides: `struct NAME`
 * (a tag defined as such in the file or its headers, no macro renaming it)
 * and up to four `*` before the name, nothing else (no qualifier, typedef,
 * array or attribute), in a function outside every #if (libclang skips an
 * inactive branch and knows no type there), with no other possible
 * declaration of the name in a block between it and the use (one that
 * could hide it: `u32 x;`, `for (struct b *x...`, `DECLARE_WORK(x, f);`),
 * and not in what may be a macro's arguments.
 */
#ifndef WQCHECK_DECLARED_STRUCT_H
#define WQCHECK_DECLARED_STRUCT_H

#include "front/source-cache.h"

#include <stddef.h>

/* "struct NAME" the name at token tok of f is declared with (allocated), or
 * NULL when the tokens cannot decide. call is the '(' of a call known to
 * be a function's whose argument tok is in (not a macro's: libclang has no
 * type at a name in some macros' arguments), or -1. */
char *declared_struct(struct source_cache *sc, const struct source_file *f, size_t tok,
		      long call);

#endif
