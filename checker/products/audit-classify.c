/* The audit's lexical callers and today's migration question.
 *
 * Since 6.17 the kernel moves system_wq users to system_percpu_wq or
 * system_dfl_wq and asks every alloc_workqueue() to say WQ_PERCPU or
 * WQ_UNBOUND. Whether a caller needs per-CPU execution is the affinity
 * question: does the work it queues read the current CPU? So for each
 * system_wq / system_unbound_wq user (queue_work(system_wq, w),
 * schedule_work(w), schedule_delayed_work(w, d), and any other use of the
 * names) and each alloc_workqueue(), the work items are named as the affinity
 * rules name them, their work functions found through the work-item index and
 * judged by cpu_dependence_of().
 *
 * The items queued on an alloc_workqueue()d workqueue are found lexically:
 * the result's destination (`dev->wq`, a global `foo_wq`, a local stored once
 * into one of those) is named the way the work-item index names items
 * (`struct T.wq`, `var foo_wq`, `file F var foo_wq`), and every queue_*work*()
 * call whose workqueue argument has the same name, anywhere in the tree,
 * queues on it. Without a name (the type of `dev` unknown) the member is
 * looked for in the files of the same directory, a static variable in its
 * file, a local in its function. A workqueue handed around through other
 * variables or returned is not followed: its row says unresolved rather
 * than guess.
 *
 * Files are read in two passes so that the whole tree's questions fit in
 * memory: first each file that mentions the names, lexed on its own and
 * dropped, gives its sites with their items already resolved to bindings;
 * then the work functions are judged, all at once on -j threads
 * (audit-judge.c), in the background. The files are read beside the
 * affinity analysis' sites and the scan (audit-collect.c); once those are
 * over and the answers are in, the scan's WQ020-WQ022 findings are claimed
 * by the rows at their positions, and the rows' verdicts written. */
#include "products/audit.h"
#include "products/audit-judge.h"
#include "front/parallel.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SHOWN_CALLS 12

struct queue_call_api {
	const char *name;
	int wq_arg, item_arg; /* wq_arg -1: system_wq implied */
	bool on;
};

static const struct queue_call_api queue_call_apis[] = {
	{ "queue_work", 0, 1, false },
	{ "queue_delayed_work", 0, 1, false },
	{ "mod_delayed_work", 0, 1, false },
	{ "queue_work_on", 1, 2, true },
	{ "queue_delayed_work_on", 1, 2, true },
	{ "mod_delayed_work_on", 1, 2, true },
	{ "queue_rcu_work", 0, 1, false },
	{ "queue_work_node", 1, 2, false },
	{ "schedule_work", -1, 0, false },
	{ "schedule_delayed_work", -1, 0, false },
};
#define NR_QUEUE_CALL_APIS \
	(sizeof(queue_call_apis) / sizeof(queue_call_apis[0]))

bool audit_is_api_file(const char *path)
{
	return !strcmp(path, "kernel/workqueue.c") ||
	       !strcmp(path, "include/linux/workqueue.h");
}

static const struct queue_call_api *
queue_call_api_at(const struct lexed_file *lf, size_t i)
{
	size_t k;

	for (k = 0; k < NR_QUEUE_CALL_APIS; k++)
		if (tok_is_ident(lf, (long)i, queue_call_apis[k].name))
			return &queue_call_apis[k];
	return NULL;
}

/* The names 6.17 added count only on a tree that has them. */
static bool is_system_wq_name(const struct lexed_file *lf, long i,
			      bool new_names)
{
	return tok_is_ident(lf, i, "system_wq") ||
	       tok_is_ident(lf, i, "system_unbound_wq") ||
	       (new_names && (tok_is_ident(lf, i, "system_percpu_wq") ||
			      tok_is_ident(lf, i, "system_dfl_wq")));
}

static bool is_unbound_system_wq(const char *wq)
{
	return !strcmp(wq, "system_unbound_wq") || !strcmp(wq, "system_dfl_wq");
}

static bool is_new_system_wq(const char *wq)
{
	return !strcmp(wq, "system_percpu_wq") || !strcmp(wq, "system_dfl_wq");
}

static bool names_flag(const struct lexed_file *lf, size_t first, size_t last,
		       const char *flag)
{
	size_t j;

	for (j = first; j <= last && j < lf->nr_tokens; j++)
		if (tok_is_ident(lf, (long)j, flag))
			return true;
	return false;
}

struct lexical_pass {
	struct affinity_analysis *a;
	struct audit *au;
	/* Where a file's rows go while it is read (on a thread, one file's
	 * own, appended to au's in the order of the files): au, or that. */
	struct audit *rows;
	struct audit_verdicts verdicts;
};

/* --- judging work functions ---------------------------------------------- */

/* An item expression, resolved to its bindings while its file was at hand. */
struct pending_item {
	char *text;
	struct item_bindings b;
	char *parameter_of; /* unresolved: a parameter of this function */
};

static void pending_item_init(struct pending_item *it,
			      struct affinity_analysis *a,
			      const struct source_file *f,
			      const struct source_function *caller,
			      size_t first, size_t last)
{
	struct item_shape shape;

	memset(it, 0, sizeof(*it));
	it->text = expression_text(&f->lex, first, last);
	workitem_shape(f, first, last, &shape);
	affinity_item_bindings(&a->idx, f->path, caller, &shape, &it->b);
	if (!it->b.nr && (shape.is_parameter || shape.own_parameter) && caller)
		it->parameter_of = xstrdup(caller->name);
	item_shape_release(&shape);
}

static void pending_item_release(struct pending_item *it)
{
	free(it->text);
	free(it->parameter_of);
	item_bindings_release(&it->b);
}

struct work_verdict {
	size_t items,
		resolved; /* items seen; items with a known work function */
	size_t missing; /* work functions whose definition was not found */
	char *dependent; /* the first work function that reads the CPU */
	char *missing_name;
	char *parameter_of; /* an item that is a parameter of this function */
};

