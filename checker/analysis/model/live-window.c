#include "analysis/model/live-window.h"
#include "analysis/model/code-paths.h"
#include "analysis/model/workitem-context.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CALLS 16

static const char *const disabling[] = {
	"disable_irq", "disable_irq_nosync", NULL
};

static const char *const enabling[] = {
	"enable_irq", NULL
};

/* Every guard of d is one of q's: d is on q's path. */
static bool guards_within(const struct code_guards *d, const struct code_guards *q)
{
	size_t i, j;

	for (i = 0; i < d->nr; i++) {
		for (j = 0; j < q->nr; j++)
			if (d->items[i].holds == q->items[j].holds &&
			    !strcmp(d->items[i].text, q->items[j].text))
				break;
		if (j == q->nr)
			return false;
	}
	return true;
}

/* A label between from and to: a goto may join the path past from. */
static bool label_between(const struct source_file *f, size_t from, size_t to)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = from + 1; i + 1 < to; i++) {
		long n, p;

		if (lf->tokens[i].kind != TOK_IDENT || tok_is_ident(lf, (long)i, "default"))
			continue;
		n = token_next_code(lf, (long)i);
		p = token_prev_code(lf, (long)i);
		if (tok_is_punct(lf, n, ":") &&
		    (tok_is_punct(lf, p, ";") || tok_is_punct(lf, p, "{") ||
		     tok_is_punct(lf, p, "}")))
			return true;
	}
	return false;
}

static char *first_argument_text(const struct lexed_file *lf, size_t call, size_t *first,
				 size_t *last)
{
	long open = token_next_code(lf, (long)call);

	if (!tok_is_punct(lf, open, "(") || call_arguments(lf, (size_t)open, first, last, 1) < 1 ||
	    *first > *last)
		return NULL;
	return expression_text(lf, *first, *last);
}

/* The IRQ an enable_irq() at call turns on is the one disabled: the same
 * last name (`c_data->throttle_irq`, `data->throttle_irq`), or any when
 * the handler disabled its own `irq` parameter. */
static bool same_irq(const struct lexed_file *lf, size_t call, const char *disabled_name)
{
	size_t first, last;
	char *text = first_argument_text(lf, call, &first, &last), *name;
	bool same;

	if (!text)
		return false;
	free(text);
	if (!disabled_name)
		return true;
	name = code_last_name(lf, first, last);
	same = name && !strcmp(name, disabled_name);
	free(name);
	return same;
}

/* The definition of b's work function: beside its binding, or in file
 * (a driver may bind in one file what another defines). */
static const struct source_function *work_function_of(const struct workitem_model *m,
						      const struct work_binding *b,
						      const char *file, struct source_file **in)
{
	const struct source_function *w = NULL;

	*in = source_get(&m->a->sc, b->file);
	if (*in)
		w = source_find_function(*in, b->function);
	if (!w && file) {
		*in = source_get(&m->a->sc, file);
		if (*in)
			w = source_find_function(*in, b->function);
	}
	return w;
}

/* Every work function of the item turns the IRQ on only as a tail, and
 * at least one does. */
static bool enabled_only_leaving(const struct workitem_model *m, const struct work_item *it,
				 const char *file, const char *disabled_name)
{
	struct work_binding *const *b;
	size_t nr = 0, i, k, n;
	bool any = false;

	b = workitem_index_lookup(&m->a->idx, it->key, &nr);
	for (i = 0; i < nr; i++) {
		struct source_file *f;
		const struct source_function *w = work_function_of(m, b[i], file, &f);
		const struct source_function *fns[MAX_CALLS];
		size_t toks[MAX_CALLS];

		if (!w)
			return false;
		n = code_calls_reached(f, w, enabling, 3, toks, fns, MAX_CALLS);
		if (n > MAX_CALLS)
			return false;
		for (k = 0; k < n; k++) {
			if (!same_irq(&f->lex, toks[k], disabled_name))
				continue;
			if (!code_is_tail(f, fns[k], toks[k]) ||
			    !code_tail_call_chain(f, w, fns[k]))
				return false;
			any = true;
		}
	}
	return any;
}

bool queueing_source_off_while_live(const struct workitem_model *m, const struct work_item *it,
				    const struct queueing *q, char **irq)
{
	const struct lexed_file *lf;
	struct code_guards at_q = { 0 };
	struct code_place p;
	bool off = false;
	size_t j;

	*irq = NULL;
	if (!code_place_at(m, q->file, q->line, q->column, &p) || !p.fn || p.fn->is_macro)
		return false;
	lf = &p.f->lex;
	code_guards_at(p.f, p.fn, p.tok, false, &at_q);
	for (j = p.fn->body_open; j < p.tok && !off; j++) {
		struct code_guards at_d = { 0 };
		size_t first, last;
		char *text, *name = NULL;

		if (lf->tokens[j].kind != TOK_IDENT || p.f->dead[j] ||
		    !(tok_is_ident(lf, (long)j, disabling[0]) ||
		      tok_is_ident(lf, (long)j, disabling[1])) ||
		    label_between(p.f, j, p.tok))
			continue;
		text = first_argument_text(lf, j, &first, &last);
		if (!text)
			continue;
		/* the handler's own irq parameter is whatever IRQ it serves */
		if (parameter_index(lf, p.fn, first, last, false) < 0)
			name = code_last_name(lf, first, last);
		code_guards_at(p.f, p.fn, j, false, &at_d);
		off = guards_within(&at_d, &at_q) && enabled_only_leaving(m, it, q->file, name);
		code_guards_release(&at_d);
		if (off)
			*irq = xstrdup(text);
		free(text);
		free(name);
	}
	code_guards_release(&at_q);
	return off;
}

/* Whether every use of function name in f (static, used at least once)
 * is inside w or inside a function that is, levels deep. */
static bool only_inside(const struct source_file *f, const struct source_function *w,
			const char *name, int levels)
{
	const struct lexed_file *lf = &f->lex;
	const struct source_function *fn;
	bool any = false;
	size_t i;

	if (!strcmp(name, w->name))
		return true;
	fn = source_find_function(f, name);
	if (levels <= 0 || !fn || !fn->is_static)
		return false;
	for (i = 0; i < lf->nr_tokens; i++) {
		const struct source_function *in;

		if (lf->tokens[i].kind != TOK_IDENT || i == fn->name_tok || f->dead[i] ||
		    lf->tokens[i].in_directive || !tok_is_ident(lf, (long)i, name))
			continue;
		in = source_function_at(f, i);
		if (!in)
			continue;	/* a prototype */
		if (in == fn || !only_inside(f, w, in->name, levels - 1))
			return false;
		any = true;
	}
	return any;
}

bool queueing_inside_run(const struct workitem_model *m, const struct work_item *it,
			 const struct queueing *q)
{
	struct work_binding *const *b;
	size_t nr = 0, i;

	if (!q->caller)
		return false;
	b = workitem_index_lookup(&m->a->idx, it->key, &nr);
	for (i = 0; i < nr; i++) {
		struct source_file *f;
		const struct source_function *w = work_function_of(m, b[i], q->file, &f);

		if (w && !strcmp(f->path, q->file) && only_inside(f, w, q->caller, 2))
			return true;
	}
	return false;
}

bool queueing_after_idle(const struct workitem_model *m, const struct work_item *it,
			 const struct queueing *q)
{
	struct code_place p;

	return code_place_at(m, q->file, q->line, q->column, &p) && p.fn &&
	       made_idle_before(m, it->key, &p, q->line, q->item_text);
}
