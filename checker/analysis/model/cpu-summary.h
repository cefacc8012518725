/* What the CPU-read analysis keeps of a lexed file once its tokens are gone.
 *
 * A whole-tree audit asks about some 2,400 work functions, two calls deep:
 * some 5,000 files define what they call, and the headers most of them
 * include are asked about again and again. Lexing a file costs more than
 * everything the analysis then does with it, and its tokens (40 bytes
 * each) cannot all be kept, so each file is lexed once and summarised:
 * per function, whether it reads the current CPU itself (and where), and
 * the calls in its body in order; per file, its includes and the entries
 * of its static const tables. The analysis (cpu-dependence.c) then runs on
 * summaries alone, on any thread, and a file is never lexed twice for it.
 */
#ifndef WQCHECK_CPU_SUMMARY_H
#define WQCHECK_CPU_SUMMARY_H

#include "analysis/model/cpu-chain.h"
#include "front/source-cache.h"

#include <stdbool.h>

/* A call in a function's body, in token order, not under #if 0. */
struct call_step {
	char *name;		/* the callee, or the member of a member call */
	unsigned line, column;
	bool member;		/* d->ops->name(...) or ops.name(...) */
};

/* One answer, for one definition and one depth: the answer at a depth
 * does not depend on which questions came before, so threads sharing the
 * summaries give the answers one thread would. */
struct memo {
	bool yes;
	struct cpu_chain chain;
};

struct fn_summary {
	char *name;
	unsigned line, column;	/* of the token naming it */
	bool is_static, is_inline, is_macro;
	bool reads;		/* reads the current CPU itself: direct */
	struct cpu_chain direct;	/* its one step, when it does */
	struct call_step *calls;	/* those through_callee() asks */
	size_t nr_calls;
	struct memo **memo;	/* per depth; cpu-dependence.c's, under its lock */
};

/* `.member = target` inside a static const table (`static const struct
 * foo_ops name = {`), the member not under #if 0, the target a name. */
struct ops_entry {
	char *member, *target, *table;
	unsigned line;		/* the member's */
};

struct file_summary {
	char *path;
	char *strings;		/* every name below, one after another */
	struct call_step *calls;	/* every function's, one after another */
	struct fn_summary *funcs;	/* in the source file's order */
	size_t nr_funcs;
	/* indexes of funcs by name, then by index: a file of hundreds of
	 * functions is asked for a name again and again */
	size_t *by_name;
	struct include_directive *directives;	/* its #include lines */
	size_t nr_directives;
	/* The files they name, resolved on first use (which needs a source
	 * cache: a summary may be made on a thread that has none). */
	char **includes;
	size_t nr_includes;
	bool includes_resolved;
	struct ops_entry *entries;	/* in token order */
	size_t nr_entries;
	/* cpu-dependence.c's, under its lock: where a name called here is
	 * defined (name -> its struct resolved *, freed with free()) */
	struct strmap resolved;
};

/* The first function of s called name (from index *from on), or NULL;
 * *from is then past it, to ask for the next. */
const struct fn_summary *file_summary_find(const struct file_summary *s, const char *name,
					   size_t *from);

/* The summary of f. */
struct file_summary *file_summary_new(const struct source_file *f);
void file_summary_free(struct file_summary *s, int depths);

/* Is token i of lf a call of a current-CPU accessor? */
bool is_current_cpu_accessor(const struct lexed_file *lf, size_t i);

/* Is a call of name followed into its definition? Not the keywords and
 * function-like builtins, not the accessors themselves (read above), not
 * the generic services whose own CPU reads are their business. */
bool cpu_call_followed(const char *name);

#endif
