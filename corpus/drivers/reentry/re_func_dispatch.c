// SPDX-License-Identifier: GPL-2.0
/*
 * WQ013, the look-alike of re_neg_func_dispatch.c: the same per-request
 * dispatch, but the function goes on touching the object after it queued
 * it, while the run with the new function may already be going: a note
 * (only a second dispatch of the same object while it is live breaks it).
 */
#include <linux/workqueue.h>

extern void ld_account(int issued);

struct ld_subreq {
	struct work_struct work;
	int stage;
	int issued;
};

static void ld_read_worker(struct work_struct *work)
{
	struct ld_subreq *sr = container_of(work, struct ld_subreq, work);

	sr->stage = 1;
}

static void ld_write_worker(struct work_struct *work)
{
	struct ld_subreq *sr = container_of(work, struct ld_subreq, work);

	sr->stage = 2;
}

void ld_issue_read(struct ld_subreq *sr)
{
	INIT_WORK(&sr->work, ld_read_worker);
	queue_work(system_long_wq, &sr->work);
}

void ld_issue_write(struct ld_subreq *sr)
{
	sr->work.func = ld_write_worker;
	queue_work(system_long_wq, &sr->work);
	ld_account(sr->issued);
	sr->issued++;
}

/*
 * check-name: WQ013 a per-request .func dispatch that goes on touching the object after its queueing
 * check-command: wqcheck scan --rules=WQ013 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_func_dispatch.c:40:18: note: .func = gives struct ld_subreq.work the work function ld_write_worker() and ld_issue_write() queues it at line 41 (queue_work() at drivers/reentry/re_func_dispatch.c:41 on system_long_wq): the item is live again only if ld_issue_write() runs for the same object while that queueing is pending or running, which nothing here shows (the object is ld_issue_write's, not one of file scope) [WQ013]
drivers/reentry/re_func_dispatch.c:34:9: note: INIT_WORK gives the same item ld_read_worker()
drivers/reentry/re_func_dispatch.c:41:9: note: &sr->work is queued here with queue_work()
 * check-output-end
 */
