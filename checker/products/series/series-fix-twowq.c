/*
 * The fix of a work item queued on two workqueues (WQ014): every queueing
 * of the item goes to one. From the work-item model's facts, not from the
 * finding's words: the finding says where; the model says which item is
 * queued there and every queueing of it with the workqueue it names.
 *
 * The decision, per item, in two shapes. When its two workqueues are the
 * one schedule_*() implies (system_percpu_wq) and a system workqueue its
 * other queueings name on purpose that is per-CPU too (system_long_wq,
 * system_highpri_wq, system_freezable_wq, the BH ones), the schedule_*()
 * calls become the queue_*() calls of that one: the work keeps its CPU and
 * gets the workqueue its author asked for. When both are named system
 * workqueues that run work in one context (per-CPU process context, or
 * BH), the fewer queueings move to the workqueue most of them name: the
 * work function already runs from there, so the move changes which
 * system workqueue runs it, not what it may do (omap's cover work on the
 * two BH workqueues, rt5651's jack work on system_long_wq and
 * system_power_efficient_wq). Anything else (an unbound workqueue on one
 * side, which asks whether the work may leave its CPU; a workqueue of the
 * driver's own; as many queueings on each; queueings in more than one
 * file) gets no patch and a reason (series-fix-twowq-why.c words the
 * reasons about the workqueues).
 */
#include "products/series/series-fix-twowq.h"
#include "analysis/model/workitem-model.h"
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

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
	free(fx->target_lines);
	free(fx->other);
	free(fx->why_not);
	free(fx->moved_lines);
	memset(fx, 0, sizeof(*fx));
}

/* "12 (f())" appended to *list, after ", " when it holds one already. */
static void add_line(char **list, const struct queueing *q)
{
	struct strbuf l = STRBUF_INIT;

	if (*list)
		strbuf_addf(&l, "%s, ", *list);
	strbuf_addf(&l, "%u", q->line);
	if (q->caller)
		strbuf_addf(&l, " (%s())", q->caller);
	free(*list);
	*list = strbuf_detach(&l);
}

/* The shape of schedule_*() beside a per-CPU system workqueue: the
 * target is the named one, the schedule_*() calls move. */
static bool pick_implied(const struct work_item *it, const struct twowq_renames *rn,
			 struct twowq_fix *fx)
{
	const struct queueing *target = NULL, *also = NULL;
	char *why;
	size_t i;

	for (i = 0; i < it->nr_queueings; i++)
		if (it->queueings[i]->wq.implied && !fx->other)
			fx->other = xstrdup(it->queueings[i]->wq.id);
	/* the named workqueue that is not schedule_*()'s, and a named
	 * queueing of schedule_*()'s own, if any */
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];

		if (q->wq.implied)
			continue;
		if (!strcmp(q->wq.id, fx->other))
			also = also ? also : q;
		else
			target = target ? target : q;
	}
	if (!target) {
		fail(fx, "no queueing of it names the per-CPU workqueue it is to stay on");
		return false;
	}
	why = twowq_why_not_onto(&target->wq, fx->other, rn);
	if (why) {
		fail(fx, why);
		free(why);
		return false;
	}
	if (also) {
		/* the fix turns schedule_*() calls into queue_*() ones; a
		 * queueing that names schedule_*()'s workqueue is the
		 * driver's */
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "it is queued on %s, schedule_*()'s workqueue here, "
			    "by name (line %u) as well as with schedule_*(), and on %s: "
			    "which of the two the item wants is the driver's choice",
			    fx->other, also->line, target->wq.id);
		fail(fx, sb.buf);
		strbuf_release(&sb);
		return false;
	}
	fx->shape = TWOWQ_IMPLIED;
	fx->target = xstrdup(target->wq.id);
	fx->bh = twowq_context(target->wq.id) == 2;
	return true;
}

/* Both named system workqueues of one context: the target is the one
 * most queueings name, so the fewest lines move; a tie is the driver's
 * choice. */
static bool pick_majority(const struct work_item *it, const char *implied,
			  const struct twowq_renames *rn, struct twowq_fix *fx)
{
	const struct wq_ref *ra = &it->queueings[0]->wq, *rb = NULL;
	const char *a = ra->id, *b = NULL;
	size_t i, nr_a = 0, nr_b = 0;
	char *why;

	for (i = 0; i < it->nr_queueings; i++) {
		const char *id = it->queueings[i]->wq.id;

		if (!strcmp(id, a)) {
			nr_a++;
		} else {
			rb = &it->queueings[i]->wq;
			b = id;
			nr_b++;
		}
	}
	if (!b) {
		fail(fx, "the item is not on exactly two known workqueues");
		return false;
	}
	why = twowq_why_not_between(ra, rb, implied, rn);
	if (why) {
		fail(fx, why);
		free(why);
		return false;
	}
	if (nr_a == nr_b) {
		fail(fx, "neither of its workqueues is schedule_*()'s, and as many of "
		     "its queueings name each: which of the two the item wants is the "
		     "driver's choice");
		return false;
	}
	fx->shape = TWOWQ_MAJORITY;
	fx->target = xstrdup(nr_a > nr_b ? a : b);
	fx->other = xstrdup(nr_a > nr_b ? b : a);
	fx->bh = twowq_context(a) == 2;
	return true;
}

/* schedule_*()'s workqueue in the tree, after the aliases, as the model
 * names it at a schedule_*() call. */
