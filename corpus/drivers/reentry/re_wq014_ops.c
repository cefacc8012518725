// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014 when the work calls through an ops table, kept a warning: each
 * timeout work below is queued on its own workqueue by itself and on
 * system_wq by a reset path, takes its lock inside the body, and outside
 * it calls through a member that
 * - the directory's ops table sets to a function writing the client's
 *   state without a lock (->rearm_reset() clears hw_busy);
 * - no ops table of the directory sets (->mystery_hook()): what it does
 *   is not seen.
 * re_neg_wq014_ops.c has the one that only computes and flushes, a note.
 */
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

struct ow_client;

struct ow_client_ops {
	void (*rearm_reset)(struct ow_client *c);
	void (*mystery_hook)(struct ow_client *c);
};

struct ow_client {
	const struct ow_client_ops *ops;
	spinlock_t lock;
	struct list_head pending;
	struct delayed_work reset_work, hook_work;
	struct workqueue_struct *timeout_wq;
	bool hw_busy;
};

static void ow_rearm_reset(struct ow_client *c)
{
	c->hw_busy = false;
}

static const struct ow_client_ops ow_ops = {
	.rearm_reset = ow_rearm_reset,
};

static void ow_reset_timeout(struct work_struct *work)
{
	struct ow_client *c = container_of(work, struct ow_client, reset_work.work);

	c->ops->rearm_reset(c);
	spin_lock_irq(&c->lock);
	if (!list_empty(&c->pending))
		queue_delayed_work(c->timeout_wq, &c->reset_work, 0);
	spin_unlock_irq(&c->lock);
}

static void ow_hook_timeout(struct work_struct *work)
{
	struct ow_client *c = container_of(work, struct ow_client, hook_work.work);

	c->ops->mystery_hook(c);
	spin_lock_irq(&c->lock);
	if (!list_empty(&c->pending))
		queue_delayed_work(c->timeout_wq, &c->hook_work, 0);
	spin_unlock_irq(&c->lock);
}

void ow_client_init(struct ow_client *c)
{
	c->ops = &ow_ops;
	INIT_DELAYED_WORK(&c->reset_work, ow_reset_timeout);
	INIT_DELAYED_WORK(&c->hook_work, ow_hook_timeout);
}

void ow_client_reset(struct ow_client *c)
{
	mod_delayed_work(system_wq, &c->reset_work, 0);
	mod_delayed_work(system_wq, &c->hook_work, 0);
}

/*
 * check-name: WQ014 through an ops table, kept warnings: the function the table sets writes unlocked, or no table sets the member
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_wq014_ops.c:73:9: warning: mod_delayed_work() queues &c->reset_work on system_wq, but it is also queued on c->timeout_wq at drivers/reentry/re_wq014_ops.c:49: the one-worker guarantee holds only on one workqueue: run A, queued by ow_reset_timeout() at drivers/reentry/re_wq014_ops.c:49 (the work queueing itself again) on c->timeout_wq, can still be in ow_reset_timeout() when run B, queued by ow_client_reset() here on system_wq, starts in another worker pool; no lock is held across ow_reset_timeout()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_ops.c:49:17: note: &c->reset_work is queued on c->timeout_wq here, with queue_delayed_work(), by a run of the item
drivers/reentry/re_wq014_ops.c:74:9: warning: mod_delayed_work() queues &c->hook_work on system_wq, but it is also queued on c->timeout_wq at drivers/reentry/re_wq014_ops.c:60: the one-worker guarantee holds only on one workqueue: run A, queued by ow_hook_timeout() at drivers/reentry/re_wq014_ops.c:60 (the work queueing itself again) on c->timeout_wq, can still be in ow_hook_timeout() when run B, queued by ow_client_reset() here on system_wq, starts in another worker pool; no lock is held across ow_hook_timeout()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_ops.c:60:17: note: &c->hook_work is queued on c->timeout_wq here, with queue_delayed_work(), by a run of the item
 * check-output-end
 */
