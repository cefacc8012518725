// SPDX-License-Identifier: GPL-2.0
/* Input for prepare_work.cocci: the function of a work item changed. */
#include <linux/workqueue.h>

struct chip {
	int state;
	struct work_struct irq_work;
	struct work_struct reset_work;
	struct delayed_work poll;
	struct work_struct once;
	struct work_struct idle;
};

struct timer_cb {
	void (*func)(unsigned long data);
};

static struct workqueue_struct *chip_wq;
static void chip_event(struct work_struct *work);
static DECLARE_WORK(chip_event_work, chip_event);

static void chip_irq_a(struct work_struct *work)
{
}

static void chip_irq_b(struct work_struct *work)
{
}

static void chip_poll_slow(struct work_struct *work)
{
}

/* reported: the running work function re-aims its own item */
static void chip_poll_fast(struct work_struct *work)
{
	struct chip *c = container_of(work, struct chip, poll.work);

	PREPARE_DELAYED_WORK(&c->poll, chip_poll_slow);
	queue_delayed_work(chip_wq, &c->poll, HZ);
}

static void chip_event_late(struct work_struct *work)
{
}

/* reported: a global item, re-aimed inside its own work function */
static void chip_event(struct work_struct *work)
{
	PREPARE_WORK(&chip_event_work, chip_event_late);
}

/* reported: re-aimed and queued by the same function */
void chip_irq(struct chip *c, int b)
{
	PREPARE_WORK(&c->irq_work, (work_func_t)chip_irq_b);
	schedule_work(&c->irq_work);
}

/* reported: .func of an item queued elsewhere, and of a delayed item's work */
void chip_reset_request(struct chip *c)
{
	c->reset_work.func = chip_irq_b;
	c->poll.work.func = chip_poll_slow;
}

void chip_kick(struct chip *c)
{
	schedule_work(&c->reset_work);
	queue_work(chip_wq, &chip_event_work);
}

/* reported as not live: right after its INIT_*, before the first queueing */
void chip_setup(struct chip *c, int slow)
{
	INIT_WORK(&c->irq_work, chip_irq_a);
	INIT_WORK(&c->reset_work, chip_irq_a);
	INIT_DELAYED_WORK(&c->poll, chip_poll_fast);
	INIT_WORK(&c->once, chip_irq_a);
	INIT_WORK(&c->idle, chip_irq_a);
	if (slow)
		PREPARE_WORK(&c->once, chip_irq_b);
	schedule_work(&c->once);
}

/* reported as not live: never queued in this file */
void chip_idle_mode(struct chip *c)
{
	c->idle.func = chip_irq_b;
}

/* not reported: a .func that is no work item's */
void chip_timer(struct chip *c, struct timer_cb *cb, struct timer_cb t)
{
	cb->func = NULL;
	t.func = NULL;
	c->state = 0;
}

struct chip_cb {
	void (*func)(struct chip_cb *cb);
};

struct chip_extra {
	struct work_struct same_work;
	struct work_struct solo_work;
	struct work_struct via_work;
	struct work_struct off_work;
	struct work_struct null_work;
	struct work_struct ext_work;
	struct chip_cb cb_work;
};

/* not reported: the item only ever gets this one function */
void chip_same(struct chip_extra *x)
{
	INIT_WORK(&x->same_work, chip_irq_a);
	PREPARE_WORK(&x->same_work, chip_irq_a);
	schedule_work(&x->same_work);
}

/* not reported: .func gives the one function the item ever gets, or NULL */
void chip_solo(struct chip_extra *x)
{
	x->solo_work.func = chip_irq_b;
	x->off_work.func = NULL;
}

void chip_solo_kick(struct chip_extra *x)
{
	schedule_work(&x->solo_work);
	schedule_work(&x->off_work);
}

/* reported: the function comes in a variable, not one of this file */
void chip_via(struct chip_extra *x, work_func_t handler)
{
	PREPARE_WORK(&x->via_work, handler);
	schedule_work(&x->via_work);
}

/* not reported: INIT_WORK(w, NULL) gives no function, PREPARE_WORK the one */
void chip_null_setup(struct chip_extra *x)
{
	INIT_WORK(&x->null_work, NULL);
}

void chip_null_kick(struct chip_extra *x)
{
	PREPARE_WORK(&x->null_work, chip_irq_a);
	schedule_work(&x->null_work);
}

/* reported: a work function given and a saved one put back, on an item set
 * up and queued in another file (as i915's selftest_rps.c does) */
void chip_swap(struct chip_extra *x)
{
	work_func_t saved = x->ext_work.func;

	x->ext_work.func = chip_irq_b;
	x->ext_work.func = saved;
}

static void chip_cb_done(struct chip_cb *cb)
{
}

/* not reported: the .func of a callback, not of a work item */
void chip_cb_set(struct chip_extra *x)
{
	x->cb_work.func = chip_cb_done;
}
