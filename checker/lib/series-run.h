/* Running child processes (git, make, perl, objdump): argv vectors (no
 * shell), posix_spawn with every signal at its default, output captured, and
 * each child registered with lib/cleanup.h while it runs, so that a signal
 * stops it before the scratch directories go away. */
#ifndef WQCHECK_SERIES_RUN_H
#define WQCHECK_SERIES_RUN_H

#include <stdarg.h>

#include "lib/strbuf.h"

/* Runs argv[0] (looked up in PATH) in dir (NULL: here) with env entries
 * ("NAME=value", NULL-terminated; may be NULL) added, stdin from /dev/null.
 * Its stdout goes to out and its stderr to err (either may be NULL: dropped;
 * err == out: both into out, interleaved as written).
 * Returns the exit status, or -1 when it could not run or was killed. */
int series_run(const char *const *argv, const char *dir, const char *const *env,
	       struct strbuf *out, struct strbuf *err);

/* series_run() with stdin from the file input. */
int series_run_input(const char *const *argv, const char *dir,
		     const char *const *env, const char *input,
		     struct strbuf *out, struct strbuf *err);

/* A command for series_run_jobs(): in as for series_run_input(), status out. */
struct series_job {
	const char *const *argv;
	const char *dir;
	const char *const *env;
	const char *input;
	struct strbuf *out, *err;
	int status;
};

/* Runs the jobs, at most parallel of them at a time (up to 64), and sets
 * each one's status as series_run() returns it. */
void series_run_jobs(struct series_job *jobs, size_t nr, int parallel);

/* series_run() of "git" with the arguments that follow, NULL-terminated. */
__attribute__((sentinel)) int series_git(const char *dir,
					 const char *const *env,
					 struct strbuf *out, struct strbuf *err,
					 ...);

/* series_git() with the arguments already in a va_list. */
int series_git_va(const char *dir, const char *const *env, struct strbuf *out,
		  struct strbuf *err, va_list ap);

/* The first line of err (or "exit status N") for one-line error messages. */
const char *series_first_line(struct strbuf *err);

#endif
