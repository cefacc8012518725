/*
 * A reference put: a function whose body drops one reference on the
 * object it is given with an atomic primitive and releases the object
 * only when that was the last (in6_dev_put(): `if
 * (refcount_dec_and_test(&idev->refcnt)) in6_dev_finish_destroy(idev);`,
 * or kref_put(&x->kref, release)). Two runs that each put the reference
 * they hold change no state the other uses: the count is atomic, and the
 * release runs when no holder is left. The WQ014 writes reading (the
 * ipv6 mcast works of v5.15) asks.
 */
#ifndef WQCHECK_REFERENCE_PUT_H
#define WQCHECK_REFERENCE_PUT_H

#include "analysis/model/lock-calls.h"

#include <stdbool.h>

/* Whether name, called from f, is a reference put (found through r: the
 * file, the headers it includes, its directory). Only a name that says
 * put is looked up. */
bool reference_put(const struct lock_reader *r, const struct source_file *f, const char *name);

#endif
