/* Where fixes go: a unified diff on stdout (made by git), or the files
 * themselves with --in-place. */
#ifndef WQCHECK_FIX_OUTPUT_H
#define WQCHECK_FIX_OUTPUT_H

#include <stdio.h>

#include "analysis/scan.h"

/* Prints the diff of every fixed file; returns 0, or -1 after error(). */
int fixes_write_diff(FILE *fp, const struct scan_result *res);
/* Rewrites every fixed file under root, atomically; returns files written or -1. */
int fixes_write_in_place(const char *root, const struct scan_result *res);

#endif
