// SPDX-License-Identifier: GPL-2.0
/*
 * A file that does not parse: the comment below is never closed.  The
 * Makefile never builds it; wqcheck must list it as failed and go on.
 */
#include <linux/workqueue.h>

/*
 * check-name: an unterminated comment: the file is reported as failed
 * check-command: wqcheck scan --format=json $file
 * check-exit: 2
 * check-output-start
{
  "findings": [],
  "files_read": 1,
  "files_parsed_with_libclang": 0,
  "files_failed": [
    {
      "file": "drivers/base/broken_parse.c",
      "reason": "unterminated /\* comment at line 67"
    }
  ],
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
 * check-error-start
wqcheck: drivers/base/broken_parse.c: not fully analysed: unterminated /\* comment at line 67
 * check-error-end
 *
 * check-command: wqcheck scan $file
 * check-exit: 2
 * check-error-start
wqcheck: drivers/base/broken_parse.c: not fully analysed: unterminated /\* comment at line 67
 * check-error-end
 */

static struct work_struct broken_work;

void broken_flush(void)
{
	flush_work_sync(&broken_work);
}

/* an unterminated comment starts here
void broken_more(void)
{
	queue_work(system_nrt_wq, &broken_work);
}
