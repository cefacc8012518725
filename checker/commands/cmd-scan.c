#include "commands/builtin.h"
#include "products/fix-output.h"
#include "front/flags.h"
#include "products/report.h"
#include "analysis/rule.h"
#include "analysis/scan.h"
#include "lib/strbuf.h"
#include "front/tree.h"
#include "lib/usage.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char scan_usage[] =
"usage: wqcheck scan [options] PATH...\n"
"\n"
"Scans a kernel tree (PATH is its root, or files and directories inside it)\n"
"for the workqueue APIs that 3.7's non-reentrant workqueues made redundant.\n"
"\n"
"  --format=FMT     text (default: file:line:col: warning: message [RULE]),\n"
"                   report (coccicheck: file:line:col-col: message), json, sarif\n"
"  --rules=LIST     comma-separated rule ids or names (default: all)\n"
"  -p DIR           take compiler flags from DIR/compile_commands.json\n"
"  --arch=ARCH      architecture for inferred flags (default: from arch/ paths, else x86)\n"
"  -j N             parallel jobs (default: all CPUs)\n"
"  --diff           print the fixes as a unified diff instead of the findings\n"
"  --in-place       apply the fixes to the files (and report the findings)\n"
"  --clang=WHEN     auto (default): libclang for the files whose #if branches or\n"
"                   shadowing names the tokens cannot decide, and every file the\n"
"                   compile database has; always: every candidate file;\n"
"                   never: lexical analysis only (also --no-clang)\n"
"  -q, --quiet      no progress display\n"
"\n"
"Exit status: 0 no findings, 1 findings, 2 usage or environment error, or a\n"
"file that could not be analysed (listed; the run goes on).\n";

enum {
	OPT_FORMAT = 256,
	OPT_RULES,
	OPT_ARCH,
	OPT_DIFF,
	OPT_IN_PLACE,
	OPT_NO_CLANG,
	OPT_CLANG,
	OPT_HELP,
};

static const struct option scan_options_long[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "arch", required_argument, NULL, OPT_ARCH },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "in-place", no_argument, NULL, OPT_IN_PLACE },
	{ "no-clang", no_argument, NULL, OPT_NO_CLANG },
	{ "clang", required_argument, NULL, OPT_CLANG },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

static __attribute__((noreturn)) void usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "wqcheck scan: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "; see 'wqcheck scan --help'\n");
	exit(EXIT_USAGE);
}

static size_t parse_rules(const char *list, const struct rule **out)
{
	char *bad = NULL;
	int n = rule_parse_list(list, out, nr_all_rules, &bad);

	if (n < 0)
		usage_error("unknown rule '%s'", bad);
	if (!n)
		usage_error("--rules needs at least one rule%s", "");
	return (size_t)n;
}

/* The path of abs relative to root ("" for root itself). */
static const char *relative_to(const char *abs, const char *root)
{
	size_t n = strlen(root);

	if (!strncmp(abs, root, n) && (abs[n] == '/' || abs[n] == '\0'))
		return abs[n] ? abs + n + 1 : "";
	return NULL;
}

int cmd_scan(int argc, char **argv)
{
	enum report_format format = FORMAT_TEXT;
	const struct rule *rules[64];
	size_t nr_rules = 0, i, nr_findings = 0;
	const char *db_dir = NULL, *arch = NULL;
	bool diff = false, in_place = false, use_clang = true, clang_always = false;
	bool quiet = false;
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	struct compile_db *db = NULL;
	struct scan_options opts = { 0 };
	struct file_list files = { 0 };
	struct scan_result res = { 0 };
	char *root = NULL;
	int c, status;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "p:j:q", scan_options_long, NULL)) != -1) {
		switch (c) {
		case OPT_FORMAT:
			if (report_format_parse(optarg, &format) < 0)
				usage_error("unknown format '%s' (text, report, json, sarif)", optarg);
			break;
		case OPT_RULES:
			nr_rules = parse_rules(optarg, rules);
			break;
		case 'p':
			db_dir = optarg;
			break;
		case 'j':
			jobs = jobs_option(optarg);
			if (jobs < 0)
				usage_error("-j needs a number from 1 to 256, not '%s'", optarg);
			break;
		case OPT_ARCH:
			arch = optarg;
			break;
		case OPT_DIFF:
			diff = true;
			break;
		case OPT_IN_PLACE:
			in_place = true;
			break;
		case OPT_NO_CLANG:
			use_clang = false;
			break;
		case OPT_CLANG:
			if (!strcmp(optarg, "never"))
				use_clang = false;
			else if (!strcmp(optarg, "always"))
				clang_always = true;
			else if (strcmp(optarg, "auto"))
				usage_error("--clang takes auto, always or never, not '%s'", optarg);
			break;
		case 'q':
			quiet = true;
			break;
		case OPT_HELP:
			fputs(scan_usage, stdout);
			return EXIT_CLEAN;
		default:
			usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind >= argc)
		usage_error("no PATH given%s", "");
	if (diff && in_place)
		usage_error("--diff and --in-place exclude each other%s", "");
	if (!nr_rules)
		for (i = 0; i < nr_all_rules; i++)
			rules[nr_rules++] = all_rules[i];

	for (i = (size_t)optind; i < (size_t)argc; i++) {
		char resolved[PATH_MAX];
		char *this_root;
		const char *rel;
		struct stat st;

		if (stat(argv[i], &st) < 0)
			die_errno("%s", argv[i]);
		this_root = find_tree_root(argv[i]);
		if (!this_root)
			die("%s: not in a kernel tree (no directory at or above it has a Makefile, "
			    "include/linux/ and MAINTAINERS or Kconfig)", argv[i]);
		if (root && strcmp(root, this_root))
			die("%s: in another kernel tree than %s", argv[i], root);
		if (!root)
			root = this_root;
		else
			free(this_root);
		if (!realpath(argv[i], resolved))
			die_errno("%s", argv[i]);
		rel = relative_to(resolved, root);
		if (!rel || list_tree_files(root, rel, &files) < 0)
			die("%s: cannot list its files", argv[i]);
	}
	file_list_finish(&files);
	if (db_dir)
		db = compile_db_load(db_dir);

	opts.root = root;
	opts.rules = rules;
	opts.nr_rules = nr_rules;
	opts.db = db;
	opts.arch = arch;
	opts.jobs = (int)jobs;
	opts.use_clang = use_clang;
	opts.clang_always = clang_always;
	opts.want_fixed_text = diff || in_place;
	opts.progress = !quiet && isatty(2);
	scan_run(&opts, &files, &res);

	for (i = 0; i < res.nr_files; i++)
		nr_findings += res.files[i].nr_findings;
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
		if (format == FORMAT_TEXT || format == FORMAT_REPORT || diff)
			fprintf(stderr, "wqcheck: %s: not fully analysed: %s\n",
				res.files[i].path, res.files[i].failed_reason);
	}
	fflush(stdout);
	if (ferror(stdout))
		die("cannot write the output");
	scan_result_release(&res);
	file_list_release(&files);
	compile_db_free(db);
	free(root);
	return status;
}
