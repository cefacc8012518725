/* SPDX-License-Identifier: GPL-2.0 */
/* The tiewire device: its items are bound in tiehub (another section). */
#ifndef TIEWIRE_H
#define TIEWIRE_H

#include <linux/workqueue.h>

struct tw_dev {
	int cpu;
	int polls;
	struct work_struct rx_work;
	struct delayed_work poll;
	struct workqueue_struct *tw_wq;
};

void tw_setup(struct tw_dev *tw);
void tiehub_queue_delayed_work(struct delayed_work *dw);

#endif
