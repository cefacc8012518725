/* The engine of wqcheck check-patch and wqcheck diff: the findings a series adds, for
 * pre-merge CI. A finding counts when its line, or a step of its evidence
 * (the smp_processor_id() a queue_work_on()'s work function gained), is a
 * line the series adds; findings the tree already had stay silent. */
#include "products/review/check-patch.h"
#include "products/review/check-preexisting.h"
#include "products/review/patch-apply.h"
#include "products/review/patch-index.h"
#include "products/review/patch-parse.h"
#include "products/review/patch-pick.h"
#include "products/review/mail-inbox.h"
#include "output/report.h"
#include "analysis/rules/rule.h"
#include "analysis/scan.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/timing.h"
#include "front/tree.h"
#include "lib/usage.h"
#include "front/unreadable.h"
#include "output/columns.h"
#include <errno.h>
#include <dirent.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Who added a finding's line. */
struct attribution {
	int input;			/* index of the input, -1: unknown */
	size_t patch;			/* index in the input */
	unsigned input_line;		/* 0: unknown */
	char *commit;			/* diff mode: the commit */
	char *subject;
	bool by_evidence;		/* the evidence, not the line, was added */
	unsigned line;			/* the added line it is about */
	const char *file;
};

struct check {
	char *tree;
	bool git_tree;
	enum report_format format;
	enum severity fail_on;
	bool emacs, terse, showfile, quiet, all_versions, bot;
	const char *range;		/* bot mode: the mails of an inbox */
	const char *index_path;		/* the binding index (patch-index.h) */
	const struct rule *rules[64];
	size_t nr_rules;
	long jobs;

	struct patch_series *inputs;
	size_t nr_inputs;
	char *corrupt;			/* an input whose diff is malformed: why */
	struct patch_pick pick;
	/* patch mode, one version at a time: the patches to apply in order,
	 * and the input and patch of each scratch commit */
	unsigned version;
	long thread;			/* bot mode: the thread checked; else PICK_ALL_THREADS */
	struct patch_ref *order;
	size_t nr_order;
	size_t *commit_input, *commit_patch;
	int outcome;			/* CHECK_PATCH_* of the version */
	struct strbuf why;		/* the patch that did not apply */

	char *base, *tip;		/* diff mode */

	struct patch_scratch scratch;
	struct added_lines added;
	struct file_list files;
	struct file_list siblings;	/* of files: the untouched ones beside */
	struct scan_result res;
	struct finding **all;
	struct attribution *attr;
	size_t nr;
};

/* The options, copied into the run's state. */
static void take_options(struct check *c, const struct check_patch_options *o)
{
	c->tree = o->tree ? xstrdup(o->tree) : NULL;
	c->format = o->format;
	c->fail_on = o->fail_on;
	c->emacs = o->emacs || o->terse;
	c->terse = o->terse;
	c->showfile = o->showfile;
	c->quiet = o->quiet;
	c->all_versions = o->all_versions;
	c->bot = o->bot;
	c->range = o->range;
	c->index_path = o->index_path;
	c->nr_rules = o->nr_rules < 64 ? o->nr_rules : 64;
	memcpy(c->rules, o->rules, c->nr_rules * sizeof(*c->rules));
	c->jobs = o->jobs;
}

static void find_tree(struct check *c)
{
	const char *start = c->tree ? c->tree : ".";
	char *root = find_tree_root(start);

	if (!root) {
		if (c->tree)
			die("%s: not a kernel tree (no Makefile, include/linux/ and MAINTAINERS "
			    "or Kconfig at or above it)", c->tree);
		die("not in a kernel tree: give --tree=TREE");
	}
	free(c->tree);
	c->tree = root;
	c->git_tree = is_git_checkout(root);
}

/* --- check-patch: the inputs ------------------------------------------------ */

/* Reads one input; returns false when it holds no diff at all (a cover
 * letter, a reply, a note), which a series directory as format-patch
 * writes it has, and a list's thread has many of. A diff git am would
 * call corrupt is remembered, to be the run's outcome. */
static bool read_input(struct check *c, const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	struct patch_series ps;
	const char *why;
	bool has_diff = true;

	if (c->bot && strcmp(name, "-") && mail_inbox_is(name)) {
		mail_inbox_read(name, c->range, &sb);
	} else if (!strcmp(name, "-")) {
		char buf[65536];
		size_t n;

		while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
			strbuf_add(&sb, buf, n);
		if (ferror(stdin))
			die_errno("cannot read the standard input");
	} else if (strbuf_read_file(&sb, name) < 0) {
		die_errno("%s", name);
	}
	if (patch_series_parse(&ps, name, sb.buf ? sb.buf : xstrdup(""), sb.len, &why) < 0) {
		if (!ps.no_diff && !c->corrupt) {
			struct strbuf msg = STRBUF_INIT;

			strbuf_addf(&msg, "%s: corrupt patch: %s", name, why);
			c->corrupt = strbuf_detach(&msg);
		}
		has_diff = false;
	}
	c->inputs = xrealloc(c->inputs, (c->nr_inputs + 1) * sizeof(*c->inputs));
	c->inputs[c->nr_inputs++] = ps;
	return has_diff;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of a series directory in name order (0000-cover-letter.patch,
 * 0001-…): its regular files, hidden ones left out. */
static char **directory_inputs(const char *dir, size_t *nr)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t alloc = 0;

	*nr = 0;
	if (!d)
		die_errno("%s", dir);
	while ((e = readdir(d))) {
		struct strbuf path = STRBUF_INIT;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		strbuf_addf(&path, "%s/%s", dir, e->d_name);
		if (stat(path.buf, &st) < 0 || !S_ISREG(st.st_mode)) {
			strbuf_release(&path);
			continue;
		}
		ALLOC_GROW(names, *nr, alloc);
		names[(*nr)++] = strbuf_detach(&path);
	}
	closedir(d);
	qsort(names, *nr, sizeof(*names), compare_names);
	return names;
}

/* Reads every input, a directory as its files; an input without a diff is
 * skipped with a note (one line on stderr). */
static void read_inputs(struct check *c, char **inputs, size_t nr)
{
	size_t i, j;

	for (i = 0; i < nr; i++) {
		struct stat st;
		char **names = &inputs[i];
		size_t nr_names = 1;
		bool dir = strcmp(inputs[i], "-") && !stat(inputs[i], &st) &&
			   S_ISDIR(st.st_mode) && !(c->bot && mail_inbox_is(inputs[i]));

		if (dir)
			names = directory_inputs(inputs[i], &nr_names);
		for (j = 0; j < nr_names; j++)
			if (!read_input(c, names[j]) && !c->quiet && !c->corrupt && !c->bot)
				fprintf(stderr, "wqcheck: note: %s: no diff in it (a cover "
					"letter?), skipped\n", names[j]);
		if (dir) {
			if (!nr_names)
				die("%s: no file in the directory", inputs[i]);
			for (j = 0; j < nr_names; j++)
				free(names[j]);
			free(names);
		}
	}
}