static void work_verdict_release(struct work_verdict *v)
{
	free(v->dependent);
	free(v->missing_name);
	free(v->parameter_of);
}

/* The item's work functions, for audit_verdicts_answer(). */
static void ask_item(struct lexical_pass *lp, const struct pending_item *it)
{
	size_t i;

	for (i = 0; i < it->b.nr; i++)
		audit_verdicts_ask(&lp->verdicts, it->b.items[i]->file,
				   it->b.items[i]->function);
}

/* Adds the item's work functions to r with the evidence: where each is
 * bound, and for the first that reads the current CPU the chain, else where
 * each is defined. */
static void judge_item(struct lexical_pass *lp, struct audit_row *r,
		       const struct pending_item *it, struct work_verdict *v)
{
	char buf[512];
	size_t i, j;

	v->items++;
	if (!it->b.nr) {
		if (it->parameter_of && !v->parameter_of)
			v->parameter_of = xstrdup(it->parameter_of);
		return;
	}
	v->resolved++;
	for (i = 0; i < it->b.nr; i++) {
		const struct work_binding *b = it->b.items[i];
		const struct audit_verdict *fn;

		audit_row_add_function(r, b->function);
		snprintf(buf, sizeof(buf),
			 "%s() is the work function of %s (%s, item %s)",
			 b->function, it->text, b->how, b->key);
		audit_row_add_evidence(r, b->file, b->line, b->column, buf);
		for (j = 0; j < i; j++)
			if (!strcmp(it->b.items[j]->function, b->function))
				break;
		if (j < i)
			continue;
		fn = audit_verdicts_get(&lp->verdicts, b->file, b->function);
		if (!fn || !fn->found) {
			v->missing++;
			if (!v->missing_name)
				v->missing_name = xstrdup(b->function);
			continue;
		}
		if (fn->dependent) {
			if (!v->dependent) {
				v->dependent = xstrdup(b->function);
				for (j = 0; j < fn->chain.nr; j++)
					audit_row_add_evidence(
						r, fn->chain.steps[j].file,
						fn->chain.steps[j].line,
						fn->chain.steps[j].column,
						fn->chain.steps[j].message);
			}
		} else {
			snprintf(buf, sizeof(buf),
				 "%s() does not read the current CPU, directly "
				 "or two calls deep",
				 fn->name);
			audit_row_add_evidence(r, fn->where, fn->line,
					       fn->column, buf);
		}
	}
}

static enum audit_class verdict_class(const struct work_verdict *v)
{
	if (v->dependent)
		return AUDIT_CPU_DEPENDENT;
	if (!v->items || v->resolved < v->items || v->missing)
		return AUDIT_UNRESOLVED;
	return AUDIT_CPU_INDEPENDENT;
}

static void add_function_list(struct strbuf *sb, const struct audit_row *r)
{
	size_t i;

	for (i = 0; i < r->nr_work_functions; i++)
		strbuf_addf(sb, "%s%s()",
			    i ? (i + 1 == r->nr_work_functions ? " and " :
								 ", ") :
				"",
			    r->work_functions[i]);
}

/* The verdict's half sentence and the row's class. */
static void describe_verdict(struct strbuf *msg, struct audit_row *r,
			     const struct work_verdict *v,
			     const char *item_text)
{
	r->class = verdict_class(v);
	switch (r->class) {
	case AUDIT_CPU_DEPENDENT:
		strbuf_addf(
			msg,
			"its work function %s() reads the current CPU (see the evidence)",
			v->dependent);
		break;
	case AUDIT_CPU_INDEPENDENT:
		strbuf_addstr(msg, r->nr_work_functions > 1 ?
					   "its work functions " :
					   "its work function ");
		add_function_list(msg, r);
		strbuf_addf(
			msg,
			" %s not read the current CPU (followed two calls deep)",
			r->nr_work_functions > 1 ? "do" : "does");
		break;
	default:
		if (v->parameter_of && !v->resolved)
			strbuf_addf(
				msg,
				"the work item is a parameter of %s(), whose callers "
				"choose it (they are not followed)",
				v->parameter_of);
		else if (v->missing_name && v->resolved == v->items)
			strbuf_addf(
				msg,
				"the definition of its work function %s() was not found "
				"(its file, its headers and its directory were searched)",
				v->missing_name);
		else if (item_text)
			strbuf_addf(
				msg,
				"the work-item index knows no work function for %s (no "
				"INIT_WORK or DECLARE_WORK that names it lexically)",
				item_text);
		else
			strbuf_addf(
				msg,
				"%zu of the %zu items queued on it have a work function the "
				"work-item index knows",
				v->resolved, v->items);
		break;
	}
}

/* unbound_now: what makes the work unbound today (system_unbound_wq,
 * WQ_UNBOUND), or NULL. */
static void set_advice(struct audit_row *r, bool system,
		       const char *unbound_now, const char *dependent)
{
	struct strbuf why = STRBUF_INIT;

	switch (r->class) {
	case AUDIT_CPU_DEPENDENT:
		r->advice = system ? ADVICE_SYSTEM_PERCPU_WQ : ADVICE_WQ_PERCPU;
		strbuf_addf(
			&why,
			"%s() reads the current CPU, so the work must keep running on "
			"the CPU that queued it%s%s%s",
			dependent, unbound_now ? " (with " : "",
			unbound_now ? unbound_now : "",
			unbound_now ? " today it does not: check whether the "
				      "CPU it reads matters)" :
				      "");
		break;
	case AUDIT_CPU_INDEPENDENT:
		r->advice = system ? ADVICE_SYSTEM_DFL_WQ : ADVICE_WQ_UNBOUND;
		strbuf_addf(
			&why,
			"no work function queued %s reads the current CPU, so the "
			"scheduler may run it on any CPU",
			system ? "here" : "on it");
		break;
	default:
		r->advice = ADVICE_UNDECIDED;
		strbuf_addstr(
			&why,
			"the work functions are not all known, so per-CPU "
			"dependence cannot be ruled out");
		break;
	}
	r->reason = strbuf_detach(&why);
}

