// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU counters folded by a per-CPU deferrable work item that re-arms
 * itself, the way mm/vmstat.c does.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

static DEFINE_PER_CPU(struct delayed_work, aff_vmstat_work);
static DEFINE_PER_CPU(long, aff_vmstat_diff);
static long aff_vmstat_total;
static struct workqueue_struct *aff_vmstat_wq;

static int aff_refresh_cpu_stats(void)
{
	long v = this_cpu_read(aff_vmstat_diff);

	this_cpu_write(aff_vmstat_diff, 0);
	aff_vmstat_total += v;
	return v != 0;
}

static void aff_vmstat_update(struct work_struct *w)
{
	if (aff_refresh_cpu_stats())
		queue_delayed_work_on(smp_processor_id(), aff_vmstat_wq,
				      this_cpu_ptr(&aff_vmstat_work), HZ);
}

static void aff_vmstat_shepherd(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		queue_delayed_work_on(cpu, aff_vmstat_wq,
				      &per_cpu(aff_vmstat_work, cpu), 0);
}

static int __init aff_vmstat_init(void)
{
	int cpu;

	aff_vmstat_wq = alloc_workqueue("aff_vmstat", WQ_FREEZABLE, 0);
	for_each_possible_cpu(cpu)
		INIT_DEFERRABLE_WORK(&per_cpu(aff_vmstat_work, cpu),
				     aff_vmstat_update);
	aff_vmstat_shepherd();
	return 0;
}

module_init(aff_vmstat_init);

/*
 * check-name: per-CPU delayed work re-arming itself (vmstat shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_vmstat.c:29:17: note: aff_vmstat_update() re-arms its own item this_cpu_ptr(&aff_vmstat_work) on the CPU it runs on (smp_processor_id()) and reads the current CPU: since 3.7 a queueing goes to the CPU where the item still runs, which is this one, so the item stays here as intended [WQ010]
drivers/affinity/aff_vmstat.c:48:17: note: aff_vmstat_update() is the work function of this_cpu_ptr(&aff_vmstat_work) (INIT_DEFERRABLE_WORK, item file drivers/affinity/aff_vmstat.c percpu aff_vmstat_work)
drivers/affinity/aff_vmstat.c:30:39: note: aff_vmstat_update() reads the current CPU: this_cpu_ptr()
drivers/affinity/aff_vmstat.c:38:17: note: queue_delayed_work_on() queues the per-CPU item `&per_cpu(aff_vmstat_work,cpu)` on its own CPU (`cpu`) and its work function aff_vmstat_update() reads the current CPU: since 3.7 a queueing follows the item to the CPU where it still runs, which for an item only ever queued on its own CPU is that CPU, so this holds; keep every queueing of it on its own CPU (and mind CPU hotplug) [WQ010]
drivers/affinity/aff_vmstat.c:48:17: note: aff_vmstat_update() is the work function of &per_cpu(aff_vmstat_work,cpu) (INIT_DEFERRABLE_WORK, item file drivers/affinity/aff_vmstat.c percpu aff_vmstat_work)
drivers/affinity/aff_vmstat.c:30:39: note: aff_vmstat_update() reads the current CPU: this_cpu_ptr()
 * check-output-end
 */
