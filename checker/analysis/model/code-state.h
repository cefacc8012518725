/*
 * Two queueings of one item that state keeps apart, so that their runs
 * are never live together: they sit on opposite sides of a test of one
 * field that only set-up code writes (regulator's desc.high_prio picks
 * system_highpri_wq or the other workqueue once and for all), or each
 * comes only after winning a test-and-set of one flag that the work
 * function clears as it leaves (kvfree_rcu's work_in_progress,
 * atomic_xchg()). Read from the tokens of the queueings' functions, and
 * of the one function that calls or hands over a static one.
 */
#ifndef WQCHECK_CODE_STATE_H
#define WQCHECK_CODE_STATE_H

#include "analysis/model/workitem-model.h"

#include <stdbool.h>

/* Whether a and b are kept apart by state; *why says how (allocated). */
bool queueings_exclude_by_state(const struct workitem_model *m, const struct work_item *it,
				const struct queueing *a, const struct queueing *b, char **why);

#endif
