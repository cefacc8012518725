#include "analysis/model/code-paths.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* Code tokens only: a #if line or a comment is not on any path. */
static long next_code(const struct source_file *f, long i)
{
	const struct lexed_file *lf = &f->lex;

	do
		i = token_next_code(lf, i);
	while (i >= 0 && (size_t)i < lf->nr_tokens && lf->tokens[i].in_directive);
	return i;
}

static long prev_code(const struct source_file *f, long i)
{
	const struct lexed_file *lf = &f->lex;

	do
		i = token_prev_code(lf, i);
	while (i >= 0 && lf->tokens[i].in_directive);
	return i;
}

static bool is_kw(const struct lexed_file *lf, long i, const char *kw)
{
	return i >= 0 && lf->tokens[i].kind == TOK_IDENT && tok_is_ident(lf, i, kw);
}

/* The bracket opening the one closed at close ( `)` `]` `}` ), or -1. */
static long match_back(const struct source_file *f, long close, long floor)
{
	const struct lexed_file *lf = &f->lex;
	const char *o = tok_is_punct(lf, close, ")") ? "(" :
			tok_is_punct(lf, close, "]") ? "[" : "{";
	const char *c = *o == '(' ? ")" : *o == '[' ? "]" : "}";
	int depth = 0;
	long i;

	for (i = close; i > floor; i = prev_code(f, i)) {
		if (tok_is_punct(lf, i, c))
			depth++;
		else if (tok_is_punct(lf, i, o) && --depth == 0)
			return i;
	}
	return -1;
}

static long match_forward(const struct lexed_file *lf, long open)
{
	return open < 0 ? -1 : token_match_bracket(lf, (size_t)open);
}

static void add_guard(const struct source_file *f, size_t first, size_t last, bool holds,
		      struct code_guards *out);

/* Splits [first, last] at its top-level `op` (&& or ||); false if none. */
static bool split_at(const struct source_file *f, size_t first, size_t last, const char *op,
		     bool holds, struct code_guards *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t i, from = first;
	int depth = 0;
	bool split = false;

	for (i = first; i <= last; i++) {
		if (tok_is_punct(lf, (long)i, "(") || tok_is_punct(lf, (long)i, "["))
			depth++;
		else if (tok_is_punct(lf, (long)i, ")") || tok_is_punct(lf, (long)i, "]"))
			depth--;
		else if (!depth && tok_is_punct(lf, (long)i, op) && i > from) {
			add_guard(f, from, i - 1, holds, out);
			from = i + 1;
			split = true;
		}
	}
	if (split && from <= last)
		add_guard(f, from, last, holds, out);
	return split;
}

static void add_guard(const struct source_file *f, size_t first, size_t last, bool holds,
		      struct code_guards *out)
{
	const struct lexed_file *lf = &f->lex;
	struct code_guard *g;

	for (;;) {
		if (first > last)
			return;
		if (tok_is_punct(lf, (long)first, "!")) {
			holds = !holds;
			first++;
		} else if (tok_is_punct(lf, (long)first, "(") &&
			   match_forward(lf, (long)first) == (long)last) {
			first++;
			last--;
		} else if (lf->tokens[first].kind == TOK_IDENT &&
			   (tok_is_ident(lf, (long)first, "likely") ||
			    tok_is_ident(lf, (long)first, "unlikely")) &&
			   match_forward(lf, (long)first + 1) == (long)last) {
			first += 2;
			last--;
		} else {
			break;
		}
	}
	/* In `a && b` both hold; past `if (a || b) return;` neither does. */
	if (split_at(f, first, last, holds ? "&&" : "||", holds, out))
		return;
	ALLOC_GROW(out->items, out->nr, out->alloc);
	g = &out->items[out->nr++];
	g->first = first;
	g->last = last;
	g->holds = holds;
	g->text = expression_text(lf, first, last);
}

/* The if whose then-part ends just before the `else` at e: its `if`
 * token, its condition's parentheses in *open, *close; -1 if not found. */
static long if_of_else(const struct source_file *f, long e, long floor, long *open, long *close)
{
	const struct lexed_file *lf = &f->lex;
	long t = prev_code(f, e), i;

	if (tok_is_punct(lf, t, "}")) {
		t = match_back(f, t, floor);
		if (t < 0)
			return -1;
		t = prev_code(f, t);
		if (!tok_is_punct(lf, t, ")"))
			return -1;
		*close = t;
		*open = match_back(f, t, floor);
		i = prev_code(f, *open);
		return *open >= 0 && is_kw(lf, i, "if") ? i : -1;
	}
	/* `if (c) x; else`: back over x to the `)` of the condition */
	for (i = prev_code(f, t); i > floor; i = prev_code(f, i)) {
		if (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "{") ||
		    tok_is_punct(lf, i, "}"))
			return -1;
		if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]")) {
			long o = match_back(f, i, floor), k;

			if (o < 0)
				return -1;
			k = prev_code(f, o);
			if (tok_is_punct(lf, i, ")") && is_kw(lf, k, "if")) {
				*open = o;
				*close = i;
				return k;
			}
			i = o;
		}
	}
	return -1;
}

