// SPDX-License-Identifier: GPL-2.0
/*
 * The other driver of re_neg_local_read.c: its own struct lc_post_ctx,
 * whose item is given a function at set-up and another one later, and is
 * never queued in this driver. The queueing of re_neg_local_read.c is of
 * that file's struct, another type of the same name.
 */
#include <linux/workqueue.h>

struct lc_post_ctx {
	struct work_struct work;
	bool verity;
};

static void lc_post_fn(struct work_struct *work)
{
	struct lc_post_ctx *ctx = container_of(work, struct lc_post_ctx, work);

	ctx->verity = false;
}

static void lc_verity_fn(struct work_struct *work)
{
	struct lc_post_ctx *ctx = container_of(work, struct lc_post_ctx, work);

	ctx->verity = true;
}

void lc_post_init(struct lc_post_ctx *ctx)
{
	INIT_WORK(&ctx->work, lc_post_fn);
}

void lc_post_switch(struct lc_post_ctx *ctx)
{
	ctx->work.func = lc_verity_fn;
	lc_post_fn(&ctx->work);
}

/*
 * check-name: a file-local struct's item never queued here changes function, no finding
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file
 * check-exit: 0
 */
