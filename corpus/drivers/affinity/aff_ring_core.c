// SPDX-License-Identifier: GPL-2.0
/*
 * Two *_on() wrappers whose names hold no API name, as
 * drivers/thermal/intel/x86_pkg_temp_thermal.c has pkg_thermal_schedule_work()
 * and vduse has vduse_dev_queue_irq_work(): an exported one called from
 * another file (only a read of the whole tree finds that caller) and a
 * static one called in its own file.
 */
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_ring_stat {
	unsigned long polls[NR_CPUS];
	struct work_struct poll_work;
};

static struct aff_ring_stat aff_ring_local;

void aff_ring_poke(int cpu, struct work_struct *work)
{
	schedule_work_on(cpu, work);
}

static void aff_ring_nudge(int cpu, struct work_struct *work)
{
	schedule_work_on(cpu, work);
}

static void aff_ring_local_poll(struct work_struct *work)
{
	aff_ring_local.polls[smp_processor_id()]++;
}

void aff_ring_local_kick(int cpu)
{
	aff_ring_nudge(cpu, &aff_ring_local.poll_work);
}

void aff_ring_local_init(void)
{
	INIT_WORK(&aff_ring_local.poll_work, aff_ring_local_poll);
}

/*
 * check-name: a static *_on() wrapper whose name holds no API name, called in its file
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_ring_core.c:36:9: warning: aff_ring_nudge() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_ring_local_poll() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_ring_core.c:24:1: note: aff_ring_nudge() passes its cpu and work item to the *_on() API
drivers/affinity/aff_ring_core.c:41:9: note: aff_ring_local_poll() is the work function of &aff_ring_local.poll_work (INIT_WORK, item file drivers/affinity/aff_ring_core.c var aff_ring_local.poll_work)
drivers/affinity/aff_ring_core.c:31:30: note: aff_ring_local_poll() reads the current CPU: smp_processor_id()
 * check-output-end
 */
