#include "analysis/model/init-guard.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define DEPTH_MAX 64

size_t init_guard_conditions(const struct lexed_file *lf, const struct source_function *fn,
			     size_t tok, struct guard_cond *out, size_t max)
{
	/* Per brace depth: the condition of the block opened there (if any),
	 * and the condition of the if-block that just closed there, for an
	 * `else {` that follows it. */
	struct guard_cond open[DEPTH_MAX], closed[DEPTH_MAX];
	bool has_open[DEPTH_MAX] = { 0 }, has_closed[DEPTH_MAX] = { 0 };
	long if_open = -1, if_close = -1, prev;
	int depth = 0, d;
	size_t j, nr = 0;

	if (fn->is_macro)
		return 0;
	for (j = fn->body_open + 1; j < tok && j < lf->nr_tokens; j++) {
		if (tok_is_ident(lf, (long)j, "if")) {
			long o = token_next_code(lf, (long)j);

			if (tok_is_punct(lf, o, "(")) {
				if_open = o;
				if_close = token_match_bracket(lf, (size_t)o);
			}
		} else if (tok_is_punct(lf, (long)j, "{")) {
			if (++depth >= DEPTH_MAX)
				return 0;
			has_open[depth] = false;
			prev = token_prev_code(lf, (long)j);
			if (prev >= 0 && prev == if_close && if_open >= 0 &&
			    if_close > if_open + 1) {
				open[depth].first = (size_t)if_open + 1;
				open[depth].last = (size_t)if_close - 1;
				open[depth].negated = false;
				has_open[depth] = true;
			} else if (prev >= 0 && tok_is_ident(lf, prev, "else") &&
				   has_closed[depth - 1]) {
				open[depth] = closed[depth - 1];
				open[depth].negated = !open[depth].negated;
				has_open[depth] = true;
			}
			has_closed[depth] = false;
		} else if (tok_is_punct(lf, (long)j, "}")) {
			if (depth <= 0)
				return 0;
			has_closed[depth - 1] = has_open[depth] && !open[depth].negated;
			if (has_closed[depth - 1])
				closed[depth - 1] = open[depth];
			depth--;
		}
	}
	for (d = 1; d <= depth && nr < max; d++)
		if (has_open[d])
			out[nr++] = open[d];
	/* A braceless `if (c) INIT_WORK(...)`: c is the statement's own. */
	prev = token_prev_code(lf, (long)tok);
	if (prev >= 0 && prev == if_close && if_open >= 0 && nr < max &&
	    if_close > if_open + 1) {
		out[nr].first = (size_t)if_open + 1;
		out[nr].last = (size_t)if_close - 1;
		out[nr++].negated = false;
	}
	return nr;
}

bool guard_cond_names(const struct lexed_file *lf, const struct guard_cond *c,
		      const char *ident)
{
	size_t j;

	for (j = c->first; j <= c->last && j < lf->nr_tokens; j++)
		if (tok_is_ident(lf, (long)j, ident))
			return true;
	return false;
}

/* The state a condition tests for zero: `!x`, `x == 0`, `!p->x`,
 * `p->x == 0`; its last name, or NULL. */
static char *tested_for_zero(const struct lexed_file *lf, const struct guard_cond *c,
			     bool *member)
{
	size_t a = c->first, end = c->last;
	char *zero;
	bool is_zero;

	if (c->negated)
		return NULL;
	if (tok_is_punct(lf, (long)a, "!")) {
		a = (size_t)token_next_code(lf, (long)a);
	} else {
		long op = token_prev_code(lf, (long)c->last);

		if (op < 0 || !tok_is_punct(lf, op, "=="))
			return NULL;
		zero = tok_text(lf, c->last);
		is_zero = !strcmp(zero, "0") || !strcmp(zero, "false");
		free(zero);
		if (!is_zero)
			return NULL;
		end = (size_t)token_prev_code(lf, op);
	}
	/* x, or a chain of members ending in an identifier, no calls but
	 * accessor macros: HOSTDATA(shpnt)->service */
	if (a > end || lf->tokens[end].kind != TOK_IDENT)
		return NULL;
	*member = a != end;
	if (*member && !(tok_is_punct(lf, token_prev_code(lf, (long)end), "->") ||
			 tok_is_punct(lf, token_prev_code(lf, (long)end), ".")))
		return NULL;
	return tok_text(lf, end);
}

