/* Judging the work functions of a site's work items: the items resolved to
 * their bindings while their file was at hand, the questions for
 * judge.c, and from its answers the row's class, evidence, message
 * and migration advice. */
#include "analysis/callers/classify-priv.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pending_item_init(struct pending_item *it, const struct source_file *f,
		       const struct source_function *caller, size_t first,
		       size_t last)
{
	memset(it, 0, sizeof(*it));
	it->text = expression_text(&f->lex, first, last);
	workitem_shape(f, first, last, &it->shape);
	it->path = xstrdup(f->path);
	if (caller) {
		it->caller = xstrdup(caller->name);
		it->caller_static = caller->is_static;
	}
}

/* item_bindings_of() reads of the caller only its name and whether it is
 * static. */
void pending_item_resolve(struct pending_item *it,
			  const struct workitem_index *idx)
{
	struct source_function caller = { .name = it->caller,
					  .is_static = it->caller_static };

	item_bindings_of(idx, it->path, it->caller ? &caller : NULL,
			 &it->shape, &it->b);
	if (!it->b.nr && (it->shape.is_parameter || it->shape.own_parameter) &&
	    it->caller)
		it->parameter_of = xstrdup(it->caller);
	item_shape_release(&it->shape);
	memset(&it->shape, 0, sizeof(it->shape));
	free(it->path);
	free(it->caller);
	it->path = it->caller = NULL;
}

void pending_item_release(struct pending_item *it)
{
	free(it->text);
	free(it->parameter_of);
	free(it->path);
	free(it->caller);
	item_shape_release(&it->shape);
	item_bindings_release(&it->b);
}

void work_verdict_release(struct work_verdict *v)
{
	free(v->dependent);
	free(v->missing_name);
	free(v->parameter_of);
}

/* The item's work functions, for audit_verdicts_answer(). */
void ask_item(struct lexical_pass *lp, const struct pending_item *it)
{
	size_t i;

	for (i = 0; i < it->b.nr; i++)
		audit_verdicts_ask(&lp->verdicts, it->b.items[i]->file,
				   it->b.items[i]->function);
}

/* Adds the item's work functions to r with the evidence: where each is
 * bound, and for the first that reads the current CPU the chain, else where
 * each is defined. */
void judge_item(struct lexical_pass *lp, struct audit_row *r,
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
void describe_verdict(struct strbuf *msg, struct audit_row *r,
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
void set_advice(struct audit_row *r, bool system,
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
