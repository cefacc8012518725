// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014's exclusion by state, kept: two queueings never live together.
 * The event item goes to system_long_wq or system_wq by desc.urgent, a
 * field only the set-up code writes (regulator's irq_helpers and its
 * desc.high_prio): one device always takes the same side. The refill item
 * is queued on system_wq by the allocation path and on system_long_wq by
 * a timer callback that path arms, both only after winning
 * atomic_xchg(&p->refilling, 1), which the work clears as it returns
 * (kvfree_rcu's page_cache_work): a second run cannot start before the
 * first is over.
 */
#include <linux/atomic.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

struct rs_desc {
	bool urgent;
	int level;
};

struct rs_dev {
	struct rs_desc desc;
	struct delayed_work event;
	struct delayed_work refill;
	struct timer_list kick;
	atomic_t refilling;
	int pages;
};

static void rs_event_fn(struct work_struct *work)
{
	struct rs_dev *d = container_of(work, struct rs_dev, event.work);
	struct rs_desc *desc = &d->desc;

	desc->level = 0;
	if (!desc->urgent)
		queue_delayed_work(system_long_wq, &d->event, 0);
}

void rs_notify(struct rs_dev *d)
{
	struct rs_desc *desc = &d->desc;

	if (desc->urgent)
		schedule_delayed_work(&d->event, 0);
}

static void rs_refill_fn(struct work_struct *work)
{
	struct rs_dev *d = container_of(work, struct rs_dev, refill.work);

	d->pages = 64;
	atomic_set(&d->refilling, 0);
}

static void rs_kick_fn(unsigned long data)
{
	struct rs_dev *d = (struct rs_dev *)data;

	queue_delayed_work(system_long_wq, &d->refill, 0);
}

void rs_need_pages(struct rs_dev *d, bool now)
{
	if (!atomic_xchg(&d->refilling, 1)) {
		if (now)
			schedule_delayed_work(&d->refill, 0);
		else
			setup_timer(&d->kick, rs_kick_fn, (unsigned long)d);
	}
}

int rs_probe(struct rs_dev *d, bool urgent)
{
	d->desc.urgent = urgent;
	INIT_DELAYED_WORK(&d->event, rs_event_fn);
	INIT_DELAYED_WORK(&d->refill, rs_refill_fn);
	return 0;
}

/*
 * check-name: WQ014 exclusion by state: opposite sides of a field set once; a test-and-set flag the work clears
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 0
 */