/* --- system_wq users ------------------------------------------------------ */

struct pending_system {
	size_t row;
	const char *api; /* the call's name, NULL for a bare use */
	bool on; /* a *_on() call: it names a CPU */
	char *wq;
	bool has_item;
	struct pending_item item;
};

struct system_list {
	struct pending_system *items;
	size_t nr, alloc;
};

static char *function_name(const struct source_function *fn)
{
	return fn ? xstrdup(fn->name) : NULL;
}

static void add_system_site(struct lexical_pass *lp, struct system_list *out,
			    const struct source_file *f,
			    const struct source_function *caller, size_t tok,
			    const char *wq, const struct queue_call_api *api,
			    size_t item_first, size_t item_last)
{
	const struct token *t = &f->lex.tokens[tok];
	char *api_name = tok_text(&f->lex, tok);
	struct audit_row *r = audit_add_row(lp->rows, f->path, t->line,
					    t->column, AUDIT_KIND_SYSTEM_WQ,
					    api_name);
	struct pending_system *p;

	free(api_name);
	r->function = function_name(caller);
	/* schedule_work() & co queue where the tree's header says: on a 6.17+
	 * tree that is system_percpu_wq already, nothing to convert. */
	if (lp->au->migration && (!api || api->wq_arg >= 0))
		r->status = is_new_system_wq(wq) ? MIGRATION_CONVERTED :
						   MIGRATION_PENDING;
	ALLOC_GROW(out->items, out->nr, out->alloc);
	p = &out->items[out->nr++];
	memset(p, 0, sizeof(*p));
	p->row = lp->rows->nr - 1;
	p->api = api ? api->name : NULL;
	p->on = api && api->on;
	p->wq = xstrdup(wq);
	p->has_item = api != NULL;
	if (api)
		pending_item_init(&p->item, lp->a, f, caller, item_first,
				  item_last);
}

static void finish_system_site(struct lexical_pass *lp,
			       struct pending_system *p)
{
	struct audit_row *r = &lp->au->rows[p->row];
	struct work_verdict v = { 0 };
	struct strbuf msg = STRBUF_INIT;

	if (p->has_item) {
		judge_item(lp, r, &p->item, &v);
		strbuf_addf(&msg, "%s() queues %s on %s; ", p->api,
			    p->item.text, p->wq);
		describe_verdict(&msg, r, &v, p->item.text);
	} else {
		r->class = AUDIT_UNRESOLVED;
		strbuf_addf(
			&msg,
			"%s is used here as a value, not in a queueing call, so the work "
			"queued through it is not followed",
			p->wq);
	}
	if (r->class == AUDIT_CPU_DEPENDENT)
		strbuf_addstr(&msg,
			      !strcmp(p->wq, "system_percpu_wq") ?
				      ", so it must stay on system_percpu_wq" :
			      !strcmp(p->wq, "system_dfl_wq") ?
				      ", so it may need system_percpu_wq (it "
				      "runs unbound today)" :
				      ", so it needs system_percpu_wq");
	else if (r->class == AUDIT_CPU_INDEPENDENT)
		strbuf_addstr(&msg,
			      !strcmp(p->wq, "system_percpu_wq") ?
				      ", so it is a candidate for system_dfl_wq" :
			      !strcmp(p->wq, "system_dfl_wq") ?
				      ", so it rightly runs unbound" :
				      ", so it can move to system_dfl_wq");
	else if (p->has_item)
		strbuf_addstr(&msg, ", so its migration is undecided");
	r->message = strbuf_detach(&msg);
	set_advice(r, true, is_unbound_system_wq(p->wq) ? p->wq : NULL,
		   v.dependent);
	if (p->on && r->advice == ADVICE_SYSTEM_DFL_WQ) {
		struct strbuf why = STRBUF_INIT;

		strbuf_addf(&why,
			    "%s; but %s() names a CPU, which system_dfl_wq "
			    "turns into a hint",
			    r->reason, p->api);
		free(r->reason);
		r->reason = strbuf_detach(&why);
	}
	work_verdict_release(&v);
}

/* --- alloc_workqueue() ---------------------------------------------------- */

/* A queueing on a named workqueue, for alloc_workqueue()'s users. */
struct queue_call {
	char *path, *caller;
	const struct queue_call_api *api;
	unsigned line, column;
	char *wq_text; /* the argument as written */
	char *wq_key; /* as the work-item index would name it */
	bool wq_member; /* `x->NAME` or `x.NAME` */
	bool wq_plain; /* `NAME` alone */
	struct pending_item item;
};

struct call_list {
	struct queue_call *items;
	size_t nr, alloc;
};

struct call_refs {
	struct queue_call **items;
	size_t nr, alloc;
};

/* Where an alloc_workqueue()'s result goes. */
struct wq_target {
	char *name; /* NULL: not followed */
	enum {
		TARGET_NONE,
		TARGET_MEMBER,
		TARGET_GLOBAL,
		TARGET_STATIC,
		TARGET_LOCAL
	} kind;
	char *text; /* as written: `dev->wq` */
	size_t first, last; /* its tokens */
	char *key; /* as the work-item index would name it */
	const char *why_not; /* when name is NULL */
};

struct alloc_site {
	size_t row;
	char *path, *caller;
	unsigned line, column;
	bool flagged; /* WQ_UNBOUND or WQ_PERCPU among the flags */
	bool unbound;
	/* Neither as written, but WQ022 followed the value to one of them. */
	bool followed;
	bool bh_bound; /* WQ_BH, on a tree that allows it no WQ_UNBOUND */
	struct wq_target t;
};

struct alloc_list {
	struct alloc_site *items;
	size_t nr, alloc;
};

