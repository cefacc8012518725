/*
 * WQ015 where the item's own run re-initialises it: the cases the code
 * rules out, and the messages of those where nothing can queue the item
 * before the INIT_* (it meets the running item, not a queued one).
 */
#ifndef WQCHECK_REINIT_RUNNING_H
#define WQCHECK_REINIT_RUNNING_H

#include "analysis/model/workitem-context.h"
#include "lib/strbuf.h"

#include <stdbool.h>

/* "queue_work() at file:line on wq": where queueing q puts the item. */
void reinit_queueing_place(struct strbuf *sb, const struct queueing *q);
/* Binding b (at p) is the item's one INIT_*, under a static state set
 * once (init_guard_once()): no finding where the item's own run calls in
 * (acpi's video_detect.c). */
bool reinit_initialised_once_only(const struct workitem_model *m, const struct work_binding *b,
				  const struct code_place *p);
/* The run hands the item's object back to its source only after the
 * INIT_* at p (virtio_scsi): says so and what follows in msg (q: the
 * source's queueing); false when not so. */
bool reinit_handed_on_after_init(const struct code_place *p, const char *text,
				 struct strbuf *msg, const struct queueing *q);
/* Every queueing of it is in p's static function after init_line, and
 * only running (the work function) and set-up call that function
 * (batman-adv's timers): says so and what the INIT_* breaks in msg;
 * false when not so. */
bool reinit_queued_only_after_init(const struct workitem_model *m, const struct work_item *it,
				   const struct code_place *p, unsigned init_line,
				   const char *running, const char *text, struct strbuf *msg);

#endif
