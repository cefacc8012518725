#include "analysis/model/workitem-model.h"
#include "analysis/model/local-struct.h"
#include "analysis/model/item-bindings.h"
#include "analysis/model/workitem-wrappers.h"
#include "front/parallel.h"
#include "lib/needles.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The queueing calls: where the workqueue and the item are (wq_arg -1:
 * the header's workqueue, schedule_*()). */
struct queue_call {
	const char *name;
	int wq_arg, item_arg;
};

static const struct queue_call queue_calls[] = {
	{ "queue_work", 0, 1 },
	{ "queue_delayed_work", 0, 1 },
	{ "mod_delayed_work", 0, 1 },
	{ "queue_work_on", 1, 2 },
	{ "queue_delayed_work_on", 1, 2 },
	{ "mod_delayed_work_on", 1, 2 },
	{ "queue_work_node", 1, 2 },
	{ "queue_rcu_work", 0, 1 },
	{ "enable_and_queue_work", 0, 1 },
	{ "schedule_work", -1, 0 },
	{ "schedule_delayed_work", -1, 0 },
	{ "schedule_work_on", -1, 1 },
	{ "schedule_delayed_work_on", -1, 1 },
};
#define NR_QUEUE_CALLS (sizeof(queue_calls) / sizeof(queue_calls[0]))

/* Every name above holds one of these. */
static const char *const queue_needles[] = {
	"queue_work", "queue_delayed_work", "mod_delayed_work", "queue_rcu_work",
	"schedule_work", "schedule_delayed_work", NULL
};

bool workitem_model_mentions(const char *text, size_t len)
{
	static const char *const anchors[] = { "work", NULL };

	return text_holds_any(text, len, queue_needles, anchors);
}

static const struct queue_call *queue_call_at(const struct lexed_file *lf, size_t i)
{
	const struct token *t = &lf->tokens[i];
	char c = lf->text[t->offset];
	size_t k;

	/* Most identifiers are none of them: a look at the first byte and
	 * the length first (the names are 10 to 24 bytes long). */
	if (t->len < 10 || t->len > 24 || (c != 'q' && c != 's' && c != 'm' && c != 'e'))
		return NULL;
	for (k = 0; k < NR_QUEUE_CALLS; k++)
		if (tok_is_ident(lf, (long)i, queue_calls[k].name))
			return &queue_calls[k];
	return NULL;
}

static bool is_api_file(const char *path)
{
	return !strcmp(path, "kernel/workqueue.c") ||
	       !strcmp(path, "include/linux/workqueue.h");
}

static bool has_macro_param(const struct lexed_file *lf, size_t first, size_t last)
{
	size_t j;

	for (j = first; j <= last && j < lf->nr_tokens; j++)
		if (lf->tokens[j].is_macro_param)
			return true;
	return false;
}

/* A queueing of a work function's own parameter, now that the index is
 * finished: the key of the one item bound to that function, or NULL. */
static char *resolve_later(const struct workitem_model *m, const struct queueing *q)
{
	struct source_function caller = { .name = q->caller,
					  .is_static = q->caller_static };
	struct item_bindings b = { 0 };
	char *key = NULL;
	size_t k;

	item_bindings_of(&m->a->idx, q->path, &caller, &q->own, &b);
	for (k = 0; k < b.nr; k++)
		if (!key)
			key = xstrdup(b.items[k]->key);
		else if (strcmp(key, b.items[k]->key))
			break;
	if (k < b.nr) {
		free(key);
		key = NULL;
	}
	item_bindings_release(&b);
	return key;
}

