/*
 * The statements of a work body as the body-lock reading (work-body.c)
 * walks them: where each begins and ends, and the kinds it lets pass
 * before or after the lock (declarations, the run finding its object,
 * tracepoints, prints and waits, tests that leave, work API calls) or
 * takes for the lock (the trylock forms).
 */
#include "analysis/model/work-body-priv.h"
#include "analysis/model/quiet-calls.h"
#include "analysis/model/work-api.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

bool body_is_one_of(const struct lexed_file *lf, long i, const char *const *names)
{
	for (; *names; names++)
		if (tok_is_ident(lf, i, *names))
			return true;
	return false;
}


long body_next_code(const struct source_file *f, long i)
{
	const struct lexed_file *lf = &f->lex;

	do
		i = token_next_code(lf, i);
	while (i >= 0 && (size_t)i < lf->nr_tokens && (f->dead[i] || lf->tokens[i].in_directive));
	return i;
}

/* The statements at the top level of fn's body, in order; a compound
 * statement (if/for/while with braces, a block) is one, its else part
 * included; a label is a statement of its own. */
size_t body_statements(const struct source_file *f, const struct source_function *fn,
			      struct stmt **out)
{
	const struct lexed_file *lf = &f->lex;
	struct stmt *s = NULL;
	size_t nr = 0, alloc = 0;
	long i, first = -1, close = (long)fn->body_close;
	int paren = 0, brace = 0;

	for (i = body_next_code(f, (long)fn->body_open); i >= 0 && i < close; i = body_next_code(f, i)) {
		bool end = false;

		if (first < 0)
			first = i;
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			paren++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			paren--;
		else if (tok_is_punct(lf, i, "{"))
			brace++;
		else if (tok_is_punct(lf, i, "}")) {
			long n = body_next_code(f, i);

			/* `} else`, `do { ... } while (x);`, `= { ... };` go on;
			 * a `while` after any other block starts a statement
			 * (iavf's trylock block, then `while (!mutex_trylock(...))`) */
			if (--brace == 0 && !paren &&
			    !(n >= 0 && (tok_is_ident(lf, n, "else") ||
					 (tok_is_ident(lf, n, "while") && tok_is_ident(lf, first, "do")) ||
					 tok_is_punct(lf, n, ";") || tok_is_punct(lf, n, ","))))
				end = true;
		} else if (!paren && !brace && tok_is_punct(lf, i, ";"))
			end = true;
		else if (!paren && !brace && i == first && lf->tokens[i].kind == TOK_IDENT &&
			 tok_is_punct(lf, body_next_code(f, i), ":") &&
			 !tok_is_ident(lf, i, "default")) {
			i = body_next_code(f, i);	/* a label */
			end = true;
		}
		if (end) {
			ALLOC_GROW(s, nr, alloc);
			s[nr].first = first;
			s[nr++].last = i;
			first = -1;
		}
	}
	*out = s;
	return nr;
}

static const char *const type_words[] = {
	"struct", "union", "enum", "const", "volatile", "static", "unsigned", "signed",
	"int", "long", "short", "char", "bool", "void", "u8", "u16", "u32", "u64", "s8",
	"s16", "s32", "s64", "size_t", "ssize_t", "__u32", "__u64", "DEFINE_WAIT",
	"LIST_HEAD", NULL
};

/* A declaration: a type word first, or `name *p = ...`, `name p;`. */
bool body_is_declaration(const struct source_file *f, const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first;

	if (body_is_one_of(lf, i, type_words))
		return true;
	if (lf->tokens[i].kind != TOK_IDENT)
		return false;
	i = body_next_code(f, i);
	while (i >= 0 && i <= s->last && tok_is_punct(lf, i, "*"))
		i = body_next_code(f, i);
	return i >= 0 && i < s->last && lf->tokens[i].kind == TOK_IDENT &&
	       (tok_is_punct(lf, body_next_code(f, i), "=") || tok_is_punct(lf, body_next_code(f, i), ";") ||
		tok_is_punct(lf, body_next_code(f, i), "[") || tok_is_punct(lf, body_next_code(f, i), ","));
}

