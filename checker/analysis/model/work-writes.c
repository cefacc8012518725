#include "analysis/model/work-writes.h"
#include "analysis/model/reference-put.h"
#include "analysis/model/work-api.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define NAMES_MAX 64
#define LOCKS_MAX 8

/* A name the function declares, and how. */
struct local {
	char *name;
	bool pointer;	/* `type *name` */
	bool array;	/* `type name[...]` */
	bool list;	/* a list head: `LIST_HEAD(name)`, `struct list_head name` */
	long owned_from, owned_to;	/* tokens where it holds what was taken
					 * off one of the function's own list
					 * heads (owned_to 0: nowhere) */
};

struct walk {
	const struct lock_reader *r;
	const struct source_file *f;
	const struct source_function *fn;
	int level;		/* 0: the work function; 1: what it calls; 2: below */
	struct local locals[NAMES_MAX];
	size_t nr_locals;
	char *held[LOCKS_MAX];	/* the acquires this function holds, in order */
	int nr_held;
	struct strbuf *why;	/* the locks writes were under, "; "-separated */
	struct strbuf *via;	/* the calls through pointers read, ", "-separated */
	bool far;		/* in a function an ops table names: its callees
				 * are looked for beyond its file */
};

/* Calls that only read, yield, print or iterate: their arguments are
 * looked at, never written. */
static const char *const reads[] = {
	"list_empty", "list_empty_careful", "list_first_entry", "list_first_entry_or_null",
	"list_last_entry", "list_next_entry", "list_entry", "hlist_empty", "hlist_entry",
	"hlist_nulls_empty", "READ_ONCE", "test_bit", "rcu_read_lock", "rcu_read_unlock",
	"rcu_read_lock_bh", "rcu_read_unlock_bh", "rcu_dereference", "rcu_access_pointer",
	"cond_resched", "might_sleep", "cpu_relax", "time_after", "time_before",
	"time_after_eq", "time_before_eq", "time_is_after_jiffies", "time_is_before_jiffies",
	"msecs_to_jiffies", "usecs_to_jiffies", "jiffies_to_msecs", "round_jiffies",
	"round_jiffies_relative", "container_of", "to_delayed_work", "from_work",
	"likely", "unlikely", "min", "max", "min_t", "max_t", "clamp", "ARRAY_SIZE",
	"WARN_ON", "WARN_ON_ONCE", "WARN", "WARN_ONCE", "BUG_ON", "dev_dbg", "dev_info",
	"dev_warn", "dev_err", "dev_notice", "dev_dbg_ratelimited", "dev_err_ratelimited",
	"pr_debug", "pr_info", "pr_warn", "pr_err", "pr_notice", "printk", "atomic_read",
	"LIST_HEAD", "HLIST_HEAD", "BUILD_BUG_ON", "IS_ALIGNED",
	NULL
};

static const char *const keywords[] = {
	"if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__",
	"_Generic", "do", "else", "case", "goto", "defined", "__builtin_expect", NULL
};

static const char *const list_types[] = {
	"list_head", "hlist_head", "hlist_nulls_head", "llist_head", NULL
};

static bool listed(const struct lexed_file *lf, long i, const char *const *names)
{
	for (; *names; names++)
		if (tok_is_ident(lf, i, *names))
			return true;
	return false;
}

static long next_code(const struct source_file *f, long i)
{
	const struct lexed_file *lf = &f->lex;

	do
		i = token_next_code(lf, i);
	while (i >= 0 && (size_t)i < lf->nr_tokens && (f->dead[i] || lf->tokens[i].in_directive));
	return i;
}

static long prev_code(const struct source_file *f, long i)
{
	const struct lexed_file *lf = &f->lex;

	do
		i = token_prev_code(lf, i);
	while (i >= 0 && (f->dead[i] || lf->tokens[i].in_directive));
	return i;
}

static struct local *local_named(struct walk *w, const struct lexed_file *lf, long i)
{
	size_t k;

