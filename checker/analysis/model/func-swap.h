/*
 * A work function swapped for a stub and back in one function: `saved =
 * x->work.func; x->work.func = stub; ... x->work.func = saved;`, the
 * stub's body empty (i915's selftest_rps.c, dummy_rps_work()). The
 * workqueue tells runs apart by item and function, so while the item is
 * live the swap lets two runs meet; here the only pair that can meet is
 * the item's own function and one that does nothing, and a run pending
 * at the swap that starts as the stub is what the stub is for. Read from
 * the function's tokens alone.
 */
#ifndef WQCHECK_FUNC_SWAP_H
#define WQCHECK_FUNC_SWAP_H

#include "front/source-cache.h"

#include <stdbool.h>
#include <stddef.h>

/* The `.func =` at token tok of fn in f is one side of such a swap. */
bool func_swapped_for_stub(const struct source_file *f, const struct source_function *fn,
			   size_t tok);

#endif
