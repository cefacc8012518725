/*
 * The scratch side of a series: a copy of the files it reads and changes
 * (s->work), made from the base commit's blobs (git) or from the tree as it
 * is (no git: then also the temporary base commit), and the scratch
 * repository the commits go into. Every patch's text is staged here, so the
 * next phase scans what the patches before it left.
 */
#include "products/series/series-priv.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void series_read_or_die(struct strbuf *sb, const char *dir, const char *rel)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_addf(&path, "%s/%s", dir, rel);
	strbuf_reset(sb);
	if (strbuf_read_file(sb, path.buf) < 0)
		die_errno("cannot read %s", path.buf);
	strbuf_release(&path);
}

void series_write_or_die(const char *dir, const char *rel, const char *data,
			 size_t len)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_addf(&path, "%s/%s", dir, rel);
	if (make_parent_dirs(path.buf) < 0 ||
	    write_whole_file(path.buf, data, len, 0644) < 0)
		die_errno("cannot write %s", path.buf);
	strbuf_release(&path);
}

bool series_same_text(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (!alen || !memcmp(a, b, alen));
}

void series_strip_newline(struct strbuf *sb)
{
	while (sb->len &&
	       (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r'))
		sb->buf[--sb->len] = '\0';
}

static void add_base_file(struct series *s, const char *path, unsigned mode)
{
	ALLOC_GROW(s->base_files, s->nr_base_files, s->alloc_base_files);
	s->base_files[s->nr_base_files].path = xstrdup(path);
	s->base_files[s->nr_base_files++].mode = mode;
}

static unsigned base_mode(const struct series *s, const char *path)
{
	size_t i;

	for (i = 0; i < s->nr_base_files; i++)
		if (!strcmp(s->base_files[i].path, path))
			return s->base_files[i].mode;
	return 0100644;
}

/*
 * The candidates and the API's own files as they are in the base, copied
 * into the scratch directory: ls-tree names their blobs, one cat-file
 * --batch reads them all.
 */
static void copy_base_files(struct series *s)
{
	const char **argv = xcalloc(s->candidates.nr + 10, sizeof(*argv));
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT, oids = STRBUF_INIT,
		      blobs = STRBUF_INIT, path = STRBUF_INIT;
	const char *p, *end;
	size_t n = 0, i;

	argv[n++] = "git";
	argv[n++] = "ls-tree";
	argv[n++] = "-z";
	argv[n++] = s->base;
	argv[n++] = "--";
	argv[n++] = WORKQUEUE_HEADER;
	argv[n++] = WORKQUEUE_IMPL;
	argv[n++] = ".gitattributes";
	for (i = 0; i < s->candidates.nr; i++)
		argv[n++] = s->candidates.paths[i];
	argv[n] = NULL;
	if (series_run(argv, s->root, NULL, &out, &err) != 0)
		die("git ls-tree failed: %s", series_first_line(&err));
	/* "<mode> blob <oid>\t<path>\0": regular files only. */
	for (p = out.buf ? out.buf : ""; *p; p += strlen(p) + 1) {
		const char *tab = strchr(p, '\t'), *oid;
		unsigned mode = (unsigned)strtoul(p, NULL, 8);

		if (!tab || (mode != 0100644 && mode != 0100755))
			continue;
		oid = strchr(p, ' ');
		oid = oid ? strchr(oid + 1, ' ') : NULL;
		if (!oid)
			continue;
		strbuf_addf(&oids, "%.*s\n", (int)(tab - oid - 1), oid + 1);
		add_base_file(s, tab + 1, mode);
	}
	strbuf_addf(&path, "%s/blobs", s->scratch);
	if (write_whole_file(path.buf, oids.buf ? oids.buf : "", oids.len,
			     0600) < 0)
		die_errno("cannot write %s", path.buf);
	{
		const char *cat[] = { "git", "cat-file", "--batch", NULL };

		strbuf_reset(&err);
		if (series_run_input(cat, s->root, NULL, path.buf, &blobs,
				     &err) != 0)
			die("git cat-file failed: %s", series_first_line(&err));
	}
	/* "<oid> blob <size>\n<data>\n", in the order asked. */
	p = blobs.buf ? blobs.buf : "";
	end = p + blobs.len;
	for (i = 0; i < s->nr_base_files; i++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *size = nl ? memrchr(p, ' ', (size_t)(nl - p)) : NULL;
		size_t len;

		if (!size)
			die("git cat-file: unexpected output for %s",
			    s->base_files[i].path);
		len = strtoul(size + 1, NULL, 10);
		if ((size_t)(end - nl - 1) < len + 1)
			die("git cat-file: short output for %s",
			    s->base_files[i].path);
		series_write_or_die(s->work, s->base_files[i].path, nl + 1,
				    len);
		p = nl + 1 + len + 1;
	}
	free(argv);
	strbuf_release(&out);
	strbuf_release(&err);
	strbuf_release(&oids);
	strbuf_release(&blobs);
	strbuf_release(&path);
}

/* The absolute path of TREE's object directory, for alternates. */
static char *tree_objects(struct series *s)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;

	if (series_git(s->root, NULL, &out, &err, "rev-parse",
		       "--path-format=absolute", "--git-path", "objects",
		       NULL) != 0)
		die("git rev-parse failed in %s: %s", s->root,
		    series_first_line(&err));
	series_strip_newline(&out);
	strbuf_release(&err);
	return strbuf_detach(&out);
}

/* A bare repository reads no .gitattributes: the tree's top-level one
 * (the kernel's says diff=cpp, which names the function in each hunk
 * header) becomes the scratch repository's info/attributes. */
static void copy_attributes(struct series *s, const char *from)
{
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;

	strbuf_addf(&path, "%s/.gitattributes", from);
	if (strbuf_read_file(&text, path.buf) == 0 && text.len)
		series_write_or_die(s->repo.dir, "info/attributes", text.buf,
				    text.len);
	strbuf_release(&text);
	strbuf_release(&path);
}

void series_setup_scratch(struct series *s)
{
	struct strbuf work = STRBUF_INIT, repo = STRBUF_INIT;

	strbuf_addf(&work, "%s/tree", s->scratch);
	s->work = strbuf_detach(&work);
	if (mkdir(s->work, 0700) < 0)
		die_errno("cannot create %s", s->work);
	strbuf_addf(&repo, "%s/repo.git", s->scratch);
	if (s->git) {
		struct strbuf head = STRBUF_INIT, err = STRBUF_INIT;
		char *objects;

		if (series_git(s->root, NULL, &head, &err, "rev-parse",
			       "--verify", "-q", "HEAD^{commit}", NULL) != 0)
			die("%s: a git checkout without a commit to base a series on",
			    s->root);
		series_strip_newline(&head);
		s->base = strbuf_detach(&head);
		objects = tree_objects(s);
		series_repo_init(&s->repo, repo.buf, objects, s->base, s->name,
				 s->email, s->env);
		free(objects);
		strbuf_release(&err);
		series_list_candidates(s);
		copy_base_files(s);
		copy_attributes(s, s->work);
	} else {
		series_repo_init(&s->repo, repo.buf, NULL, NULL, s->name,
				 s->email, s->env);
		copy_attributes(s, s->root);
	}
	strbuf_release(&repo);
}

/* TREE is not a git checkout: the base is a commit of the touched files
 * as they are (and the API's own, for --with-deprecation). */
void series_make_temp_base(struct series *s)
{
	struct series_commit *c = series_repo_add(
		&s->repo, "the files of the series as they are in the tree\n");
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;
	struct stat st;
	size_t i;

	for (i = 0; i < s->nr_touched; i++) {
		const struct touched_file *t = &s->touched[i];

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", s->root, t->path);
		add_base_file(s, t->path,
			      stat(path.buf, &st) == 0 && (st.st_mode & 0111) ?
				      0100755 : 0100644);
		series_write_or_die(s->work, t->path, t->original,
				    t->original_len);
		series_commit_add_file(c, t->path, t->original,
				       t->original_len, base_mode(s, t->path));
	}
	if (s->with_deprecation) {
		const char *core[] = { WORKQUEUE_HEADER, WORKQUEUE_IMPL };

		for (i = 0; i < 2; i++) {
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", s->root, core[i]);
			strbuf_reset(&text);
			if (strbuf_read_file(&text, path.buf) < 0)
				continue;
			series_write_or_die(s->work, core[i],
					    text.buf ? text.buf : "", text.len);
			series_commit_add_file(c, core[i],
					       text.buf ? text.buf : "",
					       text.len, 0100644);
		}
	}
	strbuf_release(&text);
	strbuf_release(&path);
}

/* path's text after the patch: written to the scratch copy, and added to
 * commit c unless it did not change. */
bool series_stage_file(struct series *s, struct series_commit *c,
		       const char *path, const char *text, size_t len)
{
	struct strbuf current = STRBUF_INIT;
	struct strbuf full = STRBUF_INIT;
	bool changed;

	strbuf_addf(&full, "%s/%s", s->work, path);
	changed = strbuf_read_file(&current, full.buf) < 0 ||
		  !series_same_text(current.buf, current.len, text, len);
	if (changed) {
		series_write_or_die(s->work, path, text, len);
		series_commit_add_file(c, path, text, len, base_mode(s, path));
	}
	strbuf_release(&current);
	strbuf_release(&full);
	return changed;
}

/* A commit whose files did not change after all is no patch. */
void series_commit_or_drop(struct series *s, struct series_commit *c)
{
	if (c->nr_files) {
		s->nr_patches++;
		return;
	}
	free(c->message);
	free(c->fixes);
	free(c->files);
	s->repo.nr--;
}
