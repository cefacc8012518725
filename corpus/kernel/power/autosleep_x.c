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
 * check-exit: 1
 * check-output-start
kernel/power/autosleep_x.c:16:50: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
kernel/power/autosleep_x.c:42:33: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/kernel/power/autosleep_x.c b/kernel/power/autosleep_x.c
--- a/kernel/power/autosleep_x.c
+++ b/kernel/power/autosleep_x.c
@@ -12,8 +12,8 @@ static DEFINE_MUTEX(autosleep_lock);
 static unsigned int autosleep_state;
 static unsigned int saved_wakeup_count;

-/\* Suspend work runs frozen-aware, see system_nrt_freezable_wq. *\/
-static struct workqueue_struct **autosleep_wq = &system_nrt_freezable_wq;
+/\* Suspend work runs frozen-aware, see system_freezable_wq. *\/
+static struct workqueue_struct **autosleep_wq = &system_freezable_wq;

 static void try_to_suspend(struct work_struct *work);
 static DECLARE_WORK(suspend_work, try_to_suspend);
@@ -39,7 +39,7 @@ int pm_autosleep_set_state(unsigned int state)
 	autosleep_state = state;
 	mutex_unlock(&autosleep_lock);
 	if (!state)
-		flush_workqueue(system_nrt_freezable_wq);
+		flush_workqueue(system_freezable_wq);
 	else
 		queue_up_suspend_work();
 	return 0;
 * check-output-end
 */