/* The mails of an input that holds several, skipped: one note each. */
static void note_skipped(const struct check *c)
{
	size_t i, j;

	if (c->quiet)
		return;
	for (i = 0; i < c->nr_inputs; i++) {
		const struct patch_series *ps = &c->inputs[i];

		if (ps->no_diff && ps->nr <= 1)
			continue;	/* said by read_inputs() */
		for (j = 0; j < ps->nr; j++) {
			const struct patch *p = &ps->patches[j];
			const char *what = p->prefix.reply ? "a reply" :
					   !p->nr_files ? "no diff (a cover letter?)" : NULL;

			if (what)
				fprintf(stderr, "wqcheck: note: %s: \"%s\": %s, skipped\n",
					ps->name, p->subject ? p->subject : "", what);
		}
	}
}

static bool seen_path(char **seen, size_t nr, const char *path)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!strcmp(seen[i], path))
			return true;
	return false;
}

/* The pre-image of path: the blob the patch names when TREE's repository
 * has it (so a patch already applied in TREE, as b4 prep leaves it, still
 * checks), else TREE's file. */
static bool preimage(struct check *c, const struct patch_file *f, struct strbuf *out)
{
	struct strbuf path = STRBUF_INIT;
	bool ok;

	if (c->git_tree && f->old_blob && strlen(f->old_blob) >= 7) {
		struct strbuf obj = STRBUF_INIT;

		strbuf_addf(&obj, "%s^{blob}", f->old_blob);
		ok = series_git(c->tree, NULL, out, NULL, "cat-file", "blob", obj.buf, NULL) == 0;
		strbuf_release(&obj);
		if (ok)
			return true;
		strbuf_reset(out);
	}
	strbuf_addf(&path, "%s/%s", c->tree, f->old_path);
	ok = strbuf_read_file(out, path.buf) == 0;
	/* absent is the patch's business (it may create it); there but out
	 * of reach is named */
	if (!ok && errno != ENOENT && errno != ENOTDIR)
		unreadable_add(f->old_path, strerror(errno));
	strbuf_release(&path);
	return ok;
}

/* Applies the patches of c->order; returns CHECK_PATCH_CLEAN, or the
 * outcome of the first that does not apply with c->why saying which. */
static int apply_series(struct check *c)
{
	char **seen = NULL, **base_paths = NULL;
	size_t nr_seen = 0, alloc_seen = 0, nr_base = 0, alloc_base = 0;
	size_t i, k;
	int outcome = CHECK_PATCH_CLEAN;

	patch_scratch_init(&c->scratch, c->tree);
	for (i = 0; i < c->nr_order; i++) {
		const struct patch *p = &c->inputs[c->order[i].input].patches[c->order[i].patch];

		for (k = 0; k < p->nr_files; k++) {
			const struct patch_file *f = &p->files[k];
			const char *paths[2] = { f->old_path, f->new_path };
			int w;

			for (w = 0; w < 2; w++) {
				struct strbuf text = STRBUF_INIT;

				if (!paths[w] || seen_path(seen, nr_seen, paths[w]))
					continue;
				ALLOC_GROW(seen, nr_seen, alloc_seen);
				seen[nr_seen++] = xstrdup(paths[w]);
				if (w == 0 && preimage(c, f, &text)) {
					overlay_materialize(&c->scratch, paths[w],
							    text.buf ? text.buf : "", text.len);
					ALLOC_GROW(base_paths, nr_base, alloc_base);
					base_paths[nr_base++] = seen[nr_seen - 1];
				} else {
					overlay_materialize(&c->scratch, paths[w], NULL, 0);
				}
				strbuf_release(&text);
			}
		}
	}
	for (i = 0; i < nr_seen; i++)
		overlay_copy_siblings(&c->scratch, seen[i]);
	timing_phase("overlay");
	scratch_commit_base(&c->scratch, (const char *const *)base_paths, nr_base);
	timing_phase("base committed");
	c->commit_input = xcalloc(c->nr_order + 1, sizeof(*c->commit_input));
	c->commit_patch = xcalloc(c->nr_order + 1, sizeof(*c->commit_patch));
	for (i = 0; i < c->nr_order && outcome == CHECK_PATCH_CLEAN; i++) {
		int rc = scratch_apply(&c->scratch, &c->inputs[c->order[i].input],
				       c->order[i].patch, &c->why);

		if (rc == SCRATCH_ALREADY_APPLIED)
			outcome = CHECK_PATCH_ALREADY_APPLIED;
		else if (rc < 0)
			outcome = CHECK_PATCH_NOT_APPLYING;
		else {
			c->commit_input[c->scratch.nr_commits - 1] = c->order[i].input;
			c->commit_patch[c->scratch.nr_commits - 1] = c->order[i].patch;
		}
	}
	for (i = 0; i < nr_seen; i++)
		free(seen[i]);
	free(seen);
	free(base_paths);
	if (outcome != CHECK_PATCH_CLEAN)
		return outcome;
	scratch_list_commits(&c->scratch);
	if (added_lines_compute(&c->added, &c->scratch, NULL, c->scratch.base, "HEAD") < 0)
		die("cannot diff the series in the scratch repository");
	return CHECK_PATCH_CLEAN;
}

/* --- diff: a range of TREE ------------------------------------------------- */

