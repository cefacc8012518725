// SPDX-License-Identifier: GPL-2.0
/*
 * A statistics driver that still queues on system_wq and system_unbound_wq,
 * the names 6.17 replaces.
 */
#include <linux/kconfig.h>
#include <linux/workqueue.h>

struct stats_dev {
	struct work_struct refresh_work;
	struct delayed_work poll_work;
	struct delayed_work flush_work;
	struct workqueue_struct *wq;
	struct workqueue_struct *system_wq;	/* a member named like it: not a use */
	int interval;
};

#define STATS_WQ system_wq

static void stats_refresh(struct work_struct *work)
{
}

static void stats_poll(struct work_struct *work)
{
}

void stats_start(struct stats_dev *sd)
{
	INIT_WORK(&sd->refresh_work, stats_refresh);
	INIT_DELAYED_WORK(&sd->poll_work, stats_poll);
	/* refresh on system_wq: nothing here needs a particular CPU */
	queue_work(system_wq, &sd->refresh_work);
	queue_delayed_work(system_unbound_wq, &sd->poll_work,
			   sd->interval);
}

void stats_kick(struct stats_dev *sd, unsigned long a_rather_long_delay_name)
{
	mod_delayed_work(system_wq, &sd->flush_work,
			 a_rather_long_delay_name + sd->interval + 1000);
	queue_work(STATS_WQ, &sd->refresh_work);
}

void stats_pick_wq(struct stats_dev *sd, int unbound)
{
	sd->wq = unbound ? system_unbound_wq : system_wq;
	sd->system_wq = sd->wq;
}

#ifdef CONFIG_PERCPU_LEGACY_PATH
void stats_legacy(struct stats_dev *sd)
{
	flush_workqueue(system_wq);
}
#endif

const char *stats_wq_name(void)
{
	return "system_wq";	/* a string: not a use */
}

/*
 * check-name: system_wq and system_unbound_wq in code, macros, an #ifdef
 *             branch that is off; comments, strings and members are not uses
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/percpu/stats_sysq.c:18:18: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/stats_sysq.c:33:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/stats_sysq.c:34:28: warning: system_unbound_wq is to be replaced since 6.17: system_dfl_wq, the name that stays, is a workqueue of its own with the same unbound flags; use system_dfl_wq [WQ021]
drivers/percpu/stats_sysq.c:40:26: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/stats_sysq.c:47:28: warning: system_unbound_wq is to be replaced since 6.17: system_dfl_wq, the name that stays, is a workqueue of its own with the same unbound flags; use system_dfl_wq [WQ021]
drivers/percpu/stats_sysq.c:47:48: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/stats_sysq.c:54:25: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq (in an #if branch this configuration does not build) [WQ020]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/percpu/stats_sysq.c b/drivers/percpu/stats_sysq.c
--- a/drivers/percpu/stats_sysq.c
+++ b/drivers/percpu/stats_sysq.c
@@ -15,7 +15,7 @@ struct stats_dev {
 	int interval;
 };

-#define STATS_WQ system_wq
+#define STATS_WQ system_percpu_wq

 static void stats_refresh(struct work_struct *work)
 {
@@ -29,29 +29,28 @@ void stats_start(struct stats_dev *sd)
 {
 	INIT_WORK(&sd->refresh_work, stats_refresh);
 	INIT_DELAYED_WORK(&sd->poll_work, stats_poll);
-	/\* refresh on system_wq: nothing here needs a particular CPU *\/
-	queue_work(system_wq, &sd->refresh_work);
-	queue_delayed_work(system_unbound_wq, &sd->poll_work,
-			   sd->interval);
+	/\* refresh on system_percpu_wq: nothing here needs a particular CPU *\/
+	queue_work(system_percpu_wq, &sd->refresh_work);
+	queue_delayed_work(system_dfl_wq, &sd->poll_work, sd->interval);
 }

 void stats_kick(struct stats_dev *sd, unsigned long a_rather_long_delay_name)
 {
-	mod_delayed_work(system_wq, &sd->flush_work,
+	mod_delayed_work(system_percpu_wq, &sd->flush_work,
 			 a_rather_long_delay_name + sd->interval + 1000);
 	queue_work(STATS_WQ, &sd->refresh_work);
 }

 void stats_pick_wq(struct stats_dev *sd, int unbound)
 {
-	sd->wq = unbound ? system_unbound_wq : system_wq;
+	sd->wq = unbound ? system_dfl_wq : system_percpu_wq;
 	sd->system_wq = sd->wq;
 }

 #ifdef CONFIG_PERCPU_LEGACY_PATH
 void stats_legacy(struct stats_dev *sd)
 {
-	flush_workqueue(system_wq);
+	flush_workqueue(system_percpu_wq);
 }
 #endif

 * check-output-end
 */
