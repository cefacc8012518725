/*
 * Where the object holding an item comes from, where an INIT_* of it sits:
 * taken back from a free list of the driver's (and returned to it while
 * its queueing may be pending), or one static object every call of the
 * function gets. Both make "initialise, then queue, each call" an INIT of
 * an item that may still be queued from the last call; a fresh
 * allocation does not (item_base_in(), workitem-context.h).
 */
#ifndef WQCHECK_ITEM_ORIGIN_H
#define WQCHECK_ITEM_ORIGIN_H

#include "analysis/model/workitem-context.h"

#include <stdbool.h>

/* An object taken from a list by a function of the file (get_work()) and
 * put back on that list by a function the item's work function calls (or
 * by the work function itself). */
struct pool_origin {
	char *getter;		/* the function that takes it */
	unsigned get_line;	/* its call before the INIT */
	char *list;		/* the list's member name (work_free_list) */
	char *putter;		/* the function that puts objects back */
	unsigned put_line;	/* the call of putter in the work function */
	const char *work_fn;	/* that work function */
	bool own_put;		/* it puts back only the object it runs as (at
				 * its start: the INIT meets a running item),
				 * not others it took off a list (whose
				 * queueings may still be pending) */
};

/* Whether the object of item_text (key's item) at p comes from such a
 * pool; fills out (release it with pool_origin_release()). */
bool item_from_pool(const struct workitem_model *m, const char *key,
		    const struct code_place *p, const char *item_text,
		    struct pool_origin *out);
void pool_origin_release(struct pool_origin *o);

/* A call in p's file of p's function that passes, for the parameter
 * holding the item (item_text's base), the address of a variable of file
 * scope: one object every call re-initialises. */
struct static_caller {
	char *caller;		/* the calling function */
	char *file;		/* its file */
	unsigned line;
	char *object;		/* the variable passed */
};

bool item_static_via_caller(const struct code_place *p, const char *item_text,
			    struct static_caller *out);
/* The same from inside a loop of the caller that waits for nothing (each
 * turn that calls it re-initialises what an earlier turn queued), in p's
 * file or, for a function that is not static, another .c file of its
 * directory (s390's sclp_vt220.c passes &sysrq to ctrlchar.c's
 * schedule_sysrq_work() in a loop over its input). */
bool item_static_loop_caller(struct source_cache *sc, const struct code_place *p,
			     const char *item_text, struct static_caller *out);
void static_caller_release(struct static_caller *c);

/* item_text names a variable of p's file scope (`&w`, `&s.work`), one
 * object for every call. */
bool item_of_file_scope(const struct source_file *f, const char *item_text);

/* The line of a wait for the work (wait_for_completion*(), flush_work())
 * after line in p's function, or 0: the function does not return before
 * the item has run. */
unsigned waits_for_item_after(const struct code_place *p, unsigned line);

#endif
