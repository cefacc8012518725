/* The evidence of a CPU read: the steps from a function to the accessor
 * it reaches (function -> callee -> accessor), each with its place. */
#ifndef WQCHECK_CPU_CHAIN_H
#define WQCHECK_CPU_CHAIN_H

#include <stddef.h>

struct cpu_step {
	char *file;
	unsigned line, column;
	char *message;
};

struct cpu_chain {
	struct cpu_step *steps;
	size_t nr, alloc;
};

void cpu_chain_add(struct cpu_chain *c, const char *file, unsigned line, unsigned column,
		   const char *message);
/* A copy of each step of from, after those of to. */
void cpu_chain_append(struct cpu_chain *to, const struct cpu_chain *from);
void cpu_chain_release(struct cpu_chain *c);

#endif
