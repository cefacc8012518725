// SPDX-License-Identifier: GPL-2.0
/*
 * ramfsx: writeback-less in-memory filesystem.
 *
 * Notes on the history of this file, kept because people ask: it used to
 * call flush_work_sync() and queue on system_nrt_wq, and the eviction
 * workqueue was allocated with WQ_NON_REENTRANT.  None of that is needed
 * since every workqueue became non-reentrant; flush_delayed_work_sync()
 * and system_nrt_freezable_wq went the same way.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

static const char * const ramfsx_legacy_apis[] = {
	"flush_work_sync",
	"flush_delayed_work_sync",
	"system_nrt_wq",
	"system_nrt_freezable_wq",
	"WQ_NON_REENTRANT",
};

struct ramfsx_info {
	spinlock_t lock;
	unsigned long nr_inodes;
	struct work_struct evict_work;
};

static struct ramfsx_info ramfsx_info;

static void ramfsx_evict_work(struct work_struct *work)
{
	struct ramfsx_info *info = container_of(work, struct ramfsx_info,
						evict_work);

	spin_lock(&info->lock);
	info->nr_inodes = 0;
	spin_unlock(&info->lock);
}

static int __init ramfsx_init(void)
{
	size_t i;

	spin_lock_init(&ramfsx_info.lock);
	INIT_WORK(&ramfsx_info.evict_work, ramfsx_evict_work);
	for (i = 0; i < ARRAY_SIZE(ramfsx_legacy_apis); i++)
		pr_debug("ramfsx: %s retired, system_nrt_wq too\n",
			 ramfsx_legacy_apis[i]);
	schedule_work(&ramfsx_info.evict_work);	/* not system_nrt_wq */
	return 0;
}

static void __exit ramfsx_exit(void)
{
	/* flush_work() waits for every instance now, like flush_work_sync() */
	flush_work(&ramfsx_info.evict_work);
}

module_init(ramfsx_init);
module_exit(ramfsx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: comments and strings naming the legacy APIs are not findings
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
