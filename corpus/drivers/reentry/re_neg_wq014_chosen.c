// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014 kept: each stage of a per-command item is initialised right before
 * its one queueing (target_core_transport.c: the completion's
 * INIT_WORK(&cmd->work, success ? ok_work : failure_work) then
 * queue_work_on(target_completion_wq), the task management's INIT_WORK +
 * schedule_work()). The function chosen by a condition is still an INIT of
 * the item on the queueing's path, so both queueings start a fresh item:
 * whether one could meet a live run is the INIT's question (WQ015), not a
 * second workqueue's. No finding.
 */
#include <linux/workqueue.h>

struct ch_cmd {
	struct work_struct work;
	int status;
	bool tmr;
};

extern struct workqueue_struct *ch_completion_wq;

static void ch_ok_work(struct work_struct *work)
{
	struct ch_cmd *cmd = container_of(work, struct ch_cmd, work);

	cmd->status = 0;
}

static void ch_failure_work(struct work_struct *work)
{
	struct ch_cmd *cmd = container_of(work, struct ch_cmd, work);

	cmd->status = -5;
}

static void ch_tmr_work(struct work_struct *work)
{
	struct ch_cmd *cmd = container_of(work, struct ch_cmd, work);

	cmd->tmr = false;
}

void ch_complete_cmd(struct ch_cmd *cmd, bool success)
{
	cmd->status = 1;
	INIT_WORK(&cmd->work, success ? ch_ok_work :
		  ch_failure_work);
	queue_work(ch_completion_wq, &cmd->work);
}

int ch_handle_tmr(struct ch_cmd *cmd)
{
	cmd->tmr = true;
	INIT_WORK(&cmd->work, ch_tmr_work);
	schedule_work(&cmd->work);
	return 0;
}

/*
 * check-name: WQ014 every queueing of a per-command item right after an INIT_*, one of them choosing its function by a condition
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file
 * check-exit: 0
 */
