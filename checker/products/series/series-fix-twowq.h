/* The fix of a work item queued on two workqueues (WQ014): its schedule_*()
 * calls become queue_*() calls of the per-CPU system workqueue its other
 * queueings name (series-fix-twowq.c). */
#ifndef WQCHECK_SERIES_FIX_TWOWQ_H
#define WQCHECK_SERIES_FIX_TWOWQ_H

#include <stdbool.h>
#include <stddef.h>

struct workitem_model;

struct twowq_fix {
	char *text;		/* the file after the fix, or NULL */
	size_t len;
	char *item;		/* as a queueing names it */
	char *target;		/* the workqueue every queueing now names */
	unsigned target_line;	/* a queueing that named it already */
	char *target_caller;	/* the function it is in, or NULL */
	char *other;		/* the one schedule_*() implied */
	char *moved_lines;	/* "12 (f()), 40 (g())": the queueings moved */
	unsigned first_moved;
	char *why_not;		/* no fix: why */
};

/* The fix of the item queued on line of path (text, len, as the model
 * read it), from m; false, with why_not set, when there is none. */
bool twowq_fix_make(const struct workitem_model *m, const char *path,
		    const char *text, size_t len, unsigned line,
		    struct twowq_fix *fx);
void twowq_fix_release(struct twowq_fix *fx);

#endif
