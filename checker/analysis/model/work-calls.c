#include "analysis/model/work-calls.h"
#include "analysis/model/init-guard.h"
#include "analysis/model/workitem-context.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define NAMES_MAX 32
#define ARGS_MAX 8

struct names {
	char *v[NAMES_MAX];
	size_t nr;
};

static bool names_has(const struct names *n, const char *s)
{
	size_t i;

	for (i = 0; i < n->nr; i++)
		if (!strcmp(n->v[i], s))
			return true;
	return false;
}

static void names_add(struct names *n, char *s)
{
	if (n->nr < NAMES_MAX && !names_has(n, s))
		n->v[n->nr++] = s;
	else
		free(s);
}

static void names_release(struct names *n)
{
	while (n->nr)
		free(n->v[--n->nr]);
}

/* Whether tokens [first, last] name one of n. */
static bool mentions(const struct lexed_file *lf, size_t first, size_t last,
		     const struct names *n)
{
	size_t j, i;

	for (j = first; j <= last && j < lf->nr_tokens; j++)
		if (lf->tokens[j].kind == TOK_IDENT)
			for (i = 0; i < n->nr; i++)
				if (tok_is_ident(lf, (long)j, n->v[i]))
					return true;
	return false;
}

/* Adds to n every variable of fn assigned from an expression that names
 * one of n already (`ev = container_of(work, ...)`, `pd = video->pd`):
 * the names that hold what the first ones lead to. Two passes take an
 * assignment that comes before the one it depends on. */
static void derive(const struct lexed_file *lf, const struct source_function *fn,
		   struct names *n)
{
	int pass;
	size_t j;

	for (pass = 0; pass < 2; pass++)
		for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
			long eq = token_next_code(lf, (long)j), prev;
			size_t end;

			if (lf->tokens[j].kind != TOK_IDENT || !tok_is_punct(lf, eq, "="))
				continue;
			prev = token_prev_code(lf, (long)j);
			if (tok_is_punct(lf, prev, "->") || tok_is_punct(lf, prev, "."))
				continue;
			for (end = (size_t)eq + 1; end < fn->body_close &&
			     !tok_is_punct(lf, (long)end, ";"); end++)
				;
			if (mentions(lf, (size_t)eq + 1, end - 1, n))
				names_add(n, tok_text(lf, j));
		}
}

/* The names of fn's parameters, one per position. */
static size_t parameter_names(const struct lexed_file *lf, const struct source_function *fn,
			      char **out, size_t max)
{
	size_t j, nr = 0;
	long last_ident = -1;
	int depth = 0;

	for (j = fn->params_open + 1; j <= fn->params_close && j < lf->nr_tokens; j++) {
		bool end = j == fn->params_close ||
			   (!depth && tok_is_punct(lf, (long)j, ","));

		if (end) {
			if (nr < max)
				out[nr++] = last_ident >= 0 ? tok_text(lf, (size_t)last_ident) :
							      NULL;
			last_ident = -1;
		} else if (tok_is_punct(lf, (long)j, "(") || tok_is_punct(lf, (long)j, "[")) {
			depth++;
		} else if (tok_is_punct(lf, (long)j, ")") || tok_is_punct(lf, (long)j, "]")) {
			depth--;
		} else if (!depth && lf->tokens[j].kind == TOK_IDENT) {
			last_ident = (long)j;
		}
	}
	return nr;
}

static bool is_constant(const char *v)
{
	const char *s = v;

	if (!strcmp(v, "true") || !strcmp(v, "false") || !strcmp(v, "NULL"))
		return true;
	if (isdigit((unsigned char)*v))
		return true;
	for (; *s; s++)
		if (islower((unsigned char)*s))
			return false;
	return *v && !isdigit((unsigned char)*v);
}

/* -1 unknown, 0 false, 1 true */
static int truth(const char *v)
{
	if (!strcmp(v, "false") || !strcmp(v, "0") || !strcmp(v, "NULL"))
		return 0;
	if (!strcmp(v, "true") || (isdigit((unsigned char)*v) && strcmp(v, "0")))
		return 1;
	return -1;
}

/* The value of one term of a condition, [a, b], when param is value. */
static int term_value(const struct lexed_file *lf, size_t a, size_t b,
		      const char *param, const char *value)
{
	long op;
	char *other;
	int r, t;

	if (a == b && tok_is_ident(lf, (long)a, param))
		return truth(value);
	if (tok_is_punct(lf, (long)a, "!") && token_next_code(lf, (long)a) == (long)b &&
	    tok_is_ident(lf, (long)b, param))
		return (t = truth(value)) < 0 ? -1 : !t;
	op = token_next_code(lf, (long)a);
	if (!tok_is_ident(lf, (long)a, param) || token_next_code(lf, op) != (long)b ||
	    !(tok_is_punct(lf, op, "==") || tok_is_punct(lf, op, "!=")))
		return -1;
	other = tok_text(lf, b);
	if (!strcmp(other, value))
		r = 1;
	else if (is_constant(other) && is_constant(value))
		r = 0;
	else
		r = -1;
	free(other);
	if (r >= 0 && tok_is_punct(lf, op, "!="))
		r = !r;
	return r;
}

