/* wqcheck series: the fixes as a git format-patch series, one patch per
 * MAINTAINERS subsystem and rule family, built as commits on TREE's HEAD in
 * a scratch repository (series-commit.c). The files the series touches are
 * copied out of HEAD into a scratch directory and scanned there, with
 * TREE's headers and .config. */
#include "products/series.h"
#include "products/prefer-unbound.h"
#include "front/lexer.h"
#include "products/maint-cc.h"
#include "front/maintainers.h"
#include "analysis/rule.h"
#include "analysis/scan.h"
#include "products/series-commit.h"
#include "products/series-cover.h"
#include "products/series-history.h"
#include "products/series-deprecate.h"
#include "products/series-message.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "front/tree.h"
#include "lib/usage.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* A file the series changes, as it was at the base. */
struct touched_file {
	char *path;
	char *original;
	size_t original_len;
	/* The first scan's result (all rules, the base's text) and the rule
	 * families it found: a file of one family needs no other scan. */
	struct file_result *first;
	unsigned families;
};

/* A file of the base copied into the scratch directory, with its mode. */
struct base_file {
	char *path;
	unsigned mode;
};

/* One patch in the making. */
struct group {
	const struct maint_section *section;
	char *key;
	char **files;
	size_t nr_files, alloc_files;
	unsigned counts[SERIES_MAX_RULE + 1];
	unsigned mask;
};

struct series {
	char *root; /* TREE's kernel root */
	bool git; /* TREE is a git checkout: the series is on its HEAD */
	const char *scratch;
	char *work; /* the files the series reads and changes, copied */
	char *base; /* the commit the series applies on */
	struct series_repo repo; /* where the commits are made */
	struct base_file *base_files; /* what work holds, sorted */
	size_t nr_base_files, alloc_base_files;
	bool cc_script; /* Cc from the tree's scripts/get_maintainer.pl */
	struct maintainers maint;
	struct mailmap mailmap;
	const struct rule *rules[64];
	size_t nr_rules;
	enum series_split split;
	char *name, *email;
	const char *env[5];
	int jobs;
	bool use_clang, quiet, with_deprecation;
	bool prefer_unbound;
	struct unbound_verdicts verdicts; /* --prefer-unbound's, of root */
	struct file_list candidates; /* git: the base's files naming an old API */
	struct scan_result first; /* find_touched()'s, kept for make_phase() */
	struct series_history history; /* git: of the touched files, for prefixes */
	struct touched_file *touched;
	size_t nr_touched, alloc_touched;
	struct series_summary summary;
	int nr_patches;
};

/* --- files ---------------------------------------------------------------- */

static void read_or_die(struct strbuf *sb, const char *dir, const char *rel)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_addf(&path, "%s/%s", dir, rel);
	strbuf_reset(sb);
	if (strbuf_read_file(sb, path.buf) < 0)
		die_errno("cannot read %s", path.buf);
	strbuf_release(&path);
}

static void write_or_die(const char *dir, const char *rel, const char *data,
			 size_t len)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_addf(&path, "%s/%s", dir, rel);
	if (make_parent_dirs(path.buf) < 0 ||
	    write_whole_file(path.buf, data, len, 0644) < 0)
		die_errno("cannot write %s", path.buf);
	strbuf_release(&path);
}

static bool same_text(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (!alen || !memcmp(a, b, alen));
}

/* --- git ------------------------------------------------------------------ */

static void strip_newline(struct strbuf *sb)
{
	while (sb->len &&
	       (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r'))
		sb->buf[--sb->len] = '\0';
}

static void parse_identity(struct series *s, const char *from)
{
	const char *lt, *gt;

	if (from) {
		lt = strchr(from, '<');
		gt = lt ? strchr(lt, '>') : NULL;
		if (!lt || !gt || gt == lt + 1 || gt[1])
			die("--from '%s' is not \"Name <mail>\"", from);
		while (lt > from && lt[-1] == ' ')
			lt--;
		if (lt == from)
			die("--from '%s' has no name", from);
		s->name = xstrndup(from, (size_t)(lt - from));
		lt = strchr(from, '<');
		s->email = xstrndup(lt + 1, (size_t)(gt - lt - 1));
	} else {
		struct strbuf name = STRBUF_INIT, email = STRBUF_INIT;

		series_git(s->root, NULL, &name, NULL, "config", "user.name",
			   NULL);
		series_git(s->root, NULL, &email, NULL, "config", "user.email",
			   NULL);
		strip_newline(&name);
		strip_newline(&email);
		if (!name.len || !email.len)
			die("who signs the patches? pass --from=\"Name <mail>\" or set git config "
			    "user.name and user.email");
		s->name = strbuf_detach(&name);
		s->email = strbuf_detach(&email);
	}
	s->env[0] = NULL;
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "GIT_AUTHOR_NAME=%s", s->name);
		s->env[0] = strbuf_detach(&sb);
		strbuf_addf(&sb, "GIT_AUTHOR_EMAIL=%s", s->email);
		s->env[1] = strbuf_detach(&sb);
		strbuf_addf(&sb, "GIT_COMMITTER_NAME=%s", s->name);
		s->env[2] = strbuf_detach(&sb);
		strbuf_addf(&sb, "GIT_COMMITTER_EMAIL=%s", s->email);
		s->env[3] = strbuf_detach(&sb);
		s->env[4] = NULL;
	}
}

