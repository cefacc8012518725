/* The API that takes a CPU (queue_work_on() & co) and the tree's own
 * wrappers of it (kblockd_schedule_work_on(): a function passing its cpu
 * and item parameters on), with the files that call any of them. */
#ifndef WQCHECK_ON_API_H
#define WQCHECK_ON_API_H

#include "analysis/model/tree-reading.h"
#include "front/lexer.h"

#include <stdbool.h>
#include <stddef.h>

/* One function of the API, and where its cpu and item arguments are. */
struct queue_api {
	char *name;
	int cpu_arg, item_arg;
	int delay_arg;		/* -1: queued at once; 99: a wrapper's, unknown */
	int wq_arg;		/* -1: system_wq or unknown */
	bool wrapper;
	bool file_local;	/* a static wrapper of a .c file: called there only */
	char *file;		/* a wrapper's definition */
	unsigned line;
};

struct api_list {
	struct queue_api *items;
	size_t nr, alloc;
};

/* The API and its wrappers into apis; t->on_api_files then marks every
 * file that calls one of them, and those files are lexed in t->sc (on jobs
 * threads). After tree_read(). */
void on_api_find(struct tree_reading *t, const char *root, int jobs, struct api_list *apis);
/* The function of apis that token i of lf names, or NULL. */
const struct queue_api *api_named(const struct api_list *apis, const struct lexed_file *lf,
				  size_t i);
void api_list_release(struct api_list *apis);

#endif
