// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 broken: a work item re-initialised where it may be live. A
 * work function re-arming itself with INIT_DELAYED_WORK() each time (and
 * through a helper that does, as batman-adv's purge timers did: a note,
 * the helper's arguments are not followed); an INIT_WORK() after the item
 * was queued in the same function (also past a complete if/else and a
 * return under a condition, and on an object the driver data gives, which
 * is not a new one); an interrupt handler that initialises a long-lived
 * item each time before queueing it.
 */
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct re_mesh {
	struct delayed_work purge;
	struct work_struct reply;
	struct work_struct route;
	struct work_struct reset;
	int hops;
};

static struct work_struct re_irq_work;

static void re_mesh_purge(struct work_struct *work);

static void re_mesh_start_timer(struct re_mesh *m)
{
	INIT_DELAYED_WORK(&m->purge, re_mesh_purge);
	schedule_delayed_work(&m->purge, 100);
}

static void re_mesh_purge(struct work_struct *work)
{
	struct re_mesh *m = container_of(work, struct re_mesh, purge.work);

	if (!m)
		re_mesh_start_timer(m);
	INIT_DELAYED_WORK(&m->purge, re_mesh_purge);
	schedule_delayed_work(&m->purge, 100);
}

static void re_mesh_reply_fn(struct work_struct *work)
{
}

void re_mesh_send(struct re_mesh *m)
{
	schedule_work(&m->reply);
	INIT_WORK(&m->reply, re_mesh_reply_fn);
}

static void re_mesh_route_fn(struct work_struct *work)
{
}

void re_mesh_reroute(struct re_mesh *m, int far)
{
	queue_work(system_wq, &m->route);
	if (far)
		m->hops = 2;
	else
		m->hops = 1;
	if (far > 8)
		return;
	INIT_WORK(&m->route, re_mesh_route_fn);
}

static void re_mesh_reset_fn(struct work_struct *work)
{
}

void re_mesh_reset(struct device *dev)
{
	struct re_mesh *m = dev_get_drvdata(dev);

	schedule_work(&m->reset);
	INIT_WORK(&m->reset, re_mesh_reset_fn);
}

static void re_irq_work_fn(struct work_struct *work)
{
}

irqreturn_t re_mesh_irq_handler(int irq, void *data)
{
	INIT_WORK(&re_irq_work, re_irq_work_fn);
	schedule_work(&re_irq_work);
	return IRQ_HANDLED;
}

void re_mesh_init(struct re_mesh *m)
{
	INIT_WORK(&m->reply, re_mesh_reply_fn);
	INIT_WORK(&m->route, re_mesh_route_fn);
	INIT_WORK(&m->reset, re_mesh_reset_fn);
	re_mesh_start_timer(m);
}

/*
 * check-name: condition 3 broken: INIT_* from the work function's path, after a queueing, in a handler
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_reinit_live.c:30:9: warning: INIT_DELAYED_WORK re-initialises &m->purge in re_mesh_start_timer(), which the item's work function re_mesh_purge() calls at line 39 with its own item: a run of re_mesh_purge() re-initialises the item it is running as, with the function it already has; while it runs, schedule_delayed_work() at drivers/reentry/re_reinit_live.c:41 on system_wq can queue it again before this INIT_*, which then hits a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_live.c:41:9: note: &m->purge is queued here with schedule_delayed_work()
drivers/reentry/re_reinit_live.c:40:9: warning: INIT_DELAYED_WORK re-initialises &m->purge inside re_mesh_purge(), its own work function, while it runs: a run of re_mesh_purge() re-initialises the item it is running as, with the function it already has; while it runs, schedule_delayed_work() at drivers/reentry/re_reinit_live.c:31 on system_wq can queue it again before this INIT_*, which then hits a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_live.c:31:9: note: &m->purge is queued here with schedule_delayed_work()
drivers/reentry/re_reinit_live.c:51:9: warning: INIT_WORK re-initialises &m->reply after schedule_work() queued it at line 50 of the same function (on system_wq): the item may still be pending there: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_live.c:50:9: note: &m->reply is queued here with schedule_work()
drivers/reentry/re_reinit_live.c:67:9: warning: INIT_WORK re-initialises &m->route after queue_work() queued it at line 60 of the same function (on system_wq): the item may still be pending there: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_live.c:60:9: note: &m->route is queued here with queue_work()
drivers/reentry/re_reinit_live.c:79:9: warning: INIT_WORK re-initialises &m->reset after schedule_work() queued it at line 78 of the same function (on system_wq): the item may still be pending there: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_live.c:78:9: note: &m->reset is queued here with schedule_work()
drivers/reentry/re_reinit_live.c:88:9: warning: INIT_WORK re-initialises &re_irq_work in re_mesh_irq_handler(), which then queues it (schedule_work() at drivers/reentry/re_reinit_live.c:89 on system_wq) each time it runs; re_mesh_irq_handler() is an interrupt handler, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_reinit_live.c:89:9: note: &re_irq_work is queued here with schedule_work()
 * check-output-end
 */
