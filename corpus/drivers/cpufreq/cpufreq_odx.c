// SPDX-License-Identifier: GPL-2.0
/*
 * An ondemand-like governor: per-CPU sampling work that reads the load
 * of the CPU it runs on, queued by a caller that may pick another CPU.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/workqueue.h>
#include "cpufreq_odx.h"

struct od_cpu_dbs_info {
	unsigned int cpu;
	unsigned int load;
	unsigned long sample_delay;
	struct mutex timer_mutex;
	struct delayed_work work;
};

static DEFINE_PER_CPU(struct od_cpu_dbs_info, od_cpu_dbs_info);
static DEFINE_PER_CPU(unsigned int, od_idle_ticks);
static struct delayed_work od_boost_work;

static void od_dbs_timer(struct work_struct *work)
{
	struct od_cpu_dbs_info *dbs_info =
		container_of(work, struct od_cpu_dbs_info, work.work);
	struct od_cpu_dbs_info *mine = &get_cpu_var(od_cpu_dbs_info);

	mutex_lock(&dbs_info->timer_mutex);
	mine->load = 100 - __this_cpu_read(od_idle_ticks);
	put_cpu_var(od_cpu_dbs_info);
	schedule_delayed_work_on(dbs_info->cpu, &dbs_info->work,
				 dbs_info->sample_delay);
	mutex_unlock(&dbs_info->timer_mutex);
}

static void od_boost(struct work_struct *work)
{
	this_cpu_write(od_idle_ticks, 0);
}

void od_boost_cpu(int cpu)
{
	/* callers pick any CPU; the work boosts whichever it lands on */
	mod_delayed_work_on(cpu, system_wq, &od_boost_work, 0);
}

static int __init od_init(void)
{
	int cpu;

	INIT_DELAYED_WORK(&od_boost_work, od_boost);
	for_each_online_cpu(cpu) {
		struct od_cpu_dbs_info *dbs_info;

		dbs_info = &per_cpu(od_cpu_dbs_info, cpu);

		dbs_info->cpu = cpu;
		dbs_info->sample_delay = HZ / 20;
		mutex_init(&dbs_info->timer_mutex);
		INIT_DEFERRABLE_WORK(&dbs_info->work, od_dbs_timer);
		queue_delayed_work_on(cpu, system_wq, &dbs_info->work,
				      dbs_info->sample_delay);
	}
	return 0;
}

static void __exit od_exit(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		cancel_delayed_work_sync(&per_cpu(od_cpu_dbs_info, cpu).work);
	cancel_delayed_work_sync(&od_boost_work);
}

module_init(od_init);
module_exit(od_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: per-CPU sampling work and an any-CPU boost (ondemand shape)
 * The affinity rules (WQ010-) are checked by their own tests.
 * check-command: wqcheck scan --rules=WQ001,WQ002,WQ003,WQ004,WQ005 $file
 * check-exit: 0
 */
