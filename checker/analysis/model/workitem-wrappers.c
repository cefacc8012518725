#include "analysis/model/workitem-wrappers.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A wrapper's name holds one of these (ieee80211_queue_work,
 * kblockd_schedule_work, mlx5e_queue_update_stats): its callers' files
 * mention it, so the model reads them whatever else they hold. */
static const char *const wrapper_needles[] = {
	"queue_work", "queue_delayed_work", "schedule_work", "schedule_delayed_work",
	NULL
};

bool wrappers_may_name(const struct lexed_file *lf, size_t i)
{
	const struct token *t = &lf->tokens[i];
	const char *const *n;

	if (t->len < 12 || t->len > 64 || !memmem(lf->text + t->offset, t->len, "_work", 5))
		return false;
	for (n = wrapper_needles; *n; n++)
		if (memmem(lf->text + t->offset, t->len, *n, strlen(*n)))
			return true;
	return false;
}

void wrappers_note_call(const struct source_file *f, size_t i, size_t file_index,
			struct queueing_list *out)
{
	const struct lexed_file *lf = &f->lex;
	const struct source_function *fn;
	struct wrapper_call *c;
	long prev;

	if (!wrappers_may_name(lf, i) || !tok_is_punct(lf, token_next_code(lf, (long)i), "("))
		return;
	prev = token_prev_code(lf, (long)i);
	if (tok_is_punct(lf, prev, ".") || tok_is_punct(lf, prev, "->"))
		return;
	/* A call is in a function's body; a definition or a prototype is not. */
	fn = source_function_at(f, i);
	if (!fn || fn->is_macro || i <= fn->body_open)
		return;
	ALLOC_GROW(out->calls, out->nr_calls + 1, out->alloc_calls);
	c = &out->calls[out->nr_calls++];
	c->name = tok_text(lf, i);
	c->path = xstrdup(f->path);
	c->file_index = file_index;
	c->line = lf->tokens[i].line;
	c->column = lf->tokens[i].column;
}

void wrappers_note_definition(const struct workqueue_names *names, const char *implied,
			      const struct source_file *f,
			      const struct source_function *caller, const char *api,
			      size_t item_first, size_t item_last, long wq_first, long wq_last,
			      struct queueing_list *out)
{
	const struct lexed_file *lf = &f->lex;
	struct queue_wrapper *w;
	int item;

	if (!caller || caller->is_macro)
		return;
	item = parameter_index(lf, caller, item_first, item_last, false);
	if (item < 0)
		return;
	ALLOC_GROW(out->wrappers, out->nr_wrappers + 1, out->alloc_wrappers);
	w = &out->wrappers[out->nr_wrappers++];
	memset(w, 0, sizeof(*w));
	w->name = xstrdup(caller->name);
	w->path = xstrdup(f->path);
	/* A static inline of a header is everyone's who includes it. */
	w->is_static = caller->is_static && !ends_with(f->path, ".h");
	w->item_param = item;
	w->wq_param = -1;
	w->api = api;
	if (wq_first < 0) {
		w->wq.kind = WQ_REF_NAMED;
		w->wq.text = xstrdup(implied);
		w->wq.id = xstrdup(workqueue_canonical(names, implied));
		return;
	}
	w->wq_param = parameter_index(lf, caller, (size_t)wq_first, (size_t)wq_last, false);
	if (w->wq_param < 0)
		queueing_wq_ref(names, f, caller, (size_t)wq_first, (size_t)wq_last, &w->wq);
}

static void release_wrapper(struct queue_wrapper *w)
{
	free(w->name);
	free(w->path);
	free(w->wq.id);
	free(w->wq.text);
	free(w->wq.why_unknown);
}

static void release_call(struct wrapper_call *c)
{
	free(c->name);
	free(c->path);
}

static int call_order(const void *x, const void *y)
{
	const struct wrapper_call *a = x, *b = y;

	if (a->file_index != b->file_index)
		return a->file_index < b->file_index ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return (a->column > b->column) - (a->column < b->column);
}