/* The work-item index's name for an expression: `struct T.wq`, `var foo_wq`,
 * `file F var foo_wq`: the same naming finds a workqueue across files. */
static char *expression_key(const struct source_file *f, size_t first,
			    size_t last)
{
	struct item_shape shape = { 0 };
	char *key;

	workitem_shape(f, first, last, &shape);
	key = shape.key && !shape.is_parameter ? xstrdup(shape.key) : NULL;
	item_shape_release(&shape);
	return key;
}

static long statement_start(const struct lexed_file *lf, long i)
{
	int depth = 0;

	for (i = token_prev_code(lf, i); i >= 0; i = token_prev_code(lf, i)) {
		if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth++;
		else if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "[")) {
			if (!depth)
				return token_next_code(lf, i);
			depth--;
		} else if (!depth && (tok_is_punct(lf, i, ";") ||
				      tok_is_punct(lf, i, "{") ||
				      tok_is_punct(lf, i, "}") ||
				      tok_is_punct(lf, i, ",")))
			return token_next_code(lf, i);
	}
	return 0;
}

/* Does [from, to) declare `struct workqueue_struct *name`? */
static bool declares(const struct lexed_file *lf, long from, long to,
		     const char *name)
{
	long j;

	for (j = from; j >= 0 && j < to; j++)
		if (tok_is_ident(lf, j, name) &&
		    tok_is_punct(lf, token_prev_code(lf, j), "*") &&
		    tok_is_ident(lf,
				 token_prev_code(lf, token_prev_code(lf, j)),
				 "workqueue_struct"))
			return true;
	return false;
}

/* Is the file-level declaration of name static? */
static bool declared_static(const struct source_file *f, const char *name)
{
	const struct lexed_file *lf = &f->lex;
	long j;

	for (j = 0; j < (long)lf->nr_tokens; j++) {
		long k;

		if (!tok_is_ident(lf, j, name) ||
		    !tok_is_punct(lf, token_prev_code(lf, j), "*") ||
		    source_function_at(f, (size_t)j))
			continue;
		for (k = statement_start(lf, j); k >= 0 && k < j;
		     k = token_next_code(lf, k))
			if (tok_is_ident(lf, k, "static"))
				return true;
	}
	return false;
}

/* Destination of the assignment whose '=' is eq: its last identifier. */
static void assignment_target(const struct source_file *f,
			      const struct source_function *caller, long eq,
			      struct wq_target *t)
{
	const struct lexed_file *lf = &f->lex;
	long last = token_prev_code(lf, eq), first = statement_start(lf, eq),
	     before;

	if (last < 0 || lf->tokens[last].kind != TOK_IDENT || first > last) {
		t->why_not =
			"the workqueue is stored through an expression the audit does not "
			"follow";
		return;
	}
	t->name = tok_text(lf, (size_t)last);
	before = token_prev_code(lf, last);
	if (tok_is_punct(lf, before, "->") || tok_is_punct(lf, before, ".")) {
		long start = last;

		/* Back along `a->b.c` only: `if (!x) x->wq = ...` starts at x. */
		while (start > first) {
			long op = token_prev_code(lf, start),
			     base = token_prev_code(lf, op);

			if (!(tok_is_punct(lf, op, "->") ||
			      tok_is_punct(lf, op, ".")) ||
			    base < first || lf->tokens[base].kind != TOK_IDENT)
				break;
			start = base;
		}
		t->kind = TARGET_MEMBER;
		t->text = expression_text(lf, (size_t)start, (size_t)last);
		t->first = (size_t)start;
		t->last = (size_t)last;
		return;
	}
	/* `struct workqueue_struct *wq = ...`: the text is the name alone. */
	t->first = t->last = (size_t)last;
	t->text = xstrdup(t->name);
	if (caller &&
	    (caller->is_macro ||
	     declares(lf, (long)caller->params_open, (long)caller->params_close,
		      t->name) ||
	     declares(lf, (long)caller->body_open, (long)last + 1, t->name)))
		t->kind = TARGET_LOCAL;
	else
		t->kind = declared_static(f, t->name) ? TARGET_STATIC :
							TARGET_GLOBAL;
}

static void wq_target_release(struct wq_target *t)
{
	free(t->name);
	free(t->text);
	free(t->key);
}

/* A local is usually stored into its real home before the function returns:
 * `dev->wq = wq;` later in the same function. */
static void follow_local(const struct source_file *f,
			 const struct source_function *caller, size_t from,
			 struct wq_target *t)
{
	const struct lexed_file *lf = &f->lex;
	long j;

	for (j = (long)from; j >= 0 && j < (long)caller->body_close;
	     j = token_next_code(lf, j)) {
		long eq = token_prev_code(lf, j);
		struct wq_target next = { 0 };

		if (!tok_is_ident(lf, j, t->name) ||
		    !tok_is_punct(lf, eq, "=") ||
		    !tok_is_punct(lf, token_next_code(lf, j), ";"))
			continue;
		assignment_target(f, caller, eq, &next);
		if (next.name && next.kind != TARGET_LOCAL) {
			wq_target_release(t);
			*t = next;
			return;
		}
		wq_target_release(&next);
	}
}

static void find_target(const struct source_file *f,
			const struct source_function *caller, size_t tok,
			struct wq_target *t)
{
	const struct lexed_file *lf = &f->lex;
	long prev = token_prev_code(lf, (long)tok);

	memset(t, 0, sizeof(*t));
	if (tok_is_ident(lf, prev, "return")) {
		t->why_not =
			"the workqueue is returned to the caller, whose use of it is not "
			"followed";
		return;
	}
	/* A cast between '=' and the call is rare enough to leave unresolved. */
	if (!tok_is_punct(lf, prev, "=")) {
		t->why_not =
			"the workqueue is not stored in a variable or member";
		return;
	}
	assignment_target(f, caller, prev, t);
	if (t->name && t->kind == TARGET_LOCAL && caller && !caller->is_macro)
		follow_local(f, caller, tok, t);
	if (t->name && t->kind != TARGET_LOCAL)
		t->key = expression_key(f, t->first, t->last);
}