/* The value of condition c when param is value: -1 when it cannot tell. */
static int cond_value(const struct lexed_file *lf, const struct guard_cond *c,
		      const char *param, const char *value)
{
	size_t j, start = c->first;
	int depth = 0, all = 1;

	for (j = c->first; j <= c->last + 1; j++) {
		bool end = j == c->last + 1;

		if (!end && (tok_is_punct(lf, (long)j, "(") || tok_is_punct(lf, (long)j, "[")))
			depth++;
		else if (!end && (tok_is_punct(lf, (long)j, ")") ||
				  tok_is_punct(lf, (long)j, "]")))
			depth--;
		else if (!end && !depth && tok_is_punct(lf, (long)j, "||"))
			return -1;
		if (end || (!depth && tok_is_punct(lf, (long)j, "&&"))) {
			int v = j > start ? term_value(lf, start, j - 1, param, value) : -1;

			if (v == 0)
				return 0;
			if (v < 0)
				all = -1;
			start = j + 1;
		}
	}
	return all;
}

bool work_call_read(const struct source_file *f, const struct source_function *w,
		    const struct source_function *callee, size_t init_tok,
		    const char *item_text, struct work_call *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t first[ARGS_MAX], last[ARGS_MAX], nr_args = 0, nr_params, j, k;
	char *params[ARGS_MAX] = { 0 };
	struct guard_cond conds[INIT_GUARD_MAX];
	size_t nr_conds;
	char *base;
	long open = -1;

	memset(out, 0, sizeof(*out));
	if (w->is_macro || callee->is_macro)
		return false;
	for (j = w->body_open; j < w->body_close && j < lf->nr_tokens; j++) {
		open = token_next_code(lf, (long)j);
		if (tok_is_ident(lf, (long)j, callee->name) && tok_is_punct(lf, open, "(")) {
			out->line = lf->tokens[j].line;
			nr_args = call_arguments(lf, (size_t)open, first, last, ARGS_MAX);
			break;
		}
	}
	if (!out->line)
		return false;
	nr_params = parameter_names(lf, callee, params, ARGS_MAX);
	base = item_text ? item_base_name(item_text) : NULL;
	/* Which parameter of the callee the item comes from, and does the
	 * work function give it something its own work_struct leads to? */
	for (k = 0; base && k < nr_params && k < nr_args && !out->own_item; k++) {
		struct names from_param = { 0 }, from_work = { 0 };
		char *wparams[ARGS_MAX] = { 0 };
		size_t nr_w, i;

		if (!params[k])
			continue;
		names_add(&from_param, xstrdup(params[k]));
		derive(lf, callee, &from_param);
		if (names_has(&from_param, base)) {
			nr_w = parameter_names(lf, w, wparams, ARGS_MAX);
			if (nr_w && wparams[0]) {
				names_add(&from_work, xstrdup(wparams[0]));
				derive(lf, w, &from_work);
				out->own_item = mentions(lf, first[k], last[k], &from_work);
			}
			for (i = 0; i < nr_w; i++)
				free(wparams[i]);
		}
		names_release(&from_param);
		names_release(&from_work);
	}
	/* An item of file scope is the one item whoever calls. */
	if (base && !out->own_item) {
		bool declared = false;

		for (k = 0; k < nr_params; k++)
			declared |= params[k] && !strcmp(params[k], base);
		for (j = callee->body_open; !declared && j < init_tok; j++)
			declared = tok_is_ident(lf, (long)j, base) &&
				   tok_is_punct(lf, token_next_code(lf, (long)j), "=");
		out->own_item = !declared && !strchr(item_text, '>') &&
				!strchr(item_text, '.');
	}
	free(base);
	/* A condition around the INIT on a parameter given a constant. */
	nr_conds = init_guard_conditions(lf, callee, init_tok, conds, INIT_GUARD_MAX);
	for (k = 0; k < nr_params && k < nr_args && !out->not_taken; k++) {
		char *value;
		size_t c;

		if (!params[k] || first[k] != last[k])
			continue;
		value = tok_text(lf, first[k]);
		if (!is_constant(value)) {
			free(value);
			continue;
		}
		for (c = 0; c < nr_conds; c++) {
			int v;

			if (!guard_cond_names(lf, &conds[c], params[k]))
				continue;
			v = cond_value(lf, &conds[c], params[k], value);
			if (v >= 0 && v == (int)conds[c].negated) {
				out->not_taken = true;
				out->param = xstrdup(params[k]);
				out->value = xstrdup(value);
				break;
			}
		}
		free(value);
	}
	for (k = 0; k < nr_params; k++)
		free(params[k]);
	return true;
}

void work_call_release(struct work_call *c)
{
	free(c->param);
	free(c->value);
	memset(c, 0, sizeof(*c));
}
