// SPDX-License-Identifier: GPL-2.0
/*
 * The other file's static helper with the same name, which reads the CPU.
 */
#include <linux/smp.h>

struct aff_sb {
	int cpu;
};

static void aff_same_name_helper(struct aff_sb *s)
{
	s->cpu = smp_processor_id();
}

void aff_sb_touch(struct aff_sb *s)
{
	aff_same_name_helper(s);
}

/*
 * check-name: a helper reading the CPU, called by no work function
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
