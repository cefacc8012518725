/* The fix of a work item queued on two workqueues (WQ014): every queueing
 * of it goes to one system workqueue (series-fix-twowq.c), the log that
 * says so (series-fix-twowq-message.c), and where there is no fix, the
 * reason, true of the workqueues named (series-fix-twowq-why.c). */
#ifndef WQCHECK_SERIES_FIX_TWOWQ_H
#define WQCHECK_SERIES_FIX_TWOWQ_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf;
struct workitem_model;
struct wq_ref;

enum twowq_shape {
	/* schedule_*() calls become queue_*() calls of the per-CPU system
	 * workqueue the item's other queueings name */
	TWOWQ_IMPLIED,
	/* both workqueues are named system ones of one context: the fewer
	 * queueings move to the one most of them name */
	TWOWQ_MAJORITY,
};

/* The renames of the same series that end an item's second workqueue:
 * a reason may say "this series" only of those it makes. */
struct twowq_renames {
	bool system_wq;		/* WQ020: system_wq -> system_percpu_wq */
	bool nrt;		/* WQ003: system_nrt_wq -> system_wq */
	bool nrt_freezable;	/* WQ004: system_nrt_freezable_wq -> system_freezable_wq */
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
 * read it), from m; false, with why_not set, when there is none. rn: the
 * renames the series makes beside it. */
bool twowq_fix_make(const struct workitem_model *m, const char *path,
		    const char *text, size_t len, unsigned line,
		    const struct twowq_renames *rn, struct twowq_fix *fx);
void twowq_fix_release(struct twowq_fix *fx);

/* Why schedule_*()'s queueings (on implied) are not moved onto other,
 * the workqueue the item's other queueings name: NULL when they may be. */
char *twowq_why_not_onto(const struct wq_ref *other, const char *implied,
			 const struct twowq_renames *rn);
/* Why queueings are not moved between a and b, two named workqueues
 * neither of which is schedule_*()'s (implied): NULL when they may be. */
char *twowq_why_not_between(const struct wq_ref *a, const struct wq_ref *b,
			    const char *implied, const struct twowq_renames *rn);
/* Whether name may take or give queueings in a move between two named
 * workqueues: 1 per-CPU process context, 2 BH, 0 neither. */
int twowq_context(const char *name);

/* Where a run queued from one of the item's two workqueues can overlap
 * one queued from the other. */
enum twowq_where {
	TWOWQ_TWO_CPUS,		/* only with two CPUs: one pool, or two BH */
	TWOWQ_TWO_CPUS_UNLESS_POWER_EFFICIENT,	/* ... unless the boot
						 * makes one unbound */
	TWOWQ_ANY_CPU,		/* on one CPU too: two pools */
};
enum twowq_where twowq_overlap_where(const struct twowq_fix *fx);

/* The subject and log of the fix, after "prefix: ". */
void twowq_fix_message(struct strbuf *msg, const char *prefix,
		       const struct twowq_fix *fx);

#endif
