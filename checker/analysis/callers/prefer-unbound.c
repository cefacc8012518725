#include "analysis/callers/prefer-unbound.h"
#include "analysis/callers/callers.h"
#include "analysis/model/unbound-per-item.h"
#include "front/source-cache.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/*
 * Work function name -> the first *_on() site (in the audit's row order)
 * that queues it: the site a verdict names. Built once, not searched for
 * every work function of every pending site (rows times rows on a whole
 * tree).
 */
static void index_queued_on(const struct audit *au, struct strmap *queued_on)
{
	size_t i, k;

	for (i = 0; i < au->nr; i++) {
		const struct audit_row *r = &au->rows[i];

		if (r->kind != AUDIT_KIND_QUEUE_ON)
			continue;
		for (k = 0; k < r->nr_work_functions; k++)
			if (!strmap_get(queued_on, r->work_functions[k]))
				strmap_put(queued_on, r->work_functions[k],
					   (void *)r);
	}
}

/* A pending row of the site of a WQ020 (system_wq) or WQ022 finding. */
static bool pending_site(const struct audit_row *r)
{
	if (r->status == MIGRATION_CONVERTED)
		return false;
	if (r->rule)
		return !strcmp(r->rule, r->kind == AUDIT_KIND_SYSTEM_WQ ? "WQ020" : "WQ022");
	/* no finding claimed it: the system-wq rows are about system_wq or
	 * system_unbound_wq, and the message names which */
	return r->kind == AUDIT_KIND_ALLOC_WORKQUEUE ||
	       (r->message && !strstr(r->message, "system_unbound_wq") &&
		strcmp(r->api, "system_unbound_wq"));
}

/* Why a site stays per-CPU: the audit's reason and the read it found. */
static void per_cpu_reason(struct strbuf *why, const struct audit_row *r)
{
	strbuf_addstr(why, r->reason ? r->reason : "its work is not known");
	if (r->class == AUDIT_CPU_DEPENDENT && r->nr_evidence) {
		const struct evidence *e = &r->evidence[r->nr_evidence - 1];

		strbuf_addf(why, " (%s at %s:%u)", e->message, e->file, e->line);
	}
}

/* Another allocation, in the same function, of a workqueue its work is
 * queued on, that already says WQ_PERCPU or WQ_UNBOUND: then the flags of
 * this one are a choice between branches (dm-crypt's same_cpu_crypt keeps
 * its per-CPU queue on purpose beside an unbound one), not an omission. */
static const struct audit_row *chosen_beside(const struct audit *au,
					     const struct audit_row *r)
{
	size_t i, k, j;

	if (r->kind != AUDIT_KIND_ALLOC_WORKQUEUE || !r->function)
		return NULL;
	for (i = 0; i < au->nr; i++) {
		const struct audit_row *q = &au->rows[i];

		if (q == r || q->kind != AUDIT_KIND_ALLOC_WORKQUEUE ||
		    q->status != MIGRATION_CONVERTED || !q->function ||
		    strcmp(q->file, r->file) || strcmp(q->function, r->function))
			continue;
		for (k = 0; k < q->nr_work_functions; k++)
			for (j = 0; j < r->nr_work_functions; j++)
				if (!strcmp(q->work_functions[k], r->work_functions[j]))
					return q;
	}
	return NULL;
}

static void judge_row(const struct audit *au, const struct strmap *queued_on,
		      const struct audit_row *r, struct unbound_verdicts *out)
{
	bool system = r->kind == AUDIT_KIND_SYSTEM_WQ;
	bool unbound = r->advice == (system ? ADVICE_SYSTEM_DFL_WQ : ADVICE_WQ_UNBOUND);
	struct strbuf why = STRBUF_INIT;
	size_t k;

	for (k = 0; unbound && k < r->nr_work_functions; k++) {
		const struct audit_row *on =
			strmap_get(queued_on, r->work_functions[k]);

		if (on) {
			strbuf_addf(&why, "%s() is also queued on a chosen CPU with %s() "
				    "at %s:%u", r->work_functions[k], on->api, on->file,
				    on->line);
			unbound = false;
		}
	}
	if (unbound) {
		const struct audit_row *q = chosen_beside(au, r);

		if (q) {
			strbuf_addf(&why, "the allocation at line %u of %s() for the same "
				    "work says which it wants, so this one is the other "
				    "branch's choice", q->line, q->function);
			unbound = false;
		}
	}
	if (unbound) {
		strbuf_addstr(&why, "--prefer-unbound: its work (");
		for (k = 0; k < r->nr_work_functions; k++)
			strbuf_addf(&why, "%s%s()", k ? ", " : "", r->work_functions[k]);
		strbuf_addstr(&why, ") was checked two calls deep and through static "
			      "const ops tables: none reads the current CPU or per-CPU "
			      "data, and none is queued with a *_on() call, so it may "
			      "run on any CPU");
	} else if (!why.len) {
		per_cpu_reason(&why, r);
	}
	unbound_verdicts_add(out, r->file, r->line,
			     system ? UNBOUND_SITE_SYSTEM_WQ : UNBOUND_SITE_ALLOC,
			     unbound, why.buf);
	strbuf_release(&why);
}

/* Every queue site of an item moves, or none does (analysis/unbound-per-item.h). */
static void settle_per_item(const char *root, const char *arch, int jobs,
			    struct unbound_verdicts *out)
{
	struct tree_reading a;
	struct workitem_model m;

	if (workitem_model_for_tree(root, arch, jobs, &a, &m) == 0) {
		unbound_settle_per_item(&m, out);
		workitem_model_release(&m);
	}
	tree_reading_release(&a);
}

int prefer_unbound_verdicts(const char *root, const char *arch,
			    const struct compile_db *db, int jobs, bool progress,
			    struct unbound_verdicts *out)
{
	struct audit_options opts = {
		.root = root, .arch = arch, .db = db, .jobs = jobs, .progress = progress,
	};
	struct strmap queued_on = { 0 };
	struct audit au;
	size_t i;

	if (audit_collect(&opts, &au) < 0) {
		audit_release(&au);
		return -1;
	}
	index_queued_on(&au, &queued_on);
	for (i = 0; i < au.nr; i++) {
		const struct audit_row *r = &au.rows[i];

		if ((r->kind == AUDIT_KIND_SYSTEM_WQ ||
		     r->kind == AUDIT_KIND_ALLOC_WORKQUEUE) && pending_site(r))
			judge_row(&au, &queued_on, r, out);
	}
	strmap_release(&queued_on, NULL);
	audit_release(&au);
	settle_per_item(root, arch, jobs, out);
	unbound_verdicts_finish(out);
	return 0;
}
