// SPDX-License-Identifier: GPL-2.0
/*
 * What the independent strict reading of WQ013/WQ015 (issue 39) asked the
 * messages to say, each beside a look-alike that keeps the other message:
 * a work function that re-initialises its own item through a callee that
 * posts the object back to its source only after the INIT (virtio_scsi:
 * the INIT meets the running item, never a queued one) against one that
 * hands the object on before the INIT too (qedf: the source may have queued
 * it meanwhile); two timers giving one item two functions on an ordered
 * workqueue (fnic: the runs take turns, the pending item breaks) against
 * the same on a per-CPU one; a state of each object guarding one static
 * item (aha152x's per-host service flag); a .func set outside set-up while
 * the item is queued elsewhere; an item created disabled that is enabled
 * again elsewhere (a note: the disable may be over).
 */
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

extern bool disable_work_sync(struct work_struct *work);
extern bool enable_work(struct work_struct *work);

/* the object posted back to its source after the INIT */
struct rs_host;

struct rs_event {
	struct work_struct work;
	struct rs_host *host;
	int event;
};

struct rs_host {
	void *vq;
	bool stop;
	struct rs_event events[4];
};

extern int rs_vq_add_buf(void *vq, void *buf);

static void rs_event_fn(struct work_struct *work);

static int rs_kick_event(struct rs_host *h, struct rs_event *ev)
{
	INIT_WORK(&ev->work, rs_event_fn);
	return rs_vq_add_buf(h->vq, ev);
}

static void rs_event_fn(struct work_struct *work)
{
	struct rs_event *ev = container_of(work, struct rs_event, work);

	ev->event = 0;
	rs_kick_event(ev->host, ev);
}

void rs_event_done(struct rs_host *h, void *buf)
{
	struct rs_event *ev = buf;

	if (!h->stop)
		queue_work(system_freezable_wq, &ev->work);
}

void rs_remove(struct rs_host *h)
{
	int i;

	h->stop = true;
	for (i = 0; i < 4; i++)
		cancel_work_sync(&h->events[i].work);
}

/* the look-alike: the source is started before the INIT as well */
struct rs_port {
	struct delayed_work recovery;
	int mode;
};

extern void rs_port_start(struct rs_port *pt);

static void rs_recovery_fn(struct work_struct *work);

static void rs_port_probe(struct rs_port *pt)
{
	rs_port_start(pt);
	INIT_DELAYED_WORK(&pt->recovery, rs_recovery_fn);
	pt->mode = 0;
}

static void rs_recovery_fn(struct work_struct *work)
{
	struct rs_port *pt = container_of(work, struct rs_port, recovery.work);

	rs_port_probe(pt);
}

void rs_port_fault(struct rs_port *pt)
{
	schedule_delayed_work(&pt->recovery, 0);
}

/* two timers, one item, two functions, on an ordered workqueue */
struct rs_fip {
	struct timer_list retry_timer, ka_timer;
	struct work_struct timer_work;
};

static struct workqueue_struct *rs_fip_wq;

static void rs_fip_retry_fn(struct work_struct *work)
{
}

static void rs_fip_ka_fn(struct work_struct *work)
{
}

void rs_fip_retry_timer(struct timer_list *t)
{
	struct rs_fip *fip = container_of(t, struct rs_fip, retry_timer);

	INIT_WORK(&fip->timer_work, rs_fip_retry_fn);
	queue_work(rs_fip_wq, &fip->timer_work);
}

void rs_fip_ka_timer(struct timer_list *t)
{
	struct rs_fip *fip = container_of(t, struct rs_fip, ka_timer);

	INIT_WORK(&fip->timer_work, rs_fip_ka_fn);
	queue_work(rs_fip_wq, &fip->timer_work);
}

int rs_fip_init(void)
{
	rs_fip_wq = alloc_ordered_workqueue("rs_fip", 0);
	return rs_fip_wq ? 0 : -1;
}

/* the look-alike: the same on a per-CPU workqueue, where the runs overlap */
struct rs_pcpu {
	struct timer_list retry_timer, ka_timer;
	struct work_struct timer_work;
};

static struct workqueue_struct *rs_pcpu_wq;

