// SPDX-License-Identifier: GPL-2.0
/*
 * dmx-crypt: a transparent encryption target, its io and crypt queues
 * spelled the way 3.6's dm-crypt spelled them.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include "dmx_crypt.h"

struct crypt_config {
	struct workqueue_struct *io_queue;
	struct workqueue_struct *crypt_queue;
	struct work_struct work;
	unsigned int sectors;
	bool same_cpu;
};

static void kcryptd_crypt(struct work_struct *work)
{
	struct crypt_config *cc = container_of(work, struct crypt_config,
					       work);

	cc->sectors = 0;
}

static unsigned int crypt_queue_flags(bool same_cpu)
{
	unsigned int flags = WQ_CPU_INTENSIVE | WQ_MEM_RECLAIM;

	if (!same_cpu)
		flags |= WQ_NON_REENTRANT;
	return flags;
}

int crypt_ctr(struct crypt_config *cc)
{
	cc->io_queue = alloc_workqueue("kdmxcryptd_io",
				       WQ_NON_REENTRANT|
				       WQ_MEM_RECLAIM,
				       1);
	if (!cc->io_queue)
		return -ENOMEM;

	cc->crypt_queue = alloc_workqueue("kdmxcryptd",
					  WQ_NON_REENTRANT|
					  WQ_CPU_INTENSIVE|
					  WQ_MEM_RECLAIM,
					  1);
	if (!cc->crypt_queue)
		cc->crypt_queue = alloc_workqueue("kdmxcryptd",
					crypt_queue_flags(cc->same_cpu), 1);
	if (!cc->crypt_queue) {
		destroy_workqueue(cc->io_queue);
		return -ENOMEM;
	}
	INIT_WORK(&cc->work, kcryptd_crypt);
	return 0;
}

void crypt_dtr(struct crypt_config *cc)
{
	destroy_workqueue(cc->crypt_queue);
	destroy_workqueue(cc->io_queue);
}

MODULE_LICENSE("GPL");

/*
 * check-name: WQ_NON_REENTRANT| on a line of its own, and or-ed into a variable
 * check-command: wqcheck scan --format=json $file
 * check-exit: 1
 * check-output-start
{
  "findings": [
    {
      "rule": "WQ005",
      "file": "drivers/md/dmx-crypt.c",
      "line": 33,
      "column": 12,
      "end_line": 33,
      "end_column": 28,
      "severity": "warning",
      "message": "WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags",
      "fixable": true,
      "in_inactive_branch": false,
      "inactive_why": null,
      "edits": [
        {
          "line": 32,
          "column": 2,
          "end_line": 34,
          "end_column": 8,
          "replacement": "return"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "82a327bd98876a7b:0"
      }
    },
    {
      "rule": "WQ005",
      "file": "drivers/md/dmx-crypt.c",
      "line": 40,
      "column": 12,
      "end_line": 40,
      "end_column": 28,
      "severity": "warning",
      "message": "WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags",
      "fixable": true,
      "in_inactive_branch": false,
      "inactive_why": null,
      "edits": [
        {
          "line": 39,
          "column": 49,
          "end_line": 42,
          "end_column": 11,
          "replacement": " WQ_MEM_RECLAIM,"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "94ab0dad779ff1a6:0"
      }
    },
    {
      "rule": "WQ005",
      "file": "drivers/md/dmx-crypt.c",
      "line": 47,
      "column": 8,
      "end_line": 47,
      "end_column": 24,
      "severity": "warning",
      "message": "WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags",
      "fixable": true,
      "in_inactive_branch": false,
      "inactive_why": null,
      "edits": [
        {
          "line": 47,
          "column": 8,
          "end_line": 48,
          "end_column": 24,
          "replacement": "WQ_CPU_INTENSIVE"
        }
      ],
      "fingerprints": {
        "wqcheck/v1": "94ab0dad779ff1a6:1"
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
diff --git a/drivers/md/dmx-crypt.c b/drivers/md/dmx-crypt.c
--- a/drivers/md/dmx-crypt.c
+++ b/drivers/md/dmx-crypt.c
@@ -29,22 +29,16 @@ static unsigned int crypt_queue_flags(bool same_cpu)
 {
 	unsigned int flags = WQ_CPU_INTENSIVE | WQ_MEM_RECLAIM;

-	if (!same_cpu)
-		flags |= WQ_NON_REENTRANT;
 	return flags;
 }

 int crypt_ctr(struct crypt_config *cc)
 {
-	cc->io_queue = alloc_workqueue("kdmxcryptd_io",
-				       WQ_NON_REENTRANT|
-				       WQ_MEM_RECLAIM,
-				       1);
+	cc->io_queue = alloc_workqueue("kdmxcryptd_io", WQ_MEM_RECLAIM, 1);
 	if (!cc->io_queue)
 		return -ENOMEM;

 	cc->crypt_queue = alloc_workqueue("kdmxcryptd",
-					  WQ_NON_REENTRANT|
 					  WQ_CPU_INTENSIVE|
 					  WQ_MEM_RECLAIM,
 					  1);
 * check-output-end
 */
