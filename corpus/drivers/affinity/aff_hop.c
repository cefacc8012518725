// SPDX-License-Identifier: GPL-2.0
/*
 * A scanner that visits every CPU in turn by re-queueing its own work item
 * on the next CPU at once, expecting the next run to start there while
 * this one finishes.
 */
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

struct aff_scanner {
	unsigned long visits[NR_CPUS];
	struct work_struct work;
};

static struct aff_scanner aff_scan;

static void aff_scan_fn(struct work_struct *work)
{
	struct aff_scanner *s = container_of(work, struct aff_scanner, work);
	int cpu = raw_smp_processor_id();
	int next;

	s->visits[cpu]++;
	next = cpumask_next(cpu, cpu_online_mask);
	if (next < nr_cpu_ids)
		queue_work_on(next, system_wq, &s->work);
}

void aff_scan_start(void)
{
	INIT_WORK(&aff_scan.work, aff_scan_fn);
}

void aff_scan_kick(int cpu)
{
	queue_work_on(cpu, system_wq, &aff_scan.work);
}

/*
 * check-name: a work function re-queueing itself on the next CPU at once
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_hop.c:27:17: warning: queue_work_on() asks for CPU `next`, but since 3.7 an item still running on another CPU is queued there instead, and aff_scan_fn() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_hop.c:32:9: note: aff_scan_fn() is the work function of &s->work (INIT_WORK, item struct aff_scanner.work)
drivers/affinity/aff_hop.c:21:19: note: aff_scan_fn() reads the current CPU: raw_smp_processor_id()
drivers/affinity/aff_hop.c:27:17: warning: aff_scan_fn() queues its own work item &s->work on CPU next while it runs: since 3.7 a running item is queued on the CPU it runs on, so the next run stays on this CPU instead of next and starts only after this one returns; use a separate item per target CPU if the work must move or overlap [WQ012]
drivers/affinity/aff_hop.c:32:9: note: aff_scan_fn() is the work function of &s->work (INIT_WORK, item struct aff_scanner.work)
drivers/affinity/aff_hop.c:37:9: warning: queue_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_scan_fn() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_hop.c:32:9: note: aff_scan_fn() is the work function of &aff_scan.work (INIT_WORK, item file drivers/affinity/aff_hop.c var aff_scan.work)
drivers/affinity/aff_hop.c:21:19: note: aff_scan_fn() reads the current CPU: raw_smp_processor_id()
 * check-output-end
 */
