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
 * (judge.c), in the background. The files are read beside the
 * affinity analysis' sites and the scan (audit-collect.c); once those are
 * over and the answers are in, the scan's WQ020-WQ022 findings are claimed
 * by the rows at their positions, and the rows' verdicts written.
 *
 * This file is the pass's two calls; its steps live in classify-*.c
 * (classify-priv.h names which): the names looked for (-names), the
 * files read (-read) and scanned (-scan), the system_wq users' rows
 * (-system), the alloc_workqueue() rows (-alloc) and where their result goes
 * (-target), and the verdicts from the work functions (-verdict). */
#include "analysis/callers/classify-priv.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The scan's WQ020-WQ022 finding at a row's position gives the row its
 * rule, once the scan is over (the rows are read beside it). */
static void claim_system_site(struct audit *au, const struct pending_system *p)
{
	struct audit_row *r = &au->rows[p->row];
	struct audit_migration_finding *m =
		audit_claim_migration_finding(au, r->file, r->line, r->column);

	if (m) {
		r->rule = m->rule;
		r->severity = m->severity;
	}
}

/* For an alloc_workqueue(), also where it stands in the migration. */
static void claim_alloc_site(struct audit *au, struct alloc_site *s)
{
	struct audit_row *r = &au->rows[s->row];
	struct audit_migration_finding *m =
		audit_claim_migration_finding(au, s->path, s->line, s->column);

	if (m) {
		r->rule = m->rule;
		r->severity = m->severity;
	}
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

static void free_call_refs(void *p)
{
	struct call_refs *l = p;

	free(l->items);
	free(l);
}

struct audit_lexical {
	struct lexical_pass lp;
	struct audit rows; /* the files' rows, in order, until finish */
	struct collected col; /* their rows are indexes into rows */
	/* The last identifier of a call's workqueue -> struct call_refs. */
	struct strmap by_name;
	struct file_sites **files; /* per file of the reading, until read */
};

/* The work functions of the sites, for the questions answered at once. */
static bool scoped(const struct lexical_pass *lp, const char *path)
{
	return !lp->in_scope || lp->in_scope(path, lp->scope_ctx);
}

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
	/* the calls of every file are kept: an alloc site's judging looks
	 * at the calls queueing on its workqueue wherever they are */
	for (i = 0; i < col->systems.nr; i++)
		if (col->systems.items[i].has_item &&
		    scoped(&lx->lp, lx->rows.rows[col->systems.items[i].row].file))
			ask_item(&lx->lp, &col->systems.items[i].item);
	for (i = 0; i < col->allocs.nr; i++)
		if (scoped(&lx->lp, col->allocs.items[i].path))
			ask_alloc_site(&lx->lp, &col->allocs.items[i], &lx->by_name);
}

struct audit_lexical *audit_lexical_begin(struct tree_reading *a,
					  const struct audit *au,
					  bool (*in_scope)(const char *path, void *ctx),
					  void *scope_ctx)
{
	struct audit_lexical *lx = xcalloc(1, sizeof(*lx));

	lx->lp.in_scope = in_scope;
	lx->lp.scope_ctx = scope_ctx;
	lx->lp.a = a;
	lx->lp.au = (struct audit *)au; /* only its era is read until finish */
	lx->lp.rows = &lx->rows;
	lx->files = file_sites_new(a->all.nr);
	return lx;
}

void audit_lexical_visit(void *ctx, int thread, size_t index,
			 const struct source_file *f)
{
	struct audit_lexical *lx = ctx;

	(void)thread;
	/* the workqueue API's own calls are not its callers */
	if (index < lx->lp.a->all.nr && !audit_is_api_file(f->path))
		read_file_sites(&lx->lp, &lx->files[index], f);
}

void audit_lexical_read(struct audit_lexical *lx, int jobs)
{
	merge_file_sites(&lx->lp, lx->files, lx->lp.a->all.nr, &lx->col);
	lx->files = NULL;
	ask_sites(lx);
	audit_verdicts_start(&lx->lp.verdicts, lx->lp.a, jobs);
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
		if (scoped(&lx->lp, out->rows[col->systems.items[i].row].file))
			finish_system_site(&lx->lp, &col->systems.items[i]);
		free(col->systems.items[i].wq);
		if (col->systems.items[i].has_item)
			pending_item_release(&col->systems.items[i].item);
	}
	for (i = 0; i < col->allocs.nr; i++) {
		if (scoped(&lx->lp, col->allocs.items[i].path))
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
