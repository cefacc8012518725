#include "products/series/series-cover.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

void series_summary_add(struct series_summary *sum, const char *path,
			const char *section, int number)
{
	char *name = section ? xstrdup(section) :
			       series_path_prefix((char *const *)&path, 1);
	size_t i;

	if (number < 0 || number > SERIES_MAX_RULE) {
		free(name);
		return;
	}
	for (i = 0; i < sum->nr; i++)
		if (!strcmp(sum->rows[i].name, name))
			break;
	if (i == sum->nr) {
		ALLOC_GROW(sum->rows, sum->nr, sum->alloc);
		memset(&sum->rows[i], 0, sizeof(sum->rows[i]));
		sum->rows[i].name = name;
		sum->nr++;
	} else {
		free(name);
	}
	sum->rows[i].counts[number]++;
}

void series_summary_release(struct series_summary *sum)
{
	size_t i;

	for (i = 0; i < sum->nr; i++)
		free(sum->rows[i].name);
	free(sum->rows);
	for (i = 0; i < sum->nr_changes; i++)
		free(sum->changes[i].what);
	free(sum->changes);
	memset(sum, 0, sizeof(*sum));
}

void series_summary_change(struct series_summary *sum, int patch, char *what)
{
	ALLOC_GROW(sum->changes, sum->nr_changes, sum->alloc_changes);
	sum->changes[sum->nr_changes].patch = patch;
	sum->changes[sum->nr_changes++].what = what;
}

static int row_compare(const void *a, const void *b)
{
	return strcmp(((const struct series_summary_row *)a)->name,
		      ((const struct series_summary_row *)b)->name);
}

#define NAME_WIDTH 40

/* The series of the 6.17 migration: its rules are WQ020-WQ022 only. */
static bool series_rules_are_percpu(const struct rule *const *rules, size_t nr)
{
	unsigned mask = 0;
	size_t i;

	for (i = 0; i < nr; i++) {
		int n = series_rule_number(rules[i]);

		if (n >= 0 && n <= SERIES_MAX_RULE)
			mask |= 1u << n;
	}
	return series_mask_is_percpu(mask);
}

/* The uses of rule number the series converts. */
static unsigned rule_total(const struct series_summary *sum, int number)
{
	unsigned n = 0;
	size_t i;

	for (i = 0; i < sum->nr; i++)
		n += sum->rows[i].counts[number];
	return n;
}

/* Which patches change behaviour and what, and that the others do not. */
static void changes_paragraph(struct strbuf *sb, const struct series_summary *sum)
{
	struct strbuf line = STRBUF_INIT;
	size_t i;

	for (i = 0; i < sum->nr_changes; i++) {
		strbuf_reset(&line);
		strbuf_addf(&line, "Patch %d/%d changes behavior: %s.",
			    sum->changes[i].patch, sum->nr_patches,
			    sum->changes[i].what);
		strbuf_addch(sb, '\n');
		series_wrap(sb, line.buf, 72);
	}
	strbuf_addch(sb, '\n');
	series_wrap(sb, (int)sum->nr_changes == sum->nr_patches ?
		    "Every patch of the series changes behavior." :
		    "The other patches rename only and do not change behavior.",
		    72);
	strbuf_release(&line);
}

