// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 1 kept: a function chosen before the item is first queued
 * (right after its INIT_*, or in a set-up function), and a dispatcher work
 * function that calls a stored function pointer, as 3.15's conversions did.
 * At most notes, never a warning.
 */
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

/*
 * check-name: condition 1 kept: a function chosen before the first queueing, a dispatcher (a note at most)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_neg_func.c:46:17: note: PREPARE_WORK gives &d->once the work function re_once_b() in re_disp_setup() before it is first queued (right after its INIT_* or a synchronous cancel), so it is not live here; keep it so [WQ013]
drivers/reentry/re_neg_func.c:44:9: note: INIT_WORK gives the same item re_once_a()
 * check-output-end
 */
