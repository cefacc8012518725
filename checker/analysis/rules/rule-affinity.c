/* WQ010, WQ011, WQ012: affinity and reentrancy assumptions.
 *
 * Since 3.7 (dbf2576e37da) a work item runs on at most one CPU at a time:
 * queue_work_on(cpu, wq, w) queues w on the CPU where w is still running,
 * whatever cpu says, and two queueings of one item never run in parallel.
 * That matters to a work function that reads the current CPU (WQ010), to
 * code that queues one item on several CPUs expecting parallel runs (WQ011),
 * and to a work function that re-queues itself on another CPU (WQ012).
 *
 * The rules need the whole tree: which function an item runs (the INIT_WORK
 * may be in another file), and what that function and its callees read.
 * The tree's reading (model/tree-reading.h) indexes the items and marks the
 * files that call the *_on() API or a wrapper of it (model/on-api.h); here
 * each such call is found and judged, and the rules report from that. */
#include "analysis/rules/rule-affinity.h"
#include "analysis/model/cpu-dependence.h"
#include "analysis/model/cpu-summary.h"
#include "analysis/model/cpu-questions.h"
#include "analysis/model/item-bindings.h"
#include "analysis/model/on-api.h"
#include "analysis/model/workitem-index.h"
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool token_in_range_is(const struct lexed_file *lf, long from, long to,
			      const char *name);

/* One call of the API or of a wrapper. */
struct queue_site {
	struct source_file *file;
	const struct source_function *caller;
	const struct queue_api *api;
	size_t tok, cpu_first, cpu_last, item_first, item_last;
	char *cpu_text, *item_text;
	bool delayed;			/* queued through a timer after a non-zero delay */
	bool unbound;			/* on an unbound workqueue: the cpu is only a hint */
	bool fresh;			/* INIT_*WORK()ed just before in the same function,
					 * or first queued by __init before any run */
	bool idle;			/* cancel_*_sync()ed or flushed just before */
	struct item_shape item;
	struct work_binding *const *bindings;
	size_t nr_bindings;
	struct item_bindings resolved;	/* owns what bindings points to, if anything */
	bool cpu_current;		/* the cpu argument is the current CPU */
	bool own_cpu;			/* a per-CPU item sent to its own CPU */
	bool own_field;			/* ... to the CPU the item stores as its home */
	bool self_delayed;		/* its own work function re-arms it with a delay */
	/* WQ010 */
	bool cpu_dependent;
	const struct work_binding *dependent_binding;
	struct cpu_chain chain;
};

struct site_list {
	struct queue_site *items;
	size_t nr, alloc;
};

static bool is_current_cpu_call_text(const char *s)
{
	return !strcmp(s, "smp_processor_id()") || !strcmp(s, "raw_smp_processor_id()") ||
	       !strcmp(s, "get_cpu()") || !strcmp(s, "debug_smp_processor_id()");
}

/* Is the cpu argument the current CPU: an accessor, a wrapper of one such
 * as xfs's current_cpu(), or a local last set from one before the call? */
static bool cpu_is_current(struct cpu_dependence *cd, const struct queue_site *s)
{
	const struct lexed_file *lf = &s->file->lex;
	long j, open = token_next_code(lf, (long)s->cpu_first);

	if (is_current_cpu_call_text(s->cpu_text))
		return true;
	if (lf->tokens[s->cpu_first].kind == TOK_IDENT && tok_is_punct(lf, open, "(") &&
	    token_match_bracket(lf, (size_t)open) == (long)s->cpu_last) {
		char *name = tok_text(lf, s->cpu_first);
		bool wraps = cpu_dependence_reads_only_cpu(cd, s->file->path, name);

		free(name);
		return wraps;
	}
	if (s->cpu_first != s->cpu_last || lf->tokens[s->cpu_first].kind != TOK_IDENT)
		return false;
	for (j = (long)s->tok - 1; j > (long)s->caller->body_open; j--) {
		long eq = token_next_code(lf, j), val;

		if (lf->tokens[j].len != lf->tokens[s->cpu_first].len ||
		    memcmp(lf->text + lf->tokens[j].offset, s->cpu_text, lf->tokens[j].len) ||
		    !tok_is_punct(lf, eq, "="))
			continue;
		val = token_next_code(lf, eq);
		return val >= 0 && is_current_cpu_accessor(lf, (size_t)val);
	}
	return false;
}

