// SPDX-License-Identifier: GPL-2.0
/*
 * Queue statistics, half converted: one system_dfl_wq user beside the
 * system_wq and system_unbound_wq users and the alloc_workqueue() that
 * 6.17 asks to change. Its file has no MAINTAINERS section of its own.
 *
 * Not in corpus/6.17 itself, whose series other suites count:
 * tests/t-audit-migration.sh copies it into its copy of that tree. Scan
 * finds WQ022 at 50:14, WQ020 at 56:13 and WQ021 at 57:13.
 */
#include <linux/kconfig.h>
#include <linux/workqueue.h>

extern unsigned int smp_processor_id(void);

struct qstats {
	struct work_struct tally_work;
	struct work_struct scan_work;
	struct work_struct cpu_work;
	struct delayed_work age_work;
};

static unsigned int qstats_hits[8];
static struct workqueue_struct *qstats_wq;

static void qstats_tally(struct work_struct *work)
{
	qstats_hits[0]++;
}

static void qstats_scan(struct work_struct *work)
{
}

static void qstats_cpu(struct work_struct *work)
{
	qstats_hits[smp_processor_id()]++;
}

static void qstats_age(struct work_struct *work)
{
}

int qstats_init(struct qstats *q)
{
	INIT_WORK(&q->tally_work, qstats_tally);
	INIT_WORK(&q->scan_work, qstats_scan);
	INIT_WORK(&q->cpu_work, qstats_cpu);
	INIT_DELAYED_WORK(&q->age_work, qstats_age);
	qstats_wq = alloc_workqueue("qstats", WQ_MEM_RECLAIM, 0);
	return qstats_wq ? 0 : -1;
}

void qstats_kick(struct qstats *q)
{
	queue_work(system_wq, &q->tally_work);
	queue_work(system_unbound_wq, &q->scan_work);
	queue_work(system_dfl_wq, &q->scan_work);
	queue_work(qstats_wq, &q->cpu_work);
	schedule_delayed_work(&q->age_work, 100);
}

