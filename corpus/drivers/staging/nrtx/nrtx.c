// SPDX-License-Identifier: GPL-2.0
/*
 * nrtx: a staging driver the .config does not build (CONFIG_STAGING_NRTX
 * is not set).  The scan covers it anyway.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

struct nrtx_dev {
	struct workqueue_struct *wq;
	struct work_struct rx_work;
	struct delayed_work watchdog;
	unsigned int rx_frames;
};

static struct nrtx_dev *nrtx;

static void nrtx_rx(struct work_struct *work)
{
	struct nrtx_dev *dev = container_of(work, struct nrtx_dev, rx_work);

	dev->rx_frames++;
}

static void nrtx_watchdog(struct work_struct *work)
{
	struct nrtx_dev *dev = container_of(to_delayed_work(work),
					    struct nrtx_dev, watchdog);

	queue_work(dev->wq, &dev->rx_work);
	queue_delayed_work(system_nrt_wq, &dev->watchdog, HZ);
}

static int __init nrtx_init(void)
{
	nrtx = kzalloc(sizeof(*nrtx), GFP_KERNEL);
	if (!nrtx)
		return -ENOMEM;
	nrtx->wq = create_singlethread_workqueue("nrtx");
	if (!nrtx->wq) {
		kfree(nrtx);
		return -ENOMEM;
	}
	INIT_WORK(&nrtx->rx_work, nrtx_rx);
	INIT_DELAYED_WORK(&nrtx->watchdog, nrtx_watchdog);
	queue_delayed_work(system_nrt_wq, &nrtx->watchdog, HZ);
	return 0;
}

static void __exit nrtx_exit(void)
{
	flush_delayed_work_sync(&nrtx->watchdog);
	cancel_delayed_work_sync(&nrtx->watchdog);
	flush_work_sync(&nrtx->rx_work);
	destroy_workqueue(nrtx->wq);
	kfree(nrtx);
}

module_init(nrtx_init);
module_exit(nrtx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a file the configuration does not build is scanned too
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/staging/nrtx/nrtx.c:34:28: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
drivers/staging/nrtx/nrtx.c:49:28: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
drivers/staging/nrtx/nrtx.c:55:9: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
drivers/staging/nrtx/nrtx.c:57:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/staging/nrtx/nrtx.c b/drivers/staging/nrtx/nrtx.c
--- a/drivers/staging/nrtx/nrtx.c
+++ b/drivers/staging/nrtx/nrtx.c
@@ -31,7 +31,7 @@ static void nrtx_watchdog(struct work_struct *work)
 					    struct nrtx_dev, watchdog);

 	queue_work(dev->wq, &dev->rx_work);
-	queue_delayed_work(system_nrt_wq, &dev->watchdog, HZ);
+	schedule_delayed_work(&dev->watchdog, HZ);
 }

 static int __init nrtx_init(void)
@@ -46,15 +46,15 @@ static int __init nrtx_init(void)
 	}
 	INIT_WORK(&nrtx->rx_work, nrtx_rx);
 	INIT_DELAYED_WORK(&nrtx->watchdog, nrtx_watchdog);
-	queue_delayed_work(system_nrt_wq, &nrtx->watchdog, HZ);
+	schedule_delayed_work(&nrtx->watchdog, HZ);
 	return 0;
 }

 static void __exit nrtx_exit(void)
 {
-	flush_delayed_work_sync(&nrtx->watchdog);
+	flush_delayed_work(&nrtx->watchdog);
 	cancel_delayed_work_sync(&nrtx->watchdog);
-	flush_work_sync(&nrtx->rx_work);
+	flush_work(&nrtx->rx_work);
 	destroy_workqueue(nrtx->wq);
 	kfree(nrtx);
 }
 * check-output-end
 */
