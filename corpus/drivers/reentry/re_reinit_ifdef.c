// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 broken in an #if branch: one static item every call
 * re-initialises, as s390's ctrlchar.c does under #ifdef
 * CONFIG_MAGIC_SYSRQ (here CONFIG_RE_SYSRQ, which the corpus's
 * configuration does not set). Still a warning, marked as in a branch
 * the configuration does not build. tests/t-reentry.sh scans a copy of
 * the corpus without include/generated/autoconf.h: there the mark may
 * not claim what a configuration builds, only that the tree has none.
 */
#include <linux/kernel.h>
#include <linux/workqueue.h>

struct re_sysrq_work {
	int key;
	struct work_struct work;
};

int re_sysrq_last;

#ifdef CONFIG_RE_SYSRQ
static struct re_sysrq_work re_sysrq;

static void re_sysrq_fn(struct work_struct *work)
{
	struct re_sysrq_work *sw = container_of(work, struct re_sysrq_work, work);

	re_sysrq_last = sw->key;
}

void re_schedule_sysrq(struct re_sysrq_work *sw)
{
	INIT_WORK(&sw->work, re_sysrq_fn);
	schedule_work(&sw->work);
}

int re_sysrq_input(const char *buf, int len)
{
	if (len == 3 && buf[1] == '-') {
		re_sysrq.key = buf[2];
		re_schedule_sysrq(&re_sysrq);
		return 1;
	}
	return 0;
}
#endif

/*
 * check-name: condition 3 broken in an #if branch the configuration does not build
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_reinit_ifdef.c:33:9: warning: INIT_WORK re-initialises &sw->work in re_schedule_sysrq(), which then queues it (schedule_work() at drivers/reentry/re_reinit_ifdef.c:34 on system_wq); re_sysrq_input() passes it &re_sysrq (line 41), one static object, so a second call while the first queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation (in an #if branch this configuration does not build) [WQ015]
drivers/reentry/re_reinit_ifdef.c:34:9: note: &sw->work is queued here with schedule_work()
 * check-output-end
 */
