// SPDX-License-Identifier: GPL-2.0
/*
 * The late-EOI worker: it may only acknowledge on the CPU the event was
 * bound to, and checks it.
 */
#include <linux/smp.h>

#include "aff_lateeoi.h"

static void aff_eoi_worker(struct work_struct *work)
{
	struct aff_eoi *eoi = container_of(to_delayed_work(work),
					   struct aff_eoi, delayed);

	if (eoi->eoi_cpu != raw_smp_processor_id())
		return;
	eoi->delay = 0;
}

void aff_eoi_init(struct aff_eoi *eoi)
{
	INIT_DELAYED_WORK(&eoi->delayed, aff_eoi_worker);
}

/*
 * check-name: the work function and its INIT_DELAYED_WORK, queued from another file
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
