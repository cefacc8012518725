// SPDX-License-Identifier: GPL-2.0
/*
 * CAN bus controller core: error-state recovery work.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/netdevice.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "canbus_core.h"

/* Bus-off recovery must never run twice at once for one controller. */
#define CANBUS_WQ_FLAGS		(WQ_MEM_RECLAIM | WQ_NON_REENTRANT)

struct canbus_priv {
	struct net_device *ndev;
	spinlock_t lock;
	unsigned int berr_counter;
	struct work_struct restart_work;
};

static struct workqueue_struct *canbus_wq;

static void canbus_restart(struct work_struct *work)
{
	struct canbus_priv *priv = container_of(work, struct canbus_priv,
						restart_work);

	spin_lock_bh(&priv->lock);
	priv->berr_counter = 0;
	spin_unlock_bh(&priv->lock);
	netif_carrier_on(priv->ndev);
}

void canbus_bus_off(struct canbus_priv *priv)
{
	netif_carrier_off(priv->ndev);
	queue_work(canbus_wq, &priv->restart_work);
}

void canbus_setup(struct canbus_priv *priv)
{
	spin_lock_init(&priv->lock);
	INIT_WORK(&priv->restart_work, canbus_restart);
}

static int __init canbus_init(void)
{
	canbus_wq = alloc_workqueue("canbus", CANBUS_WQ_FLAGS, 0);
	return canbus_wq ? 0 : -ENOMEM;
}

static void __exit canbus_exit(void)
{
	destroy_workqueue(canbus_wq);
}

module_init(canbus_init);
module_exit(canbus_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: WQ_NON_REENTRANT last in a chain inside a #define
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/net/can/canbus_core.c:13:51: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/net/can/canbus_core.c b/drivers/net/can/canbus_core.c
--- a/drivers/net/can/canbus_core.c
+++ b/drivers/net/can/canbus_core.c
@@ -10,7 +10,7 @@
 #include "canbus_core.h"

 /\* Bus-off recovery must never run twice at once for one controller. *\/
-#define CANBUS_WQ_FLAGS		(WQ_MEM_RECLAIM | WQ_NON_REENTRANT)
+#define CANBUS_WQ_FLAGS		(WQ_MEM_RECLAIM)

 struct canbus_priv {
 	struct net_device *ndev;
 * check-output-end
 */