static char *rev_parse(struct check *c, const char *rev)
{
	struct strbuf out = STRBUF_INIT, obj = STRBUF_INIT;

	strbuf_addf(&obj, "%s^{commit}", rev);
	if (series_git(c->tree, NULL, &out, NULL, "rev-parse", "--verify", "-q", obj.buf, NULL) ||
	    !out.len)
		die("%s: not a commit of %s", rev, c->tree);
	strbuf_release(&obj);
	while (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	return strbuf_detach(&out);
}

static void resolve_range(struct check *c, const char *range)
{
	const char *dots = strstr(range, "..");

	if (!c->git_tree)
		die("%s: not a git checkout; wqcheck diff needs the commits", c->tree);
	if (dots) {
		char *a = xstrndup(range, (size_t)(dots - range));
		const char *b = dots[2] == '.' ? dots + 3 : dots + 2;
		char *a_id = rev_parse(c, *a ? a : "HEAD");
		struct strbuf out = STRBUF_INIT;

		c->tip = rev_parse(c, *b ? b : "HEAD");
		if (series_git(c->tree, NULL, &out, NULL, "merge-base", a_id, c->tip, NULL) ||
		    !out.len)
			die("%s: %s and %s have no common ancestor", range, *a ? a : "HEAD",
			    *b ? b : "HEAD");
		while (out.len && out.buf[out.len - 1] == '\n')
			out.buf[--out.len] = '\0';
		c->base = strbuf_detach(&out);
		free(a);
		free(a_id);
	} else {
		struct strbuf parent = STRBUF_INIT;

		c->tip = rev_parse(c, range);
		strbuf_addf(&parent, "%s^", c->tip);
		c->base = rev_parse(c, parent.buf);
		strbuf_release(&parent);
	}
}

static void materialize_range(struct check *c)
{
	size_t i, j;

	patch_scratch_init(&c->scratch, c->tree);
	if (added_lines_compute(&c->added, &c->scratch, c->tree, c->base, c->tip) < 0)
		die("cannot diff %s..%s in %s", c->base, c->tip, c->tree);
	for (i = 0; i < c->added.diff.nr; i++)
		for (j = 0; j < c->added.diff.patches[i].nr_files; j++) {
			const struct patch_file *f = &c->added.diff.patches[i].files[j];
			struct strbuf obj = STRBUF_INIT, text = STRBUF_INIT;

			if (!f->new_path)
				continue;
			strbuf_addf(&obj, "%s:%s", c->tip, f->new_path);
			if (series_git(c->tree, NULL, &text, NULL, "cat-file", "blob", obj.buf, NULL))
				die("cannot read %s from %s", obj.buf, c->tree);
			overlay_materialize(&c->scratch, f->new_path, text.buf ? text.buf : "",
					    text.len);
			overlay_copy_siblings(&c->scratch, f->new_path);
			strbuf_release(&obj);
			strbuf_release(&text);
		}
}

/* --- the scan and the filter ------------------------------------------------ */

static char *xstrfmt_path(const char *dir, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/%s", dir, name);
	return strbuf_detach(&sb);
}

/* The .c and .h files the overlay holds beside the touched ones (their
 * copies, overlay_copy_siblings()): scanned too, so that a model rule's
 * finding on one of them whose evidence the change added (a site moved in
 * iwl-trans.c, the item's other site in iwl-trans.h) is kept; the other
 * rules' findings there have no added line and are left out. */
static void add_siblings(struct check *c)
{
	size_t i, n = c->files.nr;

	for (i = 0; i < n; i++) {
		const char *rel = c->files.paths[i], *slash = strrchr(rel, '/');
		struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT;
		struct dirent *de;
		struct stat st;
		DIR *d;

		strbuf_addf(&dir, "%.*s", slash ? (int)(slash - rel) : 0, rel);
		strbuf_addf(&path, "%s/%s", c->scratch.overlay, dir.buf);
		d = opendir(path.buf);
		while (d && (de = readdir(d))) {
			char *sib;
			size_t k;

			if (!path_is_c_or_h(de->d_name))
				continue;
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s/%s", c->scratch.overlay, dir.buf, de->d_name);
			if (lstat(path.buf, &st) < 0 || !S_ISREG(st.st_mode))
				continue;
			sib = dir.len ? xstrfmt_path(dir.buf, de->d_name) : xstrdup(de->d_name);
			for (k = 0; k < c->files.nr && strcmp(c->files.paths[k], sib); k++)
				;
			if (k < c->files.nr) {
				free(sib);
				continue;
			}
			ALLOC_GROW(c->files.paths, c->files.nr, c->files.alloc);
			c->files.paths[c->files.nr++] = xstrdup(sib);
			ALLOC_GROW(c->siblings.paths, c->siblings.nr, c->siblings.alloc);
			c->siblings.paths[c->siblings.nr++] = sib;
		}
		if (d)
			closedir(d);
		strbuf_release(&dir);
		strbuf_release(&path);
	}
}

static void scan_added(struct check *c)
{
	struct scan_options opts = { 0 };
	size_t i, j;

	for (i = 0; i < c->added.diff.nr; i++)
		for (j = 0; j < c->added.diff.patches[i].nr_files; j++) {
			const struct patch_file *f = &c->added.diff.patches[i].files[j];

			if (f->new_path && path_is_c_or_h(f->new_path) && f->nr_hunks) {
				ALLOC_GROW(c->files.paths, c->files.nr, c->files.alloc);
				c->files.paths[c->files.nr++] = xstrdup(f->new_path);
			}
		}
	add_siblings(c);
	file_list_finish(&c->files);
	if (c->index_path) {
		struct binding_index *idx = binding_index_load(c->index_path);

		for (i = 0; i < c->files.nr; i++) {
			struct strbuf text = STRBUF_INIT, abs = STRBUF_INIT;

			strbuf_addf(&abs, "%s/%s", c->scratch.overlay, c->files.paths[i]);
			if (strbuf_read_file(&text, abs.buf) == 0 && text.buf)
				binding_index_materialize(idx, &c->scratch, text.buf, text.len);
			strbuf_release(&text);
			strbuf_release(&abs);
		}
		binding_index_free(idx);
	}
	opts.root = c->scratch.overlay;
	opts.rules = c->rules;
	opts.nr_rules = c->nr_rules;
	opts.jobs = (int)c->jobs;
	opts.use_clang = true;
	scan_run(&opts, &c->files, &c->res);
}

/* The line of f that makes it the series' own: its own, else an evidence
 * step's; 0 when the series added neither. */
static unsigned added_line_of(const struct check *c, const struct finding *f, const char **file,
			      bool *by_evidence)
{
	size_t i;

	*by_evidence = false;
	*file = f->file;
	if (added_lines_has(&c->added, f->file, f->line))
		return f->line;
	for (i = 0; i < f->nr_evidence; i++)
		if (added_lines_has(&c->added, f->evidence[i].file, f->evidence[i].line)) {
			*by_evidence = true;
			*file = f->evidence[i].file;
			return f->evidence[i].line;
		}
	return 0;
}

static void keep_added(struct check *c)
{
	size_t i, j;

	for (i = 0; i < c->res.nr_files; i++) {
		struct file_result *fr = &c->res.files[i];
		size_t kept = 0;

		for (j = 0; j < fr->nr_findings; j++) {
			const char *file;
			bool by_evidence;

			if (added_line_of(c, &fr->findings[j], &file, &by_evidence))
				fr->findings[kept++] = fr->findings[j];
			else
				finding_release(&fr->findings[j]);
		}
		fr->nr_findings = kept;
	}
}

/* The model rules' findings against the tree before the change: one it
 * had, as big, is a note that the change re-chose a site of a split it
 * leaves (a rename of one of its item's queue sites rewrites its line); a
 * split the change ends is a note saying so. On every finding the scan
 * made, before keep_added(): what the post-image has is the whole of it. */
static void judge_preexisting(struct check *c)
{
	struct scan_options opts = { 0 };

	opts.root = c->scratch.overlay;
	opts.jobs = (int)c->jobs;
	opts.rules = c->rules;
	opts.nr_rules = c->nr_rules;
	judge_preexisting_findings(&c->scratch, c->inputs ? NULL : c->tree,
				   c->inputs ? c->scratch.base : c->base, &c->added.diff,
				   &c->siblings, &opts, &c->res);
	timing_phase("pre-image scanned");
}

/* --- who added it ----------------------------------------------------------- */

static char *file_line(const struct check *c, const char *path, unsigned line)
{
	struct strbuf sb = STRBUF_INIT, abs = STRBUF_INIT;
	const char *s, *e;
	unsigned l = 1;
	char *r;

	strbuf_addf(&abs, "%s/%s", c->scratch.overlay, path);
	if (strbuf_read_file(&sb, abs.buf) < 0 || !sb.buf) {
		strbuf_release(&abs);
		strbuf_release(&sb);
		return xstrdup("");
	}
	for (s = sb.buf; l < line && (e = strchr(s, '\n')); s = e + 1)
		l++;
	e = strchr(s, '\n');
	r = xstrndup(s, e ? (size_t)(e - s) : strlen(s));
	strbuf_release(&abs);
	strbuf_release(&sb);
	return r;
}

/* The "+" line of patch p that became line orig_line of path in its commit:
 * the one at that line with that text, else the nearest with that text. */
static unsigned input_line_of(const struct patch_series *ps, const struct patch *p,
			      const char *path, unsigned orig_line, const char *text)
{
	unsigned best = 0, best_dist = ~0u;
	size_t i, j, k;

	for (i = 0; i < p->nr_files; i++) {
		const struct patch_file *f = &p->files[i];

		if (!f->new_path || strcmp(f->new_path, path))
			continue;
		for (j = 0; j < f->nr_hunks; j++)
			for (k = 0; k < f->hunks[j].nr_added; k++) {
				const struct patch_added_line *a = &f->hunks[j].added[k];
				char *l = patch_input_line(ps, a->input_line);
				bool same = !strcmp(l + 1, text);
				unsigned dist = a->new_line > orig_line ? a->new_line - orig_line :
					orig_line - a->new_line;

				free(l);
				if (same && dist < best_dist) {
					best = a->input_line;
					best_dist = dist;
				}
			}
	}
	return best;
}

static void attribute_one(struct check *c, struct attribution *a, const struct blamed_line *b)
{
	size_t n;

	if (!b->commit)
		return;
	if (!c->inputs) {
		a->commit = xstrdup(b->commit);
		a->subject = b->summary ? xstrdup(b->summary) : NULL;
		return;
	}
	for (n = 0; n < c->scratch.nr_commits; n++)
		if (!strcmp(c->scratch.commits[n], b->commit)) {
			const struct patch_series *ps = &c->inputs[c->commit_input[n]];
			const struct patch *p = &ps->patches[c->commit_patch[n]];
			char *text = file_line(c, a->file, a->line);

			a->input = (int)c->commit_input[n];
			a->patch = c->commit_patch[n];
			a->subject = p->subject ? xstrdup(p->subject) : NULL;
			a->input_line = input_line_of(ps, p, b->orig_path ? b->orig_path : a->file,
						      b->orig_line, text);
			free(text);
			return;
		}
}

/* One git blame per file, for all the lines of its findings. */
static void attribute(struct check *c)
{
	struct blamed_line *lines = xcalloc(c->nr ? c->nr : 1, sizeof(*lines));
	size_t *which = xcalloc(c->nr ? c->nr : 1, sizeof(*which));
	bool *done = xcalloc(c->nr ? c->nr : 1, sizeof(*done));
	size_t i, j, k, nr;

	c->attr = xcalloc(c->nr ? c->nr : 1, sizeof(*c->attr));
	for (i = 0; i < c->nr; i++) {
		c->attr[i].input = -1;
		c->attr[i].line = added_line_of(c, c->all[i], &c->attr[i].file,
						&c->attr[i].by_evidence);
	}
	for (i = 0; i < c->nr; i++) {
		if (done[i])
			continue;
		for (nr = 0, j = i; j < c->nr; j++)
			if (!done[j] && !strcmp(c->attr[j].file, c->attr[i].file)) {
				for (k = 0; k < nr; k++)
					if (lines[k].line == c->attr[j].line)
						break;
				if (k == nr)
					lines[nr++].line = c->attr[j].line;
				which[j] = k;
				done[j] = true;
			}
		if (blame_lines(&c->scratch, c->inputs ? NULL : c->tree,
				c->inputs ? "HEAD" : c->tip,
				c->inputs ? c->scratch.base : c->base, c->attr[i].file, lines, nr) == 0)
			for (j = i; j < c->nr; j++)
				if (!strcmp(c->attr[j].file, c->attr[i].file) && !c->attr[j].subject &&
				    !c->attr[j].commit && c->attr[j].input < 0)
					attribute_one(c, &c->attr[j], &lines[which[j]]);
		for (k = 0; k < nr; k++) {
			blamed_line_release(&lines[k]);
			lines[k].line = 0;
		}
	}
	free(lines);
	free(which);
	free(done);
}

/* --- output ------------------------------------------------------------------ */

static const char *checkpatch_level(enum severity s)
{
	return s == SEVERITY_ERROR ? "ERROR" : s == SEVERITY_WARNING ? "WARNING" : "CHECK";
}

/* A rule's message is one sentence of a few hundred characters: what was
 * found, then after ": " why it matters and what to do. The finding's line
 * takes the first part; the rest is wrapped under it as a note, at 80
 * columns, instead of one line a mail client or a CI log cuts. */
#define WRAP_AFTER	100
#define WRAP_WIDTH	80

static size_t headline_len(const char *msg)
{
	size_t len = strlen(msg);
	const char *colon;

	if (len <= WRAP_AFTER)
		return len;
	for (colon = strstr(msg, ": "); colon; colon = strstr(colon + 1, ": "))
		if (colon - msg >= 20)
			return (size_t)(colon - msg);
	return len;
}

/* The rest of msg after its headline, as lines of about WRAP_WIDTH
 * columns of text, each after prefix (the finding's "FILE:LINE:COL: note: ",
 * as gcc repeats its position on every note; "" under checkpatch's lines). */
static void write_explanation(FILE *fp, const char *msg, const char *prefix)
{
	size_t head = headline_len(msg), room = WRAP_WIDTH - 8;
	const char *s = msg + head;

	if (!*s)
		return;
	s += 2;		/* ": " */
	while (*s) {
		size_t n = strlen(s);

		if (n > room) {
			size_t cut = room;

			while (cut > room / 2 && s[cut] != ' ')
				cut--;
			if (s[cut] != ' ')
				cut = strcspn(s + room, " ") + room;
			n = cut;
		}
		fprintf(fp, "%s%.*s\n", prefix, (int)n, s);
		s += n;
		while (*s == ' ')
			s++;
	}
}

static const struct patch *attributed_patch(const struct check *c, const struct attribution *a)
{
	return a->input >= 0 ? &c->inputs[a->input].patches[a->patch] : NULL;
}

static void write_added_by(FILE *fp, const struct check *c, const struct attribution *a)
{
	const struct patch *p = attributed_patch(c, a);

	if (p) {
		fprintf(fp, "%s:%u: note: %s by patch %u/%u", c->inputs[a->input].name,
			a->input_line, a->by_evidence ? "its evidence was added" : "added",
			p->number, p->of);
		if (a->subject)
			fprintf(fp, " \"%s\"", a->subject);
		fputc('\n', fp);
	} else if (a->commit) {
		fprintf(fp, "%s:%u: note: %s by commit %.12s (\"%s\")\n", a->file, a->line,
			a->by_evidence ? "its evidence was added" : "added", a->commit,
			a->subject ? a->subject : "");
	}
}

struct totals {
	unsigned errors, warnings, notes;
};

static void count(struct totals *t, const struct finding *f)
{
	t->errors += f->severity == SEVERITY_ERROR;
	t->warnings += f->severity == SEVERITY_WARNING;
	t->notes += f->severity == SEVERITY_NOTE;
}

/* The version's patches checked, for the summary. */
static size_t nr_checked(const struct check *c)
{
	return c->inputs ? c->nr_order : c->added.diff.nr;
}

/* "(v3)" after the summary when the input held several versions or the
 * one checked is not the first. */
static void write_version(FILE *fp, const struct check *c)
{
	if (c->inputs && (c->version > 1 || c->pick.nr_versions > 1))
		fprintf(fp, " (v%u)", c->version);
}

/* As gcc prints: display columns of the patched files (output/columns.h),
 * the notes unindented, each line one a quickfix list reads. */
static void write_text(FILE *fp, const struct check *c)
{
	struct column_files *cf = column_files_new(c->scratch.overlay);
	struct totals t = { 0 };
	size_t i, j;

	for (i = 0; i < c->nr; i++) {
		const struct finding *f = c->all[i];
		unsigned col = column_files_display(cf, f->file, f->line, f->column);
		char prefix[PATH_MAX + 64];

		fprintf(fp, "%s:%u:%u: %s: %.*s%s [%s]\n", f->file, f->line, col,
			severity_name(f->severity), (int)headline_len(f->message), f->message,
			finding_inactive_note(f), f->rule->id);
		snprintf(prefix, sizeof(prefix), "%s:%u:%u: note: ", f->file, f->line, col);
		write_explanation(fp, f->message, prefix);
		for (j = 0; j < f->nr_evidence; j++) {
			const struct evidence *e = &f->evidence[j];

			fprintf(fp, "%s:%u:%u: note: %s\n", e->file, e->line,
				column_files_display(cf, e->file, e->line, e->column), e->message);
		}
		write_added_by(fp, c, &c->attr[i]);
		count(&t, f);
	}
	column_files_free(cf);
	if (c->quiet)
		return;
	fprintf(fp, "total: %u errors, %u warnings, %u notes, %zu %s checked", t.errors,
		t.warnings, t.notes, nr_checked(c),
		c->inputs ? (nr_checked(c) == 1 ? "patch" : "patches") :
		(nr_checked(c) == 1 ? "commit" : "commits"));
	write_version(fp, c);
	fputc('\n', fp);
}

/* Whether input in holds a patch of the version checked. */
static bool input_checked(const struct check *c, size_t in)
{
	size_t i;

	for (i = 0; i < c->nr_order; i++)
		if (c->order[i].input == in)
			return true;
	return false;
}

/* checkpatch.pl's report(): "PREFIX LEVEL: message", then (not --terse)
 * "#N: FILE: path:line:" and the patch line, and an empty line. The prefix
 * is "INPUT:N: " (--emacs: N is the line of the patch file) or "path:line: "
 * (--showfile; also for wqcheck diff, which has no patch file). The total
 * line ends each input, as checkpatch's does, unless -q. */
static void write_checkpatch(FILE *fp, const struct check *c)
{
	size_t in, i, nr_inputs = c->inputs ? c->nr_inputs : 1;

	for (in = 0; in < nr_inputs; in++) {
		struct totals t = { 0 };

		if (c->inputs && !input_checked(c, in))
			continue;
		for (i = 0; i < c->nr; i++) {
			const struct finding *f = c->all[i];
			const struct attribution *a = &c->attr[i];
			char *line;

			if (c->inputs && a->input != (int)in)
				continue;
			if (c->showfile || !c->inputs || !a->input_line)
				fprintf(fp, "%s:%u: ", f->file, f->line);
			else
				fprintf(fp, "%s:%u: ", c->inputs[in].name, a->input_line);
			fprintf(fp, "%s: %.*s [%s]\n", checkpatch_level(f->severity),
				(int)headline_len(f->message), f->message, f->rule->id);
			count(&t, f);
			if (c->terse)
				continue;
			if (!c->showfile && c->inputs && a->input_line)
				fprintf(fp, "#%u: FILE: %s:%u:\n", a->input_line, f->file, f->line);
			line = c->inputs && a->input_line ?
				patch_input_line(&c->inputs[in], a->input_line) :
				file_line(c, f->file, f->line);
			fprintf(fp, "%s%s\n", c->inputs && a->input_line ? "" : "+", line);
			write_explanation(fp, f->message, "");
			fputc('\n', fp);
			free(line);
		}
		if (c->quiet)
			continue;
		fprintf(fp, "total: %u errors, %u warnings, ", t.errors, t.warnings);
		if (t.notes)
			fprintf(fp, "%u checks, ", t.notes);
		if (c->inputs)
			fprintf(fp, "%zu lines checked", c->inputs[in].nr_lines);
		else
			fprintf(fp, "%zu files checked", c->files.nr);
		write_version(fp, c);
		fputc('\n', fp);
	}
}

static json_t *added_by_json(const struct check *c, const struct attribution *a)
{
	const struct patch *p = attributed_patch(c, a);
	json_t *o = json_object();

	json_object_set_new(o, "file", json_string(a->file));
	json_object_set_new(o, "line", json_integer(a->line));
	json_object_set_new(o, "by_evidence", json_boolean(a->by_evidence));
	if (p) {
		json_object_set_new(o, "input", json_string(c->inputs[a->input].name));
		json_object_set_new(o, "patch", json_integer(p->number));
		json_object_set_new(o, "patches", json_integer(p->of));
		json_object_set_new(o, "version", json_integer(p->prefix.version));
		if (p->message_id)
			json_object_set_new(o, "message_id", json_string(p->message_id));
		if (a->input_line)
			json_object_set_new(o, "input_line", json_integer(a->input_line));
	}
	if (a->commit)
		json_object_set_new(o, "commit", json_string(a->commit));
	if (a->subject)
		json_object_set_new(o, "subject", json_string(a->subject));
	return o;
}

static const char *const outcome_names[] = {
	[CHECK_PATCH_CLEAN] = "clean",
	[CHECK_PATCH_FINDINGS] = "findings",
	[CHECK_PATCH_NOTHING] = "nothing-to-check",
	[CHECK_PATCH_NOT_APPLYING] = "does-not-apply",
	[CHECK_PATCH_ALREADY_APPLIED] = "already-applied",
};

const char *check_patch_outcome_name(int outcome)
{
	if (outcome < 0 || outcome > CHECK_PATCH_ALREADY_APPLIED || !outcome_names[outcome])
		return "error";
	return outcome_names[outcome];
}

static json_t *summary_json(const struct check *c)
{
	struct totals t = { 0 };
	json_t *o = json_object();
	size_t i;

	for (i = 0; i < c->nr; i++)
		count(&t, c->all[i]);
	json_object_set_new(o, "outcome", json_string(check_patch_outcome_name(c->outcome)));
	json_object_set_new(o, "errors", json_integer(t.errors));
	json_object_set_new(o, "warnings", json_integer(t.warnings));
	json_object_set_new(o, "notes", json_integer(t.notes));
	json_object_set_new(o, c->inputs ? "patches" : "commits",
			    json_integer((json_int_t)nr_checked(c)));
	if (c->inputs)
		json_object_set_new(o, "version", json_integer(c->version));
	if (c->why.len)
		json_object_set_new(o, "reason", json_string(c->why.buf));
	return o;
}

/* The scan's own JSON or SARIF, with where each finding came from added:
 * "added_by" (JSON) or properties.added_by (SARIF), in the same order,
 * and the summary: "summary" (JSON), properties.summary of the run (SARIF). */
static json_t *structured(struct check *c)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *mem = open_memstream(&buf, &len);
	json_t *doc, *list, *run = NULL;
	json_error_t err;

	if (!mem)
		die_errno("open_memstream");
	report_write(mem, c->format, &c->res, c->tree);
	fclose(mem);
	doc = json_loadb(buf, len, 0, &err);
	free(buf);
	if (!doc)
		die("cannot re-read the report: %s", err.text);
	if (c->format == FORMAT_JSON) {
		list = json_object_get(doc, "findings");
	} else {
		run = json_array_get(json_object_get(doc, "runs"), 0);
		list = json_object_get(run, "results");
		json_object_set_new(run, "automationDetails",
				    json_pack("{s:s}", "id", c->inputs ? "wqcheck/check-patch/" :
					      "wqcheck/diff/"));
	}
	for (i = 0; i < json_array_size(list) && i < c->nr; i++) {
		json_t *item = json_array_get(list, i);

		if (c->format == FORMAT_JSON) {
			json_object_set_new(item, "added_by", added_by_json(c, &c->attr[i]));
		} else {
			json_t *props = json_object_get(item, "properties");

			if (!props) {
				props = json_object();
				json_object_set_new(item, "properties", props);
			}
			json_object_set_new(props, "added_by", added_by_json(c, &c->attr[i]));
		}
	}
	if (c->format == FORMAT_JSON) {
		json_t *series = json_object();

		json_object_set_new(series, "tree", json_string(c->tree));
		if (c->inputs) {
			json_t *inputs = json_array();

			for (i = 0; i < c->nr_inputs; i++)
				json_array_append_new(inputs, json_pack(
					"{s:s, s:i}", "input", c->inputs[i].name, "patches",
					(json_int_t)c->inputs[i].nr));
			json_object_set_new(series, "inputs", inputs);
		} else {
			json_object_set_new(series, "base", json_string(c->base));
			json_object_set_new(series, "tip", json_string(c->tip));
		}
		json_object_set_new(series, "fail_on", json_string(severity_name(c->fail_on)));
		json_object_set_new(doc, "series", series);
		json_object_set_new(doc, "summary", summary_json(c));
	} else if (run) {
		json_t *props = json_object_get(run, "properties");

		if (!props) {
			props = json_object();
			json_object_set_new(run, "properties", props);
		}
		json_object_set_new(props, "summary", summary_json(c));
	}
	return doc;
}

