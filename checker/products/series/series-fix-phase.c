/*
 * The fix family's patches, before the renames: for each work item that
 * may be re-initialised while live (WQ015's findings in what the series
 * converts), its INIT_* moved to where its object is set up
 * (series-fix-reinit.c), one patch per file, with a log that says what
 * broke which condition, what changes, and the Fixes: tag of the commit
 * that wrote the INIT_* line. Where no fix is found, no patch: the reason
 * goes to stderr beside the finding's place. Only in a git checkout: the
 * fix is made on the base's text, which the working tree must equal.
 */
#include "products/series/series-priv.h"
#include "products/series/series-fix-reinit.h"
#include "products/series/series-message.h"
#include "front/era.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The scope's files that name an INIT_* (git grep of the working tree). */
static void reinit_candidates(struct series *s, struct file_list *files)
{
	struct strbuf out = STRBUF_INIT;
	size_t i, start;

	if (series_git(s->root, NULL, &out, NULL, "grep", "-l", "-z", "-F",
		       "-e", "INIT_WORK", "-e", "INIT_DELAYED_WORK", "--",
		       s->scope ? s->scope : ".", NULL) > 1)
		die("git grep failed in %s", s->root);
	for (i = start = 0; i < out.len; i++) {
		if (out.buf[i])
			continue;
		if (i > start) {
			ALLOC_GROW(files->paths, files->nr, files->alloc);
			files->paths[files->nr++] = xstrdup(out.buf + start);
		}
		start = i + 1;
	}
	strbuf_release(&out);
}

static void fix_message(struct series *s, struct strbuf *msg,
			const char *prefix, const struct reinit_fix *fx)
{
	struct strbuf p = STRBUF_INIT;
	const char *item = fx->item[0] == '&' ? fx->item + 1 : fx->item;
	const char *them = fx->array ? "them" : "it";

	strbuf_addf(msg, "%s: move %s() of %s to %s()\n\n", prefix, fx->macro,
		    item, fx->setup_fn);
	strbuf_addf(&p, "%s() re-initialises %s with %s() each time it runs", fx->live_fn,
		    fx->item, fx->macro);
	if (fx->work_calls_live)
		strbuf_addf(&p, ", and %s(), the item's own work function, calls "
			    "it: the item is re-initialised while it runs", fx->work_fn);
	else
		strbuf_addstr(&p, ", which may happen while the item is pending or "
			      "running");
	strbuf_addf(&p, ".  %s() clears the pending bit and the list head of an "
		    "item that may be on a worklist, so a run can be lost or doubled "
		    "and the worklist corrupted: a work item runs on one worker at a "
		    "time only while it is not re-initialised (the non-reentrance "
		    "conditions of Documentation/core-api/workqueue.rst).", fx->macro);
	series_wrap(msg, p.buf, 72);
	strbuf_reset(&p);
	strbuf_addf(&p, "Initialise %s once, in %s(), where struct %s is set up, "
		    "before anything queues %s; %s() cancels %s in teardown, as "
		    "before.", fx->array ? "every one of the items" : "the item",
		    fx->setup_fn, fx->container, them, fx->cancel_fn, them);
	strbuf_addch(msg, '\n');
	series_wrap(msg, p.buf, 72);
	strbuf_reset(&p);
	strbuf_addf(&p, "This patch changes behavior: %s is initialised once, in "
		    "%s(), no longer at every call of %s().", item, fx->setup_fn,
		    fx->live_fn);
	strbuf_addch(msg, '\n');
	series_wrap(msg, p.buf, 72);
	strbuf_release(&p);
	(void)s;
}

/* The base's text of path, when the working tree has the same. */
static bool base_text(struct series *s, const char *path, struct strbuf *text)
{
	struct strbuf spec = STRBUF_INIT, disk = STRBUF_INIT;
	bool same;

	strbuf_addf(&spec, "%s:%s", s->base, path);
	strbuf_reset(text);
	same = !series_git(s->root, NULL, text, NULL, "show", spec.buf, NULL);
	series_read_or_die(&disk, s->root, path);
	same = same && series_same_text(text->buf, text->len, disk.buf, disk.len);
	strbuf_release(&spec);
	strbuf_release(&disk);
	return same;
}

