// SPDX-License-Identifier: GPL-2.0
/* Input for wq_non_reentrant.cocci; the expected result is wq_non_reentrant.res. */
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/workqueue.h>

#define BAZ_WQ_FLAGS		(WQ_MEM_RECLAIM | WQ_NON_REENTRANT)
#define BAZ_WQ_ALONE		WQ_NON_REENTRANT

struct baz {
	struct workqueue_struct *wq, *log_wq, *ev_wq;
	bool log;
};

static int baz_init(struct baz *z, const char *name, bool ordered)
{
	unsigned int flags = WQ_MEM_RECLAIM | WQ_NON_REENTRANT;

	flags |= WQ_NON_REENTRANT;
	z->wq = alloc_workqueue("baz", WQ_NON_REENTRANT, 0);
	z->wq = alloc_workqueue("baz", WQ_NON_REENTRANT | WQ_HIGHPRI, 0);
	z->wq = alloc_workqueue("baz", WQ_HIGHPRI | WQ_NON_REENTRANT | WQ_MEM_RECLAIM, 1);
	z->wq = alloc_workqueue("baz", WQ_HIGHPRI | WQ_NON_REENTRANT, 1);
	z->log_wq = alloc_workqueue("baz-%s", WQ_NON_REENTRANT | WQ_MEM_RECLAIM,
				    0, name);
	z->ev_wq = alloc_workqueue("baz-events",
				   ordered ? WQ_UNBOUND : WQ_NON_REENTRANT,
				   ordered ? 1 : 0);
	z->ev_wq = alloc_workqueue("baz-events-with-a-long-name-%s", WQ_FREEZABLE |
				   WQ_NON_REENTRANT | WQ_MEM_RECLAIM | WQ_CPU_INTENSIVE,
				   WQ_MAX_ACTIVE, name);
	z->wq = alloc_workqueue("baz-macro", BAZ_WQ_FLAGS, BAZ_WQ_ALONE);
	return flags;
}