/* The outcome of a version that was not checked, in text: one line on
 * stdout (the summary) and the why on stderr. */
static void write_not_checked(FILE *fp, const struct check *c)
{
	if (c->why.len && c->outcome != CHECK_PATCH_NOTHING)
		fprintf(stderr, "wqcheck: %s\n", c->why.buf);
	if (c->quiet)
		return;
	fprintf(fp, "total: %s", c->outcome == CHECK_PATCH_NOTHING ? "nothing to check" :
		c->outcome == CHECK_PATCH_ALREADY_APPLIED ? "already applied" : "does not apply");
	if (c->outcome == CHECK_PATCH_NOTHING && c->why.len)
		fprintf(fp, " (%s)", c->why.buf);
	write_version(fp, c);
	fputc('\n', fp);
}

/* Writes the version's result; JSON and SARIF documents are handed to docs
 * (printed once every version is done). */
static void write_result(struct check *c, json_t *docs)
{
	if (c->format != FORMAT_TEXT)
		json_array_append_new(docs, structured(c));
	else if (c->outcome != CHECK_PATCH_CLEAN && c->outcome != CHECK_PATCH_FINDINGS)
		write_not_checked(stdout, c);
	else if (c->emacs || c->showfile)
		write_checkpatch(stdout, c);
	else
		write_text(stdout, c);
}

