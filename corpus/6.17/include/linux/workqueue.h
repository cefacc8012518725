/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The workqueue API as a 6.17 tree has it, written for the wqcheck corpus:
 * system_percpu_wq and system_dfl_wq beside the names they replace, and
 * WQ_PERCPU, the flag every alloc_workqueue() caller is to name (or
 * WQ_UNBOUND) before unbound becomes the default.
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	unsigned long data;
	work_func_t func;
};

struct timer_list {
	unsigned long expires;
};

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	int cpu;
};

struct workqueue_struct;

#define __WORK_INITIALIZER(n, f) { .data = 0, .func = (f) }
#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)
#define DECLARE_DELAYED_WORK(n, f) \
	struct delayed_work n = { .work = __WORK_INITIALIZER(n.work, f) }
#define INIT_WORK(_work, _func) ((_work)->func = (_func))
#define INIT_DELAYED_WORK(_work, _func) INIT_WORK(&(_work)->work, (_func))
#define INIT_DEFERRABLE_WORK(_work, _func) INIT_WORK(&(_work)->work, (_func))

enum wq_flags {
	WQ_BH			= 1 << 0, /* execute in bottom half (softirq) context */
	WQ_UNBOUND		= 1 << 1, /* not bound to any cpu */
	WQ_FREEZABLE		= 1 << 2, /* freeze during suspend */
	WQ_MEM_RECLAIM		= 1 << 3, /* may be used for memory reclaim */
	WQ_HIGHPRI		= 1 << 4, /* high priority */
	WQ_CPU_INTENSIVE	= 1 << 5, /* cpu intensive workqueue */
	WQ_SYSFS		= 1 << 6, /* visible in sysfs */
	WQ_POWER_EFFICIENT	= 1 << 7,
	WQ_PERCPU		= 1 << 8, /* bound to a specific cpu */

	/* BH wqs only support a subset of flags */
	__WQ_BH_ALLOWS		= WQ_BH | WQ_HIGHPRI | WQ_PERCPU,
};

/*
 * system_percpu_wq is the one used by schedule[_delayed]_work[_on]().
 * system_dfl_wq is unbound: its workers are not bound to any CPU.
 */
extern struct workqueue_struct *system_wq; /* use system_percpu_wq, this will be removed */
extern struct workqueue_struct *system_percpu_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_long_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_dfl_wq;
extern struct workqueue_struct *system_freezable_wq;
extern struct workqueue_struct *system_power_efficient_wq;
extern struct workqueue_struct *system_bh_wq;
extern struct workqueue_struct *system_bh_highpri_wq;

struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
					 int max_active, ...);
#define alloc_ordered_workqueue(fmt, flags, args...) \
	alloc_workqueue(fmt, WQ_UNBOUND | (flags), 1, ##args)
#define create_workqueue(name) \
	alloc_workqueue("%s", WQ_MEM_RECLAIM | WQ_PERCPU, 1, (name))

void destroy_workqueue(struct workqueue_struct *wq);
int queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
int queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
			  struct delayed_work *work, unsigned long delay);
int mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
			struct delayed_work *dwork, unsigned long delay);
int queue_work(struct workqueue_struct *wq, struct work_struct *work);
int queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *work,
		       unsigned long delay);
int mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		     unsigned long delay);
void flush_workqueue(struct workqueue_struct *wq);
int flush_work(struct work_struct *work);
int cancel_work_sync(struct work_struct *work);
int cancel_delayed_work_sync(struct delayed_work *dwork);
/* 6.10+: a disabled item's queueing does nothing; INIT_WORK() enables it. */
int disable_work(struct work_struct *work);

static inline int schedule_work(struct work_struct *work)
{
	return queue_work(system_percpu_wq, work);
}

static inline int schedule_delayed_work(struct delayed_work *dwork,
					unsigned long delay)
{
	return queue_delayed_work(system_percpu_wq, dwork, delay);
}

/* the old name still works until every user is converted */
#define flush_scheduled_work() flush_workqueue(system_wq)

#endif
