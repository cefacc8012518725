// SPDX-License-Identifier: GPL-2.0
/*
 * Negative: a work function that calls its backend through an ops table,
 * where no function a table holds reads the current CPU (one only prints
 * it). Queued on a chosen CPU, it depends on nothing of that CPU.
 */
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

struct aff_flusher;

struct aff_flusher_ops {
	void (*flush)(struct aff_flusher *f);
};

struct aff_flusher {
	const struct aff_flusher_ops *ops;
	unsigned long flushed;
	struct work_struct work;
};

static void aff_flusher_flush(struct aff_flusher *f)
{
	f->flushed++;
	pr_debug("flushed on CPU %d\n", smp_processor_id());
}

static const struct aff_flusher_ops aff_flusher_ops = {
	.flush = aff_flusher_flush,
};

static void aff_flusher_fn(struct work_struct *work)
{
	struct aff_flusher *f = container_of(work, struct aff_flusher, work);

	f->ops->flush(f);
}

void aff_flusher_init(struct aff_flusher *f)
{
	f->ops = &aff_flusher_ops;
	INIT_WORK(&f->work, aff_flusher_fn);
}

void aff_flusher_kick(struct aff_flusher *f, int cpu)
{
	queue_work_on(cpu, system_wq, &f->work);
}

/*
 * check-name: an ops table whose functions read no CPU (one only prints it)
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
