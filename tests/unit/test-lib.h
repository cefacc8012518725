/* A tiny TAP-like harness for the unit tests: `ok - NAME` / `not ok - NAME`. */
#ifndef WQCHECK_TEST_LIB_H
#define WQCHECK_TEST_LIB_H

#include <stdio.h>
#include <string.h>

static int test_failures;

#define CHECK(name, cond)							\
	do {									\
		if (cond) {							\
			printf("ok - %s\n", name);				\
		} else {							\
			printf("not ok - %s\n    at %s:%d: %s\n", name, __FILE__,	\
			       __LINE__, #cond);				\
			test_failures++;					\
		}								\
	} while (0)

#define CHECK_STR(name, got, want)						\
	do {									\
		const char *g_ = (got), *w_ = (want);				\
		if (g_ && w_ && !strcmp(g_, w_)) {				\
			printf("ok - %s\n", name);				\
		} else {							\
			printf("not ok - %s\n    want: [%s]\n    got:  [%s]\n",	\
			       name, w_ ? w_ : "(null)", g_ ? g_ : "(null)");	\
			test_failures++;					\
		}								\
	} while (0)

#endif
