// SPDX-License-Identifier: GPL-2.0
/*
 * xyz filesystem: journal commit thread replacement.
 */
#include <linux/workqueue.h>
#include "xyz.h"

static void xyz_commit_work(struct work_struct *work)
{
	struct xyz_sb_info *sbi = container_of(work, struct xyz_sb_info,
					       commit_work);

	sbi->dirty = 0;
}

int xyz_journal_start(struct xyz_sb_info *sbi)
{
	unsigned int wq_flags = WQ_MEM_RECLAIM | WQ_NON_REENTRANT;
	int ord = sbi->mount_opts & XYZ_MOUNT_ORDERED;

	if (sbi->mount_opts & XYZ_MOUNT_HIPRI)
		wq_flags |= WQ_HIGHPRI;
	sbi->journal_wq = alloc_workqueue("xyz-journal",
					  ord ? WQ_UNBOUND : WQ_NON_REENTRANT,
					  ord ? 1 : 0);
	if (!sbi->journal_wq)
		sbi->journal_wq = alloc_workqueue("xyz-journal", wq_flags, 1);
	if (!sbi->journal_wq)
		return -ENOMEM;
	INIT_WORK(&sbi->commit_work, xyz_commit_work);
	return 0;
}

void xyz_journal_stop(struct xyz_sb_info *sbi)
{
	flush_work(&sbi->commit_work);
	destroy_workqueue(sbi->journal_wq);
}

/*
 * check-name: WQ_NON_REENTRANT in a flags variable and a ternary
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
fs/xyz/journal.c:18:50: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
fs/xyz/journal.c:24:62: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/fs/xyz/journal.c b/fs/xyz/journal.c
--- a/fs/xyz/journal.c
+++ b/fs/xyz/journal.c
@@ -15,13 +15,13 @@ static void xyz_commit_work(struct work_struct *work)

 int xyz_journal_start(struct xyz_sb_info *sbi)
 {
-	unsigned int wq_flags = WQ_MEM_RECLAIM | WQ_NON_REENTRANT;
+	unsigned int wq_flags = WQ_MEM_RECLAIM;
 	int ord = sbi->mount_opts & XYZ_MOUNT_ORDERED;

 	if (sbi->mount_opts & XYZ_MOUNT_HIPRI)
 		wq_flags |= WQ_HIGHPRI;
 	sbi->journal_wq = alloc_workqueue("xyz-journal",
-					  ord ? WQ_UNBOUND : WQ_NON_REENTRANT,
+					  ord ? WQ_UNBOUND : 0,
 					  ord ? 1 : 0);
 	if (!sbi->journal_wq)
 		sbi->journal_wq = alloc_workqueue("xyz-journal", wq_flags, 1);
 * check-output-end
 */