void series_make_fix_patches(struct series *s)
{
	const struct rule *rule = rule_find("WQ015");
	const struct rule *rules[1] = { rule };
	struct file_list files = { 0 };
	struct scan_result res;
	struct strbuf text = STRBUF_INIT, msg = STRBUF_INIT;
	struct era era;
	size_t i, j, k;
	bool fits;

	if (!s->git || !rule)
		return;
	era_read(s->root, &era);
	fits = rule_fits_era(rule, &era);
	era_release(&era);
	if (!fits)
		return;
	reinit_candidates(s, &files);
	if (!files.nr) {
		file_list_release(&files);
		return;
	}
	series_scan(s, s->root, rules, 1, &files, &res);
	for (i = 0; i < res.nr_files; i++) {
		const struct file_result *fr = &res.files[i];
		struct reinit_fix fx;
		bool done = false;

		for (j = 0; j < fr->nr_findings; j++) {
			const struct finding *f = &fr->findings[j];
			struct series_prefix_group g = { 0 };
			struct series_commit *c;
			char **prefix;
			char *const paths[1] = { fr->path };
			int before = s->nr_patches;

			if (f->rule != rule || f->in_inactive_branch)
				continue;
			if (done) {
				if (!s->quiet)
					fprintf(stderr, "wqcheck: %s:%u: WQ015 not fixed: "
						"another fix of the file comes first; "
						"run the series again on its result\n",
						fr->path, f->line);
				continue;
			}
			if (!base_text(s, fr->path, &text)) {
				if (!s->quiet)
					fprintf(stderr, "wqcheck: %s:%u: WQ015 not fixed: "
						"the working tree differs from HEAD\n",
						fr->path, f->line);
				break;
			}
			if (!reinit_fix_make(fr->path, text.buf, text.len, f->line,
					     &fx)) {
				if (!s->quiet)
					fprintf(stderr, "wqcheck: %s:%u: WQ015 not fixed: "
						"%s\n", fr->path, f->line, fx.why_not);
				reinit_fix_release(&fx);
				continue;
			}
			done = true;
			g.files = paths;
			g.nr_files = 1;
			g.section = maintainers_owner(&s->maint, fr->path);
			prefix = series_phase_prefixes(s, &g, 1);
			strbuf_reset(&msg);
			fix_message(s, &msg, prefix[0], &fx);
			free(prefix[0]);
			free(prefix);
			/* the file as the base has it, then the fix */
			series_write_or_die(s->work, fr->path, text.buf, text.len);
			c = series_repo_add(&s->repo, msg.buf);
			series_stage_file(s, c, fr->path, fx.text, fx.len);
			c->fixes = series_fixes_tag(s, fr->path, &f->line, 1);
			if (c->fixes) {
				struct strbuf t = STRBUF_INIT;

				strbuf_addf(&t, "%s\n", c->fixes);
				free(c->fixes);
				c->fixes = strbuf_detach(&t);
			}
			series_commit_or_drop(s, c);
			if (s->nr_patches > before) {
				struct strbuf what = STRBUF_INIT;

				strbuf_addf(&what, "%s is initialised once, in %s(), "
					    "no longer at every call of %s()",
					    fx.item[0] == '&' ? fx.item + 1 : fx.item,
					    fx.setup_fn, fx.live_fn);
				series_summary_change(&s->summary, s->nr_patches,
						      strbuf_detach(&what));
				s->nr_fixes++;
				/* a file the renames touch too is scanned again
				 * on this result, not converted from the first
				 * scan's text */
				for (k = 0; k < s->nr_touched; k++)
					if (!strcmp(s->touched[k].path, fr->path))
						s->touched[k].families |= 1u << 31;
			}
			reinit_fix_release(&fx);
		}
	}
	strbuf_release(&text);
	strbuf_release(&msg);
	scan_result_release(&res);
	file_list_release(&files);
}
