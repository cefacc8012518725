/* Every workqueue API caller of a tree with what the analysis says about
 * it: the model `wqcheck audit` renders and --prefer-unbound reads
 * (prefer-unbound.h).
 *
 * collect.c gathers the callers (the scan's legacy findings, every *_on()
 * site of the affinity analysis, system_wq users and alloc_workqueue()
 * calls) into rows (rows.c), classify.c decides what the work behind a
 * system_wq user or a workqueue depends on and what 6.17's migration makes
 * of it. The rows are data: grouping them by MAINTAINERS section and
 * writing them out is the audit's (products/audit/audit.h). */
#ifndef WQCHECK_ANALYSIS_CALLERS_H
#define WQCHECK_ANALYSIS_CALLERS_H

#include "analysis/model/tree-reading.h"
#include "analysis/finding.h"
#include "front/era.h"
#include "front/flags.h"

#include <stdbool.h>
#include <stddef.h>

enum audit_class {
	AUDIT_LEGACY, /* WQ001-WQ005: conversion pending */
	AUDIT_CPU_DEPENDENT, /* its work reads the current CPU */
	AUDIT_REENTRANCY_DEPENDENT, /* relied on parallel runs of one item */
	AUDIT_CPU_INDEPENDENT, /* work functions known, none reads the CPU */
	AUDIT_UNRESOLVED, /* work function not found */
	NR_AUDIT_CLASSES
};

enum audit_kind {
	AUDIT_KIND_LEGACY,
	AUDIT_KIND_QUEUE_ON,
	AUDIT_KIND_ALLOC_WORKQUEUE,
	AUDIT_KIND_SYSTEM_WQ,
};

enum audit_advice {
	ADVICE_NONE, /* no migration question */
	ADVICE_WQ_PERCPU,
	ADVICE_WQ_UNBOUND,
	ADVICE_SYSTEM_PERCPU_WQ,
	ADVICE_SYSTEM_DFL_WQ,
	ADVICE_UNDECIDED,
	NR_AUDIT_ADVICE
};

/* Where a caller stands in 6.17's migration, on a tree whose workqueue.h has
 * the new names (front/era.h); MIGRATION_NONE elsewhere, and for callers the
 * migration does not touch (schedule_work() already queues on
 * system_percpu_wq there, *_on() sites name no workqueue). */
enum audit_migration_status {
	MIGRATION_NONE,
	MIGRATION_CONVERTED, /* system_percpu_wq / system_dfl_wq, or an
			      * alloc_workqueue() that says WQ_PERCPU or
			      * WQ_UNBOUND */
	MIGRATION_PENDING, /* system_wq / system_unbound_wq, or an
			    * alloc_workqueue() that says neither */
	NR_MIGRATION_STATUS
};

extern const char *const audit_class_names[NR_AUDIT_CLASSES];
extern const char *const audit_kind_names[];
extern const char *const audit_advice_names[NR_AUDIT_ADVICE];
extern const char *const audit_migration_status_names[NR_MIGRATION_STATUS];

struct audit_row {
	char *file; /* relative to the tree root */
	unsigned line, column;
	char *function; /* enclosing function or macro, or NULL */
	char *api;
	enum audit_kind kind;
	enum audit_class class;
	const char *rule; /* WQ001..WQ022 or NULL */
	enum severity severity; /* of the rule's finding; only when rule is set */
	char *message;
	char **work_functions;
	size_t nr_work_functions, alloc_work_functions;
	struct evidence *evidence;
	size_t nr_evidence, alloc_evidence;
	enum audit_advice advice;
	char *reason; /* of the advice */
	enum audit_migration_status status;
	/* What a converted or pending alloc_workqueue() counts as in the
	 * summary: the flag it names, "flags_value" (WQ022 followed a macro or
	 * variable to one), "alloc_workqueue" (pending). NULL: its api. */
	const char *progress_name;
};

/* A WQ020-WQ022 finding of the scan. The lexical row at its position takes
 * its rule; one that no row claims (a macro body, an #if branch the
 * configuration leaves out) gets a row of its own: never dropped. */
struct audit_migration_finding {
	char *file;
	unsigned line, column;
	const char *rule;
	enum severity severity;
	char *message;
	bool claimed;
};

struct audit_failed {
	char *file, *reason;
};

struct audit {
	struct audit_row *rows;
	size_t nr, alloc;
	struct audit_failed *failed; /* files the scan could not analyse */
	size_t nr_failed, alloc_failed;
	struct era era; /* what the tree's workqueue.h has */
	bool migration; /* the era has 6.17's names: rows get a status */
	struct audit_migration_finding *mfindings; /* sorted by position */
	size_t nr_mfindings, alloc_mfindings;
};

struct audit_options {
	const char *root;
	const char *arch;
	const struct compile_db *db;
	int jobs;
	bool progress;
	/* audit --subsystem: the files whose callers are wanted (the
	 * section's); the others are read only for what those need: the
	 * work-item model, the calls on a wanted workqueue. NULL: all. */
	bool (*in_scope)(const char *path, void *ctx);
	void *scope_ctx;
	/* The caller exits once the document is written: the reading's
	 * summaries and index are left to the kernel to take back (a
	 * fortieth of a whole audit's CPU was freeing them), FREE_AT_EXIT. */
	bool exits_after;
};

/* collect.c: every caller of the tree at opts->root; -1 when its files
 * cannot be listed. */
int audit_collect(const struct audit_options *opts, struct audit *out);

/* rows.c: the rows and the migration findings they claim. */
void audit_release(struct audit *au);

struct audit_row *audit_add_row(struct audit *au, const char *file,
				unsigned line, unsigned column,
				enum audit_kind kind, const char *api);
void audit_row_add_function(struct audit_row *r, const char *function);
void audit_row_add_evidence(struct audit_row *r, const char *file,
			    unsigned line, unsigned column,
			    const char *message);

/* Sorts the WQ020-WQ022 findings by position, for the claims. */
void audit_sort_migration_findings(struct audit *au);
/* The WQ020-WQ022 finding at file:line:column, marked claimed, or NULL. */
struct audit_migration_finding *
audit_claim_migration_finding(struct audit *au, const char *file,
			      unsigned line, unsigned column);

/* classify-names.c: the workqueue API's own files (kernel/workqueue.c,
 * its header): their calls implement the API, they are not its callers. */
bool audit_is_api_file(const char *path);

#endif
