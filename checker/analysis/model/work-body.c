#include "analysis/model/work-body.h"
#include "analysis/model/lock-calls.h"
#include "analysis/model/quiet-calls.h"
#include "analysis/model/work-api.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The guard classes of <linux/cleanup.h> users that exclude each other. */
static const char *const exclusive_guards[] = {
	"mutex", "spinlock", "spinlock_irq", "spinlock_irqsave", "spinlock_bh",
	"raw_spinlock", "raw_spinlock_irq", "raw_spinlock_irqsave", "rwsem_write",
	"write_lock", "write_lock_irq", "write_lock_irqsave", NULL
};




static bool is_one_of(const struct lexed_file *lf, long i, const char *const *names)
{
	for (; *names; names++)
		if (tok_is_ident(lf, i, *names))
			return true;
	return false;
}

/* One statement of a body: its first and last code tokens. */
struct stmt {
	long first, last;
};

static long next_code(const struct source_file *f, long i)
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
static size_t body_statements(const struct source_file *f, const struct source_function *fn,
			      struct stmt **out)
{
	const struct lexed_file *lf = &f->lex;
	struct stmt *s = NULL;
	size_t nr = 0, alloc = 0;
	long i, first = -1, close = (long)fn->body_close;
	int paren = 0, brace = 0;

	for (i = next_code(f, (long)fn->body_open); i >= 0 && i < close; i = next_code(f, i)) {
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
			long n = next_code(f, i);

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
			 tok_is_punct(lf, next_code(f, i), ":") &&
			 !tok_is_ident(lf, i, "default")) {
			i = next_code(f, i);	/* a label */
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
static bool is_declaration(const struct source_file *f, const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first;

	if (is_one_of(lf, i, type_words))
		return true;
	if (lf->tokens[i].kind != TOK_IDENT)
		return false;
	i = next_code(f, i);
	while (i >= 0 && i <= s->last && tok_is_punct(lf, i, "*"))
		i = next_code(f, i);
	return i >= 0 && i < s->last && lf->tokens[i].kind == TOK_IDENT &&
	       (tok_is_punct(lf, next_code(f, i), "=") || tok_is_punct(lf, next_code(f, i), ";") ||
		tok_is_punct(lf, next_code(f, i), "[") || tok_is_punct(lf, next_code(f, i), ","));
}

/* The text of argument k of the call whose name is token i, or NULL. */
static char *argument_text(const struct lexed_file *lf, long i, size_t k)
{
	size_t first[4], last[4];
	long open = token_next_code(lf, i);

	if (!tok_is_punct(lf, open, "(") || call_arguments(lf, (size_t)open, first, last, 4) <= k ||
	    first[k] > last[k])
		return NULL;
	return expression_text(lf, first[k], last[k]);
}

/* How the body's lock is given back: one of lock_releases, or the helper
 * paired with the lock helper that took it (namespace_unlock()). */
struct release {
	const char *helper;	/* NULL: one of lock_releases */
	const char *lock;	/* the argument as written; NULL: none */
};

static bool is_release_call(const struct lexed_file *lf, long i, const struct release *r)
{
	return r->helper ? tok_is_ident(lf, i, r->helper) : is_one_of(lf, i, lock_releases);
}

/* Statement s is `RELEASE(lock...);` of the lock named by r->lock. */
static bool releases_lock(const struct source_file *f, const struct stmt *s,
			  const struct release *r)
{
	const struct lexed_file *lf = &f->lex;
	char *arg;
	bool same;

	if (!is_release_call(lf, s->first, r))
		return false;
	arg = argument_text(lf, s->first, 0);
	same = r->lock ? arg && !strcmp(arg, r->lock) : !arg;
	free(arg);
	return same;
}

/* Every other release of the lock in [from, to] is followed by a return
 * or a goto: the lock is given back only on the way out. */
static bool released_only_leaving(const struct source_file *f, const struct release *r,
				  long from, long to)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = from; i >= 0 && i <= to; i = next_code(f, i)) {
		struct stmt s;
		long semi, after;

		if (!is_release_call(lf, i, r))
			continue;
		s.first = i;
		for (semi = i; semi >= 0 && semi <= to && !tok_is_punct(lf, semi, ";");)
			semi = next_code(f, semi);
		s.last = semi;
		if (!releases_lock(f, &s, r))
			continue;
		after = next_code(f, semi);
		if (!(tok_is_ident(lf, after, "return") || tok_is_ident(lf, after, "goto")))
			return false;
	}
	return true;
}