static bool is_self_requeue(const struct queue_site *s)
{
	size_t i;

	for (i = 0; i < s->nr_bindings; i++)
		if (s->caller && !strcmp(s->caller->name, s->bindings[i]->function))
			return true;
	return false;
}

/* The identifier an item expression starts from: `b` in `&b->work`; for a
 * work function's own parameter, the local set from container_of() on it. */
static char *item_base(const struct queue_site *s)
{
	const struct lexed_file *lf = &s->file->lex;
	long i = (long)s->item_first, j;

	if (tok_is_punct(lf, i, "&"))
		i = token_next_code(lf, i);
	if (i < 0 || lf->tokens[i].kind != TOK_IDENT || tok_is_ident(lf, i, "per_cpu") ||
	    tok_is_ident(lf, i, "per_cpu_ptr") || tok_is_ident(lf, i, "this_cpu_ptr"))
		return NULL;
	if (!s->item.own_parameter)
		return tok_text(lf, (size_t)i);
	for (j = (long)s->caller->body_open; j < (long)s->tok; j++) {
		long eq = token_next_code(lf, j);

		if (lf->tokens[j].kind == TOK_IDENT && tok_is_punct(lf, eq, "=") &&
		    tok_is_ident(lf, token_next_code(lf, eq), "container_of"))
			return tok_text(lf, (size_t)j);
	}
	return NULL;
}

/* `b->cpu` or `queue_cpu(q)` for the item `&b->work`: the CPU the item
 * stores as its home. A rotating target (`h->next_cpu`) is not a home. */
static bool cpu_is_items_own_field(const struct queue_site *s)
{
	static const char *const moving[] = { "next", "target", "new", "last", "prev",
		"rr", "round", NULL };
	const char *const *m;
	char *base = item_base(s);
	bool own;

	if (!base)
		return false;
	own = s->cpu_first != s->cpu_last &&
	      token_in_range_is(&s->file->lex, (long)s->cpu_first, (long)s->cpu_last, base);
	for (m = moving; *m && own; m++)
		if (strstr(s->cpu_text, *m))
			own = false;
	free(base);
	return own;
}

static void decide_own_cpu(struct queue_site *s)
{
	bool current = s->cpu_current;

	if (s->item.per_cpu && s->item.cpu) {
		if (!strcmp(s->item.cpu, s->cpu_text) ||
		    (!strcmp(s->item.cpu, "@current") && current))
			s->own_cpu = true;
	}
	if (current && is_self_requeue(s))
		s->own_cpu = true;
	if (!s->own_cpu && cpu_is_items_own_field(s))
		s->own_cpu = s->own_field = true;
	/* The timer fires after this run has returned: nothing is running
	 * elsewhere to divert the queueing. */
	if (!s->own_cpu && s->delayed && is_self_requeue(s))
		s->self_delayed = true;
}

static bool unbound_flags(const struct lexed_file *lf, long open)
{
	long close = token_match_bracket(lf, (size_t)open), j;

	for (j = open; j >= 0 && j < close; j++)
		if (tok_is_ident(lf, j, "WQ_UNBOUND"))
			return true;
	return false;
}

/* system_unbound_wq, or a workqueue this file allocates with WQ_UNBOUND
 * (alloc_ordered_workqueue() and create_singlethread_workqueue() too):
 * the cpu of queue_work_on() is then only a NUMA hint. */
static bool workqueue_is_unbound(const struct source_file *f, size_t first, size_t last)
{
	const struct lexed_file *lf = &f->lex;
	const struct token *name = &lf->tokens[last];
	size_t j;

	if (tok_is_ident(lf, (long)first, "system_unbound_wq") && first == last)
		return true;
	if (name->kind != TOK_IDENT)
		return false;
	for (j = 0; j + 2 < lf->nr_tokens; j++) {
		long eq = token_next_code(lf, (long)j), call, open;

		if (lf->tokens[j].kind != TOK_IDENT || lf->tokens[j].len != name->len ||
		    memcmp(lf->text + lf->tokens[j].offset, lf->text + name->offset, name->len) ||
		    !tok_is_punct(lf, eq, "="))
			continue;
		call = token_next_code(lf, eq);
		open = token_next_code(lf, call);
		if (!tok_is_punct(lf, open, "("))
			continue;
		if (tok_is_ident(lf, call, "alloc_ordered_workqueue") ||
		    tok_is_ident(lf, call, "create_singlethread_workqueue") ||
		    tok_is_ident(lf, call, "create_freezable_workqueue") ||
		    (tok_is_ident(lf, call, "alloc_workqueue") && unbound_flags(lf, open)))
			return true;
	}
	return false;
}

