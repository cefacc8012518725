// SPDX-License-Identifier: GPL-2.0
/* Input for two_workqueues.cocci: one item queued on two workqueues. */
#include <linux/workqueue.h>

#define CHIP_EVENTS_WQ	system_wq
#define CHIP_SLOW_WQ	system_long_wq

struct chip {
	struct workqueue_struct *own_wq;
	struct delayed_work poll;
	struct work_struct event;
	struct work_struct pick;
	struct work_struct stage;
	struct work_struct tick;
	struct work_struct alias;
	struct work_struct hp;
	int fast;
};

static struct workqueue_struct *chip_rx_wq;
static struct workqueue_struct *chip_tx_wq;
static struct workqueue_struct *chip_stage1_wq;
static struct workqueue_struct *chip_stage2_wq;
static struct work_struct chip_flush_work;

static void chip_fn(struct work_struct *work)
{
}

/* reported (chip_poll_kick): schedule_*() is system_wq, the kick is not */
static void chip_poll_fn(struct work_struct *work)
{
	struct chip *c = container_of(work, struct chip, poll.work);

	schedule_delayed_work(&c->poll, HZ);
}

void chip_poll_kick(struct chip *c)
{
	mod_delayed_work(system_long_wq, &c->poll, 0);
}

/* reported: a global item on two workqueues of the driver (the later site) */
void chip_rx_done(void)
{
	queue_work(chip_rx_wq, &chip_flush_work);
}

void chip_tx_done(void)
{
	queue_work(chip_tx_wq, &chip_flush_work);
}

/* reported: the odd one out, though it comes first */
void chip_hp(struct chip *c)
{
	queue_work(system_highpri_wq, &c->hp);
}

void chip_hp_again(struct chip *c)
{
	schedule_work(&c->hp);
}

void chip_hp_once_more(struct chip *c)
{
	schedule_work(&c->hp);
}

/* reported: a macro for another workqueue */
void chip_alias(struct chip *c)
{
	queue_work(CHIP_SLOW_WQ, &c->alias);
}

void chip_alias_again(struct chip *c)
{
	schedule_work(&c->alias);
}

/* not reported: one workqueue, two spellings; a self-requeue on it */
static void chip_tick_fn(struct work_struct *work)
{
	struct chip *c = container_of(work, struct chip, tick);

	queue_work(system_wq, &c->tick);
}

void chip_tick(struct chip *c)
{
	queue_work(CHIP_EVENTS_WQ, &c->tick);
	schedule_work(&c->tick);
}

/* not reported: the two branches of one choice */
void chip_pick(struct chip *c)
{
	if (c->fast)
		queue_work(system_highpri_wq, &c->pick);
	else
		queue_work(system_long_wq, &c->pick);
}

/* not reported: a hand-off, each stage freshly initialised */
void chip_stage1(struct chip *c)
{
	INIT_WORK(&c->stage, chip_fn);
	queue_work(chip_stage1_wq, &c->stage);
}

void chip_stage2(struct chip *c)
{
	INIT_WORK(&c->stage, chip_fn);
	queue_work(chip_stage2_wq, &c->stage);
}

/* reported (retry): a member's workqueue; not: a parameter's (wqcheck's) */
void chip_event_irq(struct chip *c)
{
	queue_work(c->own_wq, &c->event);
}

void chip_event_param(struct chip *c, struct workqueue_struct *wq)
{
	queue_work(wq, &c->event);
}

void chip_event_retry(struct chip *c)
{
	schedule_work(&c->event);
}

void chip_setup(struct chip *c)
{
	INIT_DELAYED_WORK(&c->poll, chip_poll_fn);
	INIT_WORK(&c->event, chip_fn);
	INIT_WORK(&c->pick, chip_fn);
	INIT_WORK(&c->tick, chip_tick_fn);
	INIT_WORK(&c->alias, chip_fn);
	INIT_WORK(&c->hp, chip_fn);
	INIT_WORK(&chip_flush_work, chip_fn);
}

struct chip_obj {
	struct work_struct born;
	struct work_struct prio;
};

/* not reported: the first queueing of an object made there */
struct chip_obj *chip_obj_new(void)
{
	struct chip_obj *o = kzalloc(sizeof(*o), GFP_KERNEL);

	if (o)
		queue_work(system_long_wq, &o->born);
	return o;
}

void chip_obj_poke(struct chip_obj *o)
{
	schedule_work(&o->born);
}

void chip_obj_poke_again(struct chip_obj *o)
{
	schedule_work(&o->born);
}

/* not reported: both sites choose between the same two workqueues */
void chip_obj_irq(struct chip_obj *o, int hi)
{
	if (hi)
		queue_work(system_highpri_wq, &o->prio);
	else
		queue_work(system_long_wq, &o->prio);
}

void chip_obj_retry(struct chip_obj *o, int hi)
{
	if (hi)
		queue_work(system_highpri_wq, &o->prio);
	else
		queue_work(system_long_wq, &o->prio);
}

struct chip_rx {
	struct work_struct work;
};

struct chip_tx {
	struct work_struct work;
};

/* not reported: &rx->work and &tx->work are items of two structs */
void chip_rx_kick(struct chip_rx *rx)
{
	queue_work(chip_rx_wq, &rx->work);
}

void chip_tx_kick(struct chip_tx *tx)
{
	queue_work(chip_tx_wq, &tx->work);
}

struct chip_hub {
	struct workqueue_struct *wq;
};

struct chip_port {
	struct chip_hub *hub;
	struct work_struct scan;
};

/* not reported: hub->wq and port->hub->wq, one member reached two ways */
void chip_port_scan(struct chip_port *port)
{
	queue_work(port->hub->wq, &port->scan);
}

void chip_port_rescan(struct chip_hub *hub, struct chip_port *port)
{
	queue_work(hub->wq, &port->scan);
}

struct chip_cmd {
	struct work_struct work;
};

/* reported (tmr): an INIT_* in each branch is not, read line by line, on
 * every path to the queueing after them: the two sites are not both of a
 * freshly initialised item */
void chip_cmd_done(struct chip_cmd *cmd, int ok)
{
	if (ok) {
		INIT_WORK(&cmd->work, chip_fn);
	} else {
		INIT_WORK(&cmd->work, chip_tick_fn);
	}
	queue_work(chip_rx_wq, &cmd->work);
}

void chip_cmd_tmr(struct chip_cmd *cmd)
{
	INIT_WORK(&cmd->work, chip_fn);
	queue_work(chip_tx_wq, &cmd->work);
}
