/* The lexical pass over the callers (classify.c): system_wq users and
 * alloc_workqueue() calls of the files that mention them, in three steps.
 * begin() before the tree is read; visit() is the tree's reading's visitor
 * (model/tree-reading.h) of the files that mention the names, each read
 * on the reading's thread, before the work-item index is whole; read(),
 * once a->idx is, resolves their items, and starts judging their work
 * functions in the background on -j threads of their own (neither a->sc
 * nor a->cd is used: the caller may empty the cache). Until finish() only
 * au's era is read (the tree's reading's sites and the scan may run
 * meanwhile). finish(), once au has the scan's findings and rows, waits
 * for the answers, appends the lexical rows with their verdicts, claims
 * the WQ020-WQ022 findings at their positions, and frees lx. */
#ifndef WQCHECK_ANALYSIS_CALLERS_CLASSIFY_H
#define WQCHECK_ANALYSIS_CALLERS_CLASSIFY_H

#include "analysis/callers/callers.h"

#include <stdbool.h>

struct audit_lexical;
struct audit_lexical *audit_lexical_begin(struct tree_reading *a,
					  const struct audit *au,
					  bool (*in_scope)(const char *path, void *ctx),
					  void *scope_ctx);
void audit_lexical_visit(void *ctx, int thread, size_t index,
			 const struct source_file *f);
void audit_lexical_read(struct audit_lexical *lx, int jobs);
void audit_lexical_finish(struct audit_lexical *lx, struct audit *au);

#endif
