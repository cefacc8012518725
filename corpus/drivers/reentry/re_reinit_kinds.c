// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 (and 1) broken the ways upstream fixed it, each a warning
 * with its interleaving: a work function that re-initialises its own item
 * through a callee it gives the item (virtio_scsi's event work, fixed
 * after v7.0); two timer callbacks that each give one item their own
 * function and queue it (fnic's fip_timer_work: WQ013 and WQ015); an
 * object taken back from a free list that the work function refills while
 * the objects it returns may still be queued (iwcm, fixed in 2026); one
 * static object every call of a helper re-initialises (s390's ctrlchar);
 * a flag the work clears at its start (ocfs2's userdlm); a pending test
 * that misses a running item which requeues itself (bonding, 3.14). Two
 * timers that give one item the same function are WQ015, not WQ013.
 */
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

struct rk_node {
	struct work_struct work;
	int event;
};

static void rk_node_fn(struct work_struct *work);

static void rk_kick(struct rk_node *node)
{
	INIT_WORK(&node->work, rk_node_fn);
	node->event = 0;
}

static void rk_node_fn(struct work_struct *work)
{
	struct rk_node *node = container_of(work, struct rk_node, work);

	node->event++;
	rk_kick(node);
}

void rk_node_complete(struct rk_node *node)
{
	queue_work(system_freezable_wq, &node->work);
}

/* two timers, one item, two functions */
struct rk_port {
	struct timer_list retry_timer, ka_timer;
	struct work_struct timer_work;
	unsigned long flags;
	struct delayed_work mon;
	struct workqueue_struct *wq;
	int interval;
};

static struct workqueue_struct *rk_port_wq;

static void rk_retry_fn(struct work_struct *work)
{
}

static void rk_ka_fn(struct work_struct *work)
{
}

void rk_retry_timer(struct timer_list *t)
{
	struct rk_port *port = container_of(t, struct rk_port, retry_timer);

	INIT_WORK(&port->timer_work, rk_retry_fn);
	queue_work(rk_port_wq, &port->timer_work);
}

void rk_ka_timer(struct timer_list *t)
{
	struct rk_port *port = container_of(t, struct rk_port, ka_timer);

	INIT_WORK(&port->timer_work, rk_ka_fn);
	queue_work(rk_port_wq, &port->timer_work);
}

/* a free list refilled by the work while the returned objects are queued */
struct rk_id {
	spinlock_t lock;
	struct list_head work_list, work_free_list;
};

struct rk_work {
	struct work_struct work;
	struct list_head list, free_list;
	struct rk_id *id;
};

static struct rk_work *rk_get_work(struct rk_id *id)
{
	struct rk_work *w;

	if (list_empty(&id->work_free_list))
		return NULL;
	w = list_first_entry(&id->work_free_list, struct rk_work, free_list);
	list_del_init(&w->free_list);
	return w;
}

static void rk_put_work(struct rk_work *w)
{
	list_add(&w->free_list, &w->id->work_free_list);
}

static void rk_work_handler(struct work_struct *_work)
{
	struct rk_work *w = container_of(_work, struct rk_work, work);
	struct rk_id *id = w->id;

	spin_lock(&id->lock);
	while (!list_empty(&id->work_list)) {
		w = list_first_entry(&id->work_list, struct rk_work, list);
		list_del_init(&w->list);
		rk_put_work(w);
	}
	spin_unlock(&id->lock);
}

int rk_event_handler(struct rk_id *id)
{
	struct rk_work *w;

	spin_lock(&id->lock);
	w = rk_get_work(id);
	if (!w) {
		spin_unlock(&id->lock);
		return -1;
	}
	INIT_WORK(&w->work, rk_work_handler);
	list_add_tail(&w->list, &id->work_list);
	queue_work(rk_port_wq, &w->work);
	spin_unlock(&id->lock);
	return 0;
}

/* one static object for every call */
struct rk_sysrq {
	struct work_struct work;
	int key;
};

static struct rk_sysrq rk_sysrq_obj;

static void rk_sysrq_fn(struct work_struct *work)
{
}

void rk_schedule_sysrq(struct rk_sysrq *sw)
{
	INIT_WORK(&sw->work, rk_sysrq_fn);
	schedule_work(&sw->work);
}

void rk_console_input(int key)
{
	rk_sysrq_obj.key = key;
	rk_schedule_sysrq(&rk_sysrq_obj);
}

/* a flag the work clears first, then goes on */
#define RK_QUEUED 0x1

struct rk_lock {
	unsigned long flags;
	int level;
	struct work_struct l_work;
};

static struct workqueue_struct *rk_lock_wq;

static void rk_unblock(struct work_struct *work)
{
	struct rk_lock *l = container_of(work, struct rk_lock, l_work);

	l->flags &= ~RK_QUEUED;
	l->level--;
	l->level++;
}

void rk_queue_lock(struct rk_lock *l)
{
	if (!(l->flags & RK_QUEUED)) {
		INIT_WORK(&l->l_work, rk_unblock);
		queue_work(rk_lock_wq, &l->l_work);
		l->flags |= RK_QUEUED;
	}
}

/* a pending test that misses the running monitor */
static void rk_mon_fn(struct work_struct *work)
{
	struct rk_port *port = container_of(work, struct rk_port, mon.work);

	queue_delayed_work(port->wq, &port->mon, port->interval);
}

void rk_store_interval(struct rk_port *port, int interval)
{
	port->interval = interval;
	if (!delayed_work_pending(&port->mon)) {
		INIT_DELAYED_WORK(&port->mon, rk_mon_fn);
		queue_delayed_work(port->wq, &port->mon, 0);
	}
}

/* two timers, one item, one function: no WQ013 (each is a WQ015) */
struct rk_pair {
	struct timer_list timer, ka_timer;
	struct work_struct timer_work;
};

static void rk_pair_fn(struct work_struct *work)
{
}

void rk_pair_retry_timer(struct timer_list *t)
{
	struct rk_pair *port = container_of(t, struct rk_pair, timer);

	INIT_WORK(&port->timer_work, rk_pair_fn);
	queue_work(rk_port_wq, &port->timer_work);
}

void rk_pair_ka_timer(struct timer_list *t)
{
	struct rk_pair *port = container_of(t, struct rk_pair, ka_timer);

	INIT_WORK(&port->timer_work, rk_pair_fn);
	queue_work(rk_port_wq, &port->timer_work);
}

/* a work function that initialises a static item for later: its own runs
 * do not overlap, so only a next run before that item ran meets it (a note) */
static struct delayed_work rk_reset_work;

static void rk_reset_fn(struct work_struct *work)
{
}

static void rk_watchdog_fn(struct work_struct *work)
{
	INIT_DELAYED_WORK(&rk_reset_work, rk_reset_fn);
	schedule_delayed_work(&rk_reset_work, 50);
}

/*
 * check-name: condition 3 and 1 broken the ways upstream fixed them: a callee given the running item, two timers, a refilled free list, one static object, a flag cleared early, a pending test
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_reinit_kinds.c:29:9: warning: INIT_WORK re-initialises &node->work in rk_kick(), which the item's work function rk_node_fn() calls at line 38 with its own item: a run of rk_node_fn() re-initialises the item it is running as, with the function it already has; while it runs, queue_work() at drivers/reentry/re_reinit_kinds.c:43 on system_freezable_wq can queue it again before this INIT_*, which then hits a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:43:9: note: &node->work is queued here with queue_work()
drivers/reentry/re_reinit_kinds.c:70:9: warning: INIT_WORK gives &port->timer_work the work function rk_retry_fn() in rk_retry_timer(), a timer callback, and queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:71 on rk_port_wq); rk_ka_timer(), a timer callback, gives the same item rk_ka_fn() (drivers/reentry/re_reinit_kinds.c:78) and queues it (drivers/reentry/re_reinit_kinds.c:79): when one fires while the item queued by the other is pending or running, it changes the function of a live item (and re-initialises it): the pending run may start as either function, and the two runs are no longer kept apart; use one item per function, or one work function that dispatches on a stored state [WQ013]
drivers/reentry/re_reinit_kinds.c:78:9: note: INIT_WORK gives the same item rk_ka_fn()
drivers/reentry/re_reinit_kinds.c:70:9: warning: INIT_WORK re-initialises &port->timer_work in rk_retry_timer(), which then queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:71 on rk_port_wq) each time it runs; rk_retry_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:71:9: note: &port->timer_work is queued here with queue_work()
drivers/reentry/re_reinit_kinds.c:78:9: warning: INIT_WORK gives &port->timer_work the work function rk_ka_fn() in rk_ka_timer(), a timer callback, and queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:79 on rk_port_wq); rk_retry_timer(), a timer callback, gives the same item rk_retry_fn() (drivers/reentry/re_reinit_kinds.c:70) and queues it (drivers/reentry/re_reinit_kinds.c:71): when one fires while the item queued by the other is pending or running, it changes the function of a live item (and re-initialises it): the pending run may start as either function, and the two runs are no longer kept apart; use one item per function, or one work function that dispatches on a stored state [WQ013]
drivers/reentry/re_reinit_kinds.c:70:9: note: INIT_WORK gives the same item rk_retry_fn()
drivers/reentry/re_reinit_kinds.c:78:9: warning: INIT_WORK re-initialises &port->timer_work in rk_ka_timer(), which then queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:79 on rk_port_wq) each time it runs; rk_ka_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:79:9: note: &port->timer_work is queued here with queue_work()
drivers/reentry/re_reinit_kinds.c:134:9: warning: INIT_WORK re-initialises &w->work in rk_event_handler(), which then queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:136 on rk_port_wq), on an object rk_get_work() takes back from the list work_free_list (line 129); the item's work function rk_work_handler() puts objects back on that list (rk_put_work(), line 119) while their own queueing may still be pending: run 1 of one object hands another object back while that one is still on the worklist, and the next rk_event_handler() takes it again and re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation (the work runs its body under spin_lock(&id->lock), which keeps two runs apart but not the worklist) [WQ015]
drivers/reentry/re_reinit_kinds.c:136:9: note: &w->work is queued here with queue_work()
drivers/reentry/re_reinit_kinds.c:155:9: warning: INIT_WORK re-initialises &sw->work in rk_schedule_sysrq(), which then queues it (schedule_work() at drivers/reentry/re_reinit_kinds.c:156 on system_wq); rk_console_input() passes it &rk_sysrq_obj (line 162), one static object, so a second call while the first queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:156:9: note: &sw->work is queued here with schedule_work()
drivers/reentry/re_reinit_kinds.c:188:17: warning: INIT_WORK re-initialises &l->l_work in rk_queue_lock(), which then queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:189 on rk_lock_wq) only while RK_QUEUED is clear, but the work function rk_unblock() clears RK_QUEUED at line 180 and goes on running: a run past that line lets the next rk_queue_lock() in, which re-initialises the running item and queues it beside it: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:189:17: note: &l->l_work is queued here with queue_work()
drivers/reentry/re_reinit_kinds.c:206:17: warning: INIT_DELAYED_WORK re-initialises &port->mon in rk_store_interval(), which then queues it (queue_delayed_work() at drivers/reentry/re_reinit_kinds.c:207 on port->wq) only when the pending test at line 205 says it is not queued; a running item is not pending, and its work function rk_mon_fn() queues it again (drivers/reentry/re_reinit_kinds.c:199): the run can requeue it between the test and this INIT_*, or after it beside a second run: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:207:17: note: &port->mon is queued here with queue_delayed_work()
drivers/reentry/re_reinit_kinds.c:225:9: warning: INIT_WORK re-initialises &port->timer_work in rk_pair_retry_timer(), which then queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:226 on rk_port_wq) each time it runs; rk_pair_retry_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:226:9: note: &port->timer_work is queued here with queue_work()
drivers/reentry/re_reinit_kinds.c:233:9: warning: INIT_WORK re-initialises &port->timer_work in rk_pair_ka_timer(), which then queues it (queue_work() at drivers/reentry/re_reinit_kinds.c:234 on rk_port_wq) each time it runs; rk_pair_ka_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:234:9: note: &port->timer_work is queued here with queue_work()
drivers/reentry/re_reinit_kinds.c:247:9: note: INIT_DELAYED_WORK re-initialises &rk_reset_work in rk_watchdog_fn(), which then queues it (schedule_delayed_work() at drivers/reentry/re_reinit_kinds.c:248 on system_wq); the item is one static object, so a second call of rk_watchdog_fn() while the first queueing is pending re-initialises a queued item (rk_watchdog_fn() is a work function: its own runs do not overlap, so only a next run that comes before the item ran meets it pending): INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_kinds.c:248:9: note: &rk_reset_work is queued here with schedule_delayed_work()
 * check-output-end
 */
