#include "products/series/series-commit.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

void series_repo_init(struct series_repo *r, const char *dir,
		      const char *objects, const char *base, const char *name,
		      const char *email, const char *const *env)
{
	const char *init[] = { "git", "init", "-q", "--bare", dir, NULL };
	struct strbuf err = STRBUF_INIT;

	memset(r, 0, sizeof(*r));
	r->dir = xstrdup(dir);
	r->name = name;
	r->email = email;
	r->env = env;
	if (series_run(init, NULL, NULL, NULL, &err) != 0)
		die("git init failed: %s", series_first_line(&err));
	strbuf_release(&err);
	if (objects) {
		struct strbuf path = STRBUF_INIT, line = STRBUF_INIT;

		strbuf_addf(&path, "%s/objects/info/alternates", dir);
		strbuf_addf(&line, "%s\n", objects);
		if (write_whole_file(path.buf, line.buf, line.len, 0644) < 0)
			die_errno("cannot write %s", path.buf);
		strbuf_release(&path);
		strbuf_release(&line);
		r->base = xstrdup(base);
	}
}

struct series_commit *series_repo_add(struct series_repo *r,
				      const char *message)
{
	struct series_commit *c;

	ALLOC_GROW(r->commits, r->nr, r->alloc);
	c = &r->commits[r->nr++];
	memset(c, 0, sizeof(*c));
	c->message = xstrdup(message);
	return c;
}

void series_commit_add_file(struct series_commit *c, const char *path,
			    const char *text, size_t len, unsigned mode)
{
	struct series_file *f;

	ALLOC_GROW(c->files, c->nr_files, c->alloc_files);
	f = &c->files[c->nr_files++];
	f->path = xstrdup(path);
	f->text = xstrndup(text, len);
	f->len = len;
	f->mode = mode;
}

void series_repo_git(struct series_repo *r, const char *what,
		     const char *const *args)
{
	struct strbuf err = STRBUF_INIT;
	const char **argv;
	size_t n = 0, nr_args = 0;

	while (args[nr_args])
		nr_args++;
	argv = xcalloc(nr_args + 4, sizeof(*argv));
	argv[n++] = "git";
	argv[n++] = "-C";
	argv[n++] = r->dir;
	for (; *args; args++)
		argv[n++] = *args;
	argv[n] = NULL;
	if (series_run(argv, NULL, r->env, NULL, &err) != 0)
		die("%s failed: %s", what, series_first_line(&err));
	free(argv);
	strbuf_release(&err);
}

/* fast-import takes a path as the rest of the line unless it starts with
 * a double quote; the kernel has no path that needs quoting, but a tree
 * might. */
static void add_path(struct strbuf *sb, const char *path)
{
	const char *p;

	if (!strpbrk(path, "\"\\\n") && path[0] != '"') {
		strbuf_addstr(sb, path);
		return;
	}
	strbuf_addch(sb, '"');
	for (p = path; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addch(sb, '\\');
		if (*p == '\n') {
			strbuf_addstr(sb, "\\n");
			continue;
		}
		strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '"');
}

static void add_data(struct strbuf *sb, const char *data, size_t len)
{
	strbuf_addf(sb, "data %zu\n", len);
	strbuf_add(sb, data, len);
	strbuf_addch(sb, '\n');
}

/* The commits from first on, on top of from (NULL: a root commit), with
 * their messages followed by trailers[i] when trailers is given. */
static void write_stream(struct series_repo *r, size_t first, const char *from,
			 const char *ref, const char *const *trailers,
			 struct strbuf *sb)
{
	struct strbuf msg = STRBUF_INIT;
	size_t i, j;

	for (i = first; i < r->nr; i++) {
		const struct series_commit *c = &r->commits[i];

		strbuf_addf(sb, "commit %s\nmark :%zu\n", ref, i + 1);
		strbuf_addf(sb, "author %s\ncommitter %s\n", r->author,
			    r->committer);
		strbuf_reset(&msg);
		strbuf_addstr(&msg, c->message);
		if (trailers && trailers[i])
			strbuf_addstr(&msg, trailers[i]);
		add_data(sb, msg.buf, msg.len);
		if (i == first && from)
			strbuf_addf(sb, "from %s\n", from);
		for (j = 0; j < c->nr_files; j++) {
			const struct series_file *f = &c->files[j];

			strbuf_addf(sb, "M %o inline ", f->mode);
			add_path(sb, f->path);
			strbuf_addch(sb, '\n');
			add_data(sb, f->text, f->len);
		}
		strbuf_addch(sb, '\n');
	}
	strbuf_addstr(sb, "done\n");
	strbuf_release(&msg);
}

/* ":N oid" lines: the commits' ids. */
static void read_marks(struct series_repo *r, const char *path)
{
	struct strbuf marks = STRBUF_INIT;
	const char *line;

	if (strbuf_read_file(&marks, path) < 0)
		die_errno("cannot read %s", path);
	for (line = marks.buf ? marks.buf : ""; *line;) {
		size_t n = strcspn(line, "\n");
		char *end;
		unsigned long mark = strtoul(line + 1, &end, 10);

		if (line[0] != ':' || *end != ' ' || !mark || mark > r->nr)
			die("git fast-import wrote an unexpected mark: %.*s",
			    (int)n, line);
		free(r->commits[mark - 1].oid);
		r->commits[mark - 1].oid =
			xstrndup(end + 1, n - (size_t)(end + 1 - line));
		line += n + (line[n] == '\n');
	}
	strbuf_release(&marks);
}

