// SPDX-License-Identifier: GPL-2.0
/*
 * The negatives of re_strict_kinds.c, no finding at all: a state of file
 * scope guarding a static item, set back as the work's last act (one state
 * for the one item, unlike aha152x's per-host flag); a .func set in a
 * set-up function before the item is first queued (amdgpu's sw_init
 * overrides: not live there); an item created disabled by an init helper
 * (INIT_WORK then disable_work_sync(), ksmbd's smbdirect_socket_init())
 * and enabled only by the INIT_* that follows a queueing of it, which did
 * nothing.
 */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

extern bool disable_work_sync(struct work_struct *work);

/* one state of file scope for the one static item */
static int ns_busy;
static struct work_struct ns_bh;

static void ns_run(struct work_struct *work)
{
	ns_busy = 0;
}

irqreturn_t ns_intr(int irq, void *dev_id)
{
	if (ns_busy == 0) {
		ns_busy = 1;
		INIT_WORK(&ns_bh, ns_run);
		schedule_work(&ns_bh);
	}
	return IRQ_HANDLED;
}

/* .func set at set-up, before the first queueing */
struct ns_vcn {
	struct delayed_work idle_work;
};

static void ns_vcn_idle_fn(struct work_struct *work)
{
}

static void ns_vcn_v1_idle_fn(struct work_struct *work)
{
}

static void ns_vcn_common_init(struct ns_vcn *v)
{
	INIT_DELAYED_WORK(&v->idle_work, ns_vcn_idle_fn);
}

int ns_vcn_v1_sw_init(struct ns_vcn *v)
{
	ns_vcn_common_init(v);
	v->idle_work.work.func = ns_vcn_v1_idle_fn;
	return 0;
}

void ns_vcn_end_use(struct ns_vcn *v)
{
	schedule_delayed_work(&v->idle_work, 100);
}

/* created disabled, enabled only by the INIT_* after the queueing */
struct ns_sock {
	struct workqueue_struct *wq;
	struct work_struct refill_work;
	int credits;
};

static void ns_sock_disabled_fn(struct work_struct *work)
{
}

static void ns_sock_refill_fn(struct work_struct *work)
{
}

void ns_sock_init(struct ns_sock *sc)
{
	INIT_WORK(&sc->refill_work, ns_sock_disabled_fn);
	disable_work_sync(&sc->refill_work);
}

int ns_sock_negotiated(struct ns_sock *sc)
{
	queue_work(sc->wq, &sc->refill_work);
	INIT_WORK(&sc->refill_work, ns_sock_refill_fn);
	return sc->credits;
}


/* a switch that steps its own counter: the stage's run calls in at the
 * next step, so it reaches the next stage's INIT_* (a hand-off) */
enum { NS_STEP_INITIAL, NS_STEP_DECRYPT, NS_STEP_VERITY };

struct ns_ctx {
	struct work_struct work;
	unsigned int cur_step;
	unsigned int enabled_steps;
};

static void ns_post_read(struct ns_ctx *ctx);

static void ns_decrypt_fn(struct work_struct *work)
{
	struct ns_ctx *ctx = container_of(work, struct ns_ctx, work);

	ns_post_read(ctx);
}

static void ns_verity_fn(struct work_struct *work)
{
}

static void ns_post_read(struct ns_ctx *ctx)
{
	switch (++ctx->cur_step) {
	case NS_STEP_DECRYPT:
		if (ctx->enabled_steps & (1 << NS_STEP_DECRYPT)) {
			INIT_WORK(&ctx->work, ns_decrypt_fn);
			schedule_work(&ctx->work);
			return;
		}
		ctx->cur_step++;
		/* fall through */
	case NS_STEP_VERITY:
		if (ctx->enabled_steps & (1 << NS_STEP_VERITY)) {
			INIT_WORK(&ctx->work, ns_verity_fn);
			schedule_work(&ctx->work);
			return;
		}
		break;
	}
}

void ns_end_io(struct ns_ctx *ctx)
{
	ctx->cur_step = NS_STEP_INITIAL;
	ns_post_read(ctx);
}


/* the same helper called only from set-up, not from a handler */
struct ns_dma {
	struct workqueue_struct *wq;
	struct work_struct work;
	int state;
};

static void ns_dma_drain(struct work_struct *work)
{
}

static irqreturn_t ns_dma_halt(struct ns_dma *d)
{
	INIT_WORK(&d->work, ns_dma_drain);
	queue_work(d->wq, &d->work);
	return IRQ_HANDLED;
}

void ns_dma_probe(struct ns_dma *d)
{
	ns_dma_halt(d);
}

/*
 * check-name: no finding where the code shows the item idle: one state for the one static item, a .func set at set-up, an item created disabled
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
