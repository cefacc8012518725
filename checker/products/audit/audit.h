/* `wqcheck audit`: every workqueue API caller of a tree with what the
 * analysis says about it, for the maintainers who own it.
 *
 * The callers and their classes are the analysis' (analysis/callers/:
 * audit_collect() gives them as rows); the audit renders them:
 * audit-json.c groups the rows by MAINTAINERS section into the document
 * every format is written from (audit-text.c: Markdown and CSV,
 * audit-html.c: one self-contained HTML page). */
#ifndef WQCHECK_AUDIT_H
#define WQCHECK_AUDIT_H

#include "analysis/callers/callers.h"
#include "front/maintainers.h"
#include "output/baseline.h"

#include <jansson.h>
#include <stdio.h>

/* audit-json.c. section_filter: the one section name to keep, or NULL;
 * the files' owners are found on jobs threads. */
json_t *audit_document(const struct audit *au, const struct maintainers *m,
		       const char *tree, const char *section_filter, int jobs);
/* The section name --subsystem=NAME means: exact, else a unique
 * case-insensitive substring. NULL with *why set when none or several. */
const char *audit_find_section(const struct maintainers *m, const char *name,
			       char **why);
#define AUDIT_NO_SECTION "(no MAINTAINERS entry)"

/* audit-conditions.c: the non-reentrance conditions (WQ013-WQ015), each
 * counted per subsystem and in the summary, warnings and notes apart. */
#define NR_AUDIT_CONDITIONS 3

struct audit_condition_counts {
	size_t warning[NR_AUDIT_CONDITIONS], note[NR_AUDIT_CONDITIONS];
};

/* Counts r when its rule is one of the conditions. */
void audit_condition_count(struct audit_condition_counts *c,
			   const struct audit_row *r);
/* The document's "conditions": rule, name and meaning of each, in order. */
json_t *audit_conditions_json(void);
/* {"WQ013": {"warning", "note", "total"}, ..., "total": {...}} */
json_t *audit_condition_counts_json(const struct audit_condition_counts *c);
/* The indices into doc's "subsystems" of those that break a condition, the
 * most warnings first, then the most notes, then in the document's order;
 * returns how many. order has room for every subsystem. Every format lists
 * them so. */
size_t audit_condition_order(json_t *doc, size_t *order);
/* A count of a document's "condition_counts" or "by_condition": rule is
 * "WQ013".."WQ015" or "total", key "warning", "note" or "total". */
long long audit_condition_tally(json_t *counts, const char *rule,
				const char *key);

/* audit-text.c */
/* --baseline: marks each caller that is a finding "baseline": "matched" or
 * "new" (by the fingerprint scan gives it; root is the tree) and counts both
 * in the summary. Returns how many matched. */
struct baseline;
size_t audit_mark_baseline(json_t *doc, const struct baseline *b, const char *root);

int audit_write_markdown(FILE *out, json_t *doc);
int audit_write_csv(FILE *out, json_t *doc);

/* audit-html.c: the audit as one self-contained HTML page: a summary, an
 * inline SVG chart of callers per subsystem by class, and a table of every
 * caller that the page's own script sorts and filters. Nothing is loaded
 * from elsewhere, so the file can be mailed, attached to a CI run or opened
 * offline. Renders doc, the document `wqcheck audit --format=json` prints,
 * to out. Returns 0, or -1 when writing failed. */
int audit_write_html(FILE *out, json_t *doc);

#endif
