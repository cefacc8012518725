// SPDX-License-Identifier: GPL-2.0
/*
 * Negative: this file's static helper does not read the CPU; a static
 * helper of the same name in aff_neg_static_b.c does, but is not ours.
 */
#include <linux/workqueue.h>

struct aff_sa {
	int n;
	struct work_struct work;
};

static void aff_same_name_helper(struct aff_sa *s)
{
	s->n++;
}

static void aff_sa_fn(struct work_struct *work)
{
	aff_same_name_helper(container_of(work, struct aff_sa, work));
}

void aff_sa_init(struct aff_sa *s)
{
	INIT_WORK(&s->work, aff_sa_fn);
}

void aff_sa_kick(struct aff_sa *s, int cpu)
{
	schedule_work_on(cpu, &s->work);
}

/*
 * check-name: a same-named static function in another file is not a callee
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
