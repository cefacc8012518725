#include "front/unreadable.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdbool.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct unreadable {
	char *path, *reason;
	bool reported;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct unreadable *list;
static size_t nr, alloc;
static bool sorted = true;
static char **told;
static size_t nr_told, alloc_told;

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
	for (j = 0; i == nr && j < nr_told; j++)
		if (!strcmp(told[j], path))
			i = nr + 1;
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

char *unreadable_closed_directory(const char *root, const char *path)
{
	struct strbuf dir = STRBUF_INIT;
	const char *slash;

	for (slash = strchr(path, '/'); slash; slash = strchr(slash + 1, '/')) {
		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/%.*s", root, (int)(slash - path), path);
		if (access(dir.buf, X_OK) < 0) {
			int e = errno;

			strbuf_reset(&dir);
			strbuf_addf(&dir, "%.*s", (int)(slash - path + 1), path);
			unreadable_add(dir.buf, strerror(e));
			return strbuf_detach(&dir);
		}
	}
	strbuf_release(&dir);
	return NULL;
}

void unreadable_told(const char *path)
{
	size_t i, j;

	pthread_mutex_lock(&lock);
	ALLOC_GROW(told, nr_told, alloc_told);
	told[nr_told++] = xstrdup(path);
	for (i = j = 0; i < nr; i++) {
		if (!strcmp(list[i].path, path) && !list[i].reported) {
			free(list[i].path);
			free(list[i].reason);
			continue;
		}
		list[j++] = list[i];
	}
	nr = j;
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
