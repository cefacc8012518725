// SPDX-License-Identifier: GPL-2.0
/*
 * netpoll-like transmit retry for consoles over the network.
 */
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/netdevice.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "netpoll_x.h"

struct netpoll_info {
	struct net_device *dev;
	spinlock_t rx_lock;
	unsigned int tries;
	bool atomic_ctx;
	struct delayed_work tx_work;
	struct work_struct cleanup_work;
};

static void netpoll_tx_retry(struct work_struct *work)
{
	struct netpoll_info *npinfo = container_of(to_delayed_work(work),
						   struct netpoll_info,
						   tx_work);

	if (npinfo->tries--)
		queue_delayed_work(system_nrt_wq, &npinfo->tx_work, HZ / 10);
}

static void netpoll_cleanup_work(struct work_struct *work)
{
	struct netpoll_info *npinfo = container_of(work, struct netpoll_info,
						   cleanup_work);

	npinfo->tries = 0;
}

void netpoll_setup(struct netpoll_info *npinfo)
{
	spin_lock_init(&npinfo->rx_lock);
	INIT_DELAYED_WORK(&npinfo->tx_work, netpoll_tx_retry);
	INIT_WORK(&npinfo->cleanup_work, netpoll_cleanup_work);
}

void netpoll_cleanup(struct netpoll_info *npinfo)
{
	struct workqueue_struct *wq = npinfo->atomic_ctx ? system_nrt_wq
							 : system_long_wq;

	/* callers that passed system_nrt_wq still expect one run at a time */
	queue_work(wq, &npinfo->cleanup_work);
	cancel_delayed_work_sync(&npinfo->tx_work);
}

/*
 * check-name: system_nrt_wq in a ternary; a comment above an unconverted call
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
net/core/netpoll_x.c:28:36: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
net/core/netpoll_x.c:48:60: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/net/core/netpoll_x.c b/net/core/netpoll_x.c
--- a/net/core/netpoll_x.c
+++ b/net/core/netpoll_x.c
@@ -25,7 +25,7 @@ static void netpoll_tx_retry(struct work_struct *work)
 						   tx_work);

 	if (npinfo->tries--)
-		queue_delayed_work(system_nrt_wq, &npinfo->tx_work, HZ / 10);
+		schedule_delayed_work(&npinfo->tx_work, HZ / 10);
 }

 static void netpoll_cleanup_work(struct work_struct *work)
@@ -45,7 +45,7 @@ void netpoll_setup(struct netpoll_info *npinfo)

 void netpoll_cleanup(struct netpoll_info *npinfo)
 {
-	struct workqueue_struct *wq = npinfo->atomic_ctx ? system_nrt_wq
+	struct workqueue_struct *wq = npinfo->atomic_ctx ? system_wq
 							 : system_long_wq;

 	/\* callers that passed system_nrt_wq still expect one run at a time *\/
 * check-output-end
 */
