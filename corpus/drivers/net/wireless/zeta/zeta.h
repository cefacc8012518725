/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ZETA_H_
#define _ZETA_H_

#include <linux/netdevice.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

struct zeta_priv {
	struct net_device *ndev;
	struct mutex conf_mutex;
	unsigned long scan_backoff;
	unsigned int scan_count;
	struct delayed_work scan_work;
	struct delayed_work scan_timeout;
	struct work_struct debugfs_work;
	struct work_struct scan_done_work;
};

void zeta_scan_init(struct zeta_priv *priv);
void zeta_scan_stop(struct zeta_priv *priv);
void zeta_scan_resume(struct zeta_priv *priv);
int zeta_start_scan(struct zeta_priv *priv);
void zeta_main_init(struct zeta_priv *priv);

#endif /* _ZETA_H_ */
