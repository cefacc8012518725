// SPDX-License-Identifier: GPL-2.0
/*
 * vidx display controller: hotplug and vblank interrupt bottom halves.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "vidx_irq.h"

struct vidx_device {
	spinlock_t irq_lock;
	unsigned int hotplug_connector_mask;
	unsigned long vblank_count;
	struct work_struct hotplug_work;
	struct delayed_work output_poll_work;
};

static void vidx_hotplug_work_func(struct work_struct *work)
{
	struct vidx_device *vdev = container_of(work, struct vidx_device,
						hotplug_work);

	spin_lock_irq(&vdev->irq_lock);
	vdev->hotplug_connector_mask = 0;
	spin_unlock_irq(&vdev->irq_lock);
}

static void vidx_output_poll(struct work_struct *work)
{
	struct vidx_device *vdev = container_of(to_delayed_work(work),
						struct vidx_device,
						output_poll_work);

	vdev->vblank_count++;
}

static struct work_struct *vidx_pick_work(struct vidx_device *vdev,
					  unsigned int mask, int irq)
{
	if (mask || irq < 0)
		return &vdev->hotplug_work;
	return &vdev->output_poll_work.work;
}

static irqreturn_t vidx_irq_handler(int irq, void *arg)
{
	struct vidx_device *vdev = arg;
	int queued;

	spin_lock(&vdev->irq_lock);
	vdev->hotplug_connector_mask |= 1;
	spin_unlock(&vdev->irq_lock);
	queued = queue_work(system_nrt_wq,
			    vidx_pick_work(vdev, vdev->hotplug_connector_mask,
					   irq));
	return queued ? IRQ_HANDLED : IRQ_NONE;
}

int vidx_irq_install(struct vidx_device *vdev, int irq)
{
	spin_lock_init(&vdev->irq_lock);
	INIT_WORK(&vdev->hotplug_work, vidx_hotplug_work_func);
	INIT_DELAYED_WORK(&vdev->output_poll_work, vidx_output_poll);
	return request_irq(irq, vidx_irq_handler, 0, "vidx", vdev);
}

void vidx_irq_uninstall(struct vidx_device *vdev, int irq)
{
	free_irq(irq, vdev);
	cancel_work_sync(&vdev->hotplug_work);
	cancel_delayed_work_sync(&vdev->output_poll_work);
}

MODULE_LICENSE("GPL");

/*
 * check-name: queue_work(system_nrt_wq) too long to rejoin, realigned
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/gpu/drm/vidx/vidx_irq.c:55:29: warning: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/gpu/drm/vidx/vidx_irq.c b/drivers/gpu/drm/vidx/vidx_irq.c
--- a/drivers/gpu/drm/vidx/vidx_irq.c
+++ b/drivers/gpu/drm/vidx/vidx_irq.c
@@ -52,9 +52,8 @@ static irqreturn_t vidx_irq_handler(int irq, void *arg)
 	spin_lock(&vdev->irq_lock);
 	vdev->hotplug_connector_mask |= 1;
 	spin_unlock(&vdev->irq_lock);
-	queued = queue_work(system_nrt_wq,
-			    vidx_pick_work(vdev, vdev->hotplug_connector_mask,
-					   irq));
+	queued = schedule_work(vidx_pick_work(vdev, vdev->hotplug_connector_mask,
+					      irq));
 	return queued ? IRQ_HANDLED : IRQ_NONE;
 }

 * check-output-end
 */
