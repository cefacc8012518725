// SPDX-License-Identifier: GPL-2.0
/*
 * SDX host controller: card detect and request timeout.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#define SDX_MAX_SLOTS	4

/* Card events go through the host's own queueing hook. */
#define sdx_queue(wq, work)	queue_work((wq), (work))

struct sdx_slot {
	unsigned int sdio_irqs;
	struct work_struct sdio_irq_thread_work_fn;
};

struct sdx_host {
	struct device *dev;
	spinlock_t lock;
	unsigned int card_present;
	int timeouts;
	int nr_slots;
	struct sdx_slot slot[SDX_MAX_SLOTS];
	struct work_struct card_detect_work;
	struct delayed_work timeout_work;
};

static void sdx_card_detect(struct work_struct *work)
{
	struct sdx_host *host = container_of(work, struct sdx_host,
					     card_detect_work);

	spin_lock_bh(&host->lock);
	host->card_present = !host->card_present;
	spin_unlock_bh(&host->lock);
}

static void sdx_timeout(struct work_struct *work)
{
	struct sdx_host *host = container_of(to_delayed_work(work),
					     struct sdx_host, timeout_work);

	host->timeouts++;
}

static bool sdx_sync_card_detect(struct sdx_host *host)
{
	return flush_work_sync(&host->card_detect_work);
}

static void sdx_quiesce_last_slot(struct sdx_host *host)
{
	flush_work_sync(
		&host->slot[host->nr_slots - 1].sdio_irq_thread_work_fn);
}

static bool sdx_redetect(struct sdx_host *host)
{
	if (flush_work_sync(&host->card_detect_work) && host->card_present)
		return queue_work(system_nrt_wq, &host->card_detect_work);
	return sdx_queue(system_nrt_wq, &host->card_detect_work);
}

static int sdx_finish_request(struct sdx_host *host)
{
	cancel_delayed_work(&host->timeout_work);
	WARN_ON(host->timeouts < 0);
	if (flush_delayed_work_sync(&host->timeout_work) || host->timeouts)
		return -ETIMEDOUT;
	return 0;
}

static int sdx_probe(struct platform_device *pdev)
{
	struct sdx_host *host;

	host = devm_kzalloc(&pdev->dev, sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	host->dev = &pdev->dev;
	spin_lock_init(&host->lock);
	INIT_WORK(&host->card_detect_work, sdx_card_detect);
	INIT_DELAYED_WORK(&host->timeout_work, sdx_timeout);
	platform_set_drvdata(pdev, host);
	schedule_work(&host->card_detect_work);
	return 0;
}

static int sdx_remove(struct platform_device *pdev)
{
	struct sdx_host *host = platform_get_drvdata(pdev);

	BUG_ON(!host);
	sdx_sync_card_detect(host);
	sdx_quiesce_last_slot(host);
	if (sdx_redetect(host))
		dev_dbg(host->dev, "card detect queued again\n");
	if (sdx_finish_request(host))
		dev_warn(host->dev, "request timed out on removal\n");
	return 0;
}

static struct platform_driver sdx_driver = {
	.probe	= sdx_probe,
	.remove	= sdx_remove,
	.driver	= {
		.name	= "sdx-host",
	},
};
module_platform_driver(sdx_driver);

MODULE_LICENSE("GPL");

/*
 * check-name: legacy calls returned, tested, split after the paren, in a macro call
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/mmc/host/sdx_host.c:54:16: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
drivers/mmc/host/sdx_host.c:59:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
drivers/mmc/host/sdx_host.c:65:13: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
drivers/mmc/host/sdx_host.c:66:35: warning: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]
drivers/mmc/host/sdx_host.c:67:26: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
drivers/mmc/host/sdx_host.c:74:13: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/mmc/host/sdx_host.c b/drivers/mmc/host/sdx_host.c
--- a/drivers/mmc/host/sdx_host.c
+++ b/drivers/mmc/host/sdx_host.c
@@ -51,27 +51,26 @@ static void sdx_timeout(struct work_struct *work)

 static bool sdx_sync_card_detect(struct sdx_host *host)
 {
-	return flush_work_sync(&host->card_detect_work);
+	return flush_work(&host->card_detect_work);
 }

 static void sdx_quiesce_last_slot(struct sdx_host *host)
 {
-	flush_work_sync(
-		&host->slot[host->nr_slots - 1].sdio_irq_thread_work_fn);
+	flush_work(&host->slot[host->nr_slots - 1].sdio_irq_thread_work_fn);
 }

 static bool sdx_redetect(struct sdx_host *host)
 {
-	if (flush_work_sync(&host->card_detect_work) && host->card_present)
-		return queue_work(system_nrt_wq, &host->card_detect_work);
-	return sdx_queue(system_nrt_wq, &host->card_detect_work);
+	if (flush_work(&host->card_detect_work) && host->card_present)
+		return schedule_work(&host->card_detect_work);
+	return sdx_queue(system_wq, &host->card_detect_work);
 }

 static int sdx_finish_request(struct sdx_host *host)
 {
 	cancel_delayed_work(&host->timeout_work);
 	WARN_ON(host->timeouts < 0);
-	if (flush_delayed_work_sync(&host->timeout_work) || host->timeouts)
+	if (flush_delayed_work(&host->timeout_work) || host->timeouts)
 		return -ETIMEDOUT;
 	return 0;
 }
 * check-output-end
 */
