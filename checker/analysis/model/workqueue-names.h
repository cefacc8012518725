/*
 * Which names are one workqueue and which are two, learnt from the tree:
 * kernel/workqueue.c allocates each system workqueue (`system_wq =
 * alloc_workqueue(...)`), and an alias (`#define A B` in
 * include/linux/workqueue.h, or `A = B;` in kernel/workqueue.c) makes two
 * names one. On 6.17+ trees system_wq and system_percpu_wq are both
 * allocated: two workqueues with the same flags, so an item queued on both
 * may run on two workers at once. Any other global is itself.
 */
#ifndef WQCHECK_WORKQUEUE_NAMES_H
#define WQCHECK_WORKQUEUE_NAMES_H

#include "front/source-cache.h"

#include <stdbool.h>

struct workqueue_names {
	struct strmap alias;		/* name -> the name it stands for */
	struct strmap allocated;	/* names kernel/workqueue.c allocates */
	bool from_tree;			/* kernel/workqueue.c was read */
};

void workqueue_names_read(struct source_cache *sc, struct workqueue_names *w);
/* The name a workqueue goes by after aliases: system_wq, or name itself. */
const char *workqueue_canonical(const struct workqueue_names *w, const char *name);
/* Whether the tree allocates name (a system workqueue of its own). */
bool workqueue_is_allocated(const struct workqueue_names *w, const char *name);
void workqueue_names_release(struct workqueue_names *w);

#endif
