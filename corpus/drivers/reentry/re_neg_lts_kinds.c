// SPDX-License-Identifier: GPL-2.0
/*
 * The independent strict reading of an LTS-era tree (v5.15) found five
 * warnings the code rules out; each shape is kept here, none may warn:
 * - an item initialised once, in the `if (!init_done)` block of a static
 *   flag nothing sets back, by a function its own work calls: no
 *   queueing comes before that INIT_*, and a later run finds the flag
 *   set (acpi's backlight type detection): no finding;
 * - a work body under one mutex with debug prints before the lock, in
 *   the early-return test and after the unlock (libata's DPRINTK()s): a
 *   print writes only the kernel log, a WQ014 note naming the mutex;
 * - a body taken by a driver's helper that tries the mutex in a loop
 *   and fails non-zero, requeueing itself on failure, with an error path
 *   that prints and calls a close that spins on the same mutex (iavf's
 *   reset task): a WQ014 note naming the helper;
 * - a body that writes only under its locks and then puts the reference
 *   its queueing took, on a file's static workqueue (ipv6's mld query
 *   work): a WQ014 note that names the workqueue by its name.
 */
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "re_lts.h"

extern void usleep_range(unsigned long min, unsigned long max);
extern long nl_wait(int cond, unsigned long timeout);
#define wait_event_timeout(wq, cond, timeout)	nl_wait((cond), (timeout))

/* --- initialised once, under a static flag, by what its work calls --- */

static struct work_struct nl_notify_work;

extern long nl_probe_caps(void);
extern void nl_register_notifier(void);
extern void nl_unregister_video(void);

static int nl_get_type(void);

static void nl_notify_fn(struct work_struct *work)
{
	if (nl_get_type() != 1)
		nl_unregister_video();
}

/* the notifier nl_register_notifier() hooks up */
void nl_backlight_event(int raw)
{
	if (raw)
		schedule_work(&nl_notify_work);
}

static int nl_get_type(void)
{
	static DEFINE_MUTEX(init_mutex);
	static bool init_done;
	static long caps;

	mutex_lock(&init_mutex);
	if (!init_done) {
		caps = nl_probe_caps();
		INIT_WORK(&nl_notify_work, nl_notify_fn);
		nl_register_notifier();
		init_done = true;
	}
	mutex_unlock(&init_mutex);
	return caps ? 1 : 0;
}

/* --- one mutex, debug prints around it --- */

#define NL_DPRINTK(fmt, args...)
#define NL_PFLAG_UNLOADING	1

struct nl_port {
	unsigned long pflags;
	struct mutex scan_mutex;
	struct delayed_work hotplug_task;
	int scans;
};

extern void nl_detach_links(struct nl_port *ap);

static void nl_scan_host(struct nl_port *ap)
{
	ap->scans++;
	queue_delayed_work(system_long_wq, &ap->hotplug_task, round_jiffies_relative(HZ));
}

static void nl_hotplug(struct work_struct *work)
{
	struct nl_port *ap = container_of(work, struct nl_port, hotplug_task.work);

	if (ap->pflags & NL_PFLAG_UNLOADING) {
		NL_DPRINTK("ENTER/EXIT - unloading\n");
		return;
	}

	NL_DPRINTK("ENTER\n");
	mutex_lock(&ap->scan_mutex);
	nl_detach_links(ap);
	nl_scan_host(ap);
	mutex_unlock(&ap->scan_mutex);
	NL_DPRINTK("EXIT\n");
}

void nl_port_init(struct nl_port *ap)
{
	mutex_init(&ap->scan_mutex);
	INIT_DELAYED_WORK(&ap->hotplug_task, nl_hotplug);
}

void nl_port_error_done(struct nl_port *ap)
{
	schedule_delayed_work(&ap->hotplug_task, 0);
}

/* --- a trylock helper that fails non-zero, and a requeue --- */

#define NL_DOWN		1
#define NL_DOWN_PENDING	2
#define NL_UP		3

struct nl_adapter {
	struct mutex crit_lock;
	struct mutex client_lock;
	struct work_struct reset_task;
	int state;
	int flags;
};

static struct workqueue_struct *nl_wq;

extern int nl_reinit(struct nl_adapter *adapter);

static int nl_lock_timeout(struct mutex *lock, unsigned int msecs)
{
	unsigned int wait, delay = 10;

	for (wait = 0; wait < msecs; wait += delay) {
		if (mutex_trylock(lock))
			return 0;
		msleep(delay);
	}
	return -1;
}

static void nl_close(struct nl_adapter *adapter)
{
	long status;

	if (adapter->state <= NL_DOWN_PENDING)
		return;
	while (!mutex_trylock(&adapter->crit_lock))
		usleep_range(500, 1000);
	adapter->state = NL_DOWN_PENDING;
	mutex_unlock(&adapter->crit_lock);

	status = wait_event_timeout(adapter->down_wait, adapter->state == NL_DOWN,
				    msecs_to_jiffies(500));
	if (!status)
		pr_warn("nl: resources not yet released\n");
}

static void nl_reset_task(struct work_struct *work)
{
	struct nl_adapter *adapter = container_of(work, struct nl_adapter, reset_task);

	if (nl_lock_timeout(&adapter->crit_lock, 200)) {
		schedule_work(&adapter->reset_task);
		return;
	}
	while (!mutex_trylock(&adapter->client_lock))
		usleep_range(500, 1000);
	adapter->flags = 0;
	if (nl_reinit(adapter))
		goto reset_err;
	adapter->state = NL_UP;
	mutex_unlock(&adapter->client_lock);
	mutex_unlock(&adapter->crit_lock);
	return;
reset_err:
	mutex_unlock(&adapter->client_lock);
	mutex_unlock(&adapter->crit_lock);
	pr_err("nl: failed to allocate resources during reinit\n");
	nl_close(adapter);
}

