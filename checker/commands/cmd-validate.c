#include "commands/builtin.h"
#include "commands/options.h"
#include "lib/usage.h"
#include "products/validate/validate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct command_usage validate_usage = {
	.name = "validate",
	.synopsis = "validate --series DIR [options] TREE",
	.about =
"Proves a conversion series (git format-patch files in DIR) on TREE, a git\n"
"checkout of a kernel tree: in a scratch worktree at the series' base-commit\n"
"(else TREE's HEAD) it configures and prepares the build, builds every object\n"
"the series touches with gcc and sparse, then applies each patch with git am,\n"
"rebuilds its objects and compares: new gcc warnings, new sparse warnings, and\n"
"the disassembly of every function (objdump -dr), built with __LINE__ held\n"
"apart from source positions. Code is equal, equal up to the conversion (a\n"
"relocation naming flush_work_sync, flush_delayed_work_sync, system_nrt_wq,\n"
"system_nrt_freezable_wq, system_wq or system_unbound_wq before and its new\n"
"name after, an immediate that gained WQ_PERCPU; where gcc placed the code\n"
"around WQ_PERCPU apart, the same code with WQ_PERCPU as 0 on both sides),\n"
"or different, with an excerpt of each differing function. At the end\n"
"a rescan of the touched files must find nothing for the converted rules, and\n"
"the last line counts the objects touched, built, equal and not built.\n"
"Before it builds, on a terminal (and with --dry-run, which stops there), it\n"
"prints its plan: the patches, the objects, the configuration, the\n"
"architectures and an estimate from the last run on the tree.\n"
"An object of another arch (under arch/X/, or needing a Kconfig symbol only\n"
"arch X defines) is built with that arch's cross compiler when one is on PATH\n"
"(make deps CROSS=X installs it): ARCH=X CROSS_COMPILE=..., from the\n"
"arch/X/configs/ defconfig that builds the most of them, in its own O= dir.\n"
"\n"
"A series is code: building it runs what its patches change. A series that\n"
"changes anything but .c and .h files (a Makefile, Kbuild, Kconfig, a\n"
"script, or a tool under scripts/ or tools/) is refused, naming the files,\n"
"unless --allow-build-changes; and even a .c file can #include any file\n"
"this user can read into the build's messages. So every make and compiler\n"
"runs inside bubblewrap when it is installed (--sandbox=auto): the file\n"
"system read-only but the scratch worktree and the compiler cache, home and\n"
"/root hidden, no network (kept with --distcc).\n"
"\n"
"--distcc=HOSTS compiles the objects of both sides through distcc (hosts in\n"
"distcc's syntax; empty: DISTCC_HOSTS), plain mode (preprocessing here),\n"
"ccache in front when installed, -j from the hosts' slots; a host that fails\n"
"is replaced by a compile here, and the report says how many ran remotely.\n",
	.after =
"Exit status: 0 every patch applied and every object was built and passed\n"
"(equal, or equal up to the conversion); 1 an object differs, has new\n"
"warnings, was not built under the configuration, or the rescan found\n"
"something; 2 an error (bad arguments or tree, a patch that does not apply,\n"
"a base that builds none of the touched objects, a series that changes the\n"
"build without --allow-build-changes, no sandbox with --sandbox=always).\n",
};

static void parse_opt_format(const struct option *opt, const char *arg)
{
	bool *json = opt->value;

	if (!strcmp(arg, "json"))
		*json = true;
	else if (!strcmp(arg, "text"))
		*json = false;
	else
		usage_die("unknown format '%s' (text, json)", arg);
}

int cmd_validate(int argc, char **argv)
{
	struct validate_options opts = { 0 };
	struct string_list make_args = { 0 };
	bool quiet = false;
	long jobs = 0;
	int status;
	const struct option options[] = {
		OPT_STRING(0, "series", &opts.series_dir, "DIR",
			   "the patch series (required)"),
		OPT_CONFIG(&opts.config,
			   "defconfig, allmodconfig or a .config file\n"
			   "(default: TREE's .config, else defconfig plus the\n"
			   "Kconfig symbols that build the touched objects)"),
		OPT_BOOL(0, "enable-touched", &opts.enable_touched,
			 "also enable, on top of the configuration, the\n"
			 "Kconfig symbols that build the touched objects"),
		OPT_MAKE_ARG(&make_args,
			     "pass ARG to every make (KCFLAGS=..., LLVM=1);\n"
			     "repeatable"),
		OPT_JOBS(&jobs, "make jobs (default: all CPUs)"),
		OPT_BOOL(0, "full", &opts.full,
			 "also build vmlinux and modules after the last patch"),
		OPT_CALLBACK_WORDS(0, "format", &opts.json, "text|json",
				   "human summary (default) or JSON", parse_opt_format,
				   "text json"),
		OPT_QUIET(&quiet, "no progress on stderr (nor the plan)"),
		OPT_BOOL(0, "dry-run", &opts.dry_run,
			 "print the plan (patches, objects, configuration,\n"
			 "architectures, estimate) and stop before building"),
		OPT_STRING(0, "distcc", &opts.distcc, "HOSTS",
			   "compile the objects through distcc on HOSTS\n"
			   "(\"\": DISTCC_HOSTS)"),
		OPT_BOOL(0, "allow-build-changes", &opts.allow_build_changes,
			 "build a series that changes more than .c/.h files"),
		OPT_STRING(0, "sandbox", &opts.sandbox, "auto|always|never",
			   "run make and the compilers in bubblewrap\n"
			   "(default auto: when it is installed)"),
		OPT_END(),
	};

	argc = parse_options(argc, argv, options, &validate_usage, 0);
	if (!opts.series_dir)
		usage_die("--series DIR is required");
	if (opts.sandbox && strcmp(opts.sandbox, "auto") && strcmp(opts.sandbox, "always") &&
	    strcmp(opts.sandbox, "never"))
		usage_die("--sandbox takes auto, always or never, not '%s'", opts.sandbox);
	opts.tree = usage_one_operand(argc, argv, "TREE");
	opts.jobs = (int)jobs;
	opts.make_args = make_args.items;
	opts.nr_make_args = make_args.nr;
	opts.progress = !quiet && isatty(2);
	status = validate_series(&opts);
	string_list_clear(&make_args);
	return status;
}
