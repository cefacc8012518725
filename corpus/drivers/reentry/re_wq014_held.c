// SPDX-License-Identifier: GPL-2.0
/*
 * The look-alikes of re_neg_wq014_held.c that stay WQ014 warnings: each
 * item is queued on system_wq and on system_long_wq, and its work writes
 * state the two runs share where no lock of its own serialises it:
 * - the path's event work is one call of hd_table_event_late(), which
 *   counts the event after giving hd_event_lock back;
 * - the battery's poll calls the locked update, then counts the poll;
 * - the codec's jack work stores the type it reported after the unlock;
 * - the decay work re-arms itself through a wrapper that also records the
 *   interval in a global;
 * - the dirtytime work counts its wake-ups in each writeback it walks;
 * - the eviction work records how many it evicted after the unlock;
 * - the op work drops its lock to apply the op through a helper that sets
 *   the global state under another mutex, two calls down: two runs apply
 *   their ops in either order (rfkill's input handler).
 */
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "hd_table.h"

/* dm-mpath, counting after the unlock */
struct hw_path {
	struct hd_table *table;
	struct work_struct trigger_event;
};

static void hw_trigger_event(struct work_struct *work)
{
	struct hw_path *p = container_of(work, struct hw_path, trigger_event);

	hd_table_event_late(p->table);
}

void hw_fail_path(struct hw_path *p)
{
	queue_work(system_long_wq, &p->trigger_event);
}

void hw_reinstate_path(struct hw_path *p)
{
	schedule_work(&p->trigger_event);
}

/* bq27xxx, counting its polls */
struct hw_batt {
	struct mutex lock;
	struct delayed_work work;
	int capacity, polls;
};

extern int hw_batt_read(struct hw_batt *b);

static void hw_batt_update(struct hw_batt *b)
{
	mutex_lock(&b->lock);
	b->capacity = hw_batt_read(b);
	mutex_unlock(&b->lock);
}

static void hw_batt_poll(struct work_struct *work)
{
	struct hw_batt *b = container_of(work, struct hw_batt, work.work);

	hw_batt_update(b);
	b->polls++;
}

void hw_batt_power_changed(struct hw_batt *b)
{
	mod_delayed_work(system_long_wq, &b->work, 0);
}

void hw_batt_resume(struct hw_batt *b)
{
	schedule_delayed_work(&b->work, 0);
}

/* rt5682s, storing what it reported after the unlock */
struct hw_codec {
	struct mutex dapm_mutex;
	struct mutex cal_mutex;
	struct hd_jack *jack;
	int type, reported;
	struct delayed_work jack_work;
};

extern int hw_detect(struct hw_codec *c);

static void hw_jack_detect(struct work_struct *work)
{
	struct hw_codec *c = container_of(work, struct hw_codec, jack_work.work);

	mutex_lock(&c->dapm_mutex);
	mutex_lock(&c->cal_mutex);
	c->type = hw_detect(c);
	mutex_unlock(&c->cal_mutex);
	mutex_unlock(&c->dapm_mutex);

	c->reported = c->type;
	hd_jack_report(c->jack, c->type);
}

void hw_codec_irq(struct hw_codec *c)
{
	mod_delayed_work(system_long_wq, &c->jack_work, 0);
}

void hw_codec_check(struct hw_codec *c)
{
	schedule_delayed_work(&c->jack_work, 0);
}

/* RAS CEC, its wrapper recording the interval */
static struct delayed_work hw_decay_work;
static DEFINE_MUTEX(hw_ce_mutex);
static unsigned long hw_decay_interval = 24 * 60 * 60;
static unsigned long hw_last_interval;

extern void hw_spring_clean(void);

static void hw_mod_work(unsigned long interval)
{
	unsigned long iv;

	iv = interval * HZ;
	hw_last_interval = iv;
	mod_delayed_work(system_long_wq, &hw_decay_work, iv);
}

static void hw_decay_fn(struct work_struct *work)
{
	mutex_lock(&hw_ce_mutex);
	hw_spring_clean();
	mutex_unlock(&hw_ce_mutex);

	hw_mod_work(hw_decay_interval);
}

int hw_decay_interval_set(unsigned long val)
{
	hw_decay_interval = val;
	hw_mod_work(hw_decay_interval);
	return 0;
}

void hw_decay_init(void)
{
	INIT_DELAYED_WORK(&hw_decay_work, hw_decay_fn);
	schedule_delayed_work(&hw_decay_work, 24 * 60 * 60 * HZ);
}

/* fs-writeback, counting the wake-ups in the writeback */
struct hw_bdi {
	struct list_head node;
	struct list_head dirty;
	int wakeups;
};

static LIST_HEAD(hw_bdi_list);
extern void hw_wb_wakeup(struct hw_bdi *bdi);
static void hw_dirtytime_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(hw_dirtytime_work, hw_dirtytime_fn);

static void hw_dirtytime_fn(struct work_struct *work)
{
	struct hw_bdi *bdi;

	list_for_each_entry(bdi, &hw_bdi_list, node) {
		if (!list_empty(&bdi->dirty))
			bdi->wakeups++;
	}
	schedule_delayed_work(&hw_dirtytime_work, 12 * 60 * 60 * HZ);
}

int hw_dirtytime_interval_set(void)
{
	mod_delayed_work(system_long_wq, &hw_dirtytime_work, 0);
	return 0;
}

/* nf_conntrack's ecache, recording the count after the unlock */
struct hw_conn {
	struct list_head node;
};

struct hw_net {
	spinlock_t dying_lock;
	struct list_head dying;
	struct delayed_work dwork;
	int evicted;
};

extern void hw_conn_put(struct hw_conn *ct);