static const char *const writes[] = { "=", "+=", "-=", "|=", "&=", "^=", "++", "--", "<<=",
				      ">>=", "*=", "/=", "%=", NULL };

static bool is_write(const struct lexed_file *lf, long i)
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
	for (i = open; i >= 0 && i < end; i = next_code(f, i))
		if (is_write(lf, i))
			return false;
	*close = end;
	return true;
}

static bool queueing_wrapper(const struct source_file *f, long call);

/* Statement s only queues, cancels or flushes work, and returns: `QUEUE(...);`,
 * `if (COND) QUEUE(...); else CANCEL(...);`, `if (COND) { QUEUE(...);
 * return; }`, with conditions that only look, and wrappers of f whose
 * bodies do only that (cec's cec_mod_work()). *leaves: it has a return. */
static bool only_work_calls(const struct source_file *f, const struct stmt *s, bool wrappers,
			    bool *leaves)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first, close;

	*leaves = false;
	while (i >= 0 && i <= s->last) {
		if (tok_is_ident(lf, i, "if")) {
			long open = next_code(f, i);

			if (!tok_is_punct(lf, open, "(") || !condition_only_reads(f, open, &close))
				return false;
			i = next_code(f, close);
		} else if (tok_is_ident(lf, i, "else") || tok_is_punct(lf, i, "{") ||
			   tok_is_punct(lf, i, "}") || tok_is_punct(lf, i, ";")) {
			i = next_code(f, i);
		} else if (tok_is_ident(lf, i, "return")) {
			*leaves = true;
			while (i >= 0 && i <= s->last && !tok_is_punct(lf, i, ";"))
				i = next_code(f, i);
		} else if (lf->tokens[i].kind == TOK_IDENT &&
			   (is_one_of(lf, i, work_api_calls) || (wrappers && queueing_wrapper(f, i))) &&
			   tok_is_punct(lf, next_code(f, i), "(")) {
			close = token_match_bracket(lf, (size_t)next_code(f, i));
			if (close < 0 || !tok_is_punct(lf, next_code(f, close), ";"))
				return false;
			i = next_code(f, close);
		} else {
			return false;
		}
	}
	return true;
}

/* Statement s is `local = EXPR;` assigning nothing else: *name is local. */
static bool assigns_a_local(const struct source_file *f, const struct source_function *fn,
			    const struct stmt *s, char **name)
{
	const struct lexed_file *lf = &f->lex;
	long eq = next_code(f, s->first), i;
	bool declared = false;

	if (lf->tokens[s->first].kind != TOK_IDENT || !tok_is_punct(lf, eq, "="))
		return false;
	for (i = next_code(f, eq); i >= 0 && i < s->last; i = next_code(f, i))
		if (is_write(lf, i))
			return false;
	/* declared in the body, not static: `type *name;` or `type name, ...` */
	for (i = next_code(f, (long)fn->body_open); i >= 0 && i < s->first && !declared;
	     i = next_code(f, i)) {
		long prev = token_prev_code(lf, i);

		declared = lf->tokens[i].kind == TOK_IDENT &&
			   lf->tokens[i].len == lf->tokens[s->first].len &&
			   !memcmp(lf->text + lf->tokens[i].offset, lf->text + lf->tokens[s->first].offset,
				   lf->tokens[i].len) &&
			   (lf->tokens[prev].kind == TOK_IDENT || tok_is_punct(lf, prev, "*")) &&
			   !tok_is_ident(lf, prev, "return") &&
			   (tok_is_punct(lf, next_code(f, i), ";") || tok_is_punct(lf, next_code(f, i), ",") ||
			    tok_is_punct(lf, next_code(f, i), "="));
	}
	if (!declared)
		return false;
	*name = tok_text(lf, (size_t)s->first);
	return true;
}

/* fn only gives back a value: `return EXPR;` that assigns nothing (an
 * accessor such as snd_soc_card_to_dapm()). */
