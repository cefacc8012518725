/* The rows of the callers and the WQ020-WQ022 findings they claim: the
 * store that collect.c and the classify*.c steps add to, and that the
 * audit and --prefer-unbound read. */
#include "analysis/callers/callers.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

const char *const audit_class_names[NR_AUDIT_CLASSES] = {
	"legacy",	   "cpu-dependent", "reentrancy-dependent",
	"cpu-independent", "unresolved",
};
const char *const audit_kind_names[] = { "legacy", "queue-on",
					 "alloc_workqueue", "system-wq" };
const char *const audit_advice_names[NR_AUDIT_ADVICE] = {
	NULL,
	"WQ_PERCPU",
	"WQ_UNBOUND",
	"system_percpu_wq",
	"system_dfl_wq",
	"undecided",
};
const char *const audit_migration_status_names[NR_MIGRATION_STATUS] = {
	NULL,
	"converted",
	"pending",
};

struct audit_row *audit_add_row(struct audit *au, const char *file,
				unsigned line, unsigned column,
				enum audit_kind kind, const char *api)
{
	struct audit_row *r;

	ALLOC_GROW(au->rows, au->nr, au->alloc);
	r = &au->rows[au->nr++];
	memset(r, 0, sizeof(*r));
	r->file = xstrdup(file);
	r->line = line;
	r->column = column;
	r->kind = kind;
	r->api = xstrdup(api);
	return r;
}

void audit_row_add_function(struct audit_row *r, const char *function)
{
	size_t i;

	for (i = 0; i < r->nr_work_functions; i++)
		if (!strcmp(r->work_functions[i], function))
			return;
	ALLOC_GROW(r->work_functions, r->nr_work_functions,
		   r->alloc_work_functions);
	r->work_functions[r->nr_work_functions++] = xstrdup(function);
}

void audit_row_add_evidence(struct audit_row *r, const char *file,
			    unsigned line, unsigned column, const char *message)
{
	struct evidence *e;
	size_t i;

	/* The same step reached from two items is shown once. */
	for (i = 0; i < r->nr_evidence; i++)
		if (r->evidence[i].line == line &&
		    r->evidence[i].column == column &&
		    !strcmp(r->evidence[i].file, file) &&
		    !strcmp(r->evidence[i].message, message))
			return;
	ALLOC_GROW(r->evidence, r->nr_evidence, r->alloc_evidence);
	e = &r->evidence[r->nr_evidence++];
	e->file = xstrdup(file);
	e->line = line;
	e->column = column;
	e->message = xstrdup(message);
}

void audit_release(struct audit *au)
{
	size_t i, j;

	for (i = 0; i < au->nr; i++) {
		struct audit_row *r = &au->rows[i];

		free(r->file);
		free(r->function);
		free(r->api);
		free(r->message);
		free(r->reason);
		for (j = 0; j < r->nr_work_functions; j++)
			free(r->work_functions[j]);
		free(r->work_functions);
		for (j = 0; j < r->nr_evidence; j++) {
			free(r->evidence[j].file);
			free(r->evidence[j].message);
		}
		free(r->evidence);
	}
	free(au->rows);
	for (i = 0; i < au->nr_failed; i++) {
		free(au->failed[i].file);
		free(au->failed[i].reason);
	}
	free(au->failed);
	for (i = 0; i < au->nr_mfindings; i++) {
		free(au->mfindings[i].file);
		free(au->mfindings[i].message);
	}
	free(au->mfindings);
	era_release(&au->era);
	memset(au, 0, sizeof(*au));
}

static int position_compare(const char *fa, unsigned la, unsigned ca,
			    const char *fb, unsigned lb, unsigned cb)
{
	int c = strcmp(fa, fb);

	if (c)
		return c;
	if (la != lb)
		return la < lb ? -1 : 1;
	return ca < cb ? -1 : ca > cb;
}

static int mfinding_compare(const void *x, const void *y)
{
	const struct audit_migration_finding *a = x, *b = y;

	return position_compare(a->file, a->line, a->column, b->file, b->line,
				b->column);
}

void audit_sort_migration_findings(struct audit *au)
{
	if (au->nr_mfindings)
		qsort(au->mfindings, au->nr_mfindings, sizeof(*au->mfindings),
		      mfinding_compare);
}

struct audit_migration_finding *
audit_claim_migration_finding(struct audit *au, const char *file,
			      unsigned line, unsigned column)
{
	struct audit_migration_finding key = { .file = (char *)file,
					       .line = line,
					       .column = column };
	struct audit_migration_finding *m;

	if (!au->nr_mfindings)
		return NULL;
	m = bsearch(&key, au->mfindings, au->nr_mfindings,
		    sizeof(*au->mfindings), mfinding_compare);

	if (m)
		m->claimed = true;
	return m;
}
