// SPDX-License-Identifier: GPL-2.0
/*
 * One global drain work queued on every online CPU to empty each CPU's
 * pool: before 3.7 the runs could overlap, one per CPU; now they
 * serialize on one CPU and most queueings find the item still pending.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_pool {
	int nr;
};

static DEFINE_PER_CPU(struct aff_pool, aff_pools);
static struct work_struct aff_drain_work;
static struct workqueue_struct *aff_drain_wq;

static void aff_drain_local(struct work_struct *work)
{
	struct aff_pool *pool = this_cpu_ptr(&aff_pools);

	pool->nr = 0;
}

void aff_drain_all(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		queue_work_on(cpu, aff_drain_wq, &aff_drain_work);
	flush_workqueue(aff_drain_wq);
}

static int __init aff_drain_init(void)
{
	INIT_WORK(&aff_drain_work, aff_drain_local);
	aff_drain_wq = alloc_workqueue("aff_drain", WQ_MEM_RECLAIM, 0);
	return 0;
}

module_init(aff_drain_init);

/*
 * check-name: one item queued on every CPU of a for_each_online_cpu() loop
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_drain_loop.c:32:17: warning: queue_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_drain_local() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_drain_loop.c:38:9: note: aff_drain_local() is the work function of &aff_drain_work (INIT_WORK, item file drivers/affinity/aff_drain_loop.c var aff_drain_work)
drivers/affinity/aff_drain_loop.c:22:33: note: aff_drain_local() reads the current CPU: this_cpu_ptr()
drivers/affinity/aff_drain_loop.c:32:17: warning: the same work item &aff_drain_work is queued on each CPU cpu of this loop, but an item is pending only once and since 3.7 never runs on two CPUs at once: the runs do not overlap, they follow one another on one CPU and queueings while it is pending are dropped; use one item per CPU (DEFINE_PER_CPU, alloc_percpu) or schedule_on_each_cpu() [WQ011]
drivers/affinity/aff_drain_loop.c:31:9: note: the loop over cpu
drivers/affinity/aff_drain_loop.c:38:9: note: aff_drain_local() is the work function of &aff_drain_work (INIT_WORK, item file drivers/affinity/aff_drain_loop.c var aff_drain_work)
 * check-output-end
 */
