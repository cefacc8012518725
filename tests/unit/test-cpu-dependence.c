/* Unit tests of the CPU-read answers across questions and threads: an answer
 * must not depend on which question came first, and cpu_dependence objects
 * that share what they learn of the files' names (one per thread, as the
 * audit judges its work functions) must give the answers one thread gives. */
#include "analysis/model/cpu-dependence.h"
#include "test-lib.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* w() calls x(), which calls y(), which calls z(), which reads the CPU:
 * x() reads it two calls deep, w() three (beyond the bound). v() calls a
 * function of another file of the directory; u() reads nothing. */
static const char text_a[] =
	"static void z(void) { int c = smp_processor_id(); use(c); }\n"
	"static void y(void) { z(); }\n"
	"static void x(void) { y(); }\n"
	"void w(void) { x(); }\n"
	"void v(void) { helper(); }\n"
	"void u(void) { plain(); }\n";
static const char text_b[] =
	"void helper(void) { this_cpu_write(slot, 1); }\n"
	"void plain(void) { }\n";

static char root[] = "/tmp/wqcheck-unit-cpu.XXXXXX";

static void write_file(const char *rel, const char *text)
{
	struct strbuf path = STRBUF_INIT;
	FILE *f;

	strbuf_addf(&path, "%s/%s", root, rel);
	f = fopen(path.buf, "w");
	if (!f)
		die("cannot write %s", path.buf);
	fputs(text, f);
	fclose(f);
	strbuf_release(&path);
}

static const char *const questions[] = { "x", "w", "v", "u", "y", "z" };
#define NR_QUESTIONS (sizeof(questions) / sizeof(questions[0]))

/* The answers to questions in the order given by order[]. */
static void ask(struct cpu_dependence *cd, const size_t *order, bool *yes,
		size_t *steps)
{
	size_t k;

	for (k = 0; k < NR_QUESTIONS; k++) {
		struct cpu_chain chain = { 0 };
		size_t q = order[k];

		yes[q] = cpu_dependence_of(cd, "d/a.c", questions[q], &chain);
		steps[q] = chain.nr;
		cpu_chain_release(&chain);
	}
}

static void test_order(void)
{
	static const size_t forward[NR_QUESTIONS] = { 0, 1, 2, 3, 4, 5 },
			    backward[NR_QUESTIONS] = { 5, 4, 3, 2, 1, 0 };
	bool yes1[NR_QUESTIONS], yes2[NR_QUESTIONS];
	size_t steps1[NR_QUESTIONS], steps2[NR_QUESTIONS];
	struct source_cache sc1, sc2;
	struct cpu_dependence *cd1, *cd2;

	source_cache_init(&sc1, root, "x86");
	source_cache_init(&sc2, root, "x86");
	cd1 = cpu_dependence_new(&sc1, 2);
	cd2 = cpu_dependence_new(&sc2, 2);
	ask(cd1, forward, yes1, steps1);
	ask(cd2, backward, yes2, steps2);
	CHECK("order: x() reads the CPU two calls deep", yes1[0] && steps1[0] == 3);
	CHECK("order: w() asked after x() is three calls deep: no", !yes1[1]);
	CHECK("order: w() asked before x(): no as well", !yes2[1]);
	CHECK("order: x() asked after w() and y(): still yes, the same chain",
	      yes2[0] && steps2[0] == 3);
	CHECK("order: a callee in another file of the directory", yes1[2] && yes2[2]);
	CHECK("order: u() does not read the CPU", !yes1[3] && !yes2[3]);
	cpu_dependence_free(cd1);
	cpu_dependence_free(cd2);
	source_cache_release(&sc1);
	source_cache_release(&sc2);
}

struct thread_arg {
	struct cpu_dependence *shared_with;
	bool yes[NR_QUESTIONS];
	size_t steps[NR_QUESTIONS];
	const size_t *order;
};

static void *thread_main(void *p)
{
	struct thread_arg *arg = p;
	struct source_cache sc;
	struct cpu_dependence *cd;
	int round;

	source_cache_init(&sc, root, "x86");
	cd = cpu_dependence_new_sharing(arg->shared_with, &sc);
	/* Several rounds, the memo forgotten between them, so that both
	 * threads ask the shared names store at the same time. */
	for (round = 0; round < 50; round++) {
		ask(cd, arg->order, arg->yes, arg->steps);
		cpu_dependence_forget_sources(cd);
		source_cache_release(&sc);
		source_cache_init(&sc, root, "x86");
	}
	cpu_dependence_free(cd);
	source_cache_release(&sc);
	return NULL;
}

static void test_threads(void)
{
	static const size_t forward[NR_QUESTIONS] = { 0, 1, 2, 3, 4, 5 },
			    backward[NR_QUESTIONS] = { 5, 4, 3, 2, 1, 0 };
	struct thread_arg args[2] = { { .order = forward }, { .order = backward } };
	bool yes[NR_QUESTIONS];
	size_t steps[NR_QUESTIONS], q;
	struct source_cache sc;
	struct cpu_dependence *cd;
	pthread_t t[2];
	int i, same = 1;

	source_cache_init(&sc, root, "x86");
	cd = cpu_dependence_new(&sc, 2);
	for (i = 0; i < 2; i++) {
		args[i].shared_with = cd;
		if (pthread_create(&t[i], NULL, thread_main, &args[i]))
			die("pthread_create");
	}
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	ask(cd, forward, yes, steps);
	for (i = 0; i < 2; i++)
		for (q = 0; q < NR_QUESTIONS; q++)
			if (args[i].yes[q] != yes[q] || args[i].steps[q] != steps[q])
				same = 0;
	CHECK("threads: two threads sharing the names give one thread's answers", same);
	/* The object the others shared from is freed first: the store lives
	 * on while one of them uses it. */
	{
		struct source_cache sc2;
		struct cpu_dependence *other;
		bool yes2[NR_QUESTIONS];
		size_t steps2[NR_QUESTIONS];

		source_cache_init(&sc2, root, "x86");
		other = cpu_dependence_new_sharing(cd, &sc2);
		cpu_dependence_free(cd);
		ask(other, forward, yes2, steps2);
		CHECK("threads: a sharing object outlives the one it shared from",
		      !memcmp(yes, yes2, sizeof(yes)));
		cpu_dependence_free(other);
		source_cache_release(&sc2);
	}
	source_cache_release(&sc);
}

int main(void)
{
	struct strbuf dir = STRBUF_INIT;

	if (!mkdtemp(root))
		die("mkdtemp");
	strbuf_addf(&dir, "%s/d", root);
	if (mkdir(dir.buf, 0700))
		die("mkdir");
	write_file("d/a.c", text_a);
	write_file("d/b.c", text_b);
	test_order();
	test_threads();
	strbuf_reset(&dir);
	strbuf_addf(&dir, "%s/d/a.c", root);
	unlink(dir.buf);
	strbuf_reset(&dir);
	strbuf_addf(&dir, "%s/d/b.c", root);
	unlink(dir.buf);
	strbuf_reset(&dir);
	strbuf_addf(&dir, "%s/d", root);
	rmdir(dir.buf);
	rmdir(root);
	strbuf_release(&dir);
	return test_failures ? 1 : 0;
}
