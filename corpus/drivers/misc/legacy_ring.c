// SPDX-License-Identifier: GPL-2.0
/*
 * A message ring shared with a coprocessor.  It predates the workqueue
 * API and never included <linux/workqueue.h>; its helpers happen to
 * share names with workqueue functions.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/spinlock.h>
#include <linux/slab.h>

#define RING_SLOTS	32

struct ring {
	spinlock_t lock;
	unsigned int head, tail;
	u32 slot[RING_SLOTS];
};

/* Push every queued message to the coprocessor and wait for the acks. */
static int flush_work_sync(struct ring *r)
{
	int sent = 0;

	spin_lock(&r->lock);
	while (r->tail != r->head) {
		r->tail = (r->tail + 1) % RING_SLOTS;
		sent++;
	}
	spin_unlock(&r->lock);
	return sent;
}

/* Same, after the coprocessor's own delay line has drained. */
static int flush_delayed_work_sync(struct ring *r, unsigned int usecs)
{
	if (usecs)
		msleep(usecs / 1000 + 1);
	return flush_work_sync(r);
}

static struct ring *legacy_ring;

static int __init legacy_ring_init(void)
{
	legacy_ring = kzalloc(sizeof(*legacy_ring), GFP_KERNEL);
	if (!legacy_ring)
		return -ENOMEM;
	spin_lock_init(&legacy_ring->lock);
	return 0;
}

static void __exit legacy_ring_exit(void)
{
	flush_delayed_work_sync(legacy_ring, 100);
	kfree(legacy_ring);
}

module_init(legacy_ring_init);
module_exit(legacy_ring_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: local static functions named like the legacy flushes
 * check-command: wqcheck scan $file
 * check-exit: 0
 *
 * check-command: wqcheck scan --clang=always $file
 * check-exit: 0
 *
 * check-command: wqcheck scan --clang=never $file
 * check-exit: 0
 */