	if (i < 0 || lf->tokens[i].kind != TOK_IDENT)
		return NULL;
	for (k = 0; k < w->nr_locals; k++)
		if (tok_is_ident(lf, i, w->locals[k].name))
			return &w->locals[k];
	return NULL;
}

static struct local *add_local(struct walk *w, const struct lexed_file *lf, long i)
{
	struct local *l = local_named(w, lf, i);

	if (l || w->nr_locals >= NAMES_MAX)
		return l;
	l = &w->locals[w->nr_locals++];
	memset(l, 0, sizeof(*l));
	l->name = tok_text(lf, (size_t)i);
	return l;
}

static bool owned_at(const struct local *l, long i)
{
	return l && l->owned_to && i >= l->owned_from && i <= l->owned_to;
}

static bool is_write_op(const struct lexed_file *lf, long i)
{
	static const char *const ops[] = { "=", "+=", "-=", "|=", "&=", "^=", "<<=", ">>=",
					   "*=", "/=", "%=", "++", "--", NULL };
	const char *const *o;

	for (o = ops; *o; o++)
		if (tok_is_punct(lf, i, *o))
			return true;
	return false;
}

/* The `,` at comma separates declarators of one declaration (`int ret,
 * delay = -1;`): the statement it is in starts `type name` or `type *`. */
static bool later_declarator(const struct source_file *f, long comma)
{
	const struct lexed_file *lf = &f->lex;
	long i, first;
	int depth = 0;

	for (i = prev_code(f, comma); i >= 0; i = prev_code(f, i)) {
		if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]") || tok_is_punct(lf, i, "}"))
			depth++;
		else if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "[") ||
			 tok_is_punct(lf, i, "{")) {
			if (depth-- == 0)
				break;
		} else if (!depth && tok_is_punct(lf, i, ";"))
			break;
	}
	if (i < 0 || !(tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "{")))
		return false;
	first = next_code(f, i);
	return lf->tokens[first].kind == TOK_IDENT && !listed(lf, first, keywords) &&
	       (lf->tokens[next_code(f, first)].kind == TOK_IDENT ||
		tok_is_punct(lf, next_code(f, first), "*"));
}

/* The parameters and the declarations of fn: `type name`, `type *name`
 * followed by ; , = [ or ), and LIST_HEAD(name). */
static void read_locals(struct walk *w)
{
	const struct source_file *f = w->f;
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = (long)w->fn->params_open; i >= 0 && i < (long)w->fn->body_close; i = next_code(f, i)) {
		long prev = prev_code(f, i), next = next_code(f, i);
		struct local *l;

		if (lf->tokens[i].kind != TOK_IDENT || listed(lf, i, keywords))
			continue;
		if ((tok_is_ident(lf, prev, "LIST_HEAD") || tok_is_ident(lf, prev, "HLIST_HEAD")) ||
		    (tok_is_punct(lf, prev, "(") &&
		     (tok_is_ident(lf, prev_code(f, prev), "LIST_HEAD") ||
		      tok_is_ident(lf, prev_code(f, prev), "HLIST_HEAD")))) {
			l = add_local(w, lf, i);
			if (l)
				l->list = true;
			continue;
		}
		if (!(lf->tokens[prev].kind == TOK_IDENT || tok_is_punct(lf, prev, "*") ||
		      (tok_is_punct(lf, prev, ",") && later_declarator(f, prev))) ||
		    listed(lf, prev, keywords) || tok_is_ident(lf, prev, "goto"))
			continue;
		if (!(tok_is_punct(lf, next, ";") || tok_is_punct(lf, next, ",") ||
		      tok_is_punct(lf, next, "=") || tok_is_punct(lf, next, "[") ||
		      (tok_is_punct(lf, next, ")") && i < (long)w->fn->params_close)))
			continue;
		l = add_local(w, lf, i);
		if (!l)
			continue;
		l->pointer |= tok_is_punct(lf, prev, "*");
		l->array |= tok_is_punct(lf, next, "[");
		l->list |= listed(lf, prev, list_types) && !l->pointer;
	}
}

