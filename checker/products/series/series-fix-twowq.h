/* The fix of a work item queued on two workqueues (WQ014): every queueing
 * of it goes to one system workqueue (series-fix-twowq.c), and the log
 * that says so (series-fix-twowq-message.c). */
#ifndef WQCHECK_SERIES_FIX_TWOWQ_H
#define WQCHECK_SERIES_FIX_TWOWQ_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf;
struct workitem_model;

enum twowq_shape {
	/* schedule_*() calls become queue_*() calls of the per-CPU system
	 * workqueue the item's other queueings name */
	TWOWQ_IMPLIED,
	/* both workqueues are named system ones of one context: the fewer
	 * queueings move to the one most of them name */
	TWOWQ_MAJORITY,
};

struct twowq_fix {
	char *text;		/* the file after the fix, or NULL */
	size_t len;
	enum twowq_shape shape;
	char *item;		/* as a queueing names it */
	char *target;		/* the workqueue every queueing now names */
	unsigned target_line;	/* a queueing that named it already */
	char *target_lines;	/* "39 (f())": the queueings that stay */
	char *other;		/* the workqueue the moved ones named */
	char *moved_lines;	/* "12 (f()), 40 (g())": the queueings moved */
	unsigned first_moved;
	unsigned nr_target, nr_moved;
	bool bh;		/* both workqueues are BH ones */
	char *why_not;		/* no fix: why */
};

/* The fix of the item queued on line of path (text, len, as the model
 * read it), from m; false, with why_not set, when there is none. */
bool twowq_fix_make(const struct workitem_model *m, const char *path,
		    const char *text, size_t len, unsigned line,
		    struct twowq_fix *fx);
void twowq_fix_release(struct twowq_fix *fx);

/* The subject and log of the fix, after "prefix: ". */
void twowq_fix_message(struct strbuf *msg, const char *prefix,
		       const struct twowq_fix *fx);

#endif
