// SPDX-License-Identifier: GPL-2.0
/*
 * Negative cases in one driver: per-CPU items whose work never reads the
 * current CPU, a CPU-reading work queued without a CPU, and CPU reads
 * that are not reads of the running CPU by the work.
 */
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/workqueue.h>

struct aff_nq {
	int cpu;
	unsigned long done;
	struct work_struct work;
};

static DEFINE_PER_CPU(struct aff_nq, aff_nqs);
static DEFINE_PER_CPU(unsigned long, aff_nq_events);

/* Negative 1: a per-CPU item whose work uses only its own item. */
static void aff_nq_work(struct work_struct *work)
{
	struct aff_nq *q = container_of(work, struct aff_nq, work);

	q->done++;
}

void aff_nq_kick(int cpu)
{
	schedule_work_on(cpu, &per_cpu(aff_nqs, cpu).work);
}

/* Negative 2: a CPU-reading work queued with queue_work(), no CPU asked. */
struct aff_nq_dev {
	struct work_struct stat_work;
	struct work_struct log_work;
	struct work_struct count_work;
	struct work_struct cmt_work;
	unsigned long last;
};

static void aff_nq_stat(struct work_struct *work)
{
	struct aff_nq_dev *d = container_of(work, struct aff_nq_dev, stat_work);

	d->last = smp_processor_id();
}

void aff_nq_stat_kick(struct aff_nq_dev *d)
{
	queue_work(system_wq, &d->stat_work);
	schedule_work(&d->stat_work);
}

/* Negative 3: the CPU number only goes to a debug message. */
static void aff_nq_log(struct work_struct *work)
{
	pr_debug("aff_nq: log work on cpu %d\n", smp_processor_id());
}

/* Negative 4: a per-CPU statistic summed over CPUs; which CPU counts does
 * not matter. */
static void aff_nq_count(struct work_struct *work)
{
	this_cpu_inc(aff_nq_events);
}

/* Negative 5: the CPU read is only in a comment: smp_processor_id(). */
static void aff_nq_comment(struct work_struct *work)
{
	struct aff_nq_dev *d = container_of(work, struct aff_nq_dev, cmt_work);

	/* We used to index d->slots[smp_processor_id()] here. */
	d->last = 0;
}

void aff_nq_dev_kick(struct aff_nq_dev *d, int cpu)
{
	queue_work_on(cpu, system_wq, &d->log_work);
	queue_work_on(cpu, system_wq, &d->count_work);
	queue_work_on(cpu, system_wq, &d->cmt_work);
}

void aff_nq_dev_init(struct aff_nq_dev *d)
{
	INIT_WORK(&d->stat_work, aff_nq_stat);
	INIT_WORK(&d->log_work, aff_nq_log);
	INIT_WORK(&d->count_work, aff_nq_count);
	INIT_WORK(&d->cmt_work, aff_nq_comment);
}

void aff_nq_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		INIT_WORK(&per_cpu(aff_nqs, cpu).work, aff_nq_work);
}

/*
 * check-name: no CPU read by the work, no CPU asked, CPU only in printk/counter/comment
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
