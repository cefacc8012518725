/* validate-run.c: child processes and string lists, for validate's files
 * (and validate-config.c, which reads Kconfig without knowing the rest). */
#ifndef WQCHECK_VALIDATE_RUN_H
#define WQCHECK_VALIDATE_RUN_H

#include "lib/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

struct strlist {
	char **items;
	size_t nr, alloc;
};

void strlist_add(struct strlist *l, const char *s);
void strlist_add_nodup(struct strlist *l, char *s);	/* takes ownership */
bool strlist_has(const struct strlist *l, const char *s);
void strlist_release(struct strlist *l);
/* The items of after not in before, as multisets (duplicates count). */
void strlist_subtract(const struct strlist *after, const struct strlist *before,
		      struct strlist *out);

/* Child processes. Output (stdout and stderr merged) is
 * appended to out when out is not NULL. Returns the exit status, 128+signal,
 * or -1 when the command could not run. */
int run_command(const char *dir, const char *const *argv, struct strbuf *out);
int run_commandv(const char *dir, struct strbuf *out, ...)
	__attribute__((sentinel));

#endif
