// SPDX-License-Identifier: GPL-2.0
/*
 * Acme 10/100 Ethernet: link polling and statistics.
 */
#include <linux/jiffies.h>
#include <linux/workqueue.h>
#include "acme.h"

#define ACME_NR_PORTS		2
#define ACME_PORT_PRIMARY	0
#define ACME_PORT_SECONDARY	1

static struct delayed_work acme_port_stats[ACME_NR_PORTS];

static struct delayed_work *acme_port_stats_work(struct acme_priv *priv,
						 int port)
{
	return port ? &acme_port_stats[port] : &priv->stats_work;
}

static void acme_link_work(struct work_struct *work)
{
	struct acme_priv *priv = container_of(to_delayed_work(work),
					      struct acme_priv, link_work);

	if (priv->link_up)
		netif_carrier_on(priv->ndev);
	else
		netif_carrier_off(priv->ndev);
	schedule_delayed_work(&priv->link_work, HZ);
}

void acme_ethtool_start(struct acme_priv *priv)
{
	INIT_DELAYED_WORK(&priv->link_work, acme_link_work);
	schedule_delayed_work(&priv->link_work, 0);
}

int acme_ethtool_quiesce(struct acme_priv *priv, int port_offset)
{
	int ret;

	ret = flush_delayed_work_sync(acme_port_stats_work(priv,
							   ACME_PORT_PRIMARY +
							   port_offset));
	return ret;
}

void acme_ethtool_stop(struct acme_priv *priv)
{
	cancel_delayed_work_sync(&priv->link_work);
	flush_delayed_work(&priv->stats_work);
	flush_delayed_work_sync(acme_port_stats_work(priv,
						     ACME_PORT_SECONDARY));
}

/*
 * check-name: flush_delayed_work_sync in multi-line calls, rejoined and realigned
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/net/ethernet/acme/acme_ethtool.c:43:15: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
drivers/net/ethernet/acme/acme_ethtool.c:53:9: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/net/ethernet/acme/acme_ethtool.c b/drivers/net/ethernet/acme/acme_ethtool.c
--- a/drivers/net/ethernet/acme/acme_ethtool.c
+++ b/drivers/net/ethernet/acme/acme_ethtool.c
@@ -40,9 +40,9 @@ int acme_ethtool_quiesce(struct acme_priv *priv, int port_offset)
 {
 	int ret;

-	ret = flush_delayed_work_sync(acme_port_stats_work(priv,
-							   ACME_PORT_PRIMARY +
-							   port_offset));
+	ret = flush_delayed_work(acme_port_stats_work(priv,
+						      ACME_PORT_PRIMARY +
+						      port_offset));
 	return ret;
 }

@@ -50,8 +50,7 @@ void acme_ethtool_stop(struct acme_priv *priv)
 {
 	cancel_delayed_work_sync(&priv->link_work);
 	flush_delayed_work(&priv->stats_work);
-	flush_delayed_work_sync(acme_port_stats_work(priv,
-						     ACME_PORT_SECONDARY));
+	flush_delayed_work(acme_port_stats_work(priv, ACME_PORT_SECONDARY));
 }

 /\*
 * check-output-end
 */
