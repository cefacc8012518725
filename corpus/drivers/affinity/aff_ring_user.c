// SPDX-License-Identifier: GPL-2.0
/*
 * A caller of an exported *_on() wrapper whose name holds no API name: this
 * file names no queueing call, only aff_ring_poke().
 */
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_ring {
	int next_cpu;
	unsigned long polls[NR_CPUS];
	struct work_struct poll_work;
};

extern void aff_ring_poke(int cpu, struct work_struct *work);

static void aff_ring_poll(struct work_struct *work)
{
	struct aff_ring *ring = container_of(work, struct aff_ring, poll_work);

	ring->polls[raw_smp_processor_id()]++;
}

void aff_ring_kick(struct aff_ring *ring)
{
	aff_ring_poke(ring->next_cpu, &ring->poll_work);
	ring->next_cpu = cpumask_next(ring->next_cpu, cpu_online_mask);
}

void aff_ring_setup(struct aff_ring *ring)
{
	INIT_WORK(&ring->poll_work, aff_ring_poll);
}

/*
 * check-name: a caller of an exported *_on() wrapper in another file, its name no API name
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_ring_user.c:26:9: warning: aff_ring_poke() asks for CPU `ring->next_cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_ring_poll() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_ring_core.c:19:1: note: aff_ring_poke() passes its cpu and work item to the *_on() API
drivers/affinity/aff_ring_user.c:32:9: note: aff_ring_poll() is the work function of &ring->poll_work (INIT_WORK, item struct aff_ring.poll_work)
drivers/affinity/aff_ring_user.c:21:21: note: aff_ring_poll() reads the current CPU: raw_smp_processor_id()
 * check-output-end
 */
