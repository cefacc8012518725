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

/* The commit log's account of what --prefer-unbound moved off its CPU in
 * the patch's files: what was checked, and where. */
static void unbound_note(struct strbuf *out, struct file_result *const *results,
			 size_t nr_results, char *const *files,
			 size_t nr_files)
{
	struct strbuf sites = STRBUF_INIT;
	size_t i, j, k, n = 0;

	for (i = 0; i < nr_results; i++) {
		const struct file_result *fr = results[i];

		for (k = 0; k < nr_files && strcmp(files[k], fr->path); k++)
			;
		if (k == nr_files)
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

/* Subject, blank line, body: the message of the patch of files for the
 * rules in mask, its subject starting with prefix (series-prefix.c);
 * results are the phase's, where the --prefer-unbound note looks. */
void series_patch_message(struct series *s, struct strbuf *text,
			  char *const *files, size_t nr_files, unsigned mask,
			  const char *prefix, struct file_result *const *results,
			  size_t nr_results)
{
	struct strbuf note = STRBUF_INIT;

	series_subject(text, prefix, mask);
	strbuf_addstr(text, "\n\n");
	unbound_note(&note, results, nr_results, files, nr_files);
	series_body(text, mask, note.len ? note.buf : NULL,
		    s->summary.prerequisite);
	strbuf_release(&note);
}
