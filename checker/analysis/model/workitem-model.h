/*
 * The work-item model: every work item of the tree with where it gets its
 * function (the index's INIT_* / DECLARE_* / PREPARE_* / .func bindings) and
 * every queueing of it with the workqueue that queueing names. Built once a
 * run over the tree's reading (tree-reading.h), its files and index; read
 * by the non-reentrance rules (WQ013-WQ015) and by --prefer-unbound, which
 * must move all of an item's queue sites or none.
 *
 * A queueing's workqueue is what the call names: a global (system_wq,
 * after the tree's aliases), a struct member (one workqueue per member
 * path), the header's workqueue for schedule_*(), or unknown (a parameter,
 * a local, a computed value), which is said, not guessed.
 */
#ifndef WQCHECK_WORKITEM_MODEL_H
#define WQCHECK_WORKITEM_MODEL_H

#include "analysis/model/tree-reading.h"
#include "analysis/model/module-groups.h"
#include "analysis/model/workitem-queueing.h"
#include "analysis/model/workqueue-names.h"
#include "front/era.h"
#include "front/flags.h"

#include <stdbool.h>
#include <stddef.h>

struct work_item {
	char *key;
	struct queueing **queueings;
	size_t nr_queueings, alloc_queueings;
};

struct workitem_model {
	struct tree_reading *a;	/* not owned */
	const char *root;
	struct era era;
	struct workqueue_names names;
	struct queueing *queueings;
	size_t nr_queueings, alloc_queueings;
	struct work_item *items;
	size_t nr_items, alloc_items;
	struct strmap by_key;		/* item key -> index + 1 */
	struct module_groups *modules;	/* what links with what (a cache) */
	struct queueing_list *lists;	/* while built: one a reading thread */
	int nr_lists;
	struct strmap *struct_homes;	/* "file\ttype" -> its home, "" (a cache) */
	struct strmap *struct_defs;	/* file -> the structs it defines
					 * (rule-two-workqueues.c; a cache) */
	struct wrapper_set wrappers;	/* what wrapper queueings' api points to */
	int jobs;			/* threads its reading ran on: its rules'
					 * source_cache_preload()s too */
	/* For the questions the tokens leave to libclang (item-types.h):
	 * the scan's compile database (NULL: inferred flags), whether the
	 * scan may parse at all, and the answers kept (item_types_release()
	 * lets them go before workitem_model_release()). */
	const struct compile_db *db;
	bool use_clang;
	struct item_type_reader *types;
};

/* For tree_read()'s mentions: does the text queue work at all? */
bool workitem_model_mentions(const char *text, size_t len);

/* The model while the tree is read, each file lexed once: begin(), then
 * tree_read_visiting() with workitem_model_mentions and a visitor of
 * workitem_model_visit and m, then finish() with the analysis read. */
void workitem_model_begin(struct workitem_model *m, const char *root, const char *arch,
			  int jobs);
void workitem_model_visit(void *ctx, int thread, size_t index, const struct source_file *f);
void workitem_model_finish(struct workitem_model *m, struct tree_reading *a);
/* Empties the source cache when it holds too much (every 128th call
 * looks): between two findings, never while a struct code_place or a
 * source_file pointer is held. */
void workitem_model_trim(const struct workitem_model *m, size_t *ticks);
/* The item named key (its queueings), or NULL when it is never queued. */
const struct work_item *workitem_model_item(const struct workitem_model *m,
					    const char *key);
/* Two queueings name the same workqueue (both known). */
bool wq_ref_same(const struct wq_ref *x, const struct wq_ref *y);
/* How many known workqueues an item's queueings name. */
unsigned work_item_nr_workqueues(const struct work_item *it);
void workitem_model_release(struct workitem_model *m);

/* A whole-tree model for a command (--prefer-unbound): lists, reads and
 * builds; -1 when the tree's files cannot be listed. Release both with
 * workitem_model_release() and tree_reading_release(). */
int workitem_model_for_tree(const char *root, const char *arch, int jobs,
			    struct tree_reading *a, struct workitem_model *m);

#endif