static bool is_accessor(const struct source_file *f, const struct source_function *fn)
{
	const struct lexed_file *lf = &f->lex;
	long i = next_code(f, (long)fn->body_open);

	if (fn->is_macro || !tok_is_ident(lf, i, "return"))
		return false;
	for (; i >= 0 && i < (long)fn->body_close; i = next_code(f, i)) {
		if (is_write(lf, i))
			return false;
		if (tok_is_punct(lf, i, ";"))
			return next_code(f, i) == (long)fn->body_close;
	}
	return false;
}

/* The calls of statement s (from its first token) are accessors: the
 * kernel's conversions (to_*(), *_to_*(), named so by convention, as
 * container_of() wrappers are), or functions whose body is one return. */
static bool calls_only_accessors(const struct lock_reader *r, const struct source_file *f,
				 const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = s->first; i >= 0 && i <= s->last; i = next_code(f, i)) {
		const struct source_function *g;
		struct source_file *w = NULL;
		char *name;
		bool ok;

		if (lf->tokens[i].kind != TOK_IDENT || !tok_is_punct(lf, next_code(f, i), "("))
			continue;
		name = tok_text(lf, (size_t)i);
		ok = !strncmp(name, "to_", 3) || strstr(name, "_to_");
		if (!ok) {
			g = lock_reader_resolve(r, f, name, &w);
			ok = g && w && is_accessor(w, g);
		}
		free(name);
		if (!ok)
			return false;
	}
	return true;
}

/* Statement s is a tracepoint, `trace_foo(...);`: it records, it changes
 * nothing two runs share. */
static bool traces(const struct source_file *f, const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	const struct token *t = &lf->tokens[s->first];
	long close;

	if (t->kind != TOK_IDENT || t->len < 7 || memcmp(lf->text + t->offset, "trace_", 6) ||
	    !tok_is_punct(lf, next_code(f, s->first), "("))
		return false;
	close = token_match_bracket(lf, (size_t)next_code(f, s->first));
	return close >= 0 && next_code(f, close) == s->last;
}

/* Statement s changes nothing two runs share (quiet-calls.h): a print or a
 * wait, alone, under a test that writes nothing, or setting a local of fn
 * (`status = wait_event_timeout(...)`). libata's v5.15 DPRINTK()s around
 * its scan mutex; iavf_close()'s wait after its unlock. */
static bool quiet(const struct source_file *f, const struct source_function *fn,
		  const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	char *local = NULL;

	if (quiet_statement(lf, f->dead, s->first, s->last))
		return true;
	if (!assigns_a_local(f, fn, s, &local))
		return false;
	free(local);
	return quiet_statement(lf, f->dead, next_code(f, next_code(f, s->first)), s->last);
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

		if (is_declaration(f, &s[k]))
			continue;
		if (assigns_a_local(f, g, &s[k], &local)) {
			for (i = s[k].first; i >= 0 && i <= s[k].last; i = next_code(f, i))
				plain &= !(l->tokens[i].kind == TOK_IDENT &&
					   tok_is_punct(l, next_code(f, i), "("));
			free(local);
			ok = plain;
			continue;
		}
		/* no wrapper of a wrapper: one level */
		ok = only_work_calls(f, &s[k], false, &leaves);
		queues |= ok;
	}
	free(s);
	return ok && queues;
}
/* Statement s is `local = container_of(work, ...);` (or from_work(),
 * to_delayed_work()): the run finding its object, which touches no
 * state (iwlwifi's tdls work takes its mvm so, then guard(mvm)). */
static bool takes_its_object(const struct source_file *f, const struct stmt *s)
{
	static const char *const getters[] = { "container_of", "from_work", "to_delayed_work",
					       "from_timer", "timer_container_of", NULL };
	const struct lexed_file *lf = &f->lex;
	long eq = next_code(f, s->first);

	return lf->tokens[s->first].kind == TOK_IDENT && tok_is_punct(lf, eq, "=") &&
	       is_one_of(lf, next_code(f, eq), getters);
}

/* Statement s is `if (COND) return ...;` whose COND assigns nothing: a
 * look before the lock that changes no state (libata's unloading flag),
 * its return maybe after quiet statements (`{ DPRINTK(...); return; }`). */
