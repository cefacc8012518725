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

static void collect_rules(const struct scan_result *res, const struct rule **rules,
			  size_t *nr, size_t max)
{
	size_t i, j, k;

	*nr = 0;
	for (i = 0; i < res->nr_files; i++)
		for (j = 0; j < res->files[i].nr_findings; j++) {
			const struct finding *f = &res->files[i].findings[j];

			if (!f->identity)
				continue;
			for (k = 0; k < *nr && rules[k] != f->rule; k++)
				;
			if (k == *nr && *nr < max)
				rules[(*nr)++] = f->rule;
		}
}

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

static size_t drop_had(const struct strmap *had, struct scan_result *res)
{
	size_t i, j, dropped = 0;

	for (i = 0; i < res->nr_files; i++) {
		struct file_result *fr = &res->files[i];
		size_t kept = 0;

		for (j = 0; j < fr->nr_findings; j++) {
			struct finding *f = &fr->findings[j];
			uintptr_t before = 0;

			if (f->identity) {
				char *key = identity_key(f);

				before = (uintptr_t)strmap_get(had, key);
				free(key);
			}
			if (before && before >= (uintptr_t)f->extent + 1) {
				finding_release(f);
				dropped++;
			} else {
				fr->findings[kept++] = *f;
			}
		}
		fr->nr_findings = kept;
	}
	return dropped;
}

size_t drop_preexisting_findings(struct patch_scratch *s, const char *repo,
				 const char *base_rev, const struct patch_series *diff,
				 const struct scan_options *like, struct scan_result *res)
{
	const struct rule *rules[64];
	struct scan_options opts = *like;
	struct file_list scanned = { 0 };
	struct scan_result pre = { 0 };
	struct strmap had = { 0 };
	struct swapped *w;
	size_t nr_rules, nr = 0, i, j, dropped;

	collect_rules(res, rules, &nr_rules, 64);
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
	file_list_finish(&scanned);
	opts.rules = rules;
	opts.nr_rules = nr_rules;
	opts.want_fixed_text = false;
	scan_run(&opts, &scanned, &pre);
	for (i = 0; i < nr; i++)
		put_post_image(s, &w[i]);
	free(w);
	remember_identities(&pre, &had);
	dropped = drop_had(&had, res);
	strmap_release(&had, NULL);
	scan_result_release(&pre);
	file_list_release(&scanned);
	return dropped;
}
