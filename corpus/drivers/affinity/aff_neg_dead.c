// SPDX-License-Identifier: GPL-2.0
/*
 * Negative: the CPU read is in code nobody builds (#if 0) or in a function
 * the work never calls.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct aff_dd {
	int owner;
	struct delayed_work dw;
	struct work_struct w;
};

static void aff_dd_fn(struct work_struct *work)
{
	struct aff_dd *d = container_of(to_delayed_work(work), struct aff_dd, dw);

#if 0
	d->owner = smp_processor_id();
#endif
	d->owner = -1;
}

/* Reads the CPU, but no work function calls it. */
int aff_dd_owner_here(struct aff_dd *d)
{
	return d->owner == smp_processor_id();
}

static void aff_dd_clear(struct aff_dd *d)
{
	d->owner = 0;
}

static void aff_dd_wfn(struct work_struct *work)
{
	aff_dd_clear(container_of(work, struct aff_dd, w));
}

void aff_dd_arm(struct aff_dd *d, int cpu)
{
	queue_delayed_work_on(cpu, system_wq, &d->dw, 1);
	schedule_work_on(cpu, &d->w);
}

void aff_dd_init(struct aff_dd *d)
{
	INIT_DELAYED_WORK(&d->dw, aff_dd_fn);
	INIT_WORK(&d->w, aff_dd_wfn);
}

/*
 * check-name: CPU read only in #if 0 code or in a function the work never reaches
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
