#include "products/review/check-preexisting.h"
#include "analysis/rules/rule.h"
#include "front/source-cache.h"
#include "front/tree.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One file of the change: its post-image, kept while the pre-image is in
 * its place. */
struct swapped {
	const struct patch_file *pf;
	struct strbuf post;
	bool had_post;
};

static char *overlay_path(const struct patch_scratch *s, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/%s", s->overlay, rel);
	return strbuf_detach(&sb);
}

static void remove_overlay_file(const struct patch_scratch *s, const char *rel)
{
	char *path = overlay_path(s, rel);

	if (unlink(path) < 0 && errno != ENOENT)
		die_errno("cannot remove %s", path);
	free(path);
}

/* Puts the pre-image of w's file in the overlay, keeping its post-image. */
static void put_pre_image(struct patch_scratch *s, const char *repo, const char *base_rev,
			  struct swapped *w, struct file_list *scanned)
{
	const struct patch_file *pf = w->pf;
	struct strbuf obj = STRBUF_INIT, text = STRBUF_INIT;
	int status;

	if (pf->new_path) {
		char *path = overlay_path(s, pf->new_path);

		w->had_post = strbuf_read_file(&w->post, path) == 0;
		free(path);
		if (!pf->old_path || strcmp(pf->old_path, pf->new_path))
			remove_overlay_file(s, pf->new_path);
	}
	if (!pf->old_path)
		return;
	strbuf_addf(&obj, "%s:%s", base_rev, pf->old_path);
	status = repo ? series_git(repo, NULL, &text, NULL, "cat-file", "blob", obj.buf, NULL)
		      : scratch_git(s, &text, NULL, "cat-file", "blob", obj.buf, NULL);
	if (status)
		die("cannot read %s from %s", obj.buf, repo ? repo : "the scratch repository");
	overlay_materialize(s, pf->old_path, text.buf ? text.buf : "", text.len);
	ALLOC_GROW(scanned->paths, scanned->nr, scanned->alloc);
	scanned->paths[scanned->nr++] = xstrdup(pf->old_path);
	strbuf_release(&obj);
	strbuf_release(&text);
}

static void put_post_image(struct patch_scratch *s, struct swapped *w)
{
	const struct patch_file *pf = w->pf;

	if (pf->old_path && (!pf->new_path || strcmp(pf->old_path, pf->new_path)))
		remove_overlay_file(s, pf->old_path);
	if (pf->new_path && w->had_post)
		overlay_materialize(s, pf->new_path, w->post.buf ? w->post.buf : "",
				    w->post.len);
	strbuf_release(&w->post);
}

static char *identity_key(const struct finding *f)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s\n%s", f->rule->id, f->identity);
	return strbuf_detach(&sb);
}

/* identity -> the largest extent + 1 the pre-image had. */
static void remember_identities(const struct scan_result *pre, struct strmap *had)
{
	size_t i, j;

	for (i = 0; i < pre->nr_files; i++)
		for (j = 0; j < pre->files[i].nr_findings; j++) {
			const struct finding *f = &pre->files[i].findings[j];
			char *key;

			if (!f->identity)
				continue;
			key = identity_key(f);
			if ((uintptr_t)strmap_get(had, key) < (uintptr_t)f->extent + 1)
				strmap_put(had, key, (void *)((uintptr_t)f->extent + 1));
			free(key);
		}
}

/* The findings res still has that the pre-image had, as big: notes that
 * say the change keeps the split (it moved a site of an item that was and
 * stays on two workqueues: chose the split anew). */
static size_t note_had(const struct strmap *had, struct scan_result *res)
{
	size_t i, j, noted = 0;

	for (i = 0; i < res->nr_files; i++)
		for (j = 0; j < res->files[i].nr_findings; j++) {
			struct finding *f = &res->files[i].findings[j];
			uintptr_t before = 0;
			struct strbuf msg = STRBUF_INIT;

			if (f->identity) {
				char *key = identity_key(f);

				before = (uintptr_t)strmap_get(had, key);
				free(key);
			}
			if (!before || before < (uintptr_t)f->extent + 1)
				continue;
			strbuf_addf(&msg, "the change moves a queue site of an item the tree already "
				    "had split, and leaves it split: %s", f->message);
			free(f->message);
			f->message = strbuf_detach(&msg);
			f->severity = SEVERITY_NOTE;
			noted++;
		}
	return noted;
}

