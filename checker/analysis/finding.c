#include "analysis/finding.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static const char *const severity_names[] = { "note", "warning", "error" };

const char *severity_name(enum severity sev)
{
	return severity_names[sev];
}

int severity_parse(const char *s, enum severity *out)
{
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(s, severity_names[i])) {
			*out = (enum severity)i;
			return 0;
		}
	return -1;
}

void finding_add_edit(struct finding *f, size_t start, size_t end, const char *replacement)
{
	struct edit *e;

	ALLOC_GROW(f->edits, f->nr_edits, f->alloc_edits);
	e = &f->edits[f->nr_edits++];
	e->start = start;
	e->end = end;
	e->replacement = xstrdup(replacement);
}

void finding_add_evidence(struct finding *f, const char *file, unsigned line,
			  unsigned column, const char *message)
{
	struct evidence *e;

	ALLOC_GROW(f->evidence, f->nr_evidence, f->alloc_evidence);
	e = &f->evidence[f->nr_evidence++];
	e->file = xstrdup(file);
	e->line = line;
	e->column = column;
	e->message = xstrdup(message);
}

void finding_release(struct finding *f)
{
	size_t i;

	for (i = 0; i < f->nr_evidence; i++) {
		free(f->evidence[i].file);
		free(f->evidence[i].message);
	}
	free(f->evidence);

	for (i = 0; i < f->nr_edits; i++)
		free(f->edits[i].replacement);
	for (i = 0; i < f->nr_shown; i++)
		free(f->shown[i].replacement);
	free(f->edits);
	free(f->shown);
	free(f->message);
	free(f->line_text);
	free(f->identity);
}

/* Indexed by enum inactive_why. Not "does not build" without an
 * autoconf.h: every option then reads as unset, which is no real
 * configuration. */
#define INACTIVE_CLAUSES(X) \
	X("in an #if branch this configuration does not build") \
	X("in an #if branch no configuration builds") \
	X("in an #if branch, and the tree has no configuration to say whether it is built")
#define AS_NOTE(s) " (" s ")",

const char *finding_inactive_note(const struct finding *f)
{
	static const char *const notes[] = { INACTIVE_CLAUSES(AS_NOTE) };

	return f->in_inactive_branch ? notes[f->inactive_why] : "";
}
