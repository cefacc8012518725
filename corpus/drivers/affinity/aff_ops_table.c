// SPDX-License-Identifier: GPL-2.0
/*
 * A sampler whose work calls its backend through an ops table: the
 * backend that a static const table names reads the current CPU, so the
 * work queued on a chosen CPU depends on running there, one call deep
 * through a function pointer.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct aff_sampler;

struct aff_sampler_ops {
	void (*sample)(struct aff_sampler *s);
	void (*reset)(struct aff_sampler *s);
};

struct aff_sampler {
	const struct aff_sampler_ops *ops;
	unsigned long last[NR_CPUS];
	struct work_struct work;
};

static void aff_local_sample(struct aff_sampler *s)
{
	s->last[smp_processor_id()]++;
}

static void aff_local_reset(struct aff_sampler *s)
{
	s->last[0] = 0;
}

static const struct aff_sampler_ops aff_local_ops = {
	.sample = aff_local_sample,
	.reset = aff_local_reset,
};

static void aff_sampler_fn(struct work_struct *work)
{
	struct aff_sampler *s = container_of(work, struct aff_sampler, work);

	s->ops->reset(s);
	s->ops->sample(s);
}

void aff_sampler_init(struct aff_sampler *s)
{
	s->ops = &aff_local_ops;
	INIT_WORK(&s->work, aff_sampler_fn);
}

void aff_sampler_kick(struct aff_sampler *s, int cpu)
{
	queue_work_on(cpu, system_wq, &s->work);
}

/*
 * check-name: a CPU read behind a static const ops table (d->ops->fn(d))
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_ops_table.c:55:9: warning: queue_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_sampler_fn() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_ops_table.c:50:9: note: aff_sampler_fn() is the work function of &s->work (INIT_WORK, item struct aff_sampler.work)
drivers/affinity/aff_ops_table.c:44:17: note: aff_sampler_fn() calls ->sample(), which the static const table aff_local_ops (drivers/affinity/aff_ops_table.c:35) sets to aff_local_sample()
drivers/affinity/aff_ops_table.c:26:17: note: aff_local_sample() reads the current CPU: smp_processor_id()
 * check-output-end
 */
