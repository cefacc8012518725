// SPDX-License-Identifier: GPL-2.0
/*
 * Hardware queue runs kicked through the subsystem's *_on() wrapper on the
 * queue's next CPU; the run function picks the software queue of the CPU
 * it runs on.
 */
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_hw_ctx {
	int next_cpu;
	unsigned long dispatched[NR_CPUS];
	struct work_struct run_work;
};

extern int aff_kblockd_schedule_work_on(int cpu, struct work_struct *work);

static void aff_hctx_run(struct work_struct *work)
{
	struct aff_hw_ctx *hctx = container_of(work, struct aff_hw_ctx, run_work);

	hctx->dispatched[raw_smp_processor_id()]++;
}

void aff_hctx_kick(struct aff_hw_ctx *hctx)
{
	aff_kblockd_schedule_work_on(hctx->next_cpu, &hctx->run_work);
	hctx->next_cpu = cpumask_next(hctx->next_cpu, cpu_online_mask);
}

void aff_hctx_init(struct aff_hw_ctx *hctx)
{
	INIT_WORK(&hctx->run_work, aff_hctx_run);
}

/*
 * check-name: queueing through a subsystem wrapper of queue_work_on() (kblockd shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_blk_mq.c:27:9: warning: aff_kblockd_schedule_work_on() asks for CPU `hctx->next_cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_hctx_run() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_blk_core.c:12:1: note: aff_kblockd_schedule_work_on() passes its cpu and work item to the *_on() API
drivers/affinity/aff_blk_mq.c:33:9: note: aff_hctx_run() is the work function of &hctx->run_work (INIT_WORK, item struct aff_hw_ctx.run_work)
drivers/affinity/aff_blk_mq.c:22:26: note: aff_hctx_run() reads the current CPU: raw_smp_processor_id()
 * check-output-end
 */
