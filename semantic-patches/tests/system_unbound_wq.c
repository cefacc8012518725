// SPDX-License-Identifier: GPL-2.0
/*
 * Input for system_unbound_wq.cocci; the expected result is
 * system_unbound_wq.res.
 */
#include <linux/jiffies.h>
#include <linux/workqueue.h>

#define foo_defer(f, delay)					\
	queue_delayed_work(system_unbound_wq, &(f)->poll_work, (delay))
#define FOO_WQ system_unbound_wq

struct foo {
	struct work_struct reset_work;
	struct delayed_work poll_work;
	struct workqueue_struct *wq;
	struct workqueue_struct *system_unbound_wq;	/* a member: not a use */
	unsigned long interval;
	int cpu;
};

static void foo_kick(struct foo *f)
{
	queue_work(system_unbound_wq, &f->reset_work);
	queue_delayed_work(system_unbound_wq, &f->poll_work,
			   msecs_to_jiffies(f->interval));
	mod_delayed_work(system_unbound_wq, &f->poll_work, HZ);
	queue_work_on(f->cpu, system_unbound_wq, &f->reset_work);
	flush_workqueue(system_unbound_wq);
	f->wq = f->cpu ? system_wq : system_unbound_wq;
	f->system_unbound_wq = system_unbound_wq;
	foo_defer(f, HZ);
	queue_work(FOO_WQ, &f->reset_work);
}

#ifdef CONFIG_FOO_LEGACY
static void foo_legacy(struct foo *f)
{
	drain_workqueue(system_unbound_wq);
}
#endif

/*
 * Left alone: system_unbound_wq in a comment, a string, a local, a
 * parameter.
 */
static const char *foo_name = "system_unbound_wq";

static void foo_local(struct foo *f)
{
	struct workqueue_struct *system_unbound_wq = f->wq;

	queue_work(system_unbound_wq, &f->reset_work);
}

static void foo_param(struct foo *f, struct workqueue_struct *system_unbound_wq)
{
	queue_work(system_unbound_wq, &f->reset_work);
	queue_work(system_dfl_wq, &f->reset_work);
}

#define foo_queue_on(system_unbound_wq, f) queue_work(system_unbound_wq, &(f)->reset_work)
