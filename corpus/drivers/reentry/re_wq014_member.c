// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014's workqueue read through a call or a subscript, its negative: the
 * same heads ending in another member (the device's fault queue against
 * its retry queue) are two workqueues, a warning; a subscript that names
 * a CPU picks each CPU's instance, and a local stored twice may hold
 * either: both stay unknown (a note that says so).
 */
#include <linux/workqueue.h>

struct mn_usm {
	struct workqueue_struct *pf_wq;
	struct workqueue_struct *retry_wq;
};

struct mn_dev {
	struct mn_usm usm;
	struct work_struct pf_work;
	int faults;
};

struct mn_gt {
	struct mn_dev *dev;
};

struct mn_pool {
	struct workqueue_struct *wq;
};

struct mn_con {
	struct workqueue_struct *wq;
	struct workqueue_struct *slow_wq;
	struct mn_pool pools[8];
	struct work_struct kick;
	struct work_struct cpu_kick;
	int kicks;
};

extern struct mn_dev *mn_gt_to_dev(struct mn_gt *gt);

static void mn_pf_fn(struct work_struct *w)
{
	struct mn_dev *dev = container_of(w, struct mn_dev, pf_work);
	struct mn_gt gt = { .dev = dev };

	if (dev->faults < 8)
		queue_work(mn_gt_to_dev(&gt)->usm.retry_wq, w);
	dev->faults++;
}

void mn_pf_irq(struct mn_dev *dev)
{
	queue_work(dev->usm.pf_wq, &dev->pf_work);
}

static void mn_kick_fn(struct work_struct *w)
{
	struct mn_con *con = container_of(w, struct mn_con, kick);

	con->kicks++;
}

void mn_kick_cpu(struct mn_con *con, int cpu)
{
	queue_work(con->pools[cpu].wq, &con->cpu_kick);
}

void mn_kick_all(struct mn_con *con)
{
	queue_work(con->wq, &con->cpu_kick);
}

void mn_kick(struct mn_con *con, bool slow)
{
	struct workqueue_struct *wq = con->wq;

	if (slow)
		wq = con->slow_wq;
	queue_work(wq, &con->kick);
}

void mn_kick_fast(struct mn_con *con)
{
	queue_work(con->wq, &con->kick);
}

void mn_pf_init(struct mn_dev *dev)
{
	INIT_WORK(&dev->pf_work, mn_pf_fn);
}

void mn_kick_init(struct mn_con *con)
{
	INIT_WORK(&con->kick, mn_kick_fn);
	INIT_WORK(&con->cpu_kick, mn_kick_fn);
}

/*
 * check-name: WQ014 a member reached through a call, its negative: another member, a CPU's instance, a local stored twice
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_wq014_member.c:53:9: warning: queue_work() queues &dev->pf_work on dev->usm.pf_wq, but it is also queued on mn_gt_to_dev(&gt)->usm.retry_wq at drivers/reentry/re_wq014_member.c:47: the one-worker guarantee holds only on one workqueue: run A, queued by mn_pf_fn() at drivers/reentry/re_wq014_member.c:47 (the work queueing itself again) on mn_gt_to_dev(&gt)->usm.retry_wq, can still be in mn_pf_fn() when run B, queued by mn_pf_irq() here on dev->usm.pf_wq, starts in another worker pool; no lock is held across mn_pf_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_member.c:47:17: note: w is queued on mn_gt_to_dev(&gt)->usm.retry_wq here, with queue_work(), by a run of the item
drivers/reentry/re_wq014_member.c:65:9: note: queue_work() queues &con->cpu_kick on `con->pools[cpu].wq`, a value computed at the call, which wqcheck cannot name; the item is also queued on con->wq at drivers/reentry/re_wq014_member.c:70: unless `con->pools[cpu].wq` is that workqueue, run A, queued by mn_kick_all() at drivers/reentry/re_wq014_member.c:70 on con->wq, can still be in mn_kick_fn() when run B, queued by mn_kick_cpu() here on con->pools[cpu].wq, starts in another worker pool; no lock is held across mn_kick_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_member.c:70:9: note: &con->cpu_kick is queued on con->wq here, with queue_work()
drivers/reentry/re_wq014_member.c:79:9: note: queue_work() queues &con->kick on `wq`, a local variable of mn_kick(), which wqcheck cannot name; the item is also queued on con->wq at drivers/reentry/re_wq014_member.c:84: unless `wq` is that workqueue, run A, queued by mn_kick_fast() at drivers/reentry/re_wq014_member.c:84 on con->wq, can still be in mn_kick_fn() when run B, queued by mn_kick() here on wq, starts in another worker pool; no lock is held across mn_kick_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_member.c:84:9: note: &con->kick is queued on con->wq here, with queue_work()
 * check-output-end
 */
