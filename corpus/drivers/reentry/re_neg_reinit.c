// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 kept: items initialised once before their first queueing
 * (probe), after a synchronous cancel (open), on a new object each time (a
 * handler that allocates its event), on the stack, and an item disabled at
 * set-up whose queueing does nothing until INIT_* enables it (a note).
 */
#include <linux/slab.h>
#include <linux/workqueue.h>

struct re_dev {
	struct work_struct reset;
	struct delayed_work poll;
	struct work_struct refill;
};

struct re_event {
	int code;
	struct work_struct work;
};

static void re_reset_fn(struct work_struct *work)
{
}

static void re_poll_fn(struct work_struct *work)
{
}

static void re_event_fn(struct work_struct *work)
{
}

static void re_refill_fn(struct work_struct *work)
{
}

static void re_dev_put_buffer(struct re_dev *d)
{
	queue_work(system_wq, &d->refill);
}

void re_dev_connected(struct re_dev *d)
{
	re_dev_put_buffer(d);
	INIT_WORK(&d->refill, re_refill_fn);
}

int re_dev_probe(struct re_dev *d)
{
	INIT_WORK(&d->refill, re_refill_fn);
	disable_work(&d->refill);
	INIT_DELAYED_WORK(&d->poll, re_poll_fn);
	schedule_delayed_work(&d->poll, 1);
	return 0;
}

int re_dev_restart(struct re_dev *d)
{
	cancel_work_sync(&d->reset);
	INIT_WORK(&d->reset, re_reset_fn);
	schedule_work(&d->reset);
	return 0;
}

void re_dev_event_handler(struct re_dev *d, int code)
{
	struct re_event *ev = kzalloc(sizeof(*ev), GFP_ATOMIC);

	if (!ev)
		return;
	ev->code = code;
	INIT_WORK(&ev->work, re_event_fn);
	schedule_work(&ev->work);
}

void re_dev_sync(struct re_dev *d)
{
	struct work_struct w;

	INIT_WORK_ONSTACK(&w, re_reset_fn);
	schedule_work(&w);
	flush_work(&w);
}

/*
 * check-name: condition 3 kept: init before the first queueing, after a synchronous cancel, a new object, on the stack, enabled after a disable (a note)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_neg_reinit.c:46:2: note: INIT_WORK re-initialises &d->refill after queue_work() queued it at line 45 of the same function, while it may be pending (line 52 disables the item: if it is still disabled here, that queueing did nothing and this INIT_* enables it again, which is safe): INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run); initialise it once where it is set up, and cancel_*_sync() it before any re-initialisation [WQ015]
  drivers/reentry/re_neg_reinit.c:40:2: note: &d->refill is queued here with queue_work()
 * check-output-end
 */
