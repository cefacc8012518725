// SPDX-License-Identifier: GPL-2.0
/*
 * Loopback statistics folding: a clean user of the post-3.7 API.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/netdevice.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

struct lo_stats {
	spinlock_t lock;
	unsigned long packets;
	unsigned long bytes;
	struct delayed_work fold_work;
	struct work_struct reset_work;
};

static struct lo_stats lo_stats;
static struct workqueue_struct *lo_wq;

static void lo_fold_stats(struct work_struct *work)
{
	struct lo_stats *st = container_of(to_delayed_work(work),
					   struct lo_stats, fold_work);

	spin_lock_bh(&st->lock);
	st->bytes += st->packets * 64;
	st->packets = 0;
	spin_unlock_bh(&st->lock);
	queue_delayed_work(lo_wq, &st->fold_work, round_jiffies_relative(HZ));
}

static void lo_reset_stats(struct work_struct *work)
{
	struct lo_stats *st = container_of(work, struct lo_stats, reset_work);

	spin_lock_bh(&st->lock);
	st->bytes = 0;
	spin_unlock_bh(&st->lock);
}

static int __init lo_stats_init(void)
{
	spin_lock_init(&lo_stats.lock);
	INIT_DELAYED_WORK(&lo_stats.fold_work, lo_fold_stats);
	INIT_WORK(&lo_stats.reset_work, lo_reset_stats);

	lo_wq = alloc_workqueue("lo_stats", WQ_MEM_RECLAIM | WQ_UNBOUND, 1);
	if (!lo_wq)
		return -ENOMEM;
	queue_delayed_work(lo_wq, &lo_stats.fold_work, HZ);
	schedule_work(&lo_stats.reset_work);
	return 0;
}

static void __exit lo_stats_exit(void)
{
	cancel_delayed_work_sync(&lo_stats.fold_work);
	flush_work(&lo_stats.reset_work);
	flush_workqueue(system_wq);
	destroy_workqueue(lo_wq);
}

module_init(lo_stats_init);
module_exit(lo_stats_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: clean driver using only the post-3.7 API
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
