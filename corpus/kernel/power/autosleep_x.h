/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_POWER_AUTOSLEEP_X_H_
#define _KERNEL_POWER_AUTOSLEEP_X_H_

#include <linux/types.h>

void queue_up_suspend_work(void);
int pm_autosleep_set_state(unsigned int state);

#endif /* _KERNEL_POWER_AUTOSLEEP_X_H_ */
