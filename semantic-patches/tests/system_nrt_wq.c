// SPDX-License-Identifier: GPL-2.0
/* Input for system_nrt_wq.cocci; the expected result is system_nrt_wq.res. */
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/workqueue.h>

#define bar_defer(b, delay)					\
	queue_delayed_work(system_nrt_wq, &(b)->work, (delay))

struct bar {
	struct work_struct reset_work;
	struct delayed_work work;
	struct delayed_work poll_work;
	struct workqueue_struct *wq;
	unsigned long interval;
	int cpu;
};

static void bar_kick(struct bar *b)
{
	queue_work(system_nrt_wq, &b->reset_work);
	queue_delayed_work(system_nrt_wq, &b->work, HZ);
	if (!queue_delayed_work(system_nrt_wq, &b->poll_work, 5 * HZ))
		pr_debug("bar: already pending\n");
}

static void bar_kick_multiline(struct bar *b)
{
	queue_work(system_nrt_wq,
		   &b->reset_work);
	queue_delayed_work(system_nrt_wq, &b->poll_work,
			   msecs_to_jiffies(b->interval));
	queue_delayed_work(system_nrt_wq, &b->poll_work,
			   msecs_to_jiffies(b->interval) + b->interval / 2 + 1);
}

static void bar_other_uses(struct bar *b)
{
	b->wq = system_nrt_wq;
	mod_delayed_work(system_nrt_wq, &b->poll_work, HZ);
	queue_work_on(b->cpu, system_nrt_wq, &b->reset_work);
	flush_workqueue(system_nrt_wq);
	queue_work(system_nrt_freezable_wq, &b->reset_work);
	queue_delayed_work(system_nrt_freezable_wq,
			   &b->work, HZ);
	b->wq = b->cpu ? system_nrt_freezable_wq : system_nrt_wq;
	bar_defer(b, HZ);
}

/* Not the system workqueue: a local variable and a parameter. */
static void bar_local(struct bar *b)
{
	struct workqueue_struct *system_nrt_wq = b->wq;

	queue_work(system_nrt_wq, &b->reset_work);
}

static void bar_param(struct bar *b, struct workqueue_struct *system_nrt_wq)
{
	queue_work(system_nrt_wq, &b->reset_work);
}
