/* Does a function read the current CPU, directly or through what it calls?
 *
 * A read is a call of smp_processor_id(), raw_smp_processor_id(), get_cpu(),
 * this_cpu_*(), __this_cpu_*(), raw_cpu_*(), get_cpu_var(), __get_cpu_var(),
 * get_cpu_ptr(), this_cpu_ptr(), numa_node_id() or numa_mem_id() (which
 * covers per_cpu(x, smp_processor_id()) and `cpu != smp_processor_id()`).
 * Callees are followed depth-bounded, lexically, where a maintainer would
 * look: the caller's own file, the headers it includes (static inline
 * functions and function-like macros) and the other files of its directory.
 * Generic kernel services whose CPU reads are their own business (locking,
 * allocation, printk, tracing, the workqueue API itself) are not followed.
 * The answer carries its evidence: function -> callee -> accessor. */
#ifndef WQCHECK_CPU_DEPENDENCE_H
#define WQCHECK_CPU_DEPENDENCE_H

#include "analysis/model/cpu-chain.h"
#include "front/source-cache.h"

struct cpu_dependence;

struct cpu_dependence *cpu_dependence_new(struct source_cache *sc, int max_depth);
/* Another one, for another thread with its own source cache sc: the answers
 * are the same whoever asks first (each is for one definition at one depth),
 * and the two share what is learnt of the files' names, under a lock. Free
 * each with cpu_dependence_free(), in any order. */
struct cpu_dependence *cpu_dependence_new_sharing(struct cpu_dependence *other,
						  struct source_cache *sc);
void cpu_dependence_free(struct cpu_dependence *cd);
/* Whether the files cd lexes stay in its source cache (they do unless
 * told): a caller that asks only cpu_dependence_of() and _locate() needs
 * none of their tokens, and lexes each file once all the same. */
void cpu_dependence_keep_sources(struct cpu_dependence *cd, bool keep);
/* What the analysis needs of f, learnt now from its tokens: for a reader
 * of the tree that lexes files anyway, so that they need not be lexed
 * again (any thread, any time; a file summarised already is left). */
void cpu_dependence_summarise(struct cpu_dependence *cd, const struct source_file *f);
/* Forgets what points into the source cache (the definitions found), for a
 * cache about to be emptied; keeps the answers, the names found nowhere and
 * what was learnt from the files' text, which does not change. */
void cpu_dependence_forget_sources(struct cpu_dependence *cd);
/* Forgets them and empties the cache cd reads through: what a pass over
 * many files does when its cache has grown past its budget. */
void cpu_dependence_empty_sources(struct cpu_dependence *cd);

/* The definition of name as seen from file from: that file, the headers it
 * includes, the other files of its directory. NULL if none. */
const struct source_function *cpu_dependence_resolve(struct cpu_dependence *cd,
						     const char *from, const char *name,
						     struct source_file **where);

/* Where a definition is: the strings are cd's, kept until it is freed. */
struct cpu_definition {
	const char *path, *name;
	unsigned line, column;
};

/* cpu_dependence_resolve() without the tokens: where name (seen from from)
 * is defined. */
bool cpu_dependence_locate(struct cpu_dependence *cd, const char *from, const char *name,
			   struct cpu_definition *out);

/* A function a static const table sets a member to (`.flush = foo_flush`). */
struct ops_target {
	char *name;			/* allocated: the caller frees it */
	const char *table_file;		/* the table's file (cd's string) */
	unsigned line;			/* the member's line there */
	const struct source_function *fn;	/* its definition, or NULL */
	struct source_file *where;	/* and its file */
};

/* The functions the static const tables of from's directory set member to,
 * up to max in out; how many (0 also when more than max: a member that
 * common says too little). Tables of other directories are not read. */
size_t cpu_dependence_ops_targets(struct cpu_dependence *cd, const char *from,
				  const char *member, struct ops_target *out, size_t max);

/* True when function name (called or named in file from) reads the current
 * CPU; then chain gets the steps from its definition to the accessor. */
bool cpu_dependence_of(struct cpu_dependence *cd, const char *from, const char *name,
		       struct cpu_chain *chain);

/* Is name (seen from file from) a small function or macro that returns
 * the current CPU, like xfs's current_cpu()? */
bool cpu_dependence_reads_only_cpu(struct cpu_dependence *cd, const char *from,
				   const char *name);


#endif
