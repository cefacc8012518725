// SPDX-License-Identifier: GPL-2.0
/*
 * Zeta 802.11n USB dongle: scan timeout and the debugfs dump.
 */
#include <linux/jiffies.h>
#include <linux/workqueue.h>
#include "zeta.h"

static void zeta_scan_timeout(struct work_struct *work)
{
	struct zeta_priv *priv = container_of(to_delayed_work(work),
					      struct zeta_priv, scan_timeout);

	cancel_delayed_work(&priv->scan_work);
}

#ifdef CONFIG_ZETA_DEBUGFS
static void zeta_debugfs_work(struct work_struct *work)
{
	struct zeta_priv *priv = container_of(work, struct zeta_priv,
					      debugfs_work);

	pr_info("zeta: %u scans\n", priv->scan_count);
}

static void zeta_debugfs_init(struct zeta_priv *priv)
{
	INIT_WORK(&priv->debugfs_work, zeta_debugfs_work);
	queue_work(system_nrt_wq, &priv->debugfs_work);
}

static void zeta_debugfs_exit(struct zeta_priv *priv)
{
	flush_work_sync(&priv->debugfs_work);
}
#else
static inline void zeta_debugfs_init(struct zeta_priv *priv)
{
}

static inline void zeta_debugfs_exit(struct zeta_priv *priv)
{
	flush_work(&priv->debugfs_work);
}
#endif /* CONFIG_ZETA_DEBUGFS */

void zeta_scan_init(struct zeta_priv *priv)
{
	INIT_DELAYED_WORK(&priv->scan_timeout, zeta_scan_timeout);
	zeta_debugfs_init(priv);
}

void zeta_scan_stop(struct zeta_priv *priv)
{
	cancel_delayed_work_sync(&priv->scan_timeout);
	flush_delayed_work_sync(&priv->scan_work);
	zeta_debugfs_exit(priv);
}

/*
 * check-name: legacy calls in an #ifdef branch the .config leaves out
 * check-command: wqcheck scan --format=json $file
 * check-command: wqcheck scan --diff $file
 */
