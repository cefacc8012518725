// SPDX-License-Identifier: GPL-2.0
/*
 * nrtx: a staging driver the .config does not build (CONFIG_STAGING_NRTX
 * is not set).  The scan covers it anyway.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

struct nrtx_dev {
	struct workqueue_struct *wq;
	struct work_struct rx_work;
	struct delayed_work watchdog;
	unsigned int rx_frames;
};

static struct nrtx_dev *nrtx;

static void nrtx_rx(struct work_struct *work)
{
	struct nrtx_dev *dev = container_of(work, struct nrtx_dev, rx_work);

	dev->rx_frames++;
}

static void nrtx_watchdog(struct work_struct *work)
{
	struct nrtx_dev *dev = container_of(to_delayed_work(work),
					    struct nrtx_dev, watchdog);

	queue_work(dev->wq, &dev->rx_work);
	queue_delayed_work(system_nrt_wq, &dev->watchdog, HZ);
}

static int __init nrtx_init(void)
{
	nrtx = kzalloc(sizeof(*nrtx), GFP_KERNEL);
	if (!nrtx)
		return -ENOMEM;
	nrtx->wq = create_singlethread_workqueue("nrtx");
	if (!nrtx->wq) {
		kfree(nrtx);
		return -ENOMEM;
	}
	INIT_WORK(&nrtx->rx_work, nrtx_rx);
	INIT_DELAYED_WORK(&nrtx->watchdog, nrtx_watchdog);
	queue_delayed_work(system_nrt_wq, &nrtx->watchdog, HZ);
	return 0;
}

static void __exit nrtx_exit(void)
{
	flush_delayed_work_sync(&nrtx->watchdog);
	cancel_delayed_work_sync(&nrtx->watchdog);
	flush_work_sync(&nrtx->rx_work);
	destroy_workqueue(nrtx->wq);
	kfree(nrtx);
}

module_init(nrtx_init);
module_exit(nrtx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a file the configuration does not build is scanned too
 * check-command: wqcheck scan $file
 * check-command: wqcheck scan --diff $file
 */
