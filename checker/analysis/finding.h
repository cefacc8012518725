/* A finding: one use of a workqueue API that a rule reports, where it is, what
 * it means, and the edits of its fix. */
#ifndef WQCHECK_FINDING_H
#define WQCHECK_FINDING_H

#include <stdbool.h>
#include <stddef.h>

struct rule;

enum severity {
	SEVERITY_NOTE,
	SEVERITY_WARNING,
	SEVERITY_ERROR,
};

const char *severity_name(enum severity sev);
int severity_parse(const char *s, enum severity *out);

/* Replace bytes [start, end) of the original file with replacement. */
struct edit {
	size_t start, end;
	char *replacement;
};

/* A call whose arguments an edit changed: after the edits it is re-joined onto
 * one line when that fits in 80 columns, else its continuation lines are
 * re-aligned under the (possibly moved) opening parenthesis. */
struct reflow {
	size_t line_start;	/* offset of the first byte of the call's first line */
	size_t open_paren;	/* offset of the call's '(' */
	size_t close_paren;	/* offset of its ')' */
	bool may_join;		/* false when a comment sits inside the call */
	bool may_wrap;		/* break a line the fix pushed past 80 columns
				 * (the 6.17 rules; the legacy conversion kept
				 * the layout spatch gives) */
};

/* Why a finding's line is in an #if branch the reading does not compile
 * (in_inactive_branch): what its text may claim. */
enum inactive_why {
	INACTIVE_BY_CONFIG,	/* the tree's configuration does not build it */
	INACTIVE_ALWAYS,	/* no configuration builds it (#if 0); told
				 * apart only where the tree has none */
	INACTIVE_UNCONFIGURED,	/* the tree has no configuration: the reading
				 * took every CONFIG_ option as unset, which
				 * says nothing of what a build compiles */
};

/* An edit as reported to users: 1-based lines and byte columns, end exclusive. */
struct shown_edit {
	unsigned line, column, end_line, end_column;
	char *replacement;
};

/* One step of the reasoning behind a finding (work function -> callee ->
 * accessor), shown as `note:` lines in text and as an array in JSON. */
struct evidence {
	char *file;			/* relative to the tree root */
	unsigned line, column;
	char *message;
};

struct finding {
	const struct rule *rule;
	const char *file;		/* relative to the tree root; owned by the file result */
	unsigned line, column;		/* of the legacy token itself */
	unsigned end_line, end_column;	/* end exclusive */
	enum severity severity;
	char *message;
	bool in_inactive_branch;
	enum inactive_why inactive_why;	/* when in_inactive_branch */
	bool made_unbound;		/* --prefer-unbound chose system_dfl_wq or WQ_UNBOUND */
	char *line_text;		/* the source line, trimmed, for fingerprints */
	bool in_baseline;		/* --baseline had it: not reported, not counted */
	/* What makes it the same finding in another version of the tree,
	 * when its line cannot (a model rule's: the work item and what it
	 * is about); NULL: its line. extent says how much of it: WQ014's
	 * number of workqueues. check-patch drops a finding the tree before
	 * the series already had, as big. */
	char *identity;
	unsigned extent;

	struct edit *edits;
	size_t nr_edits, alloc_edits;
	struct reflow reflow;
	bool has_reflow;

	/* The fix applied on its own, as the minimal edit of whole lines. */
	struct shown_edit *shown;
	size_t nr_shown;

	struct evidence *evidence;
	size_t nr_evidence, alloc_evidence;
};

static inline bool finding_fixable(const struct finding *f)
{
	return f->nr_edits > 0;
}

void finding_add_edit(struct finding *f, size_t start, size_t end, const char *replacement);
void finding_add_evidence(struct finding *f, const char *file, unsigned line,
			  unsigned column, const char *message);
void finding_release(struct finding *f);
/* " (in an #if branch ...)", what a message adds for in_inactive_branch
 * (true for the tree's configuration, or for its having none); "" when
 * the line is built. */
const char *finding_inactive_note(const struct finding *f);

#endif
