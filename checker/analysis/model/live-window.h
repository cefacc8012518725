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

/* Whether q's workqueue is ordered (one run at a time on it): assigned
 * alloc_ordered_workqueue(), create_singlethread_workqueue() or an
 * alloc_workqueue() with __WQ_ORDERED, in q's file or in a file of its
 * directory where the tree reading found workqueue calls (fnic_fip_queue,
 * allocated in fnic_main.c, queued in fip.c). *where: "file:line" of that
 * allocation (allocated). Two runs there take turns; only a pending item
 * can be harmed. */
bool queueing_on_ordered_wq(const struct workitem_model *m, const struct queueing *q,
			    char **where);
/* Whether every queueing of it is on one workqueue (the same id), and
 * that one is ordered (queueing_on_ordered_wq()): the runs take turns
 * (floppy_wq, afs's kafsd). Returns the allocation's "file:line"
 * (allocated), or NULL. WQ013 and WQ015 both ask. */
char *item_all_on_one_ordered_wq(const struct workitem_model *m, const struct work_item *it);

/* The run re-arms its item's source only after an INIT_* at token tok of
 * fn: the first call after tok that is given the item's object bare
 * (virtio_scsi's virtqueue_add_inbuf(vq, &sg, 1, event_node, ...) re-posts
 * the event buffer), when no call before tok in fn is given it. Until then
 * the object is in the run's hands, and its source cannot queue the item.
 * Returns that call's line (*callee: its name, allocated), or 0. */
unsigned object_handed_on_after(const struct source_file *f, const struct source_function *fn,
				size_t tok, const char *base, char **callee);

/* A synchronous cancel or flush in f of an item whose last member name is
 * member (cancel_work_sync(&vscsi->event_list[i].work) for `work`): its
 * line and *api, or 0. */
unsigned sync_cancel_in_file(const struct source_file *f, const char *member, const char **api);

/* Whether item key is created disabled and only INIT_* enables it: every
 * INIT_* of it but except is followed at once by a disable_*work*() of it
 * (ksmbd's smbdirect_socket_init(): INIT_WORK() then disable_work_sync()),
 * and neither those files nor except's enable it (enable_*work()). A
 * queueing before except does nothing. *where: "file:line" of the
 * disable (allocated). */
bool item_created_disabled(const struct workitem_model *m, const char *key,
			   const struct work_binding *except, char **where);

#endif
