// SPDX-License-Identifier: GPL-2.0
/*
 * Deferred recovery: events are put in the current CPU's fifo and that
 * CPU's work item is kicked on the same CPU, as mm/memory-failure.c did.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

struct aff_mf_cpu {
	unsigned long pfns[16];
	int count;
	spinlock_t lock;
	struct work_struct work;
};

static DEFINE_PER_CPU(struct aff_mf_cpu, aff_mf_cpus);

void aff_mf_queue(unsigned long pfn)
{
	struct aff_mf_cpu *mf_cpu;

	mf_cpu = &get_cpu_var(aff_mf_cpus);
	spin_lock(&mf_cpu->lock);
	if (mf_cpu->count < 16)
		mf_cpu->pfns[mf_cpu->count++] = pfn;
	schedule_work_on(smp_processor_id(), &mf_cpu->work);
	spin_unlock(&mf_cpu->lock);
	put_cpu_var(aff_mf_cpus);
}

static void aff_mf_work_func(struct work_struct *work)
{
	struct aff_mf_cpu *mf_cpu = this_cpu_ptr(&aff_mf_cpus);

	spin_lock(&mf_cpu->lock);
	mf_cpu->count = 0;
	spin_unlock(&mf_cpu->lock);
}

static int __init aff_mf_init(void)
{
	struct aff_mf_cpu *mf_cpu;
	int cpu;

	for_each_possible_cpu(cpu) {
		mf_cpu = &per_cpu(aff_mf_cpus, cpu);
		spin_lock_init(&mf_cpu->lock);
		INIT_WORK(&mf_cpu->work, aff_mf_work_func);
	}
	return 0;
}

module_init(aff_mf_init);

/*
 * check-name: schedule_work_on(smp_processor_id()) of the current CPU's item (memory-failure shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_memory_failure.c:29:9: note: schedule_work_on() queues the per-CPU item `&mf_cpu->work` on its own CPU (`smp_processor_id()`) and its work function aff_mf_work_func() reads the current CPU: since 3.7 a queueing follows the item to the CPU where it still runs, which for an item only ever queued on its own CPU is that CPU, so this holds; keep every queueing of it on its own CPU (and mind CPU hotplug) [WQ010]
drivers/affinity/aff_memory_failure.c:51:17: note: aff_mf_work_func() is the work function of &mf_cpu->work (INIT_WORK, item struct aff_mf_cpu.work)
drivers/affinity/aff_memory_failure.c:36:37: note: aff_mf_work_func() reads the current CPU: this_cpu_ptr()
 * check-output-end
 */
