// SPDX-License-Identifier: GPL-2.0
/*
 * The negative of re_neg_wq014_window.c: the work turns the IRQ on again
 * before it is done (it still reads the chip afterwards), so the handler
 * can queue a second run on system_wq while the first one, from
 * system_long_wq, still runs; and a rescan that cancels without waiting
 * (cancel_delayed_work(), not _sync) can queue beside a running scan.
 */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct rwn_chip {
	struct delayed_work recover;
	struct delayed_work scan;
	unsigned int alert_irq;
	int faults;
};

extern int rwn_read_faults(struct rwn_chip *c);

static void rwn_recover_fn(struct work_struct *work)
{
	struct rwn_chip *c = container_of(work, struct rwn_chip, recover.work);

	if (c->faults > 3) {
		queue_delayed_work(system_long_wq, &c->recover, 0);
		return;
	}
	enable_irq(c->alert_irq);
	c->faults = rwn_read_faults(c);
}

static irqreturn_t rwn_alert_irq(int irq, void *data)
{
	struct rwn_chip *c = data;

	disable_irq_nosync(c->alert_irq);
	schedule_delayed_work(&c->recover, 0);
	return IRQ_HANDLED;
}

static void rwn_scan_fn(struct work_struct *work)
{
	struct rwn_chip *c = container_of(work, struct rwn_chip, scan.work);

	c->faults = 0;
	queue_delayed_work(system_long_wq, &c->scan, 0);
}

void rwn_rescan(struct rwn_chip *c)
{
	cancel_delayed_work(&c->scan);
	schedule_delayed_work(&c->scan, 0);
}

int rwn_probe(struct rwn_chip *c)
{
	INIT_DELAYED_WORK(&c->recover, rwn_recover_fn);
	INIT_DELAYED_WORK(&c->scan, rwn_scan_fn);
	return request_irq(c->alert_irq, rwn_alert_irq, 0, "rwn", c);
}

/*
 * check-name: WQ014 live window, its negative: the IRQ turned on before the run is done; a cancel that does not wait
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_wq014_window.c:38:9: warning: schedule_delayed_work() queues &c->recover on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_window.c:26: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by rwn_recover_fn() at drivers/reentry/re_wq014_window.c:26 (the work queueing itself again) on system_long_wq, can still be in rwn_recover_fn() when run B, queued by rwn_alert_irq() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across rwn_recover_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_window.c:26:17: note: &c->recover is queued on system_long_wq here, with queue_delayed_work(), by a run of the item
drivers/reentry/re_wq014_window.c:53:9: warning: schedule_delayed_work() queues &c->scan on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_window.c:47: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by rwn_scan_fn() at drivers/reentry/re_wq014_window.c:47 (the work queueing itself again) on system_long_wq, can still be in rwn_scan_fn() when run B, queued by rwn_rescan() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across rwn_scan_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_window.c:47:9: note: &c->scan is queued on system_long_wq here, with queue_delayed_work(), by a run of the item
 * check-output-end
 */
