/* What workqueue API a tree has, learnt from the tree itself: its
 * include/linux/workqueue.h, read with our lexer. Rules fire, and fixes are
 * offered, only where the tree has the name they need (a 6.1 tree gets no
 * system_percpu_wq fix that would not compile; a 6.19 tree no legacy rule).
 * Without the header (a file list, a tree that lacks it) the built-in table
 * stands in: every name is assumed present, as before this module. */
#ifndef WQCHECK_ERA_H
#define WQCHECK_ERA_H

#include <stdbool.h>
#include <stddef.h>

struct era {
	bool from_header;	/* false: the built-in table */
	char *source;		/* the header's path in the tree, or why there is none */
	const char *name;	/* "6.17+", "3.7-6.16", "legacy" (the pre-3.7
				 * names are there) or "unknown" */
	char **names;		/* the API names the header declares (of era_known_names) */
	unsigned nr_names;
	char **binding_macros;	/* INIT_*WORK* / DECLARE_*WORK* macros it defines */
	unsigned nr_binding_macros;
	char *schedule_work_wq;	/* the workqueue schedule_work() queues on, or NULL */
	char **bh_allows;	/* the WQ_ flags __WQ_BH_ALLOWS admits, or none */
	unsigned nr_bh_allows;
	/* Whether the workqueue core already makes every workqueue
	 * non-reentrant (dbf2576e37da, 3.7), and how that was learnt: the
	 * legacy conversions change no behaviour only on top of it. */
	enum era_core {
		CORE_UNKNOWN,		/* neither file says */
		CORE_NON_REENTRANT,	/* 3.7 on */
		CORE_REENTRANT,		/* before: WQ_NON_REENTRANT still means something */
	} core;
	const char *core_source;	/* what said so, in words */
	/* What the tree's kernel/workqueue.c refuses in alloc_workqueue()'s
	 * flags, read from its code (front/era-alloc.c), none without it. */
	struct era_alloc_check *alloc_checks;
	unsigned nr_alloc_checks;
	bool core_read;			/* kernel/workqueue.c was read */
	bool core_tests_percpu;		/* it tests flags & WQ_PERCPU somewhere */
};

/* One test of __alloc_workqueue() (alloc_workqueue() before 6.9): under
 * "if (flags & FLAG)", WARN_ON_ONCE(flags & ~MASK) (ONLY_WITH: FLAG admits
 * only MASK's flags beside it) or WARN_ON_ONCE(max_active) (NO_MAX_ACTIVE);
 * anywhere, WARN_ON_ONCE((flags & FLAG) && (flags & OTHER)) (NOT_WITH). */
struct era_alloc_check {
	enum { ALLOC_ONLY_WITH, ALLOC_NO_MAX_ACTIVE, ALLOC_NOT_WITH } kind;
	char *flag;
	char *mask;			/* ONLY_WITH: as written (__WQ_BH_ALLOWS) */
	char **with;			/* ONLY_WITH: the mask's flags; NOT_WITH: OTHER */
	unsigned nr_with;
	char *test;			/* the WARN's condition, as written */
	unsigned line, column;		/* of the WARN in kernel/workqueue.c */
	bool fails;			/* the WARN is an if's whose branch returns NULL */
};

/* The commit that made every workqueue non-reentrant: the legacy
 * conversions' prerequisite on a tree whose core is CORE_REENTRANT. */
#define ERA_NON_REENTRANT_COMMIT "dbf2576e37da"
#define ERA_NON_REENTRANT_TITLE "workqueue: make all workqueues non-reentrant"

/* The names an era is told apart by, NULL-terminated. */
extern const char *const era_known_names[];

/* Reads root/include/linux/workqueue.h. Never fails: a missing or unreadable
 * header gives the built-in table, with source saying why. */
void era_read(const char *root, struct era *era);
/* What header text says (era zeroed, or holding a source to keep). */
void era_from_text(struct era *era, const char *text, size_t len);
void era_release(struct era *era);

/* Reads root/kernel/workqueue.c's alloc_workqueue() tests into era (after
 * the header: a mask the header defines, __WQ_BH_ALLOWS, is its list). */
void era_read_alloc_checks(const char *root, struct era *era);
/* The same from the text of a kernel/workqueue.c. */
void era_alloc_checks_from_text(struct era *era, const char *text, size_t len);
void era_alloc_checks_release(struct era *era);

/* Whether the tree has name (always, with the built-in table). */
bool era_has(const struct era *era, const char *name);
/* Whether __WQ_BH_ALLOWS admits flag beside WQ_BH (true when the tree has no
 * __WQ_BH_ALLOWS). */
bool era_bh_allows(const struct era *era, const char *flag);

#endif
