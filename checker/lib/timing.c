/*
 * WQCHECK_TIMING=1: one stderr line per phase of a command (timing.h).
 */
#include "lib/timing.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static double seconds(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

void timing_phase(const char *fmt, ...)
{
	static int enabled = -1;
	static struct timespec start;
	struct timespec now;
	struct rusage self, children;
	va_list ap;

	if (enabled < 0)
		enabled = getenv("WQCHECK_TIMING") != NULL;
	if (!enabled)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!start.tv_sec && !start.tv_nsec)
		start = now;
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &children);
	fprintf(stderr, "wqcheck-timing: %7.3f s (cpu %.1f s, children %.1f s) ",
		(double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9,
		seconds(self.ru_utime) + seconds(self.ru_stime),
		seconds(children.ru_utime) + seconds(children.ru_stime));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
