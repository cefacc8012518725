#include "front/tree.h"
#include "front/unreadable.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool has(const char *dir, const char *name, bool want_dir)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	bool ok;

	strbuf_addf(&sb, "%s/%s", dir, name);
	ok = stat(sb.buf, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
	strbuf_release(&sb);
	return ok;
}

bool is_kernel_tree(const char *dir)
{
	return has(dir, "Makefile", false) && has(dir, "include/linux", true) &&
	       (has(dir, "MAINTAINERS", false) || has(dir, "Kconfig", false));
}

char *find_tree_root(const char *path)
{
	char resolved[PATH_MAX];
	char *dir, *slash;

	if (!realpath(path, resolved))
		return NULL;
	dir = xstrdup(resolved);
	if (!is_dir(dir)) {
		slash = strrchr(dir, '/');
		if (slash)
			*(slash == dir ? slash + 1 : slash) = '\0';
	}
	for (;;) {
		if (is_kernel_tree(dir))
			return dir;
		slash = strrchr(dir, '/');
		if (!slash || !strcmp(dir, "/"))
			break;
		*(slash == dir ? slash + 1 : slash) = '\0';
	}
	free(dir);
	return NULL;
}

bool is_git_checkout(const char *root)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	bool ok;

	strbuf_addf(&sb, "%s/.git", root);
	ok = stat(sb.buf, &st) == 0;
	strbuf_release(&sb);
	return ok;
}

bool file_list_absent_error(int err)
{
	return err == ENOENT || err == ELOOP || err == ENOTDIR || err == EISDIR ||
	       err == ENXIO;
}

