/*
 * The system workqueues' pools (wq-pools.h), from kernel/workqueue.c's
 * workqueue_init_early() of each era: one table, so that the rule that
 * words an overlap and the fix that moves an item read the same facts.
 */
#include "analysis/model/wq-pools.h"

#include <stddef.h>
#include <string.h>

static const struct system_wq system_wqs[] = {
	{ "system_wq", WQ_POOL_CPU_NORMAL, false, true, false },
	{ "system_percpu_wq", WQ_POOL_CPU_NORMAL, false, true, false },
	{ "system_long_wq", WQ_POOL_CPU_NORMAL, false, false, false },
	{ "system_freezable_wq", WQ_POOL_CPU_NORMAL, true, false, false },
	{ "system_nrt_wq", WQ_POOL_CPU_NORMAL, false, false, true },
	{ "system_nrt_freezable_wq", WQ_POOL_CPU_NORMAL, true, false, true },
	{ "system_highpri_wq", WQ_POOL_CPU_HIGHPRI, false, false, false },
	{ "system_bh_wq", WQ_POOL_CPU_BH, false, false, false },
	{ "system_bh_highpri_wq", WQ_POOL_CPU_BH_HIGHPRI, false, false, false },
	{ "system_power_efficient_wq", WQ_POOL_CPU_OR_UNBOUND, false, false, false },
	{ "system_freezable_power_efficient_wq", WQ_POOL_CPU_OR_UNBOUND, true, false, false },
};

const struct system_wq *system_wq_lookup(const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(system_wqs) / sizeof(system_wqs[0]); i++)
		if (!strcmp(name, system_wqs[i].name))
			return &system_wqs[i];
	return NULL;
}

enum wq_pool system_wq_pool(const char *name)
{
	const struct system_wq *w = system_wq_lookup(name);

	return w ? w->pool : WQ_POOL_OWN;
}

bool system_wq_always_per_cpu(const char *name)
{
	enum wq_pool p = system_wq_pool(name);

	return p != WQ_POOL_OWN && p != WQ_POOL_CPU_OR_UNBOUND;
}

bool system_wq_high_priority(const char *name)
{
	enum wq_pool p = system_wq_pool(name);

	return p == WQ_POOL_CPU_HIGHPRI || p == WQ_POOL_CPU_BH_HIGHPRI;
}

bool system_wq_freezable(const char *name)
{
	const struct system_wq *w = system_wq_lookup(name);

	return w && w->freezable;
}

/* A pool that is each CPU's normal one at least at some boots. */
static bool cpu_normal_at_some_boot(enum wq_pool p)
{
	return p == WQ_POOL_CPU_NORMAL || p == WQ_POOL_CPU_OR_UNBOUND;
}

enum wq_pool_sharing system_wqs_share_pool(const char *a, const char *b)
{
	enum wq_pool pa = system_wq_pool(a), pb = system_wq_pool(b);

	if (pa == pb && system_wq_always_per_cpu(a))
		return WQ_POOLS_SHARED;
	if (cpu_normal_at_some_boot(pa) && cpu_normal_at_some_boot(pb))
		return WQ_POOLS_SHARED_UNLESS_POWER_EFFICIENT;
	return WQ_POOLS_APART;
}
