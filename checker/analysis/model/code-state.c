#include "analysis/model/code-state.h"
#include "analysis/model/code-paths.h"
#include "analysis/model/workitem-context.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CALLS 16

/* The test-and-set calls: which argument names the flag, and the bit. */
static const struct {
	const char *name;
	int flag, bit;		/* bit -1: the whole word */
} test_and_sets[] = {
	{ "test_and_set_bit", 1, 0 },
	{ "test_and_set_bit_lock", 1, 0 },
	{ "atomic_xchg", 0, -1 },
	{ "atomic_long_xchg", 0, -1 },
	{ "xchg", 0, -1 },
	{ "atomic_cmpxchg", 0, -1 },
	{ "cmpxchg", 0, -1 },
};
#define NR_TAS (sizeof(test_and_sets) / sizeof(test_and_sets[0]))

/* The calls that clear a flag: the same shapes, with a zero for words. */
static const char *const clearing[] = {
	"clear_bit", "clear_bit_unlock", "atomic_set", "atomic_set_release",
	"atomic_xchg", "xchg", "atomic_long_set", "WRITE_ONCE", NULL
};

static bool guards_of(const struct workitem_model *m, const struct queueing *q,
		      struct code_place *p, struct code_guards *g)
{
	if (!code_place_at(m, q->file, q->line, q->column, p) || !p->fn)
		return false;
	code_guards_at(p->f, p->fn, p->tok, true, g);
	return true;
}

/* A plain field or variable: names, `->`, `.`, no call or operator. */
static bool plain_lvalue(const struct lexed_file *lf, const struct code_guard *g)
{
	size_t i;

	for (i = g->first; i <= g->last; i++)
		if (lf->tokens[i].kind != TOK_IDENT && !tok_is_punct(lf, (long)i, "->") &&
		    !tok_is_punct(lf, (long)i, "."))
			return false;
	return lf->tokens[g->last].kind == TOK_IDENT;
}

static bool is_write(const struct lexed_file *lf, long at)
{
	static const char *const ops[] = {
		"=", "+=", "-=", "|=", "&=", "^=", "++", "--", "<<=", ">>=", NULL
	};
	const char *const *op;
	long n = token_next_code(lf, at), p = token_prev_code(lf, at);

	for (op = ops; *op; op++)
		if (tok_is_punct(lf, n, *op))
			return true;
	return tok_is_punct(lf, p, "++") || tok_is_punct(lf, p, "--");
}

/* Only set-up writes name in f: a designated initialiser (`.name =`), or
 * an assignment in a function whose name says set-up (probe, init...). */
static bool written_only_at_setup(const struct source_file *f, const char *name)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct source_function *fn;
		long p;

		if (lf->tokens[i].kind != TOK_IDENT || f->dead[i] ||
		    !tok_is_ident(lf, (long)i, name) || !is_write(lf, (long)i))
			continue;
		p = token_prev_code(lf, (long)i);
		fn = source_function_at(f, i);
		if (!fn)
			continue;	/* a static initialiser */
		if (tok_is_punct(lf, p, ".") &&
		    (tok_is_punct(lf, token_prev_code(lf, p), "{") ||
		     tok_is_punct(lf, token_prev_code(lf, p), ",")))
			continue;	/* `(struct x){ .name = ... }` */
		if (!name_says_setup(fn->name))
			return false;
	}
	return true;
}

static bool opposite_set_once(const struct code_place *pa, const struct code_guards *ga,
			      const struct code_place *pb, const struct code_guards *gb,
			      char **why)
{
	size_t i, j;

	for (i = 0; i < ga->nr; i++) {
		const struct code_guard *x = &ga->items[i];
		char *name;
		bool once;

		if (!plain_lvalue(&pa->f->lex, x))
			continue;
		for (j = 0; j < gb->nr; j++)
			if (gb->items[j].holds != x->holds && !strcmp(gb->items[j].text, x->text))
				break;
		if (j == gb->nr)
			continue;
		name = code_last_name(&pa->f->lex, x->first, x->last);
		once = name && written_only_at_setup(pa->f, name) &&
		       (pa->f == pb->f || written_only_at_setup(pb->f, name));
		if (once) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "the two sites are on opposite sides of `%s`, which "
				    "only set-up code writes", x->text);
			*why = strbuf_detach(&sb);
		}
		free(name);
		if (once)
			return true;
	}
	return false;
}

/* The flag a call at tok names: "bit\tname" or "\tname" (the last name
 * of the address), allocated; NULL when it is no such call. */
static char *flag_of(const struct lexed_file *lf, size_t tok, int flag_arg, int bit_arg)
{
	size_t first[3], last[3], n;
	long open = token_next_code(lf, (long)tok);
	struct strbuf sb = STRBUF_INIT;
	char *name, *bit = NULL;

	if (!tok_is_punct(lf, open, "("))
		return NULL;
	n = call_arguments(lf, (size_t)open, first, last, 3);
	if (n <= (size_t)flag_arg || (bit_arg >= 0 && n <= (size_t)bit_arg) ||
	    first[flag_arg] > last[flag_arg])
		return NULL;
	name = code_last_name(lf, first[flag_arg], last[flag_arg]);
	if (!name)
		return NULL;
	if (bit_arg >= 0)
		bit = expression_text(lf, first[bit_arg], last[bit_arg]);
	strbuf_addf(&sb, "%s\t%s", bit ? bit : "", name);
	free(bit);
	free(name);
	return strbuf_detach(&sb);
}