static const char *const writes[] = { "=", "+=", "-=", "|=", "&=", "^=", "++", "--", "<<=",
				      ">>=", "*=", "/=", "%=", NULL };

bool body_is_write(const struct lexed_file *lf, long i)
{
	const char *const *w;

	for (w = writes; *w; w++)
		if (tok_is_punct(lf, i, *w))
			return true;
	return false;
}

/* Tokens (open, its matching ')') assign nothing: a condition that only
 * looks (it may call functions that read). */
static bool condition_only_reads(const struct source_file *f, long open, long *close)
{
	const struct lexed_file *lf = &f->lex;
	long i, end = token_match_bracket(lf, (size_t)open);

	if (end < 0)
		return false;
	for (i = open; i >= 0 && i < end; i = body_next_code(f, i))
		if (body_is_write(lf, i))
			return false;
	*close = end;
	return true;
}

static bool queueing_wrapper(const struct source_file *f, long call);

/* Statement s only queues, cancels or flushes work, and returns: `QUEUE(...);`,
 * `if (COND) QUEUE(...); else CANCEL(...);`, `if (COND) { QUEUE(...);
 * return; }`, with conditions that only look, and wrappers of f whose
 * bodies do only that (cec's cec_mod_work()). *leaves: it has a return. */
bool body_only_work_calls(const struct source_file *f, const struct stmt *s, bool wrappers,
			    bool *leaves)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first, close;

	*leaves = false;
	while (i >= 0 && i <= s->last) {
		if (tok_is_ident(lf, i, "if")) {
			long open = body_next_code(f, i);

			if (!tok_is_punct(lf, open, "(") || !condition_only_reads(f, open, &close))
				return false;
			i = body_next_code(f, close);
		} else if (tok_is_ident(lf, i, "else") || tok_is_punct(lf, i, "{") ||
			   tok_is_punct(lf, i, "}") || tok_is_punct(lf, i, ";")) {
			i = body_next_code(f, i);
		} else if (tok_is_ident(lf, i, "return")) {
			*leaves = true;
			while (i >= 0 && i <= s->last && !tok_is_punct(lf, i, ";"))
				i = body_next_code(f, i);
		} else if (lf->tokens[i].kind == TOK_IDENT &&
			   (body_is_one_of(lf, i, work_api_calls) || (wrappers && queueing_wrapper(f, i))) &&
			   tok_is_punct(lf, body_next_code(f, i), "(")) {
			close = token_match_bracket(lf, (size_t)body_next_code(f, i));
			if (close < 0 || !tok_is_punct(lf, body_next_code(f, close), ";"))
				return false;
			i = body_next_code(f, close);
		} else {
			return false;
		}
	}
	return true;
}

/* Statement s is `local = EXPR;` assigning nothing else: *name is local. */
bool body_assigns_a_local(const struct source_file *f, const struct source_function *fn,
			    const struct stmt *s, char **name)
{
	const struct lexed_file *lf = &f->lex;
	long eq = body_next_code(f, s->first), i;
	bool declared = false;

	if (lf->tokens[s->first].kind != TOK_IDENT || !tok_is_punct(lf, eq, "="))
		return false;
	for (i = body_next_code(f, eq); i >= 0 && i < s->last; i = body_next_code(f, i))
		if (body_is_write(lf, i))
			return false;
	/* declared in the body, not static: `type *name;` or `type name, ...` */
	for (i = body_next_code(f, (long)fn->body_open); i >= 0 && i < s->first && !declared;
	     i = body_next_code(f, i)) {
		long prev = token_prev_code(lf, i);

		declared = lf->tokens[i].kind == TOK_IDENT &&
			   lf->tokens[i].len == lf->tokens[s->first].len &&
			   !memcmp(lf->text + lf->tokens[i].offset, lf->text + lf->tokens[s->first].offset,
				   lf->tokens[i].len) &&
			   (lf->tokens[prev].kind == TOK_IDENT || tok_is_punct(lf, prev, "*")) &&
			   !tok_is_ident(lf, prev, "return") &&
			   (tok_is_punct(lf, body_next_code(f, i), ";") || tok_is_punct(lf, body_next_code(f, i), ",") ||
			    tok_is_punct(lf, body_next_code(f, i), "="));
	}
	if (!declared)
		return false;
	*name = tok_text(lf, (size_t)s->first);
	return true;
}

