// SPDX-License-Identifier: GPL-2.0
/*
 * The negative of re_neg_wq014_state.c: desc.urgent is also written at
 * run time (a sysfs store flips it), so one device can take both sides;
 * and the refill work clears its flag first, before it allocates, so a second
 * queueing can win the flag while the first run still fills.
 */
#include <linux/atomic.h>
#include <linux/workqueue.h>

struct rsn_desc {
	bool urgent;
};

struct rsn_dev;

extern int rsn_alloc_pages(struct rsn_dev *d, int nr);

struct rsn_dev {
	struct rsn_desc desc;
	struct delayed_work event;
	struct delayed_work refill;
	atomic_t refilling;
	int pages, events;
};

static void rsn_event_fn(struct work_struct *work)
{
	struct rsn_dev *d = container_of(work, struct rsn_dev, event.work);
	struct rsn_desc *desc = &d->desc;

	d->events++;
	if (!desc->urgent)
		queue_delayed_work(system_long_wq, &d->event, 0);
}

void rsn_notify(struct rsn_dev *d)
{
	struct rsn_desc *desc = &d->desc;

	if (desc->urgent)
		schedule_delayed_work(&d->event, 0);
}

void rsn_urgent_store(struct rsn_dev *d, bool urgent)
{
	d->desc.urgent = urgent;
}

static void rsn_refill_fn(struct work_struct *work)
{
	struct rsn_dev *d = container_of(work, struct rsn_dev, refill.work);

	atomic_set(&d->refilling, 0);
	d->pages = rsn_alloc_pages(d, 64);
}

void rsn_need_pages(struct rsn_dev *d)
{
	if (!atomic_xchg(&d->refilling, 1))
		schedule_delayed_work(&d->refill, 0);
}

void rsn_need_pages_later(struct rsn_dev *d)
{
	if (!atomic_xchg(&d->refilling, 1))
		queue_delayed_work(system_long_wq, &d->refill, 0);
}

int rsn_probe(struct rsn_dev *d)
{
	INIT_DELAYED_WORK(&d->event, rsn_event_fn);
	INIT_DELAYED_WORK(&d->refill, rsn_refill_fn);
	return 0;
}

/*
 * check-name: WQ014 exclusion by state, its negative: the field written at run time; the flag cleared before the work
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_wq014_state.c:42:17: warning: schedule_delayed_work() queues &d->event on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_state.c:34: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by rsn_event_fn() at drivers/reentry/re_wq014_state.c:34 (the work queueing itself again) on system_long_wq, can still be in rsn_event_fn() when run B, queued by rsn_notify() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across rsn_event_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_state.c:34:17: note: &d->event is queued on system_long_wq here, with queue_delayed_work(), by a run of the item
drivers/reentry/re_wq014_state.c:67:17: warning: queue_delayed_work() queues &d->refill on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_wq014_state.c:61: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by rsn_need_pages() at drivers/reentry/re_wq014_state.c:61 on system_wq, can still be in rsn_refill_fn() when run B, queued by rsn_need_pages_later() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across rsn_refill_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_state.c:61:17: note: &d->refill is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work()
 * check-output-end
 */
