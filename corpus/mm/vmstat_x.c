// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU counter folding in the shape of mm/vmstat.c: every CPU owns a
 * deferrable work item that folds its differentials and re-arms itself
 * on the CPU it runs on.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/workqueue.h>

#define NR_VM_STAT_ITEMS	4

static long vm_stat[NR_VM_STAT_ITEMS];
static DEFINE_PER_CPU(s8 [NR_VM_STAT_ITEMS], vm_stat_diff);
static DEFINE_PER_CPU(struct delayed_work, vmstat_work);
static int sysctl_stat_interval = HZ;

/* Fold this CPU's differentials: only right on the CPU that owns them. */
static void refresh_cpu_vm_stats(int cpu)
{
	s8 *diff = __this_cpu_ptr(vm_stat_diff);
	int i;

	for (i = 0; i < NR_VM_STAT_ITEMS; i++) {
		vm_stat[i] += diff[i];
		diff[i] = 0;
	}
}

static void vmstat_update(struct work_struct *w)
{
	refresh_cpu_vm_stats(smp_processor_id());
	schedule_delayed_work(&__get_cpu_var(vmstat_work),
		round_jiffies_relative(sysctl_stat_interval));
}

static void start_cpu_timer(int cpu)
{
	struct delayed_work *work = &per_cpu(vmstat_work, cpu);

	INIT_DEFERRABLE_WORK(work, vmstat_update);
	schedule_delayed_work_on(cpu, work, __round_jiffies_relative(HZ, cpu));
}

static int __init setup_vmstat(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		start_cpu_timer(cpu);
	return 0;
}
module_init(setup_vmstat);

/*
 * check-name: per-CPU delayed work re-arming itself (vmstat_update shape)
 * The affinity rules (WQ010-) are checked by their own tests.
 * check-command: wqcheck scan --rules=WQ001,WQ002,WQ003,WQ004,WQ005 $file
 * check-exit: 0
 */
