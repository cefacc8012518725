// SPDX-License-Identifier: GPL-2.0
/*
 * One of two drivers that each define a struct lc_post_ctx of their own in
 * their .c file (ext4's readpage.c and f2fs's data.c, both struct
 * bio_post_read_ctx). This one queues its ctx->work from the bio's end_io;
 * re_neg_local_post.c switches the function of its own, never queued,
 * ctx->work. A struct defined in a .c file is that file's type: the two
 * are two items, and nothing here is queued while its function changes.
 */
#include <linux/workqueue.h>

struct lc_post_ctx {
	struct work_struct work;
	int step;
};

extern struct workqueue_struct *lc_read_wq;

static void lc_decrypt_fn(struct work_struct *work)
{
	struct lc_post_ctx *ctx = container_of(work, struct lc_post_ctx, work);

	ctx->step++;
}

void lc_read_end_io(struct lc_post_ctx *ctx)
{
	INIT_WORK(&ctx->work, lc_decrypt_fn);
	queue_work(lc_read_wq, &ctx->work);
}

/*
 * check-name: a file-local struct queued here is not another file's struct of the same name
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file corpus/drivers/reentry/local/re_neg_local_post.c
 * check-exit: 0
 */