static const char *schedule_wq(const struct workitem_model *m)
{
	return workqueue_canonical(&m->names, m->era.schedule_work_wq ?
				   m->era.schedule_work_wq : "system_wq");
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

/* The edits of a schedule_*() call: queue_*() and the target as its
 * workqueue argument; false when the call cannot be read. */
static bool edit_implied(const struct lexed_file *lf, const struct queueing *q,
			 const char *target, struct edit_at *e)
{
	long tok = token_at_position(lf, q->line, q->column), open;
	const char *api;
	int wq_arg;
	size_t first[4], last[4], n;
	struct strbuf sb = STRBUF_INIT;

	api = queue_api(q->api, &wq_arg);
	if (!api || tok < 0 || !tok_is_ident(lf, tok, q->api))
		return false;
	open = token_next_code(lf, tok);
	n = tok_is_punct(lf, open, "(") ?
		    call_arguments(lf, (size_t)open, first, last, 4) : 0;
	if (n < (size_t)wq_arg + 1)
		return false;
	e[0].start = lf->tokens[tok].offset;
	e[0].end = lf->tokens[tok].offset + lf->tokens[tok].len;
	e[0].with = api;
	/* "(X, &w" or, after the CPU, "(cpu, X, &w" */
	e[1].start = e[1].end = wq_arg ? lf->tokens[first[1]].offset :
					 lf->tokens[open].offset + 1;
	strbuf_addf(&sb, "%s, ", target);
	e[1].owned = strbuf_detach(&sb);
	e[1].with = e[1].owned;
	return true;
}

/* The edit of a named workqueue argument: the target in its place, when
 * it is written as the one identifier the model read. */
static bool edit_named(const struct lexed_file *lf, const struct queueing *q,
		       const char *target, struct edit_at *e)
{
	long tok = token_at_position(lf, q->wq.line, q->wq.column);

	if (tok < 0 || !q->wq.id || !tok_is_ident(lf, tok, q->wq.id))
		return false;
	e->start = lf->tokens[tok].offset;
	e->end = e->start + lf->tokens[tok].len;
	e->with = target;
	return true;
}

/* No line an edit is on grows past 100 columns (checkpatch's limit);
 * lines the fix does not touch are as long as they were. */
static bool edited_lines_fit(const char *out, const size_t *at, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		size_t b = at[i], e = at[i];

		while (b && out[b - 1] != '\n')
			b--;
		while (out[e] && out[e] != '\n')
			e++;
		if (display_width(out + b, e - b) > 100)
			return false;
	}
	return true;
}

bool twowq_fix_make(const struct workitem_model *m, const char *path,
		    const char *text, size_t len, unsigned line,
		    const struct twowq_renames *rn, struct twowq_fix *fx)
{
	const struct queueing *at = NULL;
	const struct work_item *it;
	struct lexed_file lf;
	struct edit_at *edits = NULL;
	size_t *out_at = NULL;
	size_t i, nr_edits = 0;
	struct strbuf out = STRBUF_INIT;
	bool ok = false, implied = false;

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
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];

		if (strcmp(q->path, path)) {
			fail(fx, "the item is queued in more than one file");
			return false;
		}
		if (q->wq.kind != WQ_REF_NAMED || !q->wq.id) {
			fail(fx, "one of its workqueues is the driver's own or not named "
			     "at the call: which one the item wants is the driver's choice");
			return false;
		}
		implied |= q->wq.implied;
	}
	if (!(implied ? pick_implied(it, rn, fx) :
			pick_majority(it, schedule_wq(m), rn, fx)))
		return false;
	lex_file(&lf, text, len);
	edits = xcalloc(2 * it->nr_queueings + 1, sizeof(*edits));
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];

		if (!q->wq.implied && !strcmp(q->wq.id, fx->target)) {
			fx->nr_target++;
			if (!fx->target_line)
				fx->target_line = q->line;
			add_line(&fx->target_lines, q);
			continue;
		}
		if (q->wq.implied) {
			if (!edit_implied(&lf, q, fx->target, edits + nr_edits)) {
				fail(fx, "a schedule_*() call of it could not be read "
				     "as one with a queue_*() form");
				goto out;
			}
			nr_edits += 2;
		} else if (edit_named(&lf, q, fx->target, edits + nr_edits)) {
			nr_edits++;
		} else {
			fail(fx, "a queueing of it names its workqueue other than "
			     "by the workqueue's own name");
			goto out;
		}
		fx->nr_moved++;
		add_line(&fx->moved_lines, q);
		fx->first_moved = fx->first_moved ? fx->first_moved : q->line;
	}
	qsort(edits, nr_edits, sizeof(*edits), edit_cmp);
	out_at = xcalloc(nr_edits + 1, sizeof(*out_at));
	{
		size_t pos = 0;

		for (i = 0; i < nr_edits; i++) {
			strbuf_add(&out, text + pos, edits[i].start - pos);
			out_at[i] = out.len;
			strbuf_addstr(&out, edits[i].with);
			pos = edits[i].end;
		}
		strbuf_add(&out, text + pos, len - pos);
	}
	if (!edited_lines_fit(out.buf, out_at, nr_edits)) {
		fail(fx, "the queueing after the fix would pass 100 columns");
		goto out;
	}
	fx->len = out.len;
	fx->text = strbuf_detach(&out);
	ok = true;
out:
	for (i = 0; i < nr_edits; i++)
		free(edits[i].owned);
	free(edits);
	free(out_at);
	strbuf_release(&out);
	lexed_file_release(&lf);
	return ok;
}
