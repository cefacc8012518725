/* The scan: every file of the list through prefilter, lexer, libclang and the
 * rules, in parallel; results come back in file order. */
#ifndef WQCHECK_SCAN_H
#define WQCHECK_SCAN_H

#include "analysis/model/unbound-verdict.h"
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"

void scan_run(const struct scan_options *opts, const struct file_list *files,
	      struct scan_result *out);

/* A reading beside the per-file scan that no rule asks for (the audit's
 * reading of the tree, model/tree-reading.h): so that the tree is read
 * once, file() gets every file's text as a rule's tree_reader does (rule.h),
 * on thread 0 to threads - 1, after begin() said how many threads. It is
 * begun only when the pass reads every file of the list once and for all:
 * not when no per-file rule fits the tree (the scan then reads nothing) nor
 * with opts->late_files (the scan may start again on a longer list). Then
 * begun is false and no file was handed over. */
struct scan_reading {
	void (*begin)(void *ctx, int threads);
	void (*file)(void *ctx, int thread, size_t index, const char *text, size_t len,
		     const struct lexed_file *lexed);
	void *ctx;
	bool begun;
};

void scan_run_reading(const struct scan_options *opts, const struct file_list *files,
		      struct scan_result *out, struct scan_reading *extra);

#endif