/* Statement s is a tracepoint, `trace_foo(...);`: it records, it changes
 * nothing two runs share. */
bool body_traces(const struct source_file *f, const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	const struct token *t = &lf->tokens[s->first];
	long close;

	if (t->kind != TOK_IDENT || t->len < 7 || memcmp(lf->text + t->offset, "trace_", 6) ||
	    !tok_is_punct(lf, body_next_code(f, s->first), "("))
		return false;
	close = token_match_bracket(lf, (size_t)body_next_code(f, s->first));
	return close >= 0 && body_next_code(f, close) == s->last;
}

/* Statement s changes nothing two runs share (quiet-calls.h): a print or a
 * wait, alone, under a test that writes nothing, or setting a local of fn
 * (`status = wait_event_timeout(...)`). libata's v5.15 DPRINTK()s around
 * its scan mutex; iavf_close()'s wait after its unlock. */
bool body_quiet(const struct source_file *f, const struct source_function *fn,
		  const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	char *local = NULL;

	if (quiet_statement(lf, f->dead, s->first, s->last))
		return true;
	if (!body_assigns_a_local(f, fn, s, &local))
		return false;
	free(local);
	return quiet_statement(lf, f->dead, body_next_code(f, body_next_code(f, s->first)), s->last);
}

/* Token call names a function of f whose body only computes locals and
 * queues work (cec_mod_work(): `iv = interval * HZ; mod_delayed_work(...)`). */
static bool queueing_wrapper(const struct source_file *f, long call)
{
	const struct lexed_file *lf = &f->lex;
	const struct source_function *g;
	struct stmt *s;
	char *name = tok_text(lf, (size_t)call);
	size_t nr, k;
	bool ok, queues = false;

	g = source_find_function(f, name);
	free(name);
	if (!g || g->is_macro)
		return false;
	nr = body_statements(f, g, &s);
	ok = nr > 0;
	for (k = 0; k < nr && ok; k++) {
		const struct lexed_file *l = lf;
		char *local = NULL;
		bool leaves, plain = true;
		long i;

		if (body_is_declaration(f, &s[k]))
			continue;
		if (body_assigns_a_local(f, g, &s[k], &local)) {
			for (i = s[k].first; i >= 0 && i <= s[k].last; i = body_next_code(f, i))
				plain &= !(l->tokens[i].kind == TOK_IDENT &&
					   tok_is_punct(l, body_next_code(f, i), "("));
			free(local);
			ok = plain;
			continue;
		}
		/* no wrapper of a wrapper: one level */
		ok = body_only_work_calls(f, &s[k], false, &leaves);
		queues |= ok;
	}
	free(s);
	return ok && queues;
}
/* Statement s is `local = container_of(work, ...);` (or from_work(),
 * to_delayed_work()): the run finding its object, which touches no
 * state (iwlwifi's tdls work takes its mvm so, then guard(mvm)). */
bool body_takes_its_object(const struct source_file *f, const struct stmt *s)
{
	static const char *const getters[] = { "container_of", "from_work", "to_delayed_work",
					       "from_timer", "timer_container_of", NULL };
	const struct lexed_file *lf = &f->lex;
	long eq = body_next_code(f, s->first);

	return lf->tokens[s->first].kind == TOK_IDENT && tok_is_punct(lf, eq, "=") &&
	       body_is_one_of(lf, body_next_code(f, eq), getters);
}

