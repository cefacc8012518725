/*
 * An item's live window: from a queueing until its work function returns.
 * A queueing cannot meet a live run when its source is off while one is
 * live: an interrupt handler that disables its IRQ before it queues, the
 * work turning the IRQ on again only as its last statement (regulator's
 * irq_helpers, qcom-cpufreq-hw's throttle poll); nor when it comes after a
 * synchronous cancel or flush of the item on its path. A queueing made by
 * the item's own work function happens inside a live run.
 */
#ifndef WQCHECK_LIVE_WINDOW_H
#define WQCHECK_LIVE_WINDOW_H

#include "analysis/model/workitem-model.h"

#include <stdbool.h>

/* Whether q's function turns q's source off on its path before q
 * (disable_irq*() whose conditions are among q's) and every work function
 * of the item turns that IRQ on again only as a tail: *irq then names the
 * IRQ as the disabling call wrote it (allocated). */
bool queueing_source_off_while_live(const struct workitem_model *m, const struct work_item *it,
				    const struct queueing *q, char **irq);
/* Whether q is made by a run of the item: in its work function, or in a
 * function of the same file that one calls (two levels). */
bool queueing_inside_run(const struct workitem_model *m, const struct work_item *it,
			 const struct queueing *q);
/* Whether a synchronous cancel or flush (or an INIT_*) of the item comes
 * before q on every path to it in q's function: no run is live there. */
bool queueing_after_idle(const struct workitem_model *m, const struct work_item *it,
			 const struct queueing *q);

#endif
