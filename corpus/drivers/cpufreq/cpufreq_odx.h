/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_CPUFREQ_CPUFREQ_ODX_H_
#define _DRIVERS_CPUFREQ_CPUFREQ_ODX_H_

#include <linux/types.h>

void od_boost_cpu(int cpu);

#endif /* _DRIVERS_CPUFREQ_CPUFREQ_ODX_H_ */