/* `x = VALUE;` at token j (x's token): VALUE's text, or NULL. A member x
 * is matched by its name through any object, a variable only bare. */
static char *assigned_value(const struct lexed_file *lf, size_t j, bool member)
{
	long eq = token_next_code(lf, (long)j), v, end;
	long prev = token_prev_code(lf, (long)j);
	bool through = prev >= 0 && (tok_is_punct(lf, prev, "->") || tok_is_punct(lf, prev, "."));

	if (through != member || !tok_is_punct(lf, eq, "="))
		return NULL;
	v = token_next_code(lf, eq);
	end = token_next_code(lf, v);
	if (v < 0 || !tok_is_punct(lf, end, ";"))
		return NULL;
	return tok_text(lf, (size_t)v);
}

static bool is_zero_text(const char *v)
{
	return !strcmp(v, "0") || !strcmp(v, "false");
}

char *init_guard_state(const struct source_file *f, const struct source_function *fn,
		       size_t tok, bool *member, unsigned *line)
{
	const struct lexed_file *lf = &f->lex;
	struct guard_cond c[INIT_GUARD_MAX];
	size_t nr = init_guard_conditions(lf, fn, tok, c, INIT_GUARD_MAX), k, j;

	for (k = 0; k < nr; k++) {
		char *x = tested_for_zero(lf, &c[k], member);

		if (!x)
			continue;
		for (j = c[k].last; j < fn->body_close && j < lf->nr_tokens; j++) {
			char *v;

			if (!tok_is_ident(lf, (long)j, x) || !(v = assigned_value(lf, j, *member)))
				continue;
			if (!is_zero_text(v))
				*line = lf->tokens[j].line;
			free(v);
			if (*line)
				return x;
		}
		free(x);
	}
	return NULL;
}

static unsigned statements_after(const struct lexed_file *lf,
				 const struct source_function *fn, size_t j);

/* Whether the first declaration of variable x that f reaches from fn (in
 * fn's body, or at file scope) says static: `static bool x;`. */
static bool declared_static(const struct source_file *f, const struct source_function *fn,
			    const char *x)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	for (j = 0; j < fn->body_close && j < lf->nr_tokens; j++) {
		const struct source_function *in;
		long next, prev, k;

		if (lf->tokens[j].in_directive || !tok_is_ident(lf, (long)j, x))
			continue;
		in = source_function_at(f, j);
		if (in && in != fn)
			continue;
		next = token_next_code(lf, (long)j);
		prev = token_prev_code(lf, (long)j);
		if (!(tok_is_punct(lf, next, ";") || tok_is_punct(lf, next, "=") ||
		      tok_is_punct(lf, next, ",")) || prev < 0 || lf->tokens[prev].kind != TOK_IDENT ||
		    tok_is_ident(lf, prev, "return"))
			continue;
		/* a declaration `TYPE x ...`: its statement's first words */
		for (k = prev;
		     k >= 0 && !tok_is_punct(lf, k, ";") && !tok_is_punct(lf, k, "{") &&
		     !tok_is_punct(lf, k, "}");
		     k = token_prev_code(lf, k))
			if (tok_is_ident(lf, k, "static"))
				return true;
		return false;
	}
	return false;
}

char *init_guard_once(const struct source_file *f, const struct source_function *fn,
		      size_t tok, unsigned *line)
{
	bool member = false;
	unsigned after = 0;
	char *x = init_guard_state(f, fn, tok, &member, line);

	if (x && !member && declared_static(f, fn, x) && !state_reset_in(f, NULL, x, false, &after))
		return x;
	free(x);
	return NULL;
}

