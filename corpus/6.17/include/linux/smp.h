/* SPDX-License-Identifier: GPL-2.0 */
/* The CPU accessors the 6.17 corpus's cases read, as the kernel names them. */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/kconfig.h>

#define NR_CPUS 64
#define ENOMEM 12

extern int raw_smp_processor_id(void);
#define smp_processor_id() raw_smp_processor_id()

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

#endif
