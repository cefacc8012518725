#include "analysis/model/unbound-verdict.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

void unbound_verdicts_add(struct unbound_verdicts *v, const char *file,
			  unsigned line, enum unbound_site kind, bool unbound,
			  const char *why)
{
	struct unbound_verdict *u;

	ALLOC_GROW(v->items, v->nr, v->alloc);
	u = &v->items[v->nr++];
	u->file = xstrdup(file);
	u->line = line;
	u->kind = kind;
	u->unbound = unbound;
	u->why = xstrdup(why ? why : "");
	v->sorted = false;
}

static int compare(const struct unbound_verdict *a, const char *file,
		   unsigned line, enum unbound_site kind)
{
	int c = strcmp(a->file, file);

	if (c)
		return c;
	if (a->line != line)
		return a->line < line ? -1 : 1;
	return (int)a->kind - (int)kind;
}

static int verdict_compare(const void *x, const void *y)
{
	const struct unbound_verdict *b = y;

	return compare(x, b->file, b->line, b->kind);
}

void unbound_verdicts_finish(struct unbound_verdicts *v)
{
	if (v->nr)
		qsort(v->items, v->nr, sizeof(*v->items), verdict_compare);
	v->sorted = true;
}

const struct unbound_verdict *unbound_verdict_find(const struct unbound_verdicts *v,
						   const char *file, unsigned line,
						   enum unbound_site kind)
{
	size_t lo = 0, hi = v->nr;

	if (!v->sorted)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (compare(&v->items[mid], file, line, kind) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == v->nr || compare(&v->items[lo], file, line, kind))
		return NULL;
	if (lo + 1 < v->nr && !compare(&v->items[lo + 1], file, line, kind))
		return NULL;	/* two sites on one line */
	return &v->items[lo];
}

void unbound_verdicts_release(struct unbound_verdicts *v)
{
	size_t i;

	for (i = 0; i < v->nr; i++) {
		free(v->items[i].file);
		free(v->items[i].why);
	}
	free(v->items);
	memset(v, 0, sizeof(*v));
}