static bool is_c_source(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void add_path(struct file_list *fl, const char *rel)
{
	ALLOC_GROW(fl->paths, fl->nr, fl->alloc);
	fl->paths[fl->nr++] = xstrdup(rel);
}

/* A path under root the listing could not read, with errno's reason; a
 * directory gets a '/'. */
static void listing_unreadable(const char *root, const char *rel, bool dir, int err)
{
	struct strbuf sb = STRBUF_INIT;

	if (*rel)
		strbuf_addf(&sb, "%s%s", rel, dir ? "/" : "");
	else
		strbuf_addf(&sb, "%s/", root);
	unreadable_add(sb.buf, err == ENOENT ? "it vanished while the tree was listed" :
			       strerror(err));
	strbuf_release(&sb);
}

/* A symlink is not followed (git lists the link, not its target), but one
 * that loops, or that the user may not look through, is named. */
static void check_symlink(const char *root, const char *rel)
{
	struct strbuf p = STRBUF_INIT;
	struct stat st;

	strbuf_addf(&p, "%s/%s", root, rel);
	if (stat(p.buf, &st) < 0 && (errno == ELOOP || errno == EACCES))
		listing_unreadable(root, rel, false, errno);
	strbuf_release(&p);
}

static void walk(const char *root, struct strbuf *rel, struct file_list *out)
{
	struct strbuf full = STRBUF_INIT;
	struct dirent *de;
	DIR *d;

	strbuf_addf(&full, "%s%s%s", root, rel->len ? "/" : "", rel->buf ? rel->buf : "");
	d = opendir(full.buf);
	strbuf_release(&full);
	if (!d) {
		listing_unreadable(root, rel->buf ? rel->buf : "", true, errno);
		return;
	}
	while ((de = readdir(d))) {
		size_t saved = rel->len;
		unsigned char type = de->d_type;

		if (de->d_name[0] == '.')
			continue;
		if (rel->len)
			strbuf_addch(rel, '/');
		strbuf_addstr(rel, de->d_name);
		if (type == DT_UNKNOWN) {
			struct strbuf p = STRBUF_INIT;
			struct stat st;

			strbuf_addf(&p, "%s/%s", root, rel->buf);
			if (lstat(p.buf, &st) == 0)
				type = S_ISDIR(st.st_mode) ? DT_DIR :
				       S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
			else
				listing_unreadable(root, rel->buf, false, errno);
			strbuf_release(&p);
		}
		if (type == DT_DIR)
			walk(root, rel, out);
		else if (type == DT_REG && is_c_source(de->d_name))
			add_path(out, rel->buf);
		else if (type == DT_LNK)
			check_symlink(root, rel->buf);
		rel->len = saved;
		rel->buf[saved] = '\0';
	}
	closedir(d);
}

/* Which files git lists. */
enum git_files {
	TRACKED_AND_UNTRACKED,	/* --cached --others: the whole tree */
	TRACKED,		/* --cached: the index alone, at once */
	UNTRACKED,		/* --others: a walk of the working tree */
};

/*
 * What git said on stderr: a directory it could not open while it looked
 * for untracked files ("warning: could not open directory 'X/': Permission
 * denied") is named; a git that fails altogether (one that refuses a tree
 * someone else owns: "fatal: detected dubious ownership") is named with its
 * first fatal line, and the caller walks the tree instead.
 */
static void git_unreadable(const char *root, const struct strbuf *err, int status)
{
	static const char open_dir[] = "warning: could not open directory '";
	const char *line, *end;

	for (line = err->buf; line && *line; line = end ? end + 1 : NULL) {
		const char *q;

		end = strchr(line, '\n');
		if (!strncmp(line, open_dir, strlen(open_dir)) &&
		    (q = strstr(line + strlen(open_dir), "': ")) && (!end || q < end)) {
			char *path = xstrndup(line + strlen(open_dir),
					      (size_t)(q - line) - strlen(open_dir));
			char *why = end ? xstrndup(q + 3, (size_t)(end - q - 3)) : xstrdup(q + 3);

			unreadable_add(path, why);
			free(path);
			free(why);
		}
	}
	if (status != 0) {
		struct strbuf why = STRBUF_INIT, path = STRBUF_INIT;
		const char *fatal = strstr(err->buf ? err->buf : "", "fatal: ");

		if (fatal) {
			fatal += strlen("fatal: ");
			end = strchr(fatal, '\n');
			strbuf_addf(&why, "git refuses to list it (%.*s); its files were "
				    "listed by a walk, ignored ones included",
				    (int)(end ? end - fatal : (ptrdiff_t)strlen(fatal)), fatal);
		} else {
			strbuf_addf(&why, "git ls-files failed (status %d); its files were "
				    "listed by a walk, ignored ones included", status);
		}
		strbuf_addf(&path, "%s/", root);
		unreadable_add(path.buf, why.buf);
		strbuf_release(&why);
		strbuf_release(&path);
	}
}

/* git ls-files of the .c and .h files under rel into data: its status (what
 * git could not read is named, git_unreadable()). */
static int git_ls_files(const char *root, const char *rel, enum git_files which,
			struct strbuf *data)
{
	struct strbuf err = STRBUF_INIT;
	struct strbuf spec_c = STRBUF_INIT, spec_h = STRBUF_INIT;
	const char *argv[12] = { "git", "-C", root, "ls-files", "-z" };
	size_t n = 5;
	int status;

	if (which != UNTRACKED)
		argv[n++] = "--cached";
	if (which != TRACKED) {
		argv[n++] = "--others";
		argv[n++] = "--exclude-standard";
	}
	strbuf_addf(&spec_c, "%s%s*.c", rel, *rel ? "/" : "");
	strbuf_addf(&spec_h, "%s%s*.h", rel, *rel ? "/" : "");
	argv[n++] = "--";
	argv[n++] = spec_c.buf;
	argv[n++] = spec_h.buf;
	argv[n] = NULL;
	status = series_run(argv, NULL, NULL, data, &err);
	git_unreadable(root, &err, status);
	strbuf_release(&err);
	strbuf_release(&spec_c);
	strbuf_release(&spec_h);
	return status;
}

/* The paths of git's -z output, into out. */
static void add_listed(struct file_list *out, const struct strbuf *data)
{
	size_t i, start;

	for (i = start = 0; i < data->len; i++) {
		if (data->buf[i])
			continue;
		if (i > start)
			add_path(out, data->buf + start);
		start = i + 1;
	}
}

/*
 * A tracked path that cannot be looked at (err): named by the outermost
 * directory of it that cannot be searched (one line for a directory of
 * thousands of files), else by itself. last: the directory named last (git
 * lists in order, so the files under it follow it); returns the new one.
 */
static char *name_unreachable(const char *root, const char *path, int err, char *last)
{
	char *dir;

	if (last && !strncmp(path, last, strlen(last)))
		return last;
	dir = unreadable_closed_directory(root, path);
	if (dir) {
		free(last);
		return dir;
	}
	unreadable_add(path, strerror(err));
	return last;
}

/* git ls-files; returns -1 when git cannot list (then we walk). check:
 * look at each path, and keep only the regular files (a tracked file may
 * be deleted in the working tree, or be a symlink); else out->unchecked. */
static int git_list(const char *root, const char *rel, enum git_files which,
		    struct file_list *out, bool check)
{
	struct strbuf data = STRBUF_INIT;
	size_t i, first, kept;
	char *unreachable = NULL;
	int root_fd;

	if (git_ls_files(root, rel, which, &data) != 0) {
		strbuf_release(&data);
		return -1;
	}
	first = out->nr;
	add_listed(out, &data);
	strbuf_release(&data);
	if (!check) {
		out->unchecked = true;
		return 0;
	}
	/* Each path looked up from the root's descriptor: one lookup of the
	 * root's own path, not one a file. */
	root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (i = kept = first; i < out->nr; i++) {
		struct strbuf full = STRBUF_INIT;
		struct stat st;
		int ret;

		if (root_fd >= 0) {
			ret = fstatat(root_fd, out->paths[i], &st, AT_SYMLINK_NOFOLLOW);
		} else {
			strbuf_addf(&full, "%s/%s", root, out->paths[i]);
			ret = lstat(full.buf, &st);
			strbuf_release(&full);
		}
		if (ret == 0 && S_ISREG(st.st_mode)) {
			out->paths[kept++] = out->paths[i];
			continue;
		}
		/* Gone from the working tree (deleted, as git status says) is
		 * not read; tracked but out of reach is named. */
		if (ret < 0 && errno != ENOENT && errno != ENOTDIR)
			unreachable = name_unreachable(root, out->paths[i], errno, unreachable);
		free(out->paths[i]);
	}
	free(unreachable);
	out->nr = kept;
	if (root_fd >= 0)
		close(root_fd);
	return 0;
}

/* Is path (relative) inside directory dir (relative, no trailing '/')? */
static bool path_is_below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && path[n] == '/';
}

