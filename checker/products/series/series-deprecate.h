/* The core patches that end the migration, as 3.7 did them: the old APIs
 * become __deprecated wrappers in include/linux/workqueue.h (their
 * implementations leave kernel/workqueue.c), and once no user is left, they
 * go. Text edits on the 3.6 shape of those two files; a step whose text is
 * not there (already done, or a shape we do not know) changes nothing. */
#ifndef WQCHECK_SERIES_DEPRECATE_H
#define WQCHECK_SERIES_DEPRECATE_H

#include <stdbool.h>

#include "lib/strbuf.h"

#define WORKQUEUE_HEADER "include/linux/workqueue.h"
#define WORKQUEUE_IMPL "kernel/workqueue.c"

enum deprecation_step {
	DEPRECATE_FLUSH_SYNC, /* WQ001, WQ002 */
	DEPRECATE_SYSTEM_NRT, /* WQ003, WQ004 */
	DEPRECATE_NON_REENTRANT, /* WQ005 */
	REMOVE_DEPRECATED,
	NR_DEPRECATION_STEPS,
};

/* Edits the header's and the implementation's text (impl may be empty when
 * the tree has none); returns whether anything changed. */
bool series_deprecation_apply(enum deprecation_step step, struct strbuf *header,
			      struct strbuf *impl);
/* Subject and body of the step's commit. */
void series_deprecation_message(enum deprecation_step step, struct strbuf *msg);

#endif
