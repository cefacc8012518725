// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014 with the lock in the directory above, kept as a note: the
 * automount expiry work is one call of hd_mark_expired() (hd_table.c, in
 * drivers/reentry/ above this file), which holds the namespace lock taken
 * through hd_ns_lock() across its body, then re-arms itself if mounts
 * are left. The timeout's setter queues the item on system_long_wq at
 * once while a run re-armed with schedule_delayed_work() may still be in
 * hd_mark_expired(): the runs take turns on the lock (nfs's automount
 * work and fs/namespace.c's mark_mounts_for_expiry()).
 */
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/workqueue.h>
#include "../hd_table.h"

static LIST_HEAD(he_automount_list);
static void he_expire_automounts(struct work_struct *work);
static DECLARE_DELAYED_WORK(he_automount_task, he_expire_automounts);
static int he_expiry_timeout = 500 * HZ;

static void he_expire_automounts(struct work_struct *work)
{
	struct list_head *list = &he_automount_list;
	int timeout = he_expiry_timeout;

	hd_mark_expired(list);
	if (!list_empty(list) && timeout > 0)
		schedule_delayed_work(&he_automount_task, timeout);
}

void he_add_automount(struct hd_mount *mnt)
{
	list_add(&mnt->expire, &he_automount_list);
	schedule_delayed_work(&he_automount_task, he_expiry_timeout);
}

int he_set_timeout(int num)
{
	he_expiry_timeout = num * HZ;
	mod_delayed_work(system_long_wq, &he_automount_task, 0);
	return 0;
}

/*
 * check-name: WQ014 held: the lock in the body's one callee, found in the directory above, makes a note
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/held/re_neg_wq014_expire.c:41:9: note: mod_delayed_work() queues &he_automount_task on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/held/re_neg_wq014_expire.c:29: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by he_expire_automounts() at drivers/reentry/held/re_neg_wq014_expire.c:29 (the work queueing itself again) on system_wq, can still be in he_expire_automounts() when run B, queued by he_set_timeout() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); he_expire_automounts()'s whole body runs under hd_ns_lock() (mutex_lock(&hd_ns_mutex) inside), taken in hd_mark_expired(), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/held/re_neg_wq014_expire.c:29:17: note: &he_automount_task is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
 * check-output-end
 */
