/*
 * The Fixes: tag of a patch that fixes a condition: the commit that put it
 * there, from git's own line history. For an item queued on two
 * workqueues, the later of the commits that last wrote its two queueing
 * lines (git blame of the base): before it the item was on one. None
 * without history: a tree that is not a git checkout, or lines a root
 * commit (an import of the whole tree) wrote; never a guess.
 */
#include "products/series/series-priv.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The commit that last wrote line of path at base, or an empty sb. */
static void blame_line(struct series *s, const char *path, unsigned line,
		       struct strbuf *oid)
{
	struct strbuf out = STRBUF_INIT, range = STRBUF_INIT;

	strbuf_reset(oid);
	strbuf_addf(&range, "%u,%u", line, line);
	if (!series_git(s->root, NULL, &out, NULL, "blame", "--porcelain", "-L",
			range.buf, s->base, "--", path, NULL) &&
	    out.len >= 40 && strspn(out.buf, "0123456789abcdef") >= 40)
		strbuf_add(oid, out.buf, strspn(out.buf, "0123456789abcdef"));
	strbuf_release(&out);
	strbuf_release(&range);
}

char *series_fixes_tag(struct series *s, const char *path,
		       const unsigned *lines, size_t nr)
{
	struct strbuf oid = STRBUF_INIT, info = STRBUF_INIT, best = STRBUF_INIT;
	unsigned long long best_time = 0;
	bool best_root = false;
	char *tag = NULL;
	size_t i;

	if (!s->git || !s->base)
		return NULL;
	for (i = 0; i < nr; i++) {
		char *end;
		unsigned long long t;

		blame_line(s, path, lines[i], &oid);
		if (!oid.len)
			goto out;
		strbuf_reset(&info);
		/* time, parents, short hash and subject */
		if (series_git(s->root, NULL, &info, NULL, "log", "-1",
			       "--format=%ct%x09%P%x09%h%x09%s", "--abbrev=12",
			       oid.buf, NULL))
			goto out;
		t = strtoull(info.buf, &end, 10);
		if (*end != '\t')
			goto out;
		if (!best.len || t > best_time) {
			best_time = t;
			best_root = end[1] == '\t';
			strbuf_reset(&best);
			strbuf_addstr(&best, strchr(end + 1, '\t') + 1);
		}
	}
	/* the latest is a root commit (an import): no history to blame */
	if (best.len && !best_root) {
		struct strbuf sb = STRBUF_INIT;
		char *tab = strchr(best.buf, '\t');
		size_t n;

		if (!tab)
			goto out;
		n = strcspn(tab + 1, "\n");
		strbuf_addf(&sb, "Fixes: %.*s (\"%.*s\")", (int)(tab - best.buf),
			    best.buf, (int)n, tab + 1);
		tag = strbuf_detach(&sb);
	}
out:
	strbuf_release(&oid);
	strbuf_release(&info);
	strbuf_release(&best);
	return tag;
}
