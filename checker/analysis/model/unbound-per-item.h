/*
 * --prefer-unbound decides per work item, never per call site: a system_wq
 * site moves to system_dfl_wq only when every queueing of each item it
 * queues ends on system_dfl_wq too (its other system_wq sites proved
 * unbound, its system_unbound_wq sites renamed by WQ021). Otherwise the
 * site keeps the per-CPU form, and the reason names the queueing that
 * stays: moving one site alone would put the item on two workqueues.
 */
#ifndef WQCHECK_UNBOUND_PER_ITEM_H
#define WQCHECK_UNBOUND_PER_ITEM_H

#include "analysis/model/unbound-verdict.h"
#include "analysis/model/workitem-model.h"

/* Demotes, in v (not finished yet), the unbound system_wq verdicts that
 * would split an item of m; returns how many. */
size_t unbound_settle_per_item(const struct workitem_model *m, struct unbound_verdicts *v);

#endif
