// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 kept: items initialised once before their first queueing
 * (probe), after a synchronous cancel (open), on a new object each time (a
 * handler that allocates its event), and on the stack. (An item disabled
 * at set-up, whose queueing does nothing until INIT_* enables it again, is
 * in corpus/6.17/drivers/reentry/: disable_work() came in 6.10.)
 */
#include <linux/slab.h>
#include <linux/workqueue.h>

struct re_dev {
	struct work_struct reset;
	struct delayed_work poll;
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

int re_dev_probe(struct re_dev *d)
{
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
 * check-name: condition 3 kept: init before the first queueing, after a synchronous cancel, a new object, on the stack
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
