// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 2 broken, told in the order that does harm. A jack-detect
 * work re-checks the jack by queueing itself on system_long_wq at its
 * end, and the plug event queues it on system_power_efficient_wq. The
 * run that matters is the one the work queued itself: it is in the body
 * when the event's run starts beside it; the other order meets only the
 * tail of the run that queues. system_power_efficient_wq shares each
 * CPU's pool with system_long_wq unless the kernel runs with
 * workqueue.power_efficient, which makes it unbound. The event handler
 * comes first, so the warning sits on the work's own requeue.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct jack {
	struct work_struct detect_work;
	int inserted, presses;
};

void jack_plug_event(struct jack *j)
{
	queue_work(system_power_efficient_wq, &j->detect_work);
}

static int jack_read(struct jack *j)
{
	return j->inserted;
}

static void jack_detect_work(struct work_struct *work)
{
	struct jack *j = container_of(work, struct jack, detect_work);

	j->inserted = jack_read(j);
	if (j->inserted) {
		j->presses++;
		/* the event may have missed an unplug: check again */
		queue_work(system_long_wq, &j->detect_work);
	}
}

void jack_setup(struct jack *j)
{
	INIT_WORK(&j->detect_work, jack_detect_work);
}

void jack_teardown(struct jack *j)
{
	cancel_work_sync(&j->detect_work);
}
