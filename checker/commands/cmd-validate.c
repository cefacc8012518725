#include "commands/builtin.h"
#include "lib/usage.h"
#include "products/validate.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char validate_usage[] =
"usage: wqcheck validate --series DIR [options] TREE\n"
"\n"
"Proves a conversion series (git format-patch files in DIR) on TREE, a git\n"
"checkout of a kernel tree: in a scratch worktree at the series' base-commit\n"
"(else TREE's HEAD) it configures and prepares the build, builds every object\n"
"the series touches with gcc and sparse, then applies each patch with git am,\n"
"rebuilds its objects and compares: new gcc warnings, new sparse warnings, and\n"
"the disassembly of every function (objdump -dr), built with __LINE__ held\n"
"apart from source positions. Code is equal, equal up to the conversion (a\n"
"relocation naming flush_work_sync, flush_delayed_work_sync, system_nrt_wq,\n"
"system_nrt_freezable_wq, system_wq or system_unbound_wq before and its new\n"
"name after, an immediate that gained WQ_PERCPU), or different. At the end\n"
"a rescan of the touched files must find nothing for the converted rules, and\n"
"the last line counts the objects touched, built, equal and not built.\n"
"\n"
"  --series DIR          the patch series (required)\n"
"  --config=WHICH        defconfig, allmodconfig or a .config file\n"
"                        (default: TREE's .config, else defconfig plus the\n"
"                        Kconfig symbols that build the touched objects)\n"
"  --make-arg ARG        pass ARG to every make (KCFLAGS=..., LLVM=1); repeatable\n"
"  -j N                  make jobs (default: all CPUs)\n"
"  --full                also build vmlinux and modules after the last patch\n"
"  --format=text|json    human summary (default) or JSON\n"
"  -q, --quiet           no progress on stderr\n"
"\n"
"Exit status: 0 every patch applied and every object was built and passed\n"
"(equal, or equal up to the conversion);\n"
"1 an object differs, has new warnings, was not built under the configuration,\n"
"or the rescan found something; 2 an error (bad arguments or tree, a patch that\n"
"does not apply, a base that builds none of the touched objects).\n";

enum { OPT_SERIES = 256, OPT_CONFIG, OPT_MAKE_ARG, OPT_FULL, OPT_FORMAT, OPT_HELP };

static const struct option validate_long[] = {
	{ "series", required_argument, NULL, OPT_SERIES },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "make-arg", required_argument, NULL, OPT_MAKE_ARG },
	{ "full", no_argument, NULL, OPT_FULL },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

static __attribute__((noreturn)) void usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "wqcheck validate: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "; see 'wqcheck validate --help'\n");
	exit(EXIT_USAGE);
}

int cmd_validate(int argc, char **argv)
{
	struct validate_options opts = { 0 };
	const char **make_args = xcalloc((size_t)argc + 1, sizeof(*make_args));
	bool quiet = false;
	int c, status;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "j:q", validate_long, NULL)) != -1) {
		switch (c) {
		case OPT_SERIES:
			opts.series_dir = optarg;
			break;
		case OPT_CONFIG:
			opts.config = optarg;
			break;
		case OPT_MAKE_ARG:
			make_args[opts.nr_make_args++] = optarg;
			break;
		case OPT_FULL:
			opts.full = true;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				opts.json = true;
			else if (strcmp(optarg, "text"))
				usage_error("unknown format '%s' (text, json)", optarg);
			break;
		case 'j':
			opts.jobs = jobs_option(optarg);
			if (opts.jobs < 0)
				usage_error("-j needs a number from 1 to 256, not '%s'", optarg);
			break;
		case 'q':
			quiet = true;
			break;
		case OPT_HELP:
			fputs(validate_usage, stdout);
			free(make_args);
			return EXIT_CLEAN;
		default:
			usage_error("unknown option or missing argument '%s'", argv[optind - 1]);
		}
	}
	if (!opts.series_dir)
		usage_error("--series DIR is required%s", "");
	if (optind != argc - 1)
		usage_error("give exactly one TREE%s", "");
	opts.tree = argv[optind];
	opts.make_args = make_args;
	opts.progress = !quiet && isatty(2);
	status = validate_series(&opts);
	free(make_args);
	return status;
}
