/* The tree read once: its files listed and read on -j threads, the work
 * items they bind indexed, the files naming the *_on() API marked, and the
 * source cache and CPU-read memo everything after asks. The rules
 * (WQ010-WQ015), the work-item model and the audit all start from one
 * reading; nothing here knows a rule. */
#ifndef WQCHECK_TREE_READING_H
#define WQCHECK_TREE_READING_H

#include "analysis/model/cpu-dependence.h"
#include "analysis/model/workitem-index.h"
#include "front/source-cache.h"
#include "front/tree.h"

#include <stdbool.h>
#include <stddef.h>

struct tree_reading {
	struct file_list all; /* every .c/.h file of the tree */
	struct workitem_index idx;
	struct source_cache sc;
	struct cpu_dependence *cd;
	bool *mentions; /* per file of all: what the reader's mentions() said */
	/* per file of all: holds a name of the *_on() API (and, after
	 * on_api_find(), of a wrapper of it) */
	bool *on_api_files;
	/* Set before the read by a caller that will ask many CPU-read
	 * questions (the audit): every file the read lexes is summarised
	 * for them then (cpu_dependence_summarise()), not lexed again. */
	bool summarise;
};

/* Lists the tree under root into t->all; -1 when its files cannot be
 * listed. Release with tree_reading_release() in either case. */
int tree_reading_list(const char *root, struct tree_reading *t);
/* The same list, unchecked (front/tree.h): only for a reading that goes
 * through scan_run_reading(), which skips the paths that are no file. */
int tree_reading_list_unchecked(const char *root, struct tree_reading *t);
/* Reads every file of t->all once (on jobs threads) for t->idx,
 * t->on_api_files and t->mentions, and makes t->sc and t->cd. While it
 * reads each file (on one of its threads), t->mentions[i] is set to
 * mentions(text, len) of file i when mentions is not NULL: for a caller
 * that would otherwise read the whole tree once more. A file that cannot
 * be read or holds a NUL byte is not asked about. Afterwards another
 * thread may read t->idx, t->all and t->mentions, and use a
 * cpu_dependence_new_sharing(t->cd, ...) with a cache of its own, while
 * one thread uses t->sc and t->cd. */
void tree_read(const char *root, const char *arch, int jobs,
	       bool (*mentions)(const char *text, size_t len),
	       struct tree_reading *t);
/* tree_read() that also hands every file mentions() says yes to, lexed,
 * to visit() on the thread that read it (thread 0 to parallel_jobs(jobs);
 * index: the file's in t->all), before the index is finished: for a
 * caller that would otherwise read and lex them again. */
struct tree_visitor {
	void (*visit)(void *ctx, int thread, size_t index, const struct source_file *f);
	void *ctx;
};

void tree_read_visiting(const char *root, const char *arch, int jobs,
			bool (*mentions)(const char *text, size_t len),
			const struct tree_visitor *visitor,
			struct tree_reading *t);
/* tree_read_visiting() for a caller that reads the files itself (the
 * per-file scan): begin(), then file() with the text of every file of
 * t->all (index: its place there) on threads numbered 0 to threads, then
 * end(). */
struct tree_read_pass;
struct tree_read_pass *tree_read_begin(const char *root, const char *arch, int threads,
				       bool (*mentions)(const char *text, size_t len),
				       const struct tree_visitor *visitor,
				       struct tree_reading *t);
/* lexed: the scan's lexing of text, or NULL */
void tree_read_file(struct tree_read_pass *r, int thread, size_t index,
		    const char *text, size_t len, const struct lexed_file *lexed);
void tree_read_end(struct tree_read_pass *r, struct tree_reading *t);
void tree_reading_release(struct tree_reading *t);

/* The names the reading marks t->on_api_files by (queue_work_on & co). */
extern const char *const on_api_needles[];
/* Whether text holds any of needles (a NULL-terminated list). */
bool tree_text_holds_any(const char *text, size_t len, const char *const *needles);
/* One more pass over files: matched[i] set for each that holds a needle. */
void tree_reading_match(const char *root, const struct file_list *files, int jobs,
			const char *const *needles, bool *matched);

/* Tokens held by the source cache, and a way to let them go: the lexed
 * files and the CPU-read memo are dropped (and rebuilt on demand), which
 * invalidates every source_file pointer (WQ010's sites' included). For a
 * long pass over many work functions after the sites have been read. */
size_t tree_reading_cached_tokens(const struct tree_reading *t);
void tree_reading_forget_sources(struct tree_reading *t);
/* Every 128th call (*ticks counts them), forgets the sources when they
 * hold more than a few million tokens (~30 bytes each): for a pass that
 * reads many files and keeps no pointer into them between two calls;
 * _past looks at once, with a budget of its own. */
void tree_reading_trim_sources(struct tree_reading *t, size_t *ticks);
void tree_reading_trim_sources_past(struct tree_reading *t, size_t tokens);
/* For a serial pass that knows its next files (WQ015's bindings, the
 * model's wrapper calls): at most TREE_FILES_AHEAD of them lexed ahead
 * on jobs threads, after the sources are forgotten when they hold more
 * than 1M tokens. A file lexed again costs less than the page faults of a
 * larger cache (v6.19: 0.3 s less CPU than at 4M, the same findings). */
#define TREE_FILES_AHEAD 64
void tree_reading_lex_ahead(struct tree_reading *t, const char *const *paths, size_t nr,
			    int jobs);

#endif
