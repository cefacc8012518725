/* wqcheck check-patch and wqcheck diff: the findings a series or a git
 * range adds, for pre-merge CI (products/review/check-patch.h does the
 * work). */
#include "commands/builtin.h"
#include "commands/options.h"
#include "products/review/review.h"
#include "lib/usage.h"

#include <string.h>
#include <unistd.h>

static const char about[] =
"Reports the workqueue findings a series adds: only those on lines it adds\n"
"(or whose evidence it adds), judged on the post-image. check-patch applies\n"
"format-patch files, mailboxes or plain diffs (stdin when none or '-'), or a\n"
"series directory (its files in name order), with git apply in a scratch\n"
"copy of the touched files; TREE is never written. Replies and mails\n"
"without a diff (a cover letter) are skipped with a note; of several\n"
"versions of a series (\"[PATCH v3 1/3]\") the newest is checked, and\n"
"patches are numbered as their sender numbered them.\n"
"diff takes the commits of a git range of TREE (A..B and A...B: from their\n"
"merge base to B; a single commit C: C^..C).\n";

static const char after[] =
"Exit status: 0 checked, nothing added at or above --fail-on; 1 something\n"
"added; 2 usage or environment error (a tree git cannot read, an\n"
"unreadable input or file it touches, named); 3 nothing to check (a reply,\n"
"a cover letter: no patch in the input); 4 a patch does not apply (or is\n"
"corrupt); 5 it is already applied in TREE (its reverse applies). Stable,\n"
"for bots. diff: 0, 1, 2.\n";

static const struct command_usage check_patch_usage = {
	.name = "check-patch",
	.synopsis = "check-patch [options] [PATCH|MBOX|DIR|-]...\n"
		    "check-patch --bot [--range=REVS] [options] [MBOX|INBOX|-]...\n"
		    "diff [options] A..B",
	.about = about,
	.after = after,
	.more = usage_all_rules,
};

static const struct command_usage diff_usage = {
	.name = "diff",
	.synopsis = "diff [options] A..B\n"
		    "check-patch [options] [PATCH|MBOX|DIR|-]...",
	.about = about,
	.after = after,
	.more = usage_all_rules,
};

static void parse_opt_format(const struct option *opt, const char *arg)
{
	if (report_format_parse(arg, opt->value) < 0 ||
	    *(enum report_format *)opt->value == FORMAT_REPORT)
		usage_die("unknown format '%s' (text, json, sarif)", arg);
}

/* Parses the options shared by both commands into o; returns the operands
 * left at the front of argv. */
static int parse(int argc, char **argv, const struct command_usage *usage,
		 struct check_patch_options *o, struct rule_choice *rules)
{
	struct fail_on fail_on = { .level = SEVERITY_WARNING };
	bool ignored = false;
	int n;
	const struct option options[] = {
		OPT_STRING(0, "tree", &o->tree, "TREE",
			   "the kernel tree the series applies to (default:\n"
			   "the tree holding the current directory)"),
		OPT_FAIL_ON(&fail_on,
			    "note, warning (default) or error: exit 1 when a\n"
			    "finding at or above LEVEL is added"),
		OPT_CALLBACK_WORDS(0, "format", &o->format, "FMT",
				   "text (default), json, sarif", parse_opt_format,
				   "text json sarif"),
		OPT_BOOL(0, "emacs", &o->emacs,
			 "checkpatch.pl's emacs format: PATCH:LINE: LEVEL: message"),
		OPT_BOOL(0, "terse", &o->terse,
			 "one line per finding (implies --emacs)"),
		OPT_BOOL(0, "showfile", &o->showfile,
			 "FILE:LINE: positions of the post-image (as checkpatch)"),
		OPT_RULES(rules, "only these rules"),
		OPT_INDEX(&o->index_path,
			  "the binding index of a full run (wqcheck check\n"
			  "--save-index): items bound in other directories"),
		OPT_JOBS(&o->jobs, "parallel jobs"),
		OPT_BOOL(0, "all-versions", &o->all_versions,
			 "check each version of the series the input holds,\n"
			 "not only the newest (check-patch)"),
		OPT_BOOL(0, "bot", &o->bot,
			 "a list's bot: one verdict line per series of the\n"
			 "mailboxes or public-inbox archives (check-patch)"),
		OPT_STRING(0, "range", &o->range, "REVS",
			   "--bot: the commits of a public-inbox archive to read\n"
			   "(git rev-list's A..B; default: all)"),
		OPT_QUIET(&o->quiet, "no total line"),
		OPT_BOOL(0, "no-summary", &o->quiet, "no total line, as checkpatch"),
		/* checkpatch options b4's prep-perpatch-check-cmd examples pass */
		OPT_HIDDEN_BOOL("mailback", &ignored),
		OPT_HIDDEN_BOOL("no-tree", &ignored),
		OPT_END(),
	};

	o->jobs = sysconf(_SC_NPROCESSORS_ONLN);
	n = parse_options(argc, argv, options, usage, 0);
	if ((o->emacs || o->terse || o->showfile) && o->format != FORMAT_TEXT)
		usage_die("--emacs, --terse and --showfile are text formats, not %s",
			  o->format == FORMAT_JSON ? "json" : "sarif");
	if (o->bot && (o->emacs || o->terse || o->showfile))
		usage_die("--bot prints verdict lines, not checkpatch's format");
	if (o->range && !o->bot)
		usage_die("--range names the mails of an archive: it goes with --bot");
	o->fail_on = fail_on.level;
	rule_choice_default_all(rules);
	o->rules = rules->rules;
	o->nr_rules = rules->nr;
	return n;
}

int cmd_check_patch(int argc, char **argv)
{
	struct check_patch_options o = { 0 };
	struct rule_choice rules = { 0 };
	int n = parse(argc, argv, &check_patch_usage, &o, &rules);

	if (o.bot)
		return check_patch_bot(&o, argv, (size_t)n);
	return check_patch_series(&o, argv, (size_t)n);
}

int cmd_diff(int argc, char **argv)
{
	struct check_patch_options o = { 0 };
	struct rule_choice rules = { 0 };
	int n = parse(argc, argv, &diff_usage, &o, &rules);

	if (o.all_versions || o.bot)
		usage_die("--%s is check-patch's", o.bot ? "bot" : "all-versions");
	if (n != 1)
		usage_die("%s", n ? "one range only" : "no range given");
	return check_patch_range(&o, argv[0]);
}
