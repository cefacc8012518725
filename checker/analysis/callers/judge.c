/* The audit's CPU-read questions on several threads.
 *
 * The questions are sorted by the directory of the file that binds the work
 * function, and a thread takes a whole directory at a time: its callees are
 * looked for in the same files (the directory, the headers it includes), so
 * each thread lexes mostly its own. Each thread has its own source cache and
 * CPU-read memo, emptied past its share of the token limit; the names
 * filters, which cost a read of each file, are shared. */
#include "analysis/callers/judge.h"
#include "front/parallel.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Lexed files are dropped from a thread's cache past its share of this many
 * tokens (40 bytes each): the questions of a whole tree touch a fifth of it,
 * most files once (a larger cache costs more in page faults than it saves
 * in lexing). */
#define CACHE_TOKEN_LIMIT (2u * 1000 * 1000)
#define CACHE_CHECK_EVERY 32

void audit_verdicts_ask(struct audit_verdicts *v, const char *file,
			const char *function)
{
	struct audit_verdict *q;

	ALLOC_GROW(v->items, v->nr, v->alloc);
	q = &v->items[v->nr++];
	memset(q, 0, sizeof(*q));
	q->file = xstrdup(file);
	q->function = xstrdup(function);
}

static size_t dir_length(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) : 0;
}

/* Directory, then file, then function. */
static int question_compare(const void *x, const void *y)
{
	const struct audit_verdict *a = x, *b = y;
	size_t la = dir_length(a->file), lb = dir_length(b->file);
	int c = memcmp(a->file, b->file, la < lb ? la : lb);

	if (c)
		return c;
	if (la != lb)
		return la < lb ? -1 : 1;
	c = strcmp(a->file, b->file);
	return c ? c : strcmp(a->function, b->function);
}

static void verdict_free(struct audit_verdict *q)
{
	free(q->file);
	free(q->function);
	free(q->where);
	free(q->name);
	cpu_chain_release(&q->chain);
}

static void sort_unique(struct audit_verdicts *v)
{
	size_t i, n = 0;

	if (v->nr)
		qsort(v->items, v->nr, sizeof(*v->items), question_compare);
	for (i = 0; i < v->nr; i++) {
		if (n && !question_compare(&v->items[n - 1], &v->items[i])) {
			verdict_free(&v->items[i]);
			continue;
		}
		v->items[n++] = v->items[i];
	}
	v->nr = n;
}

struct judge_pass {
	struct audit_verdicts *v;
	const char *root, *arch;
	struct cpu_dependence *names_of; /* whose names filters to share */
	int jobs;
	pthread_t thread;
	bool started;
	size_t *groups; /* index of each directory's first question */
	size_t nr_groups;
	size_t token_limit;
	atomic_size_t next;
};

static void answer(struct cpu_dependence *cd, struct audit_verdict *q)
{
	struct cpu_definition d;

	if (!cpu_dependence_locate(cd, q->file, q->function, &d))
		return;
	q->found = true;
	q->where = xstrdup(d.path);
	q->name = xstrdup(d.name);
	q->line = d.line;
	q->column = d.column;
	q->dependent = cpu_dependence_of(cd, q->file, q->function, &q->chain);
}

static void *judge_worker(void *arg)
{
	struct judge_pass *p = arg;
	struct source_cache sc;
	struct cpu_dependence *cd;
	size_t since_check = 0;

	source_cache_init(&sc, p->root, p->arch);
	cd = cpu_dependence_new_sharing(p->names_of, &sc);
	cpu_dependence_keep_sources(cd, false);
	for (;;) {
		size_t g = atomic_fetch_add(&p->next, 1), i, end;

		if (g >= p->nr_groups)
			break;
		end = g + 1 < p->nr_groups ? p->groups[g + 1] : p->v->nr;
		for (i = p->groups[g]; i < end; i++) {
			if (++since_check >= CACHE_CHECK_EVERY) {
				since_check = 0;
				if (source_cache_tokens(&sc) > p->token_limit)
					cpu_dependence_empty_sources(cd);
			}
			answer(cd, &p->v->items[i]);
		}
	}
	cpu_dependence_free(cd);
	source_cache_release(&sc);
	return NULL;
}

static void *judge_main(void *arg)
{
	struct judge_pass *p = arg;

	parallel_run(p->jobs, judge_worker, p);
	return NULL;
}

void audit_verdicts_start(struct audit_verdicts *v,
			  struct tree_reading *a, int jobs)
{
	struct judge_pass *p = xcalloc(1, sizeof(*p));
	size_t i;

	sort_unique(v);
	p->v = v;
	p->root = a->sc.root;
	p->arch = a->sc.arch;
	p->names_of = a->cd;
	p->jobs = jobs;
	p->groups = xcalloc(v->nr + 1, sizeof(*p->groups));
	for (i = 0; i < v->nr; i++)
		if (!i || dir_length(v->items[i].file) !=
				  dir_length(v->items[i - 1].file) ||
		    memcmp(v->items[i].file, v->items[i - 1].file,
			   dir_length(v->items[i].file)))
			p->groups[p->nr_groups++] = i;
	p->token_limit = CACHE_TOKEN_LIMIT / (size_t)parallel_jobs(jobs);
	atomic_init(&p->next, 0);
	v->pass = p;
	p->started = !pthread_create(&p->thread, NULL, judge_main, p);
	if (!p->started)
		judge_main(p);
}

void audit_verdicts_wait(struct audit_verdicts *v)
{
	struct judge_pass *p = v->pass;

	if (!p)
		return;
	if (p->started)
		pthread_join(p->thread, NULL);
	free(p->groups);
	free(p);
	v->pass = NULL;
	v->answered = true;
}

const struct audit_verdict *audit_verdicts_get(const struct audit_verdicts *v,
					       const char *file,
					       const char *function)
{
	struct audit_verdict key = { .file = (char *)file,
				     .function = (char *)function };

	if (!v->answered || !v->nr)
		return NULL;
	return bsearch(&key, v->items, v->nr, sizeof(*v->items),
		       question_compare);
}

void audit_verdicts_release(struct audit_verdicts *v)
{
	size_t i;

	audit_verdicts_wait(v);
	for (i = 0; i < v->nr; i++)
		verdict_free(&v->items[i]);
	free(v->items);
	memset(v, 0, sizeof(*v));
}