/*
 * A kernel tree inside the tree (the corpus keeps a 6.17-era tree of its own
 * in corpus/6.17/) is another tree, with its own workqueue.h and MAINTAINERS:
 * its files are left out of the outer tree's list. Scanning inside it finds
 * it as the root (find_tree_root() stops at the nearest). Paths from first
 * on are checked; a nested root shows as a path with /include/linux/ in it.
 */
static void drop_nested_trees(const char *root, struct file_list *fl, size_t first)
{
	char **nested = NULL;
	size_t nr_nested = 0, i, j, k;

	for (i = first; i < fl->nr; i++) {
		const char *p = fl->paths[i], *at = strstr(p, "/include/linux/");
		struct strbuf dir = STRBUF_INIT;

		if (!at)
			continue;
		for (k = 0; k < nr_nested; k++)
			if (path_is_below(p, nested[k]))
				break;
		if (k < nr_nested)
			continue;
		strbuf_addf(&dir, "%s/%.*s", root, (int)(at - p), p);
		/* arch/um has a Makefile, include/linux/ and a Kconfig, but
		 * only a tree's root has MAINTAINERS */
		if (is_kernel_tree(dir.buf) && has(dir.buf, "MAINTAINERS", false)) {
			nested = xrealloc(nested, (nr_nested + 1) * sizeof(*nested));
			nested[nr_nested++] = xstrndup(p, (size_t)(at - p));
		}
		strbuf_release(&dir);
	}
	if (!nr_nested)
		return;
	for (i = j = first; i < fl->nr; i++) {
		for (k = 0; k < nr_nested; k++)
			if (path_is_below(fl->paths[i], nested[k]))
				break;
		if (k < nr_nested)
			free(fl->paths[i]);
		else
			fl->paths[j++] = fl->paths[i];
	}
	fl->nr = j;
	for (k = 0; k < nr_nested; k++)
		free(nested[k]);
	free(nested);
}