/* --- scanning ------------------------------------------------------------- */

static void scan_files(struct series *s, const char *root,
		       const struct rule *const *rules, size_t nr_rules,
		       const struct file_list *files, struct scan_result *res)
{
	struct scan_options opts = { 0 };

	opts.root = root;
	opts.flags_root = s->root;
	opts.rules = rules;
	opts.nr_rules = nr_rules;
	opts.jobs = s->jobs;
	opts.use_clang = s->use_clang;
	opts.want_fixed_text = true;
	opts.progress = !s->quiet && isatty(2);
	opts.prefer_unbound = s->prefer_unbound ? &s->verdicts : NULL;
	memset(res, 0, sizeof(*res));
	scan_run(&opts, files, res);
}

static bool file_changed(const struct file_result *fr)
{
	return fr->fixed && !same_text(fr->fixed, fr->fixed_len, fr->original,
				       fr->original_len);
}

/* The API's own files: the deprecation patches deal with them. */
static bool is_core_file(const char *path)
{
	return !strcmp(path, WORKQUEUE_HEADER) || !strcmp(path, WORKQUEUE_IMPL);
}

static struct touched_file *add_touched(struct series *s, const char *path,
					const char *original, size_t len)
{
	struct touched_file *t;

	ALLOC_GROW(s->touched, s->nr_touched, s->alloc_touched);
	t = &s->touched[s->nr_touched++];
	memset(t, 0, sizeof(*t));
	t->path = xstrdup(path);
	t->original = xstrndup(original, len);
	t->original_len = len;
	return t;
}

static void files_to_scan(struct series *s, const char *root,
			  struct file_list *files);

/* The scan of everything: which files the series will touch. */
static void find_touched(struct series *s, const char *root)
{
	struct file_list files = { 0 };
	struct scan_result *res = &s->first;
	size_t i, j;

	files_to_scan(s, root, &files);
	scan_files(s, root, s->rules, s->nr_rules, &files, res);
	for (i = 0; i < res->nr_files; i++) {
		struct file_result *fr = &res->files[i];
		struct touched_file *t;

		if (fr->failed_reason && !s->quiet)
			fprintf(stderr, "wqcheck: %s: not fully analysed: %s\n",
				fr->path, fr->failed_reason);
		if (!file_changed(fr) || is_core_file(fr->path))
			continue;
		t = add_touched(s, fr->path, fr->original, fr->original_len);
		t->first = fr;
		for (j = 0; j < fr->nr_findings; j++) {
			int family = series_family_of(fr->findings[j].rule);

			if (family >= 0)
				t->families |= 1u << family;
		}
	}
	file_list_release(&files);
}

/* --- the scratch repository ----------------------------------------------- */

/* The pre-3.7 names, which --with-deprecation removes once none is left. */
static const char *const legacy_api_names[] = {
	"flush_work_sync", "flush_delayed_work_sync", "system_nrt_wq",
	"system_nrt_freezable_wq", "WQ_NON_REENTRANT", NULL,
};

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
static void list_candidates(struct series *s)
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
		write_or_die(s->work, s->base_files[i].path, nl + 1, len);
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
	strip_newline(&out);
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
		write_or_die(s->repo.dir, "info/attributes", text.buf,
			     text.len);
	strbuf_release(&text);
	strbuf_release(&path);
}

static void setup_scratch(struct series *s)
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
		strip_newline(&head);
		s->base = strbuf_detach(&head);
		objects = tree_objects(s);
		series_repo_init(&s->repo, repo.buf, objects, s->base, s->name,
				 s->email, s->env);
		free(objects);
		strbuf_release(&err);
		list_candidates(s);
		copy_base_files(s);
		copy_attributes(s, s->work);
	} else {
		series_repo_init(&s->repo, repo.buf, NULL, NULL, s->name,
				 s->email, s->env);
		copy_attributes(s, s->root);
	}
	strbuf_release(&repo);
}

/* The files a scan looks at: the candidates of a git base, else all. */
static void files_to_scan(struct series *s, const char *root,
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

/* TREE is not a git checkout: the base is a commit of the touched files
 * as they are (and the API's own, for --with-deprecation). */
static void make_temp_base(struct series *s)
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
		write_or_die(s->work, t->path, t->original, t->original_len);
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
			write_or_die(s->work, core[i], text.buf ? text.buf : "",
				     text.len);
			series_commit_add_file(c, core[i],
					       text.buf ? text.buf : "",
					       text.len, 0100644);
		}
	}
	strbuf_release(&text);
	strbuf_release(&path);
}

/* --- groups --------------------------------------------------------------- */

