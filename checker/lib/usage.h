/* Diagnostics for the tool itself, in git's manner: die() for the user's mistakes
 * and the environment's failures (exit 2, one line on stderr), error() and
 * warning() for things the run survives. */
#ifndef WQCHECK_USAGE_H
#define WQCHECK_USAGE_H

#include <stddef.h>

#define EXIT_CLEAN	0
#define EXIT_FINDINGS	1
#define EXIT_USAGE	2

extern const char *progname;

__attribute__((noreturn, format(printf, 1, 2)))
void die(const char *fmt, ...);
__attribute__((noreturn, format(printf, 1, 2)))
void die_errno(const char *fmt, ...);
__attribute__((format(printf, 1, 2)))
int error(const char *fmt, ...);
__attribute__((format(printf, 1, 2)))
void warning(const char *fmt, ...);

/* Whether a command frees what it still holds just before it returns
 * from main(): the kernel takes a process's memory back at once, while
 * freeing a whole audit's document, rows and MAINTAINERS block by block
 * costs it 0.5% of its CPU (v6.19). Under AddressSanitizer (the -asan
 * builds make check runs) everything is freed, so that LeakSanitizer
 * still tells what a run loses before its end from what it holds. */
#ifdef __SANITIZE_ADDRESS__
#define FREE_AT_EXIT 1
#else
#define FREE_AT_EXIT 0
#endif

/* Hook run by die() before exiting, so that scratch files are removed. */
void set_die_cleanup(void (*fn)(void));

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* The value of a -j option: a number from 1 to 256, or -1 when arg is not
 * one (the command says so in its own usage line). */
int jobs_option(const char *arg);

#define ALLOC_GROW(ptr, nr, alloc)						\
	do {									\
		if ((nr) >= (alloc)) {						\
			(alloc) = (alloc) ? (alloc) * 2 : 16;			\
			if ((alloc) <= (nr))					\
				(alloc) = (nr) + 1;				\
			(ptr) = xrealloc((ptr), (alloc) * sizeof(*(ptr)));	\
		}								\
	} while (0)

#endif
