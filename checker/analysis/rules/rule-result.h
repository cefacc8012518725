/* What a scan is asked (its options) and what it found (a result per
 * file): the rule interface's input and output. The engine (../scan.h)
 * fills it from the file scan; the tree rules add their findings to it. */
#ifndef WQCHECK_RULE_RESULT_H
#define WQCHECK_RULE_RESULT_H

#include "analysis/finding.h"
#include "front/era.h"
#include "front/flags.h"
#include "front/lexer.h"
#include "front/tree.h"

#include <stdbool.h>
#include <stddef.h>

struct rule;
struct unbound_verdicts;

struct scan_options {
	const char *root;
	const char *flags_root;		/* headers, .config: NULL means root (series
					 * scans copies of files outside their tree) */
	const struct rule *const *rules;
	size_t nr_rules;
	const struct compile_db *db;	/* NULL: infer flags */
	const char *arch;
	int jobs;
	bool use_clang;
	bool clang_always;		/* parse every candidate file, not only uncertain ones */
	bool want_fixed_text;		/* keep original and fixed text of files with fixes */
	bool progress;
	/* --prefer-unbound: WQ020 and WQ022 make a site unbound where its
	 * verdict says so (analysis/callers/prefer-unbound.h fills it);
	 * NULL: never */
	const struct unbound_verdicts *prefer_unbound;
	/* Files a listing still running adds (git's untracked files,
	 * front/tree.h), into out: asked for once the scan has started, on
	 * the calling thread while the scan reads. When there are any, the
	 * scan starts again on the whole list. NULL: none. */
	void (*late_files)(void *ctx, struct file_list *out);
	void *late_files_ctx;
};

struct file_result {
	char *path;			/* relative to root */
	struct finding *findings;
	size_t nr_findings;
	char *failed_reason;		/* the file could not be analysed */
	bool parsed;			/* libclang read it */
	unsigned clang_errors;		/* errors clang reported in the file itself */
	char *original, *fixed;
	size_t original_len, fixed_len;
};

struct scan_result {
	const char *root;		/* the tree's root (the scan options' string) */
	struct file_result *files;
	size_t nr_files;
	size_t files_parsed;
	struct era era;			/* the tree's workqueue API: rules that need
					 * what it lacks did not run */
	/* --baseline: its path, how many findings it matched (marked
	 * in_baseline) and how many it did not */
	const char *baseline;
	size_t baseline_matched, baseline_new;
	/* While the tree passes run: the configuration, so that their
	 * findings say when they sit in an #if branch it does not build, and
	 * the last such file's lines outside the built branches (findings
	 * come file by file). */
	const struct kconfig *kconfig;
	char *inactive_path;
	unsigned char *inactive_lines;	/* index 0 = line 1: 0 built, else 1 +
					 * enum inactive_why */
	unsigned nr_inactive_lines;
};

void scan_result_release(struct scan_result *res);

/* A new zeroed finding of rule in the result of file path (relative to the
 * root), with file, line_text and position set; NULL when path was not
 * scanned. For tree rules, whose findings do not come from the file scan.
 * lexed: the file as the rule has it lexed (the file's text), or NULL:
 * then it is read, and lexed when its #if branches are asked about. */
struct finding *scan_result_add_finding(struct scan_result *res, const struct rule *rule,
					const char *path, unsigned line, unsigned column,
					unsigned end_column, const struct lexed_file *lexed);

/* All findings of a result, sorted, as pointers into it. */
struct finding **scan_result_findings(const struct scan_result *res, size_t *nr);

#endif
