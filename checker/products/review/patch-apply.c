#include "products/review/patch-apply.h"
#include "lib/series-run.h"
#include "lib/tempdir.h"
#include "lib/usage.h"
#include "front/unreadable.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *env_entry(const char *name, const char *value)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s=%s", name, value);
	return strbuf_detach(&sb);
}

static void link_siblings(struct patch_scratch *s, const char *rel);

void patch_scratch_init(struct patch_scratch *s, const char *source)
{
	const char *dir;

	/* Thousands of symbolic links: five times faster on tmpfs than on the
	 * ext4 /tmp measured (bench/RESULTS-check-patch.md); $TMPDIR wins. */
	if (!getenv("TMPDIR") && access("/dev/shm", W_OK | X_OK) == 0)
		setenv("TMPDIR", "/dev/shm", 1);
	dir = tempdir_create("check");
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;

	memset(s, 0, sizeof(*s));
	s->dir = xstrdup(dir);
	s->source = xstrdup(source);
	strbuf_addf(&sb, "%s/tree", dir);
	s->overlay = strbuf_detach(&sb);
	strbuf_addf(&sb, "%s/git", dir);
	s->git_dir = strbuf_detach(&sb);
	if (mkdir(s->overlay, 0777) < 0)
		die_errno("cannot create %s", s->overlay);
	s->env[n++] = env_entry("GIT_DIR", s->git_dir);
	s->env[n++] = env_entry("GIT_WORK_TREE", s->overlay);
	s->env[n++] = env_entry("GIT_AUTHOR_NAME", "wqcheck");
	s->env[n++] = env_entry("GIT_AUTHOR_EMAIL", "wqcheck@invalid");
	s->env[n++] = env_entry("GIT_COMMITTER_NAME", "wqcheck");
	s->env[n++] = env_entry("GIT_COMMITTER_EMAIL", "wqcheck@invalid");
	/* The user's configuration must not sign, hook or reformat anything. */
	s->env[n++] = env_entry("GIT_CONFIG_NOSYSTEM", "1");
	s->env[n++] = env_entry("GIT_CONFIG_GLOBAL", "/dev/null");
	s->env[n] = NULL;
	if (mkdir(s->git_dir, 0777) < 0)
		die_errno("cannot create %s", s->git_dir);
	link_siblings(s, "");
}

void patch_scratch_release(struct patch_scratch *s)
{
	size_t i;

	if (s->dir)
		tempdir_remove(s->dir);
	free(s->dir);
	for (i = 0; s->env[i]; i++)
		free(s->env[i]);
	for (i = 0; i < s->nr_commits; i++)
		free(s->commits[i]);
	free(s->commits);
	free(s->base);
	free(s->source);
	free(s->overlay);
	free(s->git_dir);
	memset(s, 0, sizeof(*s));
}

static int run_argv(struct patch_scratch *s, const char *repo, const char **argv,
		    struct strbuf *out, struct strbuf *err)
{
	return series_run(argv, repo ? repo : s->overlay,
			   repo ? NULL : (const char *const *)s->env, out, err);
}

int scratch_git(struct patch_scratch *s, struct strbuf *out, struct strbuf *err, ...)
{
	va_list ap;
	int status;

	va_start(ap, err);
	status = series_git_va(s->overlay, (const char *const *)s->env, out, err, ap);
	va_end(ap);
	return status;
}

/* Links every entry of TREE's directory rel into the overlay's, except the
 * repository: a .git in the overlay would make the scan list all of TREE. */