static int list_files(const char *root, const char *rel, enum git_files which,
		      struct file_list *out, bool check)
{
	struct strbuf full = STRBUF_INIT, r = STRBUF_INIT;
	struct stat st;
	size_t first;
	int ret = 0;

	strbuf_addf(&full, "%s%s%s", root, *rel ? "/" : "", rel);
	if (stat(full.buf, &st) < 0) {
		strbuf_release(&full);
		return -1;
	}
	strbuf_release(&full);
	if (!S_ISDIR(st.st_mode)) {
		add_path(out, rel);
		out->whole_tree = false;
		return 0;
	}
	first = out->nr;
	if (!is_git_checkout(root) || git_list(root, rel, which, out, check) < 0) {
		strbuf_addstr(&r, rel);
		walk(root, &r, out);
		strbuf_release(&r);
	}
	drop_nested_trees(root, out, first);
	out->whole_tree = !first && !*rel;
	return ret;
}

int list_tree_files(const char *root, const char *rel, struct file_list *out)
{
	return list_files(root, rel, TRACKED_AND_UNTRACKED, out, true);
}

int list_tree_files_unchecked(const char *root, struct file_list *out)
{
	return list_files(root, "", TRACKED_AND_UNTRACKED, out, false);
}

struct untracked_listing {
	pthread_t thread;
	const char *root;
	char *rel;
	struct strbuf data;
	int status;
};

static void *list_untracked(void *arg)
{
	struct untracked_listing *l = arg;

	l->status = git_ls_files(l->root, l->rel, UNTRACKED, &l->data);
	return NULL;
}

void untracked_listing_finish(struct untracked_listing *l, struct file_list *out)
{
	size_t first = out->nr;

	pthread_join(l->thread, NULL);
	/* a git that fails here failed for the tracked files too (named
	 * then), and the walk that replaced it listed every file */
	if (l->status == 0)
		add_listed(out, &l->data);
	drop_nested_trees(l->root, out, first);
	out->unchecked = true;
	strbuf_release(&l->data);
	free(l->rel);
	free(l);
}

/* The path of abs relative to root ("" for root itself), or NULL. */
static const char *relative_to(const char *abs, const char *root)
{
	size_t n = strlen(root);

	if (!strncmp(abs, root, n) && (abs[n] == '/' || abs[n] == '\0'))
		return abs[n] ? abs + n + 1 : "";
	return NULL;
}

static bool has_extension(const char *path, const char *const *exts)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');

	if (!dot || (slash && dot < slash))
		return false;
	for (; *exts; exts++)
		if (!strcmp(dot + 1, *exts))
			return true;
	return false;
}

/* Whether a file named on the command line is C, as a directory's files
 * are when listed (.c and .h): by its name, and for a name that neither
 * says C nor says something else, by its first bytes (no NUL, and a line
 * that starts with #include, #define or #if). */