static void rs_pcpu_retry_fn(struct work_struct *work)
{
}

static void rs_pcpu_ka_fn(struct work_struct *work)
{
}

void rs_pcpu_retry_timer(struct timer_list *t)
{
	struct rs_pcpu *pc = container_of(t, struct rs_pcpu, retry_timer);

	INIT_WORK(&pc->timer_work, rs_pcpu_retry_fn);
	queue_work(rs_pcpu_wq, &pc->timer_work);
}

void rs_pcpu_ka_timer(struct timer_list *t)
{
	struct rs_pcpu *pc = container_of(t, struct rs_pcpu, ka_timer);

	INIT_WORK(&pc->timer_work, rs_pcpu_ka_fn);
	queue_work(rs_pcpu_wq, &pc->timer_work);
}

int rs_pcpu_init(void)
{
	rs_pcpu_wq = alloc_workqueue("rs_pcpu", 0, 0);
	return rs_pcpu_wq ? 0 : -1;
}

/* a state of each host guarding the one static item of all hosts */
struct rs_card {
	int service;
	int irq;
};

static struct work_struct rs_card_bh;

static void rs_card_run(struct work_struct *work)
{
}

irqreturn_t rs_card_intr(int irq, void *dev_id)
{
	struct rs_card *card = dev_id;

	if (card->service == 0) {
		card->service = 1;
		INIT_WORK(&rs_card_bh, rs_card_run);
		schedule_work(&rs_card_bh);
	}
	return IRQ_HANDLED;
}

void rs_card_complete(struct rs_card *card)
{
	card->service = 0;
}

/* .func set outside set-up while the item is queued elsewhere */
struct rs_vcn {
	struct delayed_work idle_work;
};

static void rs_vcn_idle_fn(struct work_struct *work)
{
}

static void rs_vcn_idle_fn2(struct work_struct *work)
{
}

void rs_vcn_sw_init(struct rs_vcn *v)
{
	INIT_DELAYED_WORK(&v->idle_work, rs_vcn_idle_fn);
}

void rs_vcn_end_use(struct rs_vcn *v)
{
	schedule_delayed_work(&v->idle_work, 100);
}

void rs_vcn_switch(struct rs_vcn *v)
{
	v->idle_work.work.func = rs_vcn_idle_fn2;
}

/* created disabled, but enabled again elsewhere: the INIT after a
 * queueing may meet it live (a note) */
struct rs_sock {
	struct workqueue_struct *wq;
	struct work_struct refill_work;
	int credits;
};

static void rs_sock_disabled_fn(struct work_struct *work)
{
}

static void rs_sock_refill_fn(struct work_struct *work)
{
}

void rs_sock_init(struct rs_sock *sc)
{
	INIT_WORK(&sc->refill_work, rs_sock_disabled_fn);
	disable_work_sync(&sc->refill_work);
}

void rs_sock_resume(struct rs_sock *sc)
{
	enable_work(&sc->refill_work);
}

int rs_sock_negotiated(struct rs_sock *sc)
{
	queue_work(sc->wq, &sc->refill_work);
	INIT_WORK(&sc->refill_work, rs_sock_refill_fn);
	return sc->credits;
}


/* the look-alike of a stepping switch: the switch reads the step, the
 * run does not move it, so it may reach its own case again (a note) */
enum { RS_STEP_DECRYPT = 1, RS_STEP_VERITY };

struct rs_ctx {
	struct work_struct work;
	unsigned int cur_step;
};

static void rs_post_read(struct rs_ctx *ctx);

static void rs_decrypt_fn(struct work_struct *work)
{
	struct rs_ctx *ctx = container_of(work, struct rs_ctx, work);

	rs_post_read(ctx);
}

static void rs_post_read(struct rs_ctx *ctx)
{
	switch (ctx->cur_step) {
	case RS_STEP_DECRYPT:
		INIT_WORK(&ctx->work, rs_decrypt_fn);
		schedule_work(&ctx->work);
		return;
	default:
		break;
	}
}

void rs_end_io(struct rs_ctx *ctx)
{
	ctx->cur_step = RS_STEP_DECRYPT;
	rs_post_read(ctx);
}