/* Statement s is `if (COND) return ...;` whose COND assigns nothing: a
 * look before the lock that changes no state (libata's unloading flag),
 * its return maybe after quiet statements (`{ DPRINTK(...); return; }`). */
bool body_only_tests_and_leaves(const struct source_file *f, const struct source_function *fn,
				  const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i, open = body_next_code(f, s->first), a, e;
	int depth = 0;

	if (!tok_is_ident(lf, s->first, "if") || !tok_is_punct(lf, open, "("))
		return false;
	for (i = open; i >= 0 && i <= s->last; i = body_next_code(f, i)) {
		if (tok_is_punct(lf, i, "("))
			depth++;
		else if (tok_is_punct(lf, i, ")") && --depth == 0)
			break;
		if (body_is_write(lf, i))
			return false;
	}
	if (i < 0 || i >= s->last)
		return false;
	a = body_next_code(f, i);
	if (tok_is_ident(lf, a, "return"))
		return true;
	if (!tok_is_punct(lf, a, "{") || token_match_bracket(lf, (size_t)a) != s->last)
		return false;
	for (a = body_next_code(f, a); a >= 0 && a < s->last; a = body_next_code(f, e)) {
		struct stmt one;

		for (e = a; e >= 0 && e < s->last && !tok_is_punct(lf, e, ";"); e = body_next_code(f, e))
			;
		if (e < 0 || e >= s->last)
			return false;
		if (tok_is_ident(lf, a, "return"))
			return body_next_code(f, e) == s->last;
		one.first = a;
		one.last = e;
		if (!body_quiet(f, fn, &one))
			return false;
	}
	return false;
}

/* The `)` closing the parenthesis at open, if it is one. */
static long close_of(const struct lexed_file *lf, long open)
{
	return tok_is_punct(lf, open, "(") ? token_match_bracket(lf, (size_t)open) : -1;
}

static bool is_zero(const struct lexed_file *lf, long i)
{
	return i >= 0 && lf->tokens[i].kind == TOK_NUMBER && lf->tokens[i].len == 1 &&
	       lf->text[lf->tokens[i].offset] == '0';
}

/* The return at token ret gives a failure: a constant that is not 0
 * (`return -1;`, `return -EBUSY;`, `return 1;`). */
static bool returns_failure(const struct source_file *f, long ret)
{
	const struct lexed_file *lf = &f->lex;
	long v = body_next_code(f, ret);

	if (tok_is_punct(lf, v, "-"))
		v = body_next_code(f, v);
	else if (is_zero(lf, v))
		return false;
	return v >= 0 && (lf->tokens[v].kind == TOK_NUMBER || lf->tokens[v].kind == TOK_IDENT) &&
	       tok_is_punct(lf, body_next_code(f, v), ";");
}

/* The return at token ret is `if (mutex_trylock(P)) return 0;` with P a
 * parameter of g: the success, holding the mutex it was given. */
static bool returns_holding(const struct source_file *f, const struct source_function *g,
			    long ret)
{
	const struct lexed_file *lf = &f->lex;
	long close = token_prev_code(lf, ret), inner = token_prev_code(lf, close), arg, call;

	if (!tok_is_punct(lf, close, ")") || !tok_is_punct(lf, inner, ")") ||
	    !is_zero(lf, body_next_code(f, ret)) || !tok_is_punct(lf, body_next_code(f, body_next_code(f, ret)), ";"))
		return false;
	arg = token_prev_code(lf, inner);
	call = token_prev_code(lf, token_prev_code(lf, arg));
	return tok_is_punct(lf, token_prev_code(lf, arg), "(") &&
	       tok_is_ident(lf, call, "mutex_trylock") &&
	       tok_is_punct(lf, token_prev_code(lf, call), "(") &&
	       tok_is_ident(lf, token_prev_code(lf, token_prev_code(lf, call)), "if") &&
	       parameter_index(lf, g, (size_t)arg, (size_t)arg, false) >= 0;
}