static int wrapper_order(const void *x, const void *y)
{
	const struct queue_wrapper *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	if (!c)
		c = strcmp(a->path, b->path);
	if (!c)
		c = strcmp(a->api, b->api);
	if (!c)
		c = strcmp(a->wq.text ? a->wq.text : "", b->wq.text ? b->wq.text : "");
	return c ? c : a->wq_param - b->wq_param;
}

void wrappers_collect(struct wrapper_set *w, struct queueing_list *lists, int nr_lists)
{
	size_t nr_w = w->nr, nr_c = w->nr_calls;
	int t;

	for (t = 0; t < nr_lists; t++) {
		struct queueing_list *l = &lists[t];

		w->items = xrealloc(w->items, (nr_w + l->nr_wrappers + 1) * sizeof(*w->items));
		if (l->nr_wrappers)
			memcpy(w->items + nr_w, l->wrappers, l->nr_wrappers * sizeof(*w->items));
		nr_w += l->nr_wrappers;
		w->calls = xrealloc(w->calls, (nr_c + l->nr_calls + 1) * sizeof(*w->calls));
		if (l->nr_calls)
			memcpy(w->calls + nr_c, l->calls, l->nr_calls * sizeof(*w->calls));
		nr_c += l->nr_calls;
		free(l->wrappers);
		free(l->calls);
		l->wrappers = NULL;
		l->calls = NULL;
		l->nr_wrappers = l->nr_calls = 0;
	}
	w->nr = nr_w;
	w->nr_calls = nr_c;
	/* Any -j gives the same model. */
	if (nr_w)
		qsort(w->items, nr_w, sizeof(*w->items), wrapper_order);
	if (nr_c)
		qsort(w->calls, nr_c, sizeof(*w->calls), call_order);
}

/* The wrapper a call in path names: a static one of that file, else the
 * first that is not static. */
static const struct queue_wrapper *wrapper_for(const struct wrapper_set *w,
					       const struct strmap *by_name,
					       const struct wrapper_call *c)
{
	uintptr_t at = (uintptr_t)strmap_get(by_name, c->name);
	size_t k;

	if (!at)
		return NULL;
	for (k = at - 1; k < w->nr && !strcmp(w->items[k].name, c->name); k++)
		if (w->items[k].is_static && !strcmp(w->items[k].path, c->path))
			return &w->items[k];
	for (k = at - 1; k < w->nr && !strcmp(w->items[k].name, c->name); k++)
		if (!w->items[k].is_static)
			return &w->items[k];
	return NULL;
}

static void copy_wq_ref(const struct wq_ref *from, struct wq_ref *to)
{
	to->kind = from->kind;
	to->id = from->id ? xstrdup(from->id) : NULL;
	to->text = from->text ? xstrdup(from->text) : NULL;
	to->why_unknown = from->why_unknown ? xstrdup(from->why_unknown) : NULL;
}

/* The queueing a call of wrapper w makes, or false when its item is none
 * we name. */
static bool queueing_of_call(struct tree_reading *a, const struct workqueue_names *names,
			     const struct queue_wrapper *w, const struct wrapper_call *c,
			     struct queueing *q)
{
	struct source_file *f = source_get(&a->sc, c->path);
	const struct source_function *caller;
	const struct lexed_file *lf;
	size_t first[8], last[8], n;
	struct item_shape later;
	long tok, open;
	char *key;