static void hw_ecache_work(struct work_struct *work)
{
	struct hw_net *net = container_of(work, struct hw_net, dwork.work);
	struct hw_conn *ct, *tmp;
	LIST_HEAD(evicted);
	int sent = 0;

	spin_lock_bh(&net->dying_lock);
	list_for_each_entry_safe(ct, tmp, &net->dying, node) {
		list_del(&ct->node);
		list_add(&ct->node, &evicted);
		sent++;
	}
	spin_unlock_bh(&net->dying_lock);

	list_for_each_entry_safe(ct, tmp, &evicted, node) {
		list_del(&ct->node);
		hw_conn_put(ct);
	}
	net->evicted = sent;
}

void hw_conn_destroyed(struct hw_net *net)
{
	mod_delayed_work(system_long_wq, &net->dwork, 0);
}

void hw_net_kick(struct hw_net *net)
{
	schedule_delayed_work(&net->dwork, 0);
}

/* rfkill's input handler: the op applied with the lock dropped */
static DEFINE_SPINLOCK(hw_op_lock);
static DEFINE_MUTEX(hw_global_mutex);
static int hw_op, hw_op_pending, hw_global_state;

static void hw_apply_global(int op)
{
	mutex_lock(&hw_global_mutex);
	hw_global_state = op;
	mutex_unlock(&hw_global_mutex);
}

static void hw_handle_op(int op)
{
	if (op)
		hw_apply_global(op);
}

static void hw_op_handler(struct work_struct *work)
{
	int op;

	spin_lock_irq(&hw_op_lock);
	while (hw_op_pending) {
		op = hw_op;
		hw_op_pending = 0;
		spin_unlock_irq(&hw_op_lock);

		hw_handle_op(op);

		spin_lock_irq(&hw_op_lock);
	}
	spin_unlock_irq(&hw_op_lock);
}

static DECLARE_DELAYED_WORK(hw_op_work, hw_op_handler);

void hw_schedule_op(int op)
{
	spin_lock_irq(&hw_op_lock);
	hw_op = op;
	hw_op_pending = 1;
	spin_unlock_irq(&hw_op_lock);
	schedule_delayed_work(&hw_op_work, 0);
}

void hw_epo(void)
{
	mod_delayed_work(system_long_wq, &hw_op_work, 0);
}

int hw_probe(struct hw_path *p, struct hw_batt *b, struct hw_codec *c, struct hw_net *net)
{
	INIT_WORK(&p->trigger_event, hw_trigger_event);
	INIT_DELAYED_WORK(&b->work, hw_batt_poll);
	INIT_DELAYED_WORK(&c->jack_work, hw_jack_detect);
	INIT_DELAYED_WORK(&net->dwork, hw_ecache_work);
	return 0;
}

/*
 * check-name: WQ014 held: the look-alikes that write shared state outside any lock stay warnings
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_wq014_held.c:45:9: warning: schedule_work() queues &p->trigger_event on system_wq (schedule_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_held.c:40: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hw_fail_path() at drivers/reentry/re_wq014_held.c:40 on system_long_wq, can still be in hw_trigger_event() when run B, queued by hw_reinstate_path() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across hw_trigger_event()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_held.c:40:9: note: &p->trigger_event is queued on system_long_wq here, with queue_work()
drivers/reentry/re_wq014_held.c:79:9: warning: schedule_delayed_work() queues &b->work on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_held.c:74: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hw_batt_power_changed() at drivers/reentry/re_wq014_held.c:74 on system_long_wq, can still be in hw_batt_poll() when run B, queued by hw_batt_resume() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across hw_batt_poll()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_held.c:74:9: note: &b->work is queued on system_long_wq here, with mod_delayed_work()
drivers/reentry/re_wq014_held.c:114:9: warning: schedule_delayed_work() queues &c->jack_work on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_held.c:109: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hw_codec_irq() at drivers/reentry/re_wq014_held.c:109 on system_long_wq, can still be in hw_jack_detect() when run B, queued by hw_codec_check() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across hw_jack_detect()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_held.c:109:9: note: &c->jack_work is queued on system_long_wq here, with mod_delayed_work()
drivers/reentry/re_wq014_held.c:153:9: warning: schedule_delayed_work() queues &hw_decay_work on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_held.c:131: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hw_mod_work() at drivers/reentry/re_wq014_held.c:131 on system_long_wq, can still be in hw_decay_fn() when run B, queued by hw_decay_init() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across hw_decay_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_held.c:131:9: note: &hw_decay_work is queued on system_long_wq here, with mod_delayed_work()
drivers/reentry/re_wq014_held.c:181:9: warning: mod_delayed_work() queues &hw_dirtytime_work on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_wq014_held.c:176: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hw_dirtytime_fn() at drivers/reentry/re_wq014_held.c:176 (the work queueing itself again) on system_wq, can still be in hw_dirtytime_fn() when run B, queued by hw_dirtytime_interval_set() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across hw_dirtytime_fn()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_held.c:176:9: note: &hw_dirtytime_work is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
drivers/reentry/re_wq014_held.c:228:9: warning: schedule_delayed_work() queues &net->dwork on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_wq014_held.c:223: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hw_conn_destroyed() at drivers/reentry/re_wq014_held.c:223 on system_long_wq, can still be in hw_ecache_work() when run B, queued by hw_net_kick() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across hw_ecache_work()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_held.c:223:9: note: &net->dwork is queued on system_long_wq here, with mod_delayed_work()
drivers/reentry/re_wq014_held.c:279:9: warning: mod_delayed_work() queues &hw_op_work on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_wq014_held.c:274: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hw_schedule_op() at drivers/reentry/re_wq014_held.c:274 on system_wq, can still be in hw_op_handler() when run B, queued by hw_epo() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across hw_op_handler()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_wq014_held.c:274:9: note: &hw_op_work is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work()
 * check-output-end
 */
