#include "analysis/model/cpu-questions.h"
#include "front/parallel.h"
#include "front/source-cache.h"

#include <stdatomic.h>

/* Each thread's cache is emptied past this many tokens (~30 bytes each):
 * lexing a file again costs less than the page faults of a larger cache
 * (v6.19: 0.3 s less CPU than at 2M, the same answers). */
#define THREAD_TOKEN_BUDGET (1u << 18)

struct question_pass {
	struct cpu_dependence *shared;
	const char *root, *arch;
	struct cpu_question *q;
	size_t nr;
	atomic_size_t next;
};

static void *answer_worker(void *arg)
{
	struct question_pass *p = arg;
	struct source_cache sc;
	struct cpu_dependence *cd;

	source_cache_init(&sc, p->root, p->arch);
	cd = cpu_dependence_new_sharing(p->shared, &sc);
	for (;;) {
		size_t i = atomic_fetch_add(&p->next, 1);

		if (i >= p->nr)
			break;
		if (source_cache_tokens(&sc) > THREAD_TOKEN_BUDGET)
			cpu_dependence_empty_sources(cd);
		p->q[i].yes = cpu_dependence_of(cd, p->q[i].from, p->q[i].name, &p->q[i].chain);
	}
	cpu_dependence_free(cd);
	source_cache_release(&sc);
	return NULL;
}

void cpu_questions_answer(struct cpu_dependence *cd, const char *root, const char *arch,
			  struct cpu_question *q, size_t nr, int jobs)
{
	struct question_pass p = { .shared = cd, .root = root, .arch = arch, .q = q, .nr = nr };

	atomic_init(&p.next, 0);
	parallel_run(jobs, answer_worker, &p);
}

void cpu_questions_release(struct cpu_question *q, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		cpu_chain_release(&q[i].chain);
}
