/*
 * --prefer-unbound's answers, one per queueing site: may the work queued
 * there leave the CPU that queued it? The affinity analysis (through the
 * classification of the callers, analysis/callers/prefer-unbound.c) fills
 * the table before the scan; WQ020 and WQ022 look their site up and write
 * system_dfl_wq or WQ_UNBOUND where it says so, the per-CPU form with the
 * reason otherwise.
 */
#ifndef WQCHECK_UNBOUND_VERDICT_H
#define WQCHECK_UNBOUND_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

enum unbound_site {
	UNBOUND_SITE_SYSTEM_WQ,		/* a call that names system_wq */
	UNBOUND_SITE_ALLOC,		/* an alloc_workqueue() call */
};

struct unbound_verdict {
	char *file;			/* relative to the tree root */
	unsigned line;			/* of the call's name */
	enum unbound_site kind;
	bool unbound;			/* proved: may run on any CPU */
	char *why;			/* what was checked, or the read that keeps it */
};

struct unbound_verdicts {
	struct unbound_verdict *items;
	size_t nr, alloc;
	bool sorted;
};

/* Adds a verdict (file and why are copied). */
void unbound_verdicts_add(struct unbound_verdicts *v, const char *file,
			  unsigned line, enum unbound_site kind, bool unbound,
			  const char *why);
/* Sorts the table for the lookups; after it, the table is read-only and
 * the scan's threads may look up at once. */
void unbound_verdicts_finish(struct unbound_verdicts *v);
/* The verdict for the site of that kind on line of file, or NULL when there
 * is none or more than one (which of them the use belongs to is unknown). */
const struct unbound_verdict *unbound_verdict_find(const struct unbound_verdicts *v,
						   const char *file, unsigned line,
						   enum unbound_site kind);
void unbound_verdicts_release(struct unbound_verdicts *v);

#endif
