// SPDX-License-Identifier: GPL-2.0
/*
 * A self-test that wants one instance of its work running on every CPU at
 * once (it counts how many are in flight), queueing a single item on each.
 */
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

struct aff_stress {
	atomic_t in_flight;
	int peak;
	struct work_struct work;
};

static void aff_stress_fn(struct work_struct *work)
{
	struct aff_stress *st = container_of(work, struct aff_stress, work);
	int now = atomic_inc_return(&st->in_flight);

	if (now > st->peak)
		st->peak = now;
	atomic_dec(&st->in_flight);
}

int aff_stress_run(void)
{
	struct aff_stress *st = kzalloc(sizeof(*st), GFP_KERNEL);
	int cpu;

	if (!st)
		return -ENOMEM;
	INIT_WORK(&st->work, aff_stress_fn);
	for_each_online_cpu(cpu)
		queue_work_on(cpu, system_wq, &st->work);
	return 0;
}

/*
 * check-name: one item queued on every CPU expecting the runs to overlap
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_parallel.c:36:17: warning: the same work item &st->work is queued on each CPU cpu of this loop, but an item is pending only once and since 3.7 never runs on two CPUs at once: the runs do not overlap, they follow one another on one CPU and queueings while it is pending are dropped; use one item per CPU (DEFINE_PER_CPU, alloc_percpu) or schedule_on_each_cpu() [WQ011]
drivers/affinity/aff_parallel.c:35:9: note: the loop over cpu
drivers/affinity/aff_parallel.c:34:9: note: aff_stress_fn() is the work function of &st->work (INIT_WORK, item struct aff_stress.work)
 * check-output-end
 */