static void link_siblings(struct patch_scratch *s, const char *rel)
{
	struct strbuf src = STRBUF_INIT, dst = STRBUF_INIT;
	struct dirent *de;
	DIR *d;

	strbuf_addf(&src, "%s%s%s", s->source, *rel ? "/" : "", rel);
	d = opendir(src.buf);
	if (!d) {
		/* ENOENT: a directory the series creates */
		if (errno != ENOENT && errno != ENOTDIR) {
			strbuf_addch(&src, '/');
			unreadable_add(*rel ? src.buf + strlen(s->source) + 1 : src.buf,
				       strerror(errno));
		}
		strbuf_release(&src);
		return;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    !strcmp(de->d_name, ".git"))
			continue;
		strbuf_reset(&src);
		strbuf_reset(&dst);
		strbuf_addf(&src, "%s/%s%s%s", s->source, rel, *rel ? "/" : "", de->d_name);
		strbuf_addf(&dst, "%s/%s%s%s", s->overlay, rel, *rel ? "/" : "", de->d_name);
		if (symlink(src.buf, dst.buf) < 0 && errno != EEXIST)
			die_errno("cannot link %s", dst.buf);
	}
	closedir(d);
	strbuf_release(&src);
	strbuf_release(&dst);
}

/* Makes directory rel of the overlay real (its parent already is). */
static void make_real_dir(struct patch_scratch *s, const char *rel)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;

	strbuf_addf(&path, "%s/%s", s->overlay, rel);
	if (lstat(path.buf, &st) == 0 && S_ISDIR(st.st_mode)) {
		strbuf_release(&path);
		return;
	}
	if (unlink(path.buf) < 0 && errno != ENOENT)
		die_errno("cannot replace %s", path.buf);
	if (mkdir(path.buf, 0777) < 0)
		die_errno("cannot create %s", path.buf);
	link_siblings(s, rel);
	strbuf_release(&path);
}

