// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of arch/powerpc/kernel/rtasd.c (v6.19): a static delayed work
 * that walks the online CPUs, re-arming itself on the next one, started
 * once by schedule_delayed_work_on() in an __init function. That first
 * queueing happens before the item has ever run, so nothing of it can be
 * running elsewhere: it goes to the CPU asked for, and WQ010 stays silent
 * (the re-arm keeps its note). aff_poll_kick() queues another item of the
 * same shape from a plain function as well: that one can be running, and
 * is still a warning.
 */
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

static void aff_scan_walk(struct work_struct *w);
static DECLARE_DELAYED_WORK(aff_scan_work, aff_scan_walk);

static void aff_scan_walk(struct work_struct *w)
{
	unsigned int cpu = raw_smp_processor_id() + 1;

	schedule_delayed_work_on(cpu, &aff_scan_work, HZ);
}

static void __init aff_scan_start(void)
{
	schedule_delayed_work_on(0, &aff_scan_work, HZ);
}

static void aff_poll_walk(struct work_struct *w);
static DECLARE_DELAYED_WORK(aff_poll_work, aff_poll_walk);

static void aff_poll_walk(struct work_struct *w)
{
	unsigned int cpu = raw_smp_processor_id() + 1;

	schedule_delayed_work_on(cpu, &aff_poll_work, HZ);
}

static void __init aff_poll_start(void)
{
	schedule_delayed_work_on(0, &aff_poll_work, HZ);
}

void aff_poll_kick(int cpu)
{
	schedule_delayed_work_on(cpu, &aff_poll_work, 0);
}

/*
 * check-name: a first queueing in __init before any run is not at risk (rtasd.c)
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_init_first.c:25:9: note: aff_scan_walk() re-arms its own item &aff_scan_work on the CPU it runs on (cpu) and reads the current CPU: since 3.7 a queueing goes to the CPU where the item still runs, which is this one, so the item stays here as intended [WQ010]
drivers/affinity/aff_init_first.c:19:8: note: aff_scan_walk() is the work function of &aff_scan_work (DECLARE_DELAYED_WORK, item file drivers/affinity/aff_init_first.c var aff_scan_work)
drivers/affinity/aff_init_first.c:23:28: note: aff_scan_walk() reads the current CPU: raw_smp_processor_id()
drivers/affinity/aff_init_first.c:40:9: note: aff_poll_walk() re-arms its own item &aff_poll_work on the CPU it runs on (cpu) and reads the current CPU: since 3.7 a queueing goes to the CPU where the item still runs, which is this one, so the item stays here as intended [WQ010]
drivers/affinity/aff_init_first.c:34:8: note: aff_poll_walk() is the work function of &aff_poll_work (DECLARE_DELAYED_WORK, item file drivers/affinity/aff_init_first.c var aff_poll_work)
drivers/affinity/aff_init_first.c:38:28: note: aff_poll_walk() reads the current CPU: raw_smp_processor_id()
drivers/affinity/aff_init_first.c:45:9: warning: schedule_delayed_work_on() asks for CPU `0`, but since 3.7 an item still running on another CPU is queued there instead, and aff_poll_walk() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_init_first.c:34:8: note: aff_poll_walk() is the work function of &aff_poll_work (DECLARE_DELAYED_WORK, item file drivers/affinity/aff_init_first.c var aff_poll_work)
drivers/affinity/aff_init_first.c:38:28: note: aff_poll_walk() reads the current CPU: raw_smp_processor_id()
drivers/affinity/aff_init_first.c:50:9: warning: schedule_delayed_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_poll_walk() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_init_first.c:34:8: note: aff_poll_walk() is the work function of &aff_poll_work (DECLARE_DELAYED_WORK, item file drivers/affinity/aff_init_first.c var aff_poll_work)
drivers/affinity/aff_init_first.c:38:28: note: aff_poll_walk() reads the current CPU: raw_smp_processor_id()
 * check-output-end
 */
