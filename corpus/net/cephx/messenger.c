// SPDX-License-Identifier: GPL-2.0
/*
 * cephx messenger: connection state machine driven from a workqueue.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include "messenger.h"

struct cephx_connection {
	struct mutex mutex;
	unsigned long state;
	unsigned long delay;
	struct delayed_work work;
};

static struct workqueue_struct *cephx_msgr_wq;

static void cephx_con_work(struct work_struct *work)
{
	struct cephx_connection *con = container_of(work,
						    struct cephx_connection,
						    work.work);

	mutex_lock(&con->mutex);
	con->state++;
	mutex_unlock(&con->mutex);
}

int cephx_queue_con(struct cephx_connection *con)
{
	if (!queue_delayed_work(cephx_msgr_wq, &con->work, con->delay))
		return -EBUSY;
	return 0;
}

void cephx_con_init(struct cephx_connection *con)
{
	mutex_init(&con->mutex);
	INIT_DELAYED_WORK(&con->work, cephx_con_work);
}

void cephx_con_close(struct cephx_connection *con)
{
	cancel_delayed_work(&con->work);
	flush_delayed_work(&con->work);
}

int cephx_msgr_init(void)
{
	cephx_msgr_wq = alloc_workqueue("cephx-msgr", WQ_NON_REENTRANT, 0);
	if (cephx_msgr_wq)
		return 0;
	pr_err("msgr_init failed to create workqueue\n");
	return -ENOMEM;
}

void cephx_msgr_exit(void)
{
	destroy_workqueue(cephx_msgr_wq);
}

MODULE_LICENSE("GPL");

/*
 * check-name: WQ_NON_REENTRANT alone in the messenger workqueue flags
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
net/cephx/messenger.c:53:55: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/net/cephx/messenger.c b/net/cephx/messenger.c
--- a/net/cephx/messenger.c
+++ b/net/cephx/messenger.c
@@ -50,7 +50,7 @@ void cephx_con_close(struct cephx_connection *con)

 int cephx_msgr_init(void)
 {
-	cephx_msgr_wq = alloc_workqueue("cephx-msgr", WQ_NON_REENTRANT, 0);
+	cephx_msgr_wq = alloc_workqueue("cephx-msgr", 0, 0);
 	if (cephx_msgr_wq)
 		return 0;
 	pr_err("msgr_init failed to create workqueue\n");
 * check-output-end
 */
