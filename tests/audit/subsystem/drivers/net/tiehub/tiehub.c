// SPDX-License-Identifier: GPL-2.0
/*
 * The hub tiewire's items are bound in: its rx work reads the CPU it runs
 * on, and is queued here on tiewire's own workqueue too; its poll is
 * queued through tiehub_queue_delayed_work(), a wrapper of queue_delayed_work().
 */
#include <linux/smp.h>
#include <linux/workqueue.h>
#include "../tiewire/tiewire.h"

void tw_poll_fn(struct work_struct *work);

static void tw_rx_fn(struct work_struct *work)
{
	struct tw_dev *tw = container_of(work, struct tw_dev, rx_work);

	tw->cpu = smp_processor_id();
}

void tw_setup(struct tw_dev *tw)
{
	INIT_WORK(&tw->rx_work, tw_rx_fn);
	INIT_DELAYED_WORK(&tw->poll, tw_poll_fn);
}

void tiehub_queue_delayed_work(struct delayed_work *dw)
{
	queue_delayed_work(system_long_wq, dw, 10);
}

void tiehub_rx(struct tw_dev *tw)
{
	queue_work(tw->tw_wq, &tw->rx_work);
}