/* The first identifier of tokens [a, b], past & * ( and casts' types are
 * not seen through: the root the expression reaches state by. */
static long root_of(const struct source_file *f, long a, long b)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = a; i >= 0 && i <= b; i = next_code(f, i))
		if (lf->tokens[i].kind == TOK_IDENT)
			return i;
		else if (!tok_is_punct(lf, i, "&") && !tok_is_punct(lf, i, "*") &&
			 !tok_is_punct(lf, i, "("))
			return -1;
	return -1;
}

/* Whether tokens [a, b] reach through a pointer (-> or a leading *). */
static bool dereferences(const struct source_file *f, long a, long b)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	if (tok_is_punct(lf, a, "*"))
		return true;
	for (i = a; i >= 0 && i <= b; i = next_code(f, i))
		if (tok_is_punct(lf, i, "->"))
			return true;
	return false;
}

/* An argument [a, b] that is the run's own object: a name taken off a
 * local list head, or the address of a non-pointer local (&evicted_list). */
static bool own_object(struct walk *w, long a, long b)
{
	const struct lexed_file *lf = &w->f->lex;
	long root = root_of(w->f, a, b);
	struct local *l = local_named(w, lf, root);

	if (!l)
		return false;
	if (owned_at(l, root))
		return true;
	return tok_is_punct(lf, a, "&") && !l->pointer && !dereferences(w->f, a, b);
}

/* An argument [a, b] that hands over no shared object: its own object, a
 * constant, or values of non-pointer locals. */
static bool own_value(struct walk *w, long a, long b)
{
	const struct lexed_file *lf = &w->f->lex;
	long i;

	if (own_object(w, a, b))
		return true;
	for (i = a; i >= 0 && i <= b; i = next_code(w->f, i)) {
		const struct token *t = &lf->tokens[i];
		struct local *l;
		size_t k;
		bool caps = true;

		if (tok_is_punct(lf, i, "->") || tok_is_punct(lf, i, "&") || tok_is_punct(lf, i, "."))
			return false;
		if (t->kind != TOK_IDENT)
			continue;
		l = local_named(w, lf, i);
		if (l) {
			if (l->pointer || l->array || l->list)
				return false;
			continue;
		}
		for (k = 0; k < t->len; k++)
			caps &= !islower((unsigned char)lf->text[t->offset + k]);
		if (!caps)
			return false;
	}
	return true;
}

/* The end of the loop body a *for_each*(...) macro's `)` at close heads. */
static long loop_end(const struct source_file *f, long close)
{
	const struct lexed_file *lf = &f->lex;
	long i = next_code(f, close);
	int depth = 0;

	if (tok_is_punct(lf, i, "{"))
		return token_match_bracket(lf, (size_t)i);
	for (; i >= 0; i = next_code(f, i)) {
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "{"))
			depth++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "}"))
			depth--;
		else if (!depth && tok_is_punct(lf, i, ";"))
			return i;
	}
	return -1;
}

/* The `}` closing the innermost block around token at. */
static long block_end(const struct source_file *f, long at)
{
	const struct lexed_file *lf = &f->lex;
	long i;
	int depth = 0;

	for (i = prev_code(f, at); i >= 0; i = prev_code(f, i)) {
		if (tok_is_punct(lf, i, "}"))
			depth++;
		else if (tok_is_punct(lf, i, "{") && depth-- == 0)
			return token_match_bracket(lf, (size_t)i);
	}
	return -1;
}

/* Names taken off one of the function's own list heads, where they hold
 * it: the iterators of a *for_each*(it, [tmp,] &local_list, ...) in its
 * loop, and locals set there from an expression whose root is one (ct =
 * nf_ct_tuplehash_to_ctrack(h)), from there to the loop's end. A name
 * that iterates a shared list elsewhere is not owned there. */
