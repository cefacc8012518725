// SPDX-License-Identifier: GPL-2.0
/*
 * xyz filesystem: superblock, periodic sync.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include "xyz.h"

static void xyz_sync_work(struct work_struct *work)
{
	struct xyz_sb_info *sbi = container_of(to_delayed_work(work),
					       struct xyz_sb_info, sync_work);

	sbi->dirty = 0;
	queue_delayed_work(sbi->sync_wq, &sbi->sync_work, 5 * HZ);
}

static int xyz_fill_super(struct super_block *sb)
{
	struct xyz_sb_info *sbi;
	int err;

	sbi = kzalloc(sizeof(*sbi), GFP_KERNEL);
	if (!sbi)
		return -ENOMEM;
	sbi->sb = sb;
	sb->s_fs_info = sbi;

	sbi->sync_wq = alloc_workqueue("xyz-sync", WQ_NON_REENTRANT, 0);
	if (!sbi->sync_wq) {
		err = -ENOMEM;
		goto out_free;
	}
	INIT_DELAYED_WORK(&sbi->sync_work, xyz_sync_work);
	err = xyz_journal_start(sbi);
	if (err)
		goto out_wq;
	xyz_quota_init(sbi);
	queue_delayed_work(sbi->sync_wq, &sbi->sync_work, 5 * HZ);
	return 0;

out_wq:
	destroy_workqueue(sbi->sync_wq);
out_free:
	kfree(sbi);
	return err;
}

static void xyz_put_super(struct super_block *sb)
{
	struct xyz_sb_info *sbi = XYZ_SB(sb);

	cancel_delayed_work_sync(&sbi->sync_work);
	xyz_quota_exit(sbi);
	xyz_journal_stop(sbi);
	/* inode eviction queues on system_nrt_wq; drain it before freeing */
	flush_workqueue(system_nrt_wq);
	destroy_workqueue(sbi->sync_wq);
	kfree(sbi);
}

static const struct super_operations xyz_sops = {
	.put_super	= xyz_put_super,
};

int xyz_mount(struct super_block *sb)
{
	sb->s_op = &xyz_sops;
	return xyz_fill_super(sb);
}

static struct file_system_type xyz_fs_type = {
	.name		= "xyz",
	.owner		= THIS_MODULE,
};

static int __init init_xyz_fs(void)
{
	return register_filesystem(&xyz_fs_type);
}

static void __exit exit_xyz_fs(void)
{
	unregister_filesystem(&xyz_fs_type);
}

module_init(init_xyz_fs);
module_exit(exit_xyz_fs);
MODULE_LICENSE("GPL");

/*
 * check-name: WQ_NON_REENTRANT alone becomes 0; flush_workqueue(system_nrt_wq)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
fs/xyz/super.c:32:52: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
fs/xyz/super.c:60:25: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/fs/xyz/super.c b/fs/xyz/super.c
--- a/fs/xyz/super.c
+++ b/fs/xyz/super.c
@@ -29,7 +29,7 @@ static int xyz_fill_super(struct super_block *sb)
 	sbi->sb = sb;
 	sb->s_fs_info = sbi;

-	sbi->sync_wq = alloc_workqueue("xyz-sync", WQ_NON_REENTRANT, 0);
+	sbi->sync_wq = alloc_workqueue("xyz-sync", 0, 0);
 	if (!sbi->sync_wq) {
 		err = -ENOMEM;
 		goto out_free;
@@ -56,8 +56,8 @@ static void xyz_put_super(struct super_block *sb)
 	cancel_delayed_work_sync(&sbi->sync_work);
 	xyz_quota_exit(sbi);
 	xyz_journal_stop(sbi);
-	/\* inode eviction queues on system_nrt_wq; drain it before freeing *\/
-	flush_workqueue(system_nrt_wq);
+	/\* inode eviction queues on system_wq; drain it before freeing *\/
+	flush_workqueue(system_wq);
 	destroy_workqueue(sbi->sync_wq);
 	kfree(sbi);
 }
 * check-output-end
 */
