/* The names the audit's lexical pass looks for: the queueing calls with
 * where their workqueue and work item are, the system workqueues (6.17's
 * new ones only on a tree that has them), and the flags of an
 * alloc_workqueue(). */
#include "analysis/callers/classify-priv.h"

#include <string.h>

static const struct queue_call_api queue_call_apis[] = {
	{ "queue_work", 0, 1, false },
	{ "queue_delayed_work", 0, 1, false },
	{ "mod_delayed_work", 0, 1, false },
	{ "queue_work_on", 1, 2, true },
	{ "queue_delayed_work_on", 1, 2, true },
	{ "mod_delayed_work_on", 1, 2, true },
	{ "queue_rcu_work", 0, 1, false },
	{ "queue_work_node", 1, 2, false },
	{ "schedule_work", -1, 0, false },
	{ "schedule_delayed_work", -1, 0, false },
};
#define NR_QUEUE_CALL_APIS \
	(sizeof(queue_call_apis) / sizeof(queue_call_apis[0]))

bool audit_is_api_file(const char *path)
{
	return !strcmp(path, "kernel/workqueue.c") ||
	       !strcmp(path, "include/linux/workqueue.h");
}

const struct queue_call_api *
queue_call_api_at(const struct lexed_file *lf, size_t i)
{
	size_t k;

	for (k = 0; k < NR_QUEUE_CALL_APIS; k++)
		if (tok_is_ident(lf, (long)i, queue_call_apis[k].name))
			return &queue_call_apis[k];
	return NULL;
}

/* The names 6.17 added count only on a tree that has them. */
bool is_system_wq_name(const struct lexed_file *lf, long i,
			      bool new_names)
{
	return tok_is_ident(lf, i, "system_wq") ||
	       tok_is_ident(lf, i, "system_unbound_wq") ||
	       (new_names && (tok_is_ident(lf, i, "system_percpu_wq") ||
			      tok_is_ident(lf, i, "system_dfl_wq")));
}

bool is_unbound_system_wq(const char *wq)
{
	return !strcmp(wq, "system_unbound_wq") || !strcmp(wq, "system_dfl_wq");
}

bool is_new_system_wq(const char *wq)
{
	return !strcmp(wq, "system_percpu_wq") || !strcmp(wq, "system_dfl_wq");
}

bool names_flag(const struct lexed_file *lf, size_t first, size_t last,
		       const char *flag)
{
	size_t j;

	for (j = first; j <= last && j < lf->nr_tokens; j++)
		if (tok_is_ident(lf, (long)j, flag))
			return true;
	return false;
}