static void read_owned(struct walk *w)
{
	const struct source_file *f = w->f;
	const struct lexed_file *lf = &f->lex;
	int pass;
	long i;

	for (pass = 0; pass < 2; pass++)
		for (i = (long)w->fn->body_open; i >= 0 && i < (long)w->fn->body_close;
		     i = next_code(f, i)) {
			const struct token *t = &lf->tokens[i];
			long open = next_code(f, i);

			if (t->kind != TOK_IDENT)
				continue;
			if (memmem(lf->text + t->offset, t->len, "for_each", 8) &&
			    tok_is_punct(lf, open, "(")) {
				size_t first[6], last[6], n, k, at;
				long close = token_match_bracket(lf, (size_t)open), end;
				bool own = false;

				n = call_arguments(lf, (size_t)open, first, last, 6);
				for (at = 0; at < n && !own; at++)
					own = first[at] <= last[at] &&
					      own_object(w, (long)first[at], (long)last[at]);
				end = close >= 0 ? loop_end(f, close) : -1;
				for (k = 0; own && end > 0 && k + 1 < at; k++) {
					struct local *l = first[k] == last[k] ?
						local_named(w, lf, (long)first[k]) : NULL;

					if (l && !l->owned_to) {
						l->owned_from = i;
						l->owned_to = end;
					}
				}
			} else if (tok_is_punct(lf, open, "=")) {
				struct local *l = local_named(w, lf, i), *from;
				long a = next_code(f, open), b, root;

				if (!l || !l->pointer || l->owned_to)
					continue;
				for (b = a; b >= 0 && !tok_is_punct(lf, b, ";") &&
					    !tok_is_punct(lf, b, ","); b = next_code(f, b))
					;
				/* `x = f(own)`: the call's first argument */
				if (lf->tokens[a].kind == TOK_IDENT &&
				    tok_is_punct(lf, next_code(f, a), "("))
					a = next_code(f, next_code(f, a));
				root = root_of(f, a, prev_code(f, b));
				from = local_named(w, lf, root);
				if (owned_at(from, root)) {
					l->owned_from = i;
					l->owned_to = from->owned_to;
				} else if (from && from->list && own_object(w, a, prev_code(f, b))) {
					/* `mnt = list_first_entry(&graveyard, ...)`:
					 * to the end of the block it is in */
					l->owned_from = i;
					l->owned_to = block_end(f, i);
				}
			}
		}
}

/* The statement before the `}` at close ends by leaving the block
 * (return, goto, break, continue): what was held before it is held
 * after it. */
static bool block_ends_in_jump(const struct source_file *f, long close)
{
	const struct lexed_file *lf = &f->lex;
	long i = prev_code(f, close);
	int depth = 0;

	if (!tok_is_punct(lf, i, ";"))
		return false;
	for (i = prev_code(f, i); i >= 0; i = prev_code(f, i)) {
		if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth++;
		else if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			depth--;
		else if (!depth && (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "{") ||
				    tok_is_punct(lf, i, "}") || tok_is_punct(lf, i, ":")))
			break;
	}
	i = next_code(f, i);
	return tok_is_ident(lf, i, "return") || tok_is_ident(lf, i, "goto") ||
	       tok_is_ident(lf, i, "break") || tok_is_ident(lf, i, "continue");
}

static bool walk_function(struct walk *w);

/* A function-like macro whose body only calls what reads or the work API
 * (xe's LNL_FLUSH_WORK(w) is flush_work(w)) and assigns nothing. */
static bool macro_only_reads(const struct source_file *f, const struct source_function *g)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = (long)g->body_open; i >= 0 && i <= (long)g->body_close; i = token_next_code(lf, i)) {
		if (is_write_op(lf, i))
			return false;
		if (lf->tokens[i].kind == TOK_IDENT && !lf->tokens[i].is_macro_param &&
		    tok_is_punct(lf, token_next_code(lf, i), "(") &&
		    !listed(lf, i, reads) && !listed(lf, i, work_api_calls))
			return false;
	}
	return true;
}

#define OPS_TARGETS_MAX 4

