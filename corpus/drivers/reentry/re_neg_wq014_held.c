// SPDX-License-Identifier: GPL-2.0
/*
 * WQ014's severity when the lock that serialises a body is not the work
 * function's first statement, kept: every item here is queued on
 * system_wq (schedule_*()) and on system_long_wq, so two runs can
 * overlap on two CPUs, and each is a note that says why the overlap
 * cannot race:
 * - the path's event work is one call of hd_table_event() (hd_table.c,
 *   beside this file), which holds hd_event_lock across its hook
 *   (dm-mpath's trigger_event() and dm_table_event());
 * - the battery's poll is one call of a function of this file that holds
 *   the battery's mutex across the update (bq27xxx);
 * - the codec's jack work first queues itself again and leaves while the
 *   card is not ready, finds its DAPM context in a local, takes the DAPM
 *   mutex through a helper macro of two levels and its calibration mutex,
 *   and after both only reports the jack (hd_jack_report(), under the
 *   jack's own mutex) and queues or cancels its check work (rt5682s);
 * - the decay work runs its cleaning under a mutex and re-arms itself
 *   through a wrapper that only computes the delay and queues (RAS CEC);
 * - the dirtytime work only walks its list and wakes each writeback
 *   through a function that queues under its own spinlock (fs-writeback);
 * - the eviction work moves entries off the shared dying list under its
 *   spinlock onto a list of its own and drops them from there
 *   (nf_conntrack's ecache work).
 * re_wq014_held.c has the look-alikes that stay warnings.
 */
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "hd_table.h"

#define HN_DECAY_DEFAULT	(24 * 60 * 60)

/* dm-mpath */
struct hn_path {
	struct hd_table *table;
	struct work_struct trigger_event;
};

static void hn_trigger_event(struct work_struct *work)
{
	struct hn_path *p = container_of(work, struct hn_path, trigger_event);

	hd_table_event(p->table);
}

void hn_fail_path(struct hn_path *p)
{
	queue_work(system_long_wq, &p->trigger_event);
}

void hn_reinstate_path(struct hn_path *p)
{
	schedule_work(&p->trigger_event);
}

/* bq27xxx */
struct hn_batt {
	struct mutex lock;
	struct delayed_work work;
	int capacity;
};

extern int hn_batt_read(struct hn_batt *b);

static void hn_batt_update(struct hn_batt *b)
{
	mutex_lock(&b->lock);
	b->capacity = hn_batt_read(b);
	mutex_unlock(&b->lock);
}

static void hn_batt_poll(struct work_struct *work)
{
	struct hn_batt *b = container_of(work, struct hn_batt, work.work);

	hn_batt_update(b);
}

void hn_batt_power_changed(struct hn_batt *b)
{
	mod_delayed_work(system_long_wq, &b->work, 0);
}

void hn_batt_resume(struct hn_batt *b)
{
	schedule_delayed_work(&b->work, 0);
}

/* rt5682s */
struct hn_dapm {
	struct mutex mutex;
};

struct hn_codec {
	int ready;
	struct mutex cal_mutex;
	struct hd_jack *jack;
	int type;
	struct delayed_work jack_work;
	struct delayed_work check_work;
};

extern struct hn_dapm *hn_codec_dapm(struct hn_codec *c);
extern int hn_detect(struct hn_codec *c);

static inline void _hn_dapm_mutex_lock_c(struct hn_dapm *dapm)
{
	mutex_lock(&dapm->mutex);
}

static inline void _hn_dapm_mutex_unlock_c(struct hn_dapm *dapm)
{
	mutex_unlock(&dapm->mutex);
}

#define hn_dapm_mutex_lock(x)	_hn_dapm_mutex_lock_c(x)
#define hn_dapm_mutex_unlock(x)	_hn_dapm_mutex_unlock_c(x)

static void hn_jack_detect(struct work_struct *work)
{
	struct hn_codec *c = container_of(work, struct hn_codec, jack_work.work);
	struct hn_dapm *dapm;

	if (!c->ready) {
		/* card not ready yet, try later */
		mod_delayed_work(system_long_wq, &c->jack_work, msecs_to_jiffies(15));
		return;
	}

	dapm = hn_codec_dapm(c);

	hn_dapm_mutex_lock(dapm);
	mutex_lock(&c->cal_mutex);
	c->type = hn_detect(c);
	mutex_unlock(&c->cal_mutex);
	hn_dapm_mutex_unlock(dapm);

	hd_jack_report(c->jack, c->type);

	if (c->type)
		schedule_delayed_work(&c->check_work, 0);
	else
		cancel_delayed_work_sync(&c->check_work);
}

