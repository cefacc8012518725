// SPDX-License-Identifier: GPL-2.0
/*
 * A work item whose function is chosen at run time with PREPARE_WORK() or
 * by assigning .func, as 3.x drivers did; both functions read the calling
 * CPU's per-CPU slot through per_cpu(x, smp_processor_id()).
 */
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_mode_dev {
	int mode;
	struct work_struct mode_work;
	struct work_struct reset_work;
};

static DEFINE_PER_CPU(int, aff_mode_seen);

static void aff_mode_fast(struct work_struct *work)
{
	per_cpu(aff_mode_seen, smp_processor_id()) = 1;
}

static void aff_mode_reset(struct work_struct *work)
{
	per_cpu(aff_mode_seen, smp_processor_id()) = 0;
}

void aff_mode_set(struct aff_mode_dev *dev, int cpu)
{
	PREPARE_WORK(&dev->mode_work, aff_mode_fast);
	dev->reset_work.func = aff_mode_reset;
	dev->mode = 1;
}

void aff_mode_kick(struct aff_mode_dev *dev, int cpu)
{
	schedule_work_on(cpu, &dev->mode_work);
	schedule_work_on(cpu, &dev->reset_work);
}

/*
 * check-name: work functions bound by PREPARE_WORK() and by a .func assignment
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_prepare.c:37:9: warning: schedule_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_mode_fast() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_prepare.c:30:9: note: aff_mode_fast() is the work function of &dev->mode_work (PREPARE_WORK, item struct aff_mode_dev.mode_work)
drivers/affinity/aff_prepare.c:20:32: note: aff_mode_fast() reads the current CPU: smp_processor_id()
drivers/affinity/aff_prepare.c:38:9: warning: schedule_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_mode_reset() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_prepare.c:31:25: note: aff_mode_reset() is the work function of &dev->reset_work (.func =, item struct aff_mode_dev.reset_work)
drivers/affinity/aff_prepare.c:25:32: note: aff_mode_reset() reads the current CPU: smp_processor_id()
 * check-output-end
 */
