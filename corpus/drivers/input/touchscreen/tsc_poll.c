// SPDX-License-Identifier: GPL-2.0
/*
 * Polled resistive touchscreen controller.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#define TSC_POLL_MS	20

struct tsc_poll {
	struct device *dev;
	struct mutex lock;
	int x, y, pressure;
	bool suspended;
	struct delayed_work poll_work;
};

static void tsc_poll_work(struct work_struct *work)
{
	struct tsc_poll *ts = container_of(to_delayed_work(work),
					   struct tsc_poll, poll_work);

	mutex_lock(&ts->lock);
	ts->pressure = ts->x ^ ts->y;
	mutex_unlock(&ts->lock);
	if (!ts->suspended)
		schedule_delayed_work(&ts->poll_work,
				      msecs_to_jiffies(TSC_POLL_MS));
}

#ifdef CONFIG_PM_SLEEP
static int tsc_poll_suspend(struct device *dev)
{
	struct tsc_poll *ts = dev_get_drvdata(dev);

	ts->suspended = true;
	flush_delayed_work_sync(&ts->poll_work);
	return 0;
}

static int tsc_poll_resume(struct device *dev)
{
	struct tsc_poll *ts = dev_get_drvdata(dev);

	ts->suspended = false;
	queue_delayed_work(system_nrt_freezable_wq, &ts->poll_work, 0);
	return 0;
}
#endif

static SIMPLE_DEV_PM_OPS(tsc_poll_pm, tsc_poll_suspend, tsc_poll_resume);

static int tsc_poll_probe(struct platform_device *pdev)
{
	struct tsc_poll *ts;

	ts = devm_kzalloc(&pdev->dev, sizeof(*ts), GFP_KERNEL);
	if (!ts)
		return -ENOMEM;
	ts->dev = &pdev->dev;
	mutex_init(&ts->lock);
	INIT_DELAYED_WORK(&ts->poll_work, tsc_poll_work);
	platform_set_drvdata(pdev, ts);
	schedule_delayed_work(&ts->poll_work, 0);
	return 0;
}

static int tsc_poll_remove(struct platform_device *pdev)
{
	struct tsc_poll *ts = platform_get_drvdata(pdev);

	ts->suspended = true;
	cancel_delayed_work_sync(&ts->poll_work);
	return 0;
}

static struct platform_driver tsc_poll_driver = {
	.probe	= tsc_poll_probe,
	.remove	= tsc_poll_remove,
	.driver	= {
		.name	= "tsc-poll",
		.pm	= &tsc_poll_pm,
	},
};
module_platform_driver(tsc_poll_driver);

MODULE_LICENSE("GPL");

/*
 * check-name: suspend/resume under CONFIG_PM_SLEEP, which is off
 * check-command: wqcheck scan --format=json $file
 * check-exit: 1
 * check-output-start
{
  "findings": [
    {
      "rule": "WQ002",
      "file": "drivers/input/touchscreen/tsc_poll.c",
      "line": 42,
      "column": 2,
      "end_line": 42,
      "end_column": 25,
      "severity": "warning",
      "message": "flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 42,
          "column": 2,
          "end_line": 42,
          "end_column": 25,
          "replacement": "flush_delayed_work"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "09eb150fba74198a:0"
      }
    },
    {
      "rule": "WQ014",
      "file": "drivers/input/touchscreen/tsc_poll.c",
      "line": 51,
      "column": 2,
      "end_line": 51,
      "end_column": 20,
      "severity": "note",
      "message": "queue_delayed_work() queues &ts->poll_work on system_nrt_freezable_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/input/touchscreen/tsc_poll.c:32: kernel/workqueue.c allocates system_nrt_freezable_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by tsc_poll_work() at drivers/input/touchscreen/tsc_poll.c:32 (the work queueing itself again) on system_wq, can still be in tsc_poll_work() when run B, queued by tsc_poll_resume() here on system_nrt_freezable_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); tsc_poll_work()'s whole body runs under mutex_lock(&ts->lock), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue",
      "fixable": false,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [],
      "fingerprints": {
        "wqcheck/v1": "2b59bfc028ce96c8:0"
      },
      "evidence": [
        {
          "file": "drivers/input/touchscreen/tsc_poll.c",
          "line": 32,
          "column": 3,
          "message": "&ts->poll_work is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item"
        }
      ]
    },
    {
      "rule": "WQ004",
      "file": "drivers/input/touchscreen/tsc_poll.c",
      "line": 51,
      "column": 21,
      "end_line": 51,
      "end_column": 44,
      "severity": "warning",
      "message": "system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 51,
          "column": 21,
          "end_line": 51,
          "end_column": 44,
          "replacement": "system_freezable_wq"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "e288535420f3c64b:0"
      }
    }
  ],
  "files_read": 1,
  "files_parsed_with_libclang": 0,
  "files_failed": [],
  "files_scanned": 1,
  "files_parsed": 0,
  "era": {
    "name": "legacy",
    "source": "include/linux/workqueue.h",
    "from_header": true,
    "names": [
      "INIT_DELAYED_WORK_DEFERRABLE",
      "INIT_DEFERRABLE_WORK",
      "WQ_NON_REENTRANT",
      "WQ_UNBOUND",
      "system_wq",
      "system_nrt_wq",
      "system_unbound_wq",
      "system_nrt_freezable_wq",
      "alloc_workqueue",
      "alloc_ordered_workqueue",
      "mod_delayed_work_on",
      "flush_work_sync",
      "flush_delayed_work_sync"
    ],
    "core_non_reentrant": true,
    "core_source": "kernel/workqueue.c no longer tests WQ_NON_REENTRANT"
  }
}
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/input/touchscreen/tsc_poll.c b/drivers/input/touchscreen/tsc_poll.c
--- a/drivers/input/touchscreen/tsc_poll.c
+++ b/drivers/input/touchscreen/tsc_poll.c
@@ -39,7 +39,7 @@ static int tsc_poll_suspend(struct device *dev)
 	struct tsc_poll *ts = dev_get_drvdata(dev);

 	ts->suspended = true;
-	flush_delayed_work_sync(&ts->poll_work);
+	flush_delayed_work(&ts->poll_work);
 	return 0;
 }

@@ -48,7 +48,7 @@ static int tsc_poll_resume(struct device *dev)
 	struct tsc_poll *ts = dev_get_drvdata(dev);

 	ts->suspended = false;
-	queue_delayed_work(system_nrt_freezable_wq, &ts->poll_work, 0);
+	queue_delayed_work(system_freezable_wq, &ts->poll_work, 0);
 	return 0;
 }
 #endif
 * check-output-end
 */
