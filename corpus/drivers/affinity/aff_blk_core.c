// SPDX-License-Identifier: GPL-2.0
/*
 * The subsystem's own workqueue and its *_on() wrapper, as block/blk-core.c
 * has kblockd_schedule_work_on().
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/workqueue.h>

static struct workqueue_struct *aff_kblockd_wq;

int aff_kblockd_schedule_work_on(int cpu, struct work_struct *work)
{
	return queue_work_on(cpu, aff_kblockd_wq, work);
}

static int __init aff_blk_init(void)
{
	aff_kblockd_wq = alloc_workqueue("aff_kblockd", WQ_MEM_RECLAIM | WQ_HIGHPRI, 0);
	return 0;
}

module_init(aff_blk_init);

/*
 * check-name: a subsystem wrapper of queue_work_on() is not itself a finding
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