void nl_adapter_init(struct nl_adapter *adapter)
{
	mutex_init(&adapter->crit_lock);
	mutex_init(&adapter->client_lock);
	INIT_WORK(&adapter->reset_task, nl_reset_task);
	nl_wq = alloc_workqueue("nl", WQ_UNBOUND | WQ_MEM_RECLAIM, 1);
}

void nl_schedule_reset(struct nl_adapter *adapter)
{
	queue_work(nl_wq, &adapter->reset_task);
}

/* --- writes under locks, then a reference put --- */

#define NL_MAX_QUEUE	8

struct nl_mc {
	struct nl_idev *idev;
	spinlock_t query_lock;
	struct mutex mc_lock;
	struct list_head query_queue;
	struct delayed_work query_work;
};

static struct workqueue_struct *nl_mld_wq;

extern bool nl_dequeue(struct list_head *from, struct list_head *to);
extern void nl_process(struct nl_mc *mc, struct list_head *queue);

static void nl_query_work(struct work_struct *work)
{
	struct nl_mc *mc = container_of(to_delayed_work(work), struct nl_mc, query_work);
	LIST_HEAD(q);
	bool rework = false;
	int cnt = 0;

	spin_lock_bh(&mc->query_lock);
	while (nl_dequeue(&mc->query_queue, &q)) {
		if (++cnt >= NL_MAX_QUEUE) {
			rework = true;
			schedule_delayed_work(&mc->query_work, 0);
			break;
		}
	}
	spin_unlock_bh(&mc->query_lock);

	mutex_lock(&mc->mc_lock);
	nl_process(mc, &q);
	mutex_unlock(&mc->mc_lock);

	if (!rework)
		nl_idev_put(mc->idev);
}

void nl_mc_init(struct nl_mc *mc)
{
	INIT_DELAYED_WORK(&mc->query_work, nl_query_work);
	nl_mld_wq = create_workqueue("nl_mld");
}

void nl_event_query(struct nl_mc *mc)
{
	atomic_inc(&mc->idev->refcnt);
	queue_delayed_work(nl_mld_wq, &mc->query_work, 0);
}

/*
 * check-name: the v5.15 reading's wrong warnings, none a warning: an INIT under a static once-flag its own run calls, debug prints around the lock, a trylock helper that requeues, a reference put after locked writes
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/re_neg_lts_kinds.c:119:9: note: schedule_delayed_work() queues &ap->hotplug_task on system_wq (schedule_delayed_work() queues there), but it is also queued on system_long_wq at drivers/reentry/re_neg_lts_kinds.c:91: kernel/workqueue.c allocates system_wq and system_long_wq as two workqueues, and the one-worker guarantee holds only on one workqueue: run A, queued by nl_scan_host() at drivers/reentry/re_neg_lts_kinds.c:91 (the work queueing itself again) on system_long_wq, can still be in nl_hotplug() when run B, queued by nl_port_error_done() here on system_wq, starts on another CPU (the two workqueues share each CPU's worker pool, so the overlap needs two CPUs); nl_hotplug()'s whole body runs under mutex_lock(&ap->scan_mutex), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_lts_kinds.c:91:9: note: &ap->hotplug_task is queued on system_long_wq here, with queue_delayed_work(), by a run of the item
drivers/reentry/re_neg_lts_kinds.c:203:9: note: queue_work() queues &adapter->reset_task on nl_wq, but it is also queued on system_wq (schedule_work() queues there) at drivers/reentry/re_neg_lts_kinds.c:174: the one-worker guarantee holds only on one workqueue: run A, queued by nl_reset_task() at drivers/reentry/re_neg_lts_kinds.c:174 (the work queueing itself again) on system_wq, can still be in nl_reset_task() when run B, queued by nl_schedule_reset() here on nl_wq, starts in another worker pool; nl_reset_task()'s whole body runs under nl_lock_timeout(&adapter->crit_lock) (mutex_trylock() inside; the run leaves when it fails) (after it only nl_close(), under mutex_trylock(&adapter->crit_lock), tried until it holds it), so the two runs take turns: a wasted run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_lts_kinds.c:174:17: note: &adapter->reset_task is queued on system_wq (schedule_work() queues there) here, with schedule_work(), by a run of the item
drivers/reentry/re_neg_lts_kinds.c:257:9: note: queue_delayed_work() queues &mc->query_work on nl_mld_wq, but it is also queued on system_wq (schedule_delayed_work() queues there) at drivers/reentry/re_neg_lts_kinds.c:234: the one-worker guarantee holds only on one workqueue: run A, queued by nl_query_work() at drivers/reentry/re_neg_lts_kinds.c:234 (the work queueing itself again) on system_wq, can still be in nl_query_work() when run B, queued by nl_event_query() here on nl_mld_wq, starts in another worker pool; nl_query_work() writes what the two runs share only under spin_lock_bh(&mc->query_lock) in nl_query_work(); mutex_lock(&mc->mc_lock) in nl_query_work() (elsewhere its own locals, what it took onto a list of its own, and references it holds), so the runs take turns where they write: an overlap wastes a run, not a race; queue every site of the item on the same workqueue [WQ014]
drivers/reentry/re_neg_lts_kinds.c:234:25: note: &mc->query_work is queued on system_wq (schedule_delayed_work() queues there) here, with schedule_delayed_work(), by a run of the item
 * check-output-end
 */
