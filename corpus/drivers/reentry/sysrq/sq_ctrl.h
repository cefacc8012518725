/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SQ_CTRL_H
#define SQ_CTRL_H

#include <linux/workqueue.h>

struct sq_work {
	int key;
	struct work_struct work;
};

void sq_schedule(struct sq_work *sw);
void sq_schedule_quiet(struct sq_work *sw);

#endif
