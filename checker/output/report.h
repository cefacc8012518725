/* Writing findings: GNU-style text, coccicheck's report lines, JSON, SARIF. */
#ifndef WQCHECK_REPORT_H
#define WQCHECK_REPORT_H

#include <stdio.h>

#include "analysis/rules/rule.h"
#include "analysis/scan.h"

enum report_format {
	FORMAT_TEXT,
	FORMAT_REPORT,
	FORMAT_JSON,
	FORMAT_SARIF,
};

int report_format_parse(const char *s, enum report_format *out);
void report_write(FILE *fp, enum report_format format, const struct scan_result *res,
		  const char *root);
/* For -v, on fp: the tree's era and where it was learnt, then which of the
 * rules apply to it and which its era retires or lacks the names for. */
/* The text format's last line: findings per severity, and the files read,
 * parsed with libclang and failed. */
void report_write_totals(FILE *fp, const struct scan_result *res);
void report_write_era(FILE *fp, const struct era *era,
		      const struct rule *const *rules, size_t nr_rules);
/* A stable fingerprint for all[index] among the findings all (sorted): its
 * rule, file, the text of its line and how many identical lines of the same
 * rule come before it in the file, so that lines added or removed above it
 * do not change it. SARIF's partialFingerprints and JSON's fingerprints
 * carry it under FINGERPRINT_KEY; --baseline matches by it. */
#define FINGERPRINT_KEY "wqcheck/v1"
char *finding_fingerprint(struct finding *const *all, size_t nr, size_t index);
/* The same from its parts: the line's text trimmed of blanks at both ends,
 * and how many findings of the rule on identical lines of the file come
 * before it. */
char *fingerprint_of(const char *rule_id, const char *file, const char *line_text,
		     unsigned occurrence);

#endif
