// SPDX-License-Identifier: GPL-2.0
/*
 * Zeta 802.11n USB dongle: scan scheduling.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/workqueue.h>
#include "zeta.h"

static void zeta_scan_work(struct work_struct *work)
{
	struct zeta_priv *priv = container_of(to_delayed_work(work),
					      struct zeta_priv, scan_work);

	mutex_lock(&priv->conf_mutex);
	priv->scan_count++;
	mutex_unlock(&priv->conf_mutex);
	pr_debug("zeta: scan %u done, next one on system_nrt_wq\n",
		 priv->scan_count);
}

static void zeta_schedule_scan(struct zeta_priv *priv, unsigned int msecs)
{
	queue_delayed_work(system_nrt_wq, &priv->scan_work,
			   msecs_to_jiffies(msecs) + priv->scan_backoff);
}

int zeta_start_scan(struct zeta_priv *priv)
{
	if (delayed_work_pending(&priv->scan_work))
		return -EBUSY;
	if (!queue_delayed_work(system_nrt_wq, &priv->scan_timeout, 5 * HZ))
		return -EBUSY;
	zeta_schedule_scan(priv, 0);
	return 0;
}

void zeta_main_init(struct zeta_priv *priv)
{
	mutex_init(&priv->conf_mutex);
	INIT_DELAYED_WORK(&priv->scan_work, zeta_scan_work);
	zeta_scan_init(priv);
}

MODULE_LICENSE("GPL");

/*
 * check-name: queue_delayed_work on system_nrt_wq, realigned; a string
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/net/wireless/zeta/zeta_main.c:25:28: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
drivers/net/wireless/zeta/zeta_main.c:33:33: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/net/wireless/zeta/zeta_main.c b/drivers/net/wireless/zeta/zeta_main.c
--- a/drivers/net/wireless/zeta/zeta_main.c
+++ b/drivers/net/wireless/zeta/zeta_main.c
@@ -22,15 +22,15 @@ static void zeta_scan_work(struct work_struct *work)

 static void zeta_schedule_scan(struct zeta_priv *priv, unsigned int msecs)
 {
-	queue_delayed_work(system_nrt_wq, &priv->scan_work,
-			   msecs_to_jiffies(msecs) + priv->scan_backoff);
+	schedule_delayed_work(&priv->scan_work,
+			      msecs_to_jiffies(msecs) + priv->scan_backoff);
 }

 int zeta_start_scan(struct zeta_priv *priv)
 {
 	if (delayed_work_pending(&priv->scan_work))
 		return -EBUSY;
-	if (!queue_delayed_work(system_nrt_wq, &priv->scan_timeout, 5 * HZ))
+	if (!schedule_delayed_work(&priv->scan_timeout, 5 * HZ))
 		return -EBUSY;
 	zeta_schedule_scan(priv, 0);
 	return 0;
 * check-output-end
 */