/* A call through a member (`tlb_inval->ops->flush(tlb_inval)`) in the work
 * function: every function the ops tables of its directory set that
 * member to, read as a function the work calls (implementations in other
 * directories are not seen). */
static bool ops_call_contained(struct walk *w, long i)
{
	const struct lexed_file *lf = &w->f->lex;
	struct ops_target t[OPS_TARGETS_MAX];
	char *member;
	size_t n, k;
	bool ok;

	if (w->level > 0 || !w->r || !w->r->cd || !w->via)
		return false;
	member = tok_text(lf, (size_t)i);
	n = cpu_dependence_ops_targets(w->r->cd, w->f->path, member, t, OPS_TARGETS_MAX);
	ok = n > 0;
	for (k = 0; k < n; k++) {
		struct walk sub;

		if (ok && (!t[k].fn || !t[k].where || t[k].fn->is_macro))
			ok = false;
		if (ok) {
			memset(&sub, 0, sizeof(sub));
			sub.r = w->r;
			sub.f = t[k].where;
			sub.fn = t[k].fn;
			sub.level = w->level + 1;
			sub.why = w->why;
			sub.far = true;
			ok = walk_function(&sub);
		}
		if (ok)
			strbuf_addf(w->via, "%s->%s() is %s() in %s", w->via->len ? ", " : "",
				    member, t[k].name, t[k].where->path);
	}
	for (k = 0; k < n; k++)
		free(t[k].name);
	free(member);
	return ok;
}

/* A lock held that excuses what happens now: the work function's or a
 * function it calls directly. Says which in w->why. */
static bool excused(struct walk *w)
{
	struct strbuf one = STRBUF_INIT;

	if (!w->nr_held || w->level > 1)
		return false;
	strbuf_addf(&one, "%s in %s()", w->held[w->nr_held - 1], w->fn->name);
	if (!w->why->len || !strstr(w->why->buf, one.buf))
		strbuf_addf(w->why, "%s%s", w->why->len ? "; " : "", one.buf);
	strbuf_release(&one);
	return true;
}

/* The call whose name is token i: whether it can write what two runs
 * share. */
static bool call_contained(struct walk *w, long i, long open)
{
	const struct source_file *f = w->f;
	const struct lexed_file *lf = &f->lex;
	const struct token *t = &lf->tokens[i];
	const struct source_function *g;
	struct source_file *where = NULL;
	size_t first[8], last[8], n, k;
	bool objects = false, values = true, ok;
	char *name;

	if (listed(lf, i, reads) || listed(lf, i, work_api_calls) ||
	    (t->len > 6 && !memcmp(lf->text + t->offset, "trace_", 6)) ||
	    memmem(lf->text + t->offset, t->len, "for_each", 8))
		return true;
	if (tok_is_punct(lf, prev_code(f, i), "->") || tok_is_punct(lf, prev_code(f, i), "."))
		return ops_call_contained(w, i);	/* through a function pointer */
	n = call_arguments(lf, (size_t)open, first, last, 8);
	for (k = 0; k < n && k < 8; k++) {
		if (first[k] > last[k])
			continue;
		objects |= own_object(w, (long)first[k], (long)last[k]);
		values &= own_value(w, (long)first[k], (long)last[k]);
	}
	/* it acts on what the run took for itself (nf_ct_put(ct) of a
	 * conntrack moved to the run's own list) */
	if (objects && values)
		return true;
	name = tok_text(lf, (size_t)i);
	/* a reference put (ipv6's in6_dev_put()): each run drops its own
	 * reference atomically, and the release runs when none is left */
	ok = reference_put(w->r, f, name);
	free(name);
	if (ok)
		return true;
	if (w->level >= 2)
		return false;
	/* a function of this file: looking further (its directory, the
	 * headers) lexes every file that names a kfree() or a
	 * snd_soc_component_get_drvdata() to learn it is not there, a
	 * hundred MB on v6.19 for a call that is then taken to write anyway */
	name = tok_text(lf, (size_t)i);
	g = source_find_function(f, name);
	/* an ops function's callees: its table was found in its directory
	 * already, and such a function is small */
	if (!g && w->far)
		g = lock_reader_resolve(w->r, f, name, &where);
	free(name);
	if (!g || g == w->fn)
		return false;
	if (g->is_macro)
		return macro_only_reads(where ? where : f, g);
	{
		struct walk sub;

		memset(&sub, 0, sizeof(sub));
		sub.r = w->r;
		sub.f = where ? where : f;
		sub.fn = g;
		sub.level = w->level + 1;
		sub.why = w->why;
		sub.far = w->far;
		ok = walk_function(&sub);
	}
	return ok;
}

