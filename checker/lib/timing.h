#ifndef WQCHECK_TIMING_H
#define WQCHECK_TIMING_H

/*
 * WQCHECK_TIMING=1: where a command's time goes, one line on stderr per
 * phase, like git's GIT_TRACE_PERFORMANCE: wall seconds since the first
 * phase, then the CPU seconds of this process and of its children waited
 * for so far (make, gcc, sparse...), so bench/ can say which phase costs
 * what without a profiler.
 */
void timing_phase(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
