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
 * check-command: wqcheck scan --diff $file
 */
