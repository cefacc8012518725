// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 2 broken: one work item queued on two workqueues. A poll item
 * re-armed with schedule_delayed_work() (system_wq) and kicked on
 * system_long_wq; an event item queued on its device's workqueue and on
 * system_wq; an item on two workqueues of its own driver; a link item
 * queued through its subsystem's wrapper (on the hub's workqueue, as
 * ieee80211_queue_work() queues on the hardware's) and with schedule_work().
 * The two runs may overlap on two CPUs, and each work changes its
 * object's state with no lock held.
 */
#include <linux/workqueue.h>

struct re_port {
	struct delayed_work poll;
	struct work_struct event;
	struct workqueue_struct *event_wq;
	int polls, events;
};

struct re_hub {
	struct workqueue_struct *workqueue;
};

struct re_link {
	struct re_hub *hub;
	struct work_struct link_work;
	int up;
};

static struct workqueue_struct *re_rx_wq;
static struct workqueue_struct *re_tx_wq;
static struct work_struct re_flush_work;
static int re_flushed;

static void re_poll_fn(struct work_struct *work)
{
	struct re_port *p = container_of(work, struct re_port, poll.work);

	p->polls++;
	schedule_delayed_work(&p->poll, 10);
}

static void re_event_fn(struct work_struct *work)
{
	struct re_port *p = container_of(work, struct re_port, event);

	p->events++;
}

static void re_flush_fn(struct work_struct *work)
{
	re_flushed++;
}

void re_port_kick(struct re_port *p)
{
	queue_delayed_work(system_long_wq, &p->poll, 0);
}

void re_port_irq(struct re_port *p)
{
	queue_work(p->event_wq, &p->event);
}

void re_port_retry(struct re_port *p)
{
	schedule_work(&p->event);
}

void re_rx_done(void)
{
	queue_work(re_rx_wq, &re_flush_work);
}

void re_tx_done(void)
{
	queue_work(re_tx_wq, &re_flush_work);
}

void re_hub_queue_work(struct re_hub *hub, struct work_struct *work)
{
	queue_work(hub->workqueue, work);
}

static void re_link_fn(struct work_struct *work)
{
	struct re_link *l = container_of(work, struct re_link, link_work);

	l->up = !l->up;
}

void re_link_up(struct re_link *l)
{
	re_hub_queue_work(l->hub, &l->link_work);
}

void re_link_lost(struct re_link *l)
{
	schedule_work(&l->link_work);
}

void re_link_setup(struct re_link *l)
{
	INIT_WORK(&l->link_work, re_link_fn);
}

void re_port_setup(struct re_port *p)
{
	re_rx_wq = alloc_workqueue("re_rx", 0, 0);
	re_tx_wq = alloc_workqueue("re_tx", 0, 0);
	INIT_DELAYED_WORK(&p->poll, re_poll_fn);
	INIT_WORK(&p->event, re_event_fn);
	INIT_WORK(&re_flush_work, re_flush_fn);
}

/*
 * check-name: condition 2 broken: one item on two workqueues (system, a member, two globals, through a wrapper)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_two_wq.c:58:9: warning: queue_delayed_work() queues &p->poll on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_two_wq.c:41: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by re_poll_fn() at drivers/reentry/re_two_wq.c:41 (the work queueing itself again) on system_wq, can still be in re_poll_fn() when run B, queued by re_port_kick() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across re_poll_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_two_wq.c:41:9: note: &p->poll is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
drivers/reentry/re_two_wq.c:68:9: warning: schedule_work() queues &p->event on system_wq (schedule_work() queues there), but it is also queued on p->event_wq at drivers/reentry/re_two_wq.c:63: the one-worker guarantee holds only on one workqueue: run A, queued by re_port_irq() at drivers/reentry/re_two_wq.c:63 on p->event_wq, can still be in re_event_fn() when run B, queued by re_port_retry() here on system_wq, starts in another worker pool; no lock is held across re_event_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_two_wq.c:63:9: note: &p->event is queued on p->event_wq here, with queue_work()
drivers/reentry/re_two_wq.c:78:9: warning: queue_work() queues &re_flush_work on re_tx_wq, but it is also queued on re_rx_wq at drivers/reentry/re_two_wq.c:73: the one-worker guarantee holds only on one workqueue: run A, queued by re_rx_done() at drivers/reentry/re_two_wq.c:73 on re_rx_wq, can still be in re_flush_fn() when run B, queued by re_tx_done() here on re_tx_wq, starts in another worker pool; no lock is held across re_flush_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_two_wq.c:73:9: note: &re_flush_work is queued on re_rx_wq here, with queue_work()
drivers/reentry/re_two_wq.c:95:9: warning: re_hub_queue_work() queues &l->link_work on hub->workqueue (re_hub_queue_work() queues there), but it is also queued on system_wq (schedule_work() queues there) at drivers/reentry/re_two_wq.c:100: the one-worker guarantee holds only on one workqueue: run A, queued by re_link_lost() at drivers/reentry/re_two_wq.c:100 on system_wq, can still be in re_link_fn() when run B, queued by re_link_up() here on hub->workqueue, starts in another worker pool; no lock is held across re_link_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_two_wq.c:100:9: note: &l->link_work is queued on system_wq (schedule_work() queues there) here, with schedule_work()
 * check-output-end
 */
