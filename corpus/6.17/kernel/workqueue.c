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

/*
 * What alloc_workqueue() refuses, as the real core's __alloc_workqueue()
 * has it since 6.9: a BH workqueue runs its work in softirq context on the
 * queueing CPU, so it takes no flag outside __WQ_BH_ALLOWS and no
 * max_active. WQ023 reads these tests, not a table of its own.
 */
#define WARN_ON_ONCE(condition) (condition)	/* the real one warns, once */
#ifndef NULL
#define NULL ((void *)0)
#endif

struct workqueue_struct *wq_create(const char *fmt, unsigned int flags, int max_active);

struct workqueue_struct *__alloc_workqueue(const char *fmt, unsigned int flags,
					   int max_active)
{
	if (flags & WQ_BH) {
		if (WARN_ON_ONCE(flags & ~__WQ_BH_ALLOWS))
			return NULL;
		if (WARN_ON_ONCE(max_active))
			return NULL;
	}
	return wq_create(fmt, flags, max_active);
}

void workqueue_init_early(void)
{
	system_wq = alloc_workqueue("events", WQ_PERCPU, 0);
	system_percpu_wq = alloc_workqueue("events", WQ_PERCPU, 0);
	system_unbound_wq = alloc_workqueue("events_unbound", WQ_UNBOUND, 0);
	system_dfl_wq = alloc_workqueue("events_unbound", WQ_UNBOUND, 0);
	system_power_efficient_wq = alloc_workqueue("events_power_efficient",
						    WQ_POWER_EFFICIENT | WQ_PERCPU, 0);
	flush_workqueue(system_wq);
}

/*
 * check-name: the workqueue core's own uses are not findings
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