static void finish(struct check *c)
{
	size_t i;

	timing_phase("scanned");
	judge_preexisting(c);
	keep_added(c);
	c->all = scan_result_findings(&c->res, &c->nr);
	attribute(c);
	timing_phase("attributed");
	c->outcome = CHECK_PATCH_CLEAN;
	for (i = 0; i < c->nr; i++)
		if (c->all[i]->severity >= c->fail_on)
			c->outcome = CHECK_PATCH_FINDINGS;
}

static void write_failed_files(const struct check *c)
{
	size_t i;

	if (c->format == FORMAT_TEXT)
		for (i = 0; i < c->res.nr_files; i++)
			if (c->res.files[i].failed_reason)
				fprintf(stderr, "wqcheck: %s: not fully analysed: %s\n",
					c->res.files[i].path, c->res.files[i].failed_reason);
}

static void flush_docs(json_t *docs, bool several)
{
	if (json_array_size(docs)) {
		json_dumpf(several ? docs : json_array_get(docs, 0), stdout,
			   JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		fputc('\n', stdout);
	}
	json_decref(docs);
	fflush(stdout);
	if (ferror(stdout))
		die("cannot write the output");
}

/* What one version's run leaves: everything but the inputs. */
static void release_run(struct check *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		free(c->attr[i].commit);
		free(c->attr[i].subject);
	}
	free(c->attr);
	c->attr = NULL;
	free(c->all);
	c->all = NULL;
	c->nr = 0;
	scan_result_release(&c->res);
	memset(&c->res, 0, sizeof(c->res));
	file_list_release(&c->files);
	memset(&c->files, 0, sizeof(c->files));
	file_list_release(&c->siblings);
	memset(&c->siblings, 0, sizeof(c->siblings));
	added_lines_release(&c->added);
	memset(&c->added, 0, sizeof(c->added));
	patch_scratch_release(&c->scratch);
	memset(&c->scratch, 0, sizeof(c->scratch));
	free(c->commit_input);
	free(c->commit_patch);
	c->commit_input = c->commit_patch = NULL;
	free(c->order);
	c->order = NULL;
	c->nr_order = 0;
	strbuf_release(&c->why);
}

