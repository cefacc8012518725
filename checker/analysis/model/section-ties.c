#include "analysis/model/section-ties.h"
#include "analysis/model/workitem-wrappers.h"
#include "lib/strbuf.h"

#include <stdlib.h>
#include <string.h>

static bool key_known(const struct tie_names *known, const char *key)
{
	char *entry = key ? tie_key_entry(key) : NULL;
	bool has = entry && tie_names_has(known, entry, strlen(entry));

	free(entry);
	return has;
}

static bool ident_known(const struct lexed_file *lf, size_t i, const struct tie_names *known)
{
	const struct token *t = &lf->tokens[i];

	return t->kind == TOK_IDENT && tie_names_has(known, lf->text + t->offset, t->len);
}

static void add_token(struct tie_list *out, const struct lexed_file *lf, long i)
{
	if (i >= 0 && lf->tokens[i].kind == TOK_IDENT)
		tie_list_add(out, lf->text + lf->tokens[i].offset, lf->tokens[i].len);
}

/* Holds "work" or "wq" in any case. */
static bool holds_work(const char *s, size_t len)
{
	size_t k;

	for (k = 0; k + 2 <= len; k++) {
		char a = (char)(s[k] | 0x20), b = (char)(s[k + 1] | 0x20);

		if ((a == 'w' && b == 'q') ||
		    (a == 'w' && b == 'o' && k + 4 <= len && (s[k + 2] | 0x20) == 'r' &&
		     (s[k + 3] | 0x20) == 'k'))
			return true;
	}
	return false;
}

/* The calls whose arguments may be items or workqueues whatever they look
 * like: queue_work(), INIT_WORK(), cancel_work_sync(), a driver's
 * xe_gt_queue_wq(). */
static bool names_work(const struct lexed_file *lf, size_t i)
{
	return holds_work(lf->text + lf->tokens[i].offset, lf->tokens[i].len);
}

/* The queueing API itself, which is no wrapper. */
static bool is_queue_api(const struct lexed_file *lf, size_t i)
{
	static const char *const api[] = {
		"queue_work", "queue_delayed_work", "mod_delayed_work", "queue_work_on",
		"queue_delayed_work_on", "mod_delayed_work_on", "queue_work_node",
		"queue_rcu_work", "enable_and_queue_work", "schedule_work",
		"schedule_delayed_work", "schedule_work_on", "schedule_delayed_work_on", NULL
	};
	const char *const *a;

	for (a = api; *a; a++)
		if (tok_is_ident(lf, (long)i, *a))
			return true;
	return false;
}

/* Whether name (token at) is declared a pointer in fn before at: a local
 * workqueue, which the lexical pass looks for in fn only. */
static bool local_pointer(const struct lexed_file *lf, const struct source_function *fn, long at)
{
	const struct token *t = &lf->tokens[at];
	long j;

	for (j = fn ? (long)fn->params_open : at; j < at; j++)
		if (lf->tokens[j].kind == TOK_IDENT && lf->tokens[j].len == t->len &&
		    !memcmp(lf->text + lf->tokens[j].offset, lf->text + t->offset, t->len) &&
		    tok_is_punct(lf, token_prev_code(lf, j), "*"))
			return true;
	return false;
}

/* A workqueue stored at the assignment whose '=' is eq: a member is found
 * by its key anywhere (and by its name in its own directory, which the
 * section's reading reads whole); a variable by its name. */
static void add_target(const struct source_file *f, const struct source_function *fn, long eq,
		       struct tie_list *out)
{
	const struct lexed_file *lf = &f->lex;
	long last = token_prev_code(lf, eq), start = last, op;

	if (last < 0 || lf->tokens[last].kind != TOK_IDENT)
		return;
	while ((op = token_prev_code(lf, start)) >= 0 &&
	       (tok_is_punct(lf, op, "->") || tok_is_punct(lf, op, ".")) &&
	       token_prev_code(lf, op) >= 0 &&
	       lf->tokens[token_prev_code(lf, op)].kind == TOK_IDENT)
		start = token_prev_code(lf, op);
	if (start != last) {
		struct item_shape s;

		workitem_shape(f, (size_t)start, (size_t)last, &s);
		tie_list_add_key(out, s.key);
		item_shape_release(&s);
	} else if (!local_pointer(lf, fn, last)) {
		add_token(out, lf, last);
	}
}