static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

static bool same_string(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static bool call_matches(const struct queue_call *c, const struct alloc_site *s)
{
	const struct wq_target *t = &s->t;

	if (t->kind == TARGET_LOCAL)
		return c->wq_plain && !strcmp(c->path, s->path) &&
		       same_string(c->caller, s->caller);
	/* Both named: the struct member or variable itself, anywhere. */
	if (t->key && c->wq_key)
		return !strcmp(t->key, c->wq_key);
	switch (t->kind) {
	case TARGET_MEMBER:
		return c->wq_member && same_dir(c->path, s->path);
	case TARGET_GLOBAL:
		return c->wq_plain;
	case TARGET_STATIC:
		return c->wq_plain && !strcmp(c->path, s->path);
	default:
		return false;
	}
}

static const char *last_identifier(const char *text)
{
	const char *p = text + strlen(text);

	while (p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
			    (p[-1] >= 'A' && p[-1] <= 'Z') ||
			    (p[-1] >= '0' && p[-1] <= '9')))
		p--;
	return p;
}

static void advise_bh_percpu(struct audit_row *r)
{
	r->advice = ADVICE_WQ_PERCPU;
	free(r->reason);
	r->reason = xstrdup(
		"no work queued on it reads the current CPU, but it is a BH "
		"workqueue and the tree's __WQ_BH_ALLOWS admits no WQ_UNBOUND "
		"beside WQ_BH");
}

/* A workqueue that says WQ_PERCPU or WQ_UNBOUND already: converted. Whether
 * its choice fits its work is still worth a line: per-CPU work that never
 * reads the CPU could run unbound, unbound work that reads it may care. */
static void advise_converted(struct strbuf *msg, struct audit_row *r,
			     const struct alloc_site *s, size_t nr_on,
			     const char *dependent)
{
	if (!s->unbound && r->class == AUDIT_CPU_DEPENDENT) {
		strbuf_addstr(msg, ", so it must stay per-CPU");
	} else if (!s->unbound && r->class == AUDIT_CPU_INDEPENDENT) {
		if (s->bh_bound) {
			strbuf_addstr(msg, ", but a BH workqueue cannot be "
					   "unbound (__WQ_BH_ALLOWS)");
			return;
		}
		strbuf_addstr(msg, ", so it is a candidate for WQ_UNBOUND");
		set_advice(r, false, NULL, dependent);
		if (nr_on) {
			char *why = r->reason;
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb,
				    "%s; but it is also queued on chosen CPUs, "
				    "which WQ_UNBOUND turns into a hint",
				    why);
			free(why);
			r->reason = strbuf_detach(&sb);
		}
	} else if (s->unbound && r->class == AUDIT_CPU_DEPENDENT) {
		strbuf_addstr(msg, ", so check whether WQ_PERCPU is needed");
		set_advice(r, false, "WQ_UNBOUND", dependent);
	} else if (s->unbound && r->class == AUDIT_CPU_INDEPENDENT) {
		strbuf_addstr(msg, ", so it rightly runs unbound");
	}
}

/* The work functions of the calls that queue on s, for
 * audit_verdicts_answer(): those finish_alloc_site() judges. */
static void ask_alloc_site(struct lexical_pass *lp, const struct alloc_site *s,
			   const struct strmap *by_name)
{
	const struct call_refs *named;
	size_t i;

	if (!s->t.name)
		return;
	named = strmap_get(by_name, s->t.name);
	for (i = 0; named && i < named->nr; i++)
		if (call_matches(named->items[i], s))
			ask_item(lp, &named->items[i]->item);
}

