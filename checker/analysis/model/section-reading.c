/* The tree read for one MAINTAINERS section (audit --subsystem): its own
 * files as tree_read_visiting() reads every file, then of the others only
 * those whose text holds a name that ties them to what the section's
 * files bind, queue or allocate (section-ties.h), until no file read
 * gives a new name. Every file is still read for the marks the whole
 * tree's read sets (t->mentions, t->on_api_files): they are a byte search,
 * lexing is what a whole read spends its time on (v6.19, --subsystem="drm
 * xe driver": 70% of the run, 3,100 files lexed where 300 are the
 * section's). */
#include "analysis/model/section-reading.h"
#include "analysis/model/tree-reading-priv.h"
#include "analysis/model/section-ties.h"
#include "front/parallel.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Some of the tree's files, with their places in its list. */
struct sublist {
	struct file_list files;	/* paths borrowed from the tree's list */
	size_t *map;
};

static void sublist_add(struct sublist *l, const struct tree_reading *a, size_t i)
{
	ALLOC_GROW(l->files.paths, l->files.nr + 1, l->files.alloc);
	l->map = xrealloc(l->map, l->files.alloc * sizeof(*l->map));
	l->files.paths[l->files.nr] = a->all.paths[i];
	l->map[l->files.nr++] = i;
	l->files.unchecked = a->all.unchecked;
}

static void sublist_release(struct sublist *l)
{
	free(l->files.paths);
	free(l->map);
	memset(l, 0, sizeof(*l));
}

static void read_sublist(struct prefilter *p, const char *root, int threads,
			 const struct sublist *l)
{
	const struct file_list *files = p->files;

	if (!l->files.nr)
		return;
	p->files = &l->files;
	p->map = l->map;
	parallel_read_files(root, &l->files, threads, prefilter_file, p);
	p->files = files;
	p->map = NULL;
}

/* The threads' names into known, and those new into fresh (or NULL):
 * how many were new. */
static size_t merge_found(struct tie_list *found, int threads, struct tie_names *known,
			  struct tie_names *fresh)
{
	size_t added = 0;
	int t;

	for (t = 0; t <= threads; t++)
		added += tie_list_merge(&found[t], known, fresh);
	return added;
}

/* The files lexed already, read again for the names of their facts that
 * the names found since tie (their index and visit are done): those that
 * hold a new name (fresh), which such a fact holds. */
static void names_again(const char *root, int threads, const struct tree_reading *a,
			const struct sublist *l, bool (*mentions)(const char *text, size_t len),
			const struct tie_names *known, const struct tie_names *fresh,
			struct tie_list *found)
{
	bool *mentioned = xcalloc(a->all.nr ? a->all.nr : 1, sizeof(*mentioned));
	struct prefilter q = { .files = &l->files, .lex_bindings = true,
			       .mentions = mentions, .mentioned = mentioned,
			       .test = fresh, .known = known, .found = found,
			       .ties_of_file = section_ties_of_file, .names_only = true };

	q.indexes = xcalloc((size_t)threads + 1, sizeof(*q.indexes));
	read_sublist(&q, root, threads, l);
	merge_indexes(&q, threads, NULL);
	free(mentioned);
}

/* WQCHECK_DEBUG_SECTION: how far the reading got. */
static void debug_round(const struct tree_reading *a, const struct tie_names *known,
			size_t own, const bool *pending, const bool *tied)
{
	size_t nr_tied = 0, nr_pending = 0, i;

	if (!getenv("WQCHECK_DEBUG_SECTION"))
		return;
	for (i = 0; i < a->all.nr; i++) {
		nr_tied += tied[i];
		nr_pending += pending[i];
	}
	fprintf(stderr, "section: %zu names, %zu files own, %zu tied, %zu pending\n", known->nr,
		own, nr_tied, nr_pending);
}

void tree_read_section(const char *root, const char *arch, int jobs,
		       bool (*mentions)(const char *text, size_t len),
		       const struct tree_visitor *visitor, struct tree_reading *a,
		       bool (*in_section)(const char *path, void *ctx), void *ctx)
{
	int threads = parallel_jobs(jobs);
	struct tree_read_pass *r = tree_read_begin(root, arch, threads, mentions, visitor, a);
	struct tie_list *found = xcalloc((size_t)threads + 1, sizeof(*found));
	struct tie_names known = { 0 }, fresh = { 0 }, dirs = { 0 };
	struct sublist own = { 0 }, rest = { 0 };
	size_t n = a->all.nr ? a->all.nr : 1, i;
	bool *pending = xcalloc(n, sizeof(*pending)), *tied = xcalloc(n, sizeof(*tied));
	int t;

	for (i = 0; i < a->all.nr; i++) {
		const char *path = a->all.paths[i], *slash = strrchr(path, '/');
		char *dir;

		if (!in_section(path, ctx)) {
			sublist_add(&rest, a, i);
			continue;
		}
		sublist_add(&own, a, i);
		dir = xstrndup(path, slash ? (size_t)(slash - path) : 0);
		tie_names_add(&dirs, dir);
		free(dir);
	}
	r->p.found = found;
	r->p.ties_of_file = section_ties_of_file;
	read_sublist(&r->p, root, threads, &own);
	merge_found(found, threads, &known, NULL);
	if (getenv("WQCHECK_DEBUG_SECTION"))
		tie_names_dump(&known, stderr);
	r->p.known = &known;
	r->p.test = &known;
	r->p.dirs = &dirs;
	r->p.pending = pending;
	r->p.tied = tied;
	read_sublist(&r->p, root, threads, &rest);
	for (;;) {
		struct sublist waiting = { 0 }, lexed = { 0 };

		debug_round(a, &known, own.files.nr, pending, tied);
		/* a file still waiting holds no name known before: only the
		 * new ones are looked for in it */
		tie_names_release(&fresh);
		if (!merge_found(found, threads, &known, &fresh))
			break;
		if (getenv("WQCHECK_DEBUG_SECTION"))
			tie_names_dump(&fresh, stderr);
		r->p.test = &fresh;
		for (i = 0; i < a->all.nr; i++)
			if (pending[i])
				sublist_add(&waiting, a, i);
			else if (tied[i])
				sublist_add(&lexed, a, i);
		read_sublist(&r->p, root, threads, &waiting);
		names_again(root, threads, a, &lexed, mentions, &known, &fresh, found);
		sublist_release(&waiting);
		sublist_release(&lexed);
	}
	tree_read_end(r, a);
	for (t = 0; t <= threads; t++)
		tie_list_release(&found[t]);
	free(found);
	tie_names_release(&known);
	tie_names_release(&dirs);
	tie_names_release(&fresh);
	free(pending);
	free(tied);
	sublist_release(&own);
	sublist_release(&rest);
}
