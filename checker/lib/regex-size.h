/*
 * How big a POSIX extended regex grows when glibc compiles it. regcomp()
 * copies the tree of an atom once per repetition: "a+" holds a twice,
 * "a{100}" a hundred times, and stacked repetitions ("a+++++", "(a{99}){99}")
 * multiply, so a short pattern from a hostile MAINTAINERS can ask for
 * gigabytes. Patterns that come from input are measured before regcomp().
 */
#ifndef WQCHECK_LIB_REGEX_SIZE_H
#define WQCHECK_LIB_REGEX_SIZE_H

#include <stdbool.h>
#include <stddef.h>

/* An upper bound of the atoms regcomp() makes of ere, saturating at
 * SIZE_MAX; brackets and escapes count as one atom. */
size_t regex_expanded_size(const char *ere);

/* Is ere small enough to compile? Real MAINTAINERS patterns are under a
 * hundred atoms; the limit leaves room for any sane one. */
bool regex_is_tame(const char *ere);

#endif
