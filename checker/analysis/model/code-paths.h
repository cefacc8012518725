/*
 * Where a token sits on its function's paths, read from the tokens: the
 * conditions it runs under (the if around it, the else it is in, an
 * earlier `if (c) return;`), and whether only statements that let go
 * (an unlock, a plain store, a return) follow it on the way out. The
 * two-workqueue rule asks these to learn when two queueings of an item
 * cannot meet a live run (code-state.h, live-window.h).
 */
#ifndef WQCHECK_CODE_PATHS_H
#define WQCHECK_CODE_PATHS_H

#include "front/source-cache.h"

#include <stdbool.h>
#include <stddef.h>

/* One condition a token runs under: holds says whether it is true there.
 * A conjunction that holds (a disjunction that does not) is split into
 * its parts; `!` and outer parentheses are taken off into holds. */
struct code_guard {
	size_t first, last;	/* the condition's tokens, without the `!` */
	bool holds;
	char *text;		/* expression_text() of [first, last] */
};

struct code_guards {
	struct code_guard *items;
	size_t nr, alloc;
};

/* The guards of token tok in fn (tok inside fn's body), innermost first.
 * With inherit, a static function referenced once in f (called, or
 * handed over as a callback: hrtimer_setup(&t, fn, ...)) also runs under
 * the guards of that reference, two levels up. */
void code_guards_at(const struct source_file *f, const struct source_function *fn,
		    size_t tok, bool inherit, struct code_guards *out);
void code_guards_release(struct code_guards *g);

/* Whether every statement that can follow the statement holding tok, up
 * to fn's return, only lets go: an unlock, a plain store, an atomic_set(),
 * a clear_bit(), a barrier, a label, a return. The run is then over but
 * for its last breath once tok's statement is done. */
bool code_is_tail(const struct source_file *f, const struct source_function *fn, size_t tok);

/* The calls named one of names in fn's body and in the functions of f it
 * calls (depth levels, fn counting as one), by token; each call's
 * function in *fns. Returns how many (at most max). */
size_t code_calls_reached(const struct source_file *f, const struct source_function *fn,
			  const char *const *names, int depth, size_t *toks,
			  const struct source_function **fns, size_t max);
/* Whether a call of callee in f reaches fn's return only through tails:
 * every call of it from fn (directly, or through one function between)
 * is a tail (code_is_tail()). True when callee is fn. */
bool code_tail_call_chain(const struct source_file *f, const struct source_function *fn,
			  const struct source_function *callee);

/* The last identifier of an expression's tokens: `h->desc.high_prio` ->
 * high_prio (allocated, or NULL). */
char *code_last_name(const struct lexed_file *lf, size_t first, size_t last);

#endif
