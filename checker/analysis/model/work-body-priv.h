/*
 * What work-body.c and work-body-stmts.c share: a body's statements and
 * the kinds of statement the body-lock reading lets pass or takes for the
 * lock. Each is described where it is defined.
 */
#ifndef WQCHECK_WORK_BODY_PRIV_H
#define WQCHECK_WORK_BODY_PRIV_H

#include "front/source-cache.h"

#include <stdbool.h>
#include <stddef.h>

/* One statement of a body: its first and last code tokens. */
struct stmt {
	long first, last;
};

bool body_is_one_of(const struct lexed_file *lf, long i, const char *const *names);
/* The next code token, past #if 0 and directives. */
long body_next_code(const struct source_file *f, long i);
/* The top-level statements of fn's body (allocated *out); how many. */
size_t body_statements(const struct source_file *f, const struct source_function *fn,
		       struct stmt **out);
bool body_is_declaration(const struct source_file *f, const struct stmt *s);
bool body_is_write(const struct lexed_file *lf, long i);
bool body_only_work_calls(const struct source_file *f, const struct stmt *s, bool wrappers,
			  bool *leaves);
bool body_assigns_a_local(const struct source_file *f, const struct source_function *fn,
			  const struct stmt *s, char **name);
bool body_traces(const struct source_file *f, const struct stmt *s);
bool body_quiet(const struct source_file *f, const struct source_function *fn,
		const struct stmt *s);
bool body_takes_its_object(const struct source_file *f, const struct stmt *s);
bool body_only_tests_and_leaves(const struct source_file *f, const struct source_function *fn,
				const struct stmt *s);
bool body_trylock_or_return(const struct source_file *f, const struct stmt *s, long *call,
			    bool *spin);

#endif