/* "Name <mail> 1764750000 +0000", as git commit would write it: git var
 * honours GIT_AUTHOR_DATE and the rest of the environment. */
static char *ident(struct series_repo *r, const char *which)
{
	const char *argv[] = { "git", "-C", r->dir, "var", which, NULL };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;

	if (series_run(argv, NULL, r->env, &out, &err) != 0)
		die("git var %s failed: %s", which, series_first_line(&err));
	while (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	strbuf_release(&err);
	return strbuf_detach(&out);
}

/* One git fast-import of the commits from first on; their ids are read
 * back from its marks. */
static void import(struct series_repo *r, size_t first, const char *from,
		   const char *ref, const char *const *trailers)
{
	struct strbuf stream = STRBUF_INIT, path = STRBUF_INIT,
		      marks = STRBUF_INIT, err = STRBUF_INIT;
	const char *argv[] = { "git",	      "-C",	      r->dir,
			       "fast-import", "--quiet",      "--date-format=raw",
			       NULL,	      NULL };

	if (!r->author) {
		r->author = ident(r, "GIT_AUTHOR_IDENT");
		r->committer = ident(r, "GIT_COMMITTER_IDENT");
	}
	write_stream(r, first, from, ref, trailers, &stream);
	strbuf_addf(&path, "%s/wqcheck-stream", r->dir);
	if (write_whole_file(path.buf, stream.buf, stream.len, 0600) < 0)
		die_errno("cannot write %s", path.buf);
	strbuf_addf(&marks, "--export-marks=%s/wqcheck-marks", r->dir);
	argv[6] = marks.buf;
	if (series_run_input(argv, NULL, NULL, path.buf, NULL, &err) != 0)
		die("git fast-import failed: %s", series_first_line(&err));
	read_marks(r, marks.buf + strlen("--export-marks="));
	strbuf_release(&stream);
	strbuf_release(&path);
	strbuf_release(&marks);
	strbuf_release(&err);
}

/* One diff-tree for all: its output is each commit's id on a line of its
 * own, then that commit's diff against its parent. */
static void read_diffs(struct series_repo *r, size_t first,
		       const char *scratch_input)
{
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
	const char *argv[] = { "git",	     "-C",	    r->dir,
			       "diff-tree",  "-p",	    "--no-color",
			       "--no-ext-diff", "--stdin", NULL };
	struct series_commit *cur = NULL;
	const char *line, *start = NULL;
	size_t i, next = first;

	for (i = first; i < r->nr; i++)
		strbuf_addf(&in, "%s\n", r->commits[i].oid);
	if (write_whole_file(scratch_input, in.buf, in.len, 0644) < 0)
		die_errno("cannot write %s", scratch_input);
	if (series_run_input(argv, NULL, NULL, scratch_input, &out, &err) != 0)
		die("git diff-tree failed: %s", series_first_line(&err));
	for (line = out.buf ? out.buf : ""; *line;) {
		size_t n = strcspn(line, "\n");

		for (i = next; i < r->nr; i++)
			if (strlen(r->commits[i].oid) == n &&
			    !memcmp(line, r->commits[i].oid, n))
				break;
		if (i < r->nr) {
			if (cur)
				cur->diff = xstrndup(start,
						     (size_t)(line - start));
			cur = &r->commits[i];
			next = i + 1;
			start = line + n + (line[n] == '\n');
		}
		line += n + (line[n] == '\n');
	}
	if (cur)
		cur->diff = xstrndup(start, (size_t)(line - start));
	for (i = first; i < r->nr; i++)
		if (!r->commits[i].diff)
			r->commits[i].diff = xstrdup("");
	strbuf_release(&in);
	strbuf_release(&out);
	strbuf_release(&err);
}

void series_repo_draft(struct series_repo *r)
{
	struct strbuf path = STRBUF_INIT;

	if (!r->nr)
		return;
	r->made_base = !r->base;
	import(r, 0, r->base, "refs/heads/draft", NULL);
	if (r->made_base)
		r->base = xstrdup(r->commits[0].oid);
	strbuf_addf(&path, "%s/wqcheck-commits", r->dir);
	read_diffs(r, r->made_base ? 1 : 0, path.buf);
	strbuf_release(&path);
}

/* The same files again (fast-import stores each blob once), the final
 * messages: one process, where a commit-tree each would be hundreds. */
const char *series_repo_finish(struct series_repo *r,
			       const char *const *trailers)
{
	size_t first = r->made_base ? 1 : 0;

	if (first >= r->nr)
		return r->base;
	import(r, first, r->base, "refs/heads/series", trailers);
	return r->commits[r->nr - 1].oid;
}

void series_repo_release(struct series_repo *r)
{
	size_t i, j;

	for (i = 0; i < r->nr; i++) {
		struct series_commit *c = &r->commits[i];

		for (j = 0; j < c->nr_files; j++) {
			free(c->files[j].path);
			free(c->files[j].text);
		}
		free(c->files);
		free(c->message);
		free(c->fixes);
		free(c->diff);
		free(c->oid);
	}
	free(r->commits);
	free(r->author);
	free(r->committer);
	free(r->base);
	free(r->dir);
	memset(r, 0, sizeof(*r));
}
