// SPDX-License-Identifier: GPL-2.0
/*
 * hidx: report dispatch for a family of HID devices with a slow
 * output endpoint.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/usb.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "hidx_core.h"

struct hidx_device {
	struct usb_interface *intf;
	spinlock_t outlock;
	unsigned int outhead, outtail;
	struct work_struct out_work;
	struct work_struct led_work;
};

/*
 * Kick the output worker.  system_nrt_wq keeps one report in flight per
 * device even if the interrupt moves between CPUs.
 */
#define hidx_kick_output(hdev)						\
	do {								\
		if ((hdev)->outhead != (hdev)->outtail)			\
			queue_work(system_nrt_wq,			\
				   &(hdev)->out_work);			\
	} while (0)

#define hidx_stop_output(hdev)						\
	do {								\
		flush_work_sync(&(hdev)->out_work);			\
		flush_work_sync(&(hdev)->led_work);			\
	} while (0)

static void hidx_out_work(struct work_struct *work)
{
	struct hidx_device *hdev = container_of(work, struct hidx_device,
						out_work);

	spin_lock_irq(&hdev->outlock);
	hdev->outtail = hdev->outhead;
	spin_unlock_irq(&hdev->outlock);
}

static void hidx_led_work(struct work_struct *work)
{
	struct hidx_device *hdev = container_of(work, struct hidx_device,
						led_work);

	hidx_kick_output(hdev);
}

void hidx_output_report(struct hidx_device *hdev)
{
	spin_lock_irq(&hdev->outlock);
	hdev->outhead++;
	spin_unlock_irq(&hdev->outlock);
	hidx_kick_output(hdev);
}

static int hidx_probe(struct usb_interface *intf,
		      const struct usb_device_id *id)
{
	struct hidx_device *hdev = kzalloc(sizeof(*hdev), GFP_KERNEL);

	if (!hdev)
		return -ENOMEM;
	hdev->intf = intf;
	spin_lock_init(&hdev->outlock);
	INIT_WORK(&hdev->out_work, hidx_out_work);
	INIT_WORK(&hdev->led_work, hidx_led_work);
	usb_set_intfdata(intf, hdev);
	return 0;
}

static void hidx_disconnect(struct usb_interface *intf)
{
	struct hidx_device *hdev = usb_get_intfdata(intf);

	hidx_stop_output(hdev);
	kfree(hdev);
}

static struct usb_driver hidx_driver = {
	.name		= "hidx",
	.probe		= hidx_probe,
	.disconnect	= hidx_disconnect,
};

static int __init hidx_init(void)
{
	return usb_register(&hidx_driver);
}

static void __exit hidx_exit(void)
{
	usb_deregister(&hidx_driver);
}

module_init(hidx_init);
module_exit(hidx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: legacy calls in multi-line macro bodies with backslashes
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/hid/hidx-core.c:29:36: warning: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]
drivers/hid/hidx-core.c:35:17: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
drivers/hid/hidx-core.c:36:17: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/hid/hidx-core.c b/drivers/hid/hidx-core.c
--- a/drivers/hid/hidx-core.c
+++ b/drivers/hid/hidx-core.c
@@ -26,14 +26,13 @@ struct hidx_device {
 #define hidx_kick_output(hdev)						\
 	do {								\
 		if ((hdev)->outhead != (hdev)->outtail)			\
-			queue_work(system_nrt_wq,			\
-				   &(hdev)->out_work);			\
+			schedule_work(&(hdev)->out_work);		\
 	} while (0)

 #define hidx_stop_output(hdev)						\
 	do {								\
-		flush_work_sync(&(hdev)->out_work);			\
-		flush_work_sync(&(hdev)->led_work);			\
+		flush_work(&(hdev)->out_work);				\
+		flush_work(&(hdev)->led_work);				\
 	} while (0)

 static void hidx_out_work(struct work_struct *work)
 * check-output-end
 */
