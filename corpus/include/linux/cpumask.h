#ifndef __LINUX_CPUMASK_H
#define __LINUX_CPUMASK_H

#include <linux/types.h>
#include <linux/threads.h>
#include <linux/bitops.h>

struct cpumask {
	unsigned long bits[(NR_CPUS + BITS_PER_LONG - 1) / BITS_PER_LONG];
};

extern const struct cpumask *const cpu_possible_mask;
extern const struct cpumask *const cpu_online_mask;

#define nr_cpu_ids	NR_CPUS

extern unsigned int cpumask_next(int n, const struct cpumask *srcp);

#define for_each_cpu(cpu, mask)					\
	for ((cpu) = -1;					\
	     (cpu) = cpumask_next((cpu), (mask)),		\
	     (cpu) < nr_cpu_ids;)

#define for_each_possible_cpu(cpu) for_each_cpu((cpu), cpu_possible_mask)
#define for_each_online_cpu(cpu)   for_each_cpu((cpu), cpu_online_mask)

extern bool cpu_online(unsigned int cpu);
extern unsigned int num_online_cpus(void);
extern unsigned int num_possible_cpus(void);

#endif /* __LINUX_CPUMASK_H */