/* The flag whose test-and-set a site won to get here: a guard that is a
 * test-and-set call and does not hold (`!atomic_xchg(&f, 1)` holds,
 * `if (test_and_set_bit(b, &f)) return;` is past). */
static char *won_flag(const struct lexed_file *lf, const struct code_guard *g, const char **call)
{
	size_t k;

	if (g->holds || lf->tokens[g->first].kind != TOK_IDENT ||
	    !tok_is_punct(lf, token_next_code(lf, (long)g->first), "(") ||
	    token_match_bracket(lf, (size_t)token_next_code(lf, (long)g->first)) != (long)g->last)
		return NULL;
	for (k = 0; k < NR_TAS; k++)
		if (tok_is_ident(lf, (long)g->first, test_and_sets[k].name)) {
			*call = test_and_sets[k].name;
			return flag_of(lf, g->first, test_and_sets[k].flag, test_and_sets[k].bit);
		}
	return NULL;
}

/* A clearing call at tok of the flag: clear_bit(b, &f), or a zero stored
 * to the word (atomic_set(&f, 0), xchg(&f, 0), WRITE_ONCE(f, 0)). */
static bool clears(const struct lexed_file *lf, size_t tok, const char *flag)
{
	bool bit = *flag != '\t';
	size_t first[3], last[3], n;
	long open = token_next_code(lf, (long)tok);
	char *mine;
	bool same;

	if (!tok_is_punct(lf, open, "("))
		return false;
	n = call_arguments(lf, (size_t)open, first, last, 3);
	if (tok_is_ident(lf, (long)tok, "clear_bit") ||
	    tok_is_ident(lf, (long)tok, "clear_bit_unlock")) {
		if (!bit)
			return false;
		mine = flag_of(lf, tok, 1, 0);
	} else {
		char *value;
		bool zero;

		if (bit || n < 2 || first[1] != last[1])
			return false;
		value = tok_text(lf, first[1]);
		zero = !strcmp(value, "0");
		free(value);
		if (!zero)
			return false;
		mine = flag_of(lf, tok, 0, -1);
	}
	same = mine && !strcmp(mine, flag);
	free(mine);
	return same;
}

/* Every work function of the item clears the flag, as a tail. */
static bool work_clears_leaving(const struct workitem_model *m, const struct work_item *it,
				const char *file, const char *flag)
{
	struct work_binding *const *b;
	size_t nr = 0, i, k, n;

	b = workitem_index_lookup(&m->a->idx, it->key, &nr);
	if (!nr)
		return false;
	for (i = 0; i < nr; i++) {
		struct source_file *f = source_get(&m->a->sc, b[i]->file);
		const struct source_function *w;
		const struct source_function *fns[MAX_CALLS];
		size_t toks[MAX_CALLS];
		bool cleared = false;

		w = f ? source_find_function(f, b[i]->function) : NULL;
		if (!w) {
			f = source_get(&m->a->sc, file);
			w = f ? source_find_function(f, b[i]->function) : NULL;
		}
		if (!w)
			return false;
		n = code_calls_reached(f, w, clearing, 3, toks, fns, MAX_CALLS);
		for (k = 0; k < n && k < MAX_CALLS; k++)
			if (clears(&f->lex, toks[k], flag) && code_is_tail(f, fns[k], toks[k]) &&
			    code_tail_call_chain(f, w, fns[k]))
				cleared = true;
		if (!cleared)
			return false;
	}
	return true;
}

static bool one_test_and_set(const struct workitem_model *m, const struct work_item *it,
			     const struct code_place *pa, const struct code_guards *ga,
			     const struct code_place *pb, const struct code_guards *gb,
			     char **why)
{
	size_t i, j;

	for (i = 0; i < ga->nr; i++) {
		const char *call = NULL, *other = NULL;
		char *fa = won_flag(&pa->f->lex, &ga->items[i], &call);
		bool kept = false;

		if (!fa)
			continue;
		for (j = 0; j < gb->nr && !kept; j++) {
			char *fb = won_flag(&pb->f->lex, &gb->items[j], &other);

			kept = fb && !strcmp(fa, fb) && work_clears_leaving(m, it, pa->f->path, fa);
			free(fb);
		}
		if (kept) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "each site queues only after winning %s() of `%s`, "
				    "which the work function clears as it returns", call,
				    strchr(fa, '\t') + 1);
			*why = strbuf_detach(&sb);
		}
		free(fa);
		if (kept)
			return true;
	}
	return false;
}

bool queueings_exclude_by_state(const struct workitem_model *m, const struct work_item *it,
				const struct queueing *a, const struct queueing *b, char **why)
{
	struct code_guards ga = { 0 }, gb = { 0 };
	struct code_place pa, pb;
	bool apart = false;

	*why = NULL;
	if (guards_of(m, a, &pa, &ga) && guards_of(m, b, &pb, &gb) && ga.nr && gb.nr)
		apart = opposite_set_once(&pa, &ga, &pb, &gb, why) ||
			one_test_and_set(m, it, &pa, &ga, &pb, &gb, why);
	code_guards_release(&ga);
	code_guards_release(&gb);
	return apart;
}
