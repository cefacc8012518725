// SPDX-License-Identifier: GPL-2.0
/*
 * scx: asynchronous bus scanning for a small SCSI-like transport.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include "scx_scan.h"

struct scx_scan_req {
	struct work_struct work;
	unsigned int channel;
	int result;
};

/* How a caller waits for its scan: by flushing the request's work. */
struct scx_wait_ops {
	bool (*flush)(struct work_struct *work);
};

static const struct scx_wait_ops scx_sync_wait = {
	.flush	= flush_work_sync,
};

static DEFINE_MUTEX(scx_scan_mutex);
static unsigned int scx_nr_targets;

static void scx_rescan_all(struct work_struct *work);
static void scx_reap_targets(struct work_struct *work);
static void scx_announce(struct work_struct *work);

static DECLARE_DELAYED_WORK(scx_rescan_work, scx_rescan_all);
static DECLARE_DEFERRED_WORK(scx_reap_work, scx_reap_targets);
static DECLARE_WORK(scx_announce_work, scx_announce);

static void scx_scan_channel(struct work_struct *work)
{
	struct scx_scan_req *req = container_of(work, struct scx_scan_req,
						work);

	mutex_lock(&scx_scan_mutex);
	scx_nr_targets += req->channel;
	mutex_unlock(&scx_scan_mutex);
	req->result = 0;
}

static void scx_rescan_all(struct work_struct *work)
{
	schedule_work(&scx_announce_work);
}

static void scx_reap_targets(struct work_struct *work)
{
	mutex_lock(&scx_scan_mutex);
	scx_nr_targets = 0;
	mutex_unlock(&scx_scan_mutex);
}

static void scx_announce(struct work_struct *work)
{
	pr_info("scx: %u targets\n", scx_nr_targets);
}

int scx_scan_sync(unsigned int channel)
{
	struct scx_scan_req req;

	INIT_WORK_ONSTACK(&req.work, scx_scan_channel);
	req.channel = channel;
	req.result = -EAGAIN;
	schedule_work(&req.work);
	flush_work_sync(&req.work);
	return req.result;
}

void scx_scan_async(struct scx_scan_req *req)
{
	__INIT_WORK(&req->work, scx_scan_channel, 0);
	PREPARE_WORK(&req->work, scx_scan_channel);
	schedule_work(&req->work);
	scx_sync_wait.flush(&req->work);
}

static int __init scx_init(void)
{
	schedule_delayed_work(&scx_rescan_work, HZ);
	schedule_delayed_work(&scx_reap_work, 60 * HZ);
	return 0;
}

static void __exit scx_exit(void)
{
	cancel_delayed_work_sync(&scx_reap_work);
	flush_delayed_work_sync(&scx_rescan_work);
	flush_work(&scx_announce_work);
}

module_init(scx_init);
module_exit(scx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: on-stack and static work items, flush_work_sync as a value
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/scsi/scx_scan.c:24:19: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
drivers/scsi/scx_scan.c:74:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
drivers/scsi/scx_scan.c:96:9: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/scsi/scx_scan.c b/drivers/scsi/scx_scan.c
--- a/drivers/scsi/scx_scan.c
+++ b/drivers/scsi/scx_scan.c
@@ -21,7 +21,7 @@ struct scx_wait_ops {
 };

 static const struct scx_wait_ops scx_sync_wait = {
-	.flush	= flush_work_sync,
+	.flush	= flush_work,
 };

 static DEFINE_MUTEX(scx_scan_mutex);
@@ -71,7 +71,7 @@ int scx_scan_sync(unsigned int channel)
 	req.channel = channel;
 	req.result = -EAGAIN;
 	schedule_work(&req.work);
-	flush_work_sync(&req.work);
+	flush_work(&req.work);
 	return req.result;
 }

@@ -93,7 +93,7 @@ static int __init scx_init(void)
 static void __exit scx_exit(void)
 {
 	cancel_delayed_work_sync(&scx_reap_work);
-	flush_delayed_work_sync(&scx_rescan_work);
+	flush_delayed_work(&scx_rescan_work);
 	flush_work(&scx_announce_work);
 }

 * check-output-end
 */