void series_cover_blurb(struct strbuf *sb, const struct series_summary *sum,
			const struct rule *const *rules, size_t nr_rules)
{
	struct series_summary_row *rows = xcalloc(sum->nr, sizeof(*rows));
	unsigned totals[SERIES_MAX_RULE + 1] = { 0 };
	size_t i, r;

	if (series_rules_are_percpu(rules, nr_rules))
		series_wrap(
			sb,
			"Linux 6.17 added system_percpu_wq, system_dfl_wq and WQ_PERCPU "
			"(commits 128ea9f6ccfb and 930c2ea566af): system_wq is to be "
			"removed, system_unbound_wq gives way to system_dfl_wq, and "
			"alloc_workqueue() is to create unbound workqueues by default, "
			"so every caller is to say WQ_PERCPU or WQ_UNBOUND.",
			72);
	else
		series_wrap(
		sb,
		"Since commit dbf2576e37da (\"workqueue: make all workqueues "
		"non-reentrant\"), in Linux 3.7, a work item never runs on more than one "
		"CPU at a time, on any workqueue.  That made flush_work_sync(), "
		"flush_delayed_work_sync(), system_nrt_wq, system_nrt_freezable_wq and "
		"WQ_NON_REENTRANT redundant: flush_work() waits for every instance, "
		"system_wq is as non-reentrant as system_nrt_wq, and the flag is a no-op.",
		72);
	strbuf_addch(sb, '\n');
	if (sum->prerequisite && !series_rules_are_percpu(rules, nr_rules)) {
		struct strbuf line = STRBUF_INIT;

		strbuf_addf(&line,
			    "Prerequisite: commit dbf2576e37da (\"workqueue: make all "
			    "workqueues non-reentrant\").  The tree this series was "
			    "made for does not have it yet (%s): there a work item "
			    "can still run on two CPUs at once and flush_work_sync() "
			    "still waits for more than flush_work().  Apply the series "
			    "on top of that commit; there, and only there, none of "
			    "the patches changes behavior.",
			    sum->prerequisite_why);
		series_wrap(sb, line.buf, 72);
		strbuf_release(&line);
		strbuf_addch(sb, '\n');
		series_wrap(sb,
			    sum->per_subsystem ?
				    "This series converts the remaining users, one "
				    "patch per subsystem and API so that each can go "
				    "through its maintainer's tree." :
				    "This series converts the remaining users.",
			    72);
	} else if (!sum->nr_changes) {
		series_wrap(sb,
			    sum->per_subsystem ?
				    "This series converts the remaining users, one "
				    "patch per subsystem and API so that each can go "
				    "through its maintainer's tree.  None of the "
				    "patches changes behavior." :
				    "This series converts the remaining users.  None "
				    "of the patches changes behavior.",
			    72);
	} else {
		series_wrap(sb,
			    sum->per_subsystem ?
				    "This series converts the remaining users, one "
				    "patch per subsystem and API so that each can go "
				    "through its maintainer's tree." :
				    "This series converts the remaining users.",
			    72);
		if (sum->nr_fixes) {
			struct strbuf line = STRBUF_INIT;

			strbuf_addch(sb, '\n');
			/* "items ... (one re-initialised ...)": the
			 * parenthesis speaks of one item at a time */
			strbuf_addf(&line, "%s fix%s work item%s that break%s a "
				    "non-reentrance condition (%sre-initialised while it "
				    "may be pending or running, or %squeued on two "
				    "workqueues); the renames follow.",
				    sum->nr_fixes == 1 ? "The first patch" : "The first patches",
				    sum->nr_fixes == 1 ? "es a" : "", sum->nr_fixes == 1 ? "" : "s",
				    sum->nr_fixes == 1 ? "s" : "",
				    sum->nr_fixes == 1 ? "" : "one ",
				    sum->nr_fixes == 1 ? "" : "one ");
			series_wrap(sb, line.buf, 72);
			strbuf_release(&line);
		}
		changes_paragraph(sb, sum);
	}
	if (!sum->prefer_unbound && series_rules_are_percpu(rules, nr_rules) &&
	    (rule_total(sum, 20) || rule_total(sum, 22))) {
		/* the audit's advice differs where the work reads no CPU: say
		 * so, and how to get it (one answer per site) */
		strbuf_addch(sb, '\n');
		series_wrap(sb, "Every system_wq and alloc_workqueue() user converted "
			    "here stays per-CPU (system_percpu_wq, WQ_PERCPU), as "
			    "today.  Where its work reads no CPU, wqcheck audit "
			    "advises system_dfl_wq or WQ_UNBOUND instead; wqcheck "
			    "series --prefer-unbound writes those where it proves "
			    "every queueing of the work safe off its CPU.", 72);
	}
	if (sum->scope) {
		struct strbuf line = STRBUF_INIT;

		strbuf_addf(&line, "Only the users in %s%s are converted here; "
			    "the rest of the tree is left for other series.",
			    sum->scope, sum->scope_is_dir ? "/" : "");
		strbuf_addch(sb, '\n');
		series_wrap(sb, line.buf, 72);
		strbuf_release(&line);
	}
	if (sum->deprecation_patches) {
		strbuf_addch(sb, '\n');
		series_wrap(
			sb,
			sum->removal_patch ?
				"The last patches mark the old APIs deprecated in "
				"include/linux/workqueue.h and then remove them, as no user is "
				"left." :
				"The last patches mark the old APIs deprecated in "
				"include/linux/workqueue.h.",
			72);
	}
	strbuf_addstr(sb, "\nUses converted, per subsystem and rule:\n\n");
	/* no row (a series of fixes alone): no NULL to memcpy() or qsort() */
	if (sum->nr) {
		memcpy(rows, sum->rows, sum->nr * sizeof(*rows));
		qsort(rows, sum->nr, sizeof(*rows), row_compare);
	}
	strbuf_addf(sb, "  %-*s", NAME_WIDTH, "subsystem");
	for (r = 0; r < nr_rules; r++)
		strbuf_addf(sb, " %5s", rules[r]->id);
	strbuf_addch(sb, '\n');
	for (i = 0; i < sum->nr; i++) {
		strbuf_addf(sb, "  %-*.*s", NAME_WIDTH, NAME_WIDTH,
			    rows[i].name);
		for (r = 0; r < nr_rules; r++) {
			int n = series_rule_number(rules[r]);

			strbuf_addf(sb, " %5u", n >= 0 ? rows[i].counts[n] : 0);
			if (n >= 0)
				totals[n] += rows[i].counts[n];
		}
		strbuf_addch(sb, '\n');
	}
	strbuf_addf(sb, "  %-*s", NAME_WIDTH, "total");
	for (r = 0; r < nr_rules; r++) {
		int n = series_rule_number(rules[r]);

		strbuf_addf(sb, " %5u", n >= 0 ? totals[n] : 0);
	}
	strbuf_addstr(sb, "\n\n");
	for (r = 0; r < nr_rules; r++)
		strbuf_addf(sb, "  %s  %s\n", rules[r]->id, rules[r]->summary);
	if (sum->prefixes_guessed) {
		struct strbuf line = STRBUF_INIT;

		strbuf_addch(sb, '\n');
		if (sum->prefixes_from_history)
			strbuf_addf(&line, "Subject prefixes: %u from the files' git "
				    "history, %u guessed from their paths or "
				    "MAINTAINERS sections (no history touches those "
				    "files); check the guessed ones against each "
				    "subsystem's custom.", sum->prefixes_from_history,
				    sum->prefixes_guessed);
		else
			strbuf_addf(&line, "Subject prefixes: all %u guessed from the "
				    "paths or MAINTAINERS sections (the tree has no "
				    "history of these files); check them against each "
				    "subsystem's custom.", sum->prefixes_guessed);
		series_wrap(sb, line.buf, 72);
		strbuf_release(&line);
	}
	strbuf_addstr(sb, "\nThe patches were generated by wqcheck series.\n");
	free(rows);
}

