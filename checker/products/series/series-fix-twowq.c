/*
 * The fix of a work item queued on two workqueues (WQ014): every queueing
 * of the item goes to one. From the work-item model's facts, not from the
 * finding's words: the finding says where; the model says which item is
 * queued there and every queueing of it with the workqueue it names.
 *
 * The decision, per item: when its two workqueues are the one schedule_*()
 * implies (system_percpu_wq) and a system workqueue its other queueings
 * name on purpose that is per-CPU too (system_long_wq, system_highpri_wq,
 * system_freezable_wq, the BH ones), the schedule_*() calls become the
 * queue_*() calls of that one: the work keeps its CPU and gets the pool its
 * author asked for. Anything else (an unbound workqueue on one side, which
 * asks whether the work may leave its CPU; a workqueue of the driver's own;
 * queueings in more than one file) gets no patch and a reason.
 */
#include "products/series/series-fix-twowq.h"
#include "analysis/model/workitem-model.h"
#include "analysis/model/wq-pools.h"
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The per-CPU system workqueues an item may be moved onto: on its CPU at
 * every boot (wq-pools.h: not a power-efficient one), not schedule_*()'s
 * own (the side being moved), and not one 3.7 retired. */
static bool per_cpu_system_wq(const char *id)
{
	const struct system_wq *w = system_wq_lookup(id);

	return w && system_wq_always_per_cpu(id) && !w->schedule_default && !w->before_3_7;
}

/* schedule_*() -> its queue_*() on a workqueue, and where the workqueue
 * goes among the arguments (0: first; 1: after the CPU). */
static const char *queue_api(const char *api, int *wq_arg)
{
	*wq_arg = 0;
	if (!strcmp(api, "schedule_work"))
		return "queue_work";
	if (!strcmp(api, "schedule_delayed_work"))
		return "queue_delayed_work";
	*wq_arg = 1;
	if (!strcmp(api, "schedule_work_on"))
		return "queue_work_on";
	if (!strcmp(api, "schedule_delayed_work_on"))
		return "queue_delayed_work_on";
	return NULL;
}

/* Whether a schedule_*() queueing of it names wq (after the aliases). */
static bool implied_on(const struct work_item *it, const char *wq)
{
	size_t i;

	for (i = 0; i < it->nr_queueings; i++)
		if (it->queueings[i]->wq.implied && it->queueings[i]->wq.id &&
		    !strcmp(it->queueings[i]->wq.id, wq))
			return true;
	return false;
}

static void fail(struct twowq_fix *fx, const char *why)
{
	free(fx->why_not);
	fx->why_not = xstrdup(why);
}

void twowq_fix_release(struct twowq_fix *fx)
{
	free(fx->text);
	free(fx->item);
	free(fx->target);
	free(fx->other);
	free(fx->why_not);
	free(fx->moved_lines);
	free(fx->target_caller);
	memset(fx, 0, sizeof(*fx));
}

struct edit_at {
	size_t start, end;
	const char *with;
	char *owned;
};

