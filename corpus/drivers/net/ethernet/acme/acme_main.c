// SPDX-License-Identifier: GPL-2.0
/*
 * Acme 10/100 Ethernet driver: probe, remove, interrupt and reset path.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/interrupt.h>
#include <linux/platform_device.h>
#include <linux/workqueue.h>
#include "acme.h"

static void acme_reset_work(struct work_struct *work)
{
	struct acme_priv *priv = container_of(work, struct acme_priv,
					      reset_work);
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	priv->tx_head = 0;
	priv->tx_tail = 0;
	spin_unlock_irqrestore(&priv->lock, flags);
	netif_wake_queue(priv->ndev);
}

static void acme_tx_work(struct work_struct *work)
{
	struct acme_priv *priv = container_of(work, struct acme_priv, tx_work);

	spin_lock_bh(&priv->lock);
	while (priv->tx_tail != priv->tx_head)
		priv->tx_tail = (priv->tx_tail + 1) % ACME_TX_RING;
	spin_unlock_bh(&priv->lock);
}

static void acme_tx_timeout(struct net_device *ndev)
{
	struct acme_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	/*
	 * Reset from process context.  system_nrt_wq so that a second
	 * timeout cannot start a reset while one runs on another CPU.
	 */
	queue_work(system_nrt_wq, &priv->reset_work);
}

static irqreturn_t acme_interrupt(int irq, void *dev_id)
{
	struct acme_priv *priv = dev_id;

	acme_kick_tx(priv);
	return IRQ_HANDLED;
}

static const struct net_device_ops acme_netdev_ops = {
	.ndo_tx_timeout		= acme_tx_timeout,
};

static int acme_probe(struct platform_device *pdev)
{
	struct net_device *ndev;
	struct acme_priv *priv;
	int irq, err;

	ndev = alloc_etherdev(sizeof(*priv));
	if (!ndev)
		return -ENOMEM;
	priv = netdev_priv(ndev);
	priv->ndev = ndev;
	ndev->netdev_ops = &acme_netdev_ops;
	spin_lock_init(&priv->lock);
	INIT_WORK(&priv->reset_work, acme_reset_work);
	INIT_WORK(&priv->tx_work, acme_tx_work);

	err = acme_wq_init(priv, pdev->name);
	if (err)
		goto err_free;

	irq = platform_get_irq(pdev, 0);
	err = request_irq(irq, acme_interrupt, IRQF_SHARED, "acme", priv);
	if (err)
		goto err_wq;
	ndev->irq = irq;

	err = register_netdev(ndev);
	if (err)
		goto err_irq;
	platform_set_drvdata(pdev, ndev);
	return 0;

err_irq:
	free_irq(irq, priv);
err_wq:
	acme_wq_exit(priv);
err_free:
	free_netdev(ndev);
	return err;
}

static int acme_remove(struct platform_device *pdev)
{
	struct net_device *ndev = platform_get_drvdata(pdev);
	struct acme_priv *priv = netdev_priv(ndev);

	unregister_netdev(ndev);
	free_irq(ndev->irq, priv);
	acme_sync_tx(priv);
	flush_work_sync(&priv->reset_work);
	acme_ethtool_stop(priv);
	acme_wq_exit(priv);
	free_netdev(ndev);
	return 0;
}

static struct platform_driver acme_driver = {
	.probe	= acme_probe,
	.remove	= acme_remove,
	.driver	= {
		.name	= "acme-eth",
	},
};
module_platform_driver(acme_driver);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Acme 10/100 Ethernet driver");

/*
 * check-name: flush_work_sync in remove, queue_work on system_nrt_wq with a comment above
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/net/ethernet/acme/acme_main.c:45:20: warning: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]
drivers/net/ethernet/acme/acme_main.c:109:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/net/ethernet/acme/acme_main.c b/drivers/net/ethernet/acme/acme_main.c
--- a/drivers/net/ethernet/acme/acme_main.c
+++ b/drivers/net/ethernet/acme/acme_main.c
@@ -39,10 +39,10 @@ static void acme_tx_timeout(struct net_device *ndev)

 	netif_stop_queue(ndev);
 	/\*
-	 * Reset from process context.  system_nrt_wq so that a second
+	 * Reset from process context.  system_wq so that a second
 	 * timeout cannot start a reset while one runs on another CPU.
 	 *\/
-	queue_work(system_nrt_wq, &priv->reset_work);
+	schedule_work(&priv->reset_work);
 }

 static irqreturn_t acme_interrupt(int irq, void *dev_id)
@@ -106,7 +106,7 @@ static int acme_remove(struct platform_device *pdev)
 	unregister_netdev(ndev);
 	free_irq(ndev->irq, priv);
 	acme_sync_tx(priv);
-	flush_work_sync(&priv->reset_work);
+	flush_work(&priv->reset_work);
 	acme_ethtool_stop(priv);
 	acme_wq_exit(priv);
 	free_netdev(ndev);
 * check-output-end
 *
 * check-command: wqcheck scan --format=report $file
 * check-exit: 1
 * check-output-start
drivers/net/ethernet/acme/acme_main.c:45:12-25: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]
drivers/net/ethernet/acme/acme_main.c:109:1-16: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --rules=WQ001 $file
 * check-exit: 1
 * check-output-start
drivers/net/ethernet/acme/acme_main.c:109:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --rules=WQ004,WQ005 $file
 * check-exit: 0
 */
