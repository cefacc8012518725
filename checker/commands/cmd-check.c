/* wqcheck check: kbuild's $(CHECK), the way sparse is one
 * (products/review/kbuild-check.h does the work). */
#include "commands/builtin.h"
#include "commands/options.h"
#include "products/review/review.h"
#include "lib/usage.h"

#include <stdio.h>

static const struct command_usage check_usage = {
	.name = "check",
	.synopsis = "check [options] <compiler options> FILE.c...\n"
		    "check --save-index=FILE [TREE]",
	.about =
"kbuild's $(CHECK) entry point: make C=1 CHECK=\"wqcheck check\" (files being\n"
"recompiled) or make C=2 CHECK=\"wqcheck check\" (every file). Takes what\n"
"kbuild passes sparse: -D, -U, -I, -isystem, -iquote, -idirafter, -include,\n"
"-imacros, -nostdinc, -Wp,..., -m..., -f..., -std=..., --arch=ARCH; other\n"
"options are ignored. Findings go to stderr as FILE:LINE:COL: warning: ...\n",
	.more = usage_all_rules,
	.after =
"--save-index writes the index for the tree (once; again when the tree\n"
"changes much).\n"
"Exit status: 0, with findings too (like sparse, so the build goes on);\n"
"with --fail-on or -Wsparse-error, 1 when a finding at or above the level\n"
"was found; 2 usage or environment error (no file, an unreadable index,\n"
"with --save-index a file or directory of the tree it cannot read).\n",
};

int cmd_check(int argc, char **argv)
{
	struct kbuild_check kc = { .fail_on = SEVERITY_WARNING };
	struct fail_on fail_on = { .level = SEVERITY_WARNING };
	struct rule_choice rules = { 0 };
	int n, status;
	const struct option options[] = {
		OPT_FAIL_ON(&fail_on,
			    "exit 1 when a finding at or above LEVEL is found\n"
			    "(-Wsparse-error: --fail-on=warning)"),
		OPT_BOOL(0, "notes", &kc.notes, "also print note-level findings"),
		OPT_RULES(&rules, "only these rules"),
		OPT_INDEX(&kc.index_path,
			  "the binding index of a full run: work items bound in\n"
			  "other directories are resolved (default: this file's\n"
			  "directory)"),
		OPT_STRING(0, "save-index", &kc.save_index, "FILE",
			   "write that index for TREE (default: the current one)"),
		OPT_BASELINE(&kc.baseline_path),
		OPT_ARCH(&kc.arch,
			 "the target architecture (kbuild's CHECKFLAGS pass it)"),
		OPT_END(),
	};

	/* Everything kbuild passes that is not ours is the compiler's. */
	n = parse_options(argc, argv, options, &check_usage, PARSE_OPT_KEEP_UNKNOWN);
	if (fail_on.set) {
		kc.fail = true;
		kc.fail_on = fail_on.level;
	}
	rule_choice_default_all(&rules);
	kc.rules = rules.rules;
	kc.nr_rules = rules.nr;
	kbuild_check_take_words(&kc, argv, n);
	if (kc.save_index)
		status = kbuild_check_save_index(&kc);
	else if (!kc.files.nr)
		usage_die("no source file given");
	else
		status = kbuild_check_run(&kc);
	kbuild_check_release(&kc);
	return status;
}