static void collect_sites(struct source_file *f, const struct api_list *apis,
			  struct site_list *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct queue_api *api;
		const struct source_function *caller;
		struct queue_site *s;
		size_t first[8], last[8], n;
		long open, prev;

		if (f->dead[i] || lf->tokens[i].in_directive || lf->tokens[i].kind != TOK_IDENT)
			continue;
		api = api_named(apis, lf, i);
		open = token_next_code(lf, (long)i);
		prev = token_prev_code(lf, (long)i);
		if (!api || !tok_is_punct(lf, open, "(") || tok_is_punct(lf, prev, ".") ||
		    tok_is_punct(lf, prev, "->"))
			continue;
		caller = source_function_at(f, i);
		if (!caller || (api->wrapper && !strcmp(caller->name, api->name)))
			continue;
		n = call_arguments(lf, (size_t)open, first, last, 8);
		if (n <= (size_t)api->item_arg || n <= (size_t)api->cpu_arg ||
		    first[api->item_arg] > last[api->item_arg])
			continue;
		ALLOC_GROW(out->items, out->nr, out->alloc);
		s = &out->items[out->nr++];
		memset(s, 0, sizeof(*s));
		s->file = f;
		s->caller = caller;
		s->api = api;
		s->tok = i;
		s->cpu_first = first[api->cpu_arg];
		s->cpu_last = last[api->cpu_arg];
		s->item_first = first[api->item_arg];
		s->item_last = last[api->item_arg];
		s->cpu_text = expression_text(lf, s->cpu_first, s->cpu_last);
		if (api->wq_arg >= 0 && api->wq_arg < (int)n && api->wq_arg < 8)
			s->unbound = workqueue_is_unbound(f, first[api->wq_arg], last[api->wq_arg]);
		if (api->delay_arg >= 0) {
			char *delay = api->delay_arg < (int)n && api->delay_arg < 8 ?
				      expression_text(lf, first[api->delay_arg],
						      last[api->delay_arg]) : NULL;

			s->delayed = !delay || strcmp(delay, "0");
			free(delay);
		}
		s->item_text = expression_text(lf, s->item_first, s->item_last);
		workitem_shape(f, s->item_first, s->item_last, &s->item);
	}
}

/* A wrapper's own call passes its parameters through: its callers are the sites. */
static bool inside_wrapper(const struct queue_site *s, const struct api_list *apis)
{
	size_t k;

	for (k = 0; k < apis->nr; k++)
		if (apis->items[k].wrapper && !strcmp(apis->items[k].name, s->caller->name) &&
		    !strcmp(apis->items[k].file, s->file->path))
			return true;
	return false;
}

/* The for_each_*cpu*(c, ...) or `for (c = ...` loop around token tok whose
 * variable is c; returns the loop's first token, sets its body's end. */
static long enclosing_cpu_loop(const struct source_file *f, const struct source_function *fn,
			       size_t tok, const char *c, long *body_start, long *body_end)
{
	const struct lexed_file *lf = &f->lex;
	size_t clen = strlen(c);
	long j;

	for (j = (long)tok - 1; j > (long)fn->body_open; j--) {
		const struct token *t = &lf->tokens[j];
		long open, var, close, start, end;
		bool loop;

		if (t->kind != TOK_IDENT)
			continue;
		loop = tok_is_ident(lf, j, "for") ||
		       (t->len > 9 && !memcmp(lf->text + t->offset, "for_each_", 9) &&
			memmem(lf->text + t->offset, t->len, "cpu", 3));
		if (!loop)
			continue;
		open = token_next_code(lf, j);
		var = token_next_code(lf, open);
		if (!tok_is_punct(lf, open, "(") || var < 0 || lf->tokens[var].len != clen ||
		    memcmp(lf->text + lf->tokens[var].offset, c, clen))
			continue;
		close = token_match_bracket(lf, (size_t)open);
		if (close < 0)
			continue;
		start = token_next_code(lf, close);
		if (tok_is_punct(lf, start, "{")) {
			end = token_match_bracket(lf, (size_t)start);
		} else {
			int depth = 0;

			for (end = start; end >= 0 && end < (long)fn->body_close;
			     end = token_next_code(lf, end)) {
				if (tok_is_punct(lf, end, "(") || tok_is_punct(lf, end, "{"))
					depth++;
				else if (tok_is_punct(lf, end, ")") || tok_is_punct(lf, end, "}"))
					depth--;
				else if (depth == 0 && tok_is_punct(lf, end, ";"))
					break;
			}
		}
		if (end >= 0 && (long)tok >= start && (long)tok < end) {
			*body_start = start;
			*body_end = end;
			return j;
		}
	}
	return -1;
}