static void release(struct check *c)
{
	size_t i;

	release_run(c);
	for (i = 0; i < c->nr_inputs; i++)
		patch_series_release(&c->inputs[i]);
	free(c->inputs);
	free(c->corrupt);
	patch_pick_release(&c->pick);
	free(c->base);
	free(c->tip);
	free(c->tree);
}

/* Of several versions' outcomes, the one to exit with: what needs a
 * look first. */
static int outcome_rank(int outcome)
{
	switch (outcome) {
	case CHECK_PATCH_FINDINGS: return 4;
	case CHECK_PATCH_NOT_APPLYING: return 3;
	case CHECK_PATCH_ALREADY_APPLIED: return 2;
	case CHECK_PATCH_CLEAN: return 1;
	default: return 0;
	}
}

int check_patch_worse(int a, int b)
{
	return outcome_rank(b) > outcome_rank(a) ? b : a;
}

/* Why there is nothing to check: what the mails were. */
static void nothing_why(struct check *c)
{
	const struct patch_pick *k = &c->pick;

	if (k->nr_replies == 1 && !k->nr_covers)
		strbuf_addstr(&c->why, "a reply");
	else if (k->nr_covers == 1 && !k->nr_replies && c->nr_inputs == 1 &&
		 c->inputs[0].nr == 1 && c->inputs[0].patches[0].prefix.total)
		strbuf_addstr(&c->why, "a cover letter");
	else if (!k->nr_replies)
		strbuf_addf(&c->why, "no diff in the %zu %s", k->nr_covers,
			    k->nr_covers == 1 ? "mail" : "mails");
	else
		strbuf_addf(&c->why, "%zu %s, %zu %s without a diff", k->nr_replies,
			    k->nr_replies == 1 ? "reply" : "replies", k->nr_covers,
			    k->nr_covers == 1 ? "mail" : "mails");
}