static void finish_alloc_site(struct lexical_pass *lp,
			      const struct alloc_site *s,
			      const struct strmap *by_name)
{
	struct audit_row *r = &lp->au->rows[s->row];
	const struct wq_target *t = &s->t;
	struct work_verdict v = { 0 };
	struct strbuf msg = STRBUF_INIT;
	size_t nr_calls = 0, nr_on = 0, i;
	char buf[512];

	if (t->name) {
		const struct call_refs *named = strmap_get(by_name, t->name);

		if (t->key)
			snprintf(buf, sizeof(buf),
				 "the workqueue is stored in %s (%s: queueings "
				 "on it are looked for in the tree)",
				 t->text, t->key);
		else
			snprintf(
				buf, sizeof(buf),
				"the workqueue is stored in %s (%s)", t->text,
				t->kind == TARGET_MEMBER ?
					"a member: looked for in "
					"this directory" :
				t->kind == TARGET_LOCAL ?
					"a local: looked for in this "
					"function" :
				t->kind == TARGET_STATIC ?
					"a static variable: looked for in "
					"this file" :
					"a global variable: looked for in the tree");
		audit_row_add_evidence(r, s->path, s->line, s->column, buf);
		for (i = 0; named && i < named->nr; i++) {
			const struct queue_call *c = named->items[i];

			if (!call_matches(c, s))
				continue;
			nr_calls++;
			nr_on += c->api->on;
			if (nr_calls <= MAX_SHOWN_CALLS) {
				snprintf(buf, sizeof(buf),
					 "%s() queues %s on %s", c->api->name,
					 c->item.text, c->wq_text);
				audit_row_add_evidence(r, c->path, c->line,
						       c->column, buf);
			}
			judge_item(lp, r, &c->item, &v);
		}
	}
	strbuf_addf(&msg, "alloc_workqueue() %s; ",
		    s->flagged ? (s->unbound ? "asks for WQ_UNBOUND" :
					       "asks for WQ_PERCPU") :
		    s->followed ? "names WQ_PERCPU or WQ_UNBOUND through a "
				  "value defined in its file (WQ022 followed "
				  "it)" :
				  "names neither WQ_PERCPU nor WQ_UNBOUND");
	if (!t->name) {
		r->class = AUDIT_UNRESOLVED;
		strbuf_addstr(&msg, t->why_not);
	} else if (!nr_calls) {
		r->class = AUDIT_UNRESOLVED;
		strbuf_addf(
			&msg,
			"no queue_work() & co on %s was found where the audit looks, so "
			"the work it runs is not known",
			t->text);
	} else {
		strbuf_addf(&msg, "%zu queueing%s on %s found: ", nr_calls,
			    nr_calls == 1 ? "" : "s", t->text);
		describe_verdict(&msg, r, &v, NULL);
		if (nr_on)
			strbuf_addf(&msg,
				    "; %zu of them name%s a CPU (queue_*_on())",
				    nr_on, nr_on == 1 ? "s" : "");
	}
	if (!s->flagged && !s->followed) {
		if (r->class == AUDIT_CPU_DEPENDENT)
			strbuf_addstr(&msg, ", so it needs WQ_PERCPU");
		else if (r->class == AUDIT_CPU_INDEPENDENT && s->bh_bound)
			strbuf_addstr(&msg,
				      ", but a BH workqueue cannot be unbound "
				      "(__WQ_BH_ALLOWS), so it needs WQ_PERCPU");
		else if (r->class == AUDIT_CPU_INDEPENDENT)
			strbuf_addstr(&msg,
				      ", so it is a candidate for WQ_UNBOUND");
		else
			strbuf_addstr(
				&msg,
				", so WQ_PERCPU or WQ_UNBOUND is undecided");
		set_advice(r, false, NULL, v.dependent);
		if (s->bh_bound && r->advice == ADVICE_WQ_UNBOUND)
			advise_bh_percpu(r);
		if (nr_on && r->advice == ADVICE_WQ_UNBOUND) {
			struct strbuf why = STRBUF_INIT;

			strbuf_addf(
				&why,
				"%s; but it is also queued on chosen CPUs, which "
				"WQ_UNBOUND turns into a hint",
				r->reason);
			free(r->reason);
			r->reason = strbuf_detach(&why);
		}
	} else if (lp->au->migration && s->flagged) {
		advise_converted(&msg, r, s, nr_on, v.dependent);
	}
	r->message = strbuf_detach(&msg);
	work_verdict_release(&v);
}

/* --- the pass -------------------------------------------------------------- */

struct collected {
	struct system_list systems;
	struct call_list calls;
	struct alloc_list allocs;
};

static void add_call(struct lexical_pass *lp, struct call_list *calls,
		     const struct source_file *f,
		     const struct source_function *caller,
		     const struct queue_call_api *api, size_t tok,
		     size_t wq_first, size_t wq_last, size_t item_first,
		     size_t item_last)
{
	const struct lexed_file *lf = &f->lex;
	long before_last = token_prev_code(lf, (long)wq_last);
	struct queue_call *c;

	ALLOC_GROW(calls->items, calls->nr, calls->alloc);
	c = &calls->items[calls->nr++];
	memset(c, 0, sizeof(*c));
	c->path = xstrdup(f->path);
	c->caller = function_name(caller);
	c->api = api;
	c->line = lf->tokens[tok].line;
	c->column = lf->tokens[tok].column;
	c->wq_text = expression_text(lf, wq_first, wq_last);
	c->wq_key = expression_key(f, wq_first, wq_last);
	c->wq_member = wq_first != wq_last &&
		       (tok_is_punct(lf, before_last, "->") ||
			tok_is_punct(lf, before_last, "."));
	c->wq_plain = wq_first == wq_last &&
		      lf->tokens[wq_first].kind == TOK_IDENT;
	pending_item_init(&c->item, lp->a, f, caller, item_first, item_last);
}

static void add_alloc(struct lexical_pass *lp, struct alloc_list *allocs,
		      const struct source_file *f,
		      const struct source_function *caller, size_t tok)
{
	const struct lexed_file *lf = &f->lex;
	const struct token *t = &lf->tokens[tok];
	struct audit_row *r = audit_add_row(lp->rows, f->path, t->line,
					    t->column,
					    AUDIT_KIND_ALLOC_WORKQUEUE,
					    "alloc_workqueue");
	long open = token_next_code(lf, (long)tok);
	size_t first[8], last[8],
		n = call_arguments(lf, (size_t)open, first, last, 8);
	struct alloc_site *s;

	r->function = function_name(caller);
	ALLOC_GROW(allocs->items, allocs->nr, allocs->alloc);
	s = &allocs->items[allocs->nr++];
	memset(s, 0, sizeof(*s));
	s->row = lp->rows->nr - 1;
	s->path = xstrdup(f->path);
	s->caller = function_name(caller);
	s->line = t->line;
	s->column = t->column;
	if (n >= 2 && n <= 8 && first[1] <= last[1]) {
		s->unbound = names_flag(lf, first[1], last[1], "WQ_UNBOUND");
		s->flagged = s->unbound ||
			     names_flag(lf, first[1], last[1], "WQ_PERCPU");
		s->bh_bound = names_flag(lf, first[1], last[1], "WQ_BH") &&
			      !era_bh_allows(&lp->au->era, "WQ_UNBOUND");
	}
	find_target(f, caller, tok, &s->t);
}

/* The scan's WQ020-WQ022 finding at a row's position gives the row its
 * rule, once the scan is over (the rows are read beside it). */
static void claim_system_site(struct audit *au, const struct pending_system *p)
{
	struct audit_row *r = &au->rows[p->row];
	struct audit_migration_finding *m =
		audit_claim_migration_finding(au, r->file, r->line, r->column);

	if (m)
		r->rule = m->rule;
}