static bool replace(struct strbuf *sb, const char *what, const char *with)
{
	char *at = sb->buf ? strstr(sb->buf, what) : NULL;
	struct strbuf out = STRBUF_INIT;

	if (!at)
		return false;
	strbuf_add(&out, sb->buf, (size_t)(at - sb->buf));
	strbuf_addstr(&out, with);
	strbuf_addstr(&out, at + strlen(what));
	strbuf_release(sb);
	*sb = out;
	return true;
}

void series_cover_fill(struct strbuf *cover, const struct series_summary *sum,
		       const struct rule *const *rules, size_t nr_rules)
{
	struct strbuf blurb = STRBUF_INIT;

	replace(cover, "*** SUBJECT HERE ***",
		series_rules_are_percpu(rules, nr_rules) ?
		"workqueue: move users to system_percpu_wq, system_dfl_wq and WQ_PERCPU" :
		"workqueue: convert the last users of the pre-3.7 non-reentrancy APIs");
	series_cover_blurb(&blurb, sum, rules, nr_rules);
	/* The blurb ends with its own newline; the template's follows it. */
	if (blurb.len && blurb.buf[blurb.len - 1] == '\n')
		blurb.buf[--blurb.len] = '\0';
	replace(cover, "*** BLURB HERE ***", blurb.buf);
	strbuf_release(&blurb);
}