/* The `)` at close ends the condition of an if, while, for or switch. */
static bool closes_condition(const struct source_file *f, long close)
{
	const struct lexed_file *lf = &f->lex;
	long i;
	int depth = 0;

	for (i = close; i >= 0; i = prev_code(f, i)) {
		if (tok_is_punct(lf, i, ")"))
			depth++;
		else if (tok_is_punct(lf, i, "(") && --depth == 0)
			break;
	}
	i = prev_code(f, i);
	return tok_is_ident(lf, i, "if") || tok_is_ident(lf, i, "while") ||
	       tok_is_ident(lf, i, "for") || tok_is_ident(lf, i, "switch");
}

/* The write at operator op (= += ++ ...): to the function's own? */
static bool write_contained(struct walk *w, long op)
{
	const struct source_file *f = w->f;
	const struct lexed_file *lf = &f->lex;
	long a, b, i, root;
	struct local *l;
	int depth = 0;

	if ((tok_is_punct(lf, op, "++") || tok_is_punct(lf, op, "--")) &&
	    !(lf->tokens[prev_code(f, op)].kind == TOK_IDENT ||
	      tok_is_punct(lf, prev_code(f, op), "]") || tok_is_punct(lf, prev_code(f, op), ")"))) {
		/* prefix: the operand follows */
		a = next_code(f, op);
		for (b = a; next_code(f, b) >= 0 &&
			    (lf->tokens[next_code(f, b)].kind == TOK_IDENT ||
			     tok_is_punct(lf, next_code(f, b), "->") ||
			     tok_is_punct(lf, next_code(f, b), ".")); b = next_code(f, b))
			;
	} else {
		b = prev_code(f, op);
		for (i = b; i >= 0; i = prev_code(f, i)) {
			if (!depth && tok_is_punct(lf, i, ")") && closes_condition(f, i))
				break;
			if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
				depth++;
			else if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "[")) {
				if (depth-- == 0)
					break;
			} else if (!depth && (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "{") ||
					      tok_is_punct(lf, i, "}") || tok_is_punct(lf, i, ",") ||
					      tok_is_punct(lf, i, ":") || tok_is_punct(lf, i, "?") ||
					      is_write_op(lf, i) ||
					      (lf->tokens[i].kind == TOK_IDENT &&
					       (listed(lf, i, keywords) ||
						tok_is_ident(lf, i, "struct") ||
						lf->tokens[next_code(f, i)].kind == TOK_IDENT))))
				break;
		}
		a = next_code(f, i);
	}
	/* a declaration's initialiser: `type name = ...`, `type *name = ...` */
	if (tok_is_punct(lf, op, "=") && local_named(w, lf, b)) {
		long p = prev_code(f, b);

		while (tok_is_punct(lf, p, "*"))
			p = prev_code(f, p);
		if (p >= 0 && lf->tokens[p].kind == TOK_IDENT && !listed(lf, p, keywords))
			return true;
	}
	root = root_of(f, a, b);
	l = local_named(w, lf, root);
	if (!l)
		return false;
	if (owned_at(l, root))
		return true;
	if (dereferences(f, a, b) || l->pointer)
		return root == a && a == b && !tok_is_punct(lf, a, "*");	/* `p = ...` itself */
	for (i = a; i >= 0 && i <= b; i = next_code(f, i))
		if (tok_is_punct(lf, i, "[") && !l->array)
			return false;
	return true;
}