static void group_release(struct group *g)
{
	size_t i;

	for (i = 0; i < g->nr_files; i++)
		free(g->files[i]);
	free(g->files);
	free(g->key);
}

static struct group *group_for(struct group **groups, size_t *nr, size_t *alloc,
			       const struct maint_section *section,
			       const char *key)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if ((*groups)[i].section == section &&
		    !strcmp((*groups)[i].key, key))
			return &(*groups)[i];
	ALLOC_GROW(*groups, *nr, *alloc);
	memset(&(*groups)[*nr], 0, sizeof(**groups));
	(*groups)[*nr].section = section;
	(*groups)[*nr].key = xstrdup(key);
	return &(*groups)[(*nr)++];
}

/* The subject prefix: what the history of the files says (the most common
 * prefix in the last 100 subjects of commits touching them), else their
 * path. */
static char *group_prefix(struct series *s, const struct group *g,
			  bool treewide)
{
	char *prefix = NULL;

	if (treewide)
		return xstrdup("treewide");
	if (s->git) {
		struct strbuf out = STRBUF_INIT;

		series_history_subjects(&s->history,
					(const char *const *)g->files,
					g->nr_files, 100, &out);
		prefix = series_common_prefix(out.buf ? out.buf : "");
		strbuf_release(&out);
	}
	return prefix ? prefix : series_path_prefix(g->files, g->nr_files);
}

/* --- Cc ------------------------------------------------------------------- */

