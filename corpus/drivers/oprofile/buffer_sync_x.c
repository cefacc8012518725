// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU sample buffers synced to the event buffer, in the shape of
 * oprofile's cpu_buffer.c: each buffer remembers its CPU and its work
 * function insists on running there.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/workqueue.h>
#include "buffer_sync_x.h"

#define DEFAULT_TIMER_EXPIRE	(HZ / 10)

struct oprofile_cpu_buffer {
	unsigned long sample_received;
	unsigned long sample_lost_overflow;
	int cpu;
	struct delayed_work work;
};

static DEFINE_PER_CPU(struct oprofile_cpu_buffer, op_cpu_buffer);
static int work_enabled;

static void sync_buffer(int cpu)
{
	struct oprofile_cpu_buffer *b = &per_cpu(op_cpu_buffer, cpu);

	b->sample_received = 0;
}

/*
 * This serves to avoid cpu buffer overflow, and makes sure
 * the task mortuary progresses
 *
 * By using schedule_delayed_work_on and then schedule_delayed_work
 * we guarantee this will stay on the correct cpu
 */
static void wq_sync_buffer(struct work_struct *work)
{
	struct oprofile_cpu_buffer *b =
		container_of(work, struct oprofile_cpu_buffer, work.work);

	if (b->cpu != smp_processor_id()) {
		printk(KERN_DEBUG "WQ on CPU%d, prefer CPU%d\n",
		       smp_processor_id(), b->cpu);

		if (!cpu_online(b->cpu)) {
			cancel_delayed_work(&b->work);
			return;
		}
	}
	sync_buffer(b->cpu);

	/* don't re-add the work if we're shutting down */
	if (work_enabled)
		schedule_delayed_work(&b->work, DEFAULT_TIMER_EXPIRE);
}

void start_cpu_work(void)
{
	int i;

	work_enabled = 1;

	for_each_online_cpu(i) {
		struct oprofile_cpu_buffer *b = &per_cpu(op_cpu_buffer, i);

		b->cpu = i;
		INIT_DELAYED_WORK(&b->work, wq_sync_buffer);
		/*
		 * Spread the work by 1 jiffy per cpu so they dont all
		 * fire at once.
		 */
		schedule_delayed_work_on(i, &b->work, DEFAULT_TIMER_EXPIRE + i);
	}
}

void end_cpu_work(void)
{
	work_enabled = 0;
}

void flush_cpu_work(void)
{
	int i;

	for_each_online_cpu(i) {
		struct oprofile_cpu_buffer *b = &per_cpu(op_cpu_buffer, i);

		/* these works are per-cpu, no need for flush_sync */
		flush_delayed_work(&b->work);
	}
}

MODULE_LICENSE("GPL");

/*
 * check-name: work function checking its stored cpu (oprofile shape)
 * The affinity rules (WQ010-) are checked by their own tests.
 * check-command: wqcheck scan --rules=WQ001,WQ002,WQ003,WQ004,WQ005 $file
 * check-exit: 0
 */
