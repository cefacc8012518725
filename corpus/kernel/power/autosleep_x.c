// SPDX-License-Identifier: GPL-2.0
/*
 * Opportunistic sleep: try to suspend whenever no wakeup source is
 * active.  The work must be frozen with the rest of the system.
 */
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include "autosleep_x.h"

static DEFINE_MUTEX(autosleep_lock);
static unsigned int autosleep_state;
static unsigned int saved_wakeup_count;

/* Suspend work runs frozen-aware, see system_nrt_freezable_wq. */
static struct workqueue_struct **autosleep_wq = &system_nrt_freezable_wq;

static void try_to_suspend(struct work_struct *work);
static DECLARE_WORK(suspend_work, try_to_suspend);

static void try_to_suspend(struct work_struct *work)
{
	mutex_lock(&autosleep_lock);
	saved_wakeup_count++;
	mutex_unlock(&autosleep_lock);
	if (autosleep_state)
		queue_work(*autosleep_wq, &suspend_work);
}

void queue_up_suspend_work(void)
{
	if (autosleep_state > 0)
		queue_work(*autosleep_wq, &suspend_work);
}

int pm_autosleep_set_state(unsigned int state)
{
	mutex_lock(&autosleep_lock);
	autosleep_state = state;
	mutex_unlock(&autosleep_lock);
	if (!state)
		flush_workqueue(system_nrt_freezable_wq);
	else
		queue_up_suspend_work();
	return 0;
}

/*
 * check-name: system_nrt_freezable_wq taken by address and flushed
 * check-command: wqcheck scan $file
 * check-command: wqcheck scan --diff $file
 */
