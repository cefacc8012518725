#include "commands/builtin.h"
#include "commands/options.h"
#include "output/baseline.h"
#include "output/fix-output.h"
#include "analysis/callers/prefer-unbound.h"
#include "front/flags.h"
#include "output/report.h"
#include "analysis/rules/rule.h"
#include "analysis/scan.h"
#include "lib/strbuf.h"
#include "front/tree.h"
#include "front/unreadable.h"
#include "lib/usage.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct command_usage scan_usage = {
	.name = "scan",
	.synopsis = "scan [options] PATH...",
	.about =
"Scans a kernel tree (PATH is its root, or files and directories inside it)\n"
"for the workqueue APIs its era makes redundant or asks to convert, and the\n"
"work items whose behaviour depends on where or how often they run: every\n"
"rule below.\n",
	.more = usage_all_rules,
	.after =
"Exit status: 0 no findings (with --baseline: no new ones), 1 findings, 2\n"
"usage or environment error, or a file that could not be analysed or a\n"
"file or directory that could not be read (named on stderr in every\n"
"format; the run goes on). 'wqcheck explain RULE' explains a rule.\n",
};

static void parse_opt_format(const struct option *opt, const char *arg)
{
	if (report_format_parse(arg, opt->value) < 0)
		usage_die("unknown format '%s' (text, report, json, sarif)", arg);
}

/* --clang=WHEN: 0 never, 1 auto, 2 always. */
enum { CLANG_NEVER, CLANG_AUTO, CLANG_ALWAYS };
static void parse_opt_clang(const struct option *opt, const char *arg)
{
	int *when = opt->value;

	if (!strcmp(arg, "never"))
		*when = CLANG_NEVER;
	else if (!strcmp(arg, "always"))
		*when = CLANG_ALWAYS;
	else if (!strcmp(arg, "auto"))
		*when = CLANG_AUTO;
	else
		usage_die("--clang takes auto, always or never, not '%s'", arg);
}

/* The tree's untracked files, which git lists beside the scan. */
static void untracked_files(void *ctx, struct file_list *out)
{
	untracked_listing_finish(ctx, out);
}

