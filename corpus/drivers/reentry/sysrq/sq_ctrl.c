// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 broken through a helper whose callers pass one static item
 * each (s390's ctrlchar.c): sq_schedule() re-initialises and queues what
 * it is given. Its caller here passes &sq_ctrl_work once per input line,
 * so a second line while the first queueing is pending re-initialises a
 * queued item; sq_vt.c's sq_vt_input() passes its item from a loop over
 * its input, which the warning names too: one pass can call twice
 * (sclp_vt220.c). sq_schedule_quiet()'s caller in sq_vt.c flushes the
 * item after each turn of its loop: no loop is named there.
 */
#include <linux/workqueue.h>
#include "sq_ctrl.h"

static struct sq_work sq_ctrl_work;
static struct sq_work sq_ctrl_quiet;
int sq_last_key;

static void sq_handle(struct work_struct *work)
{
	struct sq_work *sw = container_of(work, struct sq_work, work);

	sq_last_key = sw->key;
}

void sq_schedule(struct sq_work *sw)
{
	INIT_WORK(&sw->work, sq_handle);
	schedule_work(&sw->work);
}

void sq_schedule_quiet(struct sq_work *sw)
{
	INIT_WORK(&sw->work, sq_handle);
	schedule_work(&sw->work);
}

unsigned int sq_ctrl_input(const char *buf, int len)
{
	if (len == 3 && buf[1] == '-') {
		sq_ctrl_work.key = buf[2];
		sq_schedule(&sq_ctrl_work);
		return 1;
	}
	return 0;
}

void sq_ctrl_replay(int key)
{
	sq_ctrl_quiet.key = key;
	sq_schedule_quiet(&sq_ctrl_quiet);
}

/*
 * check-name: a helper re-initialising the static items its callers pass, one from a loop in another file
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/sysrq/sq_ctrl.c:28:9: warning: INIT_WORK re-initialises &sw->work in sq_schedule(), which then queues it (schedule_work() at drivers/reentry/sysrq/sq_ctrl.c:29 on system_wq); sq_ctrl_input() passes it &sq_ctrl_work (line 42), one static object, so a second call while the first queueing is pending re-initialises a queued item; sq_vt_input() (drivers/reentry/sysrq/sq_vt.c:27) passes it &sq_vt_work, one static object, from inside a loop that waits for nothing: a later turn that calls sq_schedule() again re-initialises the item an earlier turn queued, still pending unless a worker ran it in between: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/sysrq/sq_ctrl.c:29:9: note: &sw->work is queued here with schedule_work()
drivers/reentry/sysrq/sq_ctrl.c:34:9: warning: INIT_WORK re-initialises &sw->work in sq_schedule_quiet(), which then queues it (schedule_work() at drivers/reentry/sysrq/sq_ctrl.c:35 on system_wq); sq_ctrl_replay() passes it &sq_ctrl_quiet (line 51), one static object, so a second call while the first queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/sysrq/sq_ctrl.c:35:9: note: &sw->work is queued here with schedule_work()
 * check-output-end
 */
