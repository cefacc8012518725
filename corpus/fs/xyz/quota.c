// SPDX-License-Identifier: GPL-2.0
/*
 * xyz filesystem: quota accounting (CONFIG_XYZ_QUOTA, off in .config).
 */
#include <linux/jiffies.h>
#include <linux/workqueue.h>
#include "xyz.h"

#ifdef CONFIG_XYZ_QUOTA
static void xyz_quota_work(struct work_struct *work)
{
	struct xyz_sb_info *sbi = container_of(work, struct xyz_sb_info,
					       quota_work);

	sbi->dirty |= 1;
}

static void xyz_quota_sync(struct work_struct *work)
{
	struct xyz_sb_info *sbi = container_of(to_delayed_work(work),
					       struct xyz_sb_info, quota_sync);

	queue_work(sbi->sync_wq, &sbi->quota_work);
	queue_delayed_work(system_nrt_wq, &sbi->quota_sync, 30 * HZ);
}

void xyz_quota_init(struct xyz_sb_info *sbi)
{
	INIT_WORK(&sbi->quota_work, xyz_quota_work);
	INIT_DELAYED_WORK(&sbi->quota_sync, xyz_quota_sync);
	queue_delayed_work(system_nrt_wq, &sbi->quota_sync, 30 * HZ);
}

void xyz_quota_exit(struct xyz_sb_info *sbi)
{
	flush_delayed_work_sync(&sbi->quota_sync);
	cancel_delayed_work_sync(&sbi->quota_sync);
	flush_work_sync(&sbi->quota_work);
}
#else /* !CONFIG_XYZ_QUOTA */
void xyz_quota_init(struct xyz_sb_info *sbi)
{
}

void xyz_quota_exit(struct xyz_sb_info *sbi)
{
}
#endif /* CONFIG_XYZ_QUOTA */

/*
 * check-name: every legacy call is in an #ifdef the config turns off
 * check-command: wqcheck scan --format=json $file
 * check-exit: 1
 * check-output-start
{
  "findings": [
    {
      "rule": "WQ003",
      "file": "fs/xyz/quota.c",
      "line": 24,
      "column": 21,
      "end_line": 24,
      "end_column": 34,
      "severity": "warning",
      "message": "queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 24,
          "column": 2,
          "end_line": 24,
          "end_column": 36,
          "replacement": "schedule_delayed_work("
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "8ae9beffe7a964d7:0"
      }
    },
    {
      "rule": "WQ003",
      "file": "fs/xyz/quota.c",
      "line": 31,
      "column": 21,
      "end_line": 31,
      "end_column": 34,
      "severity": "warning",
      "message": "queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 31,
          "column": 2,
          "end_line": 31,
          "end_column": 36,
          "replacement": "schedule_delayed_work("
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "8ae9beffe7a964d7:1"
      }
    },
    {
      "rule": "WQ002",
      "file": "fs/xyz/quota.c",
      "line": 36,
      "column": 2,
      "end_line": 36,
      "end_column": 25,
      "severity": "warning",
      "message": "flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 36,
          "column": 2,
          "end_line": 36,
          "end_column": 25,
          "replacement": "flush_delayed_work"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "c8bc419eaf4a5771:0"
      }
    },
    {
      "rule": "WQ001",
      "file": "fs/xyz/quota.c",
      "line": 38,
      "column": 2,
      "end_line": 38,
      "end_column": 17,
      "severity": "warning",
      "message": "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work()",
      "fixable": true,
      "in_inactive_branch": true,
      "inactive_why": "configuration",
      "edits": [
        {
          "line": 38,
          "column": 2,
          "end_line": 38,
          "end_column": 17,
          "replacement": "flush_work"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "3b569471a0088115:0"
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
diff --git a/fs/xyz/quota.c b/fs/xyz/quota.c
--- a/fs/xyz/quota.c
+++ b/fs/xyz/quota.c
@@ -21,21 +21,21 @@ static void xyz_quota_sync(struct work_struct *work)
 					       struct xyz_sb_info, quota_sync);

 	queue_work(sbi->sync_wq, &sbi->quota_work);
-	queue_delayed_work(system_nrt_wq, &sbi->quota_sync, 30 * HZ);
+	schedule_delayed_work(&sbi->quota_sync, 30 * HZ);
 }

 void xyz_quota_init(struct xyz_sb_info *sbi)
 {
 	INIT_WORK(&sbi->quota_work, xyz_quota_work);
 	INIT_DELAYED_WORK(&sbi->quota_sync, xyz_quota_sync);
-	queue_delayed_work(system_nrt_wq, &sbi->quota_sync, 30 * HZ);
+	schedule_delayed_work(&sbi->quota_sync, 30 * HZ);
 }

 void xyz_quota_exit(struct xyz_sb_info *sbi)
 {
-	flush_delayed_work_sync(&sbi->quota_sync);
+	flush_delayed_work(&sbi->quota_sync);
 	cancel_delayed_work_sync(&sbi->quota_sync);
-	flush_work_sync(&sbi->quota_work);
+	flush_work(&sbi->quota_work);
 }
 #else /\* !CONFIG_XYZ_QUOTA *\/
 void xyz_quota_init(struct xyz_sb_info *sbi)
 * check-output-end
 */