	if (!f)
		return false;
	lf = &f->lex;
	tok = token_at_position(lf, c->line, c->column);
	open = tok < 0 ? -1 : token_next_code(lf, tok);
	if (!tok_is_punct(lf, open, "("))
		return false;
	n = call_arguments(lf, (size_t)open, first, last, 8);
	if (n > 8 || n <= (size_t)w->item_param || (w->wq_param >= 0 && n <= (size_t)w->wq_param) ||
	    first[w->item_param] > last[w->item_param])
		return false;
	caller = source_function_at(f, (size_t)tok);
	/* A wrapper calling itself, or a wrapper of the same name. */
	if (!caller || !strcmp(caller->name, w->name))
		return false;
	key = queueing_item_key(f, caller, first[w->item_param], last[w->item_param], &later);
	item_shape_release(&later);
	if (!key)
		return false;
	memset(q, 0, sizeof(*q));
	q->path = xstrdup(c->path);
	q->file = q->path;
	q->line = c->line;
	q->column = c->column;
	q->end_column = c->column + (unsigned)lf->tokens[tok].len;
	q->caller = xstrdup(caller->name);
	q->caller_static = caller->is_static;
	q->api = w->name;
	q->item_key = key;
	q->item_text = expression_text(lf, first[w->item_param], last[w->item_param]);
	if (w->wq_param >= 0) {
		queueing_wq_ref(names, f, caller, first[w->wq_param], last[w->wq_param],
				&q->wq);
	} else {
		/* The wrapper's own workqueue, reached through this call. */
		copy_wq_ref(&w->wq, &q->wq);
		q->wq.implied = true;
		q->wq.line = q->line;
		q->wq.column = q->column;
	}
	return true;
}

void wrappers_resolve(struct wrapper_set *w, struct tree_reading *a,
		      const struct workqueue_names *names, struct queueing **qs, size_t *nr,
		      size_t *alloc, int jobs)
{
	struct strmap by_name = { NULL, 0, 0 }, work_functions = { NULL, 0, 0 };
	const struct queue_wrapper **of = xcalloc(w->nr_calls + 1, sizeof(*of));
	const char *files[TREE_FILES_AHEAD];
	size_t i, j, nr_files;

	/* A work function that queues its own item again is no wrapper. */
	for (i = 0; i < a->idx.nr; i++)
		strmap_put(&work_functions, a->idx.bindings[i].function, a);
	for (i = w->nr; i-- > 0;)
		if (!strmap_get(&work_functions, w->items[i].name))
			strmap_put(&by_name, w->items[i].name, (void *)(uintptr_t)(i + 1));
	strmap_release(&work_functions, NULL);
	for (i = 0; i < w->nr_calls; i++)
		of[i] = wrapper_for(w, &by_name, &w->calls[i]);
	/* The calls come file by file: the files of the next ones lexed
	 * ahead on jobs threads, the calls then find them in the cache. */
	for (i = 0; i < w->nr_calls; i = j) {
		for (j = i, nr_files = 0; j < w->nr_calls; j++) {
			if (!of[j] || (nr_files && !strcmp(files[nr_files - 1], w->calls[j].path)))
				continue;
			if (nr_files == TREE_FILES_AHEAD)
				break;
			files[nr_files++] = w->calls[j].path;
		}
		tree_reading_lex_ahead(a, files, nr_files, jobs);
		for (; i < j; i++) {
			struct queueing q;

			if (!of[i] || !queueing_of_call(a, names, of[i], &w->calls[i], &q))
				continue;
			ALLOC_GROW(*qs, *nr + 1, *alloc);
			(*qs)[(*nr)++] = q;
		}
	}
	free(of);
	strmap_release(&by_name, NULL);
	if (getenv("WQCHECK_DEBUG_WRAPPERS")) {
		for (i = 0; i < w->nr; i++)
			fprintf(stderr, "wrapper %s %s item %d wq %d %s\n", w->items[i].name,
				w->items[i].path, w->items[i].item_param, w->items[i].wq_param,
				w->items[i].wq.text ? w->items[i].wq.text : "-");
		fprintf(stderr, "%zu calls of names that may be wrappers\n", w->nr_calls);
	}
	for (i = 0; i < w->nr_calls; i++)
		release_call(&w->calls[i]);
	free(w->calls);
	w->calls = NULL;
	w->nr_calls = 0;
}

void wrappers_release(struct wrapper_set *w)
{
	size_t i;

	for (i = 0; i < w->nr; i++)
		release_wrapper(&w->items[i]);
	free(w->items);
	for (i = 0; i < w->nr_calls; i++)
		release_call(&w->calls[i]);
	free(w->calls);
	memset(w, 0, sizeof(*w));
}
