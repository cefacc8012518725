// SPDX-License-Identifier: GPL-2.0
/*
 * Negative: queue_work_on() on unbound workqueues, where the CPU is only a
 * NUMA hint and no per-CPU execution was ever promised.
 */
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_ub {
	unsigned long slot[NR_CPUS];
	struct work_struct work;
	struct work_struct work2;
	struct workqueue_struct *wq;
	struct workqueue_struct *owq;
};

static void aff_ub_fn(struct work_struct *work)
{
	struct aff_ub *u = container_of(work, struct aff_ub, work);

	u->slot[raw_smp_processor_id()]++;
}

static void aff_ub_fn2(struct work_struct *work)
{
	struct aff_ub *u = container_of(work, struct aff_ub, work2);

	u->slot[raw_smp_processor_id()]--;
}

void aff_ub_setup(struct aff_ub *u)
{
	INIT_WORK(&u->work, aff_ub_fn);
	INIT_WORK(&u->work2, aff_ub_fn2);
	u->wq = alloc_workqueue("aff_ub", WQ_UNBOUND | WQ_MEM_RECLAIM, 0);
	u->owq = alloc_ordered_workqueue("aff_ub_o", 0);
}

void aff_ub_kick(struct aff_ub *u, int cpu)
{
	queue_work_on(cpu, system_unbound_wq, &u->work);
	queue_work_on(cpu, u->wq, &u->work);
	queue_work_on(cpu, u->owq, &u->work2);
}

/*
 * check-name: queue_work_on() on unbound workqueues
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
