// SPDX-License-Identifier: GPL-2.0
/*
 * Periodic reaping of each CPU's object caches by a per-CPU deferrable work
 * item, as mm/slab.c's cache_reap(); the CPU read is inside an inline
 * helper of the subsystem's header.
 */
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

#include "aff_slab.h"

static DEFINE_PER_CPU(struct delayed_work, aff_reap_work);
static struct aff_kmem_cache *aff_caches;

static void aff_drain_array(struct aff_array_cache *ac)
{
	if (ac->avail > ac->limit / 2)
		ac->avail = ac->limit / 2;
}

static void aff_cache_reap(struct work_struct *w)
{
	struct aff_kmem_cache *c;

	for (c = aff_caches; c; c = c->next)
		aff_drain_array(aff_cpu_cache_get(c));
	schedule_delayed_work_on(smp_processor_id(), to_delayed_work(w),
				 round_jiffies_relative(2 * HZ));
}

static void aff_init_reap(int cpu)
{
	INIT_DEFERRABLE_WORK(&per_cpu(aff_reap_work, cpu), aff_cache_reap);
}

static void aff_start_cpu_timer(int cpu)
{
	struct delayed_work *reap_work = &per_cpu(aff_reap_work, cpu);

	schedule_delayed_work_on(cpu, reap_work, HZ + 3 * cpu);
}

void aff_slab_cpu_online(int cpu)
{
	aff_init_reap(cpu);
	aff_start_cpu_timer(cpu);
}

/*
 * check-name: per-CPU reaping whose CPU read is in a header's inline helper (slab shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_slab.c:28:9: note: aff_cache_reap() re-arms its own item to_delayed_work(w) on the CPU it runs on (smp_processor_id()) and reads the current CPU: since 3.7 a queueing goes to the CPU where the item still runs, which is this one, so the item stays here as intended [WQ010]
drivers/affinity/aff_slab.c:34:9: note: aff_cache_reap() is the work function of to_delayed_work(w) (INIT_DEFERRABLE_WORK, item file drivers/affinity/aff_slab.c percpu aff_reap_work)
drivers/affinity/aff_slab.c:27:33: note: aff_cache_reap() calls aff_cpu_cache_get()
drivers/affinity/aff_slab.h:20:16: note: aff_cpu_cache_get() reads the current CPU: this_cpu_ptr()
drivers/affinity/aff_slab.c:41:9: note: schedule_delayed_work_on() queues the per-CPU item `reap_work` on its own CPU (`cpu`) and its work function aff_cache_reap() reads the current CPU: since 3.7 a queueing follows the item to the CPU where it still runs, which for an item only ever queued on its own CPU is that CPU, so this holds; keep every queueing of it on its own CPU (and mind CPU hotplug) [WQ010]
drivers/affinity/aff_slab.c:34:9: note: aff_cache_reap() is the work function of reap_work (INIT_DEFERRABLE_WORK, item file drivers/affinity/aff_slab.c percpu aff_reap_work)
drivers/affinity/aff_slab.c:27:33: note: aff_cache_reap() calls aff_cpu_cache_get()
drivers/affinity/aff_slab.h:20:16: note: aff_cpu_cache_get() reads the current CPU: this_cpu_ptr()
 * check-output-end
 */
