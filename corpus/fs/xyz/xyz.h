/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FS_XYZ_H
#define _FS_XYZ_H

#include <linux/fs.h>
#include <linux/workqueue.h>

struct xyz_sb_info {
	struct super_block *sb;
	struct workqueue_struct *sync_wq;
	struct workqueue_struct *journal_wq;
	struct delayed_work sync_work;
	struct work_struct commit_work;
	struct work_struct quota_work;
	struct delayed_work quota_sync;
	unsigned long dirty;
	unsigned int mount_opts;
};

#define XYZ_MOUNT_ORDERED	0x1
#define XYZ_MOUNT_HIPRI		0x2

static inline struct xyz_sb_info *XYZ_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

int xyz_journal_start(struct xyz_sb_info *sbi);
void xyz_journal_stop(struct xyz_sb_info *sbi);
void xyz_quota_init(struct xyz_sb_info *sbi);
void xyz_quota_exit(struct xyz_sb_info *sbi);
int xyz_mount(struct super_block *sb);

#endif /* _FS_XYZ_H */
