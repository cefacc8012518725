/* wqcheck: finds the workqueue users that Linux 3.7's non-reentrant workqueues
 * (dbf2576e37da) made redundant or put at risk, and converts them. */
#include "commands/builtin.h"
#include "analysis/rules/rule.h"
#include "front/unreadable.h"
#include "lib/cleanup.h"
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "lib/version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "scan", cmd_scan, "find the workqueue uses every rule below is about; fix the redundant ones" },
	{ "check", cmd_check, "kbuild's $(CHECK): make C=1|2 CHECK=\"wqcheck check\"" },
	{ "check-patch", cmd_check_patch, "the findings a patch series adds (pre-merge CI)" },
	{ "diff", cmd_diff, "the findings the commits of a git range add" },
	{ "validate", cmd_validate, "prove a conversion series by rebuilding the patched objects" },
	{ "series", cmd_series, "write the fixes as a patch series per MAINTAINERS subsystem" },
	{ "audit", cmd_audit, "every workqueue caller by MAINTAINERS subsystem, classified" },
	{ "explain", cmd_explain, "a rule's page: what it finds, why, the fix (wqcheck explain WQ014)" },
};

#define NR_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void print_usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: wqcheck [--version] [--help] <command> [<args>]\n\n"
		    "commands:\n");
	for (i = 0; i < NR_COMMANDS; i++)
		fprintf(fp, "   %-12s %s\n", commands[i].name, commands[i].summary);
	fprintf(fp, "\nrules:\n");
	for (i = 0; i < nr_all_rules; i++)
		fprintf(fp, "   %-6s %-24s %s\n", all_rules[i]->id, all_rules[i]->name,
			all_rules[i]->summary);
	fprintf(fp, "\n'wqcheck <command> --help' describes a command and its exit status\n"
		    "(1 means findings for scan, check, check-patch and diff, nothing to\n"
		    "convert for series, an object that did not pass for validate; 2 is\n"
		    "always a usage or environment error, with one line on stderr);\n"
		    "'wqcheck explain RULE' a rule; man wqcheck has the pages.\n");
}

/* A run cut short by die() names what it could not read too. */
static void report_unreadable_at_exit(void)
{
	unreadable_report(stderr);
}

int main(int argc, char **argv)
{
	const char *cmd;
	size_t i;

	/* From the start: a signal at any moment finds the cleanup ready. */
	cleanup_install();
	atexit(report_unreadable_at_exit);
	if (argc < 2) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
		print_usage(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(cmd, PARSE_OPT_COMPLETION_HELPER)) {
		/* The commands, for the shell completion (a new one completes
		 * with no script edited); each command lists its options. */
		for (i = 0; i < NR_COMMANDS; i++)
			printf("%s ", commands[i].name);
		printf("help --help --version\n");
		return EXIT_CLEAN;
	}
	if (!strcmp(cmd, "--version")) {
		printf("wqcheck %s\n", WQCHECK_VERSION);
		return EXIT_CLEAN;
	}
	if (!strcmp(cmd, "help")) {
		if (argc < 3) {
			print_usage(stdout);
			return EXIT_CLEAN;
		}
		cmd = argv[2];
		argv[2] = "--help";
		argv++;
		argc--;
	}
	for (i = 0; i < NR_COMMANDS; i++) {
		int status;

		if (strcmp(cmd, commands[i].name))
			continue;
		status = commands[i].fn(argc - 1, argv + 1);
		/* Whatever could not be read is named, after the output, in
		 * every command and format, -q or not: a run that missed part
		 * of the tree cannot say "clean" (front/unreadable.h). */
		if (unreadable_report(stderr))
			status = EXIT_USAGE;
		return status;
	}
	fprintf(stderr, "wqcheck: '%s' is not a wqcheck command; see 'wqcheck --help'\n", cmd);
	return EXIT_USAGE;
}