/* The first line diff adds to path, 0 when none. */
static unsigned first_added(const struct patch_series *diff, const char *path)
{
	size_t i, j, k;

	for (i = 0; i < diff->nr; i++)
		for (j = 0; j < diff->patches[i].nr_files; j++) {
			const struct patch_file *pf = &diff->patches[i].files[j];

			if (!pf->new_path || strcmp(pf->new_path, path))
				continue;
			for (k = 0; k < pf->nr_hunks; k++)
				if (pf->hunks[k].nr_added)
					return pf->hunks[k].added[0].new_line;
		}
	return 0;
}

/* A split of the pre-image res has no more: a note at the first line the
 * change added to the finding's file or to one of its evidence's. */
static void note_ended(const struct scan_result *pre, const struct patch_series *diff,
		       struct scan_result *res)
{
	struct strmap now = { 0 };
	size_t i, j, k;

	for (i = 0; i < res->nr_files; i++)
		for (j = 0; j < res->files[i].nr_findings; j++)
			if (res->files[i].findings[j].identity) {
				char *key = identity_key(&res->files[i].findings[j]);

				strmap_put(&now, key, (void *)1);
				free(key);
			}
	for (i = 0; i < pre->nr_files; i++)
		for (j = 0; j < pre->files[i].nr_findings; j++) {
			const struct finding *f = &pre->files[i].findings[j];
			const char *file = f->file;
			unsigned line = 0;
			struct finding *n;
			struct strbuf msg = STRBUF_INIT;
			char *key;
			bool ended;

			if (!f->identity || strcmp(f->rule->id, "WQ014"))
				continue;
			key = identity_key(f);
			ended = !strmap_get(&now, key);
			free(key);
			if (!ended)
				continue;
			line = first_added(diff, f->file);
			for (k = 0; !line && k < f->nr_evidence; k++)
				if ((line = first_added(diff, f->evidence[k].file)))
					file = f->evidence[k].file;
			if (!line)
				continue;
			n = scan_result_add_finding(res, f->rule, file, line, 1, 1, NULL);
			if (!n)
				continue;
			n->severity = SEVERITY_NOTE;
			strbuf_addf(&msg, "the change ends a split the tree had: %s", f->message);
			n->message = strbuf_detach(&msg);
			for (k = 0; k < f->nr_evidence; k++)
				finding_add_evidence(n, f->evidence[k].file, f->evidence[k].line,
						     f->evidence[k].column, f->evidence[k].message);
		}
	strmap_release(&now, NULL);
}

size_t judge_preexisting_findings(struct patch_scratch *s, const char *repo,
				  const char *base_rev, const struct patch_series *diff,
				  const struct file_list *also, const struct scan_options *like,
				  struct scan_result *res)
{
	const struct rule *rules[64];
	struct scan_options opts = *like;
	struct file_list scanned = { 0 };
	struct scan_result pre = { 0 };
	struct strmap had = { 0 };
	struct swapped *w;
	size_t nr_rules = 0, nr = 0, i, j, k, noted;

	/* The model rules the run had: the pre-image is asked the same. */
	for (i = 0; i < like->nr_rules; i++)
		if (like->rules[i]->model_check && nr_rules < 64)
			rules[nr_rules++] = like->rules[i];
	if (!nr_rules)
		return 0;
	for (i = 0; i < diff->nr; i++)
		nr += diff->patches[i].nr_files;
	w = xcalloc(nr ? nr : 1, sizeof(*w));
	for (nr = 0, i = 0; i < diff->nr; i++)
		for (j = 0; j < diff->patches[i].nr_files; j++) {
			const struct patch_file *pf = &diff->patches[i].files[j];

			if (!path_is_c_or_h(pf->old_path) && !path_is_c_or_h(pf->new_path))
				continue;
			w[nr].pf = pf;
			put_pre_image(s, repo, base_rev, &w[nr++], &scanned);
		}
	for (i = 0; also && i < also->nr; i++) {
		for (k = 0; k < scanned.nr && strcmp(scanned.paths[k], also->paths[i]); k++)
			;
		if (k < scanned.nr)
			continue;
		ALLOC_GROW(scanned.paths, scanned.nr, scanned.alloc);
		scanned.paths[scanned.nr++] = xstrdup(also->paths[i]);
	}
	file_list_finish(&scanned);
	opts.rules = rules;
	opts.nr_rules = nr_rules;
	opts.want_fixed_text = false;
	scan_run(&opts, &scanned, &pre);
	for (i = 0; i < nr; i++)
		put_post_image(s, &w[i]);
	free(w);
	remember_identities(&pre, &had);
	noted = note_had(&had, res);
	note_ended(&pre, diff, res);
	strmap_release(&had, NULL);
	scan_result_release(&pre);
	file_list_release(&scanned);
	return noted;
}
