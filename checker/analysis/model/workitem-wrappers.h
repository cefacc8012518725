/*
 * Queueings through a subsystem's wrapper: a function that passes its own
 * item parameter to a queueing call (ieee80211_queue_work(hw, work),
 * kblockd_schedule_work()) queues its callers' items, on the workqueue the
 * wrapper names (or the one its caller passes). Wrappers are found while
 * the tree is read, with the calls of every name that holds a queueing
 * call's name (a wrapper's usually does, so its callers' files are read
 * anyway); the calls become queueings once every wrapper is known. One
 * level: a wrapper of a wrapper is not followed.
 */
#ifndef WQCHECK_WORKITEM_WRAPPERS_H
#define WQCHECK_WORKITEM_WRAPPERS_H

#include "analysis/model/tree-reading.h"
#include "analysis/model/workitem-queueing.h"

/* While a file is read: the queueing call api of caller, in f, whose item
 * argument [item_first, item_last] may be a parameter of caller; its
 * workqueue argument [wq_first, wq_last], or -1 for schedule_*(), whose
 * workqueue is implied. */
void wrappers_note_definition(const struct workqueue_names *names, const char *implied,
			      const struct source_file *f,
			      const struct source_function *caller, const char *api,
			      size_t item_first, size_t item_last, long wq_first, long wq_last,
			      struct queueing_list *out);
/* Whether identifier token i may name a wrapper (its name holds a
 * queueing call's): the only calls wrappers_note_call() notes. */
bool wrappers_may_name(const struct lexed_file *lf, size_t i);
/* While a file is read: does token i of f call a name that may be a
 * wrapper? Then it is noted. */
void wrappers_note_call(const struct source_file *f, size_t i, size_t file_index,
			struct queueing_list *out);
/* Once the threads are done: their wrappers and calls into w (emptying
 * lists). */
void wrappers_collect(struct wrapper_set *w, struct queueing_list *lists, int nr_lists);
/* Once the index is finished: the queueings the calls of the wrappers
 * make, appended to *qs (after the others, in file order); their files
 * are lexed ahead on jobs threads. */
void wrappers_resolve(struct wrapper_set *w, struct tree_reading *a,
		      const struct workqueue_names *names, struct queueing **qs, size_t *nr,
		      size_t *alloc, int jobs);
void wrappers_release(struct wrapper_set *w);

#endif
