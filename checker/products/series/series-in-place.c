/*
 * --in-place: the series' result written into TREE's working tree, merged
 * three ways with local changes (--force), and the check that refuses a
 * dirty tree without --force.
 */
#include "products/series/series-priv.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --in-place: the final text of every touched file into TREE. A file TREE
 * changed since the base is merged three ways (with --force); a conflict
 * is an error. */
int series_apply_in_place(struct series *s)
{
	struct strbuf final = STRBUF_INIT, cur = STRBUF_INIT, p = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < s->nr_touched; i++) {
		struct touched_file *t = &s->touched[i];

		series_read_or_die(&final, s->work, t->path);
		series_read_or_die(&cur, s->root, t->path);
		if (series_same_text(final.buf, final.len, cur.buf, cur.len))
			continue;
		if (!series_same_text(cur.buf, cur.len, t->original,
				      t->original_len)) {
			struct strbuf mine = STRBUF_INIT, base = STRBUF_INIT,
				      theirs = STRBUF_INIT;
			struct strbuf merged = STRBUF_INIT;
			const char *argv[] = { "git", "merge-file", "-p", "-q",
					       NULL,  NULL,	    NULL, NULL };

			strbuf_addf(&mine, "%s/mine", s->scratch);
			strbuf_addf(&base, "%s/base", s->scratch);
			strbuf_addf(&theirs, "%s/theirs", s->scratch);
			if (write_whole_file(mine.buf, cur.buf, cur.len, 0644) < 0 ||
			    write_whole_file(base.buf, t->original, t->original_len, 0644) < 0 ||
			    write_whole_file(theirs.buf, final.buf, final.len, 0644) < 0)
				die_errno("cannot write in %s", s->scratch);
			argv[4] = mine.buf;
			argv[5] = base.buf;
			argv[6] = theirs.buf;
			if (series_run(argv, NULL, NULL, &merged, NULL) != 0) {
				ret = error(
					"%s: its local changes conflict with the series; "
					"left as it was",
					t->path);
			} else {
				strbuf_reset(&final);
				strbuf_add(&final, merged.buf ? merged.buf : "",
					   merged.len);
			}
			strbuf_release(&mine);
			strbuf_release(&base);
			strbuf_release(&theirs);
			strbuf_release(&merged);
			if (ret < 0)
				continue;
		}
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s.wqcheck-tmp", s->root, t->path);
		if (write_whole_file(p.buf, final.buf ? final.buf : "", final.len, 0644) < 0) {
			ret = error("cannot write %s: %s", p.buf,
				    strerror(errno));
			continue;
		}
		{
			struct strbuf dst = STRBUF_INIT;
			struct stat st;

			strbuf_addf(&dst, "%s/%s", s->root, t->path);
			if (stat(dst.buf, &st) == 0)
				chmod(p.buf, st.st_mode & 07777);
			if (rename(p.buf, dst.buf) < 0) {
				ret = error("cannot rewrite %s: %s", dst.buf,
					    strerror(errno));
				unlink(p.buf);
			}
			strbuf_release(&dst);
		}
	}
	strbuf_release(&final);
	strbuf_release(&cur);
	strbuf_release(&p);
	return ret;
}

bool series_tree_is_dirty(struct series *s)
{
	struct strbuf out = STRBUF_INIT;
	bool dirty;

	if (series_git(s->root, NULL, &out, NULL, "status", "--porcelain",
		       "--untracked-files=no", NULL) != 0)
		die("git status failed in %s", s->root);
	dirty = out.len > 0;
	strbuf_release(&out);
	return dirty;
}