static int edit_cmp(const void *a, const void *b)
{
	const struct edit_at *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

bool twowq_fix_make(const struct workitem_model *m, const char *path,
		    const char *text, size_t len, unsigned line,
		    struct twowq_fix *fx)
{
	const struct queueing *at = NULL, *target = NULL;
	const struct work_item *it;
	struct lexed_file lf;
	struct edit_at *edits = NULL;
	size_t i, nr_edits = 0, nr_implied = 0;
	struct strbuf out = STRBUF_INIT;
	bool ok = false;

	memset(fx, 0, sizeof(*fx));
	for (i = 0; i < m->nr_queueings && !at; i++)
		if (m->queueings[i].line == line && m->queueings[i].path &&
		    !strcmp(m->queueings[i].path, path) && m->queueings[i].item_key)
			at = &m->queueings[i];
	it = at ? workitem_model_item(m, at->item_key) : NULL;
	if (!it) {
		fail(fx, "the model knows no queueing of a named item on its line");
		return false;
	}
	fx->item = xstrdup(at->item_text ? at->item_text : at->item_key);
	if (work_item_nr_workqueues(it) != 2) {
		fail(fx, "the item is not on exactly two known workqueues");
		return false;
	}
	for (i = 0; i < it->nr_queueings && !it->queueings[i]->wq.implied; i++)
		;
	if (i == it->nr_queueings) {
		fail(fx, "neither of its workqueues is schedule_*()'s: which of the "
		     "two the item wants is the driver's choice");
		return false;
	}
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];

		if (strcmp(q->path, path)) {
			fail(fx, "the item is queued in more than one file");
			return false;
		}
		if (q->wq.kind != WQ_REF_NAMED) {
			fail(fx, "one of its workqueues is the driver's own or not named "
			     "at the call: which one the item wants is the driver's choice");
			return false;
		}
		if (!q->wq.implied && q->wq.id && !strcmp(q->wq.id, "system_wq")) {
			/* on a 6.17+ tree the rename to system_percpu_wq, in
			 * the same series, ends it; before 6.17 schedule_*()
			 * queues on system_wq itself, and the other workqueue
			 * is elsewhere */
			fail(fx, implied_on(it, "system_percpu_wq") ?
			     "the rename of its system_wq queueing to "
			     "system_percpu_wq, in this series, puts it on one workqueue" :
			     "its system_wq queueing is schedule_*()'s workqueue in this "
			     "tree: its other workqueue is not a per-CPU system one");
			return false;
		}
		if (!q->wq.implied && !per_cpu_system_wq(q->wq.id)) {
			fail(fx, "its other workqueue is not a per-CPU system workqueue "
			     "(an unbound one asks whether the work may leave its CPU)");
			return false;
		}
		if (!q->wq.implied)
			target = q;
		else
			nr_implied++;
	}
	if (!target || !nr_implied) {
		fail(fx, "no queueing of it names the per-CPU workqueue it is to stay on");
		return false;
	}
	fx->target = xstrdup(target->wq.id);
	fx->target_line = target->line;
	fx->target_caller = target->caller ? xstrdup(target->caller) : NULL;
	lex_file(&lf, text, len);
	edits = xcalloc(2 * it->nr_queueings + 1, sizeof(*edits));
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];
		long tok = token_at_position(&lf, q->line, q->column), open;
		const char *api;
		int wq_arg;
		size_t first[4], last[4], n;

		if (!q->wq.implied)
			continue;
		api = queue_api(q->api, &wq_arg);
		if (!api || tok < 0 || !tok_is_ident(&lf, tok, q->api)) {
			fail(fx, "a schedule_*() call of it has no queue_*() form here");
			goto out;
		}
		free(fx->other);
		fx->other = xstrdup(q->wq.id);
		open = token_next_code(&lf, tok);
		n = tok_is_punct(&lf, open, "(") ?
			    call_arguments(&lf, (size_t)open, first, last, 4) : 0;
		if (n < (size_t)wq_arg + 1) {
			fail(fx, "a schedule_*() call of it could not be read");
			goto out;
		}
		edits[nr_edits].start = lf.tokens[tok].offset;
		edits[nr_edits].end = lf.tokens[tok].offset + lf.tokens[tok].len;
		edits[nr_edits++].with = api;
		{
			/* "(X, &w" or, after the CPU, "(cpu, X, &w" */
			struct strbuf sb = STRBUF_INIT;
			size_t where = wq_arg ? lf.tokens[first[1]].offset :
						lf.tokens[open].offset + 1;

			strbuf_addf(&sb, "%s, ", target->wq.id);
			edits[nr_edits].start = edits[nr_edits].end = where;
			edits[nr_edits].owned = strbuf_detach(&sb);
			edits[nr_edits].with = edits[nr_edits].owned;
			nr_edits++;
		}
		{
			struct strbuf l = STRBUF_INIT;

			strbuf_addf(&l, "%s%u", fx->moved_lines ? ", " : "", q->line);
			if (q->caller)
				strbuf_addf(&l, " (%s())", q->caller);
			if (fx->moved_lines) {
				struct strbuf all = STRBUF_INIT;

				strbuf_addf(&all, "%s%s", fx->moved_lines, l.buf);
				free(fx->moved_lines);
				fx->moved_lines = strbuf_detach(&all);
				strbuf_release(&l);
			} else {
				fx->moved_lines = strbuf_detach(&l);
			}
		}
		fx->first_moved = fx->first_moved ? fx->first_moved : q->line;
	}
	qsort(edits, nr_edits, sizeof(*edits), edit_cmp);
	{
		size_t pos = 0;

		for (i = 0; i < nr_edits; i++) {
			strbuf_add(&out, text + pos, edits[i].start - pos);
			strbuf_addstr(&out, edits[i].with);
			pos = edits[i].end;
		}
		strbuf_add(&out, text + pos, len - pos);
	}
	/* no line the fix lengthens past 100 columns (checkpatch's limit) */
	{
		const char *l = out.buf;

		while (*l) {
			size_t n = strcspn(l, "\n");

			if (display_width(l, n) > 100) {
				fail(fx, "the queue_*() call would pass 100 columns");
				goto out;
			}
			l += n + (l[n] == '\n');
		}
	}
	fx->len = out.len;
	fx->text = strbuf_detach(&out);
	ok = true;
out:
	for (i = 0; i < nr_edits; i++)
		free(edits[i].owned);
	free(edits);
	strbuf_release(&out);
	lexed_file_release(&lf);
	return ok;
}
