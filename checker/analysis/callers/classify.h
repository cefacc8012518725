/* The lexical pass over the callers (classify.c): system_wq users and
 * alloc_workqueue() calls of the files that mention them (mentions[i] for
 * file i of a->all), in two steps. The first reads those files on -j
 * threads, reading only a->idx, a->all and au's era (the tree's reading'
 * sites and the scan may run meanwhile), and starts judging their work
 * functions in the background, on -j threads of their own (neither a->sc
 * nor a->cd is used: the caller may empty the cache). The second, once au
 * has the scan's findings and rows, waits for the answers, appends the
 * lexical rows with their verdicts, claims the WQ020-WQ022 findings at
 * their positions, and frees lx. */
#ifndef WQCHECK_ANALYSIS_CALLERS_CLASSIFY_H
#define WQCHECK_ANALYSIS_CALLERS_CLASSIFY_H

#include "analysis/callers/callers.h"

#include <stdbool.h>

struct audit_lexical;
struct audit_lexical *audit_lexical_read(struct tree_reading *a,
					 const bool *mentions, int jobs,
					 const struct audit *au,
					 bool (*in_scope)(const char *path, void *ctx),
					 void *scope_ctx);
void audit_lexical_finish(struct audit_lexical *lx, struct audit *au);

#endif
