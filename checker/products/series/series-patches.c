/*
 * The findings grouped into commits: one phase per rule family (or one for
 * --split=single), each scanning the result of the phases before it, and in
 * a phase one commit per MAINTAINERS section (--split=subsystem) or one for
 * all; each commit's files staged on the scratch copy.
 */
#include "products/series/series-priv.h"
#include "products/series/series-message.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* One patch in the making. */
struct group {
	const struct maint_section *section;
	char *key;
	char **files;
	size_t nr_files, alloc_files;
	unsigned counts[SERIES_MAX_RULE + 1];
	unsigned mask;
	struct strbuf fixes;	/* its Fixes: lines (series-fixes.c) */
};

/* A WQ020 rename whose item is also queued with schedule_*() in its file
 * (analysis/rule-system-percpu.c's evidence): the patch ends a WQ014, and
 * its log says so (bit 14 of the mask). */
static const struct evidence *ends_two_workqueues(const struct finding *f)
{
	size_t i;

	for (i = 0; i < f->nr_evidence; i++)
		if (strstr(f->evidence[i].message, "this conversion ends a WQ014"))
			return &f->evidence[i];
	return NULL;
}

/* The Fixes: tag of a rename that ends a WQ014: the commit that last wrote
 * the later of the item's two queueings (the system_wq one, the
 * schedule_*() one), added to the group's once. */
static void add_fixes(struct series *s, struct group *g, const char *path,
		      const struct finding *f, const struct evidence *e)
{
	unsigned lines[2] = { f->line, e->line };
	char *tag = series_fixes_tag(s, path, lines, 2);

	if (tag && (!g->fixes.buf || !strstr(g->fixes.buf, tag)))
		strbuf_addf(&g->fixes, "%s\n", tag);
	free(tag);
}

static void group_release(struct group *g)
{
	size_t i;

	for (i = 0; i < g->nr_files; i++)
		free(g->files[i]);
	free(g->files);
	free(g->key);
	strbuf_release(&g->fixes);
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

static int group_compare(const void *a, const void *b)
{
	const struct group *ga = a, *gb = b;

	return strcmp(ga->files[0], gb->files[0]);
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
	struct strbuf current = STRBUF_INIT, text = STRBUF_INIT;
	struct group *groups = NULL;
	struct series_prefix_group *prefix_groups;
	char **prefixes;
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
	series_scan(s, s->work, phase, nr_phase, &files, &res);
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
		series_read_or_die(&current, s->work, fr->path);
		if (series_same_text(fr->fixed, fr->fixed_len, current.buf,
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
			if (ends_two_workqueues(f)) {
				g->mask |= 1u << 14;
				add_fixes(s, g, fr->path, f, ends_two_workqueues(f));
			}
			series_summary_add(&s->summary, fr->path,
					   owner ? owner->name : NULL, number);
		}
	}
	/* qsort() of no groups: a NULL array, which UBSan refuses */
	if (nr_groups)
		qsort(groups, nr_groups, sizeof(*groups), group_compare);
	prefix_groups = xcalloc(nr_groups + 1, sizeof(*prefix_groups));
	for (i = 0; i < nr_groups; i++) {
		prefix_groups[i].files = groups[i].files;
		prefix_groups[i].nr_files = groups[i].nr_files;
		prefix_groups[i].section = groups[i].section;
		prefix_groups[i].treewide = s->split != SPLIT_SUBSYSTEM &&
					    several_sections;
	}
	prefixes = series_phase_prefixes(s, prefix_groups, nr_groups);
	for (i = 0; i < nr_groups; i++) {
		struct group *g = &groups[i];
		struct series_commit *c;
		int before = s->nr_patches;
		char *change;

		change = series_patch_message(s, &text, g->files, g->nr_files,
					      g->mask, prefixes[i], results,
					      nr_results);
		free(prefixes[i]);
		c = series_repo_add(&s->repo, text.buf);
		if (g->fixes.len)
			c->fixes = xstrdup(g->fixes.buf);
		for (j = 0; j < nr_results; j++) {
			struct file_result *fr = results[j];
			size_t k;

			for (k = 0; k < g->nr_files; k++)
				if (!strcmp(g->files[k], fr->path))
					series_stage_file(s, c, fr->path,
							  fr->fixed,
							  fr->fixed_len);
		}
		series_commit_or_drop(s, c);
		if (change && s->nr_patches > before)
			series_summary_change(&s->summary, s->nr_patches,
					      change);
		else
			free(change);
		strbuf_reset(&text);
		group_release(g);
	}
	free(groups);
	free(prefixes);
	free(prefix_groups);
	free(results);
	strbuf_release(&text);
	strbuf_release(&current);
	scan_result_release(&res);
	file_list_release(&files);
}

void series_make_patches(struct series *s)
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
