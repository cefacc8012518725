// SPDX-License-Identifier: GPL-2.0
/*
 * Negative: two structures both have a member named work. Only one's work
 * function reads the CPU, and that one is never queued on a CPU: the
 * work-item index tells them apart by struct type. A work item whose
 * function comes from the caller is not guessed either.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct aff_fa {
	int cpu;
	struct work_struct work;
};

struct aff_fb {
	int hits;
	struct work_struct work;
};

static void aff_fa_fn(struct work_struct *work)
{
	struct aff_fa *a = container_of(work, struct aff_fa, work);

	a->cpu = smp_processor_id();
}

static void aff_fb_fn(struct work_struct *work)
{
	struct aff_fb *b = container_of(work, struct aff_fb, work);

	b->hits++;
}

void aff_fields_init(struct aff_fa *a, struct aff_fb *b)
{
	INIT_WORK(&a->work, aff_fa_fn);
	INIT_WORK(&b->work, aff_fb_fn);
}

void aff_fields_kick(struct aff_fa *a, struct aff_fb *b, int cpu)
{
	schedule_work(&a->work);
	schedule_work_on(cpu, &b->work);
}

struct aff_fc {
	struct work_struct work;
};

void aff_fc_run(struct aff_fc *c, work_func_t fn, int cpu)
{
	INIT_WORK(&c->work, fn);
}

void aff_fc_kick(struct aff_fc *c, int cpu)
{
	schedule_work_on(cpu, &c->work);
}

/*
 * check-name: field-sensitive item keys; a work function passed in is unknown
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