static bool walk_function(struct walk *w)
{
	const struct source_file *f = w->f;
	const struct lexed_file *lf = &f->lex;
	int saved[64], nr_saved = 0;
	bool ok = true;
	long i;
	size_t k;

	read_locals(w);
	read_owned(w);
	for (i = next_code(f, (long)w->fn->body_open); ok && i >= 0 && i < (long)w->fn->body_close;
	     i = next_code(f, i)) {
		const struct token *t = &lf->tokens[i];
		long open = next_code(f, i);

		if (tok_is_punct(lf, i, "{")) {
			if (nr_saved < 64)
				saved[nr_saved] = w->nr_held;
			nr_saved++;
		} else if (tok_is_punct(lf, i, "}")) {
			nr_saved--;
			if (nr_saved >= 0 && nr_saved < 64 && block_ends_in_jump(f, i))
				while (w->nr_held > saved[nr_saved])
					free(w->held[--w->nr_held]);
		} else if (is_write_op(lf, i)) {
			ok = write_contained(w, i) || excused(w);
		} else if (t->kind == TOK_IDENT && tok_is_punct(lf, open, "(") &&
			   !listed(lf, i, keywords)) {
			char *name = tok_text(lf, (size_t)i);
			char *acq = NULL;

			if (listed(lf, i, lock_acquires) ||
			    (acq = lock_helper_acquire(w->r, f, name, 3))) {
				struct strbuf sb = STRBUF_INIT;
				size_t first[1], last[1];

				strbuf_addf(&sb, "%s(", name);
				if (call_arguments(lf, (size_t)open, first, last, 1) >= 1 &&
				    first[0] <= last[0]) {
					char *arg = expression_text(lf, first[0], last[0]);

					strbuf_addstr(&sb, arg);
					free(arg);
				}
				strbuf_addch(&sb, ')');
				if (w->nr_held < LOCKS_MAX)
					w->held[w->nr_held++] = strbuf_detach(&sb);
				strbuf_release(&sb);
				free(acq);
			} else if (listed(lf, i, lock_releases) ||
				   (strstr(name, "unlock") && !listed(lf, i, reads))) {
				if (w->nr_held)
					free(w->held[--w->nr_held]);
			} else if (!call_contained(w, i, open)) {
				ok = excused(w);
			}
			free(name);
			/* on into its arguments: a call or a write in them
			 * (`f(x++)`) is looked at too */
		}
	}
	while (w->nr_held)
		free(w->held[--w->nr_held]);
	for (k = 0; k < w->nr_locals; k++)
		free(w->locals[k].name);
	w->nr_locals = 0;
	return ok;
}

bool work_writes_nothing_shared(const struct lock_reader *r, const struct source_file *f,
				const struct source_function *fn, char **why, char **via)
{
	struct strbuf sb = STRBUF_INIT, vb = STRBUF_INIT;
	struct walk w;
	bool ok;

	if (fn->is_macro)
		return false;
	memset(&w, 0, sizeof(w));
	w.r = r;
	w.f = f;
	w.fn = fn;
	w.why = &sb;
	w.via = &vb;
	ok = walk_function(&w);
	if (ok && why)
		*why = strbuf_detach(&sb);
	if (ok && via)
		*via = strbuf_detach(&vb);
	strbuf_release(&sb);
	strbuf_release(&vb);
	return ok;
}

bool work_binding_writes_nothing_shared(const struct workitem_model *m,
					const struct work_binding *b, char **why, char **via)
{
	struct source_cache *sc = &m->a->sc;
	struct lock_reader r = { sc, m->a->cd };
	struct source_file *f = source_get(sc, b->file);
	const struct source_function *fn = f ? source_find_function(f, b->function) : NULL;
	struct source_file *where = NULL;

	if (!fn && f) {
		fn = lock_reader_resolve(&r, f, b->function, &where);
		f = where;
	}
	return fn && f && work_writes_nothing_shared(&r, f, fn, why, via);
}
