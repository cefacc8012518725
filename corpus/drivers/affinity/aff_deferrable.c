// SPDX-License-Identifier: GPL-2.0
/*
 * A governor sampling timer as a deferrable delayed work: it reads the
 * load of the CPU it runs on through __get_cpu_var().
 */
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

struct aff_gov {
	unsigned long load;
	struct delayed_work sample;
};

static DEFINE_PER_CPU(unsigned long, aff_cpu_load);

static void aff_gov_sample(struct work_struct *work)
{
	struct aff_gov *gov = container_of(to_delayed_work(work),
					   struct aff_gov, sample);

	gov->load = __get_cpu_var(aff_cpu_load);
}

void aff_gov_start(struct aff_gov *gov)
{
	INIT_DELAYED_WORK_DEFERRABLE(&gov->sample, aff_gov_sample);
}

void aff_gov_retarget(struct aff_gov *gov, int cpu)
{
	schedule_delayed_work_on(cpu, &gov->sample, HZ / 10);
}

/*
 * check-name: deferrable delayed work reading __get_cpu_var()
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_deferrable.c:32:9: warning: schedule_delayed_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_gov_sample() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_deferrable.c:27:9: note: aff_gov_sample() is the work function of &gov->sample (INIT_DELAYED_WORK_DEFERRABLE, item struct aff_gov.sample)
drivers/affinity/aff_deferrable.c:22:21: note: aff_gov_sample() reads the current CPU: __get_cpu_var()
 * check-output-end
 */