static bool token_in_range_is(const struct lexed_file *lf, long from, long to, const char *name)
{
	long j;

	for (j = from; j >= 0 && j <= to; j++)
		if (tok_is_ident(lf, j, name))
			return true;
	return false;
}

/* Does the loop make the item from the loop variable (`b = &per_cpu(x, cpu)`)
 * or wait for each run (flush/cancel inside the loop)? */
static bool loop_varies_or_waits(const struct queue_site *s, const char *c, long body_start,
				 long body_end)
{
	const struct lexed_file *lf = &s->file->lex;
	static const char *const waits[] = { "flush_work", "flush_delayed_work",
		"cancel_work_sync", "cancel_delayed_work_sync", "flush_workqueue",
		"wait_for_completion", NULL };
	const char *const *w;
	long j;

	if (token_in_range_is(lf, (long)s->item_first, (long)s->item_last, c))
		return true;
	for (w = waits; *w; w++)
		if (token_in_range_is(lf, body_start, body_end, *w))
			return true;
	for (j = body_start; j < (long)s->tok; j++) {
		long eq, lhs;

		if (!tok_is_ident(lf, j, c))
			continue;
		/* Walk back to the statement's start and take the assigned name. */
		for (eq = j; eq > body_start && !tok_is_punct(lf, eq, "=") &&
		     !tok_is_punct(lf, eq, ";") && !tok_is_punct(lf, eq, "{"); eq--)
			;
		if (!tok_is_punct(lf, eq, "="))
			continue;
		lhs = token_prev_code(lf, eq);
		if (lhs >= 0 && lf->tokens[lhs].kind == TOK_IDENT) {
			char *name = tok_text(lf, (size_t)lhs);
			bool derived = token_in_range_is(lf, (long)s->item_first,
							 (long)s->item_last, name);

			free(name);
			if (derived)
				return true;
		}
	}
	return false;
}

static struct finding *add_site_finding(struct scan_result *res, const struct rule *rule,
					const struct queue_site *s)
{
	const struct token *t = &s->file->lex.tokens[s->tok];

	return scan_result_add_finding(res, rule, s->file->path, t->line, t->column,
				       t->column + (unsigned)t->len, &s->file->lex);
}

static void add_binding_evidence(struct finding *f, const struct work_binding *b,
				 const char *item_text)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s() is the work function of %s (%s, item %s)", b->function,
		 item_text, b->how, b->key);
	finding_add_evidence(f, b->file, b->line, b->column, buf);
}

static void add_wrapper_evidence(struct finding *f, const struct queue_api *api)
{
	char buf[512];

	if (!api->wrapper)
		return;
	snprintf(buf, sizeof(buf), "%s() passes its cpu and work item to the *_on() API",
		 api->name);
	finding_add_evidence(f, api->file, api->line, 1, buf);
}