static void add_queueings_of_file(const struct workitem_model *m, const struct source_file *f,
				  size_t file_index, struct queueing_list *out)
{
	const struct lexed_file *lf = &f->lex;
	const char *implied = m->era.schedule_work_wq ? m->era.schedule_work_wq :
							"system_wq";
	size_t i, from = out->nr;
	char *locals;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct queue_call *qc;
		const struct source_function *caller;
		size_t first[6], last[6], n;
		struct item_shape later;
		struct queueing *q;
		long open, prev;
		char *key;

		if (f->dead[i] || lf->tokens[i].kind != TOK_IDENT ||
		    lf->tokens[i].in_directive)
			continue;
		qc = queue_call_at(lf, i);
		if (!qc) {
			wrappers_note_call(f, i, file_index, out);
			continue;
		}
		prev = token_prev_code(lf, (long)i);
		if (tok_is_punct(lf, prev, ".") || tok_is_punct(lf, prev, "->"))
			continue;
		open = token_next_code(lf, (long)i);
		if (!tok_is_punct(lf, open, "("))
			continue;
		n = call_arguments(lf, (size_t)open, first, last, 6);
		if (n > 6 || n <= (size_t)qc->item_arg ||
		    first[qc->item_arg] > last[qc->item_arg] ||
		    (qc->wq_arg >= 0 && first[qc->wq_arg] > last[qc->wq_arg]))
			continue;
		if (has_macro_param(lf, first[qc->item_arg], last[qc->item_arg]) ||
		    (qc->wq_arg >= 0 &&
		     has_macro_param(lf, first[qc->wq_arg], last[qc->wq_arg])))
			continue;
		caller = source_function_at(f, i);
		key = queueing_item_key(f, caller, first[qc->item_arg], last[qc->item_arg],
					      &later);
		/* A parameter: a wrapper's, or a work function's own item. */
		if (!key)
			wrappers_note_definition(&m->names, implied, f, caller, qc->name,
						 first[qc->item_arg], last[qc->item_arg],
						 qc->wq_arg < 0 ? -1 : (long)first[qc->wq_arg],
						 qc->wq_arg < 0 ? -1 : (long)last[qc->wq_arg],
						 out);
		if (!key && !later.own_parameter)
			continue;
		ALLOC_GROW(out->items, out->nr, out->alloc);
		ALLOC_GROW(out->file_index, out->nr, out->alloc_index);
		out->file_index[out->nr] = file_index;
		q = &out->items[out->nr++];
		memset(q, 0, sizeof(*q));
		q->own = later;
		q->caller_static = caller && caller->is_static;
		q->path = xstrdup(f->path);
		q->file = q->path;
		q->line = lf->tokens[i].line;
		q->column = lf->tokens[i].column;
		q->end_column = q->column + (unsigned)lf->tokens[i].len;
		q->caller = caller ? xstrdup(caller->name) : NULL;
		q->api = qc->name;
		q->item_key = key;
		q->item_text = expression_text(lf, first[qc->item_arg], last[qc->item_arg]);
		if (qc->wq_arg < 0) {
			q->wq.kind = WQ_REF_NAMED;
			q->wq.implied = true;
			q->wq.text = xstrdup(implied);
			q->wq.id = xstrdup(workqueue_canonical(&m->names, implied));
			q->wq.line = q->line;
			q->wq.column = q->column;
		} else {
			queueing_wq_ref(&m->names, f, caller, first[qc->wq_arg], last[qc->wq_arg], &q->wq);
		}
	}
	/* The file's own structs, read once the file queues an item. */
	if (out->nr == from || !(locals = local_struct_names(f)))
		return;
	for (i = from; i < out->nr; i++)
		out->items[i].type_local = out->items[i].item_key &&
					   local_struct_key(locals, out->items[i].item_key);
	free(locals);
}

/* key is a delayed item: not a struct with a member named work, whose
 * own key may hold a `.func =` of another kind (btsdio's data->func). The
 * items are not grouped yet: the index tells. */
static bool bound_as_delayed(const void *idx, const char *key)
{
	return workitem_index_binds_delayed(idx, key);
}

/* `&x->dw.work` and `&x->dw` are one delayed item: the queueings of a
 * key ending in .work go to the key without it, when that one is known. */
static void merge_delayed_keys(struct workitem_model *m)
{
	size_t i;

	for (i = 0; i < m->nr_queueings; i++)
		workitem_key_to_delayed(m->queueings[i].item_key, bound_as_delayed,
					&m->a->idx);
}

