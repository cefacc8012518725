// SPDX-License-Identifier: GPL-2.0
/*
 * nfsx client: delegation recall callbacks.  They must not run while
 * the system is being frozen for suspend.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "callback.h"

struct nfsx_client {
	spinlock_t cl_lock;
	unsigned long cl_recalls;
	unsigned long cl_lease_time;
	struct workqueue_struct *cl_wq;
	struct work_struct cl_recall_work;
	struct delayed_work cl_renewd;
};

static void nfsx_recall_work(struct work_struct *work)
{
	struct nfsx_client *clp = container_of(work, struct nfsx_client,
					       cl_recall_work);

	spin_lock(&clp->cl_lock);
	clp->cl_recalls++;
	spin_unlock(&clp->cl_lock);
}

static void nfsx_renew_state(struct work_struct *work)
{
	struct nfsx_client *clp = container_of(to_delayed_work(work),
					       struct nfsx_client, cl_renewd);

	queue_delayed_work(system_nrt_freezable_wq, &clp->cl_renewd,
			   clp->cl_lease_time);
}

void nfsx_recall_delegation(struct nfsx_client *clp)
{
	queue_work(system_nrt_freezable_wq, &clp->cl_recall_work);
}

struct nfsx_client *nfsx_alloc_client(unsigned long lease)
{
	struct nfsx_client *clp = kzalloc(sizeof(*clp), GFP_KERNEL);

	if (!clp)
		return NULL;
	spin_lock_init(&clp->cl_lock);
	clp->cl_lease_time = lease;
	clp->cl_wq = system_freezable_wq;
	INIT_WORK(&clp->cl_recall_work, nfsx_recall_work);
	INIT_DELAYED_WORK(&clp->cl_renewd, nfsx_renew_state);
	queue_delayed_work(clp->cl_wq, &clp->cl_renewd, lease);
	return clp;
}

void nfsx_free_client(struct nfsx_client *clp)
{
	cancel_delayed_work_sync(&clp->cl_renewd);
	flush_work(&clp->cl_recall_work);
	kfree(clp);
}

MODULE_LICENSE("GPL");

/*
 * check-name: system_nrt_freezable_wq stays a queue_*() argument
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
fs/nfsx/callback.c:38:28: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
fs/nfsx/callback.c:44:20: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/fs/nfsx/callback.c b/fs/nfsx/callback.c
--- a/fs/nfsx/callback.c
+++ b/fs/nfsx/callback.c
@@ -35,13 +35,13 @@ static void nfsx_renew_state(struct work_struct *work)
 	struct nfsx_client *clp = container_of(to_delayed_work(work),
 					       struct nfsx_client, cl_renewd);

-	queue_delayed_work(system_nrt_freezable_wq, &clp->cl_renewd,
+	queue_delayed_work(system_freezable_wq, &clp->cl_renewd,
 			   clp->cl_lease_time);
 }

 void nfsx_recall_delegation(struct nfsx_client *clp)
 {
-	queue_work(system_nrt_freezable_wq, &clp->cl_recall_work);
+	queue_work(system_freezable_wq, &clp->cl_recall_work);
 }

 struct nfsx_client *nfsx_alloc_client(unsigned long lease)
 * check-output-end
 */