/* a helper only an interrupt handler calls runs as that handler does */
struct rs_dma {
	struct workqueue_struct *wq;
	struct work_struct work;
	int state;
};

static void rs_dma_drain(struct work_struct *work)
{
}

static irqreturn_t rs_dma_halt(struct rs_dma *d)
{
	INIT_WORK(&d->work, rs_dma_drain);
	queue_work(d->wq, &d->work);
	return IRQ_HANDLED;
}

irqreturn_t rs_dma_misc_thread(int vec, void *data)
{
	struct rs_dma *d = data;

	if (d->state)
		return rs_dma_halt(d);
	return IRQ_NONE;
}


/* PREPARE_WORK in the running work of an item queued only on an ordered
 * workqueue (floppy's floppy_wq, afs's kafsd of 3.6): the runs take
 * turns; the queued run starts as the function the item holds then */
static struct workqueue_struct *rs_fd_wq;
static struct work_struct rs_fd_work;

static void rs_fd_done(struct work_struct *work)
{
}

static void rs_fd_start(struct work_struct *work)
{
	PREPARE_WORK(&rs_fd_work, rs_fd_done);
}

void rs_fd_request(void)
{
	queue_work(rs_fd_wq, &rs_fd_work);
}

int rs_fd_init(void)
{
	INIT_WORK(&rs_fd_work, rs_fd_start);
	rs_fd_wq = alloc_ordered_workqueue("rs_fd", 0);
	return rs_fd_wq ? 0 : -1;
}

