/*
 * --prefer-unbound (scan, series): which system_wq users and
 * alloc_workqueue() calls may leave the CPU that queues their work. The
 * audit's classification of the tree answers it: a site is proved unbound
 * when every work item queued there has known work functions, none of which
 * reads the current CPU or per-CPU data (directly, two calls deep, or
 * through a static const ops table), and none of which is ever queued with a
 * *_on() call. Everything else keeps the per-CPU form, with the reason.
 */
#ifndef WQCHECK_PREFER_UNBOUND_H
#define WQCHECK_PREFER_UNBOUND_H

#include "analysis/model/unbound-verdict.h"
#include "front/flags.h"

#include <stdbool.h>

/* Fills out (finished, ready for the scan) for the tree at root; -1 when its
 * files cannot be listed. */
int prefer_unbound_verdicts(const char *root, const char *arch,
			    const struct compile_db *db, int jobs, bool progress,
			    struct unbound_verdicts *out);

#endif