/* `x->wq = alloc_workqueue(...)`: the queueings on it elsewhere. A local
 * is followed to where it is stored (`dev->wq = wq;`), as the lexical pass
 * follows it. */
static void add_alloc_target(const struct source_file *f, const struct source_function *fn,
			     size_t call, struct tie_list *out)
{
	const struct lexed_file *lf = &f->lex;
	long eq = token_prev_code(lf, (long)call), target, j;
	const struct token *t;

	if (!tok_is_punct(lf, eq, "="))
		return;
	add_target(f, fn, eq, out);
	target = token_prev_code(lf, eq);
	if (target < 0 || lf->tokens[target].kind != TOK_IDENT || !fn)
		return;
	t = &lf->tokens[target];
	for (j = (long)fn->body_open; j < (long)fn->body_close; j++)
		if (lf->tokens[j].kind == TOK_IDENT && lf->tokens[j].len == t->len &&
		    !memcmp(lf->text + lf->tokens[j].offset, lf->text + t->offset, t->len) &&
		    tok_is_punct(lf, token_prev_code(lf, j), "=") &&
		    tok_is_punct(lf, token_next_code(lf, j), ";"))
			add_target(f, fn, token_prev_code(lf, j), out);
}

#define MAX_ARGS 16

/* Whether an identifier of tokens [first, last] holds "work". */
static bool spells_work(const struct lexed_file *lf, size_t first, size_t last)
{
	size_t j;

	for (j = first; j <= last; j++)
		if (lf->tokens[j].kind == TOK_IDENT &&
		    memmem(lf->text + lf->tokens[j].offset, lf->tokens[j].len, "work", 4))
			return true;
	return false;
}

/* Whether identifier token at is named earlier in its function (its
 * parameters and body): a local or a parameter. */
static bool declared_before(const struct source_file *f, size_t at)
{
	const struct lexed_file *lf = &f->lex;
	const struct source_function *fn = source_function_at(f, at);
	const struct token *t = &lf->tokens[at];
	size_t j;

	for (j = fn ? fn->params_open : at; j < at; j++)
		if (lf->tokens[j].kind == TOK_IDENT && lf->tokens[j].len == t->len &&
		    !memcmp(lf->text + lf->tokens[j].offset, lf->text + t->offset, t->len))
			return true;
	return false;
}

/* An argument's item, as the index and the model name it: a member path,
 * or a variable (DECLARE_WORK's); `struct T` alone is the type of a
 * local or parameter passed whole (`gt`, `&ts`), and a bare name that
 * does not say work (`system_wq`, WQ_MEM_RECLAIM) is no item. */
static bool arg_item(const struct source_file *f, size_t first, size_t last,
		     struct item_shape *s)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	/* a macro's parameter names no item (the model passes over them) */
	for (j = first; j <= last; j++)
		if (lf->tokens[j].is_macro_param) {
			memset(s, 0, sizeof(*s));
			return false;
		}
	/* a bare name is an item through a local or parameter only (the
	 * last value stored in it), unless it says work: the look for a
	 * global's declaration, over the whole file, is spared */
	if (first == last && lf->tokens[first].kind == TOK_IDENT &&
	    !spells_work(lf, first, last) && !declared_before(f, first)) {
		memset(s, 0, sizeof(*s));
		return false;
	}
	workitem_shape(f, first, last, s);
	if (s->key && !strchr(s->key, '.') &&
	    (!strncmp(s->key, "struct ", 7) || !strchr(s->key, ' ') ||
	     (first == last && !spells_work(lf, first, last)))) {
		bool own = s->own_parameter;
		char *alias = s->alias;

		s->alias = NULL;
		item_shape_release(s);
		s->own_parameter = own;
		s->alias = alias;
	}
	return s->key || s->alias || s->own_parameter;
}

struct call_items {
	struct item_shape items[MAX_ARGS];
	size_t nr;
};

static void call_items_release(struct call_items *c)
{
	size_t k;

	for (k = 0; k < c->nr; k++)
		item_shape_release(&c->items[k]);
}

/* Whether a call names a known name among its arguments (a workqueue
 * the section allocates, a function of it). */
