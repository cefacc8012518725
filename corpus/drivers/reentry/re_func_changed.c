// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 1 broken: the function of a live work item changed. A state
 * machine steps its item from one function to the next inside the running
 * work function, as firewire and afs did before 3.15 removed
 * PREPARE_[DELAYED_]WORK; a helper re-aims an item and queues it each time
 * it is called; a handler assigns .func of an item queued elsewhere, of
 * the work_struct inside a delayed item (the delayed item's function), and
 * of an item whose member name does not say work.
 */
#include <linux/workqueue.h>

struct re_fsm {
	int state;
	struct delayed_work step;
	struct work_struct kick;
	struct work_struct done_work;
	struct delayed_work poll;
	struct work_struct idle;
};

static struct workqueue_struct *re_fsm_wq;

static void re_fsm_finish(struct work_struct *work)
{
	struct re_fsm *fsm = container_of(work, struct re_fsm, step.work);

	fsm->state = 0;
}

static void re_fsm_start(struct work_struct *work)
{
	struct re_fsm *fsm = container_of(work, struct re_fsm, step.work);

	fsm->state = 1;
	PREPARE_DELAYED_WORK(&fsm->step, re_fsm_finish);
	queue_delayed_work(re_fsm_wq, &fsm->step, 1);
}

static void re_kick_fast(struct work_struct *work)
{
}

static void re_kick_slow(struct work_struct *work)
{
}

void re_fsm_kick(struct re_fsm *fsm, int fast)
{
	if (fast)
		return;
	PREPARE_WORK(&fsm->kick, re_kick_slow);
	schedule_work(&fsm->kick);
}

static void re_done_a(struct work_struct *work)
{
}

static void re_done_b(struct work_struct *work)
{
}

void re_fsm_done_event(struct re_fsm *fsm)
{
	fsm->done_work.func = re_done_b;
}

static void re_poll_fast(struct work_struct *work)
{
}

static void re_poll_slow(struct work_struct *work)
{
}

void re_fsm_slow_down(struct re_fsm *fsm)
{
	fsm->poll.work.func = re_poll_slow;
}

static void re_idle_a(struct work_struct *work)
{
}

static void re_idle_b(struct work_struct *work)
{
}

void re_fsm_idle_event(struct re_fsm *fsm)
{
	fsm->idle.func = re_idle_b;
}

void re_fsm_setup(struct re_fsm *fsm)
{
	INIT_DELAYED_WORK(&fsm->poll, re_poll_fast);
	INIT_WORK(&fsm->idle, re_idle_a);
	INIT_DELAYED_WORK(&fsm->step, re_fsm_start);
	INIT_WORK(&fsm->kick, re_kick_fast);
	INIT_WORK(&fsm->done_work, re_done_a);
	queue_delayed_work(re_fsm_wq, &fsm->step, 0);
}

void re_fsm_complete(struct re_fsm *fsm)
{
	schedule_work(&fsm->done_work);
	schedule_work(&fsm->idle);
	schedule_delayed_work(&fsm->poll, 10);
}

/*
 * check-name: condition 1 broken: PREPARE_*WORK in the running work function, beside a queueing, .func assignments
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_func_changed.c:36:9: warning: PREPARE_DELAYED_WORK gives &fsm->step the work function re_fsm_finish() inside re_fsm_start(), the item's own work function, while it runs; queue_delayed_work() at drivers/reentry/re_func_changed.c:102 (on re_fsm_wq) can queue it meanwhile, and that run starts as re_fsm_finish() beside the running re_fsm_start(): the workqueue tells runs apart by item and function, so the item with its new function may run beside the old one on another CPU; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_func_changed.c:99:9: note: INIT_DELAYED_WORK gives the same item re_fsm_start()
drivers/reentry/re_func_changed.c:52:9: warning: PREPARE_WORK gives &fsm->kick the work function re_kick_slow() and re_fsm_kick() queues it at line 53 (schedule_work() at drivers/reentry/re_func_changed.c:53 on system_wq): when re_fsm_kick() runs again while that queueing is pending or running, the item changes function under it: the workqueue tells runs apart by item and function, so the item with its new function may run beside the old one on another CPU; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_func_changed.c:100:9: note: INIT_WORK gives the same item re_kick_fast()
drivers/reentry/re_func_changed.c:53:9: note: &fsm->kick is queued here with schedule_work()
drivers/reentry/re_func_changed.c:66:24: warning: .func = gives struct re_fsm.done_work the work function re_done_b() in re_fsm_done_event(), not right after its INIT_*, and the item is queued elsewhere (schedule_work() at drivers/reentry/re_func_changed.c:107 on system_wq): that run may be pending or running here, and starts or goes on as the old function while the next queueing runs the new one: the workqueue tells runs apart by item and function, so the item with its new function may run beside the old one on another CPU; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_func_changed.c:101:9: note: INIT_WORK gives the same item re_done_a()
drivers/reentry/re_func_changed.c:107:9: note: &fsm->done_work is queued here with schedule_work()
drivers/reentry/re_func_changed.c:79:24: warning: .func = gives struct re_fsm.poll the work function re_poll_slow() in re_fsm_slow_down(), not right after its INIT_*, and the item is queued elsewhere (schedule_delayed_work() at drivers/reentry/re_func_changed.c:109 on system_wq): that run may be pending or running here, and starts or goes on as the old function while the next queueing runs the new one: the workqueue tells runs apart by item and function, so the item with its new function may run beside the old one on another CPU; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_func_changed.c:97:9: note: INIT_DELAYED_WORK gives the same item re_poll_fast()
drivers/reentry/re_func_changed.c:109:9: note: &fsm->poll is queued here with schedule_delayed_work()
drivers/reentry/re_func_changed.c:92:19: warning: .func = gives struct re_fsm.idle the work function re_idle_b() in re_fsm_idle_event(), not right after its INIT_*, and the item is queued elsewhere (schedule_work() at drivers/reentry/re_func_changed.c:108 on system_wq): that run may be pending or running here, and starts or goes on as the old function while the next queueing runs the new one: the workqueue tells runs apart by item and function, so the item with its new function may run beside the old one on another CPU; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_func_changed.c:98:9: note: INIT_WORK gives the same item re_idle_a()
drivers/reentry/re_func_changed.c:108:9: note: &fsm->idle is queued here with schedule_work()
 * check-output-end
 */
