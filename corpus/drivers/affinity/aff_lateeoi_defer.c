// SPDX-License-Identifier: GPL-2.0
/*
 * Deferring an EOI to the event's CPU: the item is found through its
 * struct member, whose INIT_DELAYED_WORK is in aff_lateeoi_work.c.
 */
#include "aff_lateeoi.h"

void aff_eoi_defer(struct aff_eoi *eoi, int cpu)
{
	eoi->delay = 1;
	mod_delayed_work_on(cpu, system_wq, &eoi->delayed, 0);
}

/*
 * check-name: mod_delayed_work_on() of an item initialized in another file
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_lateeoi_defer.c:11:9: warning: mod_delayed_work_on() asks for CPU `cpu`, but since 3.7 an item still running on another CPU is queued there instead, and aff_eoi_worker() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_lateeoi_work.c:22:9: note: aff_eoi_worker() is the work function of &eoi->delayed (INIT_DELAYED_WORK, item struct aff_eoi.delayed)
drivers/affinity/aff_lateeoi_work.c:15:29: note: aff_eoi_worker() compares a stored CPU with the current one (raw_smp_processor_id())
 * check-output-end
 */
