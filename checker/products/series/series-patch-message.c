/*
 * One patch's commit message: the subject prefix series-prefix.c chose,
 * upstream's subject and body for its rules
 * (series-message.c), and what --prefer-unbound moved off its CPU there.
 */
#include "products/series/series-priv.h"
#include "products/series/series-message.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* One walk for every patch's prefix: 100 commits a touched file, at most
 * 20,000 in all (a file touched more rarely than that gets what the walk
 * saw of it). */
void series_load_history(struct series *s)
{
	const char **paths = xcalloc(s->nr_touched + 1, sizeof(*paths));
	size_t i, max = 100 * s->nr_touched;

	for (i = 0; i < s->nr_touched; i++)
		paths[i] = s->touched[i].path;
	series_history_load(&s->history, s->root, s->base, paths,
			    s->nr_touched, max < 20000 ? max : 20000);
	free(paths);
}

/* The work functions a --prefer-unbound verdict names ("its work (a(),
 * b()) was checked ..."), or NULL. */
static char *work_functions(const char *message)
{
	const char *at = message ? strstr(message, "its work (") : NULL;
	const char *end = at ? strstr(at, ") was checked") : NULL;

	if (!end)
		return NULL;
	at += strlen("its work (");
	return xstrndup(at, (size_t)(end - at));
}

/* A WQ020 rename that ends a WQ014 (its evidence says so): which item, and
 * its two queueings, the ones whose runs could overlap. */
static void wq014_item(struct strbuf *items, const char *path,
		       const struct finding *f)
{
	size_t i;

	for (i = 0; i < f->nr_evidence; i++) {
		const struct evidence *e = &f->evidence[i];
		const char *end = strstr(e->message, " is also queued with");

		if (!strstr(e->message, "this conversion ends a WQ014") || !end)
			continue;
		strbuf_addf(items, "  %s:%u: %.*s on system_wq; line %u: on "
			    "system_percpu_wq, with schedule_*()\n", path,
			    f->line, (int)(end - e->message), e->message,
			    e->line);
	}
}

/* What the hunks of the patch of files do (words: which of WQ020 and
 * WQ022's sites went unbound, which stayed per-CPU) and the list of the
 * unbound ones with their work, for the log. */
static void patch_words(struct series_words *w, struct strbuf *sites,
			struct strbuf *items,
			struct file_result *const *results, size_t nr_results,
			char *const *files, size_t nr_files)
{
	size_t i, j, k;

	for (i = 0; i < nr_results; i++) {
		const struct file_result *fr = results[i];

		for (k = 0; k < nr_files && strcmp(files[k], fr->path); k++)
			;
		if (k == nr_files)
			continue;
		for (j = 0; j < fr->nr_findings; j++) {
			const struct finding *f = &fr->findings[j];
			int n = series_rule_number(f->rule);
			bool system_wq;
			char *fns;

			if (n < 0 || !(w->mask & (1u << n)) || !finding_fixable(f))
				continue;
			if (!f->made_unbound) {
				w->kept |= 1u << n;
				wq014_item(items, fr->path, f);
				continue;
			}
			w->unbound |= 1u << n;
			system_wq = f->rule->identifiers[0] &&
				    !strcmp(f->rule->identifiers[0], "system_wq");
			fns = work_functions(f->message);
			strbuf_addf(sites, "  %s:%u: %s", fr->path, f->line,
				    system_wq ? "system_dfl_wq" : "WQ_UNBOUND");
			if (fns)
				strbuf_addf(sites, " (work: %s)", fns);
			strbuf_addch(sites, '\n');
			free(fns);
		}
	}
}

/* Subject, blank line, body: the message of the patch of files for the
 * rules in mask, its subject starting with prefix (series-prefix.c);
 * results are the phase's, where the unbound sites are found. Returns
 * what the patch changes, for the cover letter, or NULL when it only
 * renames. */
char *series_patch_message(struct series *s, struct strbuf *text,
			  char *const *files, size_t nr_files, unsigned mask,
			  const char *prefix, struct file_result *const *results,
			  size_t nr_results)
{
	struct strbuf sites = STRBUF_INIT, items = STRBUF_INIT;
	struct series_words w = {
		.mask = mask & ~(1u << 14),
		.ends_wq014 = mask & (1u << 14),
		.prerequisite = s->summary.prerequisite,
	};
	struct strbuf change = STRBUF_INIT;

	patch_words(&w, &sites, &items, results, nr_results, files, nr_files);
	w.unbound_sites = sites.len ? sites.buf : NULL;
	w.wq014_items = items.len ? items.buf : NULL;
	series_subject_words(text, prefix, &w);
	strbuf_addstr(text, "\n\n");
	series_body_words(text, &w);
	series_words_change(&change, &w);
	strbuf_release(&sites);
	strbuf_release(&items);
	return change.len ? strbuf_detach(&change) : NULL;
}
