// SPDX-License-Identifier: GPL-2.0
/*
 * One work item, two workqueues, on a 6.17+ tree: system_wq and
 * system_percpu_wq are two workqueues, and schedule_delayed_work() queues
 * on system_percpu_wq. The poll item is queued with both, so its runs may
 * overlap (WQ014), and converting its system_wq site to system_percpu_wq
 * ends that. --prefer-unbound decides per item: the poll item's work reads
 * no CPU, but moving its system_wq site alone to system_dfl_wq would leave
 * it on two workqueues, so it stays per-CPU; the flush item, queued on
 * system_wq only, moves.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct ui_dev {
	unsigned long polls, flushes;
	struct delayed_work poll_work;
	struct work_struct flush_work;
};

static void ui_poll(struct work_struct *work)
{
	struct ui_dev *d = container_of(work, struct ui_dev, poll_work.work);

	d->polls++;
	schedule_delayed_work(&d->poll_work, 100);
}

static void ui_flush(struct work_struct *work)
{
	struct ui_dev *d = container_of(work, struct ui_dev, flush_work);

	d->flushes++;
}

void ui_dev_kick(struct ui_dev *d)
{
	mod_delayed_work(system_wq, &d->poll_work, 0);
	queue_work(system_wq, &d->flush_work);
}

void ui_dev_setup(struct ui_dev *d)
{
	INIT_DELAYED_WORK(&d->poll_work, ui_poll);
	INIT_WORK(&d->flush_work, ui_flush);
}

/*
 * check-name: an item on system_wq and system_percpu_wq (WQ014); --prefer-unbound moves whole items only
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/percpu/unbound_item.c:38:9: warning: mod_delayed_work() queues &d->poll_work on system_wq, but it is also queued on system_percpu_wq (schedule_delayed_work() queues there) at drivers/percpu/unbound_item.c:26: kernel/workqueue.c allocates system_wq and system_percpu_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by ui_poll() at drivers/percpu/unbound_item.c:26 (the work queueing itself again) on system_percpu_wq, can still be in ui_poll() when run B, queued by ui_dev_kick() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across ui_poll()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/percpu/unbound_item.c:26:9: note: &d->poll_work is queued on system_percpu_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
drivers/percpu/unbound_item.c:38:26: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/unbound_item.c:26:1: note: &d->poll_work is also queued with schedule_*() here, on system_percpu_wq: this conversion ends a WQ014 (today the item is on two workqueues and its runs may overlap)
drivers/percpu/unbound_item.c:39:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
 * check-output-end
 *
 * check-command: wqcheck scan --prefer-unbound $file
 * check-exit: 1
 * check-output-start
drivers/percpu/unbound_item.c:38:9: warning: mod_delayed_work() queues &d->poll_work on system_wq, but it is also queued on system_percpu_wq (schedule_delayed_work() queues there) at drivers/percpu/unbound_item.c:26: kernel/workqueue.c allocates system_wq and system_percpu_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by ui_poll() at drivers/percpu/unbound_item.c:26 (the work queueing itself again) on system_percpu_wq, can still be in ui_poll() when run B, queued by ui_dev_kick() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across ui_poll()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/percpu/unbound_item.c:26:9: note: &d->poll_work is queued on system_percpu_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
drivers/percpu/unbound_item.c:38:26: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq (kept per-CPU: &d->poll_work is also queued at drivers/percpu/unbound_item.c:26 with schedule_delayed_work() on system_percpu_wq, which stays: moving this site alone would put the item on two workqueues (WQ014), so the conversion, decided per item, keeps it per-CPU) [WQ020]
drivers/percpu/unbound_item.c:26:1: note: &d->poll_work is also queued with schedule_*() here, on system_percpu_wq: this conversion ends a WQ014 (today the item is on two workqueues and its runs may overlap)
drivers/percpu/unbound_item.c:39:20: warning: system_wq is to be removed since 6.17: --prefer-unbound: its work (ui_flush()) was checked two calls deep and through static const ops tables: none reads the current CPU or per-CPU data, and none is queued with a *_on() call, so it may run on any CPU; use system_dfl_wq [WQ020]
 * check-output-end
 */
