#ifndef __LINUX_SMP_H
#define __LINUX_SMP_H

#include <linux/types.h>
#include <linux/cpumask.h>

extern unsigned int raw_smp_processor_id(void);

#ifdef CONFIG_DEBUG_PREEMPT
extern unsigned int debug_smp_processor_id(void);
# define smp_processor_id() debug_smp_processor_id()
#else
# define smp_processor_id() raw_smp_processor_id()
#endif

extern void preempt_disable(void);
extern void preempt_enable(void);

#define get_cpu()	({ preempt_disable(); smp_processor_id(); })
#define put_cpu()	preempt_enable()

extern int smp_call_function_single(int cpuid, void (*func)(void *info),
				    void *info, int wait);

#endif /* __LINUX_SMP_H */
