/* The CPU-read questions of an audit, asked first and answered all at once
 * on several threads: for each work function the audit names (where it is
 * bound, its name), is its definition found, and does it read the current
 * CPU, two calls deep (analysis/cpu-dependence.h)? An answer does not depend
 * on the order the questions are asked in, so -j 1 and -j 2 agree. */
#ifndef WQCHECK_ANALYSIS_CALLERS_JUDGE_H
#define WQCHECK_ANALYSIS_CALLERS_JUDGE_H

#include "analysis/model/tree-reading.h"

#include <stdbool.h>
#include <stddef.h>

struct audit_verdict {
	char *file, *function; /* the question */
	bool found; /* the definition; then: */
	char *where, *name; /* its file and name */
	unsigned line, column;
	bool dependent; /* it reads the current CPU: how, in chain */
	struct cpu_chain chain;
};

struct judge_pass;

struct audit_verdicts {
	struct audit_verdict *items;
	size_t nr, alloc;
	bool answered;
	struct judge_pass *pass; /* answering in the background */
};

void audit_verdicts_ask(struct audit_verdicts *v, const char *file,
			const char *function);
/* Answers every question, on parallel_jobs(jobs) threads, each with its own
 * source cache (a share of a size limit), sharing a->cd's knowledge of the
 * files' names: neither a's cache nor a->cd itself is used, so the caller
 * may go on with them, or empty the cache. The answers are ready once
 * audit_verdicts_wait() returns; _start answers in the background (on this
 * thread when none can be started). */
void audit_verdicts_start(struct audit_verdicts *v,
			  struct tree_reading *a, int jobs);
void audit_verdicts_wait(struct audit_verdicts *v);
/* The answer to a question asked before audit_verdicts_answer(), or NULL. */
const struct audit_verdict *audit_verdicts_get(const struct audit_verdicts *v,
					       const char *file,
					       const char *function);
void audit_verdicts_release(struct audit_verdicts *v);

#endif