/* For an alloc_workqueue(), also where it stands in the migration. */
static void claim_alloc_site(struct audit *au, struct alloc_site *s)
{
	struct audit_row *r = &au->rows[s->row];
	struct audit_migration_finding *m =
		audit_claim_migration_finding(au, s->path, s->line, s->column);

	if (m)
		r->rule = m->rule;
	if (au->migration) {
		/* WQ022 judged the flags, macros followed: it has the say. */
		s->followed = !s->flagged && !m;
		r->status = m ? MIGRATION_PENDING : MIGRATION_CONVERTED;
		r->progress_name = m ? "alloc_workqueue" :
				   s->followed ? "flags_value" :
				   s->unbound ? "WQ_UNBOUND" :
						"WQ_PERCPU";
	}
}

static void scan_file(struct lexical_pass *lp, const struct source_file *f,
		      struct collected *col)
{
	const struct lexed_file *lf = &f->lex;
	bool *taken = xcalloc(lf->nr_tokens + 1, sizeof(*taken));
	/* Where schedule_work() queues: the tree's header says (6.17+:
	 * system_percpu_wq). */
	const char *implied_wq =
		lp->au->migration && lp->au->era.schedule_work_wq ?
			lp->au->era.schedule_work_wq :
			"system_wq";
	size_t i, j;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct queue_call_api *api;
		size_t first[8], last[8], n;
		long open, prev;
		bool system, alloc;

		if (f->dead[i] || lf->tokens[i].kind != TOK_IDENT ||
		    lf->tokens[i].is_directive_name ||
		    lf->tokens[i].is_macro_param)
			continue;
		api = queue_call_api_at(lf, i);
		system = !api &&
			 is_system_wq_name(lf, (long)i, lp->au->migration) &&
			 !taken[i] &&
			 !lf->tokens[i].in_directive;
		alloc = !api && tok_is_ident(lf, (long)i, "alloc_workqueue") &&
			!lf->tokens[i].in_directive;
		if (!api && !system && !alloc)
			continue;
		prev = token_prev_code(lf, (long)i);
		if (tok_is_punct(lf, prev, ".") || tok_is_punct(lf, prev, "->"))
			continue;
		open = token_next_code(lf, (long)i);
		if (system) {
			char *wq;

			/* `struct workqueue_struct *system_wq;` declares a
			 * member or variable of that name: not a use. */
			if (tok_is_punct(lf, prev, "*") &&
			    tok_is_ident(lf, token_prev_code(lf, prev),
					 "workqueue_struct"))
				continue;
			wq = tok_text(lf, i);

			add_system_site(lp, &col->systems, f,
					source_function_at(f, i), i, wq, NULL,
					0, 0);
			free(wq);
			continue;
		}
		if (!tok_is_punct(lf, open, "("))
			continue;
		if (alloc) {
			add_alloc(lp, &col->allocs, f, source_function_at(f, i),
				  i);
			continue;
		}
		n = call_arguments(lf, (size_t)open, first, last, 8);
		if (n > 8 || n <= (size_t)api->item_arg ||
		    first[api->item_arg] > last[api->item_arg])
			continue;
		if (api->wq_arg < 0) {
			add_system_site(lp, &col->systems, f,
					source_function_at(f, i), i,
					implied_wq, api, first[api->item_arg],
					last[api->item_arg]);
			continue;
		}
		if (first[api->wq_arg] > last[api->wq_arg])
			continue;
		for (j = first[api->wq_arg]; j <= last[api->wq_arg]; j++)
			taken[j] = true;
		/* queue_work_on(cpu, system_wq, w) uses the name too: a row
		 * beside the *_on() site's own. */
		if (first[api->wq_arg] == last[api->wq_arg] &&
		    is_system_wq_name(lf, (long)first[api->wq_arg],
				      lp->au->migration)) {
			char *wq = tok_text(lf, first[api->wq_arg]);

			add_system_site(lp, &col->systems, f,
					source_function_at(f, i),
					first[api->wq_arg], wq, api,
					first[api->item_arg],
					last[api->item_arg]);
			free(wq);
			continue;
		}
		add_call(lp, &col->calls, f, source_function_at(f, i), api, i,
			 first[api->wq_arg], last[api->wq_arg],
			 first[api->item_arg], last[api->item_arg]);
	}
	free(taken);
}

static void free_call_refs(void *p)
{
	struct call_refs *l = p;

	free(l->items);
	free(l);
}

/* The file lexed on its own, outside the analysis' cache (which its own
 * thread may be filling meanwhile): most are read once. */
static struct source_file *lex_alone(const char *root, const char *path)
{
	struct strbuf text = STRBUF_INIT, abs = STRBUF_INIT;
	size_t len;

	strbuf_addf(&abs, "%s/%s", root, path);
	if (strbuf_read_file(&text, abs.buf) < 0 || !text.buf ||
	    memchr(text.buf, '\0', text.len)) {
		strbuf_release(&text);
		strbuf_release(&abs);
		return NULL;
	}
	strbuf_release(&abs);
	len = text.len;
	return source_file_new(path, strbuf_detach(&text), len);
}

/* One file's rows and sites, read on a thread. */
struct file_sites {
	struct audit rows;
	struct collected col;
};

struct file_pass {
	const struct lexical_pass *lp;
	const char *root;
	const size_t *files; /* indexes into a->all */
	struct file_sites *out; /* one per file */
	size_t nr;
	atomic_size_t next;
};

/* The work-item index, the file list and the era are only read here. */
static void *file_worker(void *arg)
{
	struct file_pass *p = arg;

	for (;;) {
		size_t k = atomic_fetch_add(&p->next, 1);
		struct lexical_pass lp;
		struct source_file *f;

		if (k >= p->nr)
			break;
		lp = *p->lp;
		lp.rows = &p->out[k].rows;
		f = lex_alone(p->root, lp.a->all.paths[p->files[k]]);
		if (!f)
			continue;
		scan_file(&lp, f, &p->out[k].col);
		source_file_free(f);
	}
	return NULL;
}