/* Checks version v of the inputs: applies, scans, writes. */
static int check_version(struct check *c, unsigned v, json_t *docs)
{
	int outcome;

	c->version = v;
	c->nr_order = patch_pick_version(c->inputs, c->nr_inputs, c->thread, v, c->quiet,
					&c->order);
	c->outcome = apply_series(c);
	timing_phase("applied");
	if (c->outcome == CHECK_PATCH_CLEAN) {
		scan_added(c);
		finish(c);
	}
	write_result(c, docs);
	if (c->outcome == CHECK_PATCH_CLEAN || c->outcome == CHECK_PATCH_FINDINGS)
		write_failed_files(c);
	outcome = c->outcome;
	release_run(c);
	return outcome;
}

int check_patch_series(const struct check_patch_options *o, char **inputs, size_t nr)
{
	struct check c = { 0 };
	json_t *docs = json_array();
	int status = CHECK_PATCH_NOTHING;
	size_t i;

	take_options(&c, o);
	c.thread = PICK_ALL_THREADS;
	timing_phase("start");
	find_tree(&c);
	if (!nr) {
		char *std_input = "-";

		read_inputs(&c, &std_input, 1);
	} else {
		read_inputs(&c, inputs, nr);
	}
	timing_phase("read");
	patch_pick_scan(c.inputs, c.nr_inputs, PICK_ALL_THREADS, &c.pick);
	note_skipped(&c);
	if (c.corrupt) {
		/* git am stops at a corrupt patch, and so does the series. */
		c.outcome = status = CHECK_PATCH_NOT_APPLYING;
		strbuf_addstr(&c.why, c.corrupt);
		write_result(&c, docs);
	} else if (!c.pick.nr_versions) {
		c.outcome = status = CHECK_PATCH_NOTHING;
		nothing_why(&c);
		write_result(&c, docs);
	} else if (c.all_versions) {
		for (i = 0; i < c.pick.nr_versions; i++)
			status = check_patch_worse(i ? status : CHECK_PATCH_NOTHING,
						   check_version(&c, c.pick.versions[i], docs));
	} else {
		unsigned newest = c.pick.versions[c.pick.nr_versions - 1];

		if (c.pick.nr_versions > 1 && !c.quiet)
			fprintf(stderr, "wqcheck: note: the input holds %zu versions of the series; "
				"v%u checked (--all-versions checks each)\n", c.pick.nr_versions,
				newest);
		status = check_version(&c, newest, docs);
	}
	flush_docs(docs, c.all_versions && c.pick.nr_versions > 1);
	timing_phase("written");
	release(&c);
	return status;
}

int check_patch_range(const struct check_patch_options *o, const char *range)
{
	struct check c = { 0 };
	json_t *docs = json_array();
	int status;

	take_options(&c, o);
	find_tree(&c);
	timing_phase("start");
	resolve_range(&c, range);
	materialize_range(&c);
	timing_phase("materialized");
	scan_added(&c);
	finish(&c);
	write_result(&c, docs);
	write_failed_files(&c);
	flush_docs(docs, false);
	status = c.outcome;
	timing_phase("written");
	release(&c);
	return status;
}

/* --- bot mode: one verdict a series ----------------------------------------- */

/* The mail that stands for version v of thread t: its cover letter, else
 * its first patch. */
