/*
 * Whether a work body writes state two of its runs share outside the
 * exclusive locks it takes: when it does not, two overlapping runs (an
 * item on two workqueues) waste a run but cannot race, which the strict
 * reading of DESIGN.md 1c makes a note ("right(benign)" in
 * tests/real/reentry-strict-*.txt). fs-writeback's dirtytime work only
 * walks RCU lists and wakes writeback; nf_conntrack's ecache work moves
 * entries off the shared dying list under its spinlock onto a local list
 * and drops them from there.
 *
 * Lexical and conservative. Inside a region of an exclusive lock the work
 * function takes, or a function it calls takes, anything goes. Outside
 * one, a statement may:
 * - assign a local (a variable declared in the function, a parameter
 *   itself, a member or element of a local struct or array), or through a
 *   pointer taken off a list head that is a local (what the run moved
 *   there is its own);
 * - call a work API (queue, cancel, flush), a primitive that only reads or
 *   yields (list_empty(), rcu_read_lock(), test_bit(), READ_ONCE(),
 *   cond_resched(), printing, tracepoints, *for_each* iterators), a
 *   function whose every pointer argument is the run's own, or a function
 *   of the same file that, read the same way, writes nothing outside the
 *   locks it takes itself; two calls down, a function must write nothing
 *   at all, its own locks do not count (rfkill's op handler drops its lock
 *   to call functions that write the global state under another, and its
 *   runs then apply their ops out of order). Functions of other files are
 *   not read: finding them would lex every file of their directory that
 *   names them;
 * - in the work function itself, call through a member
 *   (`tlb_inval->ops->flush(tlb_inval)`) when the static const tables of
 *   its directory set that member to functions that, read as functions it
 *   calls (their callees looked for in their headers and directory too, a
 *   macro whose body only calls what reads or the work API accepted),
 *   write nothing outside their own locks (xe's TLB fence timeout work
 *   computes its delay and flushes the G2H worker through ops).
 *   Implementations in other directories are not seen.
 * Any other write, or a call wqcheck cannot read, is a shared write.
 */
#ifndef WQCHECK_WORK_WRITES_H
#define WQCHECK_WORK_WRITES_H

#include "analysis/model/lock-calls.h"
#include "analysis/model/workitem-model.h"

/* Whether fn (in f) writes nothing shared outside its own exclusive lock
 * regions (see above). *why, when true and why is not NULL: what it does
 * write and under which lock ("under spin_lock_bh(&cnet->ecache.dying_lock)
 * in ecache_work_evict_list()"), or "" when it writes only its locals;
 * *via, likewise: the calls through members it read ("->flush() is
 * tlb_inval_flush() in drivers/.../xe_guc_tlb_inval.c", ", "-separated)
 * or "". Both allocated. */
bool work_writes_nothing_shared(const struct lock_reader *r, const struct source_file *f,
				const struct source_function *fn, char **why, char **via);
/* The same for the work function b binds its item to. */
bool work_binding_writes_nothing_shared(const struct workitem_model *m,
					const struct work_binding *b, char **why, char **via);

#endif
