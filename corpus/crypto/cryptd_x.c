// SPDX-License-Identifier: GPL-2.0
/*
 * A cryptd-like daemon: requests go to per-CPU queues, but the flush
 * path queues one shared work item on every online CPU and expects the
 * instances to drain their CPUs in parallel.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "cryptd_x.h"

struct cryptd_cpu_queue {
	spinlock_t lock;
	unsigned int qlen;
};

static DEFINE_PER_CPU(struct cryptd_cpu_queue, cryptd_cpu_queues);
static struct workqueue_struct *kcryptd_wq;
static struct work_struct cryptd_drain_work;

/* Drains whichever CPU it runs on. */
static void cryptd_drain(struct work_struct *work)
{
	struct cryptd_cpu_queue *cpu_queue;

	cpu_queue = this_cpu_ptr(&cryptd_cpu_queues);
	spin_lock_bh(&cpu_queue->lock);
	cpu_queue->qlen = 0;
	spin_unlock_bh(&cpu_queue->lock);
}

void cryptd_drain_all(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		queue_work_on(cpu, kcryptd_wq, &cryptd_drain_work);
	flush_workqueue(kcryptd_wq);
}

int cryptd_enqueue(void)
{
	struct cryptd_cpu_queue *cpu_queue;
	int cpu = get_cpu();

	cpu_queue = this_cpu_ptr(&cryptd_cpu_queues);
	cpu_queue->qlen++;
	put_cpu();
	return cpu;
}

static int __init cryptd_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		spin_lock_init(&per_cpu(cryptd_cpu_queues, cpu).lock);
	INIT_WORK(&cryptd_drain_work, cryptd_drain);
	kcryptd_wq = alloc_workqueue("kcryptd", WQ_CPU_INTENSIVE, 1);
	return kcryptd_wq ? 0 : -ENOMEM;
}

static void __exit cryptd_exit(void)
{
	destroy_workqueue(kcryptd_wq);
}

module_init(cryptd_init);
module_exit(cryptd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: one shared work item queued on every CPU in a loop
 * The affinity rules (WQ010-) are checked by their own tests.
 * check-command: wqcheck scan --rules=WQ001,WQ002,WQ003,WQ004,WQ005 $file
 * check-exit: 0
 */
