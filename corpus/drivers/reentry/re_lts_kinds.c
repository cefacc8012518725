// SPDX-License-Identifier: GPL-2.0
/*
 * The warnings of the v5.15 strict reading that stay warnings, and the
 * one it found missing, each with what its message must say:
 * - an irq_chip's .irq_startup that re-initialises the chip's poll item,
 *   which its work keeps queued: the interrupt core starts each line of
 *   the chip, and the second line's startup meets the live item
 *   (hid-cp2112's GPIO poll): a WQ015 warning;
 * - a timer helper that re-initialises the running item and then queues
 *   it, called only by the item's own work and by set-up, with a
 *   synchronous cancel at teardown (batman-adv's purge timers): nothing
 *   queues the item before that INIT_*, whose harm is the cancel that no
 *   longer waits: a WQ015 warning that says so;
 * - the once-flag of re_neg_lts_kinds.c set back by a reset: the block
 *   runs again while the item lives: a WQ015 warning;
 * - the debug-print body of re_neg_lts_kinds.c with a print whose
 *   argument writes the port's state after the unlock: a WQ014 warning.
 */
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

/* --- an irq_chip method re-initialising its self-requeueing poll --- */

struct irq_data;

struct irq_chip {
	unsigned int (*irq_startup)(struct irq_data *d);
	void (*irq_shutdown)(struct irq_data *d);
};

extern void *irq_data_get_irq_chip_data(struct irq_data *d);

struct lk_gpio {
	struct irq_chip irq;
	struct delayed_work poll_work;
	bool polling;
	unsigned int state;
};

extern unsigned int lk_read_gpios(struct lk_gpio *dev);

static void lk_poll_fn(struct work_struct *work)
{
	struct lk_gpio *dev = container_of(work, struct lk_gpio, poll_work.work);

	dev->state = lk_read_gpios(dev);
	if (dev->polling)
		schedule_delayed_work(&dev->poll_work, 10);
}

static unsigned int lk_irq_startup(struct irq_data *d)
{
	struct lk_gpio *dev = irq_data_get_irq_chip_data(d);

	INIT_DELAYED_WORK(&dev->poll_work, lk_poll_fn);
	if (!dev->polling) {
		dev->polling = true;
		schedule_delayed_work(&dev->poll_work, 0);
	}
	return 0;
}

static void lk_irq_shutdown(struct irq_data *d)
{
	struct lk_gpio *dev = irq_data_get_irq_chip_data(d);

	cancel_delayed_work_sync(&dev->poll_work);
}

int lk_gpio_probe(struct lk_gpio *dev)
{
	dev->irq.irq_startup = lk_irq_startup;
	dev->irq.irq_shutdown = lk_irq_shutdown;
	return 0;
}

/* --- a running item re-initialised by its own timer helper --- */

struct lk_priv {
	void *hash;
	struct {
		struct delayed_work work;
	} dat;
};

static struct workqueue_struct *lk_event_wq;

extern void lk_purge_entries(struct lk_priv *priv);
extern void *lk_hash_new(void);
extern void lk_hash_free(void *hash);

static void lk_purge(struct work_struct *work);

static void lk_start_timer(struct lk_priv *priv)
{
	INIT_DELAYED_WORK(&priv->dat.work, lk_purge);
	queue_delayed_work(lk_event_wq, &priv->dat.work, msecs_to_jiffies(10000));
}

static void lk_purge(struct work_struct *work)
{
	struct delayed_work *dw = to_delayed_work(work);
	struct lk_priv *priv = container_of(dw, struct lk_priv, dat.work);

	lk_purge_entries(priv);
	lk_start_timer(priv);
}

int lk_dat_init(struct lk_priv *priv)
{
	if (priv->hash)
		return 0;
	priv->hash = lk_hash_new();
	if (!priv->hash)
		return -1;
	lk_start_timer(priv);
	return 0;
}

void lk_dat_free(struct lk_priv *priv)
{
	cancel_delayed_work_sync(&priv->dat.work);
	lk_hash_free(priv->hash);
	priv->hash = NULL;
}

int lk_mesh_init(void)
{
	lk_event_wq = create_singlethread_workqueue("lk_events");
	return lk_event_wq ? 0 : -1;
}

/* --- a once-flag a reset sets back --- */

static struct work_struct lk_notify_work;
static bool lk_init_done;

extern long lk_probe_caps(void);
extern void lk_unregister_video(void);

static int lk_get_type(void);

static void lk_notify_fn(struct work_struct *work)
{
	if (lk_get_type() != 1)
		lk_unregister_video();
}

void lk_backlight_event(int raw)
{
	if (raw)
		schedule_work(&lk_notify_work);
}

