// SPDX-License-Identifier: GPL-2.0
/*
 * WQ013 kept: a test swaps the item's work function for an empty stub and
 * restores the saved one (i915's selftest_rps.c: `saved_work =
 * rps->work.func; rps->work.func = dummy_rps_work; ... rps->work.func =
 * saved_work;`). The workqueue tells runs apart by item and function, so
 * a swap on a live item lets two runs meet, but the only pair that can
 * meet here is the item's own function and one that does nothing, and a
 * pending run that starts as the stub is what the stub is for: no
 * finding on either side.
 */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct sb_rps {
	struct work_struct work;
	struct workqueue_struct *wq;
	u32 pm_iir;
	int freq;
};

static void sb_rps_work(struct work_struct *work)
{
	struct sb_rps *rps = container_of(work, struct sb_rps, work);

	rps->freq += rps->pm_iir;
	rps->pm_iir = 0;
}

void sb_rps_init(struct sb_rps *rps)
{
	INIT_WORK(&rps->work, sb_rps_work);
}

irqreturn_t sb_rps_irq(int irq, void *data)
{
	struct sb_rps *rps = data;

	rps->pm_iir |= 1;
	queue_work(rps->wq, &rps->work);
	return IRQ_HANDLED;
}

static void sb_dummy_rps_work(struct work_struct *wrk)
{
}

extern void sb_wait_for_idle(struct sb_rps *rps);

int sb_live_rps_control(struct sb_rps *rps)
{
	void (*saved_work)(struct work_struct *wrk);

	sb_wait_for_idle(rps);
	saved_work = rps->work.func;
	rps->work.func = sb_dummy_rps_work;

	rps->freq = 0;

	sb_wait_for_idle(rps);
	rps->work.func = saved_work;
	return 0;
}

/*
 * check-name: WQ013 a work function swapped for an empty stub and restored from its saved value
 * check-command: wqcheck scan --rules=WQ013 $file
 * check-exit: 0
 */
