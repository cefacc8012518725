// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU charge stocks drained by their per-CPU work on demand, as
 * mm/memcontrol.c does: initialized through per_cpu_ptr(&var, cpu)->work,
 * queued through a typed pointer to the same per-CPU variable.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_stock_pcp {
	unsigned int nr_pages;
	struct work_struct work;
};

static DEFINE_PER_CPU(struct aff_stock_pcp, aff_stock);

static void aff_drain_local_stock(struct work_struct *dummy)
{
	struct aff_stock_pcp *stock = this_cpu_ptr(&aff_stock);

	stock->nr_pages = 0;
}

void aff_drain_all_stock(void)
{
	int cpu;

	for_each_online_cpu(cpu) {
		struct aff_stock_pcp *stock = &per_cpu(aff_stock, cpu);

		if (stock->nr_pages)
			schedule_work_on(cpu, &stock->work);
	}
}

static int __init aff_stock_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		INIT_WORK(&per_cpu_ptr(&aff_stock, cpu)->work,
			  aff_drain_local_stock);
	return 0;
}

module_init(aff_stock_init);

/*
 * check-name: per-CPU item found through the struct type of its per-CPU variable (memcg shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_stock.c:34:25: note: schedule_work_on() queues the per-CPU item `&stock->work` on its own CPU (`cpu`) and its work function aff_drain_local_stock() reads the current CPU: since 3.7 a queueing follows the item to the CPU where it still runs, which for an item only ever queued on its own CPU is that CPU, so this holds; keep every queueing of it on its own CPU (and mind CPU hotplug) [WQ010]
drivers/affinity/aff_stock.c:43:17: note: aff_drain_local_stock() is the work function of &stock->work (INIT_WORK, item struct aff_stock_pcp.work)
drivers/affinity/aff_stock.c:21:39: note: aff_drain_local_stock() reads the current CPU: this_cpu_ptr()
 * check-output-end
 */
