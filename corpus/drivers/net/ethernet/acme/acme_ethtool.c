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
 * check-command: wqcheck scan --diff $file
 */