static int lk_get_type(void)
{
	static DEFINE_MUTEX(init_mutex);
	static long caps;

	mutex_lock(&init_mutex);
	if (!lk_init_done) {
		caps = lk_probe_caps();
		INIT_WORK(&lk_notify_work, lk_notify_fn);
		lk_init_done = true;
	}
	mutex_unlock(&init_mutex);
	return caps ? 1 : 0;
}

void lk_video_reprobe(void)
{
	lk_init_done = false;
}

/* --- a print that writes after the unlock --- */

#define LK_DPRINTK(fmt, args...)

struct lk_port {
	struct mutex scan_mutex;
	struct delayed_work hotplug_task;
	int scans;
	int exits;
};

extern void lk_detach_links(struct lk_port *ap);

static void lk_hotplug(struct work_struct *work)
{
	struct lk_port *ap = container_of(work, struct lk_port, hotplug_task.work);

	LK_DPRINTK("ENTER\n");
	mutex_lock(&ap->scan_mutex);
	lk_detach_links(ap);
	queue_delayed_work(system_long_wq, &ap->hotplug_task, round_jiffies_relative(HZ));
	mutex_unlock(&ap->scan_mutex);
	LK_DPRINTK("EXIT %d\n", ap->exits++);
}

void lk_port_init(struct lk_port *ap)
{
	mutex_init(&ap->scan_mutex);
	INIT_DELAYED_WORK(&ap->hotplug_task, lk_hotplug);
}

void lk_port_error_done(struct lk_port *ap)
{
	schedule_delayed_work(&ap->hotplug_task, 0);
}

/*
 * check-name: the v5.15 reading's warnings: an irq_chip startup re-initialising a live poll, a running item's own timer helper and the cancel it misleads, a once-flag set back, a print that writes
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_lts_kinds.c:57:9: warning: INIT_DELAYED_WORK re-initialises &dev->poll_work in lk_irq_startup(), which then queues it (schedule_delayed_work() at drivers/reentry/re_lts_kinds.c:60 on system_wq) each time it runs; lk_irq_startup() is an irq_chip method, which the interrupt core calls for each interrupt line of the chip, whether or not the item queued last time has run: a call for a second line while that queueing is pending re-initialises a queued item, and lk_poll_fn() queues the item again as it runs (drivers/reentry/re_lts_kinds.c:50), so it stays live from the first call on: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_lts_kinds.c:60:17: note: &dev->poll_work is queued here with schedule_delayed_work()
drivers/reentry/re_lts_kinds.c:98:9: warning: INIT_DELAYED_WORK re-initialises &priv->dat.work in lk_start_timer(), which the item's work function lk_purge() calls at line 108 with its own item: a run of lk_purge() re-initialises the item it is running as, with the function it already has; every queueing of the item is in lk_start_timer() after this INIT_* (queue_delayed_work() at drivers/reentry/re_lts_kinds.c:99 on lk_event_wq), so none can make it pending before it: the INIT_* meets the running item, not a queued one, and clears the record of the pool it runs on, so the workqueue no longer sees this run as the item's; cancel_delayed_work_sync() at drivers/reentry/re_lts_kinds.c:124 then sees an idle item and returns while this run goes on, and the run's queueing arms the item again after that cancel: initialise the item once where it is set up, and requeue it without INIT_* [WQ015]
drivers/reentry/re_lts_kinds.c:99:9: note: &priv->dat.work is queued here with queue_delayed_work()
drivers/reentry/re_lts_kinds.c:165:17: warning: INIT_WORK re-initialises &lk_notify_work in lk_get_type(), which the item's work function lk_notify_fn() calls at line 147 with its own item: a run of lk_notify_fn() re-initialises the item it is running as, with the function it already has; while it runs, schedule_work() at drivers/reentry/re_lts_kinds.c:154 on system_wq can queue it again before this INIT_*, which then hits a queued item: INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/re_lts_kinds.c:154:17: note: &lk_notify_work is queued here with schedule_work()
drivers/reentry/re_lts_kinds.c:210:9: warning: schedule_delayed_work() queues &ap->hotplug_task on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_lts_kinds.c:197: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by lk_hotplug() at drivers/reentry/re_lts_kinds.c:197 (the work queueing itself again) on system_long_wq, can still be in lk_hotplug() when run B, queued by lk_port_error_done() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); no lock is held across lk_hotplug()'s body, so the two runs can touch its state at the same time; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_lts_kinds.c:197:9: note: &ap->hotplug_task is queued on system_long_wq here, with queue_delayed_work(), by a run of the item
 * check-output-end
 */