bool init_guard_stepping_switch(const struct lexed_file *lf, const struct source_function *fn,
				size_t tok)
{
	int depth = 0;
	long j, close, open, kw, first, last;
	bool labelled = false;

	if (fn->is_macro)
		return false;
	for (j = (long)tok - 1; j > (long)fn->body_open; j--) {
		if (tok_is_punct(lf, j, "}")) {
			depth++;
		} else if (tok_is_punct(lf, j, "{") && depth) {
			depth--;
		} else if (!depth && (tok_is_ident(lf, j, "case") ||
				      tok_is_ident(lf, j, "default"))) {
			labelled = true;
		} else if (!depth && tok_is_punct(lf, j, "{")) {
			/* a block around tok: the switch's, or one inside a
			 * case (an if's), left outwards */
			close = token_prev_code(lf, j);
			if (!tok_is_punct(lf, close, ")"))
				continue;
			for (open = close - 1; open > (long)fn->body_open; open--)
				if (tok_is_punct(lf, open, "(") &&
				    token_match_bracket(lf, (size_t)open) == close)
					break;
			kw = token_prev_code(lf, open);
			if (!tok_is_ident(lf, kw, "switch"))
				continue;
			if (!labelled)
				return false;
			first = token_next_code(lf, open);
			last = token_prev_code(lf, close);
			return tok_is_punct(lf, first, "++") || tok_is_punct(lf, last, "++");
		}
	}
	return false;
}

char *init_guard_state_per_object(const struct lexed_file *lf, const struct source_function *fn,
				  size_t tok, const char *x)
{
	struct guard_cond c[INIT_GUARD_MAX];
	size_t nr = init_guard_conditions(lf, fn, tok, c, INIT_GUARD_MAX), k, j;

	for (k = 0; k < nr; k++) {
		bool member = false;
		char *name = tested_for_zero(lf, &c[k], &member);
		size_t first = c[k].first, last = c[k].last;
		bool same = name && member && !strcmp(name, x);

		free(name);
		if (!same)
			continue;
		if (tok_is_punct(lf, (long)first, "!"))
			first = (size_t)token_next_code(lf, (long)first);
		else
			last = (size_t)token_prev_code(lf, token_prev_code(lf, (long)last));
		for (j = first; j <= last; j++)
			if (tok_is_punct(lf, (long)j, "->"))
				return expression_text(lf, first, last);
	}
	return NULL;
}


unsigned state_reset_in(const struct source_file *f, const struct source_function *fn,
			const char *x, bool member, unsigned *after)
{
	const struct lexed_file *lf = &f->lex;
	size_t j, from = fn ? fn->body_open : 0, to = fn ? fn->body_close : lf->nr_tokens;

	for (j = from; j < to && j < lf->nr_tokens; j++) {
		char *v;
		bool reset;

		if (!tok_is_ident(lf, (long)j, x) || !(v = assigned_value(lf, j, member)))
			continue;
		reset = is_zero_text(v);
		free(v);
		if (!reset)
			continue;
		if (fn)
			*after = statements_after(lf, fn, j + 1);
		return lf->tokens[j].line;
	}
	return 0;
}

unsigned init_guard_pending_test(const struct lexed_file *lf,
				 const struct source_function *fn, size_t tok)
{
	static const char *const tests[] = {
		"work_pending", "delayed_work_pending", "work_busy", NULL
	};
	struct guard_cond c[INIT_GUARD_MAX];
	size_t nr = init_guard_conditions(lf, fn, tok, c, INIT_GUARD_MAX), k;
	const char *const *t;

	for (k = 0; k < nr; k++)
		for (t = tests; *t; t++)
			if (guard_cond_names(lf, &c[k], *t))
				return lf->tokens[c[k].first].line;
	return 0;
}

