#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/types.h>

#define HZ	CONFIG_HZ

extern unsigned long volatile jiffies;

extern unsigned long msecs_to_jiffies(const unsigned int m);
extern unsigned long round_jiffies_relative(unsigned long j);
extern unsigned long __round_jiffies_relative(unsigned long j, int cpu);
extern unsigned int jiffies_to_msecs(const unsigned long j);

#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)

#endif /* _LINUX_JIFFIES_H */
