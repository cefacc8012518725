/* The fix of a work item re-initialised while it may be live (WQ015): the
 * INIT_* moved to where its object is set up (series-fix-reinit.c). */
#ifndef WQCHECK_SERIES_FIX_REINIT_H
#define WQCHECK_SERIES_FIX_REINIT_H

#include <stdbool.h>
#include <stddef.h>

struct reinit_fix {
	char *text;		/* the file after the fix, or NULL */
	size_t len;
	char *macro;		/* INIT_WORK, INIT_DELAYED_WORK, ... */
	char *item;		/* as the INIT_* named it: &node->work */
	char *new_item;		/* as the new INIT_* names it: v->list[i].work */
	char *work_fn;		/* the INIT_*'s function argument */
	char *live_fn;		/* where the INIT_* was */
	char *setup_fn;		/* where it goes */
	char *cancel_fn;	/* what cancels the items in teardown */
	char *container;	/* the struct that embeds the item's object */
	bool array;		/* one item per element of an array member */
	bool work_calls_live;	/* work_fn calls live_fn: re-initialised while
				 * it runs */
	char *why_not;		/* no fix: why */
};

/* The fix of the INIT_* on line of path (text, len); false, with why_not
 * set, when there is none. */
bool reinit_fix_make(const char *path, const char *text, size_t len,
		     unsigned line, struct reinit_fix *fx);
void reinit_fix_release(struct reinit_fix *fx);

#endif
