// SPDX-License-Identifier: GPL-2.0
/*
 * WQ015 in a timer callback that re-initialises and queues its item, where
 * the timer's own next firing is not a matter of timing alone, so each
 * stays a warning:
 * - the callback re-arms its own timer (a periodic poll): it fires again
 *   whatever became of the item it queued;
 * - the timer is re-armed to plain jiffies (fire at once) by the work;
 * - the timer is handed to a helper wqcheck does not follow;
 * - a one-shot timer re-armed ahead of now, but the item is also queued
 *   by a second timer (fnic's retry_fip_timer and fcs_ka_timer, both
 *   giving fip_timer_work its function): this firing can meet the other
 *   timer's queueing pending.
 * re_neg_timer_rearm.c has the one-shot timer alone, a note.
 */
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

static struct workqueue_struct *tr_wq;

/* a periodic poll */
struct tr_poll {
	struct timer_list timer;
	struct work_struct work;
};

static void tr_poll_fn(struct work_struct *work)
{
}

void tr_poll_timer(struct timer_list *t)
{
	struct tr_poll *p = from_timer(p, t, timer);

	INIT_WORK(&p->work, tr_poll_fn);
	queue_work(tr_wq, &p->work);
	mod_timer(&p->timer, jiffies + HZ);
}

void tr_poll_start(struct tr_poll *p)
{
	timer_setup(&p->timer, tr_poll_timer, 0);
	mod_timer(&p->timer, jiffies + HZ);
}

/* re-armed to fire at once */
struct tr_kick {
	struct timer_list kick_timer;
	struct work_struct work;
};

static void tr_kick_fn(struct work_struct *work)
{
	struct tr_kick *k = container_of(work, struct tr_kick, work);

	mod_timer(&k->kick_timer, jiffies);
}

void tr_kick_timer(struct timer_list *t)
{
	struct tr_kick *k = from_timer(k, t, kick_timer);

	INIT_WORK(&k->work, tr_kick_fn);
	queue_work(tr_wq, &k->work);
}

/* handed to a helper */
struct tr_helper {
	struct timer_list helper_timer;
	struct work_struct work;
};

extern void tr_arm(struct timer_list *timer);

static void tr_helper_fn(struct work_struct *work)
{
	struct tr_helper *h = container_of(work, struct tr_helper, work);

	tr_arm(&h->helper_timer);
}

void tr_helper_timer(struct timer_list *t)
{
	struct tr_helper *h = from_timer(h, t, helper_timer);

	INIT_WORK(&h->work, tr_helper_fn);
	queue_work(tr_wq, &h->work);
}

/* two one-shot timers, one item (fnic) */
struct tr_fip {
	struct timer_list retry_timer, ka_timer;
	struct work_struct timer_work;
	unsigned int ka_period;
};

static void tr_fip_fn(struct work_struct *work)
{
	struct tr_fip *fip = container_of(work, struct tr_fip, timer_work);
	unsigned long tov;

	tov = jiffies + 3 * msecs_to_jiffies(fip->ka_period);
	mod_timer(&fip->ka_timer, round_jiffies(tov));
	mod_timer(&fip->retry_timer, round_jiffies(jiffies + 2 * HZ));
}

void tr_fip_retry_timer(struct timer_list *t)
{
	struct tr_fip *fip = timer_container_of(fip, t, retry_timer);

	INIT_WORK(&fip->timer_work, tr_fip_fn);
	queue_work(tr_wq, &fip->timer_work);
}

void tr_fip_ka_timer(struct timer_list *t)
{
	struct tr_fip *fip = timer_container_of(fip, t, ka_timer);

	INIT_WORK(&fip->timer_work, tr_fip_fn);
	queue_work(tr_wq, &fip->timer_work);
}

void tr_fip_stop(struct tr_fip *fip)
{
	timer_delete_sync(&fip->retry_timer);
	timer_delete_sync(&fip->ka_timer);
}

/*
 * check-name: WQ015 in a timer callback whose next firing is not timing alone (it re-arms itself, is re-armed to now or by a helper, or a second timer queues the item): warnings
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_timer_rearm.c:36:9: warning: INIT_WORK re-initialises &p->work in tr_poll_timer(), which then queues it (queue_work() at drivers/reentry/re_timer_rearm.c:37 on tr_wq) each time it runs; tr_poll_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_timer_rearm.c:37:9: note: &p->work is queued here with queue_work()
drivers/reentry/re_timer_rearm.c:64:9: warning: INIT_WORK re-initialises &k->work in tr_kick_timer(), which then queues it (queue_work() at drivers/reentry/re_timer_rearm.c:65 on tr_wq) each time it runs; tr_kick_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_timer_rearm.c:65:9: note: &k->work is queued here with queue_work()
drivers/reentry/re_timer_rearm.c:87:9: warning: INIT_WORK re-initialises &h->work in tr_helper_timer(), which then queues it (queue_work() at drivers/reentry/re_timer_rearm.c:88 on tr_wq) each time it runs; tr_helper_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_timer_rearm.c:88:9: note: &h->work is queued here with queue_work()
drivers/reentry/re_timer_rearm.c:112:9: warning: INIT_WORK re-initialises &fip->timer_work in tr_fip_retry_timer(), which then queues it (queue_work() at drivers/reentry/re_timer_rearm.c:113 on tr_wq) each time it runs; tr_fip_retry_timer() is the callback of the one-shot timer retry_timer, which fires again only after mod_timer() re-arms it ahead of now (drivers/reentry/re_timer_rearm.c:105, to `jiffies+2*HZ`), so its own next firing meets the item still pending only if the item waited out that delay; but tr_fip_ka_timer() (a timer callback) also queues it (queue_work() at drivers/reentry/re_timer_rearm.c:121 on tr_wq): when retry_timer fires while that queueing is pending, the INIT_* here re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_timer_rearm.c:113:9: note: &fip->timer_work is queued here with queue_work()
drivers/reentry/re_timer_rearm.c:120:9: warning: INIT_WORK re-initialises &fip->timer_work in tr_fip_ka_timer(), which then queues it (queue_work() at drivers/reentry/re_timer_rearm.c:121 on tr_wq) each time it runs; tr_fip_ka_timer() is the callback of the one-shot timer ka_timer, which fires again only after mod_timer() re-arms it ahead of now (drivers/reentry/re_timer_rearm.c:104, to `jiffies+3*msecs_to_jiffies(fip->ka_period)`), so its own next firing meets the item still pending only if the item waited out that delay; but tr_fip_retry_timer() (a timer callback) also queues it (queue_work() at drivers/reentry/re_timer_rearm.c:113 on tr_wq): when ka_timer fires while that queueing is pending, the INIT_* here re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_timer_rearm.c:121:9: note: &fip->timer_work is queued here with queue_work()
 * check-output-end
 */