static bool named_file_is_c(const char *path)
{
	static const char *const c_exts[] = { "c", "h", NULL };
	static const char *const other_exts[] = {
		"rst", "txt", "md", "S", "s", "py", "sh", "pl", "awk", "cocci",
		"dts", "dtsi", "yaml", "json", "patch", "diff", "o", "a", "ko",
		"html", "tex", "cpp", "cc", "rs", NULL
	};
	char buf[8192];
	const char *line;
	ssize_t n;
	int fd;
	bool c = false;

	if (has_extension(path, c_exts))
		return true;
	if (has_extension(path, other_exts))
		return false;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return true;	/* the scan says why it cannot read it */
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	if (memchr(buf, '\0', (size_t)n))
		return false;
	for (line = buf; line && !c; line = strchr(line, '\n'), line = line ? line + 1 : NULL)
		c = !strncmp(line, "#include", 8) || !strncmp(line, "#define", 7) ||
		    !strncmp(line, "#if", 3);
	return c;
}

char *list_paths_of_one_tree(char **paths, size_t nr, struct file_list *out,
			     struct untracked_listing **untracked)
{
	char *root = NULL;
	size_t i;

	if (untracked)
		*untracked = NULL;
	for (i = 0; i < nr; i++) {
		char resolved[PATH_MAX], *this_root;
		const char *rel;
		struct stat st;

		if (stat(paths[i], &st) < 0)
			die_errno("%s", paths[i]);
		this_root = find_tree_root(paths[i]);
		if (!this_root)
			die("%s: not in a kernel tree (no directory at or above it has a Makefile, "
			    "include/linux/ and MAINTAINERS or Kconfig)", paths[i]);
		if (root && strcmp(root, this_root))
			die("%s: in another kernel tree than %s", paths[i], root);
		if (!root)
			root = this_root;
		else
			free(this_root);
		if (!realpath(paths[i], resolved))
			die_errno("%s", paths[i]);
		if (!S_ISDIR(st.st_mode) && !named_file_is_c(resolved)) {
			fprintf(stderr, "wqcheck: note: %s: not a C file (by its "
				"name and content), skipped\n", paths[i]);
			continue;
		}
		rel = relative_to(resolved, root);
		if (!rel)
			die("%s: cannot list its files", paths[i]);
		/* One directory of a git checkout: the tracked files now, the
		 * untracked ones (a walk of the working tree) on a thread. */
		if (untracked && nr == 1 && S_ISDIR(st.st_mode) && is_git_checkout(root)) {
			struct untracked_listing *l = xcalloc(1, sizeof(*l));

			l->root = root;
			l->rel = xstrdup(rel);
			if (!pthread_create(&l->thread, NULL, list_untracked, l)) {
				*untracked = l;
			} else {
				free(l->rel);
				free(l);
			}
		}
		if (list_files(root, rel, untracked && *untracked ? TRACKED : TRACKED_AND_UNTRACKED,
			       out, false) < 0)
			die("%s: cannot list its files", paths[i]);
	}
	file_list_finish(out);
	return root;
}

void file_list_add(struct file_list *fl, const char *path)
{
	add_path(fl, path);
}

static int path_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool file_list_has(const struct file_list *fl, const char *path)
{
	return fl->nr && bsearch(&path, fl->paths, fl->nr, sizeof(*fl->paths),
				 path_compare);
}

void file_list_finish(struct file_list *fl)
{
	size_t i, j = 0;

	if (!fl->nr)
		return;
	qsort(fl->paths, fl->nr, sizeof(*fl->paths), path_compare);
	for (i = 0; i < fl->nr; i++) {
		if (j && !strcmp(fl->paths[j - 1], fl->paths[i])) {
			free(fl->paths[i]);
			continue;
		}
		fl->paths[j++] = fl->paths[i];
	}
	fl->nr = j;
}

void file_list_copy(struct file_list *to, const struct file_list *from)
{
	size_t i;

	for (i = 0; i < from->nr; i++)
		add_path(to, from->paths[i]);
	to->whole_tree = from->whole_tree;
	to->unchecked = from->unchecked;
}

void file_list_release(struct file_list *fl)
{
	size_t i;

	for (i = 0; i < fl->nr; i++)
		free(fl->paths[i]);
	free(fl->paths);
	memset(fl, 0, sizeof(*fl));
}
