// SPDX-License-Identifier: GPL-2.0
/*
 * WQ015 in the callback of a one-shot timer that re-initialises and
 * queues its item: the timer fires again only after the work re-arms it,
 * and every re-arming sets it ahead of now (jiffies plus a delay, read
 * through round_jiffies() and a local), so its next firing meets the item
 * still pending only if the item waited out that delay: timing, a note
 * (fnic's retry_fip_timer alone). re_timer_rearm.c has the look-alikes
 * that stay warnings.
 */
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

#define TN_DISC_TOV	3000

static struct workqueue_struct *tn_wq;

struct tn_port {
	struct timer_list disc_timer;
	struct work_struct disc_work;
	int state;
};

static void tn_disc_fn(struct work_struct *work)
{
	struct tn_port *port = container_of(work, struct tn_port, disc_work);
	unsigned long tov;

	port->state++;
	tov = jiffies + msecs_to_jiffies(TN_DISC_TOV);
	mod_timer(&port->disc_timer, round_jiffies(tov));
}

void tn_disc_timer(struct timer_list *t)
{
	struct tn_port *port = timer_container_of(port, t, disc_timer);

	INIT_WORK(&port->disc_work, tn_disc_fn);
	queue_work(tn_wq, &port->disc_work);
}

void tn_port_start(struct tn_port *port)
{
	timer_setup(&port->disc_timer, tn_disc_timer, 0);
	mod_timer(&port->disc_timer, jiffies + msecs_to_jiffies(TN_DISC_TOV));
}

void tn_port_stop(struct tn_port *port)
{
	if (timer_pending(&port->disc_timer))
		timer_delete_sync(&port->disc_timer);
}

/*
 * check-name: WQ015 in the callback of a one-shot timer re-armed only ahead of now: timing, a note
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_neg_timer_rearm.c:39:9: note: INIT_WORK re-initialises &port->disc_work in tn_disc_timer(), which then queues it (queue_work() at drivers/reentry/re_neg_timer_rearm.c:40 on tn_wq) each time it runs; tn_disc_timer() is the callback of the one-shot timer disc_timer, which fires again only after mod_timer() re-arms it ahead of now (drivers/reentry/re_neg_timer_rearm.c:32, to `jiffies+msecs_to_jiffies(TN_DISC_TOV)`, and so do its other re-armings), so its own next firing meets the item still pending only if the item waited out that delay: timing, which nothing in the code rules out or makes likely: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_neg_timer_rearm.c:40:9: note: &port->disc_work is queued here with queue_work()
 * check-output-end
 */