/* Moves from's items to the end of list. */
#define APPEND(list, from)                                             \
	do {                                                           \
		if ((from).nr) {                                       \
			ALLOC_GROW((list).items, (list).nr + (from).nr, \
				   (list).alloc);                      \
			memcpy((list).items + (list).nr, (from).items, \
			       (from).nr * sizeof(*(from).items));     \
			(list).nr += (from).nr;                        \
		}                                                      \
		free((from).items);                                    \
	} while (0)

/* A file's rows and sites after those of the files before it. */
static void merge_file(struct audit *rows, struct collected *col,
		       struct file_sites *fs)
{
	size_t offset = rows->nr, i;

	for (i = 0; i < fs->col.systems.nr; i++)
		fs->col.systems.items[i].row += offset;
	for (i = 0; i < fs->col.allocs.nr; i++)
		fs->col.allocs.items[i].row += offset;
	if (fs->rows.nr) {
		ALLOC_GROW(rows->rows, rows->nr + fs->rows.nr, rows->alloc);
		memcpy(rows->rows + rows->nr, fs->rows.rows,
		       fs->rows.nr * sizeof(*rows->rows));
		rows->nr += fs->rows.nr;
	}
	free(fs->rows.rows);
	APPEND(col->systems, fs->col.systems);
	APPEND(col->calls, fs->col.calls);
	APPEND(col->allocs, fs->col.allocs);
}

/* What each file that mentions the names says, on -j threads, in the order
 * of the files. */
static void read_files(struct lexical_pass *lp, const bool *mentions, int jobs,
		       struct collected *col)
{
	struct affinity_analysis *a = lp->a;
	struct file_pass p = { .lp = lp, .root = a->sc.root };
	size_t *files = xcalloc(a->all.nr + 1, sizeof(*files)), i;

	for (i = 0; i < a->all.nr; i++)
		if (mentions[i] && !audit_is_api_file(a->all.paths[i]))
			files[p.nr++] = i;
	p.files = files;
	p.out = xcalloc(p.nr + 1, sizeof(*p.out));
	atomic_init(&p.next, 0);
	parallel_run(jobs, file_worker, &p);
	for (i = 0; i < p.nr; i++)
		merge_file(lp->rows, col, &p.out[i]);
	free(p.out);
	free(files);
}

struct audit_lexical {
	struct lexical_pass lp;
	struct audit rows; /* the files' rows, in order, until finish */
	struct collected col; /* their rows are indexes into rows */
	/* The last identifier of a call's workqueue -> struct call_refs. */
	struct strmap by_name;
};

/* The work functions of the sites, for the questions answered at once. */
static void ask_sites(struct audit_lexical *lx)
{
	struct collected *col = &lx->col;
	size_t i;

	for (i = 0; i < col->calls.nr; i++) {
		const char *name = last_identifier(col->calls.items[i].wq_text);
		struct call_refs *l;

		if (!*name)
			continue;
		l = strmap_get(&lx->by_name, name);
		if (!l) {
			l = xcalloc(1, sizeof(*l));
			strmap_put(&lx->by_name, name, l);
		}
		ALLOC_GROW(l->items, l->nr, l->alloc);
		l->items[l->nr++] = &col->calls.items[i];
	}
	for (i = 0; i < col->systems.nr; i++)
		if (col->systems.items[i].has_item)
			ask_item(&lx->lp, &col->systems.items[i].item);
	for (i = 0; i < col->allocs.nr; i++)
		ask_alloc_site(&lx->lp, &col->allocs.items[i], &lx->by_name);
}

struct audit_lexical *audit_lexical_read(struct affinity_analysis *a,
					 const bool *mentions, int jobs,
					 const struct audit *au)
{
	struct audit_lexical *lx = xcalloc(1, sizeof(*lx));

	lx->lp.a = a;
	lx->lp.au = (struct audit *)au; /* only its era is read until finish */
	lx->lp.rows = &lx->rows;
	read_files(&lx->lp, mentions, jobs, &lx->col);
	ask_sites(lx);
	audit_verdicts_start(&lx->lp.verdicts, a, jobs);
	return lx;
}

void audit_lexical_finish(struct audit_lexical *lx, struct audit *out)
{
	struct collected *col = &lx->col;
	size_t offset = out->nr, i;

	audit_verdicts_wait(&lx->lp.verdicts);

	if (lx->rows.nr) {
		ALLOC_GROW(out->rows, out->nr + lx->rows.nr, out->alloc);
		memcpy(out->rows + out->nr, lx->rows.rows,
		       lx->rows.nr * sizeof(*out->rows));
		out->nr += lx->rows.nr;
	}
	free(lx->rows.rows);
	lx->lp.au = out;
	lx->lp.rows = out;
	for (i = 0; i < col->systems.nr; i++) {
		col->systems.items[i].row += offset;
		claim_system_site(out, &col->systems.items[i]);
	}
	for (i = 0; i < col->allocs.nr; i++) {
		col->allocs.items[i].row += offset;
		claim_alloc_site(out, &col->allocs.items[i]);
	}
	for (i = 0; i < col->systems.nr; i++) {
		finish_system_site(&lx->lp, &col->systems.items[i]);
		free(col->systems.items[i].wq);
		if (col->systems.items[i].has_item)
			pending_item_release(&col->systems.items[i].item);
	}
	for (i = 0; i < col->allocs.nr; i++) {
		finish_alloc_site(&lx->lp, &col->allocs.items[i],
				  &lx->by_name);
		free(col->allocs.items[i].path);
		free(col->allocs.items[i].caller);
		wq_target_release(&col->allocs.items[i].t);
	}
	strmap_release(&lx->by_name, free_call_refs);
	for (i = 0; i < col->calls.nr; i++) {
		struct queue_call *c = &col->calls.items[i];

		free(c->path);
		free(c->caller);
		free(c->wq_text);
		free(c->wq_key);
		pending_item_release(&c->item);
	}
	free(col->systems.items);
	free(col->calls.items);
	free(col->allocs.items);
	audit_verdicts_release(&lx->lp.verdicts);
	free(lx);
}