/* The statement at the top level of a block ending the body of the if at
 * k (condition closing at close) leaves the function: `if (c) return;`
 * or a block whose last statement is a return, with no else. */
static bool if_returns(const struct source_file *f, long close, long limit)
{
	const struct lexed_file *lf = &f->lex;
	long body = next_code(f, close), end, last, i;

	if (body < 0 || body >= limit)
		return false;
	if (is_kw(lf, body, "return")) {
		for (end = body; end >= 0 && end < limit && !tok_is_punct(lf, end, ";");)
			end = next_code(f, end);
	} else if (tok_is_punct(lf, body, "{")) {
		end = match_forward(lf, body);
		if (end < 0 || end >= limit)
			return false;
		last = prev_code(f, end);
		if (!tok_is_punct(lf, last, ";"))
			return false;
		/* the statement the last `;` ends starts with return */
		for (i = prev_code(f, last); i > body; i = prev_code(f, i)) {
			if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]")) {
				i = match_back(f, i, body);
				if (i < 0)
					return false;
				continue;
			}
			if (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "{") ||
			    tok_is_punct(lf, i, "}"))
				break;
		}
		if (!is_kw(lf, next_code(f, i), "return"))
			return false;
	} else {
		return false;
	}
	return end >= 0 && !is_kw(lf, next_code(f, end), "else");
}

/* The early exits of the block opened at b before its statement at s:
 * past `if (c) return;` the condition is false. */
static void early_exits(const struct source_file *f, long b, long s, struct code_guards *out)
{
	const struct lexed_file *lf = &f->lex;
	int depth = 0;
	long i;

	for (i = next_code(f, b); i >= 0 && i < s; i = next_code(f, i)) {
		long prev, open, close;

		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "[") ||
		    tok_is_punct(lf, i, "{"))
			depth++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]") ||
			 tok_is_punct(lf, i, "}"))
			depth--;
		if (depth || !is_kw(lf, i, "if"))
			continue;
		prev = prev_code(f, i);
		if (!(prev == b || tok_is_punct(lf, prev, ";") || tok_is_punct(lf, prev, "}") ||
		      tok_is_punct(lf, prev, ":")))
			continue;
		open = next_code(f, i);
		close = match_forward(lf, open);
		if (!tok_is_punct(lf, open, "(") || close < 0 || close >= s)
			continue;
		if (if_returns(f, close, s) && close - open > 1)
			add_guard(f, (size_t)open + 1, (size_t)close - 1, false, out);
	}
}

static bool is_boundary(const struct source_file *f, long j)
{
	const struct lexed_file *lf = &f->lex;
	long p;

	if (tok_is_punct(lf, j, ";") || tok_is_punct(lf, j, "}"))
		return true;
	if (!tok_is_punct(lf, j, ":"))
		return false;
	/* a label or a case, not a ?: */
	p = prev_code(f, j);
	if (is_kw(lf, p, "default"))
		return true;
	if (p < 0 || lf->tokens[p].kind != TOK_IDENT)
		return false;
	p = prev_code(f, p);
	return tok_is_punct(lf, p, ";") || tok_is_punct(lf, p, "{") || tok_is_punct(lf, p, "}") ||
	       is_kw(lf, p, "case");
}

