// SPDX-License-Identifier: GPL-2.0
/* Input for queue_work_for_each_cpu.cocci: shared items queued per CPU. */
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct drain {
	struct work_struct work;
	struct delayed_work dwork;
};

static struct work_struct drain_all_work;
static DEFINE_PER_CPU(struct work_struct, drain_cpu_work);
static DEFINE_PER_CPU(struct drain, drains);
static struct work_struct drain_works[NR_CPUS];

void drain_everything(struct workqueue_struct *wq, struct drain *shared)
{
	struct drain *d;
	int cpu;

	/* reported: one item, every CPU */
	for_each_online_cpu(cpu)
		queue_work_on(cpu, wq, &drain_all_work);
	for_each_possible_cpu(cpu) {
		schedule_delayed_work_on(cpu, &shared->dwork, HZ);
	}
	for_each_cpu(cpu, cpu_online_mask)
		schedule_work_on(cpu, &shared->work);

	/* not reported: per-CPU items picked by the loop variable */
	for_each_online_cpu(cpu)
		queue_work_on(cpu, wq, &per_cpu(drain_cpu_work, cpu));
	for_each_online_cpu(cpu)
		schedule_work_on(cpu, &drain_works[cpu]);
	for_each_online_cpu(cpu) {
		d = &per_cpu(drains, cpu);
		queue_delayed_work_on(cpu, wq, &d->dwork, 0);
	}
	/* not reported: waits for the run before the next CPU */
	for_each_online_cpu(cpu) {
		schedule_work_on(cpu, &shared->work);
		flush_work(&shared->work);
	}
	/* not reported: not a per-CPU loop */
	queue_work_on(0, wq, &drain_all_work);
}
