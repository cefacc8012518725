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
	int ordered = sbi->mount_opts & XYZ_MOUNT_ORDERED;

	if (sbi->mount_opts & XYZ_MOUNT_HIPRI)
		wq_flags |= WQ_HIGHPRI;
	sbi->journal_wq = alloc_workqueue("xyz-journal",
					  ordered ? WQ_UNBOUND : WQ_NON_REENTRANT,
					  ordered ? 1 : 0);
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
 * check-command: wqcheck scan --diff $file
 */
