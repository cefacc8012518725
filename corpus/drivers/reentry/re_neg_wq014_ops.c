// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014 when the work calls through an ops table: the fence timeout work
 * is queued on its own timeout workqueue by itself and on system_wq by the
 * reset path, so two runs can overlap; everything they share is written
 * under the client's pending lock, taken inside the body, and outside it
 * the work only asks ->fence_delay() for a delay (computed from constants
 * and a helper that only reads) and ->fence_flush() to flush the reply
 * worker (a macro around flush_work()), both set by the one static const
 * ops table of this directory: a note that names the lock and the two
 * functions (xe's xe_tlb_inval_fence_timeout()). re_wq014_ops.c has the
 * look-alikes that stay warnings.
 */
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#define OP_FLUSH_WORK(w)	flush_work(w)
#define OP_QUEUE_PAGES		4

struct op_client;

struct op_client_ops {
	long (*fence_delay)(struct op_client *c);
	void (*fence_flush)(struct op_client *c);
};

struct op_client {
	const struct op_client_ops *ops;
	spinlock_t pending_lock;
	struct list_head pending;
	struct delayed_work fence_work;
	struct workqueue_struct *timeout_wq;
	struct work_struct reply_worker;
	int timeouts;
};

struct op_fence {
	struct list_head link;
	int error;
};

static long op_queue_time(struct op_client *c)
{
	BUILD_BUG_ON(!IS_ALIGNED(OP_QUEUE_PAGES, 2));
	return OP_QUEUE_PAGES * HZ;
}

static long op_fence_delay(struct op_client *c)
{
	const long hw_timeout = HZ / 4;
	long delay = op_queue_time(c);

	return hw_timeout + 2 * delay;
}

static void op_fence_flush(struct op_client *c)
{
	OP_FLUSH_WORK(&c->reply_worker);
}

static const struct op_client_ops op_guc_ops = {
	.fence_delay = op_fence_delay,
	.fence_flush = op_fence_flush,
};

static void op_fence_timeout(struct work_struct *work)
{
	struct op_client *c = container_of(work, struct op_client, fence_work.work);
	struct op_fence *fence, *next;
	long delay = c->ops->fence_delay(c);

	c->ops->fence_flush(c);

	spin_lock_irq(&c->pending_lock);
	list_for_each_entry_safe(fence, next, &c->pending, link) {
		fence->error = -ETIME;
		list_del(&fence->link);
		c->timeouts++;
	}
	if (!list_empty(&c->pending))
		queue_delayed_work(c->timeout_wq, &c->fence_work, delay);
	spin_unlock_irq(&c->pending_lock);
}

void op_client_init(struct op_client *c)
{
	c->ops = &op_guc_ops;
	spin_lock_init(&c->pending_lock);
	INIT_LIST_HEAD(&c->pending);
	INIT_DELAYED_WORK(&c->fence_work, op_fence_timeout);
}

void op_client_reset_timeout(struct op_client *c)
{
	mod_delayed_work(system_wq, &c->fence_work, c->ops->fence_delay(c));
}

/*
 * check-name: WQ014 through an ops table: the functions the directory's table sets only compute and flush, the shared state under the lock taken inside: a note naming both
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_neg_wq014_ops.c:97:9: note: mod_delayed_work() queues &c->fence_work on system_wq, but it is also queued on c->timeout_wq at drivers/reentry/re_neg_wq014_ops.c:83: the one-worker guarantee holds only on one workqueue: run A, queued by op_fence_timeout() at drivers/reentry/re_neg_wq014_ops.c:83 (the work queueing itself again) on c->timeout_wq, can still be in op_fence_timeout() when run B, queued by op_client_reset_timeout() here on system_wq, starts in another worker pool; op_fence_timeout() writes what the two runs share only under spin_lock_irq(&c->pending_lock) in op_fence_timeout() (elsewhere its own locals, what it took onto a list of its own, and references it holds), so the runs take turns where they write: an overlap wastes a run, not a race; what it calls through pointers (->fence_delay() is op_fence_delay() in drivers/reentry/re_neg_wq014_ops.c, ->fence_flush() is op_fence_flush() in drivers/reentry/re_neg_wq014_ops.c) writes nothing the runs share outside its own locks; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_wq014_ops.c:83:17: note: &c->fence_work is queued on c->timeout_wq here, with queue_delayed_work(), by a run of the item
 * check-output-end
 */
