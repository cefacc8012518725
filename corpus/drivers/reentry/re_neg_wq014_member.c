// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014's workqueue read through a call or a subscript, kept: the same
 * member reached two ways is one workqueue (xe_pagefault.c's
 * `gt_to_xe(pf.gt)->usm.pf_wq` beside `xe->usm.pf_wq`, ucsi's
 * `ucsi->connector[i].wq` beside `con->wq`, hinic3's local `workq =
 * aeqs->workq`). A member is named by its last name wherever its head
 * comes from, so each item here is on one workqueue: no finding.
 */
#include <linux/jiffies.h>
#include <linux/workqueue.h>

struct mb_usm {
	struct workqueue_struct *pf_wq;
};

struct mb_dev {
	struct mb_usm usm;
	struct work_struct pf_work;
	int faults;
};

struct mb_gt {
	struct mb_dev *dev;
};

struct mb_con {
	struct workqueue_struct *wq;
	struct delayed_work poll;
	int polls;
};

struct mb_host {
	struct mb_con connector[4];
	int nr;
};

extern struct mb_dev *mb_gt_to_dev(struct mb_gt *gt);

/* through a call: the work requeues itself on the device's fault queue */
static void mb_pf_fn(struct work_struct *w)
{
	struct mb_dev *dev = container_of(w, struct mb_dev, pf_work);
	struct mb_gt gt = { .dev = dev };

	if (dev->faults < 8)
		queue_work(mb_gt_to_dev(&gt)->usm.pf_wq, w);
	dev->faults++;
}

void mb_pf_irq(struct mb_dev *dev)
{
	queue_work(dev->usm.pf_wq, &dev->pf_work);
}

/* through a subscript: each connector's item on its own queue */
static void mb_poll_fn(struct work_struct *w)
{
	struct mb_con *con = container_of(to_delayed_work(w), struct mb_con, poll);

	con->polls++;
	queue_delayed_work(con->wq, &con->poll, HZ);
}

void mb_unregister(struct mb_host *h)
{
	int i;

	for (i = 0; i < h->nr; i++)
		mod_delayed_work(h->connector[i].wq, &h->connector[i].poll, 0);
}

/* through a local set once from the member */
void mb_poll_kick(struct mb_con *con)
{
	struct workqueue_struct *wq;

	wq = con->wq;
	con->polls = 0;
	mod_delayed_work(wq, &con->poll, 0);
}

void mb_pf_init(struct mb_dev *dev)
{
	INIT_WORK(&dev->pf_work, mb_pf_fn);
}

void mb_poll_init(struct mb_con *con)
{
	INIT_DELAYED_WORK(&con->poll, mb_poll_fn);
}

/*
 * check-name: WQ014 a member reached through a call, a subscript or a local set once from it is the one workqueue
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 0
 */
