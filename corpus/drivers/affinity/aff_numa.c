// SPDX-License-Identifier: GPL-2.0
/*
 * A refill work that allocates from the node of the CPU it runs on, queued
 * on the CPU whose ring ran low.
 */
#include <linux/jiffies.h>
#include <linux/topology.h>
#include <linux/workqueue.h>

struct aff_ring {
	int node;
	struct delayed_work refill;
};

static void aff_ring_refill(struct work_struct *work)
{
	struct aff_ring *ring = container_of(to_delayed_work(work),
					     struct aff_ring, refill);

	ring->node = numa_node_id();
}

void aff_ring_low(struct aff_ring *ring, int cpu)
{
	queue_delayed_work_on(cpu, system_wq, &ring->refill, HZ / 100);
}

void aff_ring_init(struct aff_ring *ring)
{
	INIT_DELAYED_WORK(&ring->refill, aff_ring_refill);
}

/*
 * check-name: a work function allocating on the current NUMA node
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_numa.c:25:9: warning: queue_delayed_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_ring_refill() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_numa.c:30:9: note: aff_ring_refill() is the work function of &ring->refill (INIT_DELAYED_WORK, item struct aff_ring.refill)
drivers/affinity/aff_numa.c:20:22: note: aff_ring_refill() reads the current CPU: numa_node_id()
 * check-output-end
 */
