/* The scan: every file of the list through prefilter, lexer, libclang and the
 * rules, in parallel; results come back in file order. */
#ifndef WQCHECK_SCAN_H
#define WQCHECK_SCAN_H

#include "analysis/model/unbound-verdict.h"
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"

void scan_run(const struct scan_options *opts, const struct file_list *files,
	      struct scan_result *out);

#endif
