// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 1 kept: a function chosen before the item is first queued
 * (right after its INIT_*, or in a set-up function), and a dispatcher work
 * function that calls a stored function pointer, as 3.15's conversions did;
 * a PREPARE_WORK in the running work function when every function the item
 * is given runs its whole body under one mutex (the runs serialise on it).
 * At most notes, never a warning.
 */
#include <linux/mutex.h>
#include <linux/workqueue.h>

struct re_disp {
	void (*handler)(struct re_disp *d);
	struct work_struct work;
	struct work_struct once;
};

static void re_disp_fn(struct work_struct *work)
{
	struct re_disp *d = container_of(work, struct re_disp, work);

	d->handler(d);
}

static void re_disp_a(struct re_disp *d)
{
}

static void re_once_a(struct work_struct *work)
{
}

static void re_once_b(struct work_struct *work)
{
}

void re_disp_fire(struct re_disp *d)
{
	d->handler = re_disp_a;
	schedule_work(&d->work);
}

void re_disp_setup(struct re_disp *d, int b)
{
	INIT_WORK(&d->work, re_disp_fn);
	INIT_WORK(&d->once, re_once_a);
	if (b)
		PREPARE_WORK(&d->once, re_once_b);
	schedule_work(&d->once);
}

struct re_locked {
	struct mutex lock;
	struct work_struct work;
	int stage;
};

static void re_locked_second(struct work_struct *work);

static void re_locked_first(struct work_struct *work)
{
	struct re_locked *l = container_of(work, struct re_locked, work);

	mutex_lock(&l->lock);
	l->stage = 1;
	PREPARE_WORK(&l->work, re_locked_second);
	schedule_work(&l->work);
	mutex_unlock(&l->lock);
}

static void re_locked_second(struct work_struct *work)
{
	struct re_locked *l = container_of(work, struct re_locked, work);

	mutex_lock(&l->lock);
	l->stage = 2;
	mutex_unlock(&l->lock);
}

void re_locked_setup(struct re_locked *l)
{
	mutex_init(&l->lock);
	INIT_WORK(&l->work, re_locked_first);
	schedule_work(&l->work);
}

/*
 * check-name: condition 1 kept: a function chosen before the first queueing, a dispatcher (a note at most)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_neg_func.c:67:9: note: PREPARE_WORK gives &l->work the work function re_locked_second() inside re_locked_first(), the item's own work function, while it runs; schedule_work() at drivers/reentry/re_neg_func.c:85 (on system_wq) can queue it meanwhile, and that run starts as re_locked_second() beside the running re_locked_first(); every function the item is given runs its whole body under mutex_lock(&l->lock), so the two runs serialise on it: a run in the wrong order or a wasted one, not a race [WQ013]
drivers/reentry/re_neg_func.c:84:9: note: INIT_WORK gives the same item re_locked_first()
 * check-output-end
 */
