// SPDX-License-Identifier: GPL-2.0
/*
 * A poll work queued on a chosen CPU whose CPU read is two calls away, in
 * another file of the driver.
 */
#include <linux/workqueue.h>

struct aff_poller {
	int cpu;
	struct delayed_work poll;
};

extern void aff_deep_account(struct aff_poller *p);

static void aff_poll_fn(struct work_struct *work)
{
	struct aff_poller *p = container_of(to_delayed_work(work),
					    struct aff_poller, poll);

	aff_deep_account(p);
}

void aff_poller_start(struct aff_poller *p, int cpu)
{
	INIT_DELAYED_WORK(&p->poll, aff_poll_fn);
	p->cpu = cpu;
}

void aff_poller_move(struct aff_poller *p, int cpu)
{
	queue_delayed_work_on(cpu, system_wq, &p->poll, 0);
}

/*
 * check-name: CPU read two calls deep in another file
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_deep_main.c:31:9: warning: queue_delayed_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_poll_fn() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_deep_main.c:25:9: note: aff_poll_fn() is the work function of &p->poll (INIT_DELAYED_WORK, item struct aff_poller.poll)
drivers/affinity/aff_deep_main.c:20:9: note: aff_poll_fn() calls aff_deep_account()
drivers/affinity/aff_deep_helpers.c:19:9: note: aff_deep_account() calls aff_deep_bump()
drivers/affinity/aff_deep_helpers.c:13:24: note: aff_deep_bump() reads the current CPU: raw_smp_processor_id()
 * check-output-end
 */