void overlay_materialize(struct patch_scratch *s, const char *rel, const char *content,
			 size_t len)
{
	struct strbuf path = STRBUF_INIT;
	char *dirs = xstrdup(rel), *slash;
	int fd;

	for (slash = strchr(dirs, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		make_real_dir(s, dirs);
		*slash = '/';
	}
	free(dirs);
	if (content) {
		strbuf_addf(&path, "%s/%s", s->overlay, rel);
		if (unlink(path.buf) < 0 && errno != ENOENT)
			die_errno("cannot replace %s", path.buf);
		fd = open(path.buf, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		if (fd < 0 || write(fd, content, len) != (ssize_t)len || close(fd) < 0)
			die_errno("cannot write %s", path.buf);
	}
	strbuf_release(&path);
}

bool path_is_c_or_h(const char *name)
{
	size_t n = name ? strlen(name) : 0;

	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

void overlay_copy_siblings(struct patch_scratch *s, const char *rel)
{
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT, text = STRBUF_INIT;
	const char *slash = strrchr(rel, '/');
	struct dirent *de;
	struct stat st;
	DIR *d;

	strbuf_addf(&dir, "%s/%.*s", s->overlay, slash ? (int)(slash - rel) : 0, rel);
	d = opendir(dir.buf);
	while (d && (de = readdir(d))) {
		if (!path_is_c_or_h(de->d_name))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir.buf, de->d_name);
		if (lstat(path.buf, &st) < 0 || !S_ISLNK(st.st_mode))
			continue;	/* a touched file, already real */
		strbuf_reset(&text);
		if (strbuf_read_file(&text, path.buf) < 0)
			continue;	/* a dangling link: leave it */
		if (unlink(path.buf) == 0) {
			int fd = open(path.buf, O_WRONLY | O_CREAT | O_TRUNC, 0666);

			if (fd < 0 || write(fd, text.buf ? text.buf : "", text.len) !=
				      (ssize_t)text.len || close(fd) < 0)
				die_errno("cannot write %s", path.buf);
		}
	}
	if (d)
		closedir(d);
	strbuf_release(&dir);
	strbuf_release(&path);
	strbuf_release(&text);
}

static char *trimmed(struct strbuf *sb)
{
	while (sb->len && (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == ' '))
		sb->buf[--sb->len] = '\0';
	return strbuf_detach(sb);
}

void scratch_commit_base(struct patch_scratch *s, const char *const *paths, size_t nr)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	const char **argv = xcalloc(nr + 8, sizeof(*argv));
	size_t i, n = 0;

	if (scratch_git(s, NULL, &err, "init", "-q", NULL))
		die("git init in the scratch directory failed: %s", series_first_line(&err));
	argv[n++] = "git";
	argv[n++] = "add";
	argv[n++] = "-f";
	argv[n++] = "--";
	for (i = 0; i < nr; i++)
		argv[n++] = paths[i];
	argv[n] = NULL;
	if (nr && run_argv(s, NULL, argv, NULL, &err))
		die("git add in the scratch directory failed: %s", series_first_line(&err));
	free(argv);
	if (scratch_git(s, NULL, &err, "commit", "-q", "--allow-empty", "--no-verify",
			"-m", "base", NULL) ||
	    scratch_git(s, &out, &err, "rev-parse", "HEAD", NULL))
		die("git commit in the scratch directory failed: %s", series_first_line(&err));
	s->base = trimmed(&out);
	strbuf_release(&err);
}

/* Why the tree's file name (len bytes) is not in the scratch index: errno
 * of opening it in source, or 0 when it is not there (git's word stands). */
static int unreadable_in_tree(const char *source, const char *name, int len)
{
	struct strbuf path = STRBUF_INIT;
	int fd, err = 0;

	strbuf_addf(&path, "%s/%.*s", source, len, name);
	fd = open(path.buf, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0)
		close(fd);
	else if (errno != ENOENT && errno != ENOTDIR)
		err = errno;
	strbuf_release(&path);
	return err;
}

/* The hunk git apply names in "error: patch failed: FILE:LINE". */
static void describe_failure(const struct patch_series *ps, const struct patch *p,
			     const char *source, struct strbuf *err, struct strbuf *why)
{
	const char *key = "error: patch failed: ", *at = strstr(err->buf, key);
	size_t i, j;

	if (at) {
		char *file = xstrdup(at + strlen(key)), *nl = strchr(file, '\n'), *colon;
		unsigned line;

		if (nl)
			*nl = '\0';
		colon = strrchr(file, ':');
		if (colon) {
			*colon = '\0';
			line = (unsigned)strtoul(colon + 1, NULL, 10);
			for (i = 0; i < p->nr_files; i++) {
				const struct patch_file *f = &p->files[i];

				if (!f->old_path || strcmp(f->old_path, file))
					continue;
				for (j = 0; j < f->nr_hunks; j++)
					if (f->hunks[j].old_start == line) {
						char *hdr = patch_input_line(ps, f->hunks[j].input_line);

						strbuf_addf(why, "%s: hunk #%zu (%s, %s line %u) does not "
							    "match", file, j + 1, hdr, ps->name,
							    f->hunks[j].input_line);
						free(hdr);
						free(file);
						return;
					}
			}
			strbuf_addf(why, "%s: the hunk at line %u does not match", file, line);
			free(file);
			return;
		}
		free(file);
	}
	/* "error: x.c: does not exist in index" and the like: git's words,
	 * translated where they would name the scratch repository's index. */
	at = strstr(err->buf, "error: ");
	{
		const char *msg = series_first_line(err) + (at == err->buf ? 7 : 0);
		const char *tail;
		int e;

		/* a file the user cannot read was left out of the index: not
		 * missing from the tree */
		if ((tail = strstr(msg, ": does not exist in index")) &&
		    (e = unreadable_in_tree(source, msg, (int)(tail - msg))))
			strbuf_addf(why, "%.*s: cannot read: %s", (int)(tail - msg), msg,
				    strerror(e));
		else if (tail)
			strbuf_addf(why, "%.*s: no such file in the tree", (int)(tail - msg), msg);
		else if ((tail = strstr(msg, ": already exists in ")))
			strbuf_addf(why, "%.*s: the patch creates it, but the tree has it",
				    (int)(tail - msg), msg);
		else
			strbuf_addstr(why, msg);
	}
}

int scratch_apply(struct patch_scratch *s, const struct patch_series *ps, size_t index,
		  struct strbuf *why)
{
	const struct patch *p = &ps->patches[index];
	struct strbuf path = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
	size_t start = ps->line_starts[p->first_line - 1];
	size_t end = p->last_line < ps->nr_lines ? ps->line_starts[p->last_line] : ps->len;
	char msg[64];
	int fd, rc = 0;

	strbuf_addf(&path, "%s/patch", s->git_dir);
	fd = open(path.buf, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0 || write(fd, ps->text + start, end - start) != (ssize_t)(end - start) ||
	    close(fd) < 0)
		die_errno("cannot write %s", path.buf);
	if (scratch_git(s, NULL, &err, "apply", "--index", "--whitespace=nowarn", path.buf,
			NULL)) {
		unsigned number = p->of ? p->number : (unsigned)index + 1;
		unsigned of = p->of ? p->of : (unsigned)ps->nr;

		/* git am says only that it does not apply; a patch whose
		 * reverse applies is in the tree already (merged, or sent
		 * again), which a bot reports apart. */
		if (!scratch_git(s, NULL, NULL, "apply", "--check", "--reverse",
				 "--whitespace=nowarn", path.buf, NULL)) {
			strbuf_addf(why, "%s: patch %u/%u%s%s%s is already applied in %s", ps->name,
				    number, of, p->subject ? " \"" : "", p->subject ? p->subject : "",
				    p->subject ? "\"" : "", s->source);
			rc = SCRATCH_ALREADY_APPLIED;
			goto out;
		}
		strbuf_addf(why, "%s: patch %u/%u%s%s%s does not apply to %s: ", ps->name,
			    number, of, p->subject ? " \"" : "",
			    p->subject ? p->subject : "", p->subject ? "\"" : "", s->source);
		describe_failure(ps, p, s->source, &err, why);
		rc = SCRATCH_NOT_APPLYING;
		goto out;
	}
	snprintf(msg, sizeof(msg), "patch %zu", index + 1);
	if (scratch_git(s, NULL, &err, "commit", "-q", "--allow-empty", "--no-verify", "-m", msg,
			NULL))
		die("git commit in the scratch directory failed: %s", series_first_line(&err));
	/* The ids come from one rev-list in scratch_list_commits(). */
	ALLOC_GROW(s->commits, s->nr_commits, s->alloc_commits);
	s->commits[s->nr_commits++] = NULL;
out:
	strbuf_release(&path);
	strbuf_release(&out);
	strbuf_release(&err);
	return rc;
}

void scratch_list_commits(struct patch_scratch *s)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT, range = STRBUF_INIT;
	char *line, *save = NULL;
	size_t i = 0;

	if (!s->nr_commits)
		return;
	strbuf_addf(&range, "%s..HEAD", s->base);
	if (scratch_git(s, &out, &err, "rev-list", "--reverse", range.buf, NULL))
		die("git rev-list in the scratch directory failed: %s", series_first_line(&err));
	for (line = strtok_r(out.buf, "\n", &save); line && i < s->nr_commits;
	     line = strtok_r(NULL, "\n", &save))
		s->commits[i++] = xstrdup(line);
	if (i != s->nr_commits)
		die("the scratch repository has %zu commits, not %zu", i, s->nr_commits);
	strbuf_release(&out);
	strbuf_release(&err);
	strbuf_release(&range);
}

