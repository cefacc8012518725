/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_OPROFILE_BUFFER_SYNC_X_H_
#define _DRIVERS_OPROFILE_BUFFER_SYNC_X_H_

#include <linux/types.h>

void start_cpu_work(void);
void end_cpu_work(void);
void flush_cpu_work(void);

#endif /* _DRIVERS_OPROFILE_BUFFER_SYNC_X_H_ */
