// SPDX-License-Identifier: GPL-2.0
/*
 * A statistics driver already converted to 6.17's names: system_percpu_wq,
 * system_dfl_wq, and alloc_workqueue() callers that say WQ_PERCPU or
 * WQ_UNBOUND. Nothing to convert, so no finding; the audit counts each
 * converted and says whether the choice fits the work queued there.
 */
#include <linux/kconfig.h>
#include <linux/workqueue.h>

extern unsigned int smp_processor_id(void);

struct conv_dev {
	struct work_struct percpu_work;
	struct work_struct fold_work;
	struct delayed_work dfl_work;
	struct delayed_work sample_work;
};

static unsigned int conv_counts[8];
static struct workqueue_struct *conv_percpu_wq, *conv_unbound_wq, *conv_bh_wq;

/* counts on the CPU it runs on: per-CPU work */
static void conv_percpu_fn(struct work_struct *work)
{
	conv_counts[smp_processor_id()]++;
}

static void conv_fold_fn(struct work_struct *work)
{
	conv_counts[0] = 0;
}

static void conv_dfl_fn(struct work_struct *work)
{
}

static unsigned int conv_this_cpu(void)
{
	return smp_processor_id();
}

/* reads the CPU one call deep, though it is queued unbound */
static void conv_sample_fn(struct work_struct *work)
{
	conv_counts[conv_this_cpu()] = 1;
}

int conv_init(struct conv_dev *cd)
{
	INIT_WORK(&cd->percpu_work, conv_percpu_fn);
	INIT_WORK(&cd->fold_work, conv_fold_fn);
	INIT_DELAYED_WORK(&cd->dfl_work, conv_dfl_fn);
	INIT_DELAYED_WORK(&cd->sample_work, conv_sample_fn);
	conv_percpu_wq = alloc_workqueue("conv_percpu", WQ_PERCPU, 0);
	conv_unbound_wq = alloc_workqueue("conv_unbound",
					  WQ_UNBOUND | WQ_MEM_RECLAIM, 0);
	conv_bh_wq = alloc_workqueue("conv_bh", WQ_BH | WQ_PERCPU, 0);
	return 0;
}

void conv_kick(struct conv_dev *cd)
{
	/* system_wq was here before 6.17; "system_dfl_wq" below is a string */
	queue_work(system_percpu_wq, &cd->percpu_work);
	queue_work(system_percpu_wq, &cd->fold_work);
	queue_delayed_work(system_dfl_wq, &cd->dfl_work, 1);
	queue_delayed_work(system_dfl_wq, &cd->sample_work, 10);
	queue_work(conv_percpu_wq, &cd->fold_work);
	queue_work(conv_unbound_wq, &cd->percpu_work);
	queue_work(conv_bh_wq, &cd->fold_work);
	schedule_work(&cd->fold_work);
	queue_work_on(1, system_percpu_wq, &cd->fold_work);
}

const char *conv_wq_name = "system_dfl_wq";

/*
 * check-name: system_percpu_wq, system_dfl_wq, WQ_PERCPU and WQ_UNBOUND:
 *             already converted, no finding
 * check-command: wqcheck scan $file
 * check-exit: 0
 * check-output-start
 * check-output-end
 */
