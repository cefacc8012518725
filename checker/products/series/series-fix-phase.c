/*
 * The fix family's patches, before the renames: for each work item that
 * may be re-initialised while live (WQ015's findings in what the series
 * converts), its INIT_* moved to where its object is set up
 * (series-fix-reinit.c); for each item queued on two workqueues (WQ014's
 * warnings), every queueing on one (series-fix-twowq.c, from the
 * work-item model). One patch per file, with a log that says what broke
 * which condition, what changes, and the Fixes: tag of the commit that
 * wrote the lines at fault. Where no fix is found, no patch: the reason
 * goes to stderr beside the finding's place. Only in a git checkout: the
 * fix is made on the base's text, which the working tree must equal.
 */
#include "products/series/series-priv.h"
#include "products/series/series-fix-reinit.h"
#include "products/series/series-fix-twowq.h"
#include "analysis/model/workitem-model.h"
#include "products/series/series-message.h"
#include "front/era.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The scope's .c and .h files (git ls-files of the working tree): the
 * conditions' rules read the items' structs from headers and their
 * queueings from every file, so a list cut to the files that name an
 * INIT_* or a schedule_*() would miss findings the scan of the tree has. */
static void fix_candidates(struct series *s, struct file_list *files)
{
	struct strbuf out = STRBUF_INIT;
	size_t i, start;

	if (series_git(s->root, NULL, &out, NULL, "ls-files", "-z", "--",
		       s->scope ? s->scope : ".", NULL))
		die("git ls-files failed in %s", s->root);
	for (i = start = 0; i < out.len; i++) {
		size_t n;

		if (out.buf[i])
			continue;
		n = i - start;
		if (n > 2 && out.buf[i - 2] == '.' &&
		    (out.buf[i - 1] == 'c' || out.buf[i - 1] == 'h')) {
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
	if (fx->work_calls_live)
		/* the item is running, not pending, when its own work calls
		 * the INIT: what that breaks is the pool its data names */
		strbuf_addf(&p, ".  %s() clears the item's data, which names the "
			    "pool the item is running in, so a queueing after it is "
			    "not sent to that pool and a second run may start on "
			    "another CPU before this one has returned; on an item "
			    "still pending it also clears the pending bit and the list "
			    "head, which can lose or double a run and corrupt the "
			    "worklist.  The workqueue keeps an item's runs on one worker "
			    "at a time only while it is not re-initialised (the "
			    "non-reentrance conditions of "
			    "Documentation/core-api/workqueue.rst).", fx->macro);
	else
		strbuf_addf(&p, ".  %s() clears the pending bit and the list head "
			    "of an item that may be on a worklist, so a run can be lost "
			    "or doubled and the worklist corrupted: the workqueue keeps "
			    "an item's runs on one worker at a time only while it is "
			    "not re-initialised (the non-reentrance conditions of "
			    "Documentation/core-api/workqueue.rst).", fx->macro);
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

/* The patch after the fix of a file is made: what the summary and the
 * touched files learn. */
static void fix_made(struct series *s, const char *path, char *what)
{
	size_t k;

	series_summary_change(&s->summary, s->nr_patches, what);
	s->nr_fixes++;
	/* a file the renames touch too is scanned again on this result, not
	 * converted from the first scan's text */
	for (k = 0; k < s->nr_touched; k++)
		if (!strcmp(s->touched[k].path, path))
			s->touched[k].families |= 1u << 31;
}

/* A commit of path fixed to text, with msg and the Fixes: tag of lines. */
static bool commit_fix(struct series *s, const char *path, const char *base,
		       size_t base_len, const char *fixed, size_t fixed_len,
		       const char *msg, const unsigned *lines, size_t nr_lines)
{
	struct series_commit *c;
	int before = s->nr_patches;

	series_write_or_die(s->work, path, base, base_len);
	c = series_repo_add(&s->repo, msg);
	series_stage_file(s, c, path, fixed, fixed_len);
	c->fixes = series_fixes_tag(s, path, lines, nr_lines);
	if (c->fixes) {
		struct strbuf t = STRBUF_INIT;

		strbuf_addf(&t, "%s\n", c->fixes);
		free(c->fixes);
		c->fixes = strbuf_detach(&t);
	}
	series_commit_or_drop(s, c);
	return s->nr_patches > before;
}

static char *prefix_of(struct series *s, const char *path)
{
	struct series_prefix_group g = { 0 };
	char *const paths[1] = { (char *)path };
	char **prefix, *p;

	g.files = paths;
	g.nr_files = 1;
	g.section = maintainers_owner(&s->maint, path);
	prefix = series_phase_prefixes(s, &g, 1);
	p = prefix[0];
	free(prefix);
	return p;
}

/* Whether the series converts rule id (its renames are in it). */
static bool series_converts(const struct series *s, const char *id)
{
	const struct rule *r = rule_find(id);
	size_t i;

	for (i = 0; r && i < s->nr_rules; i++)
		if (s->rules[i] == r)
			return true;
	return false;
}

/* WQ014's fix for the item queued at f; true when a patch was made. */
static bool make_twowq(struct series *s, const char *path,
		       const struct finding *f, const struct workitem_model *m,
		       struct strbuf *text, bool done)
{
	struct twowq_renames rn = {
		.system_wq = series_converts(s, "WQ020"),
		.nrt = series_converts(s, "WQ003"),
		.nrt_freezable = series_converts(s, "WQ004"),
	};
	struct twowq_fix fx;
	struct strbuf msg = STRBUF_INIT;
	bool made = false;

	if (!base_text(s, path, text)) {
		if (!s->quiet)
			fprintf(stderr, "wqcheck: %s:%u: WQ014 not fixed: the working "
				"tree differs from HEAD\n", path, f->line);
		return false;
	}
	if (!twowq_fix_make(m, path, text->buf, text->len, f->line, &rn, &fx)) {
		if (!s->quiet)
			fprintf(stderr, "wqcheck: %s:%u: WQ014 not fixed: %s\n", path,
				f->line, fx.why_not);
	} else if (done) {
		if (!s->quiet)
			fprintf(stderr, "wqcheck: %s:%u: WQ014 not fixed: another fix of "
				"the file comes first; run the series again on its "
				"result\n", path, f->line);
	} else {
		char *prefix = prefix_of(s, path);
		unsigned lines[2] = { fx.target_line, fx.first_moved };

		twowq_fix_message(&msg, prefix, &fx);
		free(prefix);
		if (commit_fix(s, path, text->buf, text->len, fx.text, fx.len,
			       msg.buf, lines, 2)) {
			struct strbuf what = STRBUF_INIT;

			strbuf_addf(&what, "%s is queued on %s only, no longer also on "
				    "%s, so its runs no longer overlap%s%s",
				    fx.item[0] == '&' ? fx.item + 1 : fx.item,
				    fx.target, fx.other,
				    twowq_overlap_where(&fx) == TWOWQ_TWO_CPUS ?
				    " on a machine with more than one CPU" : "",
				    fx.shape == TWOWQ_IMPLIED && fx.bh ?
				    "; those it queued with schedule_*() now run in "
				    "softirq context (BH)" : "");
			fix_made(s, path, strbuf_detach(&what));
			made = true;
		}
	}
	twowq_fix_release(&fx);
	strbuf_release(&msg);
	return made;
}

/*
 * Why a finding in an #if branch the reading leaves out gets no fix, as
 * one statement for each reason it is left out: the fixes change only
 * code the reading compiles (validate's build compiles the same), and
 * what that is depends on the reason. Without autoconf.h the reading takes
 * every CONFIG_ option as unset, which says nothing of the branch in a
 * real build: that is what the sentence says, not "not built".
 */
static const char *inactive_reason(const struct finding *f)
{
	switch (f->inactive_why) {
	case INACTIVE_BY_CONFIG:
		return "it is in an #if branch this configuration does not build, "
		       "and the fixes change only code this configuration builds";
	case INACTIVE_ALWAYS:
		return "it is in an #if branch no configuration builds, and the "
		       "fixes change only code a build compiles";
	case INACTIVE_UNCONFIGURED:
	default:
		return "it is in an #if branch that a reading with every CONFIG_ "
		       "option unset leaves out (the tree has no "
		       "include/generated/autoconf.h to read instead), and the fixes "
		       "change only code that reading compiles";
	}
}

/* --rules converts only the rules it names: the fixes too (WQ014's,
 * WQ015's) are written only where their rule is among them, which
 * cmd-series.c refuses today (they have no conversion), so with --rules
 * there are none; wqcheck-series(1) says so. */
static bool fix_wanted(const struct series *s, const struct rule *r)
{
	size_t i;

	if (!s->rules_given)
		return true;
	for (i = 0; i < s->nr_rules; i++)
		if (s->rules[i] == r)
			return true;
	return false;
}

void series_make_fix_patches(struct series *s)
{
	const struct rule *rule = rule_find("WQ015");
	const struct rule *two = rule_find("WQ014");
	const struct rule *rules[2] = { rule, two };
	struct tree_reading a;
	struct workitem_model m;
	bool have_model = false;
	struct file_list files = { 0 };
	struct scan_result res;
	struct strbuf text = STRBUF_INIT, msg = STRBUF_INIT;
	struct era era;
	size_t i, j;
	bool fits, reentrant, want15, want14;

	if (!s->git || !rule || !two)
		return;
	want15 = fix_wanted(s, rule);
	want14 = fix_wanted(s, two);
	if (!want15 && !want14)
		return;
	era_read(s->root, &era);
	fits = rule_fits_era(rule, &era);
	/* before dbf2576e37da one workqueue does not keep an item's runs
	 * apart either: WQ014's fix, and its log, would claim it does */
	reentrant = era.core == CORE_REENTRANT;
	era_release(&era);
	if (!fits)
		return;
	fix_candidates(s, &files);
	if (!files.nr) {
		file_list_release(&files);
		return;
	}
	series_scan(s, s->root, rules, 2, &files, &res);
	for (i = 0; i < res.nr_files; i++) {
		const struct file_result *fr = &res.files[i];
		struct reinit_fix fx;
		bool done = false;

		for (j = 0; j < fr->nr_findings; j++) {
			const struct finding *f = &fr->findings[j];
			char *prefix;

			if ((f->rule == rule && !want15) || (f->rule == two && !want14))
				continue;
			if (f->in_inactive_branch) {
				if (!s->quiet && (f->rule == rule ||
				    (f->rule == two && f->severity == SEVERITY_WARNING)))
					fprintf(stderr, "wqcheck: %s:%u: %s not fixed: %s\n",
						fr->path, f->line, f->rule->id,
						inactive_reason(f));
				continue;
			}
			if (f->rule == two) {
				if (f->severity != SEVERITY_WARNING)
					continue;
				if (reentrant) {
					if (!s->quiet)
						fprintf(stderr, "wqcheck: %s:%u: WQ014 not "
							"fixed: the tree's workqueues are not "
							"yet non-reentrant (%s): one workqueue "
							"does not keep the runs apart either\n",
							fr->path, f->line, ERA_NON_REENTRANT_COMMIT);
					continue;
				}
				if (!have_model) {
					if (workitem_model_for_tree(s->root, NULL, s->jobs,
								    &a, &m) < 0)
						die("%s: cannot list its files", s->root);
					have_model = true;
				}
				done |= make_twowq(s, fr->path, f, &m, &text, done);
				continue;
			}
			if (f->rule != rule)
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
			prefix = prefix_of(s, fr->path);
			strbuf_reset(&msg);
			fix_message(s, &msg, prefix, &fx);
			free(prefix);
			if (commit_fix(s, fr->path, text.buf, text.len, fx.text, fx.len,
				       msg.buf, &f->line, 1)) {
				struct strbuf what = STRBUF_INIT;

				strbuf_addf(&what, "%s is initialised once, in %s(), "
					    "no longer at every call of %s()",
					    fx.item[0] == '&' ? fx.item + 1 : fx.item,
					    fx.setup_fn, fx.live_fn);
				fix_made(s, fr->path, strbuf_detach(&what));
			}
			reinit_fix_release(&fx);
		}
	}
	if (have_model) {
		workitem_model_release(&m);
		tree_reading_release(&a);
	}
	strbuf_release(&text);
	strbuf_release(&msg);
	scan_result_release(&res);
	file_list_release(&files);
}