static void group_items(struct workitem_model *m)
{
	size_t i;

	for (i = 0; i < m->nr_queueings; i++) {
		struct queueing *q = &m->queueings[i];
		uintptr_t at = (uintptr_t)strmap_get(&m->by_key, q->item_key);
		struct work_item *it;

		if (!at) {
			ALLOC_GROW(m->items, m->nr_items, m->alloc_items);
			it = &m->items[m->nr_items++];
			memset(it, 0, sizeof(*it));
			it->key = xstrdup(q->item_key);
			at = m->nr_items;
			strmap_put(&m->by_key, q->item_key, (void *)at);
		}
		it = &m->items[at - 1];
		ALLOC_GROW(it->queueings, it->nr_queueings, it->alloc_queueings);
		it->queueings[it->nr_queueings++] = q;
	}
}

/* Lexed files cost ~30 bytes a token: a whole tree's queueing files would
 * hold gigabytes. Nothing in the model points into the source cache, so
 * it is emptied now and then. */
void workitem_model_trim(const struct workitem_model *m, size_t *ticks)
{
	tree_reading_trim_sources(m->a, ticks);
}

void workitem_model_begin(struct workitem_model *m, const char *root, const char *arch,
			  int jobs)
{
	struct source_cache sc;

	memset(m, 0, sizeof(*m));
	m->root = root;
	m->modules = xcalloc(1, sizeof(*m->modules));
	m->struct_homes = xcalloc(1, sizeof(*m->struct_homes));
	m->struct_defs = xcalloc(1, sizeof(*m->struct_defs));
	module_groups_init(m->modules, root);
	era_read(root, &m->era);
	/* Before any file is read: the reading threads name workqueues. */
	source_cache_init(&sc, root, arch);
	workqueue_names_read(&sc, &m->names);
	source_cache_release(&sc);
	m->jobs = parallel_jobs(jobs);
	m->nr_lists = m->jobs + 1;
	m->lists = xcalloc((size_t)m->nr_lists, sizeof(*m->lists));
}

void workitem_model_visit(void *ctx, int thread, size_t index, const struct source_file *f)
{
	struct workitem_model *m = ctx;

	if (!is_api_file(f->path))
		add_queueings_of_file(m, f, index, &m->lists[thread]);
}

