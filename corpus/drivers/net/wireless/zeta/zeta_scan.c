// SPDX-License-Identifier: GPL-2.0
/*
 * Zeta 802.11n USB dongle: scan timeout and the debugfs dump.
 */
#include <linux/jiffies.h>
#include <linux/workqueue.h>
#include "zeta.h"

static void zeta_scan_timeout(struct work_struct *work)
{
	struct zeta_priv *priv = container_of(to_delayed_work(work),
					      struct zeta_priv, scan_timeout);

	cancel_delayed_work(&priv->scan_work);
}

#ifdef CONFIG_ZETA_DEBUGFS
static void zeta_debugfs_work(struct work_struct *work)
{
	struct zeta_priv *priv = container_of(work, struct zeta_priv,
					      debugfs_work);

	pr_info("zeta: %u scans\n", priv->scan_count);
}

static void zeta_debugfs_init(struct zeta_priv *priv)
{
	INIT_WORK(&priv->debugfs_work, zeta_debugfs_work);
	queue_work(system_nrt_wq, &priv->debugfs_work);
}

static void zeta_debugfs_exit(struct zeta_priv *priv)
{
	flush_work_sync(&priv->debugfs_work);
}
#else
static inline void zeta_debugfs_init(struct zeta_priv *priv)
{
}

static inline void zeta_debugfs_exit(struct zeta_priv *priv)
{
	flush_work(&priv->debugfs_work);
}
#endif /* CONFIG_ZETA_DEBUGFS */

void zeta_scan_init(struct zeta_priv *priv)
{
	INIT_DELAYED_WORK(&priv->scan_timeout, zeta_scan_timeout);
	zeta_debugfs_init(priv);
}

#if IS_ENABLED(CONFIG_PM_SLEEP)
void zeta_scan_resume(struct zeta_priv *priv)
{
	queue_delayed_work(system_nrt_wq, &priv->scan_work, HZ);
}
#endif

void zeta_scan_stop(struct zeta_priv *priv)
{
	cancel_delayed_work_sync(&priv->scan_timeout);
	flush_delayed_work_sync(&priv->scan_work);
#if IS_MODULE(CONFIG_ZETA_WLAN)
	/* the module text goes away: wait for the done work everywhere */
	flush_work_sync(&priv->scan_done_work);
#elif defined(CONFIG_SMP) && !defined(CONFIG_ZETA_DEBUGFS)
	flush_work(&priv->scan_done_work);
#else
	flush_work_sync(&priv->scan_done_work);
#endif
	zeta_debugfs_exit(priv);
}

