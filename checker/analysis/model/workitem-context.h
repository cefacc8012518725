/*
 * Where in the code a work item's initialisation or function change sits,
 * as the non-reentrance rules ask it: in the item's own work function, on
 * a path that function reaches, beside a queueing of the item in the same
 * function, after a fresh INIT_* or a synchronous cancel. Lexical, like the
 * rest of the analysis: callees are followed by name in the same file.
 */
#ifndef WQCHECK_WORKITEM_CONTEXT_H
#define WQCHECK_WORKITEM_CONTEXT_H

#include "analysis/model/workitem-model.h"

#include <stdbool.h>

/* A binding's place: its file, token and enclosing function (NULL at file
 * scope). */
struct code_place {
	struct source_file *f;
	size_t tok;
	const struct source_function *fn;
	unsigned first_line, last_line;	/* the function's body */
};

bool code_place_of(const struct workitem_model *m, const struct work_binding *b,
		   struct code_place *out);
bool code_place_at(const struct workitem_model *m, const char *file, unsigned line,
		   unsigned column, struct code_place *out);
/* A work function of item key, by name and file, or NULL. */
const struct work_binding *own_work_function(const struct workitem_model *m,
					     const char *key, const struct code_place *p);
/* A work function of key whose body calls p's function directly (deeper,
 * the call is too often about another object); its name, or NULL. */
const char *work_function_reaching(const struct workitem_model *m, const char *key,
				   const struct code_place *p);
/* The first queueing of item in p's function before (before true) or after
 * line, directly or through a call of a function of the same file that
 * queues it (*at_line: the line of the queueing or of that call), or NULL. */
const struct queueing *queued_in_same_function(const struct work_item *it,
					       const struct code_place *p,
					       unsigned line, bool before,
					       unsigned *at_line);
/* Whether queueing q (or the call at at_line that makes it), in p's
 * function before p, is on every path to p: not in another branch, nor
 * after a return; true when its place is not found. */
bool queueing_dominates(const struct code_place *p, const struct queueing *q,
			unsigned at_line);
/* Whether an INIT_*, cancel_*_sync() or flush of item key text comes
 * before line in p's function, on every path to it: the item is idle
 * there. */
bool made_idle_before(const struct workitem_model *m, const char *key,
		      const struct code_place *p, unsigned line,
		      const char *item_text);
/* A disable_[delayed_]work[_sync]() of item key in p's file: its line, or
 * 0. A queueing of a disabled item does nothing, and INIT_* enables it
 * again (smb's transport_rdma.c: refill_work disabled at set-up, queued
 * and then initialised once the connection is negotiated). */
unsigned disabled_in_file(const struct code_place *p, const char *key);
/* A name that says set-up (probe, init, open, ...) or an interrupt or
 * completion handler. */
bool name_says_setup(const char *name);
bool name_says_handler(const char *name);
bool name_says_teardown(const char *name);
/* What the object holding an item (`x` of `&x->work`) is in p's function,
 * before p: a new allocation makes a new item each time. */
enum item_base {
	ITEM_BASE_UNKNOWN,
	ITEM_BASE_GLOBAL,	/* not declared in the function */
	ITEM_BASE_PARAMETER,
	ITEM_BASE_LOCAL,	/* assigned in the function, not from an allocator */
	ITEM_BASE_ALLOCATED,	/* assigned an allocator's result before p */
};

/* `&x->work`, `x.work`, `&x` -> x (allocated); NULL when the text starts
 * otherwise. */
char *item_base_name(const char *text);
enum item_base item_base_in(const struct code_place *p, const char *item_text);
/* A finding at binding b is the same finding in another version of the
 * tree when the item, its function and the binding's kind are (its line
 * may move): "key\tfunction\thow", allocated. */
char *binding_identity(const struct work_binding *b);
/* The item's text as the binding wrote it (`&dev->work`), or NULL. */
char *binding_item_text(const struct code_place *p);

#endif