static void report_wq010(struct scan_result *res, const struct rule *rule,
			 const struct queue_site *s)
{
	struct finding *f = add_site_finding(res, rule, s);
	const struct work_binding *b = s->dependent_binding;
	struct strbuf msg = STRBUF_INIT;
	size_t i;

	if (!f)
		return;
	if (s->cpu_current && is_self_requeue(s)) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "%s() re-arms its own item %s on the CPU it runs on (%s) and "
			    "reads the current CPU: since 3.7 a queueing goes to the CPU where the "
			    "item still runs, which is this one, so the item stays here as "
			    "intended", b->function, s->item_text, s->cpu_text);
	} else if (s->self_delayed) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "%s() re-arms its own item %s on CPU %s after a delay and reads "
			    "the current CPU: since 3.7 a queueing goes where the item still runs, "
			    "but the timer fires after this run has returned, so the item lands on "
			    "%s unless a run outlasts the delay; make sure it cannot",
			    b->function, s->item_text, s->cpu_text, s->cpu_text);
	} else if (s->own_field) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "%s() queues %s on the CPU it stores as its home (%s) and its "
			    "work function %s() reads the current CPU: since 3.7 a queueing goes "
			    "where the item still runs, which is its home as long as every "
			    "queueing targets it; keep it so (and cancel_*_sync() before moving "
			    "the home, e.g. on CPU hotplug)",
			    s->api->name, s->item_text, s->cpu_text, b->function);
	} else if (s->own_cpu) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "%s() queues the per-CPU item `%s` on its own CPU (`%s`) and its "
			    "work function %s() reads the current CPU: since 3.7 a queueing "
			    "follows the item to the CPU where it still runs, which for an item "
			    "only ever queued on its own CPU is that CPU, so this holds; keep "
			    "every queueing of it on its own CPU (and mind CPU hotplug)",
			    s->api->name, s->item_text, s->cpu_text, b->function);
	} else {
		f->severity = SEVERITY_WARNING;
		strbuf_addf(&msg, "%s() asks for CPU `%s`, but since 3.7 an item still running on "
			    "another CPU is queued there instead, and %s() reads the current CPU "
			    "(see the notes), so it can act for the wrong CPU; pass the CPU in "
			    "the item instead of reading it, or use one item per CPU queued only "
			    "on its own CPU", s->api->name, s->cpu_text, b->function);
	}
	f->message = strbuf_detach(&msg);
	add_wrapper_evidence(f, s->api);
	add_binding_evidence(f, b, s->item_text);
	for (i = 0; i < s->chain.nr; i++)
		finding_add_evidence(f, s->chain.steps[i].file, s->chain.steps[i].line,
				     s->chain.steps[i].column, s->chain.steps[i].message);
}

static void check_wq011(struct scan_result *res, const struct rule *rule,
			const struct queue_site *s)
{
	const struct lexed_file *lf = &s->file->lex;
	long loop, body_start = -1, body_end = -1;
	struct strbuf msg = STRBUF_INIT;
	struct finding *f;
	char buf[512];
	size_t i;

	if (s->cpu_first != s->cpu_last || lf->tokens[s->cpu_first].kind != TOK_IDENT ||
	    (s->item.per_cpu && s->item.cpu && !strcmp(s->item.cpu, s->cpu_text)))
		return;
	loop = enclosing_cpu_loop(s->file, s->caller, s->tok, s->cpu_text, &body_start, &body_end);
	if (loop < 0 || loop_varies_or_waits(s, s->cpu_text, body_start, body_end))
		return;
	f = add_site_finding(res, rule, s);
	if (!f)
		return;
	strbuf_addf(&msg, "the same work item %s is queued on each CPU %s of this loop, but an "
		    "item is pending only once and since 3.7 never runs on two CPUs at once: "
		    "the runs do not overlap, they follow one another on one CPU and queueings "
		    "while it is pending are dropped; use one item per CPU (DEFINE_PER_CPU, "
		    "alloc_percpu) or schedule_on_each_cpu()", s->item_text, s->cpu_text);
	f->message = strbuf_detach(&msg);
	snprintf(buf, sizeof(buf), "the loop over %s", s->cpu_text);
	finding_add_evidence(f, s->file->path, lf->tokens[loop].line, lf->tokens[loop].column,
			     buf);
	add_wrapper_evidence(f, s->api);
	for (i = 0; i < s->nr_bindings; i++)
		add_binding_evidence(f, s->bindings[i], s->item_text);
}

static void check_wq012(struct scan_result *res, const struct rule *rule,
			const struct queue_site *s)
{
	struct strbuf msg = STRBUF_INIT;
	struct finding *f;
	size_t i;

	if (!is_self_requeue(s) || s->delayed || s->cpu_current || cpu_is_items_own_field(s) ||
	    (s->item.per_cpu && s->item.cpu && !strcmp(s->item.cpu, s->cpu_text)))
		return;
	f = add_site_finding(res, rule, s);
	if (!f)
		return;
	strbuf_addf(&msg, "%s() queues its own work item %s on CPU %s while it runs: since 3.7 "
		    "a running item is queued on the CPU it runs on, so the next run stays on "
		    "this CPU instead of %s and starts only after this one returns; use a "
		    "separate item per target CPU if the work must move or overlap",
		    s->caller->name, s->item_text, s->cpu_text, s->cpu_text);
	f->message = strbuf_detach(&msg);
	add_wrapper_evidence(f, s->api);
	for (i = 0; i < s->nr_bindings; i++)
		if (!strcmp(s->bindings[i]->function, s->caller->name))
			add_binding_evidence(f, s->bindings[i], s->item_text);
}

/* The sites' work functions, each asked once (cpu_questions_answer()). */
struct work_function_questions {
	struct strmap asked;		/* "file\nfunction" -> index + 1 */
	struct cpu_question *items;
	size_t nr, alloc;
};

