// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014's live window, kept: a queueing that cannot meet a live run.
 * The alert handler turns its IRQ off before it queues the recovery work
 * on system_wq; the work re-arms itself on system_long_wq while the IRQ
 * stays off and turns the IRQ on again only as its last statement (the
 * shape of qcom-cpufreq-hw's throttle poll and regulator's irq_helpers):
 * the handler's queueing comes only after a run is over. A rescan that
 * cancels the scan item synchronously before queueing it on system_wq
 * cannot meet a run either, when the only other site is the work
 * re-arming itself.
 */
#include <linux/interrupt.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

struct rw_chip {
	struct delayed_work recover;
	struct delayed_work scan;
	struct mutex lock;
	unsigned int alert_irq;
	int faults;
	bool stop;
};

static int rw_still_faulty(struct rw_chip *c)
{
	return c->faults > 3;
}

static void rw_recover_done(struct rw_chip *c)
{
	mutex_lock(&c->lock);
	if (c->stop)
		goto out;
	if (!rw_still_faulty(c))
		enable_irq(c->alert_irq);
	else
		queue_delayed_work(system_long_wq, &c->recover, 0);
out:
	mutex_unlock(&c->lock);
}

static void rw_recover_fn(struct work_struct *work)
{
	struct rw_chip *c = container_of(work, struct rw_chip, recover.work);

	c->faults++;
	rw_recover_done(c);
}

static irqreturn_t rw_alert_irq(int irq, void *data)
{
	struct rw_chip *c = data;

	disable_irq_nosync(c->alert_irq);
	schedule_delayed_work(&c->recover, 0);
	return IRQ_HANDLED;
}

static void rw_scan_fn(struct work_struct *work)
{
	struct rw_chip *c = container_of(work, struct rw_chip, scan.work);

	c->faults = 0;
	queue_delayed_work(system_long_wq, &c->scan, 0);
}

void rw_rescan(struct rw_chip *c)
{
	cancel_delayed_work_sync(&c->scan);
	schedule_delayed_work(&c->scan, 0);
}

int rw_probe(struct rw_chip *c)
{
	INIT_DELAYED_WORK(&c->recover, rw_recover_fn);
	INIT_DELAYED_WORK(&c->scan, rw_scan_fn);
	return request_irq(c->alert_irq, rw_alert_irq, 0, "rw", c);
}

/*
 * check-name: WQ014 live window: a queueing only after the run turns its source on again, or after a synchronous cancel
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 0
 */
