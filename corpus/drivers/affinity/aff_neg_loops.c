// SPDX-License-Identifier: GPL-2.0
/*
 * Negative: one item per CPU queued in a CPU loop (the loop variable picks
 * the item), and work functions that re-queue themselves without a CPU
 * dependence: after a delay, or on the CPU they run on.
 */
#include <linux/cpumask.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

static DEFINE_PER_CPU(struct work_struct, aff_flush_works);
static unsigned long aff_flushed;

static void aff_flush_one(struct work_struct *work)
{
	aff_flushed++;
}

void aff_flush_all(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		queue_work_on(cpu, system_wq, per_cpu_ptr(&aff_flush_works, cpu));
	for_each_online_cpu(cpu)
		flush_work(per_cpu_ptr(&aff_flush_works, cpu));
}

struct aff_tick {
	int next;
	unsigned long ticks;
	struct delayed_work dw;
	struct work_struct w;
};

static struct aff_tick aff_ticker;

/* Walks the CPUs from a stored position, one step per delay. */
static void aff_tick_fn(struct work_struct *work)
{
	struct aff_tick *t = container_of(to_delayed_work(work), struct aff_tick, dw);

	t->ticks++;
	t->next = cpumask_next(t->next, cpu_online_mask);
	if (t->next >= nr_cpu_ids)
		t->next = cpumask_next(-1, cpu_online_mask);
	schedule_delayed_work_on(t->next, &t->dw, HZ);
}

/* Polls again at once, here. */
static void aff_poll_here(struct work_struct *work)
{
	struct aff_tick *t = container_of(work, struct aff_tick, w);

	if (++t->ticks < 10)
		queue_work_on(smp_processor_id(), system_wq, &t->w);
}

void aff_tick_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		INIT_WORK(per_cpu_ptr(&aff_flush_works, cpu), aff_flush_one);
	INIT_DELAYED_WORK(&aff_ticker.dw, aff_tick_fn);
	INIT_WORK(&aff_ticker.w, aff_poll_here);
}

/*
 * check-name: per-CPU items in a CPU loop; self re-queueing after a delay or on the running CPU
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
