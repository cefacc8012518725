// SPDX-License-Identifier: GPL-2.0
/*
 * A driver whose work items other sections' files decide: tiehub binds
 * them (INIT_WORK, INIT_DELAYED_WORK) and queues rx_work on tw_wq, which
 * is allocated here; tiehub_queue_delayed_work(), the wrapper the poll is queued
 * through, is tiehub's; the poll's work function is tiepoll's, which
 * re-arms its own item on another workqueue. audit --subsystem="TIEWIRE
 * DRIVER" has to read those files to say what the whole audit says.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>
#include "tiewire.h"

int tw_probe(struct tw_dev *tw)
{
	tw->tw_wq = alloc_workqueue("tiewire", 0, 0);
	if (!tw->tw_wq)
		return -1;
	tw_setup(tw);
	return 0;
}

void tw_start(struct tw_dev *tw)
{
	queue_work(system_wq, &tw->rx_work);
	tiehub_queue_delayed_work(&tw->poll);
}

void tw_kick(struct tw_dev *tw, int cpu)
{
	queue_work_on(cpu, system_percpu_wq, &tw->rx_work);
}

void tw_stop(struct tw_dev *tw)
{
	cancel_work_sync(&tw->rx_work);
	cancel_delayed_work_sync(&tw->poll);
}
