// SPDX-License-Identifier: GPL-2.0
/*
 * Accounting helpers of the poller: the slot is the running CPU's.
 */
#include <linux/percpu.h>

struct aff_poller;

static unsigned long aff_deep_slots[NR_CPUS];

static void aff_deep_bump(void)
{
	aff_deep_slots[raw_smp_processor_id()]++;
}

void aff_deep_account(struct aff_poller *p)
{
	(void)p;
	aff_deep_bump();
}

/*
 * check-name: helpers reading the CPU are not findings by themselves
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
