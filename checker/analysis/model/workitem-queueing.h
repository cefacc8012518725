/*
 * One queueing of a work item: where it is, which item (a key of the
 * index) and which workqueue it names, read from the call's arguments;
 * and the subsystem wrappers that queue their callers' items
 * (workitem-wrappers.h). The types the work-item model is made of.
 */
#ifndef WQCHECK_WORKITEM_QUEUEING_H
#define WQCHECK_WORKITEM_QUEUEING_H

#include "analysis/model/workitem-index.h"
#include "analysis/model/workqueue-names.h"
#include "front/source-cache.h"

#include <stdbool.h>
#include <stddef.h>

enum wq_ref_kind {
	WQ_REF_NAMED,		/* a global: system_wq, my_wq */
	WQ_REF_MEMBER,		/* struct T.wq */
	WQ_REF_UNKNOWN,		/* a parameter, a local, a computed value */
};

struct wq_ref {
	enum wq_ref_kind kind;
	char *id;		/* canonical name or member key; NULL when unknown */
	char *text;		/* as written, or the implied name */
	char *why_unknown;	/* for WQ_REF_UNKNOWN */
	bool implied;		/* schedule_*(): the header's workqueue */
	unsigned line, column;	/* of the workqueue argument (of the call if implied) */
};

struct queueing {
	const char *file;	/* the source file's path (the cache's) */
	char *path;		/* owned copy of file */
	unsigned line, column, end_column;	/* of the API's name */
	char *caller;		/* the enclosing function, or NULL */
	const char *api;
	char *item_key;
	char *item_text;
	struct wq_ref wq;
	/* While the model is built: a work function's own parameter, whose
	 * item the finished index tells. */
	struct item_shape own;
	bool caller_static;
	bool type_local;	/* the item's struct is its file's own (local-struct.h) */
};

/* A function that passes its own item parameter to a queueing call
 * (workitem-wrappers.h). */
struct queue_wrapper {
	char *name;
	char *path;		/* where it is defined */
	bool is_static;
	int item_param;		/* the item's parameter */
	int wq_param;		/* the workqueue's parameter, or -1: wq */
	struct wq_ref wq;
	const char *api;	/* the call it makes */
};

/* A call of a name that may be a wrapper. */
struct wrapper_call {
	char *name;
	char *path;
	size_t file_index;
	unsigned line, column;
};

struct queueing_list {
	struct queueing *items;
	size_t *file_index;	/* each one's file, in a->all */
	size_t nr, alloc, alloc_index;
	struct queue_wrapper *wrappers;
	size_t nr_wrappers, alloc_wrappers;
	struct wrapper_call *calls;
	size_t nr_calls, alloc_calls;
};

/* The wrappers found and the calls of names that may be one (while the
 * model is built), then the wrappers the queueings through them name. */
struct wrapper_set {
	struct queue_wrapper *items;
	size_t nr;
	struct wrapper_call *calls;
	size_t nr_calls;
};

/* The key of an item argument [first, last] of a call in caller, or NULL
 * when it is none we name; NULL with *later set when it is a work
 * function's own parameter, whose item the finished index tells. */
char *queueing_item_key(const struct source_file *f, const struct source_function *caller,
			size_t first, size_t last, struct item_shape *later);
/* The workqueue argument [first, last] of a call in caller. */
void queueing_wq_ref(const struct workqueue_names *names, const struct source_file *f,
		     const struct source_function *caller, size_t first, size_t last,
		     struct wq_ref *out);
void queueing_release(struct queueing *q);

#endif
