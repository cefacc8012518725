#include "analysis/model/unbound-per-item.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static struct unbound_verdict *system_verdict_at(struct unbound_verdicts *v,
						 const char *file, unsigned line)
{
	size_t i;

	for (i = 0; i < v->nr; i++)
		if (v->items[i].kind == UNBOUND_SITE_SYSTEM_WQ && v->items[i].line == line &&
		    !strcmp(v->items[i].file, file))
			return &v->items[i];
	return NULL;
}

static bool names(const struct queueing *q, const char *wq)
{
	return q->wq.kind == WQ_REF_NAMED && !q->wq.implied && q->wq.text &&
	       !strcmp(q->wq.text, wq);
}

/* Where queueing q ends after the series: WQ020 writes system_dfl_wq or
 * system_percpu_wq for system_wq, WQ021 system_dfl_wq for
 * system_unbound_wq; anything else stays. NULL: unknown. */
static const char *after_series(struct unbound_verdicts *v, const struct queueing *q)
{
	if (names(q, "system_wq")) {
		const struct unbound_verdict *d = system_verdict_at(v, q->file, q->wq.line);

		return d && d->unbound ? "system_dfl_wq" : "system_percpu_wq";
	}
	if (names(q, "system_unbound_wq"))
		return "system_dfl_wq";
	return q->wq.id;
}

static size_t settle_item(const struct work_item *it, struct unbound_verdicts *v)
{
	const struct queueing *stays = NULL;
	const char *where = NULL;
	size_t demoted = 0;
	size_t i;

	for (i = 0; i < it->nr_queueings && !stays; i++) {
		const char *to = after_series(v, it->queueings[i]);

		if (!to || strcmp(to, "system_dfl_wq")) {
			stays = it->queueings[i];
			where = to;
		}
	}
	if (!stays)
		return 0;
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];
		struct unbound_verdict *d;
		struct strbuf why = STRBUF_INIT;

		if (!names(q, "system_wq"))
			continue;
		d = system_verdict_at(v, q->file, q->wq.line);
		if (!d || !d->unbound)
			continue;
		strbuf_addf(&why, "%s is also queued at %s:%u with %s() on %s, which "
			    "stays: moving this site alone would put the item on two "
			    "workqueues (WQ014), so the conversion, decided per item, "
			    "keeps it per-CPU", q->item_text, stays->file, stays->line,
			    stays->api, where ? where : stays->wq.text);
		free(d->why);
		d->why = strbuf_detach(&why);
		d->unbound = false;
		demoted++;
	}
	return demoted;
}

size_t unbound_settle_per_item(const struct workitem_model *m, struct unbound_verdicts *v)
{
	size_t i, demoted = 0, round;

	/* One demotion can keep another item's site where it is: again until
	 * nothing moves. */
	do {
		round = 0;
		for (i = 0; i < m->nr_items; i++)
			round += settle_item(&m->items[i], v);
		demoted += round;
	} while (round);
	return demoted;
}
