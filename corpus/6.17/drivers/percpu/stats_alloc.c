// SPDX-License-Identifier: GPL-2.0
/*
 * alloc_workqueue() callers: flags that name neither WQ_PERCPU nor
 * WQ_UNBOUND (6.17 asks them to say which), and callers that already do.
 */
#include <linux/kconfig.h>
#include <linux/workqueue.h>

#define STATS_WQ_FLAGS (WQ_MEM_RECLAIM | WQ_FREEZABLE)
#define STATS_UNBOUND_FLAGS (WQ_UNBOUND | WQ_MEM_RECLAIM)

static struct workqueue_struct *plain_wq, *rc_wq, *long_wq, *bh_wq;
static struct workqueue_struct *macro_wq, *var_wq, *explicit_wq, *unbound_wq;
static struct workqueue_struct *ordered_wq, *legacy_wq, *unbound_macro_wq;
static struct workqueue_struct *var_unbound_wq;

int stats_alloc(void)
{
	unsigned int flags = WQ_HIGHPRI;
	unsigned int unbound_flags = WQ_UNBOUND | WQ_SYSFS;

	plain_wq = alloc_workqueue("stats_plain", 0, 0);
	rc_wq = alloc_workqueue("stats_rc", WQ_MEM_RECLAIM | WQ_HIGHPRI, 1);
	long_wq = alloc_workqueue("stats_long_name_%d",
				  WQ_MEM_RECLAIM | WQ_FREEZABLE |
				  WQ_CPU_INTENSIVE, 0, 1);
	bh_wq = alloc_workqueue("stats_bh", WQ_BH | WQ_HIGHPRI, 0);
	macro_wq = alloc_workqueue("stats_macro", STATS_WQ_FLAGS, 0);
	var_wq = alloc_workqueue("stats_var", flags, 0);

	/* these already say which: no finding */
	explicit_wq = alloc_workqueue("stats_percpu", WQ_PERCPU | WQ_SYSFS, 0);
	unbound_wq = alloc_workqueue("stats_unbound", WQ_UNBOUND, 0);
	unbound_macro_wq = alloc_workqueue("stats_um", STATS_UNBOUND_FLAGS, 0);
	var_unbound_wq = alloc_workqueue("stats_vu", unbound_flags, 0);
	ordered_wq = alloc_ordered_workqueue("stats_ordered", WQ_MEM_RECLAIM);
	legacy_wq = create_workqueue("stats_legacy");
	return 0;
}

/* flags from the caller: what they hold cannot be seen here */
struct workqueue_struct *stats_alloc_with(const char *name, unsigned int wq_flags)
{
	return alloc_workqueue("%s", wq_flags, 0, name);
}

const char *stats_doc = "alloc_workqueue(\"x\", 0, 0) in a string";

/*
 * check-name: alloc_workqueue() flags: 0, lists, continuation lines, BH,
 *             through a macro or a variable (followed), from a parameter
 *             (a note, no fix); explicit ones are not findings
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/percpu/stats_alloc.c:22:20: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/stats_alloc.c:23:17: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/stats_alloc.c:24:19: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/stats_alloc.c:27:17: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/stats_alloc.c:28:20: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/stats_alloc.c:29:18: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/stats_alloc.c:44:16: note: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; the flags name a value defined outside this file, so no fix is offered: add WQ_PERCPU where the value is made unless it may hold WQ_UNBOUND [WQ022]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/percpu/stats_alloc.c b/drivers/percpu/stats_alloc.c
--- a/drivers/percpu/stats_alloc.c
+++ b/drivers/percpu/stats_alloc.c
@@ -19,14 +19,16 @@ int stats_alloc(void)
 	unsigned int flags = WQ_HIGHPRI;
 	unsigned int unbound_flags = WQ_UNBOUND | WQ_SYSFS;

-	plain_wq = alloc_workqueue("stats_plain", 0, 0);
-	rc_wq = alloc_workqueue("stats_rc", WQ_MEM_RECLAIM | WQ_HIGHPRI, 1);
+	plain_wq = alloc_workqueue("stats_plain", WQ_PERCPU, 0);
+	rc_wq = alloc_workqueue("stats_rc",
+				WQ_MEM_RECLAIM | WQ_HIGHPRI | WQ_PERCPU, 1);
 	long_wq = alloc_workqueue("stats_long_name_%d",
 				  WQ_MEM_RECLAIM | WQ_FREEZABLE |
-				  WQ_CPU_INTENSIVE, 0, 1);
-	bh_wq = alloc_workqueue("stats_bh", WQ_BH | WQ_HIGHPRI, 0);
-	macro_wq = alloc_workqueue("stats_macro", STATS_WQ_FLAGS, 0);
-	var_wq = alloc_workqueue("stats_var", flags, 0);
+				  WQ_CPU_INTENSIVE | WQ_PERCPU, 0, 1);
+	bh_wq = alloc_workqueue("stats_bh", WQ_BH | WQ_HIGHPRI | WQ_PERCPU, 0);
+	macro_wq = alloc_workqueue("stats_macro", STATS_WQ_FLAGS | WQ_PERCPU,
+				   0);
+	var_wq = alloc_workqueue("stats_var", flags | WQ_PERCPU, 0);

 	/\* these already say which: no finding *\/
 	explicit_wq = alloc_workqueue("stats_percpu", WQ_PERCPU | WQ_SYSFS, 0);
 * check-output-end
 */