/*
 * check-name: legacy calls in #if branches on and off in the .config
 * check-command: wqcheck scan --format=json $file
 * check-exit: 1
 * check-output-start
{
  "findings": [
    {
      "rule": "WQ003",
      "file": "drivers/net/wireless/zeta/zeta_scan.c",
      "line": 29,
      "column": 13,
      "end_line": 29,
      "end_column": 26,
      "severity": "warning",
      "message": "queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 29,
          "column": 2,
          "end_line": 29,
          "end_column": 28,
          "replacement": "schedule_work("
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "c8d0fdb631a8c366:0"
      }
    },
    {
      "rule": "WQ001",
      "file": "drivers/net/wireless/zeta/zeta_scan.c",
      "line": 34,
      "column": 2,
      "end_line": 34,
      "end_column": 17,
      "severity": "warning",
      "message": "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 34,
          "column": 2,
          "end_line": 34,
          "end_column": 17,
          "replacement": "flush_work"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "d001c9b7d8a82e92:0"
      }
    },
    {
      "rule": "WQ003",
      "file": "drivers/net/wireless/zeta/zeta_scan.c",
      "line": 56,
      "column": 21,
      "end_line": 56,
      "end_column": 34,
      "severity": "warning",
      "message": "queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 56,
          "column": 2,
          "end_line": 56,
          "end_column": 36,
          "replacement": "schedule_delayed_work("
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "4065a3eeffbdd772:0"
      }
    },
    {
      "rule": "WQ002",
      "file": "drivers/net/wireless/zeta/zeta_scan.c",
      "line": 63,
      "column": 2,
      "end_line": 63,
      "end_column": 25,
      "severity": "warning",
      "message": "flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work()",
      "fixable": true,
      "in_inactive_branch": false,
      "inactive_why": null,
      "edits": [
        {
          "line": 63,
          "column": 2,
          "end_line": 63,
          "end_column": 25,
          "replacement": "flush_delayed_work"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "39a79378ac436f6f:0"
      }
    },
    {
      "rule": "WQ001",
      "file": "drivers/net/wireless/zeta/zeta_scan.c",
      "line": 66,
      "column": 2,
      "end_line": 66,
      "end_column": 17,
      "severity": "warning",
      "message": "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work()",
      "fixable": true,
      "in_inactive_branch": false,
      "inactive_why": null,
      "edits": [
        {
          "line": 66,
          "column": 2,
          "end_line": 66,
          "end_column": 17,
          "replacement": "flush_work"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "3bcd9dce76d43f60:0"
      }
    },
    {
      "rule": "WQ001",
      "file": "drivers/net/wireless/zeta/zeta_scan.c",
      "line": 70,
      "column": 2,
      "end_line": 70,
      "end_column": 17,
      "severity": "warning",
      "message": "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 70,
          "column": 2,
          "end_line": 70,
          "end_column": 17,
          "replacement": "flush_work"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "3bcd9dce76d43f60:1"
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
diff --git a/drivers/net/wireless/zeta/zeta_scan.c b/drivers/net/wireless/zeta/zeta_scan.c
--- a/drivers/net/wireless/zeta/zeta_scan.c
+++ b/drivers/net/wireless/zeta/zeta_scan.c
@@ -26,12 +26,12 @@ static void zeta_debugfs_work(struct work_struct *work)
 static void zeta_debugfs_init(struct zeta_priv *priv)
 {
 	INIT_WORK(&priv->debugfs_work, zeta_debugfs_work);
-	queue_work(system_nrt_wq, &priv->debugfs_work);
+	schedule_work(&priv->debugfs_work);
 }

 static void zeta_debugfs_exit(struct zeta_priv *priv)
 {
-	flush_work_sync(&priv->debugfs_work);
+	flush_work(&priv->debugfs_work);
 }
 #else
 static inline void zeta_debugfs_init(struct zeta_priv *priv)
@@ -53,21 +53,21 @@ void zeta_scan_init(struct zeta_priv *priv)
 #if IS_ENABLED(CONFIG_PM_SLEEP)
 void zeta_scan_resume(struct zeta_priv *priv)
 {
-	queue_delayed_work(system_nrt_wq, &priv->scan_work, HZ);
+	schedule_delayed_work(&priv->scan_work, HZ);
 }
 #endif

 void zeta_scan_stop(struct zeta_priv *priv)
 {
 	cancel_delayed_work_sync(&priv->scan_timeout);
-	flush_delayed_work_sync(&priv->scan_work);
+	flush_delayed_work(&priv->scan_work);
 #if IS_MODULE(CONFIG_ZETA_WLAN)
 	/\* the module text goes away: wait for the done work everywhere *\/
-	flush_work_sync(&priv->scan_done_work);
+	flush_work(&priv->scan_done_work);
 #elif defined(CONFIG_SMP) && !defined(CONFIG_ZETA_DEBUGFS)
 	flush_work(&priv->scan_done_work);
 #else
-	flush_work_sync(&priv->scan_done_work);
+	flush_work(&priv->scan_done_work);
 #endif
 	zeta_debugfs_exit(priv);
 }
 * check-output-end
 *
 * check-command: wqcheck scan --clang=always $file
 * check-exit: 1
 * check-output-start
drivers/net/wireless/zeta/zeta_scan.c:29:20: warning: queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() (in an #if branch this configuration does not build) [WQ003]
drivers/net/wireless/zeta/zeta_scan.c:34:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() (in an #if branch this configuration does not build) [WQ001]
drivers/net/wireless/zeta/zeta_scan.c:56:28: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() (in an #if branch this configuration does not build) [WQ003]
drivers/net/wireless/zeta/zeta_scan.c:63:9: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
drivers/net/wireless/zeta/zeta_scan.c:66:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
drivers/net/wireless/zeta/zeta_scan.c:70:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() (in an #if branch this configuration does not build) [WQ001]
 * check-output-end
 */