int added_lines_compute(struct added_lines *al, struct patch_scratch *s, const char *repo,
			const char *from, const char *to)
{
	const char *argv[] = { "git", "diff", "-U0", "-M", "--no-color", "--no-ext-diff",
			       "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", from, to,
			       "--", NULL };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	const char *why;

	memset(al, 0, sizeof(*al));
	if (run_argv(s, repo, argv, &out, &err)) {
		error("git diff %s %s: %s", from, to, series_first_line(&err));
		strbuf_release(&out);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	if (!out.len) {
		strbuf_release(&out);
		return 0;	/* nothing changed: no files, no lines */
	}
	if (patch_series_parse(&al->diff, "git diff", strbuf_detach(&out), out.len, &why) < 0) {
		error("cannot read git diff's output: %s", why);
		return -1;
	}
	return 0;
}

bool added_lines_has(const struct added_lines *al, const char *path, unsigned line)
{
	size_t i, j, k, a;

	for (i = 0; i < al->diff.nr; i++)
		for (j = 0; j < al->diff.patches[i].nr_files; j++) {
			const struct patch_file *f = &al->diff.patches[i].files[j];

			if (!f->new_path || strcmp(f->new_path, path))
				continue;
			for (k = 0; k < f->nr_hunks; k++)
				for (a = 0; a < f->hunks[k].nr_added; a++)
					if (f->hunks[k].added[a].new_line == line)
						return true;
		}
	return false;
}

void added_lines_release(struct added_lines *al)
{
	if (al->diff.name)
		patch_series_release(&al->diff);
}

int blame_lines(struct patch_scratch *s, const char *repo, const char *rev, const char *stop,
		const char *path, struct blamed_line *lines, size_t nr)
{
	struct strbuf out = STRBUF_INIT, revs = STRBUF_INIT;
	struct strbuf *ranges = xcalloc(nr ? nr : 1, sizeof(*ranges));
	const char **argv = xcalloc(2 * nr + 10, sizeof(*argv));
	struct blamed_line *cur = NULL;
	char *p, *nl;
	size_t n = 0, i;
	int rc;

	if (stop)
		strbuf_addf(&revs, "%s..%s", stop, rev);
	else
		strbuf_addstr(&revs, rev);
	argv[n++] = "git";
	argv[n++] = "blame";
	argv[n++] = "--line-porcelain";
	for (i = 0; i < nr; i++) {
		strbuf_addf(&ranges[i], "%u,%u", lines[i].line, lines[i].line);
		argv[n++] = "-L";
		argv[n++] = ranges[i].buf;
	}
	argv[n++] = revs.buf;
	argv[n++] = "--";
	argv[n++] = path;
	argv[n] = NULL;
	rc = run_argv(s, repo, argv, &out, NULL);
	/* Blocks: "<sha> <orig> <final>[ <n>]", headers, then TAB and the line. */
	for (p = out.buf; !rc && p && *p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		if (*p == '\t') {
			cur = NULL;
			continue;
		}
		if (!cur) {
			char *sp = strchr(p, ' ');
			unsigned orig, final;

			if (!sp || sscanf(sp + 1, "%u %u", &orig, &final) != 2)
				continue;
			for (i = 0; i < nr; i++)
				if (lines[i].line == final && !lines[i].commit)
					break;
			if (i == nr)
				continue;
			cur = &lines[i];
			cur->commit = xstrndup(p, (size_t)(sp - p));
			cur->orig_line = orig;
			continue;
		}
		if (!strcmp(p, "boundary")) {
			free(cur->commit);
			cur->commit = xstrdup("");
		} else if (!strncmp(p, "filename ", 9)) {
			free(cur->orig_path);
			cur->orig_path = xstrdup(p + 9);
		} else if (!strncmp(p, "summary ", 8)) {
			free(cur->summary);
			cur->summary = xstrdup(p + 8);
		}
	}
	for (i = 0; i < nr; i++)
		if (lines[i].commit && !*lines[i].commit) {
			free(lines[i].commit);
			lines[i].commit = NULL;	/* older than the range */
		}
	for (i = 0; i < nr; i++)
		strbuf_release(&ranges[i]);
	free(ranges);
	free(argv);
	strbuf_release(&out);
	strbuf_release(&revs);
	return rc ? -1 : 0;
}

void blamed_line_release(struct blamed_line *b)
{
	free(b->commit);
	free(b->orig_path);
	free(b->summary);
	b->commit = b->orig_path = b->summary = NULL;
}
