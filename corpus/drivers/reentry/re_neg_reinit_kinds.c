// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 kept, the negatives of re_reinit_kinds.c: a callee that
 * re-initialises the item only on a branch the work function's constant
 * argument rules out (dm-integrity's from_map); a run that hands its item
 * on to the next stage as its last act (dm-crypt); a request's own item,
 * initialised and queued once per request (drm's commit_work); a static
 * item behind a flag set once (lemote's initialized); a flag the work
 * clears as its last act; a free list refilled only after the run; a
 * timer that allocates its event; a static item in an __init function;
 * a callee given a new object, not the running one (f_tcm); a stage an
 * enum constant the work passes rules out (usb hub's HUB_INIT2).
 */
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

struct nk_io {
	struct work_struct work;
	int step;
};

static struct workqueue_struct *nk_wq;

static void nk_io_wait(struct work_struct *work);
static void nk_io_continue(struct work_struct *work);

static void nk_map_continue(struct nk_io *io, bool from_map)
{
	if (from_map) {
		INIT_WORK(&io->work, nk_io_wait);
		queue_work(nk_wq, &io->work);
		return;
	}
	io->step++;
}

static void nk_io_wait(struct work_struct *work)
{
	struct nk_io *io = container_of(work, struct nk_io, work);

	nk_map_continue(io, false);
}

static void nk_io_continue(struct work_struct *work)
{
}

static void nk_io_convert(struct nk_io *io)
{
	INIT_WORK(&io->work, nk_io_continue);
	queue_work(nk_wq, &io->work);
}

static void nk_io_crypt(struct work_struct *work)
{
	struct nk_io *io = container_of(work, struct nk_io, work);

	nk_io_convert(io);
}

void nk_io_start(struct nk_io *io)
{
	INIT_WORK(&io->work, nk_io_crypt);
	queue_work(nk_wq, &io->work);
}

/* a request's own item */
struct nk_state {
	struct work_struct commit_work;
};

static void nk_commit_fn(struct work_struct *work)
{
}

int nk_commit(struct nk_state *state)
{
	INIT_WORK(&state->commit_work, nk_commit_fn);
	queue_work(nk_wq, &state->commit_work);
	return 0;
}

/* a static item behind a flag set once */
static struct delayed_work nk_lid_task;
static int nk_initialized;

static void nk_lid_fn(struct work_struct *work)
{
}

void nk_wakeup(void)
{
	if (nk_initialized == 0) {
		INIT_DELAYED_WORK(&nk_lid_task, nk_lid_fn);
		nk_initialized = 1;
	}
	schedule_delayed_work(&nk_lid_task, 1);
}

/* a flag the work clears as its last act */
#define NK_QUEUED 0x1

struct nk_lock {
	unsigned long flags;
	int level;
	struct work_struct l_work;
};

static void nk_unblock(struct work_struct *work)
{
	struct nk_lock *l = container_of(work, struct nk_lock, l_work);

	l->level++;
	l->flags &= ~NK_QUEUED;
}

void nk_queue_lock(struct nk_lock *l)
{
	if (!(l->flags & NK_QUEUED)) {
		INIT_WORK(&l->l_work, nk_unblock);
		queue_work(nk_wq, &l->l_work);
		l->flags |= NK_QUEUED;
	}
}

/* a free list refilled only by the completion, after the run */
struct nk_id {
	struct list_head free_list;
};

struct nk_work {
	struct work_struct work;
	struct list_head entry;
	struct nk_id *id;
};

static struct nk_work *nk_get_work(struct nk_id *id)
{
	struct nk_work *w = list_first_entry(&id->free_list, struct nk_work, entry);

	list_del(&w->entry);
	return w;
}

void nk_work_done(struct nk_work *w)
{
	list_add(&w->entry, &w->id->free_list);
}

static void nk_work_fn(struct work_struct *work)
{
}

void nk_event(struct nk_id *id)
{
	struct nk_work *w = nk_get_work(id);

	INIT_WORK(&w->work, nk_work_fn);
	queue_work(nk_wq, &w->work);
}

/* a timer that allocates its event */
struct nk_event {
	struct work_struct work;
};

static void nk_event_fn(struct work_struct *work)
{
}

void nk_timer(struct timer_list *t)
{
	struct nk_event *ev = kzalloc(sizeof(*ev), GFP_ATOMIC);

	if (!ev)
		return;
	INIT_WORK(&ev->work, nk_event_fn);
	queue_work(nk_wq, &ev->work);
}

/* a static item in an __init function */
static struct work_struct nk_check_work;

static void nk_check_fn(struct work_struct *work)
{
}

static int __init nk_check_init(void)
{
	INIT_WORK(&nk_check_work, nk_check_fn);
	queue_work(nk_wq, &nk_check_work);
	return 0;
}

/* a callee given a new object, not the running one */
struct nk_cmd {
	struct work_struct work;
	struct nk_id *id;
};

static void nk_cmd_work(struct work_struct *work);

static struct nk_cmd *nk_get_cmd(struct nk_id *id)
{
	return kzalloc(sizeof(struct nk_cmd), GFP_ATOMIC);
}

static void nk_submit(struct nk_id *id)
{
	struct nk_cmd *cmd = nk_get_cmd(id);

	INIT_WORK(&cmd->work, nk_cmd_work);
	queue_work(nk_wq, &cmd->work);
}

static void nk_cmd_work(struct work_struct *work)
{
	struct nk_cmd *cmd = container_of(work, struct nk_cmd, work);

	nk_submit(cmd->id);
}

/* a stage chosen by an enum the work passes (usb hub's HUB_INIT2) */
enum nk_stage { NK_INIT, NK_INIT2 };

struct nk_hub {
	struct delayed_work init_work;
};

static void nk_hub_func2(struct work_struct *work);

static void nk_hub_activate(struct nk_hub *hub, enum nk_stage type)
{
	if (type == NK_INIT) {
		INIT_DELAYED_WORK(&hub->init_work, nk_hub_func2);
		schedule_delayed_work(&hub->init_work, 1);
	}
}

static void nk_hub_func2(struct work_struct *work)
{
	struct nk_hub *hub = container_of(work, struct nk_hub, init_work.work);

	nk_hub_activate(hub, NK_INIT2);
}

/*
 * check-name: condition 3 kept: a branch the constant rules out, a stage hand-off, a request's item, a flag set once or cleared last, a list refilled after the run, a new object
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
