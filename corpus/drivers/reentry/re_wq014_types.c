// SPDX-License-Identifier: GPL-2.0
/*
 * The negative of re_neg_wq014_types.c: the discovery helper is also
 * given an event's work (struct rtn_event, as the event helper is), so
 * one event's item may be queued on both workqueues.
 */
#include <linux/workqueue.h>

struct rtn_work {
	struct work_struct work;
};

struct rtn_host {
	struct workqueue_struct *event_q;
	struct workqueue_struct *disco_q;
};

struct rtn_event {
	struct rtn_work work;
	int type;
};

struct rtn_portn_data {
	struct rtn_work reset_work;
};

struct rtn_discovery {
	struct rtn_work disc_work[2];
};

bool rtn_queue_work(struct rtn_host *h, struct rtn_work *sw)
{
	return queue_work(h->event_q, &sw->work);
}

static void rtn_chain_work(struct rtn_host *h, struct rtn_work *sw)
{
	queue_work(h->disco_q, &sw->work);
}

static bool rtn_queue_event(struct rtn_work *work, struct rtn_host *h)
{
	return rtn_queue_work(h, work);
}

void rtn_notify_event(struct rtn_host *h, struct rtn_event *ev)
{
	rtn_queue_event(&ev->work, h);
}

void rtn_portn_reset(struct rtn_host *h, struct rtn_portn_data *d)
{
	rtn_queue_work(h, &d->reset_work);
}

void rtn_discover(struct rtn_host *h, struct rtn_event *ev)
{
	rtn_chain_work(h, &ev->work);
}

/*
 * check-name: WQ014 identity by type, its negative: both helpers' parameters given members of one structure
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_wq014_types.c:38:9: warning: queue_work() queues &sw->work on h->disco_q, but it is also queued on h->event_q at drivers/reentry/re_wq014_types.c:33: the one-worker guarantee holds only on one workqueue: run A, queued by rtn_queue_work() at drivers/reentry/re_wq014_types.c:33 on h->event_q, can still be running when run B, queued by rtn_chain_work() here on h->disco_q, starts in another worker pool; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_types.c:33:16: note: &sw->work is queued on h->event_q here, with queue_work()
 * check-output-end
 */