static char *question_key(const struct work_binding *b)
{
	struct strbuf key = STRBUF_INIT;

	strbuf_addf(&key, "%s\n%s", b->file, b->function);
	return strbuf_detach(&key);
}

static void ask_work_functions(struct work_function_questions *wq, const struct queue_site *s)
{
	size_t i;

	for (i = 0; i < s->nr_bindings; i++) {
		const struct work_binding *b = s->bindings[i];
		char *key = question_key(b);

		if (!strmap_get(&wq->asked, key)) {
			ALLOC_GROW(wq->items, wq->nr, wq->alloc);
			memset(&wq->items[wq->nr], 0, sizeof(wq->items[wq->nr]));
			wq->items[wq->nr].from = b->file;
			wq->items[wq->nr].name = b->function;
			wq->nr++;
			strmap_put(&wq->asked, key, (void *)(uintptr_t)wq->nr);
		}
		free(key);
	}
}

static const struct cpu_question *answer_of(const struct work_function_questions *wq,
					    const struct work_binding *b)
{
	char *key = question_key(b);
	uintptr_t at = (uintptr_t)strmap_get(&wq->asked, key);

	free(key);
	return &wq->items[at - 1];
}

static void evaluate_wq010(const struct work_function_questions *wq, struct queue_site *s)
{
	size_t i, j;

	for (i = 0; i < s->nr_bindings && !s->cpu_dependent; i++) {
		const struct work_binding *b = s->bindings[i];
		const struct cpu_question *q;

		for (j = 0; j < i; j++)
			if (!strcmp(s->bindings[j]->function, b->function))
				break;
		if (j < i)
			continue;
		q = answer_of(wq, b);
		if (q->yes) {
			cpu_chain_append(&s->chain, &q->chain);
			s->cpu_dependent = true;
			s->dependent_binding = b;
		}
	}
}

static bool site_is_safe(const struct queue_site *s);

/* An item queued on its own CPU here but elsewhere on another CPU is not a
 * per-CPU item that stays home. */
static void demote_mixed_items(struct site_list *sites)
{
	size_t i, j;

	for (i = 0; i < sites->nr; i++) {
		struct queue_site *s = &sites->items[i];

		/* Re-arming itself where it runs is safe whatever others do. */
		if (!s->own_cpu || !s->item.key || (s->cpu_current && is_self_requeue(s)))
			continue;
		for (j = 0; j < sites->nr; j++)
			if (!sites->items[j].own_cpu && !site_is_safe(&sites->items[j]) &&
			    sites->items[j].item.key &&
			    !strcmp(sites->items[j].item.key, s->item.key) &&
			    sites->items[j].cpu_dependent)
				s->own_cpu = false;
	}
}

/* An item INIT_*WORK()ed earlier in the calling function cannot be running
 * anywhere when it is queued. */
static bool initialized_just_before(const struct queue_site *s)
{
	unsigned first = s->file->lex.tokens[s->caller->body_open].line;
	unsigned line = s->file->lex.tokens[s->tok].line;
	size_t i;

	for (i = 0; i < s->nr_bindings; i++)
		if (!strcmp(s->bindings[i]->file, s->file->path) &&
		    s->bindings[i]->line >= first && s->bindings[i]->line <= line &&
		    strncmp(s->bindings[i]->how, "DECLARE", 7))
			return true;
	return false;
}

/* cancel_work_sync(), cancel_delayed_work_sync(), flush_work() or
 * flush_delayed_work() of the same item earlier in the calling function:
 * it is not running anywhere when it is queued. */
static bool waited_for_just_before(const struct queue_site *s)
{
	static const char *const waits[] = { "cancel_work_sync", "cancel_delayed_work_sync",
		"flush_work", "flush_delayed_work", NULL };
	const struct lexed_file *lf = &s->file->lex;
	const char *const *w;
	size_t j;

	if (!s->item.key)
		return false;
	for (j = s->caller->body_open; j < s->tok; j++) {
		size_t first[1], last[1];
		struct item_shape shape;
		long open;
		bool same;

		for (w = waits; *w; w++)
			if (tok_is_ident(lf, (long)j, *w))
				break;
		open = token_next_code(lf, (long)j);
		if (!*w || !tok_is_punct(lf, open, "(") ||
		    call_arguments(lf, (size_t)open, first, last, 1) != 1)
			continue;
		workitem_shape(s->file, first[0], last[0], &shape);
		same = shape.key && !strcmp(shape.key, s->item.key);
		item_shape_release(&shape);
		if (same)
			return true;
	}
	return false;
}

