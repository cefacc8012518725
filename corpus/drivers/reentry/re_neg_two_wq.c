// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 2 kept: the same workqueue reached through two spellings (a
 * macro for it, the member through two paths), an item only ever queued
 * on its one ordered workqueue, a work function re-queueing itself on the
 * same workqueue (allowed), the two branches of one choice, and an item
 * handed from one stage to the next, each stage freshly initialised.
 */
#include <linux/workqueue.h>

#define RE_EVENTS_WQ system_wq

struct re_ctrl {
	struct workqueue_struct *ordered_wq;
	struct work_struct scan;
	struct delayed_work tick;
	struct work_struct stage;
	struct work_struct pick;
	int fast;
};

struct re_child {
	struct re_ctrl *ctrl;
};

static struct workqueue_struct *re_stage1_wq;
static struct workqueue_struct *re_stage2_wq;

static void re_scan_fn(struct work_struct *work)
{
}

static void re_tick_fn(struct work_struct *work)
{
	struct re_ctrl *c = container_of(work, struct re_ctrl, tick.work);

	queue_delayed_work(system_wq, &c->tick, 100);
}

static void re_stage1_fn(struct work_struct *work)
{
}

static void re_stage2_fn(struct work_struct *work)
{
}

void re_ctrl_rescan(struct re_ctrl *c)
{
	queue_work(c->ordered_wq, &c->scan);
}

void re_child_rescan(struct re_child *ch)
{
	queue_work(ch->ctrl->ordered_wq, &ch->ctrl->scan);
}

void re_ctrl_kick(struct re_ctrl *c)
{
	queue_delayed_work(RE_EVENTS_WQ, &c->tick, 0);
	schedule_delayed_work(&c->tick, 1);
}

void re_ctrl_pick(struct re_ctrl *c)
{
	if (c->fast)
		queue_work(system_long_wq, &c->pick);
	else
		queue_work(system_freezable_wq, &c->pick);
}

void re_ctrl_stage1(struct re_ctrl *c)
{
	INIT_WORK(&c->stage, re_stage1_fn);
	queue_work(re_stage1_wq, &c->stage);
}

void re_ctrl_stage2(struct re_ctrl *c)
{
	INIT_WORK(&c->stage, re_stage2_fn);
	queue_work(re_stage2_wq, &c->stage);
}

void re_ctrl_setup(struct re_ctrl *c)
{
	c->ordered_wq = alloc_ordered_workqueue("re_ctrl", 0);
	re_stage1_wq = alloc_workqueue("re_stage1", 0, 0);
	re_stage2_wq = alloc_workqueue("re_stage2", 0, 0);
	INIT_WORK(&c->scan, re_scan_fn);
	INIT_DELAYED_WORK(&c->tick, re_tick_fn);
	INIT_WORK(&c->pick, re_scan_fn);
}

/*
 * check-name: condition 2 kept: one workqueue two spellings, one ordered wq, self-requeue, exclusive branches, staged hand-off
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
