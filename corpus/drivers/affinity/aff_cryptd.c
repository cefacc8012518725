// SPDX-License-Identifier: GPL-2.0
/*
 * Requests are put in the current CPU's queue and that CPU's work item is
 * queued on the CPU get_cpu() returned, as crypto/cryptd.c did.
 */
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_cpu_queue {
	int qlen;
	struct work_struct work;
};

struct aff_queue {
	struct aff_cpu_queue __percpu *cpu_queue;
};

static struct workqueue_struct *aff_cryptd_wq;
static struct aff_queue aff_cryptd_queue;

static void aff_queue_worker(struct work_struct *work)
{
	struct aff_cpu_queue *cpu_queue = container_of(work, struct aff_cpu_queue,
						       work);

	preempt_disable();
	/* Dequeueing is only safe from the queue's own CPU. */
	if (this_cpu_ptr(aff_cryptd_queue.cpu_queue) == cpu_queue)
		cpu_queue->qlen--;
	preempt_enable();
}

int aff_init_queue(struct aff_queue *queue)
{
	struct aff_cpu_queue *cpu_queue;
	int cpu;

	for_each_possible_cpu(cpu) {
		cpu_queue = per_cpu_ptr(queue->cpu_queue, cpu);
		INIT_WORK(&cpu_queue->work, aff_queue_worker);
	}
	aff_cryptd_wq = alloc_workqueue("aff_cryptd", WQ_CPU_INTENSIVE, 1);
	return 0;
}

int aff_enqueue_request(struct aff_queue *queue)
{
	struct aff_cpu_queue *cpu_queue;
	int cpu;

	cpu = get_cpu();
	cpu_queue = this_cpu_ptr(queue->cpu_queue);
	cpu_queue->qlen++;
	queue_work_on(cpu, aff_cryptd_wq, &cpu_queue->work);
	put_cpu();
	return 0;
}

/*
 * check-name: per-CPU queue item queued on the CPU get_cpu() returned (cryptd shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_cryptd.c:54:9: note: queue_work_on() queues the per-CPU item `&cpu_queue->work` on its own CPU (`cpu`) and its work function aff_queue_worker() reads the current CPU: since 3.7 a queueing follows the item to the CPU where it still runs, which for an item only ever queued on its own CPU is that CPU, so this holds; keep every queueing of it on its own CPU (and mind CPU hotplug) [WQ010]
drivers/affinity/aff_cryptd.c:40:17: note: aff_queue_worker() is the work function of &cpu_queue->work (INIT_WORK, item struct aff_cpu_queue.work)
drivers/affinity/aff_cryptd.c:28:13: note: aff_queue_worker() compares a stored CPU with the current one (this_cpu_ptr())
 * check-output-end
 */
