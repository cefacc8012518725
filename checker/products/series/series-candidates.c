/*
 * Which files a series' scans look at. In a git checkout, only the base's
 * files that name one of the selected rules' identifiers, found with git
 * grep (a scan of every file finds nothing more); without git, every file
 * of the tree.
 */
#include "products/series/series-priv.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* Paths from NUL-separated output, after a prefix of skip bytes each
 * (git grep's "<commit>:"). */
static void add_paths(struct file_list *list, const struct strbuf *out,
		      size_t skip)
{
	size_t i, start;

	for (i = start = 0; i < out->len; i++) {
		if (out->buf[i])
			continue;
		if (i > start + skip) {
			ALLOC_GROW(list->paths, list->nr, list->alloc);
			list->paths[list->nr++] = xstrdup(out->buf + start + skip);
		}
		start = i + 1;
	}
}

/* git grep -l for the old APIs' names in the working tree, or in commit
 * (then only in paths); exit status 1 is "nothing matched". */
static void grep_names(struct series *s, const char *commit,
		       const struct file_list *paths, struct strbuf *out)
{
	const char **argv = xcalloc(32 + (paths ? paths->nr : 0), sizeof(*argv));
	struct strbuf err = STRBUF_INIT;
	const char *const *name;
	size_t n = 0, i, r;
	int rc;

	argv[n++] = "git";
	argv[n++] = "grep";
	argv[n++] = "-l";
	argv[n++] = "-z";
	argv[n++] = "-F";
	/* the names the selected rules are about */
	for (r = 0; r < s->nr_rules; r++)
		for (name = s->rules[r]->identifiers; name && *name && n < 28; name++) {
			argv[n++] = "-e";
			argv[n++] = *name;
		}
	if (commit)
		argv[n++] = commit;
	argv[n++] = "--";
	if (paths)
		for (i = 0; i < paths->nr; i++)
			argv[n++] = paths->paths[i];
	else {
		argv[n++] = "*.c";
		argv[n++] = "*.h";
	}
	argv[n] = NULL;
	rc = series_run(argv, s->root, NULL, out, &err);
	if (rc != 0 && rc != 1)
		die("git grep failed: %s", series_first_line(&err));
	free(argv);
	strbuf_release(&err);
}

/*
 * The files of the base that name an old API: all that a scan can find.
 * git grep reads the working tree where it has HEAD's text (a quarter of
 * the time reading the commit's blobs takes on 6.1), and HEAD itself for
 * the files changed since.
 */
void series_list_candidates(struct series *s)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct file_list changed = { 0 }, found = { 0 }, base_changed = { 0 };
	size_t i;

	if (series_git(s->root, NULL, &out, &err, "diff", "--name-only", "-z",
		       "--no-renames", s->base, "--", "*.c", "*.h", NULL) != 0)
		die("git diff failed: %s", series_first_line(&err));
	add_paths(&changed, &out, 0);
	file_list_finish(&changed);
	strbuf_reset(&out);
	grep_names(s, NULL, NULL, &out);
	add_paths(&found, &out, 0);
	for (i = 0; i < found.nr; i++)
		if (!file_list_has(&changed, found.paths[i])) {
			ALLOC_GROW(s->candidates.paths, s->candidates.nr,
				   s->candidates.alloc);
			s->candidates.paths[s->candidates.nr++] =
				xstrdup(found.paths[i]);
		}
	if (changed.nr) {
		strbuf_reset(&out);
		grep_names(s, s->base, &changed, &out);
		add_paths(&base_changed, &out, strlen(s->base) + 1);
		for (i = 0; i < base_changed.nr; i++) {
			ALLOC_GROW(s->candidates.paths, s->candidates.nr,
				   s->candidates.alloc);
			s->candidates.paths[s->candidates.nr++] =
				xstrdup(base_changed.paths[i]);
		}
	}
	file_list_finish(&s->candidates);
	file_list_release(&changed);
	file_list_release(&found);
	file_list_release(&base_changed);
	strbuf_release(&out);
	strbuf_release(&err);
}

/* The files a scan looks at: the candidates of a git base, else all. */
void series_files_to_scan(struct series *s, const char *root,
			  struct file_list *files)
{
	size_t i;

	if (s->git) {
		for (i = 0; i < s->candidates.nr; i++) {
			ALLOC_GROW(files->paths, files->nr, files->alloc);
			files->paths[files->nr++] =
				xstrdup(s->candidates.paths[i]);
		}
		return;
	}
	if (list_tree_files(root, "", files) < 0)
		die("%s: cannot list its files", root);
	file_list_finish(files);
}
