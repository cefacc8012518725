// SPDX-License-Identifier: GPL-2.0
/*
 * USB gadget controller: endpoint completion and the OTG state machine.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

struct gadget_udc {
	struct device *dev;
	unsigned int ep_done;
	struct workqueue_struct *ep_wq;
	struct workqueue_struct *otg_wq;
	struct work_struct ep_work;
	struct work_struct otg_work;
};

static void gadget_ep_work(struct work_struct *work)
{
	struct gadget_udc *udc = container_of(work, struct gadget_udc,
					      ep_work);

	udc->ep_done++;
}

static void gadget_otg_work(struct work_struct *work)
{
	struct gadget_udc *udc = container_of(work, struct gadget_udc,
					      otg_work);

	dev_dbg(udc->dev, "otg state change\n");
}

static int gadget_udc_probe(struct platform_device *pdev)
{
	struct gadget_udc *udc;

	udc = devm_kzalloc(&pdev->dev, sizeof(*udc), GFP_KERNEL);
	if (!udc)
		return -ENOMEM;
	udc->dev = &pdev->dev;
	INIT_WORK(&udc->ep_work, gadget_ep_work);
	INIT_WORK(&udc->otg_work, gadget_otg_work);

	udc->ep_wq = alloc_workqueue("udc-ep", WQ_HIGHPRI | WQ_NON_REENTRANT |
				     WQ_MEM_RECLAIM, 1);
	if (!udc->ep_wq)
		return -ENOMEM;
	udc->otg_wq = alloc_workqueue("gadget-otg-%s",
				      WQ_FREEZABLE | WQ_NON_REENTRANT |
				      WQ_MEM_RECLAIM | WQ_CPU_INTENSIVE,
				      WQ_MAX_ACTIVE, dev_name(&pdev->dev));
	if (!udc->otg_wq) {
		destroy_workqueue(udc->ep_wq);
		return -ENOMEM;
	}
	platform_set_drvdata(pdev, udc);
	return 0;
}

static int gadget_udc_remove(struct platform_device *pdev)
{
	struct gadget_udc *udc = platform_get_drvdata(pdev);

	destroy_workqueue(udc->otg_wq);
	destroy_workqueue(udc->ep_wq);
	return 0;
}

static struct platform_driver gadget_udc_driver = {
	.probe	= gadget_udc_probe,
	.remove	= gadget_udc_remove,
	.driver	= {
		.name	= "gadget-udc",
	},
};
module_platform_driver(gadget_udc_driver);

MODULE_LICENSE("GPL");

/*
 * check-name: WQ_NON_REENTRANT in the middle of multi-line flag chains
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/usb/gadget/gadget_ep.c:47:61: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
drivers/usb/gadget/gadget_ep.c:52:54: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/usb/gadget/gadget_ep.c b/drivers/usb/gadget/gadget_ep.c
--- a/drivers/usb/gadget/gadget_ep.c
+++ b/drivers/usb/gadget/gadget_ep.c
@@ -44,12 +44,11 @@ static int gadget_udc_probe(struct platform_device *pdev)
 	INIT_WORK(&udc->ep_work, gadget_ep_work);
 	INIT_WORK(&udc->otg_work, gadget_otg_work);

-	udc->ep_wq = alloc_workqueue("udc-ep", WQ_HIGHPRI | WQ_NON_REENTRANT |
-				     WQ_MEM_RECLAIM, 1);
+	udc->ep_wq = alloc_workqueue("udc-ep", WQ_HIGHPRI | WQ_MEM_RECLAIM, 1);
 	if (!udc->ep_wq)
 		return -ENOMEM;
 	udc->otg_wq = alloc_workqueue("gadget-otg-%s",
-				      WQ_FREEZABLE | WQ_NON_REENTRANT |
+				      WQ_FREEZABLE |
 				      WQ_MEM_RECLAIM | WQ_CPU_INTENSIVE,
 				      WQ_MAX_ACTIVE, dev_name(&pdev->dev));
 	if (!udc->otg_wq) {
 * check-output-end
 */
