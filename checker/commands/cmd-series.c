/* wqcheck series: the fixes as a git format-patch series per MAINTAINERS
 * subsystem (products/series.h does the work), then, with --validate, the
 * proof (products/validate.h). */
#include "commands/builtin.h"
#include "commands/options.h"
#include "products/series/series.h"
#include "products/validate/validate.h"
#include "front/tree.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The rules whose fixes a series sends. */
static bool converts(const struct rule *rule)
{
	return series_family_of(rule) >= 0;
}

static void series_rules(FILE *fp)
{
	usage_rule_families(fp, converts);
}

static const struct command_usage series_usage = {
	.name = "series",
	.synopsis = "series [options] TREE|PATH",
	.about =
"Writes the fixes of wqcheck scan as a git format-patch series that applies\n"
"with git am on TREE's HEAD: a cover letter, then one patch per MAINTAINERS\n"
"subsystem and rule family, with upstream's explanation and the right Cc:.\n"
"TREE itself is not modified (unless --in-place). A PATH inside a tree (a\n"
"directory or file) converts only what lies under it, as scan reads it.\n",
	.more = series_rules,
	.after =
"Exit status: 0 series written (and, with --validate, proved), 1 nothing to\n"
"convert (or, with --validate, an object did not pass), 2 error.\n",
};

static void parse_opt_split(const struct option *opt, const char *arg)
{
	enum series_split *split = opt->value;

	if (!strcmp(arg, "subsystem"))
		*split = SPLIT_SUBSYSTEM;
	else if (!strcmp(arg, "rule"))
		*split = SPLIT_RULE;
	else if (!strcmp(arg, "single"))
		*split = SPLIT_SINGLE;
	else
		usage_die("unknown --split '%s' (subsystem, rule, single)", arg);
}

static void parse_opt_cc(const struct option *opt, const char *arg)
{
	enum series_cc *cc = opt->value;

	if (!strcmp(arg, "script"))
		*cc = SERIES_CC_SCRIPT;
	else if (!strcmp(arg, "maintainers"))
		*cc = SERIES_CC_MAINTAINERS;
	else
		usage_die("unknown --cc '%s' (script, maintainers)", arg);
}

int cmd_series(int argc, char **argv)
{
	struct series_options so = { .outdir = "outgoing", .use_clang = true };
	struct rule_choice rules = { 0 };
	struct string_list make_args = { 0 };
	const char *validate_config = NULL, *distcc = NULL, *sandbox = NULL;
	bool validate = false, no_clang = false;
	long jobs = 0;
	int status;
	size_t i;
	const struct option options[] = {
		OPT_STRING('o', "output-directory", &so.outdir, "DIR",
			   "where the patches go (default: ./outgoing)"),
		OPT_CALLBACK(0, "split", &so.split, "HOW",
			     "subsystem (default: per subsystem and rule family),\n"
			     "rule (one patch per rule family), single (one patch)",
			     parse_opt_split),
		OPT_RULES(&rules, "convert only these rules (ids or names)"),
		OPT_STRING(0, "from", &so.from, "\"Name <mail>\"",
			   "the Signed-off-by (default: git config\n"
			   "user.name/email)"),
		OPT_CALLBACK(0, "cc", &so.cc, "WHERE",
			     "who goes on Cc: script (the tree's own\n"
			     "scripts/get_maintainer.pl, the default when it has\n"
			     "one) or maintainers (its MAINTAINERS, read here)",
			     parse_opt_cc),
		OPT_BOOL(0, "with-deprecation", &so.with_deprecation,
			 "append the include/linux/workqueue.h patches that\n"
			 "deprecate the old APIs (and remove them when unused)"),
		OPT_IN_PLACE(&so.in_place,
			     "also apply the series to TREE's working tree"),
		OPT_BOOL(0, "force", &so.force,
			 "with --in-place: even when TREE has local changes"),
		OPT_PREFER_UNBOUND(&so.prefer_unbound),
		OPT_JOBS(&jobs, "parallel scan jobs (default: all CPUs)"),
		OPT_BOOL(0, "no-clang", &no_clang, "lexical analysis only"),
		OPT_QUIET_PROGRESS(&so.quiet),
		OPT_BOOL(0, "validate", &validate,
			 "then prove it: wqcheck validate --series DIR TREE"),
		OPT_CONFIG(&validate_config,
			   "with --validate: defconfig, allmodconfig or a .config"),
		OPT_MAKE_ARG(&make_args,
			     "with --validate: passed to every make (repeatable)"),
		OPT_STRING(0, "distcc", &distcc, "HOSTS",
			   "with --validate: compile through distcc"),
		OPT_STRING(0, "sandbox", &sandbox, "auto|always|never",
			   "with --validate: make in bubblewrap (default auto)"),
		OPT_END(),
	};

	argc = parse_options(argc, argv, options, &series_usage, 0);
	so.tree = usage_one_operand(argc, argv, "TREE");
	if (so.force && !so.in_place)
		usage_die("--force goes with --in-place");
	if ((validate_config || make_args.nr || distcc || sandbox) && !validate)
		usage_die("--config, --make-arg, --distcc and --sandbox go with --validate");
	for (i = 0; i < rules.nr; i++)
		if (series_family_of(rules.rules[i]) < 0)
			usage_die("rule '%s' has no conversion to send as a patch",
				  rules.rules[i]->id);
	so.rules = rules.rules;
	so.nr_rules = rules.nr;
	so.use_clang = !no_clang;
	so.jobs = jobs > 0 ? (int)jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);

	status = series_make(&so);
	if (validate && status == EXIT_CLEAN) {
		char *root = find_tree_root(so.tree);
		/* The series' scratch directory is gone; validate makes its own. */
		struct validate_options vo = {
			.tree = root,
			.series_dir = so.outdir,
			.config = validate_config,
			.make_args = make_args.items,
			.nr_make_args = make_args.nr,
			.jobs = (int)jobs,	/* 0: the CPUs, or distcc's slots */
			.distcc = distcc,
			.sandbox = sandbox,
			.progress = isatty(2),
			.out = stdout,
		};

		status = validate_series(&vo);
		free(root);
	}
	string_list_clear(&make_args);
	return status;
}
