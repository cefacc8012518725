// SPDX-License-Identifier: GPL-2.0
/*
 * What WQ014's severity means. Each item here is queued on system_wq and
 * on system_long_wq, so two of its runs may overlap on two CPUs:
 * - the stats item's work holds its device's mutex across its whole
 *   body: the runs take turns, a wasted run, a note naming the lock;
 * - every queueing of the poll item waits half a second or more, and
 *   its work reads one register: they overlap only if a run outlasts the
 *   delay, timing the code does not rule out, a note;
 * - the reset item's work changes the device's state with no lock held
 *   across it, and one of its queueings starts at once: a warning.
 */
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

#define SV_POLL_MS	500

struct sv_dev {
	struct mutex lock;
	struct work_struct stats;
	struct delayed_work poll;
	struct work_struct reset;
	int count, state;
};

extern int sv_read_status(struct sv_dev *d);
extern void sv_restart(struct sv_dev *d);

static void sv_stats_fn(struct work_struct *work)
{
	struct sv_dev *d = container_of(work, struct sv_dev, stats);

	mutex_lock(&d->lock);
	d->count++;
	mutex_unlock(&d->lock);
}

static void sv_poll_fn(struct work_struct *work)
{
	struct sv_dev *d = container_of(work, struct sv_dev, poll.work);

	d->state = sv_read_status(d);
	schedule_delayed_work(&d->poll, msecs_to_jiffies(SV_POLL_MS));
}

static void sv_reset_fn(struct work_struct *work)
{
	struct sv_dev *d = container_of(work, struct sv_dev, reset);

	d->state = 0;
	sv_restart(d);
}

void sv_event(struct sv_dev *d)
{
	schedule_work(&d->stats);
	schedule_work(&d->reset);
}

void sv_slow_event(struct sv_dev *d)
{
	queue_work(system_long_wq, &d->stats);
	queue_delayed_work(system_long_wq, &d->poll, HZ);
	queue_work(system_long_wq, &d->reset);
}

int sv_probe(struct sv_dev *d)
{
	INIT_WORK(&d->stats, sv_stats_fn);
	INIT_DELAYED_WORK(&d->poll, sv_poll_fn);
	INIT_WORK(&d->reset, sv_reset_fn);
	return 0;
}

/*
 * check-name: WQ014 severity: a lock held across the body is a note, timing alone is a note, unlocked state at once is a warning
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_wq014_severity.c:63:9: note: queue_work() queues &d->stats on system_long_wq, but it is also queued on system_wq (schedule_work() queues there) at drivers/reentry/re_wq014_severity.c:57: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by sv_event() at drivers/reentry/re_wq014_severity.c:57 on system_wq, can still be in sv_stats_fn() when run B, queued by sv_slow_event() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); sv_stats_fn()'s whole body runs under mutex_lock(&d->lock), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_severity.c:57:9: note: &d->stats is queued on system_wq (schedule_work() queues there) here, with schedule_work()
drivers/reentry/re_wq014_severity.c:64:9: note: queue_delayed_work() queues &d->poll on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_wq014_severity.c:44: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by sv_poll_fn() at drivers/reentry/re_wq014_severity.c:44 (the work queueing itself again) on system_wq, can still be in sv_poll_fn() when run B, queued by sv_slow_event() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs), but only timing allows it: run B starts `HZ` (1000 ms or more) after its queueing and run A `msecs_to_jiffies(SV_POLL_MS)` after its own, so they overlap only if a run lasts that long; no lock is held across sv_poll_fn()'s body; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_severity.c:44:9: note: &d->poll is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
drivers/reentry/re_wq014_severity.c:65:9: warning: queue_work() queues &d->reset on system_long_wq, but it is also queued on system_wq (schedule_work() queues there) at drivers/reentry/re_wq014_severity.c:58: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by sv_event() at drivers/reentry/re_wq014_severity.c:58 on system_wq, can still be in sv_reset_fn() when run B, queued by sv_slow_event() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across sv_reset_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_severity.c:58:9: note: &d->reset is queued on system_wq (schedule_work() queues there) here, with schedule_work()
 * check-output-end
 */