static void guards_in(const struct source_file *f, const struct source_function *fn,
		      size_t tok, struct code_guards *out)
{
	const struct lexed_file *lf = &f->lex;
	long floor = (long)fn->body_open, pos = (long)tok, j;
	int steps = 0;

	while (pos > floor && steps++ < 256) {
		long block = -1, start;

		/* back to the start of pos's statement */
		for (j = prev_code(f, pos); j > floor; j = prev_code(f, j)) {
			if (tok_is_punct(lf, j, ")") || tok_is_punct(lf, j, "]")) {
				long o = match_back(f, j, floor), k;

				if (o < 0)
					return;
				k = prev_code(f, o);
				if (tok_is_punct(lf, j, ")") && is_kw(lf, k, "if")) {
					if (j - o > 1)
						add_guard(f, (size_t)o + 1, (size_t)j - 1, true,
							  out);
					break;
				}
				if (tok_is_punct(lf, j, ")") &&
				    (is_kw(lf, k, "while") || is_kw(lf, k, "for") ||
				     is_kw(lf, k, "switch")))
					break;
				j = o;
				continue;
			}
			if (tok_is_punct(lf, j, "(") || tok_is_punct(lf, j, "["))
				break;		/* inside a condition or an argument */
			if (is_kw(lf, j, "else")) {
				long open, close, k = if_of_else(f, j, floor, &open, &close);

				if (k < 0)
					return;
				if (close - open > 1)
					add_guard(f, (size_t)open + 1, (size_t)close - 1, false,
						  out);
				j = k;
				break;
			}
			if (tok_is_punct(lf, j, "{") || is_boundary(f, j))
				break;
		}
		if (j <= floor) {
			early_exits(f, floor, pos, out);
			return;
		}
		if (!tok_is_punct(lf, j, "{") && !is_boundary(f, j)) {
			/* an if, a loop, an else or a bracket: go on from it */
			if (tok_is_punct(lf, j, ")"))
				j = match_back(f, j, floor);
			pos = j;
			continue;
		}
		start = next_code(f, j);
		/* back to the block around it */
		for (j = tok_is_punct(lf, j, "{") ? j : prev_code(f, start); j > floor;
		     j = prev_code(f, j)) {
			if (tok_is_punct(lf, j, "}") || tok_is_punct(lf, j, ")") ||
			    tok_is_punct(lf, j, "]")) {
				j = match_back(f, j, floor);
				if (j < 0)
					return;
				continue;
			}
			if (tok_is_punct(lf, j, "{")) {
				block = j;
				break;
			}
		}
		if (block < 0) {
			early_exits(f, floor, start, out);
			return;
		}
		early_exits(f, block, start, out);
		j = prev_code(f, block);
		if (tok_is_punct(lf, j, ")")) {
			long o = match_back(f, j, floor), k = prev_code(f, o);

			if (o < 0)
				return;
			if (is_kw(lf, k, "if") && j - o > 1)
				add_guard(f, (size_t)o + 1, (size_t)j - 1, true, out);
			pos = k;
		} else if (is_kw(lf, j, "else")) {
			long open, close, k = if_of_else(f, j, floor, &open, &close);

			if (k < 0)
				return;
			if (close - open > 1)
				add_guard(f, (size_t)open + 1, (size_t)close - 1, false, out);
			pos = k;
		} else {
			pos = block;
		}
	}
}

/* The one place outside its own body where f names fn (a call or a
 * callback handed over), or -1 when there are none or several. */
static long only_reference(const struct source_file *f, const struct source_function *fn)
{
	const struct lexed_file *lf = &f->lex;
	long found = -1;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		if (lf->tokens[i].kind != TOK_IDENT || i == fn->name_tok || f->dead[i] ||
		    lf->tokens[i].in_directive || !tok_is_ident(lf, (long)i, fn->name))
			continue;
		if (i > fn->body_open && i < fn->body_close)
			continue;
		/* a prototype: `name(` at file scope */
		if (!source_function_at(f, i))
			continue;
		if (found >= 0)
			return -1;
		found = (long)i;
	}
	return found;
}

void code_guards_at(const struct source_file *f, const struct source_function *fn,
		    size_t tok, bool inherit, struct code_guards *out)
{
	int level;

	if (!fn || fn->is_macro)
		return;
	guards_in(f, fn, tok, out);
	for (level = 0; inherit && level < 2 && fn->is_static; level++) {
		long ref = only_reference(f, fn);
		const struct source_function *up;

		if (ref < 0)
			return;
		up = source_function_at(f, (size_t)ref);
		if (!up || up == fn || up->is_macro)
			return;
		guards_in(f, up, (size_t)ref, out);
		fn = up;
	}
}

void code_guards_release(struct code_guards *g)
{
	size_t i;

	for (i = 0; i < g->nr; i++)
		free(g->items[i].text);
	free(g->items);
	memset(g, 0, sizeof(*g));
}