int cmd_scan(int argc, char **argv)
{
	enum report_format format = FORMAT_TEXT;
	struct rule_choice rules = { 0 };
	size_t i, nr_findings = 0;
	const char *db_dir = NULL, *arch = NULL, *baseline_path = NULL;
	struct baseline baseline = { 0 };
	bool diff = false, in_place = false, quiet = false, verbose = false;
	bool prefer_unbound = false;
	struct unbound_verdicts verdicts = { 0 };
	int clang = CLANG_AUTO;
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	struct compile_db *db = NULL;
	struct scan_options opts = { 0 };
	struct file_list files = { 0 };
	struct untracked_listing *untracked;
	struct scan_result res = { 0 };
	char *root = NULL;
	int status, nr_paths;
	const struct option options[] = {
		OPT_CALLBACK_WORDS(0, "format", &format, "FMT",
				   "text (default: file:line:col: warning: message\n"
				   "[RULE]), report (coccicheck: file:line:col-col:\n"
				   "message), json, sarif",
				   parse_opt_format, "text report json sarif"),
		OPT_RULES(&rules, "comma-separated rule ids or names (default: all)"),
		OPT_COMPILE_DB(&db_dir,
			       "take compiler flags from DIR/compile_commands.json"),
		OPT_ARCH(&arch,
			 "architecture for inferred flags (default: from arch/\n"
			 "paths, else x86)"),
		OPT_JOBS_ALL_CPUS(&jobs),
		OPT_BOOL(0, "diff", &diff,
			 "print the fixes as a unified diff instead of the\n"
			 "findings"),
		OPT_IN_PLACE(&in_place,
			     "apply the fixes to the files (and report the findings)"),
		OPT_CALLBACK_WORDS(0, "clang", &clang, "WHEN",
			     "auto (default): libclang for the files whose #if\n"
			     "branches or shadowing names the tokens cannot decide,\n"
			     "and every file the compile database has; always: every\n"
			     "candidate file; never: lexical analysis only",
			     parse_opt_clang, "auto always never"),
		OPT_SET_INT(0, "no-clang", &clang, "--clang=never", CLANG_NEVER),
		OPT_PREFER_UNBOUND(&prefer_unbound),
		OPT_BASELINE(&baseline_path),
		OPT_QUIET_PROGRESS(&quiet),
		OPT_BOOL('v', "verbose", &verbose,
			 "say on stderr which era the tree's workqueue.h shows\n"
			 "and which rules apply to it"),
		OPT_END(),
	};

	nr_paths = parse_options(argc, argv, options, &scan_usage, 0);
	if (!nr_paths)
		usage_die("no PATH given");
	if (diff && in_place)
		usage_die("--diff and --in-place exclude each other");
	if (baseline_path && (diff || in_place))
		usage_die("--baseline goes with the findings, not --diff or --in-place");
	rule_choice_default_all(&rules);

	root = list_paths_of_one_tree(argv, (size_t)nr_paths, &files, &untracked);
	if (baseline_path)
		baseline_load_or_die(&baseline, baseline_path, root);
	if (db_dir)
		db = compile_db_load(db_dir);

	opts.root = root;
	opts.rules = rules.rules;
	opts.nr_rules = rules.nr;
	opts.db = db;
	opts.arch = arch;
	opts.jobs = (int)jobs;
	opts.use_clang = clang != CLANG_NEVER;
	opts.clang_always = clang == CLANG_ALWAYS;
	opts.want_fixed_text = diff || in_place;
	opts.progress = !quiet && isatty(2);
	opts.late_files = untracked ? untracked_files : NULL;
	opts.late_files_ctx = untracked;
	if (prefer_unbound) {
		if (prefer_unbound_verdicts(root, arch, db, (int)jobs, opts.progress,
					    &verdicts) < 0)
			die("%s: cannot list its files", root);
		opts.prefer_unbound = &verdicts;
	}
	scan_run(&opts, &files, &res);
	if (verbose)
		report_write_era(stderr, &res.era, rules.rules, rules.nr);

	for (i = 0; i < res.nr_files; i++)
		nr_findings += res.files[i].nr_findings;
	if (baseline_path) {
		nr_findings -= baseline_mark(&baseline, &res);
		baseline_summary(&res);
	}
	status = nr_findings ? EXIT_FINDINGS : EXIT_CLEAN;
	if (diff) {
		if (fixes_write_diff(stdout, &res) < 0)
			status = EXIT_USAGE;
	} else {
		report_write(stdout, format, &res, root);
		if (in_place) {
			int n = fixes_write_in_place(root, &res);

			if (n < 0)
				status = EXIT_USAGE;
			else if (!quiet)
				fprintf(stderr, "wqcheck: fixed %d file%s\n", n, n == 1 ? "" : "s");
		}
	}
	fflush(stdout);	/* the findings first, then what could not be analysed */
	for (i = 0; i < res.nr_files; i++) {
		if (!res.files[i].failed_reason)
			continue;
		/* An incomplete scan cannot say "clean": exit 2, as DESIGN §7 asks. */
		status = EXIT_USAGE;
		/* on stderr in every format too: JSON and SARIF carry the
		 * reason, but an exit 2 says why where a person looks */
		fprintf(stderr, "wqcheck: %s: not fully analysed: %s\n",
			res.files[i].path, res.files[i].failed_reason);
	}
	if (unreadable_report(stderr))
		status = EXIT_USAGE;
	/* On a terminal (or with -v) the text ends with its counts; a pipe
	 * or a file gets the findings alone, as before. */
	if (format == FORMAT_TEXT && !diff && (verbose || isatty(2)))
		report_write_totals(stderr, &res);
	fflush(stdout);
	if (ferror(stdout))
		die("cannot write the output");
	scan_result_release(&res);
	file_list_release(&files);
	compile_db_free(db);
	unbound_verdicts_release(&verdicts);
	baseline_release(&baseline);
	free(root);
	return status;
}