static const struct patch *series_mail(const struct check *c, size_t t, unsigned v)
{
	const struct patch *first = NULL;
	size_t i, j;

	for (i = 0; i < c->nr_inputs; i++)
		for (j = 0; j < c->inputs[i].nr; j++) {
			const struct patch *p = &c->inputs[i].patches[j];

			if (p->thread != t || p->prefix.reply || p->prefix.version != v)
				continue;
			if (!p->nr_files && p->prefix.total && !p->prefix.counter)
				return p;
			if (!first && p->nr_files)
				first = p;
		}
	if (!first && c->nr_order)
		first = &c->inputs[c->order[0].input].patches[c->order[0].patch];
	return first;
}

/* A series is a thread holding a patch or a cover letter: one of replies
 * only (to mails the inputs do not have) is no series. */
static bool thread_is_series(const struct check *c, size_t t)
{
	size_t i, j;

	for (i = 0; i < c->nr_inputs; i++)
		for (j = 0; j < c->inputs[i].nr; j++) {
			const struct patch *p = &c->inputs[i].patches[j];

			if (p->thread == t && !p->prefix.reply &&
			    (p->nr_files || (p->prefix.total && !p->prefix.counter)))
				return true;
		}
	return false;
}

struct bot_totals {
	size_t series, by_outcome[CHECK_PATCH_ALREADY_APPLIED + 1];
};

/* One verdict: message-id, version, outcome, findings, subject, separated
 * by tabs (a subject has spaces, never a tab once unfolded). */
static void write_verdict(struct check *c, const struct patch *m, json_t *docs)
{
	const char *id = m && m->message_id ? m->message_id : "-";
	const char *subject = m && m->subject ? m->subject : "";
	size_t i;

	if (c->format != FORMAT_TEXT) {
		json_t *o = json_object(), *list = json_array();

		json_object_set_new(o, "message_id", json_string(id));
		json_object_set_new(o, "subject", json_string(subject));
		json_object_set_new(o, "version", json_integer(c->version));
		json_object_set_new(o, "patches", json_integer((json_int_t)c->nr_order));
		json_object_set_new(o, "outcome",
				    json_string(check_patch_outcome_name(c->outcome)));
		if (c->why.len)
			json_object_set_new(o, "reason", json_string(c->why.buf));
		for (i = 0; i < c->nr; i++) {
			const struct finding *f = c->all[i];
			const struct patch *p = attributed_patch(c, &c->attr[i]);

			json_array_append_new(list, json_pack(
				"{s:s, s:s, s:s, s:i, s:s, s:i}", "rule", f->rule->id,
				"severity", severity_name(f->severity), "file", f->file,
				"line", (json_int_t)f->line, "message", f->message,
				"patch", (json_int_t)(p ? p->number : 0)));
		}
		json_object_set_new(o, "findings", list);
		json_array_append_new(docs, o);
		return;
	}
	printf("%s\tv%u\t%s\t", id, c->version, check_patch_outcome_name(c->outcome));
	if (!c->nr)
		fputc('-', stdout);
	for (i = 0; i < c->nr; i++)
		printf("%s%s@%s:%u", i ? "," : "", c->all[i]->rule->id, c->all[i]->file,
		       c->all[i]->line);
	printf("\t%s\n", subject);
}

/* Checks version v of thread t and writes its verdict. */
static int bot_series(struct check *c, size_t t, unsigned v, json_t *docs)
{
	int outcome;

	c->thread = (long)t;
	c->version = v;
	c->nr_order = patch_pick_version(c->inputs, c->nr_inputs, c->thread, v, true, &c->order);
	if (!c->nr_order) {
		c->outcome = CHECK_PATCH_NOTHING;
		strbuf_addstr(&c->why, "a cover letter without its patches");
	} else {
		c->outcome = apply_series(c);
		if (c->outcome == CHECK_PATCH_CLEAN) {
			scan_added(c);
			finish(c);
		}
	}
	write_verdict(c, series_mail(c, t, v), docs);
	fflush(stdout);
	outcome = c->outcome;
	release_run(c);
	return outcome;
}

int check_patch_bot(const struct check_patch_options *o, char **inputs, size_t nr)
{
	struct check c = { 0 };
	struct bot_totals tot = { 0 };
	json_t *docs = json_array();
	size_t nr_threads, t, i, skipped = 0;
	int status = CHECK_PATCH_CLEAN;

	take_options(&c, o);
	c.quiet = true;		/* the verdicts say it all */
	find_tree(&c);
	if (!nr) {
		char *std_input = "-";

		read_inputs(&c, &std_input, 1);
	} else {
		read_inputs(&c, inputs, nr);
	}
	nr_threads = patch_pick_threads(c.inputs, c.nr_inputs);
	for (t = 0; t < nr_threads; t++) {
		struct patch_pick pick;

		if (!thread_is_series(&c, t)) {
			skipped++;
			continue;
		}
		patch_pick_scan(c.inputs, c.nr_inputs, (long)t, &pick);
		if (!pick.nr_versions) {
			unsigned v = 1;
			size_t a, b;

			/* a cover letter whose patches the inputs lack */
			for (a = 0; a < c.nr_inputs; a++)
				for (b = 0; b < c.inputs[a].nr; b++)
					if (c.inputs[a].patches[b].thread == t &&
					    !c.inputs[a].patches[b].prefix.reply)
						v = c.inputs[a].patches[b].prefix.version;
			tot.by_outcome[bot_series(&c, t, v, docs)]++;
			tot.series++;
		}
		for (i = 0; i < pick.nr_versions; i++) {
			int outcome;

			if (!c.all_versions && i + 1 < pick.nr_versions)
				continue;
			outcome = bot_series(&c, t, pick.versions[i], docs);
			tot.by_outcome[outcome]++;
			tot.series++;
			if (outcome == CHECK_PATCH_FINDINGS)
				status = CHECK_PATCH_FINDINGS;
		}
		patch_pick_release(&pick);
	}
	if (c.format != FORMAT_TEXT) {
		json_dumpf(docs, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		fputc('\n', stdout);
	} else if (!o->quiet) {
		printf("total: %zu series: %zu findings, %zu clean, %zu nothing to check, "
		       "%zu do not apply, %zu already applied; %zu threads of replies only\n",
		       tot.series, tot.by_outcome[CHECK_PATCH_FINDINGS],
		       tot.by_outcome[CHECK_PATCH_CLEAN], tot.by_outcome[CHECK_PATCH_NOTHING],
		       tot.by_outcome[CHECK_PATCH_NOT_APPLYING],
		       tot.by_outcome[CHECK_PATCH_ALREADY_APPLIED], skipped);
	}
	json_decref(docs);
	fflush(stdout);
	if (ferror(stdout))
		die("cannot write the output");
	release(&c);
	return status;
}
