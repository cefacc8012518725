/*
 * --baseline: the findings a previous run reported (its JSON or SARIF), so
 * that a run reports only the new ones. Findings are matched by the
 * fingerprint SARIF's partialFingerprints carry (output/report.h), which a
 * line shift above a finding does not change.
 */
#ifndef WQCHECK_OUTPUT_BASELINE_H
#define WQCHECK_OUTPUT_BASELINE_H

#include "analysis/scan.h"
#include "lib/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

struct baseline {
	const char *path;
	char **fingerprints;		/* sorted */
	size_t nr;
	char **files;			/* the files its findings are in */
	size_t nr_files;
};

/*
 * Reads path, the JSON or SARIF output of an earlier wqcheck run over the
 * tree at root. Returns 0, or -1 with why in err: unreadable, neither
 * wqcheck's JSON nor its SARIF, fingerprints this version cannot read (an
 * older JSON without them, another scheme), or none of its files in the
 * tree (a baseline of another tree).
 */
int baseline_load(struct baseline *b, const char *path, const char *root,
		  struct strbuf *err);
/* Marks each finding of res the baseline has (in_baseline) and records the
 * counts in res. Returns how many matched. */
size_t baseline_mark(const struct baseline *b, struct scan_result *res);
/* Whether fingerprint fp is one of the baseline's. */
bool baseline_has(const struct baseline *b, const char *fp);
void baseline_release(struct baseline *b);

#endif
