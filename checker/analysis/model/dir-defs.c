/* A directory's definitions lists as one: (hash, file) pairs sorted, so
 * that the files that may define a name are a range. */
#include "analysis/model/dir-defs.h"
#include "lib/sort-keys.h"
#include "lib/usage.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct def_at {
	uint64_t hash;
	uint32_t file;
};

struct def_list {
	struct def_at *v;
	size_t nr, alloc;
};

struct dir_defs {
	struct def_list defs, members;
	uint32_t *unknown;	/* files whose pass lost track, in order */
	size_t nr_unknown, alloc_unknown;
};

struct dir_defs *dir_defs_new(void)
{
	return xcalloc(1, sizeof(struct dir_defs));
}

static void add_all(struct def_list *l, uint32_t file, const uint64_t *hashes, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		ALLOC_GROW(l->v, l->nr, l->alloc);
		l->v[l->nr].hash = hashes[i];
		l->v[l->nr++].file = file;
	}
}

void dir_defs_add(struct dir_defs *dd, uint32_t file, const struct definitions *d)
{
	if (d->unknown) {
		ALLOC_GROW(dd->unknown, dd->nr_unknown, dd->alloc_unknown);
		dd->unknown[dd->nr_unknown++] = file;
		return;
	}
	add_all(&dd->defs, file, d->defs, d->nr_defs);
	add_all(&dd->members, file, d->members, d->nr_members);
}

static void add_names(struct def_list *l, uint32_t file, const char *const *names, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		ALLOC_GROW(l->v, l->nr, l->alloc);
		l->v[l->nr].hash = definitions_hash(names[i], strlen(names[i]));
		l->v[l->nr++].file = file;
	}
}

void dir_defs_add_names(struct dir_defs *dd, uint32_t file, const char *const *names,
			size_t nr_names, const char *const *members, size_t nr_members)
{
	add_names(&dd->defs, file, names, nr_names);
	add_names(&dd->members, file, members, nr_members);
}

static int def_compare(const void *a, const void *b)
{
	const struct def_at *x = a, *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return (x->file > y->file) - (x->file < y->file);
}

/* Sorted, each (hash, file) once: a file may name a function twice (one
 * definition per #if branch). */
static void sort_unique(struct def_list *l)
{
	size_t i, n = 0;

	/* by hash; a file's pairs are added in file order and stay so */
	sort_records_by_key(l->v, l->nr, sizeof(*l->v));
	for (i = 0; i < l->nr; i++)
		if (!n || def_compare(&l->v[n - 1], &l->v[i]))
			l->v[n++] = l->v[i];
	l->nr = n;
}

void dir_defs_finish(struct dir_defs *dd)
{
	sort_unique(&dd->defs);
	sort_unique(&dd->members);
}

/* The first pair of l with hash h or above. */
static size_t lower_bound(const struct def_list *l, uint64_t h)
{
	size_t lo = 0, hi = l->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->v[mid].hash < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t dir_defs_files(const struct dir_defs *dd, const char *name, bool member,
		      uint32_t **out)
{
	const struct def_list *l = member ? &dd->members : &dd->defs;
	uint64_t h = definitions_hash(name, strlen(name));
	size_t i = lower_bound(l, h), u = 0, nr = 0, alloc = 0;
	uint32_t *v = NULL;

	/* two ascending lists merged: the range (files ascending, as the
	 * pairs are sorted) and the files the pass could not follow */
	for (;;) {
		bool in_range = i < l->nr && l->v[i].hash == h;
		uint32_t next;

		if (!in_range && u == dd->nr_unknown)
			break;
		if (in_range && (u == dd->nr_unknown || l->v[i].file < dd->unknown[u]))
			next = l->v[i++].file;
		else
			next = dd->unknown[u++];
		ALLOC_GROW(v, nr, alloc);
		v[nr++] = next;
	}
	*out = v;
	return nr;
}

void dir_defs_free(struct dir_defs *dd)
{
	if (!dd)
		return;
	free(dd->defs.v);
	free(dd->members.v);
	free(dd->unknown);
	free(dd);
}
