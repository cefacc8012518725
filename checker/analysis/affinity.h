/* The analysis behind WQ010-WQ012, open to other users than the rules: the
 * tree's work-item index, every queue_work_on() & co site (and every call of
 * a subsystem's wrapper of one) with its work functions and what was decided
 * about it. `wqcheck audit` lists every site, finding or not, from it. */
#ifndef WQCHECK_AFFINITY_H
#define WQCHECK_AFFINITY_H

#include "analysis/cpu-dependence.h"
#include "front/source-cache.h"
#include "front/tree.h"
#include "analysis/workitem-index.h"

#include <stdbool.h>
#include <stddef.h>

struct rule;
struct scan_result;
struct affinity_state;

struct affinity_analysis {
	struct file_list all; /* every .c/.h file of the tree */
	struct workitem_index idx;
	struct source_cache sc;
	struct cpu_dependence *cd;
	struct affinity_state *state; /* the API, its wrappers and the sites */
	bool *mentions; /* per file of all: see affinity_analyse_mentions() */
};

/* Lists and indexes the tree under root; -1 when its files cannot be listed.
 * Release with affinity_release() in either case. */
int affinity_analyse(const char *root, const char *arch, int jobs,
		     struct affinity_analysis *a);
/* affinity_analyse() in its two steps, for a caller that runs something
 * else on the file list meanwhile (a->all is only read by the second):
 * affinity_list() lists the tree (-1 when its files cannot be listed),
 * affinity_index() reads and indexes it. While it reads each file (on one of
 * its threads), a->mentions[i] is set to mentions(text, len) of file i, when
 * mentions is not NULL: for a caller that would otherwise read the whole
 * tree once more. A file that cannot be read or holds a NUL byte is not
 * asked about. */
int affinity_list(const char *root, struct affinity_analysis *a);
void affinity_index(const char *root, const char *arch, int jobs,
		    bool (*mentions)(const char *text, size_t len),
		    struct affinity_analysis *a);
/* affinity_index() in its two steps: affinity_read() reads every file once
 * (on jobs threads) for a->idx and a->mentions, and makes a->sc and a->cd;
 * affinity_sites() finds and judges the *_on() sites, mostly on the calling
 * thread. Meanwhile another thread may read a->idx, a->all and a->mentions,
 * and use a cpu_dependence_new_sharing(a->cd, ...) with a cache of its own,
 * but not a->sc or a->cd themselves. */
void affinity_read(const char *root, const char *arch, int jobs,
		   bool (*mentions)(const char *text, size_t len),
		   struct affinity_analysis *a);
/* affinity_read() that also hands every file mentions() says yes to,
 * lexed, to visit() on the thread that read it (thread 0 to
 * parallel_jobs(jobs); index: the file's in a->all), before the index is
 * finished: for a caller that would otherwise read and lex them again. */
struct affinity_visitor {
	void (*visit)(void *ctx, int thread, size_t index, const struct source_file *f);
	void *ctx;
};

void affinity_read_visiting(const char *root, const char *arch, int jobs,
			    bool (*mentions)(const char *text, size_t len),
			    const struct affinity_visitor *visitor,
			    struct affinity_analysis *a);
/* affinity_read_visiting() for a caller that reads the files itself (the
 * per-file scan): begin(), then file() with the text of every file of
 * a->all (index: its place there) on threads numbered 0 to threads, then
 * end(). */
struct affinity_reading;
struct affinity_reading *affinity_read_begin(const char *root, const char *arch, int threads,
					     bool (*mentions)(const char *text, size_t len),
					     const struct affinity_visitor *visitor,
					     struct affinity_analysis *a);
/* lexed: the scan's lexing of text, or NULL */
void affinity_read_file(struct affinity_reading *r, int thread, size_t index,
			const char *text, size_t len, const struct lexed_file *lexed);
void affinity_read_end(struct affinity_reading *r, struct affinity_analysis *a);
void affinity_sites(const char *root, int jobs, struct affinity_analysis *a);
/* Adds the WQ010-WQ012 findings among rules to res, exactly as scan does. */
void affinity_report(const struct affinity_analysis *a,
		     const struct rule *const *rules, size_t nr_rules,
		     struct scan_result *res);
void affinity_release(struct affinity_analysis *a);

/* One site as decided; pointers into the analysis. */
struct affinity_site {
	const struct source_file *file;
	size_t tok;
	unsigned line, column;
	const struct source_function *caller;
	const char *api; /* queue_work_on, or a wrapper's name */
	const char *wrapper_file; /* a wrapper's definition, else NULL */
	unsigned wrapper_line;
	const char *cpu_text, *item_text, *item_key;
	struct work_binding *const *bindings; /* the item's work functions */
	size_t nr_bindings;
	bool cpu_dependent; /* one of them reads the current CPU */
	const struct work_binding *dependent_binding;
	const struct cpu_chain *chain; /* how it does */
	bool unbound; /* on an unbound workqueue */
	bool fresh, idle; /* initialised / waited for just before */
	bool own_cpu; /* a per-CPU item sent to its own CPU */
	bool self_delayed; /* re-arms itself after a delay */
	bool self_requeue_here; /* re-arms itself on the current CPU */
};

/* Tokens held by the source cache, and a way to let them go: the lexed
 * files and the CPU-read memo are dropped (and rebuilt on demand), which
 * invalidates every source_file pointer, the sites' included. For a long
 * pass over many work functions after the sites have been read. */
size_t affinity_cached_tokens(const struct affinity_analysis *a);
void affinity_forget_sources(struct affinity_analysis *a);
/* Every 128th call (*ticks counts them), forgets the sources when they
 * hold more than a few million tokens (~30 bytes each): for a pass that
 * reads many files and keeps no pointer into them between two calls;
 * _past looks at once, with a budget of its own. */
void affinity_trim_sources(struct affinity_analysis *a, size_t *ticks);
void affinity_trim_sources_past(struct affinity_analysis *a, size_t tokens);
/* For a serial pass that knows its next files (WQ015's bindings, the
 * model's wrapper calls): at most AFFINITY_FILES_AHEAD of them lexed ahead
 * on jobs threads, after the sources are forgotten when they hold more
 * than 1M tokens. A file lexed again costs less than the page faults of a
 * larger cache (v6.19: 0.3 s less CPU than at 4M, the same findings). */
#define AFFINITY_FILES_AHEAD 64
void affinity_lex_ahead(struct affinity_analysis *a, const char *const *paths, size_t nr,
			int jobs);

size_t affinity_nr_sites(const struct affinity_analysis *a);
/* Site i; false for the call inside a wrapper (its callers are the sites). */
bool affinity_site_get(const struct affinity_analysis *a, size_t i,
		       struct affinity_site *out);

/* The work functions of an item expression, resolved as the rules resolve
 * them: its key, a per-CPU variable's struct type, a work function's own
 * parameter, or a member of the same name bound in the same file. */
struct item_bindings {
	struct work_binding *const *items;
	size_t nr;
	struct work_binding **owned; /* what items points to, when made here */
};

void affinity_item_bindings(const struct workitem_index *idx, const char *path,
			    const struct source_function *caller,
			    const struct item_shape *item,
			    struct item_bindings *out);
void item_bindings_release(struct item_bindings *b);

#endif
