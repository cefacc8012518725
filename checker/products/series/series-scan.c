/*
 * The scans of a series: the first, of everything, says which files the
 * series touches; the later ones, of the result, say what it left behind
 * (uses it could not convert, or identifiers that the workqueue.h patches
 * would break), so the deprecation patches go in only when nothing is left.
 */
#include "products/series/series-priv.h"
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void series_scan(struct series *s, const char *root,
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
	return fr->fixed && !series_same_text(fr->fixed, fr->fixed_len,
					      fr->original, fr->original_len);
}

/* The API's own files: the deprecation patches deal with them. */
bool series_is_core_file(const char *path)
{
	return !strcmp(path, WORKQUEUE_HEADER) || !strcmp(path, WORKQUEUE_IMPL);
}

struct touched_file *series_add_touched(struct series *s, const char *path,
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

/* The scan of everything: which files the series will touch. */
/* Drops the files outside s->scope. Only the files to convert are scoped:
 * what --with-deprecation asks (users left anywhere) is the whole tree's. */
static void keep_in_scope(struct series *s, struct file_list *files)
{
	size_t n = s->scope ? strlen(s->scope) : 0, i, kept = 0;

	if (!s->scope)
		return;
	for (i = 0; i < files->nr; i++) {
		const char *p = files->paths[i];

		if (!strncmp(p, s->scope, n) && (p[n] == '/' || !p[n]))
			files->paths[kept++] = files->paths[i];
		else
			free(files->paths[i]);
	}
	files->nr = kept;
}

void series_find_touched(struct series *s, const char *root)
{
	struct file_list files = { 0 };
	struct scan_result *res = &s->first;
	size_t i, j;

	series_files_to_scan(s, root, &files);
	keep_in_scope(s, &files);
	series_scan(s, root, s->rules, s->nr_rules, &files, res);
	for (i = 0; i < res->nr_files; i++) {
		struct file_result *fr = &res->files[i];
		struct touched_file *t;

		if (fr->failed_reason && !s->quiet)
			fprintf(stderr, "wqcheck: %s: not fully analysed: %s\n",
				fr->path, fr->failed_reason);
		if (!file_changed(fr) || series_is_core_file(fr->path))
			continue;
		t = series_add_touched(s, fr->path, fr->original,
				       fr->original_len);
		t->first = fr;
		for (j = 0; j < fr->nr_findings; j++) {
			int family = series_family_of(fr->findings[j].rule);

			if (family >= 0)
				t->families |= 1u << family;
		}
	}
	file_list_release(&files);
}

/* Uses the series leaves behind, outside the API's own files. */
size_t series_users_left(struct series *s)
{
	struct file_list files = { 0 };
	struct scan_result res;
	const char *root = s->git ? s->work : s->root;
	size_t i, j, n = 0;

	series_files_to_scan(s, root, &files);
	series_scan(s, root, s->rules, s->nr_rules, &files, &res);
	for (i = 0; i < res.nr_files; i++) {
		if (series_is_core_file(res.files[i].path))
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
char *series_file_naming(struct series *s, const char *const *names)
{
	struct file_list files = { 0 };
	struct strbuf text = STRBUF_INIT;
	const char *root = s->git ? s->work : s->root;
	char *found = NULL;
	size_t i, t;

	series_files_to_scan(s, root, &files);
	for (i = 0; i < files.nr && !found; i++) {
		const char *path = files.paths[i], *dir;
		const char *const *name;
		bool mentioned = false;
		struct lexed_file lf;

		if (series_is_core_file(path))
			continue;
		/* Without git, the series' result is in the scratch copy. */
		dir = !s->git && touched_path(s, path) ? s->work : root;
		series_read_or_die(&text, dir, path);
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
