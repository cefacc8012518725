// SPDX-License-Identifier: GPL-2.0
/*
 * A CPU-online callback that starts the new CPU's sampler through one
 * global work item, as kernel/trace/trace_hwlat.c does.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

static unsigned long aff_started[NR_CPUS];

static void aff_hotplug_workfn(struct work_struct *dummy)
{
	unsigned int cpu = smp_processor_id();

	aff_started[cpu] = 1;
}

static DECLARE_WORK(aff_hotplug_work, aff_hotplug_workfn);

int aff_cpu_online(unsigned int cpu)
{
	schedule_work_on(cpu, &aff_hotplug_work);
	return 0;
}

/*
 * check-name: one global item told which CPU to start by where it runs (hwlat shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_hotplug.c:22:9: warning: schedule_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_hotplug_workfn() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_hotplug.c:18:8: note: aff_hotplug_workfn() is the work function of &aff_hotplug_work (DECLARE_WORK, item file drivers/affinity/aff_hotplug.c var aff_hotplug_work)
drivers/affinity/aff_hotplug.c:13:28: note: aff_hotplug_workfn() reads the current CPU: smp_processor_id()
 * check-output-end
 */
