#include "analysis/model/cpu-chain.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

void cpu_chain_add(struct cpu_chain *c, const char *file, unsigned line, unsigned column,
		   const char *message)
{
	struct cpu_step *s;

	ALLOC_GROW(c->steps, c->nr, c->alloc);
	s = &c->steps[c->nr++];
	s->file = xstrdup(file);
	s->line = line;
	s->column = column;
	s->message = xstrdup(message);
}

void cpu_chain_release(struct cpu_chain *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		free(c->steps[i].file);
		free(c->steps[i].message);
	}
	free(c->steps);
	memset(c, 0, sizeof(*c));
}

void cpu_chain_append(struct cpu_chain *to, const struct cpu_chain *from)
{
	size_t i;

	for (i = 0; i < from->nr; i++)
		cpu_chain_add(to, from->steps[i].file, from->steps[i].line, from->steps[i].column,
			      from->steps[i].message);
}
