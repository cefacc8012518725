/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Acme 10/100 Ethernet: state shared by the driver's files.
 */
#ifndef _ACME_H_
#define _ACME_H_

#include <linux/netdevice.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#define ACME_TX_RING	64
#define ACME_STATS_HZ	(2 * HZ)

struct acme_priv {
	struct net_device *ndev;
	void __iomem *regs;
	spinlock_t lock;
	unsigned int tx_head, tx_tail;
	struct workqueue_struct *wq;
	struct work_struct reset_work;
	struct work_struct tx_work;
	struct delayed_work stats_work;
	struct delayed_work link_work;
	bool link_up;
};

/*
 * The tx reclaim work may still be running on another CPU after the
 * interrupt is masked; wait for every instance before touching the ring.
 */
static inline void acme_sync_tx(struct acme_priv *priv)
{
	flush_work_sync(&priv->tx_work);
}

/* Only the pending instance matters here: the caller owns the lock. */
static inline void acme_kick_tx(struct acme_priv *priv)
{
	if (!work_pending(&priv->tx_work))
		queue_work(priv->wq, &priv->tx_work);
}

int acme_wq_init(struct acme_priv *priv, const char *name);
void acme_wq_exit(struct acme_priv *priv);
void acme_ethtool_stop(struct acme_priv *priv);
void acme_ethtool_start(struct acme_priv *priv);
int acme_ethtool_quiesce(struct acme_priv *priv, int port_offset);

#endif /* _ACME_H_ */

/*
 * check-name: a header with an inline wrapper around flush_work_sync
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/net/ethernet/acme/acme.h:34:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 */
