/* wqcheck validate: proves a conversion series by rebuilding the patched
 * kernel objects with the tree's own build (kbuild, or the corpus's kbuild
 * look-alike), gcc and sparse, and comparing their object code.
 * `wqcheck series --validate` calls validate_series() on the series it wrote. */
#ifndef WQCHECK_VALIDATE_H
#define WQCHECK_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct validate_options {
	const char *tree;		/* the kernel tree (a git checkout); never written */
	const char *series_dir;		/* git format-patch output: [0000-cover-letter.patch] NNNN-*.patch */
	const char *config;		/* "defconfig", "allmodconfig", a .config file, or NULL:
					 * the tree's .config, else defconfig */
	const char *const *make_args;	/* extra make arguments (KCFLAGS=..., LLVM=1, ...) */
	size_t nr_make_args;
	int jobs;			/* make -j; 0: the number of CPUs */
	bool full;			/* also build vmlinux and modules after the last patch */
	bool json;			/* JSON report instead of the human summary */
	bool progress;			/* progress lines on stderr, the plan first */
	bool dry_run;			/* the plan on stderr, then stop (exit 0) */
	const char *distcc;		/* --distcc=HOSTS: the objects' compiles through
					 * distcc ("": DISTCC_HOSTS); NULL: here */
	bool allow_build_changes;	/* build a series that changes more than .c/.h */
	bool enable_touched;		/* on top of the configuration given (or the
					 * tree's .config), enable the Kconfig symbols
					 * that build the touched objects, as with none */
	const char *sandbox;		/* auto (NULL), always, never: bubblewrap */
	FILE *out;			/* where the report goes (NULL: stdout) */
};

/* Runs the whole validation and writes the report to opts->out. Returns the
 * exit status: 0 every patch applied and every object was built and passed
 * (code equal or equal up to the conversion, no new gcc or sparse warning,
 * rescan clean);
 * 1 some object did not pass or was not built under the configuration;
 * 2 an error: bad arguments or tree, a series that changes more than C
 * sources without allow_build_changes, a patch that does not apply, a base that
 * builds none of the touched objects. The tree is never written: the work happens in a scratch
 * `git worktree`, removed on every exit path (die(), SIGINT/SIGTERM/SIGHUP too). */
int validate_series(const struct validate_options *opts);

#endif