/* Calls that only let go of what the run holds, or store. */
static const char *const letting_go[] = {
	"mutex_unlock", "spin_unlock", "spin_unlock_irq", "spin_unlock_irqrestore",
	"spin_unlock_bh", "raw_spin_unlock", "raw_spin_unlock_irq",
	"raw_spin_unlock_irqrestore", "raw_spin_unlock_bh", "up", "up_read", "up_write",
	"read_unlock", "read_unlock_irq", "read_unlock_irqrestore", "read_unlock_bh",
	"write_unlock", "write_unlock_irq", "write_unlock_irqrestore", "write_unlock_bh",
	"rcu_read_unlock", "rcu_read_unlock_bh", "local_irq_restore", "local_irq_enable",
	"preempt_enable", "rtnl_unlock", "atomic_set", "atomic_set_release", "WRITE_ONCE",
	"smp_store_release", "smp_mb", "smp_wmb", "smp_mb__after_atomic",
	"smp_mb__before_atomic", "clear_bit", "clear_bit_unlock", "enable_irq",
	"pm_runtime_put", "pm_runtime_put_autosuspend", NULL
};

static bool is_one_of(const struct lexed_file *lf, long i, const char *const *names)
{
	for (; *names; names++)
		if (tok_is_ident(lf, i, *names))
			return true;
	return false;
}

/* The statement from s to its `;` only lets go: a listed call, or a
 * store whose value calls nothing. */
static bool lets_go(const struct source_file *f, long s, long *end)
{
	const struct lexed_file *lf = &f->lex;
	bool listed = is_one_of(lf, s, letting_go) && tok_is_punct(lf, next_code(f, s), "(");
	long i;

	for (i = s; i >= 0 && !tok_is_punct(lf, i, ";"); i = next_code(f, i)) {
		if (tok_is_punct(lf, i, "{") || tok_is_punct(lf, i, "}"))
			return false;
		if (listed && tok_is_punct(lf, i, "(")) {
			i = match_forward(lf, i);
			if (i < 0)
				return false;
			continue;
		}
		if (lf->tokens[i].kind == TOK_IDENT && tok_is_punct(lf, next_code(f, i), "(") &&
		    !is_kw(lf, i, "sizeof") && !(listed && i == s))
			return false;
	}
	*end = i;
	return i >= 0;
}

/* The end of the statement starting at s (its `;` or `}`), or -1. */
static long statement_end(const struct source_file *f, long s)
{
	const struct lexed_file *lf = &f->lex;

	if (tok_is_punct(lf, s, "{"))
		return match_forward(lf, s);
	if (is_kw(lf, s, "if") || is_kw(lf, s, "while") || is_kw(lf, s, "for") ||
	    is_kw(lf, s, "switch")) {
		long close = match_forward(lf, next_code(f, s)), end;

		if (close < 0)
			return -1;
		end = statement_end(f, next_code(f, close));
		if (end >= 0 && is_kw(lf, s, "if") && is_kw(lf, next_code(f, end), "else"))
			end = statement_end(f, next_code(f, next_code(f, end)));
		return end;
	}
	/* Like next_code(), a simple statement skips the # lines in it. */
	return token_statement_end(lf, s, (long)lf->nr_tokens, true);
}

/* The label name's `:` in fn, or -1. */
static long label_in(const struct source_file *f, const struct source_function *fn, long name)
{
	const struct lexed_file *lf = &f->lex;
	char *n = tok_text(lf, (size_t)name);
	long i, found = -1;

	for (i = (long)fn->body_open; i < (long)fn->body_close; i = next_code(f, i))
		if (i != name && lf->tokens[i].kind == TOK_IDENT && tok_is_ident(lf, i, n) &&
		    tok_is_punct(lf, next_code(f, i), ":") && is_boundary(f, next_code(f, i))) {
			found = next_code(f, i);
			break;
		}
	free(n);
	return found;
}

/* The header of the block whose `}` is at close: a loop's keyword, an
 * if's, or the `{` itself. */
static long block_header(const struct source_file *f, long close, long floor)
{
	const struct lexed_file *lf = &f->lex;
	long open = match_back(f, close, floor), p;

	if (open < 0)
		return -1;
	p = prev_code(f, open);
	if (is_kw(lf, p, "do") || is_kw(lf, p, "else"))
		return p;
	if (tok_is_punct(lf, p, ")")) {
		long o = match_back(f, p, floor);

		return o < 0 ? -1 : prev_code(f, o);
	}
	return open;
}

