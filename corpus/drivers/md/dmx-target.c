// SPDX-License-Identifier: GPL-2.0
/*
 * dmx: a device-mapper-like target that mirrors writes.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "dmx_target.h"

#define DM_MSG_PREFIX	"dmx"

struct dmx_c {
	spinlock_t lock;
	unsigned long nr_pending;
	struct workqueue_struct *kdmxd_wq;
	struct workqueue_struct *kdmx_log_wq;
	struct work_struct kdmxd_work;
	struct work_struct trigger_work;
};

static void do_dmx(struct work_struct *work)
{
	struct dmx_c *mc = container_of(work, struct dmx_c, kdmxd_work);

	spin_lock_irq(&mc->lock);
	mc->nr_pending = 0;
	spin_unlock_irq(&mc->lock);
}

static void dmx_trigger(struct work_struct *work)
{
	struct dmx_c *mc = container_of(work, struct dmx_c, trigger_work);

	queue_work(mc->kdmxd_wq, &mc->kdmxd_work);
}

static int dmx_ctr(struct dmx_c *mc, bool log)
{
	spin_lock_init(&mc->lock);
	INIT_WORK(&mc->kdmxd_work, do_dmx);
	INIT_WORK(&mc->trigger_work, dmx_trigger);

	mc->kdmxd_wq = alloc_workqueue("kdmxd", WQ_CPU_INTENSIVE |
				       WQ_MEM_RECLAIM | WQ_NON_REENTRANT, 0);
	if (!mc->kdmxd_wq) {
		pr_err(DM_MSG_PREFIX ": couldn't start kdmxd\n");
		return -ENOMEM;
	}
	mc->kdmx_log_wq = alloc_workqueue("kdmx_log",
					  log ? WQ_NON_REENTRANT | WQ_HIGHPRI
					      : WQ_NON_REENTRANT,
					  1);
	if (!mc->kdmx_log_wq) {
		destroy_workqueue(mc->kdmxd_wq);
		return -ENOMEM;
	}
	return 0;
}

static void dmx_dtr(struct dmx_c *mc)
{
	flush_workqueue(mc->kdmxd_wq);
	destroy_workqueue(mc->kdmx_log_wq);
	destroy_workqueue(mc->kdmxd_wq);
}

int dmx_target_create(struct dmx_c *mc)
{
	int r = dmx_ctr(mc, true);

	if (!r)
		queue_work(mc->kdmx_log_wq, &mc->trigger_work);
	return r;
}

void dmx_target_destroy(struct dmx_c *mc)
{
	dmx_dtr(mc);
}

MODULE_LICENSE("GPL");

/*
 * check-name: WQ_NON_REENTRANT last in a chain and in both ternary arms; make C=2
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/md/dmx-target.c:46:57: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
drivers/md/dmx-target.c:52:49: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
drivers/md/dmx-target.c:53:49: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/md/dmx-target.c b/drivers/md/dmx-target.c
--- a/drivers/md/dmx-target.c
+++ b/drivers/md/dmx-target.c
@@ -43,15 +43,12 @@ static int dmx_ctr(struct dmx_c *mc, bool log)
 	INIT_WORK(&mc->trigger_work, dmx_trigger);

 	mc->kdmxd_wq = alloc_workqueue("kdmxd", WQ_CPU_INTENSIVE |
-				       WQ_MEM_RECLAIM | WQ_NON_REENTRANT, 0);
+				       WQ_MEM_RECLAIM, 0);
 	if (!mc->kdmxd_wq) {
 		pr_err(DM_MSG_PREFIX ": couldn't start kdmxd\n");
 		return -ENOMEM;
 	}
-	mc->kdmx_log_wq = alloc_workqueue("kdmx_log",
-					  log ? WQ_NON_REENTRANT | WQ_HIGHPRI
-					      : WQ_NON_REENTRANT,
-					  1);
+	mc->kdmx_log_wq = alloc_workqueue("kdmx_log", log ? WQ_HIGHPRI : 0, 1);
 	if (!mc->kdmx_log_wq) {
 		destroy_workqueue(mc->kdmxd_wq);
 		return -ENOMEM;
 * check-output-end
 *
 * check-command: make -s -C corpus C=2 CHECK="$WQCHECK check" drivers/md/dmx-target.o
 * check-exit: 0
 * check-error-start
drivers/md/dmx-target.c:46:57: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
drivers/md/dmx-target.c:52:49: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
drivers/md/dmx-target.c:53:49: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
 * check-error-end
 */