static void hn_check(struct work_struct *work)
{
	struct hn_codec *c = container_of(work, struct hn_codec, check_work.work);

	if (!hn_detect(c))
		schedule_delayed_work(&c->jack_work, 0);
}

void hn_codec_irq(struct hn_codec *c)
{
	mod_delayed_work(system_long_wq, &c->jack_work, 0);
}

/* RAS CEC */
static struct delayed_work hn_decay_work;
static DEFINE_MUTEX(hn_ce_mutex);
static unsigned long hn_decay_interval = HN_DECAY_DEFAULT;

extern void hn_spring_clean(void);

static void hn_mod_work(unsigned long interval)
{
	unsigned long iv;

	iv = interval * HZ;
	mod_delayed_work(system_long_wq, &hn_decay_work, iv);
}

static void hn_decay_fn(struct work_struct *work)
{
	mutex_lock(&hn_ce_mutex);
	hn_spring_clean();
	mutex_unlock(&hn_ce_mutex);

	hn_mod_work(hn_decay_interval);
}

int hn_decay_interval_set(unsigned long val)
{
	hn_decay_interval = val;
	hn_mod_work(hn_decay_interval);
	return 0;
}

void hn_decay_init(void)
{
	INIT_DELAYED_WORK(&hn_decay_work, hn_decay_fn);
	schedule_delayed_work(&hn_decay_work, HN_DECAY_DEFAULT * HZ);
}

/* fs-writeback */
struct hn_bdi {
	struct list_head node;
	spinlock_t lock;
	int registered;
	struct list_head dirty;
	struct delayed_work dwork;
};

static LIST_HEAD(hn_bdi_list);
static unsigned int hn_expire_interval = 12 * 60 * 60;
static void hn_dirtytime_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(hn_dirtytime_work, hn_dirtytime_fn);

static void hn_wakeup(struct hn_bdi *bdi)
{
	spin_lock_irq(&bdi->lock);
	if (bdi->registered)
		mod_delayed_work(system_wq, &bdi->dwork, 0);
	spin_unlock_irq(&bdi->lock);
}

static void hn_dirtytime_fn(struct work_struct *work)
{
	struct hn_bdi *bdi;

	list_for_each_entry(bdi, &hn_bdi_list, node)
		if (!list_empty(&bdi->dirty))
			hn_wakeup(bdi);
	if (hn_expire_interval)
		schedule_delayed_work(&hn_dirtytime_work, hn_expire_interval * HZ);
}

int hn_dirtytime_interval_set(unsigned int val)
{
	hn_expire_interval = val;
	mod_delayed_work(system_long_wq, &hn_dirtytime_work, 0);
	return 0;
}

/* nf_conntrack's ecache */
struct hn_conn {
	struct list_head node;
};

struct hn_net {
	spinlock_t dying_lock;
	struct list_head dying;
	struct delayed_work dwork;
};

extern void hn_conn_put(struct hn_conn *ct);

static int hn_evict_list(struct hn_net *net)
{
	struct hn_conn *ct, *tmp;
	LIST_HEAD(evicted);
	int sent = 0;

	spin_lock_bh(&net->dying_lock);
	list_for_each_entry_safe(ct, tmp, &net->dying, node) {
		list_del(&ct->node);
		list_add(&ct->node, &evicted);
		if (++sent > 16)
			break;
	}
	spin_unlock_bh(&net->dying_lock);

	list_for_each_entry_safe(ct, tmp, &evicted, node) {
		list_del(&ct->node);
		hn_conn_put(ct);
	}
	return sent > 16;
}

static void hn_ecache_work(struct work_struct *work)
{
	struct hn_net *net = container_of(work, struct hn_net, dwork.work);
	int delay = -1;

	if (hn_evict_list(net))
		delay = 0;
	if (delay >= 0)
		schedule_delayed_work(&net->dwork, delay);
}

void hn_conn_destroyed(struct hn_net *net)
{
	mod_delayed_work(system_long_wq, &net->dwork, 0);
}

