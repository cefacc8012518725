// SPDX-License-Identifier: GPL-2.0
/*
 * A poller whose item is queued on two workqueues: its kick asks for
 * system_long_wq (the poll may sleep long), its own re-arm uses
 * schedule_delayed_work(), which queues on system_percpu_wq. A run from
 * one may overlap a run from the other on another CPU (WQ014); both are
 * per-CPU, so series queues it on system_long_wq everywhere. The sampler
 * beside it is on system_dfl_wq and system_percpu_wq: whether its work may
 * leave its CPU is another question, so series writes no fix there.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct tp_dev {
	int polls;
	int samples;
	struct delayed_work poll_work;
	struct delayed_work sample_work;
};

static void tp_poll(struct work_struct *work)
{
	struct tp_dev *d = container_of(work, struct tp_dev, poll_work.work);

	d->polls++;
	schedule_delayed_work(&d->poll_work, 100);
}

static void tp_sample(struct work_struct *work)
{
	struct tp_dev *d = container_of(work, struct tp_dev, sample_work.work);

	d->samples++;
	schedule_delayed_work(&d->sample_work, 10);
}

void tp_kick(struct tp_dev *d)
{
	queue_delayed_work(system_long_wq, &d->poll_work, 0);
	mod_delayed_work(system_dfl_wq, &d->sample_work, 0);
}

void tp_setup(struct tp_dev *d)
{
	INIT_DELAYED_WORK(&d->poll_work, tp_poll);
	INIT_DELAYED_WORK(&d->sample_work, tp_sample);
}

void tp_teardown(struct tp_dev *d)
{
	cancel_delayed_work_sync(&d->poll_work);
	cancel_delayed_work_sync(&d->sample_work);
}
