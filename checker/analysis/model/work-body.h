/*
 * The one lock a work function's whole body runs under. Two runs of one
 * item that overlap (a queueing on a second workqueue, a re-initialised
 * item) then run their bodies one after the other: the overlap wastes a
 * run but cannot race, which is a note, not a warning (the strict reading
 * of ../../../Documentation/wqcheck-WQ014.7.scd and the others).
 *
 * Lexical: the lock is taken by the first statement that is not a
 * declaration, a test that only leaves, or a print or wait (quiet-calls.h)
 * (mutex_lock(&x), spin_lock_irqsave(&x, f), down_write(&x), rtnl_lock(),
 * guard(mutex)(&x), scoped_guard(mutex, &x) { ... }, `if
 * (!mutex_trylock(&x)) return;`, the same with a block that requeues the
 * item before its return, `if (helper(&x, ...)) { ...; return; }` with a
 * helper of the file that tries the mutex until a deadline and fails
 * non-zero, or `while (!mutex_trylock(&x)) msleep(...);`) and released
 * only by the body's last statement that is no print or wait, or just
 * before a return or a goto out of it. Shared locks (down_read(),
 * read_lock()) let two runs in together: not one.
 */
#ifndef WQCHECK_WORK_BODY_H
#define WQCHECK_WORK_BODY_H

#include "analysis/model/lock-calls.h"
#include "analysis/model/workitem-model.h"
#include "front/source-cache.h"

/* fn's body lock in f as the code takes it ("mutex_lock(&dev->lock)",
 * "guard(mutex)(&dev->lock)", "rtnl_lock()"), allocated; NULL when its
 * body does not run under one lock. A guard class of the driver's own is
 * looked up in f and, with sc (or NULL), in the headers f includes. Tests
 * that only look before the lock (`if (x->unloading) return;`) are let
 * pass. */
char *work_body_lock(struct source_cache *sc, const struct source_file *f,
		     const struct source_function *fn);
/* work_body_lock() that also looks through calls, with r: a lock helper
 * of the driver's (namespace_lock(), snd_soc_dapm_mutex_lock(): see
 * lock-calls.h) taken first and its pair given back last; a local set
 * before the lock to what the lock is taken on (`dapm = ...`) or from
 * accessors; a tracepoint; a test that queues the item again and leaves;
 * after the release, a call of a function whose own body runs under a
 * lock (named: "... (after it only f(), under L)"); and a body that is one
 * call, two levels down: "mutex_lock(&_event_lock), taken in
 * dm_table_event()". */
char *work_body_lock_read(const struct lock_reader *r, const struct source_file *f,
			  const struct source_function *fn);
/* work_body_lock() of the function b binds its item to, when b's file
 * defines it (a work function is nearly always static beside its
 * INIT_*); NULL when none or not found there. */
char *work_binding_body_lock(const struct workitem_model *m, const struct work_binding *b);

#endif
