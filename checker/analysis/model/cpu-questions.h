/* Many cpu_dependence_of() questions at once, answered on several threads:
 * each thread asks with a source cache of its own and shares what is learnt
 * of the files' names (cpu_dependence_new_sharing()); each answer is what
 * asking it alone would give. For the work functions of WQ010's sites,
 * which a serial pass would otherwise follow one by one. */
#ifndef WQCHECK_CPU_QUESTIONS_H
#define WQCHECK_CPU_QUESTIONS_H

#include "analysis/model/cpu-dependence.h"

struct cpu_question {
	const char *from, *name;	/* as cpu_dependence_of() takes them; not owned */
	bool yes;			/* its answer, */
	struct cpu_chain chain;		/* and its steps when yes */
};

void cpu_questions_answer(struct cpu_dependence *cd, const char *root, const char *arch,
			  struct cpu_question *q, size_t nr, int jobs);
void cpu_questions_release(struct cpu_question *q, size_t nr);

#endif