static int by_file(const void *x, const void *y, void *file_index)
{
	const size_t *file = file_index;
	size_t a = file[*(const size_t *)x], b = file[*(const size_t *)y];

	if (a != b)
		return a < b ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

/* The threads' queueings in file order (a file is read by one thread, in
 * token order), so the model is the same for any -j. */
static void merge_lists(struct workitem_model *m)
{
	size_t total = 0, n = 0, i, *at, *file;
	struct queueing *all;
	int t;

	for (t = 0; t < m->nr_lists; t++)
		total += m->lists[t].nr;
	all = xcalloc(total ? total : 1, sizeof(*all));
	file = xcalloc(total ? total : 1, sizeof(*file));
	at = xcalloc(total ? total : 1, sizeof(*at));
	for (t = 0; t < m->nr_lists; t++) {
		if (m->lists[t].nr) {
			memcpy(all + n, m->lists[t].items, m->lists[t].nr * sizeof(*all));
			memcpy(file + n, m->lists[t].file_index,
			       m->lists[t].nr * sizeof(*file));
		}
		n += m->lists[t].nr;
		free(m->lists[t].items);
		free(m->lists[t].file_index);
	}
	free(m->lists);
	m->lists = NULL;
	m->nr_lists = 0;
	for (i = 0; i < total; i++)
		at[i] = i;
	qsort_r(at, total, sizeof(*at), by_file, file);
	m->queueings = xcalloc(total ? total : 1, sizeof(*m->queueings));
	for (i = 0; i < total; i++) {
		m->queueings[i] = all[at[i]];
		m->queueings[i].file = m->queueings[i].path;
	}
	m->nr_queueings = m->alloc_queueings = total;
	free(all);
	free(file);
	free(at);
}

/* The queueings of a work function's own parameter get their item now;
 * the ones with none (or several) are dropped. */
static void resolve_own_parameters(struct workitem_model *m)
{
	size_t i, kept = 0;

	for (i = 0; i < m->nr_queueings; i++) {
		struct queueing *q = &m->queueings[i];

		if (!q->item_key && q->own.own_parameter)
			q->item_key = resolve_later(m, q);
		item_shape_release(&q->own);
		memset(&q->own, 0, sizeof(q->own));
		if (!q->item_key) {
			queueing_release(q);
			continue;
		}
		m->queueings[kept++] = *q;
	}
	m->nr_queueings = kept;
}

void workitem_model_finish(struct workitem_model *m, struct tree_reading *a)
{
	m->a = a;
	wrappers_collect(&m->wrappers, m->lists, m->nr_lists);
	merge_lists(m);
	resolve_own_parameters(m);
	wrappers_resolve(&m->wrappers, a, &m->names, &m->queueings, &m->nr_queueings,
			 &m->alloc_queueings, m->jobs);
	/* by_key is empty yet: merging asks the index only. */
	merge_delayed_keys(m);
	group_items(m);
}

const struct work_item *workitem_model_item(const struct workitem_model *m,
					    const char *key)
{
	uintptr_t at = (uintptr_t)strmap_get(&m->by_key, key);
	char *base;

	if (at)
		return &m->items[at - 1];
	if (!ends_with(key, ".work"))
		return NULL;
	base = xstrndup(key, strlen(key) - 5);
	at = (uintptr_t)strmap_get(&m->by_key, base);
	free(base);
	return at ? &m->items[at - 1] : NULL;
}

bool wq_ref_same(const struct wq_ref *x, const struct wq_ref *y)
{
	return x->id && y->id && x->kind == y->kind && !strcmp(x->id, y->id);
}

unsigned work_item_nr_workqueues(const struct work_item *it)
{
	unsigned n = 0;
	size_t i, j;

	for (i = 0; i < it->nr_queueings; i++) {
		if (!it->queueings[i]->wq.id)
			continue;
		for (j = 0; j < i; j++)
			if (wq_ref_same(&it->queueings[i]->wq, &it->queueings[j]->wq))
				break;
		n += j == i;
	}
	return n;
}

void workitem_model_release(struct workitem_model *m)
{
	size_t i;

	/* Released unfinished (a scan that started again): what the
	 * reading threads gathered is merged first, then let go. */
	if (m->lists) {
		wrappers_collect(&m->wrappers, m->lists, m->nr_lists);
		merge_lists(m);
	}
	for (i = 0; i < m->nr_queueings; i++)
		queueing_release(&m->queueings[i]);
	free(m->queueings);
	for (i = 0; i < m->nr_items; i++) {
		free(m->items[i].key);
		free(m->items[i].queueings);
	}
	free(m->items);
	strmap_release(&m->by_key, NULL);
	if (m->modules)
		module_groups_release(m->modules);
	free(m->modules);
	if (m->struct_homes)
		strmap_release(m->struct_homes, free);
	free(m->struct_homes);
	if (m->struct_defs)
		strmap_release(m->struct_defs, free);
	free(m->struct_defs);
	workqueue_names_release(&m->names);
	wrappers_release(&m->wrappers);
	era_release(&m->era);
	memset(m, 0, sizeof(*m));
}

int workitem_model_for_tree(const char *root, const char *arch, int jobs,
			    struct tree_reading *a, struct workitem_model *m)
{
	memset(m, 0, sizeof(*m));
	if (tree_reading_list(root, a) < 0)
		return -1;
	struct tree_visitor visitor = { workitem_model_visit, m };

	workitem_model_begin(m, root, arch, jobs);
	tree_read_visiting(root, arch, jobs, workitem_model_mentions, &visitor, a);
	workitem_model_finish(m, a);
	return 0;
}
