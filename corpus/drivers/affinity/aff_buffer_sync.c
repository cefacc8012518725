// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU sample buffers drained by a per-CPU work item that checks it runs
 * on the CPU it was queued for, the way oprofile's wq_sync_buffer() did.
 */
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_cpu_buffer {
	int cpu;
	unsigned long pending;
	struct delayed_work work;
};

static DEFINE_PER_CPU(struct aff_cpu_buffer, aff_cpu_buffers);

static void aff_sync_buffer(struct work_struct *work)
{
	struct aff_cpu_buffer *b = container_of(work, struct aff_cpu_buffer,
						work.work);

	if (b->cpu != smp_processor_id())
		return;		/* the samples of another CPU: not ours */
	b->pending = 0;
	schedule_delayed_work(&b->work, HZ / 10);
}

void aff_start_cpu_work(void)
{
	struct aff_cpu_buffer *b;
	int i;

	for_each_online_cpu(i) {
		b = &per_cpu(aff_cpu_buffers, i);
		b->cpu = i;
		INIT_DELAYED_WORK(&b->work, aff_sync_buffer);
		schedule_delayed_work_on(i, &b->work, HZ / 10 + i);
	}
}

/* Hurries another CPU's buffer along: queued on a CPU of the caller's choice. */
void aff_kick_buffer(int cpu, int target)
{
	struct aff_cpu_buffer *b = &per_cpu(aff_cpu_buffers, cpu);

	mod_delayed_work_on(target, system_wq, &b->work, 0);
}

/*
 * check-name: per-CPU work comparing its stored CPU with smp_processor_id() (oprofile shape)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_buffer_sync.c:47:9: warning: mod_delayed_work_on() asks for CPU `target`, but since 3.7 an item still running on another CPU is queued there instead, and aff_sync_buffer() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_buffer_sync.c:37:17: note: aff_sync_buffer() is the work function of &b->work (INIT_DELAYED_WORK, item struct aff_cpu_buffer.work)
drivers/affinity/aff_buffer_sync.c:23:23: note: aff_sync_buffer() compares a stored CPU with the current one (smp_processor_id())
 * check-output-end
 */
