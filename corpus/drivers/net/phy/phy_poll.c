// SPDX-License-Identifier: GPL-2.0
/*
 * PHY state polling for MACs without a link interrupt.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include "phy_poll.h"

#define PHY_POLL_INTERVAL	HZ

struct phy_poll_dev {
	struct mutex lock;
	int addr;
	int link;
	int cpu;
	struct work_struct irq_work;
	struct delayed_work state_queue;
	struct workqueue_struct *wq;
};

/*
 * Polls the link state: re-armed on system_nrt_wq every second, so that a
 * slow poll never runs twice at once.
 */
static void phy_poll_state_machine(struct work_struct *work)
{
	struct phy_poll_dev *phy = container_of(to_delayed_work(work),
						struct phy_poll_dev,
						state_queue);

	mutex_lock(&phy->lock);
	phy->link = !phy->link;
	mutex_unlock(&phy->lock);
	mod_delayed_work(system_nrt_wq, &phy->state_queue, PHY_POLL_INTERVAL);
}

static void phy_poll_irq_work(struct work_struct *work)
{
	struct phy_poll_dev *phy = container_of(work, struct phy_poll_dev,
						irq_work);

	mod_delayed_work(phy->wq, &phy->state_queue, 0);
}

void phy_poll_trigger(struct phy_poll_dev *phy)
{
	queue_work_on(phy->cpu, system_nrt_wq, &phy->irq_work);
}

struct phy_poll_dev *phy_poll_create(int addr, int cpu)
{
	struct phy_poll_dev *phy;

	phy = kzalloc(sizeof(*phy), GFP_KERNEL);
	if (!phy)
		return NULL;
	mutex_init(&phy->lock);
	phy->addr = addr;
	phy->cpu = cpu;
	phy->wq = system_nrt_wq;
	INIT_WORK(&phy->irq_work, phy_poll_irq_work);
	INIT_DELAYED_WORK(&phy->state_queue, phy_poll_state_machine);
	queue_delayed_work_on(cpu, system_nrt_wq, &phy->state_queue, 0);
	return phy;
}

void phy_poll_destroy(struct phy_poll_dev *phy)
{
	cancel_work_sync(&phy->irq_work);
	cancel_delayed_work_sync(&phy->state_queue);
	kfree(phy);
}

/*
 * check-name: system_nrt_wq in *_on() calls, mod_delayed_work, an assignment
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/net/phy/phy_poll.c:39:26: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
drivers/net/phy/phy_poll.c:47:9: note: mod_delayed_work() queues &phy->state_queue on phy->wq, but it is also queued on system_nrt_wq at drivers/net/phy/phy_poll.c:39: the one-worker guarantee holds only on one workqueue: run A, queued by phy_poll_state_machine() at drivers/net/phy/phy_poll.c:39 (the work queueing itself again) on system_nrt_wq, can still be in phy_poll_state_machine() when run B, queued by phy_poll_irq_work() here on phy->wq, starts in another worker pool; phy_poll_state_machine()'s whole body runs under mutex_lock(&phy->lock), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/net/phy/phy_poll.c:39:9: note: &phy->state_queue is queued on system_nrt_wq here, with mod_delayed_work(), by a run of the item
drivers/net/phy/phy_poll.c:52:33: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
drivers/net/phy/phy_poll.c:65:19: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
drivers/net/phy/phy_poll.c:68:36: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/net/phy/phy_poll.c b/drivers/net/phy/phy_poll.c
--- a/drivers/net/phy/phy_poll.c
+++ b/drivers/net/phy/phy_poll.c
@@ -24,7 +24,7 @@ struct phy_poll_dev {
 };

 /\*
- * Polls the link state: re-armed on system_nrt_wq every second, so that a
+ * Polls the link state: re-armed on system_wq every second, so that a
  * slow poll never runs twice at once.
  *\/
 static void phy_poll_state_machine(struct work_struct *work)
@@ -36,7 +36,7 @@ static void phy_poll_state_machine(struct work_struct *work)
 	mutex_lock(&phy->lock);
 	phy->link = !phy->link;
 	mutex_unlock(&phy->lock);
-	mod_delayed_work(system_nrt_wq, &phy->state_queue, PHY_POLL_INTERVAL);
+	mod_delayed_work(system_wq, &phy->state_queue, PHY_POLL_INTERVAL);
 }

 static void phy_poll_irq_work(struct work_struct *work)
@@ -49,7 +49,7 @@ static void phy_poll_irq_work(struct work_struct *work)

 void phy_poll_trigger(struct phy_poll_dev *phy)
 {
-	queue_work_on(phy->cpu, system_nrt_wq, &phy->irq_work);
+	queue_work_on(phy->cpu, system_wq, &phy->irq_work);
 }

 struct phy_poll_dev *phy_poll_create(int addr, int cpu)
@@ -62,10 +62,10 @@ struct phy_poll_dev *phy_poll_create(int addr, int cpu)
 	mutex_init(&phy->lock);
 	phy->addr = addr;
 	phy->cpu = cpu;
-	phy->wq = system_nrt_wq;
+	phy->wq = system_wq;
 	INIT_WORK(&phy->irq_work, phy_poll_irq_work);
 	INIT_DELAYED_WORK(&phy->state_queue, phy_poll_state_machine);
-	queue_delayed_work_on(cpu, system_nrt_wq, &phy->state_queue, 0);
+	queue_delayed_work_on(cpu, system_wq, &phy->state_queue, 0);
 	return phy;
 }

 * check-output-end
 */
