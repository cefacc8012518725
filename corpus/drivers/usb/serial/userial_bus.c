// SPDX-License-Identifier: GPL-2.0
/*
 * USB serial: bus glue, port softint and write wakeups.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/usb.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "userial_bus.h"

struct userial_port {
	struct usb_interface *intf;
	spinlock_t lock;
	unsigned int write_urbs_free;
	struct work_struct work;
	struct delayed_work unthrottle_work;
};

static void userial_port_softint(struct work_struct *work)
{
	struct userial_port *port = container_of(work, struct userial_port,
						 work);

	spin_lock_bh(&port->lock);
	port->write_urbs_free++;
	spin_unlock_bh(&port->lock);
}

static void userial_unthrottle(struct work_struct *work)
{
	struct userial_port *port = container_of(to_delayed_work(work),
						 struct userial_port,
						 unthrottle_work);

	schedule_work(&port->work);
}

void userial_write_done(struct userial_port *port)
{
	queue_work(system_nrt_wq,	/* system_nrt_wq: one at a time */
		   &port->work);
}

void userial_throttle(struct userial_port *port, unsigned long delay)
{
	/* unthrottle on system_nrt_wq */
	queue_delayed_work(system_nrt_wq, &port->unthrottle_work, delay);
}

static int userial_probe(struct usb_interface *intf,
			 const struct usb_device_id *id)
{
	struct userial_port *port = kzalloc(sizeof(*port), GFP_KERNEL);

	if (!port)
		return -ENOMEM;
	port->intf = intf;
	spin_lock_init(&port->lock);
	INIT_WORK(&port->work, userial_port_softint);
	INIT_DELAYED_WORK(&port->unthrottle_work, userial_unthrottle);
	usb_set_intfdata(intf, port);
	return 0;
}

static void userial_disconnect(struct usb_interface *intf)
{
	struct userial_port *port = usb_get_intfdata(intf);

	cancel_delayed_work_sync(&port->unthrottle_work);
	cancel_work_sync(&port->work);
	kfree(port);
}

static struct usb_driver userial_driver = {
	.name		= "userial",
	.probe		= userial_probe,
	.disconnect	= userial_disconnect,
};

static int __init userial_init(void)
{
	return usb_register(&userial_driver);
}

static void __exit userial_exit(void)
{
	usb_deregister(&userial_driver);
}

module_init(userial_init);
module_exit(userial_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: comments naming system_nrt_wq in and above converted calls
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/usb/serial/userial_bus.c:42:9: note: queue_work() queues &port->work on system_nrt_wq, but it is also queued on system_wq (schedule_work() queues there) at drivers/usb/serial/userial_bus.c:37: kernel/workqueue.c allocates system_nrt_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by userial_unthrottle() at drivers/usb/serial/userial_bus.c:37 on system_wq, can still be in userial_port_softint() when run B, queued by userial_write_done() here on system_nrt_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); userial_port_softint()'s whole body runs under spin_lock_bh(&port->lock), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/usb/serial/userial_bus.c:37:9: note: &port->work is queued on system_wq (schedule_work() queues there) here, with schedule_work()
drivers/usb/serial/userial_bus.c:42:20: warning: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]
drivers/usb/serial/userial_bus.c:49:28: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/usb/serial/userial_bus.c b/drivers/usb/serial/userial_bus.c
--- a/drivers/usb/serial/userial_bus.c
+++ b/drivers/usb/serial/userial_bus.c
@@ -39,14 +39,13 @@ static void userial_unthrottle(struct work_struct *work)

 void userial_write_done(struct userial_port *port)
 {
-	queue_work(system_nrt_wq,	/\* system_nrt_wq: one at a time *\/
-		   &port->work);
+	schedule_work(&port->work);	/\* system_wq: one at a time *\/
 }

 void userial_throttle(struct userial_port *port, unsigned long delay)
 {
-	/\* unthrottle on system_nrt_wq *\/
-	queue_delayed_work(system_nrt_wq, &port->unthrottle_work, delay);
+	/\* unthrottle on system_wq *\/
+	schedule_delayed_work(&port->unthrottle_work, delay);
 }

 static int userial_probe(struct usb_interface *intf,
 * check-output-end
 */