static bool only_tests_and_leaves(const struct source_file *f, const struct source_function *fn,
				  const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i, open = next_code(f, s->first), a, e;
	int depth = 0;

	if (!tok_is_ident(lf, s->first, "if") || !tok_is_punct(lf, open, "("))
		return false;
	for (i = open; i >= 0 && i <= s->last; i = next_code(f, i)) {
		if (tok_is_punct(lf, i, "("))
			depth++;
		else if (tok_is_punct(lf, i, ")") && --depth == 0)
			break;
		if (is_write(lf, i))
			return false;
	}
	if (i < 0 || i >= s->last)
		return false;
	a = next_code(f, i);
	if (tok_is_ident(lf, a, "return"))
		return true;
	if (!tok_is_punct(lf, a, "{") || token_match_bracket(lf, (size_t)a) != s->last)
		return false;
	for (a = next_code(f, a); a >= 0 && a < s->last; a = next_code(f, e)) {
		struct stmt one;

		for (e = a; e >= 0 && e < s->last && !tok_is_punct(lf, e, ";"); e = next_code(f, e))
			;
		if (e < 0 || e >= s->last)
			return false;
		if (tok_is_ident(lf, a, "return"))
			return next_code(f, e) == s->last;
		one.first = a;
		one.last = e;
		if (!quiet(f, fn, &one))
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
	long v = next_code(f, ret);

	if (tok_is_punct(lf, v, "-"))
		v = next_code(f, v);
	else if (is_zero(lf, v))
		return false;
	return v >= 0 && (lf->tokens[v].kind == TOK_NUMBER || lf->tokens[v].kind == TOK_IDENT) &&
	       tok_is_punct(lf, next_code(f, v), ";");
}

/* The return at token ret is `if (mutex_trylock(P)) return 0;` with P a
 * parameter of g: the success, holding the mutex it was given. */
static bool returns_holding(const struct source_file *f, const struct source_function *g,
			    long ret)
{
	const struct lexed_file *lf = &f->lex;
	long close = token_prev_code(lf, ret), inner = token_prev_code(lf, close), arg, call;

	if (!tok_is_punct(lf, close, ")") || !tok_is_punct(lf, inner, ")") ||
	    !is_zero(lf, next_code(f, ret)) || !tok_is_punct(lf, next_code(f, next_code(f, ret)), ";"))
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
	for (i = (long)g->body_open; i >= 0 && i < (long)g->body_close; i = next_code(f, i)) {
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
	struct stmt rest = { next_code(f, from), s->last };
	bool leaves = false;

	if (tok_is_ident(&f->lex, rest.first, "return"))
		return true;
	return tok_is_punct(&f->lex, rest.first, "{") && only_work_calls(f, &rest, true, &leaves) &&
	       leaves;
}

/* Statement s takes a mutex or leaves: `if (!mutex_trylock(&x)) return;`,
 * the same with a block that requeues the item before the return, `if
 * (helper(&x, ...)) { ... return; }` with a trylock_helper(), or `while
 * (!mutex_trylock(&x)) msleep(...);` (a spin that ends holding it: a
 * lock). *call is then the token of the call given the mutex, *spin
 * whether it is the last form. Its runs are one at a time too: the
 * second waits, or finds the mutex taken and leaves. */
static bool trylock_or_return(const struct source_file *f, const struct stmt *s, long *call,
			      bool *spin)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first, open = next_code(f, i), t, close, call_close;
	bool negated, helper = false;
	char *name;

	close = close_of(lf, open);
	if (close < 0 || close >= s->last)
		return false;
	t = next_code(f, open);
	negated = tok_is_punct(lf, t, "!");
	if (negated)
		t = next_code(f, t);
	if (lf->tokens[t].kind != TOK_IDENT)
		return false;
	call_close = close_of(lf, next_code(f, t));
	if (call_close < 0 || next_code(f, call_close) != close)
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
		struct stmt body = { next_code(f, close), s->last };
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

/* A guard class the driver defines (DEFINE_GUARD(mvm, struct iwl_mvm *,
 * mutex_lock(&_T->mutex), ...)) in f or a header it includes, taking an
 * exclusive lock. */
static bool defines_exclusive_guard(const struct source_file *f, const char *pattern)
{
	const char *p = f->text, *end = f->text + f->len;

	while ((p = memmem(p, (size_t)(end - p), pattern, strlen(pattern)))) {
		const char *close = memchr(p, ')', (size_t)(end - p));
		const char *stop;
		size_t k;

		/* the lock call is the third argument: past its own ')' */
		close = close ? memchr(close + 1, ')', (size_t)(end - close - 1)) : NULL;
		stop = close ? close : end;
		for (k = 0; lock_acquires[k]; k++) {
			const char *a = memmem(p, (size_t)(stop - p), lock_acquires[k], strlen(lock_acquires[k]));

			if (a && a[strlen(lock_acquires[k])] == '(')
				return true;
		}
		p += strlen(pattern);
	}
	return false;
}

static bool exclusive_guard_defined(struct source_cache *sc, const struct source_file *f,
				    const struct lexed_file *lf, long cls)
{
	struct strbuf pattern = STRBUF_INIT;
	char *const *includes;
	size_t i, nr = 0;
	bool found;

	strbuf_addf(&pattern, "DEFINE_GUARD(%.*s,", (int)lf->tokens[cls].len,
		    lf->text + lf->tokens[cls].offset);
	found = defines_exclusive_guard(f, pattern.buf);
	if (!found && sc) {
		includes = source_includes(sc, (struct source_file *)f, &nr);
		for (i = 0; i < nr && !found; i++) {
			struct source_file *h = source_get(sc, includes[i]);

			found = h && defines_exclusive_guard(h, pattern.buf);
		}
	}
	strbuf_release(&pattern);
	return found;
}

static char *body_lock(const struct lock_reader *r, struct source_cache *sc,
		       const struct source_file *f, const struct source_function *fn, int depth);

/* The function called by statement s, `NAME(...);` or `local = NAME(...);`
 * with nothing after the call: its name, or NULL. */
static char *one_call(const struct source_file *f, const struct source_function *fn,
		      const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first, close;
	char *local = NULL;

	if (assigns_a_local(f, fn, s, &local)) {
		free(local);
		i = next_code(f, next_code(f, i));
	}
	if (lf->tokens[i].kind != TOK_IDENT || !tok_is_punct(lf, next_code(f, i), "("))
		return NULL;
	close = token_match_bracket(lf, (size_t)next_code(f, i));
	if (close < 0 || next_code(f, close) != s->last || !tok_is_punct(lf, s->last, ";"))
		return NULL;
	return tok_text(lf, (size_t)i);
}

/* The statements after the body's last working one: those that leave,
 * label, or only queue work again (hiperdispatch re-arms its work after
 * the unlock, nfs's automount work `if (...) schedule_delayed_work()`),
 * and, when r can look, calls of a function whose own body runs under a
 * lock (rt5682s reports the jack with snd_soc_jack_report(), which holds
 * jack->mutex): named in *tail. Returns the index of the last working
 * statement, first (the first working one) at the least. */
static size_t last_working(const struct lock_reader *r, struct source_cache *sc,
			   const struct source_file *f, const struct source_function *fn,
			   const struct stmt *s, size_t nr, size_t first, struct strbuf *tail)
{
	const struct lexed_file *lf = &f->lex;

	while (nr > first + 1) {
		const struct stmt *t = &s[nr - 1];
		bool leaves;
		char *callee;

		if (tok_is_ident(lf, t->first, "return") || tok_is_punct(lf, t->last, ":") ||
		    (t->first == t->last && tok_is_punct(lf, t->last, ";")) ||
		    only_work_calls(f, t, true, &leaves) || quiet(f, fn, t)) {
			nr--;
			continue;
		}
		callee = r && r->cd ? one_call(f, fn, t) : NULL;
		if (callee && !is_one_of(lf, t->first, lock_releases)) {
			struct source_file *w = NULL;
			const struct source_function *g = lock_reader_resolve(r, f, callee, &w);
			char *lock = g && w && !g->is_macro ? body_lock(r, sc, w, g, 0) : NULL;

			if (lock) {
				strbuf_addf(tail, "%s%s(), under %s", tail->len ? ", " : "",
					    callee, lock);
				free(lock);
				free(callee);
				nr--;
				continue;
			}
		}
		free(callee);
		break;
	}
	return nr - 1;
}

char *work_body_lock(struct source_cache *sc, const struct source_file *f,
		     const struct source_function *fn)
{
	return body_lock(NULL, sc, f, fn, 0);
}

char *work_body_lock_read(const struct lock_reader *r, const struct source_file *f,
			  const struct source_function *fn)
{
	return body_lock(r, r ? r->sc : NULL, f, fn, 2);
}

/* fn's body lock; through the one function its body calls, depth levels
 * down (dm-mpath's trigger_event() is dm_table_event(), which holds
 * _event_lock). */
static char *body_lock(const struct lock_reader *r, struct source_cache *sc,
		       const struct source_file *f, const struct source_function *fn, int depth)
{
	const struct lexed_file *lf = &f->lex;
	struct strbuf sb = STRBUF_INIT, tail = STRBUF_INIT;
	struct stmt *s;
	size_t nr = body_statements(f, fn, &s), k = 0, last, p;
	char *lock = NULL, *result = NULL, *helper_acq = NULL, *helper_rel = NULL;
	char *locals[8];
	size_t nr_locals = 0;
	bool spin = false;
	long i;

	/* Before the lock: declarations, the run finding its object (or,
	 * in a local, what the lock is taken on), tracepoints, prints and
	 * waits (quiet()), tests that leave, maybe queueing the item again
	 * first ("card not ready, try later"). */
	while (k < nr) {
		char *local = NULL;
		bool leaves = false;

		if (is_declaration(f, &s[k]) || takes_its_object(f, &s[k]) || traces(f, &s[k]) ||
		    quiet(f, fn, &s[k]) ||
		    (!trylock_or_return(f, &s[k], &i, &spin) &&
		     (only_tests_and_leaves(f, fn, &s[k]) ||
		      (tok_is_ident(lf, s[k].first, "if") &&
		       only_work_calls(f, &s[k], true, &leaves) && leaves)))) {
			k++;
			continue;
		}
		if (r && nr_locals < 8 && assigns_a_local(f, fn, &s[k], &local)) {
			/* kept only if the lock is taken on it, or its calls
			 * are accessors (checked below) */
			if (calls_only_accessors(r, f, &s[k]))
				free(local);
			else
				locals[nr_locals++] = local;
			k++;
			continue;
		}
		break;
	}
	if (k >= nr)
		goto out;
	i = s[k].first;
	last = last_working(r, sc, f, fn, s, nr, k, &tail);
	if (last < k)
		goto out;
	if (k == last && depth > 0 && r) {
		/* the body is one call: the callee's lock */
		char *callee = one_call(f, fn, &s[k]);
		struct source_file *w = NULL;
		const struct source_function *g = callee ? lock_reader_resolve(r, f, callee, &w) : NULL;
		char *inner = g && w && !g->is_macro && g != fn ? body_lock(r, sc, w, g, depth - 1) : NULL;

		if (inner && !nr_locals) {
			strbuf_addf(&sb, "%s, taken in %s()", inner, callee);
			if (tail.len)
				strbuf_addf(&sb, " (after it only %s)", tail.buf);
			result = strbuf_detach(&sb);
		}
		free(inner);
		free(callee);
		if (result)
			goto out;
	}
	if (tok_is_ident(lf, i, "guard")) {
		/* guard(mutex)(&x): held until the function returns */
		long cls = next_code(f, next_code(f, i));

		if (nr_locals ||
		    (!is_one_of(lf, cls, exclusive_guards) && !exclusive_guard_defined(sc, f, lf, cls)))
			goto out;
		lock = argument_text(lf, next_code(f, cls), 0);	/* after its ")" */
		if (!lock)
			goto out;
		strbuf_addf(&sb, "guard(%.*s)(%s)", (int)lf->tokens[cls].len,
			    lf->text + lf->tokens[cls].offset, lock);
	} else if (tok_is_ident(lf, i, "scoped_guard")) {
		/* scoped_guard(mutex, &x) { ... }: its block is the body */
		char *cls = argument_text(lf, i, 0);
		bool ok = cls && k == last && !nr_locals;
		size_t g;

		for (g = 0; ok && exclusive_guards[g]; g++)
			if (!strcmp(cls, exclusive_guards[g]))
				break;
		ok = ok && exclusive_guards[g];
		lock = ok ? argument_text(lf, i, 1) : NULL;
		if (lock)
			strbuf_addf(&sb, "scoped_guard(%s, %s)", cls, lock);
		free(cls);
		if (!lock)
			goto out;
	} else {
		long call = i;
		bool trylock = trylock_or_return(f, &s[k], &call, &spin);
		struct release rel = { NULL, NULL };

		if (!trylock && !is_one_of(lf, call, lock_acquires)) {
			/* a helper of the driver's that takes the lock */
			char *name = lf->tokens[call].kind == TOK_IDENT ? tok_text(lf, (size_t)call) : NULL;

			helper_acq = name && r ? lock_helper_acquire(r, f, name, 3) : NULL;
			helper_rel = helper_acq ? lock_helper_release(name) : NULL;
			free(name);
			if (!helper_acq || !tok_is_punct(lf, next_code(f, call), "("))
				goto out;
			rel.helper = helper_rel;
		}
		lock = argument_text(lf, call, 0);
		if (!lock && !tok_is_ident(lf, call, "rtnl_lock") && !helper_acq)
			goto out;
		rel.lock = lock;
		/* locals set before the lock: only what it is taken on */
		for (p = 0; p < nr_locals; p++) {
			size_t n = strlen(locals[p]);
			const char *at = lock ? strstr(lock, locals[p]) : NULL;

			if (!at || (at > lock && (at[-1] == '_' || isalnum((unsigned char)at[-1]))) ||
			    at[n] == '_' || isalnum((unsigned char)at[n]))
				goto out;
		}
		if (!releases_lock(f, &s[last], &rel) || last <= k ||
		    !released_only_leaving(f, &rel, s[k + 1].first, s[last].first - 1))
			goto out;
		if (trylock && spin)
			strbuf_addf(&sb, "mutex_trylock(%s), tried until it holds it", lock);
		else if (trylock && !tok_is_ident(lf, call, "mutex_trylock"))
			strbuf_addf(&sb, "%.*s(%s) (mutex_trylock() inside; the run leaves "
				    "when it fails)", (int)lf->tokens[call].len,
				    lf->text + lf->tokens[call].offset, lock);
		else if (trylock)
			strbuf_addf(&sb, "mutex_trylock(%s)", lock);
		else
			strbuf_addf(&sb, "%.*s(%s)", (int)lf->tokens[call].len,
				    lf->text + lf->tokens[call].offset, lock ? lock : "");
		if (helper_acq)
			strbuf_addf(&sb, " (%s inside)", helper_acq);
	}
	if (tail.len)
		strbuf_addf(&sb, " (after it only %s)", tail.buf);
	result = strbuf_detach(&sb);
out:
	strbuf_release(&sb);
	strbuf_release(&tail);
	for (p = 0; p < nr_locals; p++)
		free(locals[p]);
	free(helper_acq);
	free(helper_rel);
	free(lock);
	free(s);
	return result;
}

/* The definition of name in file rel (read and lexed through the cache),
 * or NULL. */
static const struct source_function *defined_in(struct source_cache *sc, const char *rel,
						const char *name, struct source_file **out)
{
	struct source_file *f = source_get(sc, rel);
	const struct source_function *fn = f ? source_find_function(f, name) : NULL;

	*out = f;
	return fn && !fn->is_macro ? fn : NULL;
}

char *work_binding_body_lock(const struct workitem_model *m, const struct work_binding *b)
{
	struct source_cache *sc = &m->a->sc;
	struct source_file *f;
	const struct source_function *fn = defined_in(sc, b->file, b->function, &f);
	const char *slash = strrchr(b->file, '/');
	const char *const *files;
	size_t i, nr = 0;

	/* An INIT_* in ops.c of a work function of tdls.c: the directory's
	 * other .c files, those that name it. */
	if (!fn && slash) {
		char *dir = xstrndup(b->file, (size_t)(slash - b->file));

		files = source_dir_files(sc, dir, &nr);
		for (i = 0; i < nr && !fn; i++)
			if (ends_with(files[i], ".c") && strcmp(files[i], b->file))
				fn = defined_in(sc, files[i], b->function, &f);
		free(dir);
	}
	if (fn) {
		struct lock_reader r = { sc, m->a->cd };

		return work_body_lock_read(&r, f, fn);
	}
	return NULL;
}