int hn_probe(struct hn_path *p, struct hn_batt *b, struct hn_codec *c, struct hn_net *net)
{
	INIT_WORK(&p->trigger_event, hn_trigger_event);
	INIT_DELAYED_WORK(&b->work, hn_batt_poll);
	INIT_DELAYED_WORK(&c->jack_work, hn_jack_detect);
	INIT_DELAYED_WORK(&c->check_work, hn_check);
	INIT_DELAYED_WORK(&net->dwork, hn_ecache_work);
	return 0;
}

/*
 * check-name: WQ014 held: a lock taken through a call, a helper or the body's one callee, or writes only under a lock or to the run's own, make the overlap a note naming it
 * check-command: wqcheck scan --rules=WQ014 $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_neg_wq014_held.c:56:9: note: schedule_work() queues &p->trigger_event on system_wq (schedule_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_neg_wq014_held.c:51: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hn_fail_path() at drivers/reentry/re_neg_wq014_held.c:51 on system_long_wq, can still be in hn_trigger_event() when run B, queued by hn_reinstate_path() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); hn_trigger_event()'s whole body runs under mutex_lock(&hd_event_lock), taken in hd_table_event(), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_wq014_held.c:51:9: note: &p->trigger_event is queued on system_long_wq here, with queue_work()
drivers/reentry/re_neg_wq014_held.c:89:9: note: schedule_delayed_work() queues &b->work on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_neg_wq014_held.c:84: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hn_batt_power_changed() at drivers/reentry/re_neg_wq014_held.c:84 on system_long_wq, can still be in hn_batt_poll() when run B, queued by hn_batt_resume() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); hn_batt_poll()'s whole body runs under mutex_lock(&b->lock), taken in hn_batt_update(), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_wq014_held.c:84:9: note: &b->work is queued on system_long_wq here, with mod_delayed_work()
drivers/reentry/re_neg_wq014_held.c:154:17: note: schedule_delayed_work() queues &c->jack_work on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_neg_wq014_held.c:129: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hn_jack_detect() at drivers/reentry/re_neg_wq014_held.c:129 (the work queueing itself again) on system_long_wq, can still be in hn_jack_detect() when run B, queued by hn_check() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); hn_jack_detect()'s whole body runs under hn_dapm_mutex_lock(dapm) (mutex_lock(&dapm->mutex) inside) (after it only hd_jack_report(), under mutex_lock(&jack->mutex)), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_wq014_held.c:129:17: note: &c->jack_work is queued on system_long_wq here, with mod_delayed_work(), by a run of the item
drivers/reentry/re_neg_wq014_held.c:196:9: note: schedule_delayed_work() queues &hn_decay_work on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_neg_wq014_held.c:174: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hn_mod_work() at drivers/reentry/re_neg_wq014_held.c:174 on system_long_wq, can still be in hn_decay_fn() when run B, queued by hn_decay_init() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); hn_decay_fn()'s whole body runs under mutex_lock(&hn_ce_mutex), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_wq014_held.c:174:9: note: &hn_decay_work is queued on system_long_wq here, with mod_delayed_work()
drivers/reentry/re_neg_wq014_held.c:235:9: note: mod_delayed_work() queues &hn_dirtytime_work on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_neg_wq014_held.c:229: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hn_dirtytime_fn() at drivers/reentry/re_neg_wq014_held.c:229 (the work queueing itself again) on system_wq, can still be in hn_dirtytime_fn() when run B, queued by hn_dirtytime_interval_set() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); hn_dirtytime_fn() writes nothing the two runs share (its assignments are to its locals; it reads, queues work and calls functions that write nothing), so an overlap wastes a run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_wq014_held.c:229:17: note: &hn_dirtytime_work is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
drivers/reentry/re_neg_wq014_held.c:287:9: note: mod_delayed_work() queues &net->dwork on system_long_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_neg_wq014_held.c:282: kernel/workqueue.c allocates system_long_wq and system_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by hn_ecache_work() at drivers/reentry/re_neg_wq014_held.c:282 (the work queueing itself again) on system_wq, can still be in hn_ecache_work() when run B, queued by hn_conn_destroyed() here on system_long_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); hn_ecache_work() writes what the two runs share only under spin_lock_bh(&net->dying_lock) in hn_evict_list() (elsewhere its own locals, what it took onto a list of its own, and references it holds), so the runs take turns where they write: an overlap wastes a run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_wq014_held.c:282:17: note: &net->dwork is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
 * check-output-end
 */
