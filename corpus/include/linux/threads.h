#ifndef _LINUX_THREADS_H
#define _LINUX_THREADS_H

#ifndef CONFIG_NR_CPUS
#define CONFIG_NR_CPUS	1
#endif

#define NR_CPUS		CONFIG_NR_CPUS

#endif /* _LINUX_THREADS_H */
