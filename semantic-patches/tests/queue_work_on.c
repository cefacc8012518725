// SPDX-License-Identifier: GPL-2.0
/* Input for queue_work_on.cocci: reported calls and ones left alone. */
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

struct qux {
	struct work_struct stats_work;
	struct work_struct plain_work;
	struct delayed_work poll;
	int cpu;
};

static DEFINE_PER_CPU(unsigned long, qux_hits);
static void qux_flush(struct work_struct *work);
static DECLARE_WORK(qux_flush_work, qux_flush);

/* Reads the CPU it runs on: queued with an explicit CPU below. */
static void qux_stats(struct work_struct *work)
{
	struct qux *q = container_of(work, struct qux, stats_work);

	if (q->cpu != smp_processor_id())
		return;
	this_cpu_inc(qux_hits);
}

static void qux_poll(struct work_struct *work)
{
	unsigned long *hits = get_cpu_ptr(&qux_hits);

	(*hits)++;
	put_cpu_ptr(&qux_hits);
}

static void qux_flush(struct work_struct *work)
{
	__this_cpu_write(qux_hits, 0);
}

/* Does not read the current CPU. */
static void qux_plain(struct work_struct *work)
{
	pr_debug("qux: plain work\n");
}

void qux_start(struct qux *q, struct workqueue_struct *wq, int cpu)
{
	INIT_WORK(&q->stats_work, qux_stats);
	INIT_WORK(&q->plain_work, qux_plain);
	INIT_DELAYED_WORK(&q->poll, qux_poll);
	q->cpu = cpu;
	queue_work_on(cpu, wq, &q->stats_work);
	queue_delayed_work_on(cpu, wq, &q->poll, HZ);
	mod_delayed_work_on(cpu, wq, &q->poll, HZ);
	schedule_work_on(cpu, &qux_flush_work);
	/* not reported: no CPU read, or no CPU asked for */
	queue_work_on(cpu, wq, &q->plain_work);
	queue_work(wq, &q->stats_work);
}