/* Whether the function holding the site is __init: it runs once, at boot. */
static bool in_init_function(const struct queue_site *s)
{
	const struct lexed_file *lf = &s->file->lex;
	long i = (long)s->caller->name_tok;
	int n;

	for (n = 0; n < 8 && (i = token_prev_code(lf, i)) >= 0; n++) {
		if (lf->tokens[i].kind != TOK_IDENT)
			return false;
		if (tok_is_ident(lf, i, "__init"))
			return true;
	}
	return false;
}

/*
 * A first queueing before the item has ever run: in an __init function, of
 * an item bound statically (DECLARE_*WORK: its initialisation queued
 * nothing) that no other site queues but its own work function, which runs
 * only after a first queueing. Nothing of the item can be running anywhere
 * yet, so it goes where it is asked (rtasd.c's start_event_scan()).
 */
static bool first_queueing_before_any_run(const struct queue_site *s,
					  const struct site_list *sites)
{
	size_t i;

	if (!s->item.key || !s->caller || s->caller->is_macro || !s->nr_bindings ||
	    !in_init_function(s))
		return false;
	for (i = 0; i < s->nr_bindings; i++)
		if (strncmp(s->bindings[i]->how, "DECLARE", 7))
			return false;
	for (i = 0; i < sites->nr; i++) {
		const struct queue_site *o = &sites->items[i];

		if (o != s && o->item.key && !strcmp(o->item.key, s->item.key) &&
		    !is_self_requeue(o))
			return false;
	}
	return true;
}

/* Queueings that cannot be diverted: nothing of the item runs elsewhere. */
static bool site_is_safe(const struct queue_site *s)
{
	return s->fresh || s->idle || s->unbound || s->self_delayed ||
	       (s->cpu_current && is_self_requeue(s));
}

/* The API, its wrappers and their calls, as decided. */
struct affinity_sites {
	struct api_list apis;
	struct site_list sites;
};

struct affinity_sites *affinity_sites_find(struct tree_reading *a, const char *root, int jobs)
{
	struct affinity_sites *st = xcalloc(1, sizeof(*st));
	struct api_list *apis = &st->apis;
	struct site_list *sites = &st->sites;
	const bool *matched = a->on_api_files;
	struct work_function_questions wq = { { NULL, 0, 0 }, NULL, 0, 0 };
	size_t i;

	on_api_find(a, root, jobs, apis);
	for (i = 0; i < a->all.nr; i++)
		if (matched[i]) {
			struct source_file *f = source_get(&a->sc, a->all.paths[i]);

			if (f)
				collect_sites(f, apis, sites);
		}

	if (getenv("WQCHECK_DEBUG_AFFINITY")) {
		for (i = 0; i < a->idx.nr; i++)
			fprintf(stderr, "binding %s -> %s() %s:%u %s\n", a->idx.bindings[i].key,
				a->idx.bindings[i].function, a->idx.bindings[i].file,
				a->idx.bindings[i].line, a->idx.bindings[i].how);
		for (i = 0; i < sites->nr; i++)
			fprintf(stderr, "site %s:%u %s(%s, %s) key %s per_cpu %d cpu %s\n",
				sites->items[i].file->path,
				sites->items[i].file->lex.tokens[sites->items[i].tok].line,
				sites->items[i].api->name, sites->items[i].cpu_text,
				sites->items[i].item_text,
				sites->items[i].item.key ? sites->items[i].item.key : "(none)",
				sites->items[i].item.per_cpu,
				sites->items[i].item.cpu ? sites->items[i].item.cpu : "-");
	}
	for (i = 0; i < sites->nr; i++) {
		struct queue_site *s = &sites->items[i];

		if (inside_wrapper(s, apis))
			continue;
		item_bindings_of(&a->idx, s->file->path, s->caller, &s->item, &s->resolved);
		s->bindings = s->resolved.items;
		s->nr_bindings = s->resolved.nr;
		ask_work_functions(&wq, s);
	}
	/* Whether each work function reads the current CPU: on the reading
	 * threads, not one by one here. */
	cpu_questions_answer(a->cd, a->sc.root, a->sc.arch, wq.items, wq.nr, jobs);
	for (i = 0; i < sites->nr; i++) {
		struct queue_site *s = &sites->items[i];

		if (inside_wrapper(s, apis))
			continue;
		s->cpu_current = cpu_is_current(a->cd, s);
		s->fresh = initialized_just_before(s);
		s->idle = waited_for_just_before(s);
		decide_own_cpu(s);
		evaluate_wq010(&wq, s);
	}
	cpu_questions_release(wq.items, wq.nr);
	free(wq.items);
	strmap_release(&wq.asked, NULL);
	for (i = 0; i < sites->nr; i++)
		if (!sites->items[i].fresh &&
		    first_queueing_before_any_run(&sites->items[i], sites))
			sites->items[i].fresh = true;
	demote_mixed_items(sites);
	if (getenv("WQCHECK_DEBUG_AFFINITY"))
		for (i = 0; i < sites->nr; i++)
			fprintf(stderr, "verdict %s:%u bindings %zu dependent %d own %d fresh %d "
				"idle %d unbound %d delayed %d\n", sites->items[i].file->path,
				sites->items[i].file->lex.tokens[sites->items[i].tok].line,
				sites->items[i].nr_bindings, sites->items[i].cpu_dependent,
				sites->items[i].own_cpu, sites->items[i].fresh, sites->items[i].idle,
				sites->items[i].unbound, sites->items[i].delayed);
	return st;
}

