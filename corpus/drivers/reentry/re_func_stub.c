// SPDX-License-Identifier: GPL-2.0
/*
 * WQ013, the look-alikes of re_neg_func_stub.c: a swap for a function that
 * does work while the item is queued elsewhere stays a finding (a note:
 * saved and restored around it), and a stub never restored is the item
 * given another function for good while it may be live (a warning).
 */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct sl_rps {
	struct work_struct work;
	struct workqueue_struct *wq;
	u32 pm_iir;
	int freq;
	int probes;
};

static void sl_rps_work(struct work_struct *work)
{
	struct sl_rps *rps = container_of(work, struct sl_rps, work);

	rps->freq += rps->pm_iir;
	rps->pm_iir = 0;
}

void sl_rps_init(struct sl_rps *rps)
{
	INIT_WORK(&rps->work, sl_rps_work);
}

irqreturn_t sl_rps_irq(int irq, void *data)
{
	struct sl_rps *rps = data;

	rps->pm_iir |= 1;
	queue_work(rps->wq, &rps->work);
	return IRQ_HANDLED;
}

static void sl_measure_rps_work(struct work_struct *work)
{
	struct sl_rps *rps = container_of(work, struct sl_rps, work);

	rps->probes++;
	rps->pm_iir = 0;
}

static void sl_dummy_rps_work(struct work_struct *wrk)
{
}

int sl_live_rps_measure(struct sl_rps *rps)
{
	void (*saved_work)(struct work_struct *wrk);

	saved_work = rps->work.func;
	rps->work.func = sl_measure_rps_work;

	rps->freq = 0;

	rps->work.func = saved_work;
	return 0;
}

void sl_rps_quiet(struct sl_rps *rps)
{
	rps->work.func = sl_dummy_rps_work;
	rps->freq = 0;
}

/*
 * check-name: WQ013 look-alikes of a stub swap: a working function swapped in, a stub never restored
 * check-command: wqcheck scan --rules=WQ013 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_func_stub.c:58:19: note: .func = gives struct sl_rps.work the work function sl_measure_rps_work() in sl_live_rps_measure(), not right after its INIT_*, and the item is queued elsewhere (queue_work() at drivers/reentry/re_func_stub.c:37 on rps->wq): that run may be pending or running here, and starts or goes on as the old function while the next queueing runs the new one; the function sets it again (saved and restored around a quiesced item, as test code does): keep the item idle in between [WQ013]
drivers/reentry/re_func_stub.c:29:9: note: INIT_WORK gives the same item sl_rps_work()
drivers/reentry/re_func_stub.c:37:9: note: &rps->work is queued here with queue_work()
drivers/reentry/re_func_stub.c:62:19: note: .func = gives struct sl_rps.work the work function saved_work() in sl_live_rps_measure(), not right after its INIT_*, and the item is queued elsewhere (queue_work() at drivers/reentry/re_func_stub.c:37 on rps->wq): that run may be pending or running here, and starts or goes on as the old function while the next queueing runs the new one; the function sets it again (saved and restored around a quiesced item, as test code does): keep the item idle in between [WQ013]
drivers/reentry/re_func_stub.c:29:9: note: INIT_WORK gives the same item sl_rps_work()
drivers/reentry/re_func_stub.c:37:9: note: &rps->work is queued here with queue_work()
drivers/reentry/re_func_stub.c:68:19: warning: .func = gives struct sl_rps.work the work function sl_dummy_rps_work() in sl_rps_quiet(), not right after its INIT_*, and the item is queued elsewhere (queue_work() at drivers/reentry/re_func_stub.c:37 on rps->wq): that run may be pending or running here, and starts or goes on as the old function while the next queueing runs the new one: the workqueue tells runs apart by item and function, so the item with its new function may run beside the old one on another CPU; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_func_stub.c:29:9: note: INIT_WORK gives the same item sl_rps_work()
drivers/reentry/re_func_stub.c:37:9: note: &rps->work is queued here with queue_work()
 * check-output-end
 */
