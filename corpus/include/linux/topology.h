#ifndef _LINUX_TOPOLOGY_H
#define _LINUX_TOPOLOGY_H

/*
 * The NUMA node of the CPU the caller runs on, as 3.x spelled it.
 */
extern int numa_node_id(void);
extern int numa_mem_id(void);
extern int cpu_to_node(int cpu);

#endif /* _LINUX_TOPOLOGY_H */
