#include "analysis/model/func-swap.h"

#include <stdlib.h>
#include <string.h>

/* The lvalue before the `=` at eq (`rps->work.func`), or NULL. */
static char *lvalue_before(const struct lexed_file *lf, long eq)
{
	long end = token_prev_code(lf, eq), j = end, prev;

	if (end < 0 || lf->tokens[end].kind != TOK_IDENT)
		return NULL;
	while ((prev = token_prev_code(lf, j)) >= 0 &&
	       (lf->tokens[prev].kind == TOK_IDENT || tok_is_punct(lf, prev, "->") ||
		tok_is_punct(lf, prev, ".")))
		j = prev;
	if (lf->tokens[j].kind != TOK_IDENT)
		return NULL;
	return expression_text(lf, (size_t)j, (size_t)end);
}

/* The statement's right side from `=` at eq to its ';', or NULL. */
static char *rvalue_after(const struct lexed_file *lf, long eq, long stop)
{
	long from = token_next_code(lf, eq), end = from;

	while (end >= 0 && end < stop && !tok_is_punct(lf, end, ";"))
		end = token_next_code(lf, end);
	if (from < 0 || end < 0 || end >= stop || end == from)
		return NULL;
	return expression_text(lf, (size_t)from, (size_t)token_prev_code(lf, end));
}

/* A function of f whose body holds no code at all. */
static bool empty_function(const struct source_file *f, const char *name)
{
	const struct source_function *s = source_find_function(f, name);

	return s && !s->is_macro &&
	       token_next_code(&f->lex, (long)s->body_open) == (long)s->body_close;
}

struct swap {
	char *lvalue;		/* the item's `.func` as written */
	char *saved;		/* the local it is saved in */
	char *stub;
	long save_at, first_stub_at, last_store_at;
	bool restored_last, other;
};

/* Each `=` of fn's body: the save into a local, a store of the stub or
 * of the saved value, anything else. */
static void read_store(const struct source_file *f, const struct source_function *fn,
		       long eq, struct swap *s)
{
	const struct lexed_file *lf = &f->lex;
	long prev = token_prev_code(lf, eq);
	char *lv = lvalue_before(lf, eq), *rv = rvalue_after(lf, eq, (long)fn->body_close);

	if (!lv || !rv)
		goto out;
	if (!strcmp(rv, s->lvalue) && !strchr(lv, '.') && !strchr(lv, '-') &&
	    !tok_is_punct(lf, token_prev_code(lf, prev), "->") &&
	    !tok_is_punct(lf, token_prev_code(lf, prev), ".")) {
		if (s->saved && strcmp(s->saved, lv))
			s->other = true;
		free(s->saved);
		s->saved = lv;
		lv = NULL;
		if (s->save_at < 0)
			s->save_at = eq;
		goto out;
	}
	if (strcmp(lv, s->lvalue))
		goto out;
	s->last_store_at = eq;
	if (s->saved && !strcmp(rv, s->saved)) {
		s->restored_last = true;
		goto out;
	}
	s->restored_last = false;
	if (!s->stub && empty_function(f, rv)) {
		s->stub = rv;
		rv = NULL;
		s->first_stub_at = eq;
	} else if (!s->stub || strcmp(s->stub, rv)) {
		s->other = true;
	}
out:
	free(lv);
	free(rv);
}

bool func_swapped_for_stub(const struct source_file *f, const struct source_function *fn,
			   size_t tok)
{
	const struct lexed_file *lf = &f->lex;
	struct swap s = { .save_at = -1, .first_stub_at = -1, .last_store_at = -1 };
	long eq = (long)tok, i;
	bool yes;
	int n;

	if (!fn || fn->is_macro)
		return false;
	for (n = 0; n < 4 && eq >= 0 && !tok_is_punct(lf, eq, "="); n++)
		eq = token_next_code(lf, eq);
	if (eq < 0 || !tok_is_punct(lf, eq, "=") || !(s.lvalue = lvalue_before(lf, eq)))
		return false;
	for (i = (long)fn->body_open; i >= 0 && i < (long)fn->body_close && !s.other;
	     i = token_next_code(lf, i))
		if (tok_is_punct(lf, i, "="))
			read_store(f, fn, i, &s);
	yes = !s.other && s.saved && s.stub && s.save_at < s.first_stub_at &&
	      s.restored_last && s.last_store_at > s.first_stub_at;
	free(s.lvalue);
	free(s.saved);
	free(s.stub);
	return yes;
}
