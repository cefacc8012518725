/* Child processes for validate (git, make, objdump; run by lib/series-run.c)
 * and string lists. */
#include "lib/series-run.h"
#include "lib/usage.h"
#include "products/validate/validate-run.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int run_command(const char *dir, const char *const *argv, struct strbuf *out)
{
	/* messages in English: warnings are compared as text */
	static const char *const english[] = { "LC_ALL=C", NULL };

	/* stdout and stderr into out, as a terminal would show them */
	return series_run(argv, dir, english, out, out);
}

int run_commandv(const char *dir, struct strbuf *out, ...)
{
	const char *argv[64];
	size_t n = 0;
	va_list ap;

	va_start(ap, out);
	while (n < 63 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	return run_command(dir, argv, out);
}

void strlist_add_nodup(struct strlist *l, char *s)
{
	ALLOC_GROW(l->items, l->nr, l->alloc);
	l->items[l->nr++] = s;
}

void strlist_add(struct strlist *l, const char *s)
{
	strlist_add_nodup(l, xstrdup(s));
}

bool strlist_has(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i], s))
			return true;
	return false;
}

void strlist_release(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->items[i]);
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}

void strlist_subtract(const struct strlist *after, const struct strlist *before,
		      struct strlist *out)
{
	bool *used = xcalloc(before->nr + 1, sizeof(*used));
	size_t i, j;

	for (i = 0; i < after->nr; i++) {
		for (j = 0; j < before->nr; j++)
			if (!used[j] && !strcmp(after->items[i], before->items[j]))
				break;
		if (j < before->nr)
			used[j] = true;
		else
			strlist_add(out, after->items[i]);
	}
	free(used);
}
