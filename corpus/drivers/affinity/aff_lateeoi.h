/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _AFF_LATEEOI_H
#define _AFF_LATEEOI_H

#include <linux/workqueue.h>

struct aff_eoi {
	int eoi_cpu;
	unsigned long delay;
	struct delayed_work delayed;
};

void aff_eoi_init(struct aff_eoi *eoi);
void aff_eoi_defer(struct aff_eoi *eoi, int cpu);

#endif /* _AFF_LATEEOI_H */
