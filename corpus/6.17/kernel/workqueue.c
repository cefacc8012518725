// SPDX-License-Identifier: GPL-2.0
/*
 * The workqueue core of the 6.17 corpus: it defines the system workqueues,
 * old names and new, so its own uses are not findings. As in the real
 * 6.17, the old and the new name are two workqueues with the same flags,
 * not one under two names.
 */
#include <linux/workqueue.h>

struct workqueue_struct *system_wq;
struct workqueue_struct *system_percpu_wq;
struct workqueue_struct *system_unbound_wq;
struct workqueue_struct *system_dfl_wq;

void workqueue_init_early(void)
{
	system_wq = alloc_workqueue("events", WQ_PERCPU, 0);
	system_percpu_wq = alloc_workqueue("events", WQ_PERCPU, 0);
	system_unbound_wq = alloc_workqueue("events_unbound", WQ_UNBOUND, 0);
	system_dfl_wq = alloc_workqueue("events_unbound", WQ_UNBOUND, 0);
	flush_workqueue(system_wq);
}

/*
 * check-name: the workqueue core's own uses are not findings
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