bool code_is_tail(const struct source_file *f, const struct source_function *fn, size_t tok)
{
	const struct lexed_file *lf = &f->lex;
	long i = (long)tok, floor = (long)fn->body_open;
	int steps = 0;

	if (fn->is_macro)
		return false;
	/* the end of tok's own statement */
	while (i >= 0 && i < (long)fn->body_close && !tok_is_punct(lf, i, ";")) {
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			i = match_forward(lf, i);
		if (i < 0 || tok_is_punct(lf, i, "{") || tok_is_punct(lf, i, "}"))
			return false;
		i = next_code(f, i);
	}
	if (i < 0)
		return false;
	while (steps++ < 512) {
		long end;

		i = next_code(f, i);
		if (i < 0)
			return false;
		if (i == (long)fn->body_close || is_kw(lf, i, "return"))
			return true;
		if (is_kw(lf, i, "else")) {
			/* the part not taken */
			i = statement_end(f, next_code(f, i));
			if (i < 0)
				return false;
			continue;
		}
		if (tok_is_punct(lf, i, "}")) {
			long h = block_header(f, i, floor);

			/* the end of a loop's body goes round again */
			if (h < 0 || is_kw(lf, h, "do") || is_kw(lf, h, "while") ||
			    is_kw(lf, h, "for") || is_kw(lf, h, "switch") ||
			    (lf->tokens[h].kind == TOK_IDENT && !is_kw(lf, h, "if") &&
			     !is_kw(lf, h, "else")))
				return false;
			continue;
		}
		if (tok_is_punct(lf, i, ";"))
			continue;
		if (lf->tokens[i].kind == TOK_IDENT && tok_is_punct(lf, next_code(f, i), ":") &&
		    is_boundary(f, next_code(f, i))) {
			i = next_code(f, i);
			continue;
		}
		if (is_kw(lf, i, "goto")) {
			i = label_in(f, fn, next_code(f, i));
			if (i < 0)
				return false;
			continue;
		}
		if (!lets_go(f, i, &end))
			return false;
		i = end;
	}
	return false;
}

size_t code_calls_reached(const struct source_file *f, const struct source_function *fn,
			  const char *const *names, int depth, size_t *toks,
			  const struct source_function **fns, size_t max)
{
	const struct lexed_file *lf = &f->lex;
	size_t n = 0, j;

	if (!fn || fn->is_macro || depth < 1)
		return 0;
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
		const struct source_function *callee;
		char *name;

		if (lf->tokens[j].kind != TOK_IDENT || f->dead[j] ||
		    !tok_is_punct(lf, token_next_code(lf, (long)j), "("))
			continue;
		if (is_one_of(lf, (long)j, names)) {
			if (n < max) {
				toks[n] = j;
				fns[n] = fn;
			}
			n++;
			continue;
		}
		if (depth < 2)
			continue;
		name = tok_text(lf, j);
		callee = strcmp(name, fn->name) ? source_find_function(f, name) : NULL;
		free(name);
		if (callee && !callee->is_macro) {
			size_t at = n < max ? n : max;

			n += code_calls_reached(f, callee, names, depth - 1, toks + at, fns + at,
						max - at);
		}
	}
	return n;
}

/* Every call of callee in from's body is a tail of from. */
static bool calls_are_tails(const struct source_file *f, const struct source_function *from,
			    const struct source_function *callee, bool *any)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	for (j = from->body_open; j < from->body_close && j < lf->nr_tokens; j++) {
		if (lf->tokens[j].kind != TOK_IDENT || f->dead[j] ||
		    !tok_is_ident(lf, (long)j, callee->name) ||
		    !tok_is_punct(lf, token_next_code(lf, (long)j), "("))
			continue;
		*any = true;
		if (!code_is_tail(f, from, j))
			return false;
	}
	return true;
}

bool code_tail_call_chain(const struct source_file *f, const struct source_function *fn,
			  const struct source_function *callee)
{
	const struct lexed_file *lf = &f->lex;
	bool any = false;
	size_t j;

	if (callee == fn)
		return true;
	if (!calls_are_tails(f, fn, callee, &any))
		return false;
	if (any)
		return true;
	/* one function between: fn -> mid -> callee, each call a tail */
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
		const struct source_function *mid;
		bool mid_any = false;
		char *name;

		if (lf->tokens[j].kind != TOK_IDENT ||
		    !tok_is_punct(lf, token_next_code(lf, (long)j), "("))
			continue;
		name = tok_text(lf, j);
		mid = strcmp(name, fn->name) ? source_find_function(f, name) : NULL;
		free(name);
		if (!mid || mid == callee || mid->is_macro)
			continue;
		if (!calls_are_tails(f, mid, callee, &mid_any))
			return false;
		if (mid_any)
			return code_is_tail(f, fn, j);
	}
	return false;
}

char *code_last_name(const struct lexed_file *lf, size_t first, size_t last)
{
	size_t i;

	for (i = last + 1; i-- > first;)
		if (lf->tokens[i].kind == TOK_IDENT)
			return tok_text(lf, i);
	return NULL;
}