/*
 * check-name: the strict reading's messages: a callee that posts the running item's object back after its INIT, two timers on an ordered workqueue, a per-object state guarding one static item, each beside its look-alike
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_strict_kinds.c:44:9: warning: INIT_WORK re-initialises &ev->work in rs_kick_event(), which the item's work function rs_event_fn() calls at line 53 with its own item: a run of rs_event_fn() re-initialises the item it is running as, with the function it already has; the run hands ev back only at line 45 (rs_vq_add_buf()), after this INIT_*, so nothing can queue the item before it: the INIT_* meets the running item, not a queued one, and clears the record of the pool it runs on; once line 45 has handed ev on, queue_work() at drivers/reentry/re_strict_kinds.c:61 on system_freezable_wq can queue it from another CPU, and the workqueue, no longer seeing this run as the item's, starts run B beside its tail; cancel_work_sync() at drivers/reentry/re_strict_kinds.c:70 then sees an idle item and returns while this run goes on: initialise the item once where it is set up, and requeue it without INIT_* [WQ015]
drivers/reentry/re_strict_kinds.c:61:17: note: &ev->work is queued here with queue_work()
drivers/reentry/re_strict_kinds.c:86:9: warning: INIT_DELAYED_WORK re-initialises &pt->recovery in rs_port_probe(), which the item's work function rs_recovery_fn() calls at line 94 with its own item: a run of rs_recovery_fn() re-initialises the item it is running as, with the function it already has; while it runs, schedule_delayed_work() at drivers/reentry/re_strict_kinds.c:99 on system_wq can queue it again before this INIT_*, which then hits a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:99:9: note: &pt->recovery is queued here with schedule_delayed_work()
drivers/reentry/re_strict_kinds.c:122:9: warning: INIT_WORK gives &fip->timer_work the work function rs_fip_retry_fn() in rs_fip_retry_timer(), a timer callback, and queues it (queue_work() at drivers/reentry/re_strict_kinds.c:123 on rs_fip_wq); rs_fip_ka_timer(), a timer callback, gives the same item rs_fip_ka_fn() (drivers/reentry/re_strict_kinds.c:130) and queues it (drivers/reentry/re_strict_kinds.c:131): when one fires while the item queued by the other is still pending, it re-initialises the pending item (its pending bit and list head, while it is on the workqueue's list: list corruption) and gives it its own function: the pending run starts as rs_fip_retry_fn() and the other callback's run is lost; rs_fip_wq is ordered (alloc_ordered_workqueue() at drivers/reentry/re_strict_kinds.c:136), so a run queued while the other runs waits for it: the runs themselves stay apart, the pending item is what breaks; use one item per function, or one work function that dispatches on a stored state [WQ013]
drivers/reentry/re_strict_kinds.c:130:9: note: INIT_WORK gives the same item rs_fip_ka_fn()
drivers/reentry/re_strict_kinds.c:122:9: warning: INIT_WORK re-initialises &fip->timer_work in rs_fip_retry_timer(), which then queues it (queue_work() at drivers/reentry/re_strict_kinds.c:123 on rs_fip_wq) each time it runs; rs_fip_retry_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:123:9: note: &fip->timer_work is queued here with queue_work()
drivers/reentry/re_strict_kinds.c:130:9: warning: INIT_WORK gives &fip->timer_work the work function rs_fip_ka_fn() in rs_fip_ka_timer(), a timer callback, and queues it (queue_work() at drivers/reentry/re_strict_kinds.c:131 on rs_fip_wq); rs_fip_retry_timer(), a timer callback, gives the same item rs_fip_retry_fn() (drivers/reentry/re_strict_kinds.c:122) and queues it (drivers/reentry/re_strict_kinds.c:123): when one fires while the item queued by the other is still pending, it re-initialises the pending item (its pending bit and list head, while it is on the workqueue's list: list corruption) and gives it its own function: the pending run starts as rs_fip_ka_fn() and the other callback's run is lost; rs_fip_wq is ordered (alloc_ordered_workqueue() at drivers/reentry/re_strict_kinds.c:136), so a run queued while the other runs waits for it: the runs themselves stay apart, the pending item is what breaks; use one item per function, or one work function that dispatches on a stored state [WQ013]
drivers/reentry/re_strict_kinds.c:122:9: note: INIT_WORK gives the same item rs_fip_retry_fn()
drivers/reentry/re_strict_kinds.c:130:9: warning: INIT_WORK re-initialises &fip->timer_work in rs_fip_ka_timer(), which then queues it (queue_work() at drivers/reentry/re_strict_kinds.c:131 on rs_fip_wq) each time it runs; rs_fip_ka_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:131:9: note: &fip->timer_work is queued here with queue_work()
drivers/reentry/re_strict_kinds.c:160:9: warning: INIT_WORK gives &pc->timer_work the work function rs_pcpu_retry_fn() in rs_pcpu_retry_timer(), a timer callback, and queues it (queue_work() at drivers/reentry/re_strict_kinds.c:161 on rs_pcpu_wq); rs_pcpu_ka_timer(), a timer callback, gives the same item rs_pcpu_ka_fn() (drivers/reentry/re_strict_kinds.c:168) and queues it (drivers/reentry/re_strict_kinds.c:169): when one fires while the item queued by the other is pending or running, it changes the function of a live item (and re-initialises it): the pending run may start as either function, and the two runs are no longer kept apart; use one item per function, or one work function that dispatches on a stored state [WQ013]
drivers/reentry/re_strict_kinds.c:168:9: note: INIT_WORK gives the same item rs_pcpu_ka_fn()
drivers/reentry/re_strict_kinds.c:160:9: warning: INIT_WORK re-initialises &pc->timer_work in rs_pcpu_retry_timer(), which then queues it (queue_work() at drivers/reentry/re_strict_kinds.c:161 on rs_pcpu_wq) each time it runs; rs_pcpu_retry_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:161:9: note: &pc->timer_work is queued here with queue_work()
drivers/reentry/re_strict_kinds.c:168:9: warning: INIT_WORK gives &pc->timer_work the work function rs_pcpu_ka_fn() in rs_pcpu_ka_timer(), a timer callback, and queues it (queue_work() at drivers/reentry/re_strict_kinds.c:169 on rs_pcpu_wq); rs_pcpu_retry_timer(), a timer callback, gives the same item rs_pcpu_retry_fn() (drivers/reentry/re_strict_kinds.c:160) and queues it (drivers/reentry/re_strict_kinds.c:161): when one fires while the item queued by the other is pending or running, it changes the function of a live item (and re-initialises it): the pending run may start as either function, and the two runs are no longer kept apart; use one item per function, or one work function that dispatches on a stored state [WQ013]
drivers/reentry/re_strict_kinds.c:160:9: note: INIT_WORK gives the same item rs_pcpu_retry_fn()
drivers/reentry/re_strict_kinds.c:168:9: warning: INIT_WORK re-initialises &pc->timer_work in rs_pcpu_ka_timer(), which then queues it (queue_work() at drivers/reentry/re_strict_kinds.c:169 on rs_pcpu_wq) each time it runs; rs_pcpu_ka_timer() is a timer callback, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:169:9: note: &pc->timer_work is queued here with queue_work()
drivers/reentry/re_strict_kinds.c:196:17: warning: INIT_WORK re-initialises &rs_card_bh in rs_card_intr(), which then queues it (schedule_work() at drivers/reentry/re_strict_kinds.c:197 on system_wq) only while card->service is clear, a state of each object rs_card_intr() is called for, but &rs_card_bh is one static item for all of them: rs_card_intr() for object A sets A's service and queues the item; before it has run, rs_card_intr() for object B finds B's service clear and re-initialises the item A queued while it is still pending, then queues it again: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:197:17: note: &rs_card_bh is queued here with schedule_work()
drivers/reentry/re_strict_kinds.c:232:27: warning: .func = gives struct rs_vcn.idle_work the work function rs_vcn_idle_fn2() in rs_vcn_switch(), not right after its INIT_*, and the item is queued elsewhere (schedule_delayed_work() at drivers/reentry/re_strict_kinds.c:227 on system_wq): that run may be pending or running here, and starts or goes on as the old function while the next queueing runs the new one: the workqueue tells runs apart by item and function, so the item with its new function may run beside the old one on another CPU; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_strict_kinds.c:222:9: note: INIT_DELAYED_WORK gives the same item rs_vcn_idle_fn()
drivers/reentry/re_strict_kinds.c:227:9: note: &v->idle_work is queued here with schedule_delayed_work()
drivers/reentry/re_strict_kinds.c:265:9: note: INIT_WORK re-initialises &sc->refill_work after queue_work() queued it at line 264 of the same function (on sc->wq): the item may still be pending there (line 254 disables the item: if it is still disabled here, that queueing did nothing and this INIT_* enables it again, which is safe): INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:264:9: note: &sc->refill_work is queued here with queue_work()
drivers/reentry/re_strict_kinds.c:292:17: note: INIT_WORK re-initialises &ctx->work in rs_post_read(), which the item's work function rs_decrypt_fn() calls at line 285 with its own item: a run of rs_decrypt_fn() re-initialises the item it is running as, with the function it already has; while it runs, schedule_work() at drivers/reentry/re_strict_kinds.c:293 on system_wq can queue it again before this INIT_*, which then hits a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:293:17: note: &ctx->work is queued here with schedule_work()
drivers/reentry/re_strict_kinds.c:320:9: warning: INIT_WORK re-initialises &d->work in rs_dma_halt(), which then queues it (queue_work() at drivers/reentry/re_strict_kinds.c:321 on d->wq) each time it runs; rs_dma_halt() is called only from rs_dma_misc_thread(), an interrupt handler, which runs again whenever its source fires, whether or not the item queued last time has run: a second firing while that queueing is pending re-initialises a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_strict_kinds.c:321:9: note: &d->work is queued here with queue_work()
drivers/reentry/re_strict_kinds.c:347:9: warning: PREPARE_WORK gives &rs_fd_work the work function rs_fd_done() inside rs_fd_start(), the item's own work function, while it runs; queue_work() at drivers/reentry/re_strict_kinds.c:352 (on rs_fd_wq) can queue it meanwhile, and that run starts as rs_fd_done() after the running rs_fd_start(): every queueing puts it on rs_fd_wq, an ordered workqueue (alloc_ordered_workqueue() at drivers/reentry/re_strict_kinds.c:358), so its runs take turns, but a queued run starts as whatever function the item holds when it starts: the run queued for the old function runs as the new one, or the other way round; use one work function that dispatches on a stored state, or one item per function (as upstream did when 3.15 removed PREPARE_*WORK) [WQ013]
drivers/reentry/re_strict_kinds.c:357:9: note: INIT_WORK gives the same item rs_fd_start()
 * check-output-end
 */