/* The rule of that id among rules, or NULL: the rules are found by id, so
 * that this engine does not refer to their definitions (rule-affinity-
 * rules.c), whose tree pass calls it. */
static const struct rule *rule_in(const struct rule *const *rules, size_t nr_rules,
				  const char *id)
{
	size_t i;

	for (i = 0; i < nr_rules; i++)
		if (!strcmp(rules[i]->id, id))
			return rules[i];
	return NULL;
}

void affinity_report(const struct affinity_sites *st, const struct rule *const *rules,
		     size_t nr_rules, struct scan_result *res)
{
	const struct rule *wq010 = rule_in(rules, nr_rules, "WQ010");
	const struct rule *wq011 = rule_in(rules, nr_rules, "WQ011");
	const struct rule *wq012 = rule_in(rules, nr_rules, "WQ012");
	size_t i;

	for (i = 0; i < st->sites.nr; i++) {
		const struct queue_site *s = &st->sites.items[i];

		if (inside_wrapper(s, &st->apis))
			continue;
		if (s->cpu_dependent && !s->unbound && !s->fresh && !s->idle && wq010)
			report_wq010(res, wq010, s);
		if (wq011)
			check_wq011(res, wq011, s);
		if (!s->unbound && wq012)
			check_wq012(res, wq012, s);
	}
}

size_t affinity_nr_sites(const struct affinity_sites *st)
{
	return st ? st->sites.nr : 0;
}

bool affinity_site_get(const struct affinity_sites *st, size_t i, struct affinity_site *out)
{
	const struct queue_site *s = &st->sites.items[i];
	const struct token *t = &s->file->lex.tokens[s->tok];

	memset(out, 0, sizeof(*out));
	if (inside_wrapper(s, &st->apis))
		return false;
	out->file = s->file;
	out->tok = s->tok;
	out->line = t->line;
	out->column = t->column;
	out->caller = s->caller;
	out->api = s->api->name;
	out->wrapper_file = s->api->wrapper ? s->api->file : NULL;
	out->wrapper_line = s->api->line;
	out->cpu_text = s->cpu_text;
	out->item_text = s->item_text;
	out->item_key = s->item.key;
	out->bindings = s->bindings;
	out->nr_bindings = s->nr_bindings;
	out->cpu_dependent = s->cpu_dependent;
	out->dependent_binding = s->dependent_binding;
	out->chain = &s->chain;
	out->unbound = s->unbound;
	out->fresh = s->fresh;
	out->idle = s->idle;
	out->own_cpu = s->own_cpu;
	out->self_delayed = s->self_delayed;
	out->self_requeue_here = s->cpu_current && is_self_requeue(s);
	return true;
}

void affinity_sites_release(struct affinity_sites *st)
{
	size_t i;

	if (!st)
		return;
	for (i = 0; i < st->sites.nr; i++) {
		free(st->sites.items[i].cpu_text);
		free(st->sites.items[i].item_text);
		item_shape_release(&st->sites.items[i].item);
		item_bindings_release(&st->sites.items[i].resolved);
		cpu_chain_release(&st->sites.items[i].chain);
	}
	free(st->sites.items);
	api_list_release(&st->apis);
	free(st);
}