/* "Cc: <line>" for every line of the script's answer. */
static void add_cc_lines(struct strbuf *cc, const struct strbuf *out)
{
	const char *line;

	for (line = out->buf ? out->buf : ""; *line;) {
		size_t n = strcspn(line, "\n");

		if (n)
			strbuf_addf(cc, "Cc: %.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
}

/*
 * The tree's own scripts/get_maintainer.pl on each patch's diff, -j of
 * them at a time (a run costs 0.15 s on 6.1, mostly reading MAINTAINERS).
 * TREE's own script, run in TREE: a scratch copy of files does not look
 * like a kernel tree to it. cc[i] stays empty where it failed, and the
 * function returns false for it: the caller falls back to MAINTAINERS.
 */
static void cc_from_script(struct series *s, size_t first, struct strbuf *cc,
			   bool *ok)
{
	static const char *const perl_env[] = { "PERL_HASH_SEED=0",
						"PERL_PERTURB_KEYS=0", NULL };
	size_t nr = s->repo.nr, i;
	struct series_job *jobs = xcalloc(nr, sizeof(*jobs));
	const char **argvs = xcalloc(nr * 7, sizeof(*argvs));
	struct strbuf *outs = xcalloc(nr, sizeof(*outs));
	struct strbuf *errs = xcalloc(nr, sizeof(*errs));
	char **paths = xcalloc(nr, sizeof(*paths));
	struct strbuf why = STRBUF_INIT;
	size_t failed = 0;

	for (i = first; i < nr; i++) {
		const struct series_commit *c = &s->repo.commits[i];
		const char **argv = argvs + 7 * i;
		struct strbuf path = STRBUF_INIT;

		strbuf_addf(&path, "%s/patch-%zu.diff", s->scratch, i);
		if (write_whole_file(path.buf, c->diff, strlen(c->diff),
				     0644) < 0)
			die_errno("cannot write %s", path.buf);
		paths[i] = strbuf_detach(&path);
		argv[0] = "perl";
		argv[1] = "scripts/get_maintainer.pl";
		argv[2] = "--no-rolestats";
		argv[3] = "--no-git";
		argv[4] = "--no-git-fallback";
		argv[5] = NULL;
		jobs[i].argv = argv;
		/* On stdin: given a file name, the script first asks
		 * `git ls-files` whether it is one of the tree's, which reads
		 * the whole index (0.1 s on 6.1) for every patch. */
		jobs[i].input = paths[i];
		jobs[i].dir = s->root;
		/* Its sections of equal depth come in hash order: fixed,
		 * the same Cc order on every run. */
		jobs[i].env = perl_env;
		jobs[i].out = &outs[i];
		jobs[i].err = &errs[i];
	}
	/* The first patch alone: a script that cannot run in this tree (an
	 * old perl module missing, say) fails the same way for every patch,
	 * and is said once, not seventy times. */
	if (nr > first) {
		series_run_jobs(jobs + first, 1, 1);
		if (jobs[first].status == 0)
			series_run_jobs(jobs + first + 1, nr - first - 1, s->jobs);
	}
	for (i = first; i < nr; i++) {
		ok[i] = jobs[first].status == 0 && jobs[i].status == 0;
		if (ok[i])
			add_cc_lines(&cc[i], &outs[i]);
		else
			failed++;
		if (!ok[i] && !why.len)
			strbuf_addstr(&why, series_first_line(&errs[i]));
		strbuf_release(&outs[i]);
		strbuf_release(&errs[i]);
		free(paths[i]);
	}
	if (failed)
		warning("scripts/get_maintainer.pl failed for %zu of %zu patches (%s); "
			"their Cc from MAINTAINERS instead", failed, nr - first, why.buf);
	strbuf_release(&why);
	free(jobs);
	free(argvs);
	free(outs);
	free(errs);
	free(paths);
}

/* --- commits -------------------------------------------------------------- */

/* path's text after the patch: written to the scratch copy, and added to
 * commit c unless it did not change. */
static bool stage_file(struct series *s, struct series_commit *c,
		       const char *path, const char *text, size_t len)
{
	struct strbuf current = STRBUF_INIT;
	struct strbuf full = STRBUF_INIT;
	bool changed;

	strbuf_addf(&full, "%s/%s", s->work, path);
	changed = strbuf_read_file(&current, full.buf) < 0 ||
		  !same_text(current.buf, current.len, text, len);
	if (changed) {
		write_or_die(s->work, path, text, len);
		series_commit_add_file(c, path, text, len, base_mode(s, path));
	}
	strbuf_release(&current);
	strbuf_release(&full);
	return changed;
}

/* A commit whose files did not change after all is no patch. */
static void commit_or_drop(struct series *s, struct series_commit *c)
{
	if (c->nr_files) {
		s->nr_patches++;
		return;
	}
	free(c->message);
	free(c->files);
	s->repo.nr--;
}

/* The drafts become the series: Signed-off-by and Cc's added. */
static const char *finish_commits(struct series *s)
{
	size_t nr = s->repo.nr, first = s->repo.made_base ? 1 : 0, i;
	struct strbuf *cc = xcalloc(nr, sizeof(*cc));
	bool *from_script = xcalloc(nr, sizeof(*from_script));
	char **trailers = xcalloc(nr, sizeof(*trailers));
	const char *tip;

	if (s->cc_script)
		cc_from_script(s, first, cc, from_script);
	for (i = first; i < nr; i++) {
		struct strbuf t = STRBUF_INIT;

		if (!from_script[i]) {
			const struct series_commit *c = &s->repo.commits[i];
			const char **files = xcalloc(c->nr_files, sizeof(*files));
			size_t k;

			for (k = 0; k < c->nr_files; k++)
				files[k] = c->files[k].path;
			maint_cc(&s->maint, &s->mailmap, files, c->nr_files,
				 c->diff, &cc[i]);
			free(files);
		}
		strbuf_addf(&t, "\nSigned-off-by: %s <%s>\n", s->name,
			    s->email);
		strbuf_add(&t, cc[i].buf ? cc[i].buf : "", cc[i].len);
		trailers[i] = strbuf_detach(&t);
		strbuf_release(&cc[i]);
	}
	tip = series_repo_finish(&s->repo, (const char *const *)trailers);
	for (i = 0; i < nr; i++)
		free(trailers[i]);
	free(trailers);
	free(cc);
	free(from_script);
	return tip;
}

/* One walk for every patch's prefix: 100 commits a touched file, at most
 * 20,000 in all (a file touched more rarely than that gets what the walk
 * saw of it). */
static void load_history(struct series *s)
{
	const char **paths = xcalloc(s->nr_touched + 1, sizeof(*paths));
	size_t i, max = 100 * s->nr_touched;

	for (i = 0; i < s->nr_touched; i++)
		paths[i] = s->touched[i].path;
	series_history_load(&s->history, s->root, s->base, paths,
			    s->nr_touched, max < 20000 ? max : 20000);
	free(paths);
}

static int group_compare(const void *a, const void *b)
{
	const struct group *ga = a, *gb = b;

	return strcmp(ga->files[0], gb->files[0]);
}

/* The commit log's account of what --prefer-unbound moved off its CPU in
 * the group's files: what was checked, and where. */
static void unbound_note(struct strbuf *out, struct file_result *const *results,
			 size_t nr_results, const struct group *g)
{
	struct strbuf sites = STRBUF_INIT;
	size_t i, j, k, n = 0;

	for (i = 0; i < nr_results; i++) {
		const struct file_result *fr = results[i];

		for (k = 0; k < g->nr_files && strcmp(g->files[k], fr->path); k++)
			;
		if (k == g->nr_files)
			continue;
		for (j = 0; j < fr->nr_findings; j++) {
			const struct finding *f = &fr->findings[j];

			if (!f->made_unbound || !finding_fixable(f))
				continue;
			strbuf_addf(&sites, "  %s:%u: %s\n", fr->path, f->line,
				    f->rule->identifiers[0] &&
				    !strcmp(f->rule->identifiers[0], "system_wq") ?
				    "system_dfl_wq" : "WQ_UNBOUND");
			n++;
		}
	}
	if (n) {
		strbuf_addch(out, '\n');
		series_wrap(out, "With --prefer-unbound, these go to system_dfl_wq or "
			    "WQ_UNBOUND instead: every work item queued there has known "
			    "work functions, none of which reads the current CPU or "
			    "per-CPU data (directly, two calls deep, or through a static "
			    "const ops table), and none is queued on a chosen CPU with a "
			    "*_on() call.  The others stay per-CPU.", 72);
		strbuf_addch(out, '\n');
		strbuf_add(out, sites.buf, sites.len);
	}
	strbuf_release(&sites);
}

/*
 * One phase: the rules of a family (or all of them for --split=single),
 * scanned on the result of the phases before it, so a file that several
 * families touch gets each family's fixes on top of the previous patch.
 */
static void make_phase(struct series *s, const struct rule *const *phase,
		       size_t nr_phase, unsigned families)
{
	struct file_list files = { 0 };
	struct scan_result res;
	struct strbuf current = STRBUF_INIT, text = STRBUF_INIT, note = STRBUF_INIT;
	struct group *groups = NULL;
	struct file_result **results = xcalloc(s->nr_touched + 1,
					       sizeof(*results));
	size_t nr_groups = 0, alloc_groups = 0, i, j, nr_sections = 0,
	       nr_results = 0;
	const struct maint_section *first_section = NULL;
	bool several_sections = false;

	/* Only files with more than this phase's families to fix have
	 * changed since the first scan, or have other fixes in its text. */
	for (i = 0; i < s->nr_touched; i++)
		if ((s->touched[i].families & families) &&
		    (s->touched[i].families & ~families)) {
			ALLOC_GROW(files.paths, files.nr, files.alloc);
			files.paths[files.nr++] = xstrdup(s->touched[i].path);
		}
	scan_files(s, s->work, phase, nr_phase, &files, &res);
	for (i = 0; i < s->nr_touched; i++) {
		const struct touched_file *t = &s->touched[i];

		if (!(t->families & families))
			continue;
		if (!(t->families & ~families)) {
			results[nr_results++] = t->first;
			continue;
		}
		for (j = 0; j < res.nr_files; j++)
			if (!strcmp(res.files[j].path, t->path))
				results[nr_results++] = &res.files[j];
	}

	for (i = 0; i < nr_results; i++) {
		struct file_result *fr = results[i];
		const struct maint_section *owner;
		struct group *g;
		char *key;

		if (!fr->fixed)
			continue;
		read_or_die(&current, s->work, fr->path);
		if (same_text(fr->fixed, fr->fixed_len, current.buf,
			      current.len))
			continue;
		owner = maintainers_owner(&s->maint, fr->path);
		if (nr_sections++ && owner != first_section)
			several_sections = true;
		if (nr_sections == 1)
			first_section = owner;
		if (s->split == SPLIT_SUBSYSTEM) {
			key = owner ? xstrdup(owner->name) :
				      series_path_prefix(&fr->path, 1);
			g = group_for(&groups, &nr_groups, &alloc_groups, owner,
				      key);
			free(key);
		} else {
			g = group_for(&groups, &nr_groups, &alloc_groups, NULL,
				      "");
		}
		ALLOC_GROW(g->files, g->nr_files, g->alloc_files);
		g->files[g->nr_files++] = xstrdup(fr->path);
		for (j = 0; j < fr->nr_findings; j++) {
			const struct finding *f = &fr->findings[j];
			int number = series_rule_number(f->rule);
			size_t k;

			for (k = 0; k < nr_phase; k++)
				if (phase[k] == f->rule)
					break;
			if (k == nr_phase || number < 0 || !finding_fixable(f))
				continue;
			g->counts[number]++;
			g->mask |= 1u << number;
			series_summary_add(&s->summary, fr->path,
					   owner ? owner->name : NULL, number);
		}
	}
	qsort(groups, nr_groups, sizeof(*groups), group_compare);
	for (i = 0; i < nr_groups; i++) {
		struct group *g = &groups[i];
		struct series_commit *c;
		char *prefix;

		prefix = group_prefix(
			s, g, s->split != SPLIT_SUBSYSTEM && several_sections);
		series_subject(&text, prefix, g->mask);
		strbuf_addstr(&text, "\n\n");
		unbound_note(&note, results, nr_results, g);
		series_body(&text, g->mask, note.len ? note.buf : NULL);
		strbuf_reset(&note);
		c = series_repo_add(&s->repo, text.buf);
		for (j = 0; j < nr_results; j++) {
			struct file_result *fr = results[j];
			size_t k;

			for (k = 0; k < g->nr_files; k++)
				if (!strcmp(g->files[k], fr->path))
					stage_file(s, c, fr->path, fr->fixed,
						   fr->fixed_len);
		}
		commit_or_drop(s, c);
		strbuf_reset(&text);
		free(prefix);
		group_release(g);
	}
	free(groups);
	free(results);
	strbuf_release(&note);
	strbuf_release(&text);
	strbuf_release(&current);
	scan_result_release(&res);
	file_list_release(&files);
}

static void make_patches(struct series *s)
{
	const struct rule *phase[64];
	size_t nr_phase, i;
	int family;

	if (s->split == SPLIT_SINGLE) {
		make_phase(s, s->rules, s->nr_rules, ~0u);
		return;
	}
	for (family = 0; family < NR_FAMILIES; family++) {
		nr_phase = 0;
		for (i = 0; i < s->nr_rules; i++)
			if (series_family_of(s->rules[i]) == family)
				phase[nr_phase++] = s->rules[i];
		if (nr_phase)
			make_phase(s, phase, nr_phase, 1u << family);
	}
}

static bool family_selected(const struct series *s, int family)
{
	size_t i;

	for (i = 0; i < s->nr_rules; i++)
		if (series_family_of(s->rules[i]) == family)
			return true;
	return false;
}

/* Uses the series leaves behind, outside the API's own files. */
static size_t users_left(struct series *s)
{
	struct file_list files = { 0 };
	struct scan_result res;
	const char *root = s->git ? s->work : s->root;
	size_t i, j, n = 0;

	files_to_scan(s, root, &files);
	scan_files(s, root, s->rules, s->nr_rules, &files, &res);
	for (i = 0; i < res.nr_files; i++) {
		if (is_core_file(res.files[i].path))
			continue;
		for (j = 0; j < res.files[i].nr_findings; j++)
			/* Without git, TREE's own files were scanned, as they
			 * were before the series: what it could fix is gone. */
			if (s->git ||
			    !finding_fixable(&res.files[i].findings[j]))
				n++;
	}
	scan_result_release(&res);
	file_list_release(&files);
	return n;
}

static bool touched_path(const struct series *s, const char *path)
{
	size_t i;

	for (i = 0; i < s->nr_touched; i++)
		if (!strcmp(s->touched[i].path, path))
			return true;
	return false;
}

/*
 * A file outside the API's own that still has one of names as an
 * identifier (a use the series could not convert, or a local variable or
 * function of that name that a deprecated macro or inline would break),
 * or NULL: the test before a core patch may go in.
 */
static char *file_naming(struct series *s, const char *const *names)
{
	struct file_list files = { 0 };
	struct strbuf text = STRBUF_INIT;
	const char *root = s->git ? s->work : s->root;
	char *found = NULL;
	size_t i, t;

	files_to_scan(s, root, &files);
	for (i = 0; i < files.nr && !found; i++) {
		const char *path = files.paths[i];
		const char *const *name;
		bool mentioned = false;
		struct lexed_file lf;

		if (is_core_file(path))
			continue;
		/* Without git, the series' result is in the scratch copy. */
		read_or_die(&text,
			    !s->git && touched_path(s, path) ? s->work : root,
			    path);
		for (name = names; *name && !mentioned; name++)
			mentioned = text.len && memmem(text.buf, text.len,
						       *name, strlen(*name));
		if (!mentioned)
			continue;
		lex_file(&lf, text.buf, text.len);
		for (t = 0; t < lf.nr_tokens && !found; t++) {
			if (lf.tokens[t].kind != TOK_IDENT)
				continue;
			for (name = names; *name && !found; name++)
				if (token_is(&lf, &lf.tokens[t], *name))
					found = xstrdup(path);
		}
		lexed_file_release(&lf);
	}
	strbuf_release(&text);
	file_list_release(&files);
	return found;
}

static const char *const step_names[][3] = {
	[DEPRECATE_FLUSH_SYNC] = { "flush_work_sync", "flush_delayed_work_sync",
				   NULL },
	[DEPRECATE_SYSTEM_NRT] = { "system_nrt_wq", "system_nrt_freezable_wq",
				   NULL },
	[DEPRECATE_NON_REENTRANT] = { NULL },
};


/* A core patch: the API's own files as step left them. */
static void commit_core(struct series *s, enum deprecation_step step,
			const struct strbuf *header, const struct strbuf *impl,
			bool have_impl)
{
	struct strbuf msg = STRBUF_INIT;
	struct series_commit *c;

	series_deprecation_message(step, &msg);
	c = series_repo_add(&s->repo, msg.buf);
	stage_file(s, c, WORKQUEUE_HEADER, header->buf ? header->buf : "",
		   header->len);
	if (have_impl)
		stage_file(s, c, WORKQUEUE_IMPL, impl->buf ? impl->buf : "",
			   impl->len);
	commit_or_drop(s, c);
	strbuf_release(&msg);
}

/* --with-deprecation: the core patches that end the migration. */
static void make_deprecation(struct series *s)
{
	struct strbuf header = STRBUF_INIT, impl = STRBUF_INIT,
		      path = STRBUF_INIT;
	bool have_impl;
	int step, before = s->nr_patches;
	char *blocker = NULL;
	struct stat st;

	strbuf_addf(&path, "%s/%s", s->work, WORKQUEUE_HEADER);
	if (stat(path.buf, &st) < 0) {
		warning("%s: no %s to deprecate the old APIs in", s->root,
			WORKQUEUE_HEADER);
		strbuf_release(&path);
		return;
	}
	read_or_die(&header, s->work, WORKQUEUE_HEADER);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/%s", s->work, WORKQUEUE_IMPL);
	have_impl = stat(path.buf, &st) == 0;
	if (have_impl)
		read_or_die(&impl, s->work, WORKQUEUE_IMPL);
	/* For --in-place: the core files as they were, like the others. */
	add_touched(s, WORKQUEUE_HEADER, header.buf ? header.buf : "",
		    header.len);
	if (have_impl)
		add_touched(s, WORKQUEUE_IMPL, impl.buf ? impl.buf : "",
			    impl.len);
	for (step = 0; step < REMOVE_DEPRECATED; step++) {
		char *user;

		if (!family_selected(s, step))
			continue;
		user = file_naming(s, step_names[step]);
		if (user) {
			warning("%s still names %s or %s; not deprecating them",
				user, step_names[step][0], step_names[step][1]);
			free(user);
			continue;
		}
		if (!series_deprecation_apply(step, &header, &impl))
			continue;
		commit_core(s, step, &header, &impl, have_impl);
	}
	/* Removal only when every rule ran and nothing outside the API's own
	 * files still names the old APIs. */
	if (s->nr_rules == 5 && !users_left(s) &&
	    !(blocker = file_naming(s, legacy_api_names)) &&
	    series_deprecation_apply(REMOVE_DEPRECATED, &header, &impl)) {
		commit_core(s, REMOVE_DEPRECATED, &header, &impl, false);
		s->summary.removal_patch = true;
	}
	if (blocker && !s->quiet)
		fprintf(stderr,
			"wqcheck: %s still names an old API; the old APIs stay "
			"deprecated, not removed\n",
			blocker);
	free(blocker);
	s->summary.deprecation_patches = s->nr_patches - before;
	strbuf_release(&header);
	strbuf_release(&impl);
	strbuf_release(&path);
}

/* --- output --------------------------------------------------------------- */

static bool is_patch_name(const char *name)
{
	size_t n = strlen(name);

	return n > 11 && strspn(name, "0123456789") == 4 && name[4] == '-' &&
	       !strcmp(name + n - 6, ".patch");
}

/* Moves the series from the scratch directory into dir, replacing the
 * numbered patches a previous run left there; prints the paths. */
static void publish(struct series *s, const char *from, const char *dir)
{
	struct strbuf path = STRBUF_INIT, data = STRBUF_INIT;
	struct dirent **names;
	DIR *d;
	int n, i;

	strbuf_addf(&path, "%s/x", dir);
	if (make_parent_dirs(path.buf) < 0)
		die_errno("cannot create %s", dir);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		die_errno("cannot create %s", dir);
	d = opendir(dir);
	if (!d)
		die_errno("cannot open %s", dir);
	{
		struct dirent *de;

		while ((de = readdir(d))) {
			if (!is_patch_name(de->d_name))
				continue;
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", dir, de->d_name);
			unlink(path.buf);
		}
	}
	closedir(d);
	n = scandir(from, &names, NULL, alphasort);
	if (n < 0)
		die_errno("cannot read %s", from);
	for (i = 0; i < n; i++) {
		if (is_patch_name(names[i]->d_name)) {
			read_or_die(&data, from, names[i]->d_name);
			write_or_die(dir, names[i]->d_name, data.buf, data.len);
			printf("%s/%s\n", dir, names[i]->d_name);
		}
		free(names[i]);
	}
	free(names);
	(void)s;
	strbuf_release(&path);
	strbuf_release(&data);
}

static void write_series(struct series *s, const char *dir, const char *tip)
{
	struct strbuf out = STRBUF_INIT, range = STRBUF_INIT,
		      base = STRBUF_INIT;
	struct strbuf cover = STRBUF_INIT, cover_path = STRBUF_INIT;
	const char *args[16];
	size_t n = 0;

	strbuf_addf(&out, "%s/out", s->scratch);
	strbuf_addf(&range, "%s..%s", s->repo.base, tip);
	strbuf_addf(&base, "--base=%s", s->base);
	args[n++] = "format-patch";
	args[n++] = "--cover-letter";
	args[n++] = "--no-numbered-files";
	/* A temporary repository's base means nothing to a reader. */
	if (s->git)
		args[n++] = base.buf;
	args[n++] = "-o";
	args[n++] = out.buf;
	args[n++] = range.buf;
	args[n] = NULL;
	series_repo_git(&s->repo, "git format-patch", args);

	strbuf_addf(&cover_path, "%s/0000-cover-letter.patch", out.buf);
	if (strbuf_read_file(&cover, cover_path.buf) < 0)
		die_errno("cannot read %s", cover_path.buf);
	series_cover_fill(&cover, &s->summary, s->rules, s->nr_rules);
	if (write_whole_file(cover_path.buf, cover.buf, cover.len, 0644) < 0)
		die_errno("cannot write %s", cover_path.buf);
	publish(s, out.buf, dir);
	strbuf_release(&out);
	strbuf_release(&range);
	strbuf_release(&base);
	strbuf_release(&cover);
	strbuf_release(&cover_path);
}

/* --in-place: the final text of every touched file into TREE. A file TREE
 * changed since the base is merged three ways (with --force); a conflict
 * is an error. */
static int apply_in_place(struct series *s)
{
	struct strbuf final = STRBUF_INIT, cur = STRBUF_INIT, p = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < s->nr_touched; i++) {
		struct touched_file *t = &s->touched[i];

		read_or_die(&final, s->work, t->path);
		read_or_die(&cur, s->root, t->path);
		if (same_text(final.buf, final.len, cur.buf, cur.len))
			continue;
		if (!same_text(cur.buf, cur.len, t->original,
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

static bool tree_is_dirty(struct series *s)
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

static void series_release(struct series *s)
{
	size_t i;

	unbound_verdicts_release(&s->verdicts);
	for (i = 0; i < s->nr_touched; i++) {
		free(s->touched[i].path);
		free(s->touched[i].original);
	}
	free(s->touched);
	for (i = 0; i < s->nr_base_files; i++)
		free(s->base_files[i].path);
	free(s->base_files);
	series_repo_release(&s->repo);
	maintainers_release(&s->maint);
	mailmap_release(&s->mailmap);
	scan_result_release(&s->first);
	series_history_release(&s->history);
	file_list_release(&s->candidates);
	series_summary_release(&s->summary);
	for (i = 0; i < 4; i++)
		free((char *)s->env[i]);
	free(s->name);
	free(s->email);
	free(s->work);
	free(s->base);
	free(s->root);
}

int series_make(const struct series_options *o)
{
	struct series s = { 0 };
	int status = EXIT_CLEAN;
	size_t i;

	s.use_clang = o->use_clang;
	s.quiet = o->quiet;
	s.with_deprecation = o->with_deprecation;
	s.split = o->split;
	s.jobs = o->jobs;
	for (i = 0; i < o->nr_rules && i < 64; i++)
		s.rules[s.nr_rules++] = o->rules[i];

	if (access(o->tree, F_OK) < 0)
		die_errno("%s", o->tree);
	s.root = find_tree_root(o->tree);
	if (!s.root)
		die("%s: not in a kernel tree (no directory at or above it has a Makefile, "
		    "include/linux/ and MAINTAINERS or Kconfig)",
		    o->tree);
	if (!s.nr_rules) {
		/* by default, the conversions of the tree's era: the 6.17
		 * migration on a 6.17+ tree, the legacy one before */
		struct era era;

		era_read(s.root, &era);
		for (i = 0; i < nr_all_rules; i++)
			if (series_family_of(all_rules[i]) >= 0 &&
			    rule_fits_era(all_rules[i], &era))
				s.rules[s.nr_rules++] = all_rules[i];
		era_release(&era);
	}
	s.git = is_git_checkout(s.root);
	{
		struct strbuf script = STRBUF_INIT;
		struct stat st;

		strbuf_addf(&script, "%s/scripts/get_maintainer.pl", s.root);
		s.cc_script = stat(script.buf, &st) == 0;
		if (o->cc == SERIES_CC_SCRIPT && !s.cc_script)
			die("--cc=script: %s has no scripts/get_maintainer.pl",
			    s.root);
		if (o->cc == SERIES_CC_MAINTAINERS)
			s.cc_script = false;
		strbuf_release(&script);
	}
	parse_identity(&s, o->from);
	mailmap_load(&s.mailmap, s.root);
	if (maintainers_load(&s.maint, s.root) < 0 && !s.quiet)
		warning("%s/MAINTAINERS: %s; patches are not grouped by subsystem",
			s.root, strerror(errno));
	if (o->in_place && !o->force && s.git && tree_is_dirty(&s))
		die("%s has uncommitted changes; commit them first or pass --force",
		    s.root);

	s.prefer_unbound = o->prefer_unbound;
	if (s.prefer_unbound &&
	    prefer_unbound_verdicts(s.root, NULL, NULL, s.jobs, !s.quiet && isatty(2),
				    &s.verdicts) < 0)
		die("%s: cannot list its files", s.root);
	s.scratch = tempdir_create("series");
	setup_scratch(&s);
	find_touched(&s, s.git ? s.work : s.root);
	if (!s.nr_touched) {
		if (!s.quiet)
			fprintf(stderr, "wqcheck: nothing to convert in %s\n",
				s.root);
		status = EXIT_FINDINGS;
		goto out;
	}
	if (!s.git)
		make_temp_base(&s);
	else
		load_history(&s);
	s.summary.per_subsystem = s.split == SPLIT_SUBSYSTEM;
	make_patches(&s);
	if (s.with_deprecation)
		make_deprecation(&s);
	if (!s.nr_patches) {
		if (!s.quiet)
			fprintf(stderr, "wqcheck: nothing to convert in %s\n",
				s.root);
		status = EXIT_FINDINGS;
		goto out;
	}
	series_repo_draft(&s.repo);
	write_series(&s, o->outdir, finish_commits(&s));
	if (o->in_place && apply_in_place(&s) < 0)
		status = EXIT_USAGE;
out:
	fflush(stdout);
	tempdir_remove(s.scratch);
	if (ferror(stdout))
		die("cannot write the output");
	series_release(&s);
	return status;
}
