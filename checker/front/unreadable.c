#include "front/unreadable.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct unreadable {
	char *path, *reason;
	bool reported;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct unreadable *list;
static size_t nr, alloc;
static bool sorted = true;

/* Is path at or below the directory dir (which ends in '/')? */
static bool below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return n && dir[n - 1] == '/' && !strncmp(path, dir, n);
}

void unreadable_add(const char *path, const char *reason)
{
	size_t i, j;

	pthread_mutex_lock(&lock);
	/* one line for a directory, not one more for each path under it */
	for (i = 0; i < nr; i++)
		if (!strcmp(list[i].path, path) || below(path, list[i].path))
			break;
	if (i == nr) {
		for (i = j = 0; i < nr; i++) {
			if (below(list[i].path, path) && !list[i].reported) {
				free(list[i].path);
				free(list[i].reason);
				continue;
			}
			list[j++] = list[i];
		}
		nr = j;
		ALLOC_GROW(list, nr, alloc);
		list[nr].path = xstrdup(path);
		list[nr].reason = xstrdup(reason);
		list[nr].reported = false;
		nr++;
		sorted = false;
	}
	pthread_mutex_unlock(&lock);
}

static int compare(const void *a, const void *b)
{
	return strcmp(((const struct unreadable *)a)->path,
		      ((const struct unreadable *)b)->path);
}

/* Sorted when first read, so that reports do not depend on which thread
 * met a path first. */
static const struct unreadable *entry(size_t i)
{
	const struct unreadable *u;

	pthread_mutex_lock(&lock);
	if (!sorted) {
		qsort(list, nr, sizeof(*list), compare);
		sorted = true;
	}
	u = i < nr ? &list[i] : NULL;
	pthread_mutex_unlock(&lock);
	return u;
}

size_t unreadable_count(void)
{
	size_t n;

	pthread_mutex_lock(&lock);
	n = nr;
	pthread_mutex_unlock(&lock);
	return n;
}

const char *unreadable_path(size_t i)
{
	const struct unreadable *u = entry(i);

	return u ? u->path : NULL;
}

const char *unreadable_reason(size_t i)
{
	const struct unreadable *u = entry(i);

	return u ? u->reason : NULL;
}

size_t unreadable_report(FILE *fp)
{
	size_t i, n = unreadable_count();

	entry(0);	/* sorted */
	for (i = 0; i < n; i++) {
		if (list[i].reported)
			continue;
		fprintf(fp, "wqcheck: %s: cannot read: %s\n", list[i].path, list[i].reason);
		list[i].reported = true;
	}
	return n;
}
