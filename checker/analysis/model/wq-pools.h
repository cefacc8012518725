/*
 * Which worker pool a named system workqueue runs in, and whether two
 * share one. kernel/workqueue.c gives each CPU a normal and a
 * high-priority pool (and a BH pair); every per-CPU workqueue of normal
 * priority queues into its CPU's normal pool, whatever else its flags
 * say (long, freezable, the 3.6-era nrt ones). The power-efficient ones
 * are per-CPU like system_wq unless workqueue.power_efficient
 * (CONFIG_WQ_POWER_EFFICIENT_DEFAULT) makes them unbound, so for them the
 * answer depends on the boot. Unbound, ordered and a driver's own
 * workqueues are not in the table: their pools are their own.
 *
 * WQ014's wording, and the series' fix of it (which per-CPU workqueue an
 * item may be moved onto, and what its log says changes), ask here.
 */
#ifndef WQCHECK_WQ_POOLS_H
#define WQCHECK_WQ_POOLS_H

#include <stdbool.h>

enum wq_pool {
	WQ_POOL_OWN,		/* a pool of its own, or not known */
	WQ_POOL_CPU_NORMAL,	/* each CPU's normal pool */
	WQ_POOL_CPU_HIGHPRI,	/* each CPU's high-priority pool */
	WQ_POOL_CPU_BH,		/* each CPU's BH pool */
	WQ_POOL_CPU_BH_HIGHPRI,	/* each CPU's high-priority BH pool */
	WQ_POOL_CPU_OR_UNBOUND,	/* each CPU's normal pool, or unbound */
};

/* A system workqueue as the table knows it. */
struct system_wq {
	const char *name;
	enum wq_pool pool;
	bool freezable;		/* frozen during suspend */
	bool schedule_default;	/* schedule_*()'s in some era: system_wq, system_percpu_wq */
	bool before_3_7;	/* non-reentrant variants that 3.7 retired */
};

/* name's entry (after workqueue-names.h's aliases), or NULL. */
const struct system_wq *system_wq_lookup(const char *name);
/* name's pool; WQ_POOL_OWN for NULL or a name not in the table. */
enum wq_pool system_wq_pool(const char *name);
/* Whether name is one of the per-CPU system workqueues, on its CPU at
 * every boot (not a power-efficient one). */
bool system_wq_always_per_cpu(const char *name);
/* Whether name's runs use a high-priority pool (system_highpri_wq,
 * system_bh_highpri_wq). */
bool system_wq_high_priority(const char *name);
/* Whether name is frozen during suspend (the freezable ones). */
bool system_wq_freezable(const char *name);

enum wq_pool_sharing {
	WQ_POOLS_APART,		/* another pool, or not known */
	WQ_POOLS_SHARED,	/* each CPU's same pool: an overlap needs two CPUs */
	WQ_POOLS_SHARED_UNLESS_POWER_EFFICIENT,	/* shared, unless the boot
						 * makes the power-efficient one unbound */
};

/* Whether runs on workqueues a and b (names, or NULL) share a pool. */
enum wq_pool_sharing system_wqs_share_pool(const char *a, const char *b);

#endif
