// SPDX-License-Identifier: GPL-2.0
/*
 * Negative: items that cannot be running anywhere when they are queued on
 * a CPU: initialized on the stack just before (work_on_cpu() style, each
 * run waited for inside the loop), or cancelled synchronously first.
 */
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

struct aff_oncpu {
	unsigned int cpu_seen;
	struct work_struct work;
};

static void aff_oncpu_fn(struct work_struct *work)
{
	struct aff_oncpu *o = container_of(work, struct aff_oncpu, work);

	o->cpu_seen = smp_processor_id();
}

void aff_oncpu_all(void)
{
	struct aff_oncpu o;
	int cpu;

	for_each_online_cpu(cpu) {
		INIT_WORK_ONSTACK(&o.work, aff_oncpu_fn);
		schedule_work_on(cpu, &o.work);
		flush_work(&o.work);
	}
}

struct aff_mover {
	int home;
	struct delayed_work dw;
};

static void aff_mover_fn(struct work_struct *work)
{
	struct aff_mover *m = container_of(to_delayed_work(work), struct aff_mover, dw);

	m->home = raw_smp_processor_id();
}

void aff_mover_init(struct aff_mover *m)
{
	INIT_DELAYED_WORK(&m->dw, aff_mover_fn);
}

void aff_mover_move(struct aff_mover *m, int target)
{
	cancel_delayed_work_sync(&m->dw);
	queue_delayed_work_on(target, system_wq, &m->dw, 0);
}

/*
 * check-name: an item initialized on the stack or cancelled synchronously before queueing
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
