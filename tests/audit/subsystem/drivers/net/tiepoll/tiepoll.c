// SPDX-License-Identifier: GPL-2.0
/*
 * tiewire's poll work, bound in tiehub: it re-arms its own item (its
 * parameter) with schedule_delayed_work(), on system_percpu_wq, while
 * tiewire queues it on system_long_wq through tiehub's wrapper.
 */
#include <linux/workqueue.h>
#include "../tiewire/tiewire.h"

void tw_poll_fn(struct work_struct *work)
{
	struct tw_dev *tw = container_of(work, struct tw_dev, poll.work);

	tw->polls++;
	schedule_delayed_work(to_delayed_work(work), 100);
}
