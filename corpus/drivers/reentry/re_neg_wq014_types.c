// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014's identity by type, kept: two helpers that queue `&sw->work` of
 * their struct rt_work parameter, one on the host's event workqueue, one
 * on its discovery workqueue (libsas's sas_queue_work() and
 * sas_chain_work()). The tokens give both one item, struct rt_work.work;
 * the types of what their callers pass say otherwise: events and port
 * resets go through the first, the discovery's own works through the
 * second, members of three different structures. Two items, each on one
 * workqueue.
 */
#include <linux/workqueue.h>

struct rt_work {
	struct work_struct work;
};

struct rt_host {
	struct workqueue_struct *event_q;
	struct workqueue_struct *disco_q;
};

struct rt_event {
	struct rt_work work;
	int type;
};

struct rt_port_data {
	struct rt_work reset_work;
};

struct rt_discovery {
	struct rt_work disc_work[2];
};

bool rt_queue_work(struct rt_host *h, struct rt_work *sw)
{
	return queue_work(h->event_q, &sw->work);
}

static void rt_chain_work(struct rt_host *h, struct rt_work *sw)
{
	queue_work(h->disco_q, &sw->work);
}

static bool rt_queue_event(struct rt_work *work, struct rt_host *h)
{
	return rt_queue_work(h, work);
}

void rt_notify_event(struct rt_host *h, struct rt_event *ev)
{
	rt_queue_event(&ev->work, h);
}

void rt_port_reset(struct rt_host *h, struct rt_port_data *d)
{
	rt_queue_work(h, &d->reset_work);
}

void rt_discover(struct rt_host *h, struct rt_discovery *disc, int ev)
{
	rt_chain_work(h, &disc->disc_work[ev]);
}

/*
 * check-name: WQ014 identity by type: one helper's parameter given members of different structures than the other's
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 0
 */