static bool names_known(const struct lexed_file *lf, size_t open, long close,
			const struct tie_names *known)
{
	long j;

	for (j = (long)open + 1; j < close; j++)
		if (ident_known(lf, (size_t)j, known))
			return true;
	return false;
}

static bool items_known(const struct call_items *c, const struct tie_names *known)
{
	size_t k;

	for (k = 0; k < c->nr; k++)
		if (key_known(known, c->items[k].key) || key_known(known, c->items[k].alias))
			return true;
	return false;
}

/*
 * A call of the section's file gives every name it has; another file's
 * call gives what the section's rows ask of it: a call that queues a
 * tied item through a wrapper, the wrapper's name (its definition makes
 * the queueing); a work call that names a known workqueue or function
 * (a queueing on the section's workqueue, whose items' work functions
 * the allocation's row judges), its items too, and the function it is in
 * when it queues that function's own item.
 */
static void ties_of_call(const struct source_file *f, size_t i, const struct tie_names *known,
			 struct tie_list *out)
{
	const struct lexed_file *lf = &f->lex;
	long open = token_next_code(lf, (long)i), close;
	const struct source_function *fn;
	size_t first[MAX_ARGS], last[MAX_ARGS], n, k;
	struct call_items c = { .nr = 0 };
	bool work, all, wrapper;

	if (!tok_is_punct(lf, open, "("))
		return;
	close = token_match_bracket(lf, (size_t)open);
	if (close < 0)
		return;
	work = names_work(lf, i);
	if (known && !work && !wrappers_may_name(lf, i))
		return;
	n = call_arguments(lf, (size_t)open, first, last, MAX_ARGS);
	/* a wrapper's name need not say work (foo_on_cpu(cpu, &x->work)),
	 * its item does */
	for (k = 0; k < n && k < MAX_ARGS; k++)
		if (first[k] <= last[k] &&
		    (work || (tok_is_punct(lf, (long)first[k], "&") &&
			      spells_work(lf, first[k], last[k]))) &&
		    !arg_item(f, first[k], last[k], &c.items[c.nr++]))
			item_shape_release(&c.items[--c.nr]);
	fn = source_function_at(f, i);
	all = !known || (work && names_known(lf, (size_t)open, close, known));
	wrapper = all || items_known(&c, known);
	if (wrapper && wrappers_may_name(lf, i) && !is_queue_api(lf, i))
		add_token(out, lf, (long)i);
	if (all && work && memmem(lf->text + lf->tokens[i].offset, lf->tokens[i].len,
				  "workqueue", 9))
		add_alloc_target(f, fn, i, out);
	for (k = 0; all && k < c.nr; k++) {
		tie_list_add_key(out, c.items[k].key);
		tie_list_add_key(out, c.items[k].alias);
		if (c.items[k].own_parameter && fn)
			tie_list_add(out, fn->name, strlen(fn->name));
	}
	call_items_release(&c);
}

void section_ties_of_file(const struct source_file *f, const struct work_binding *bindings,
			  size_t nr, const struct tie_names *known, struct tie_list *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct work_binding *b = &bindings[i];

		if (known && !key_known(known, b->key) &&
		    !tie_names_has(known, b->function, strlen(b->function)))
			continue;
		tie_list_add_key(out, b->key);
		tie_list_add(out, b->function, strlen(b->function));
	}
	/* a work function of the section queueing its own item, or a
	 * wrapper it defines: a static one is bound and called in its own
	 * file only, unless a header's (an inline wrapper is everyone's) or
	 * a wrapper's name (a work function of that name anywhere says it
	 * is none, workitem-wrappers.c); a macro is neither (pr_fmt()) */
	for (i = 0; !known && i < f->nr_funcs; i++)
		if (!f->funcs[i].is_macro &&
		    (!f->funcs[i].is_static || ends_with(f->path, ".h") ||
		     wrappers_may_name(lf, f->funcs[i].name_tok)))
			tie_list_add(out, f->funcs[i].name, strlen(f->funcs[i].name));
	for (i = 0; i < lf->nr_tokens; i++)
		if (lf->tokens[i].kind == TOK_IDENT)
			ties_of_call(f, i, known, out);
}
