#include "products/series/series-history.h"
#include "lib/series-run.h"
#include "lib/usage.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void series_history_load(struct series_history *h, const char *root,
			 const char *base, const char *const *paths, size_t nr,
			 size_t max_commits)
{
	const char **argv = xcalloc(nr + 12, sizeof(*argv));
	struct strbuf out = STRBUF_INIT, limit = STRBUF_INIT;
	struct history_commit *c = NULL;
	const char *p, *end;
	size_t n = 0, i;

	memset(h, 0, sizeof(*h));
	strbuf_addf(&limit, "--max-count=%zu", max_commits);
	argv[n++] = "git";
	argv[n++] = "log";
	argv[n++] = "--no-merges";
	argv[n++] = "-z";
	argv[n++] = "--format=%x01%s";
	argv[n++] = "--name-only";
	argv[n++] = "--relative";
	argv[n++] = limit.buf;
	argv[n++] = base;
	argv[n++] = "--";
	for (i = 0; i < nr; i++)
		argv[n++] = paths[i];
	argv[n] = NULL;
	if (series_run(argv, root, NULL, &out, NULL) != 0)
		strbuf_reset(&out);
	/* "\1subject\0", then "\nfile\0" and "file\0" for the files. */
	for (p = out.buf ? out.buf : "", end = p + out.len; p < end;
	     p += strlen(p) + 1) {
		if (*p == '\1') {
			ALLOC_GROW(h->commits, h->nr, h->alloc);
			c = &h->commits[h->nr++];
			memset(c, 0, sizeof(*c));
			c->subject = xstrdup(p + 1);
			continue;
		}
		if (*p == '\n')
			p++;
		if (!c || !*p)
			continue;
		ALLOC_GROW(c->files, c->nr_files, c->alloc_files);
		c->files[c->nr_files++] = xstrdup(p);
	}
	free(argv);
	strbuf_release(&out);
	strbuf_release(&limit);
}

static bool touches(const struct history_commit *c, const char *const *files,
		    size_t nr)
{
	size_t i, j;

	for (i = 0; i < c->nr_files; i++)
		for (j = 0; j < nr; j++)
			if (!strcmp(c->files[i], files[j]))
				return true;
	return false;
}

void series_history_subjects(const struct series_history *h,
			     const char *const *files, size_t nr, size_t max,
			     struct strbuf *out)
{
	size_t i, taken = 0;

	for (i = 0; i < h->nr && taken < max; i++)
		if (touches(&h->commits[i], files, nr)) {
			strbuf_addf(out, "%s\n", h->commits[i].subject);
			taken++;
		}
}

void series_history_release(struct series_history *h)
{
	size_t i, j;

	for (i = 0; i < h->nr; i++) {
		for (j = 0; j < h->commits[i].nr_files; j++)
			free(h->commits[i].files[j]);
		free(h->commits[i].files);
		free(h->commits[i].subject);
	}
	free(h->commits);
	memset(h, 0, sizeof(*h));
}