static bool is_flag_name(const char *s)
{
	bool upper = false;

	for (; *s; s++) {
		if (islower((unsigned char)*s))
			return false;
		upper |= isupper((unsigned char)*s);
	}
	return upper;
}

char *init_guard_flag(const struct lexed_file *lf, const struct source_function *fn,
		      size_t tok)
{
	struct guard_cond c[INIT_GUARD_MAX];
	size_t nr = init_guard_conditions(lf, fn, tok, c, INIT_GUARD_MAX), k, j;

	for (k = 0; k < nr; k++) {
		if (c[k].negated || !tok_is_punct(lf, (long)c[k].first, "!"))
			continue;
		for (j = c[k].first; j <= c[k].last && j < lf->nr_tokens; j++) {
			long next = token_next_code(lf, (long)j), prev;
			char *name;

			if (lf->tokens[j].kind != TOK_IDENT)
				continue;
			if ((tok_is_ident(lf, (long)j, "test_bit") ||
			     tok_is_ident(lf, (long)j, "test_and_set_bit")) &&
			    tok_is_punct(lf, next, "(")) {
				long a = token_next_code(lf, next);

				if (a >= 0 && lf->tokens[a].kind == TOK_IDENT)
					return tok_text(lf, (size_t)a);
				continue;
			}
			prev = token_prev_code(lf, (long)j);
			if (!tok_is_punct(lf, prev, "&"))
				continue;
			name = tok_text(lf, j);
			if (is_flag_name(name))
				return name;
			free(name);
		}
	}
	return NULL;
}

/* Statements from token j to fn's end that do work: not a return, not an
 * unlock, not a closing brace. */
static unsigned statements_after(const struct lexed_file *lf,
				 const struct source_function *fn, size_t j)
{
	unsigned nr = 0;
	bool counted = false;

	for (; j < fn->body_close && j < lf->nr_tokens; j++) {
		if (tok_is_punct(lf, (long)j, ";") || tok_is_punct(lf, (long)j, "{") ||
		    tok_is_punct(lf, (long)j, "}")) {
			counted = false;
			continue;
		}
		if (counted || lf->tokens[j].kind != TOK_IDENT)
			continue;
		counted = true;
		if (tok_is_ident(lf, (long)j, "return") || tok_is_ident(lf, (long)j, "else")) {
			continue;
		} else {
			char *name = tok_text(lf, j);
			bool quiet = strstr(name, "unlock") || strstr(name, "wake_up") ||
				     strstr(name, "put");

			free(name);
			if (!quiet)
				nr++;
		}
	}
	return nr;
}

unsigned flag_cleared_in(const struct lexed_file *lf, const struct source_function *fn,
			 const char *flag, unsigned *before_end)
{
	unsigned line;
	size_t j;

	if (fn->is_macro)
		return 0;
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
		long prev, prev2;

		if (!tok_is_ident(lf, (long)j, flag))
			continue;
		prev = token_prev_code(lf, (long)j);
		prev2 = token_prev_code(lf, prev);
		if (tok_is_punct(lf, prev, "(") && prev2 >= 0 &&
		    (tok_is_ident(lf, prev2, "clear_bit") ||
		     tok_is_ident(lf, prev2, "clear_bit_unlock") ||
		     tok_is_ident(lf, prev2, "test_and_clear_bit")))
			goto found;
		if (tok_is_punct(lf, prev, "(") && tok_is_punct(lf, prev2, "~"))
			prev = prev2;
		if (tok_is_punct(lf, prev, "~") &&
		    tok_is_punct(lf, token_prev_code(lf, prev), "&="))
			goto found;
		continue;
found:
		line = lf->tokens[j].line;
		for (; j < fn->body_close && !tok_is_punct(lf, (long)j, ";"); j++)
			;
		*before_end = statements_after(lf, fn, j + 1);
		return line;
	}
	return 0;
}
