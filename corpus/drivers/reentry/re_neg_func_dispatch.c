// SPDX-License-Identifier: GPL-2.0
/*
 * WQ013 kept: a per-request object's next stage given with `.func =` and
 * queued as the function's last act (afs's afs_issue_write(), bcachefs's
 * bch2_rbio_punt()). The function lets go of the object with the
 * queueing, and the function it sets is for that run alone: a stage
 * hand-off, no finding. Also when the queueing is the test of an if
 * that only warns.
 */
#include <linux/bug.h>
#include <linux/workqueue.h>

struct nd_subreq {
	struct work_struct work;
	int stage;
	int error;
};

static void nd_read_worker(struct work_struct *work)
{
	struct nd_subreq *sr = container_of(work, struct nd_subreq, work);

	sr->stage = 1;
}

static void nd_write_worker(struct work_struct *work)
{
	struct nd_subreq *sr = container_of(work, struct nd_subreq, work);

	sr->stage = 2;
}

void nd_issue_read(struct nd_subreq *sr)
{
	INIT_WORK(&sr->work, nd_read_worker);
	queue_work(system_long_wq, &sr->work);
}

void nd_issue_write(struct nd_subreq *sr)
{
	sr->work.func = nd_write_worker;
	if (!queue_work(system_long_wq, &sr->work))
		WARN_ON_ONCE(1);
}

static void nd_punt(struct nd_subreq *sr, work_func_t fn, struct workqueue_struct *wq)
{
	if (sr->stage >= 2) {
		fn(&sr->work);
	} else {
		sr->work.func = fn;
		sr->stage = 2;
		queue_work(wq, &sr->work);
	}
}

void nd_endio(struct nd_subreq *sr)
{
	nd_punt(sr, nd_write_worker, system_highpri_wq);
}

/*
 * check-name: WQ013 a per-request .func dispatch that lets go of the object with its queueing
 * check-command: wqcheck scan --rules=WQ013 $file
 * check-exit: 0
 */
