// SPDX-License-Identifier: GPL-2.0
/*
 * xhcd: root hub port status change handling.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/interrupt.h>
#include <linux/usb.h>
#include <linux/workqueue.h>
#include "xhcd_port.h"

#define XHCD_MAX_PORTS	8

struct xhcd_hcd {
	struct usb_device *root_hub;
	spinlock_t lock;
	u32 port_status[XHCD_MAX_PORTS];
	unsigned long port_change_bits;
	struct work_struct port_status_change_work;
	struct work_struct resume_work;
};

static void xhcd_port_work(struct work_struct *work)
{
	struct xhcd_hcd *hcd = container_of(work, struct xhcd_hcd,
					    port_status_change_work);
	unsigned long flags;
	int i;

	spin_lock_irqsave(&hcd->lock, flags);
	for (i = 0; i < XHCD_MAX_PORTS; i++)
		if (test_and_clear_bit(i, &hcd->port_change_bits))
			hcd->port_status[i] = 0;
	spin_unlock_irqrestore(&hcd->lock, flags);
}

static void xhcd_resume_work(struct work_struct *work)
{
	struct xhcd_hcd *hcd = container_of(work, struct xhcd_hcd,
					    resume_work);

	hcd->port_change_bits = 0;
}

static irqreturn_t xhcd_irq(int irq, void *data)
{
	struct xhcd_hcd *hcd = data;

	spin_lock(&hcd->lock);
	set_bit(0, &hcd->port_change_bits);
	spin_unlock(&hcd->lock);
	queue_work(system_nrt_wq,
		   &hcd->port_status_change_work);
	return IRQ_HANDLED;
}

int xhcd_start(struct xhcd_hcd *hcd, int irq)
{
	spin_lock_init(&hcd->lock);
	INIT_WORK(&hcd->port_status_change_work, xhcd_port_work);
	INIT_WORK(&hcd->resume_work, xhcd_resume_work);
	return request_irq(irq, xhcd_irq, IRQF_SHARED, "xhcd", hcd);
}

void xhcd_stop(struct xhcd_hcd *hcd, int irq)
{
	free_irq(irq, hcd);
	flush_work_sync(&hcd->port_status_change_work);
	cancel_work_sync(&hcd->resume_work);
}

MODULE_LICENSE("GPL");

/*
 * check-name: queue_work(system_nrt_wq) split over two lines is rejoined
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/usb/host/xhcd_port.c:54:20: warning: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]
drivers/usb/host/xhcd_port.c:70:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/usb/host/xhcd_port.c b/drivers/usb/host/xhcd_port.c
--- a/drivers/usb/host/xhcd_port.c
+++ b/drivers/usb/host/xhcd_port.c
@@ -51,8 +51,7 @@ static irqreturn_t xhcd_irq(int irq, void *data)
 	spin_lock(&hcd->lock);
 	set_bit(0, &hcd->port_change_bits);
 	spin_unlock(&hcd->lock);
-	queue_work(system_nrt_wq,
-		   &hcd->port_status_change_work);
+	schedule_work(&hcd->port_status_change_work);
 	return IRQ_HANDLED;
 }

@@ -67,7 +66,7 @@ int xhcd_start(struct xhcd_hcd *hcd, int irq)
 void xhcd_stop(struct xhcd_hcd *hcd, int irq)
 {
 	free_irq(irq, hcd);
-	flush_work_sync(&hcd->port_status_change_work);
+	flush_work(&hcd->port_status_change_work);
 	cancel_work_sync(&hcd->resume_work);
 }

 * check-output-end
 */