/* A function of the driver's that tries a mutex it is given, in a loop
 * with a deadline, and says 0 only when it has it (iavf_lock_timeout():
 * `if (mutex_trylock(lock)) return 0;` ... `return -1;`): every return is
 * that success or a constant failure, so a non-zero result is the
 * failure and the mutex is held otherwise. */
static bool trylock_helper(const struct source_file *f, const char *name)
{
	const struct source_function *g = source_find_function(f, name);
	const struct lexed_file *lf = &f->lex;
	bool holds = false, fails = false;
	long i;

	if (!g || g->is_macro)
		return false;
	for (i = (long)g->body_open; i >= 0 && i < (long)g->body_close; i = body_next_code(f, i)) {
		if (!tok_is_ident(lf, i, "return"))
			continue;
		if (returns_holding(f, g, i))
			holds = true;
		else if (returns_failure(f, i))
			fails = true;
		else
			return false;
	}
	return holds && fails;
}

/* Tokens (from, s->last] leave: `return ...;`, or a block that queues,
 * cancels or flushes work (the item again: "busy, try later") and
 * returns. */
static bool leaves_after(const struct source_file *f, const struct stmt *s, long from)
{
	struct stmt rest = { body_next_code(f, from), s->last };
	bool leaves = false;

	if (tok_is_ident(&f->lex, rest.first, "return"))
		return true;
	return tok_is_punct(&f->lex, rest.first, "{") && body_only_work_calls(f, &rest, true, &leaves) &&
	       leaves;
}

/* Statement s takes a mutex or leaves: `if (!mutex_trylock(&x)) return;`,
 * the same with a block that requeues the item before the return, `if
 * (helper(&x, ...)) { ... return; }` with a trylock_helper(), or `while
 * (!mutex_trylock(&x)) msleep(...);` (a spin that ends holding it: a
 * lock). *call is then the token of the call given the mutex, *spin
 * whether it is the last form. Its runs are one at a time too: the
 * second waits, or finds the mutex taken and leaves. */
bool body_trylock_or_return(const struct source_file *f, const struct stmt *s, long *call,
			      bool *spin)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first, open = body_next_code(f, i), t, close, call_close;
	bool negated, helper = false;
	char *name;

	close = close_of(lf, open);
	if (close < 0 || close >= s->last)
		return false;
	t = body_next_code(f, open);
	negated = tok_is_punct(lf, t, "!");
	if (negated)
		t = body_next_code(f, t);
	if (lf->tokens[t].kind != TOK_IDENT)
		return false;
	call_close = close_of(lf, body_next_code(f, t));
	if (call_close < 0 || body_next_code(f, call_close) != close)
		return false;
	if (!tok_is_ident(lf, t, "mutex_trylock")) {
		name = tok_text(lf, (size_t)t);
		helper = !negated && tok_is_ident(lf, i, "if") && trylock_helper(f, name);
		free(name);
		if (!helper)
			return false;
	} else if (!negated) {
		return false;
	}
	*spin = false;
	if (tok_is_ident(lf, i, "while")) {
		struct stmt body = { body_next_code(f, close), s->last };
		char *wait = lf->tokens[body.first].kind == TOK_IDENT ?
			tok_text(lf, (size_t)body.first) : NULL;
		bool ok = wait && quiet_call_name(wait) &&
			  quiet_statement(lf, f->dead, body.first, body.last);

		free(wait);
		if (!ok)
			return false;
		*spin = true;
	} else if (!tok_is_ident(lf, i, "if") || !leaves_after(f, s, close)) {
		return false;
	}
	*call = t;
	return true;
}
