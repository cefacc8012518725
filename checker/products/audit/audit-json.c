/* The audit document: callers grouped by the MAINTAINERS section that owns
 * their file (get_maintainer.pl's most specific match), with the section's
 * maintainers and lists and counts per class. Every format is written from
 * this document, so they cannot disagree. */
#include "products/audit/audit.h"
#include "front/parallel.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/version.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct group {
	const struct maint_section *section; /* NULL: no entry */
	const char *name;
	size_t *rows;
	size_t nr, alloc;
	size_t counts[NR_AUDIT_CLASSES];
	size_t progress[NR_MIGRATION_STATUS];
	struct audit_condition_counts conditions;
};

/* What a converted or pending row counts as, by the name it uses or the
 * flag it names: the summary's converted_by and pending_by. */
static const char *progress_name(const struct audit_row *r)
{
	return r->progress_name ? r->progress_name : r->api;
}

static const char *const converted_names[] = {
	"system_percpu_wq", "system_dfl_wq", "WQ_PERCPU", "WQ_UNBOUND",
	"flags_value",	    NULL
};
static const char *const pending_names[] = {
	"system_wq", "system_unbound_wq", "alloc_workqueue", NULL
};

static json_t *progress_json(const size_t *progress)
{
	json_t *o = json_object();

	json_object_set_new(o, "converted",
			    json_integer((json_int_t)progress[MIGRATION_CONVERTED]));
	json_object_set_new(o, "pending",
			    json_integer((json_int_t)progress[MIGRATION_PENDING]));
	return o;
}

static json_t *by_name_json(const char *const *names, const struct audit *au,
			    const size_t *order, size_t nr, const bool *kept,
			    enum audit_migration_status status)
{
	json_t *o = json_object();
	const char *const *n;
	size_t i, count;

	for (n = names; *n; n++) {
		count = 0;
		for (i = 0; i < nr; i++) {
			const struct audit_row *r = &au->rows[order[i]];

			if (kept[i] && r->status == status &&
			    !strcmp(progress_name(r), *n))
				count++;
		}
		json_object_set_new(o, *n, json_integer((json_int_t)count));
	}
	return o;
}

/* jansson wants UTF-8; a stray byte from a source file must not drop a row. */
static json_t *jstr(const char *s)
{
	json_t *j;
	char *copy, *p;

	if (!s)
		return json_null();
	j = json_string(s);
	if (j)
		return j;
	copy = xstrdup(s);
	for (p = copy; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	j = json_string(copy);
	free(copy);
	return j ? j : json_string("");
}

static const struct audit *sort_audit;

static int row_compare(const void *x, const void *y)
{
	const struct audit_row *a = &sort_audit->rows[*(const size_t *)x];
	const struct audit_row *b = &sort_audit->rows[*(const size_t *)y];
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	c = strcmp(a->rule ? a->rule : "~", b->rule ? b->rule : "~");
	return c ? c : strcmp(a->api, b->api);
}

static int group_compare(const void *x, const void *y)
{
	const struct group *a = x, *b = y;

	if (a->nr != b->nr)
		return a->nr > b->nr ? -1 : 1;
	return strcmp(a->name, b->name);
}


/* What wqcheck series writes at a pending site whose advice is unbound
 * (system_dfl_wq, WQ_UNBOUND), where the two answers differ: by default the
 * per-CPU form, today's behaviour; --prefer-unbound the unbound one where
 * it proves every queueing of the work safe off its CPU (no *_on() either).
 * NULL (JSON null) where the series and this advice agree or the site is
 * not the series' to convert. */
static json_t *series_answer(const struct audit_row *r)
{
	bool system = r->kind == AUDIT_KIND_SYSTEM_WQ;
	struct strbuf sb = STRBUF_INIT;
	json_t *j;

	if (r->status != MIGRATION_PENDING || !r->rule ||
	    strcmp(r->rule, system ? "WQ020" : "WQ022") ||
	    r->advice != (system ? ADVICE_SYSTEM_DFL_WQ : ADVICE_WQ_UNBOUND))
		return json_null();
	strbuf_addf(&sb, "wqcheck series keeps it per-CPU (%s, today's behaviour); "
		    "wqcheck series --prefer-unbound writes %s where it proves "
		    "every queueing of the work safe off its CPU",
		    system ? "system_percpu_wq" : "WQ_PERCPU",
		    system ? "system_dfl_wq" : "WQ_UNBOUND");
	j = json_string(sb.buf);
	strbuf_release(&sb);
	return j;
}

static json_t *row_json(const struct audit_row *r)
{
	json_t *o = json_object(), *fns = json_array(), *ev = json_array();
	size_t i;

	json_object_set_new(o, "file", jstr(r->file));
	json_object_set_new(o, "line", json_integer(r->line));
	json_object_set_new(o, "column", json_integer(r->column));
	json_object_set_new(o, "function", jstr(r->function));
	json_object_set_new(o, "api", jstr(r->api));
	json_object_set_new(o, "kind", json_string(audit_kind_names[r->kind]));
	json_object_set_new(o, "class",
			    json_string(audit_class_names[r->class]));
	json_object_set_new(o, "rule", jstr(r->rule));
	json_object_set_new(o, "severity",
			    r->rule ? json_string(severity_name(r->severity)) :
				      json_null());
	json_object_set_new(o, "message", jstr(r->message));
	for (i = 0; i < r->nr_work_functions; i++)
		json_array_append_new(fns, jstr(r->work_functions[i]));
	json_object_set_new(o, "work_functions", fns);
	for (i = 0; i < r->nr_evidence; i++) {
		json_t *e = json_object();

		json_object_set_new(e, "file", jstr(r->evidence[i].file));
		json_object_set_new(e, "line",
				    json_integer(r->evidence[i].line));
		json_object_set_new(e, "column",
				    json_integer(r->evidence[i].column));
		json_object_set_new(e, "message", jstr(r->evidence[i].message));
		json_array_append_new(ev, e);
	}
	json_object_set_new(o, "evidence", ev);
	if (r->advice == ADVICE_NONE) {
		json_object_set_new(o, "migration", json_null());
	} else {
		json_t *m = json_object();

		json_object_set_new(m, "advice",
				    json_string(audit_advice_names[r->advice]));
		json_object_set_new(m, "reason", jstr(r->reason));
		json_object_set_new(m, "series", series_answer(r));
		json_object_set_new(o, "migration", m);
	}
	json_object_set_new(o, "migration_status",
			    jstr(audit_migration_status_names[r->status]));
	return o;
}

static json_t *counts_json(const size_t *counts, size_t total)
{
	json_t *o = json_object();
	int c;

	for (c = 0; c < NR_AUDIT_CLASSES; c++)
		json_object_set_new(o, audit_class_names[c],
				    json_integer((json_int_t)counts[c]));
	if (total != (size_t)-1)
		json_object_set_new(o, "total",
				    json_integer((json_int_t)total));
	return o;
}

static json_t *group_json(const struct audit *au, const struct group *g)
{
	json_t *o = json_object(), *people = json_array(),
	       *lists = json_array(), *callers = json_array();
	size_t i;

	json_object_set_new(o, "name", jstr(g->name));
	/* get_maintainer.pl leaves THE REST's M: out; so do we. */
	for (i = 0; g->section && !g->section->chief_penguin &&
		    i < g->section->nr_people;
	     i++)
		json_array_append_new(people, jstr(g->section->people[i]));
	for (i = 0; g->section && i < g->section->nr_lists; i++)
		json_array_append_new(lists, jstr(g->section->lists[i]));
	json_object_set_new(o, "maintainers", people);
	json_object_set_new(o, "lists", lists);
	json_object_set_new(o, "counts", counts_json(g->counts, g->nr));
	json_object_set_new(o, "condition_counts",
			    audit_condition_counts_json(&g->conditions));
	json_object_set_new(o, "migration_progress",
			    au->migration ? progress_json(g->progress) :
					    json_null());
	for (i = 0; i < g->nr; i++)
		json_array_append_new(callers, row_json(&au->rows[g->rows[i]]));
	json_object_set_new(o, "callers", callers);
	return o;
}

/* Which era the tree is of and what says so: the rows depend on it. */
static json_t *era_json(const struct era *era)
{
	json_t *o = json_object();

	json_object_set_new(o, "name", jstr(era->name));
	json_object_set_new(o, "from_header", json_boolean(era->from_header));
	json_object_set_new(o, "source", jstr(era->source));
	return o;
}

/* The owners of the rows' files, each file once, in the order of the sorted
 * rows: a match against every MAINTAINERS section, so on -j threads. */
struct owner_pass {
	const struct maintainers *m;
	const char **files;
	const struct maint_section **owners;
	size_t nr;
	atomic_size_t next;
};

static void *owner_worker(void *arg)
{
	struct owner_pass *p = arg;
	size_t i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->nr)
		p->owners[i] = maintainers_owner(p->m, p->files[i]);
	return NULL;
}

static const struct maint_section **
owners_of(const struct audit *au, const size_t *order,
	  const struct maintainers *m, int jobs)
{
	struct owner_pass p = { .m = m };
	const char *last_file = NULL;
	size_t i;

	p.files = xcalloc(au->nr + 1, sizeof(*p.files));
	p.owners = xcalloc(au->nr + 1, sizeof(*p.owners));
	for (i = 0; i < au->nr; i++) {
		const char *file = au->rows[order[i]].file;

		if (!last_file || strcmp(last_file, file))
			p.files[p.nr++] = file;
		last_file = file;
	}
	atomic_init(&p.next, 0);
	if (p.nr)
		parallel_run(jobs, owner_worker, &p);
	free(p.files);
	return p.owners;
}

json_t *audit_document(const struct audit *au, const struct maintainers *m,
		       const char *tree, const char *section_filter, int jobs)
{
	size_t *order = xcalloc(au->nr + 1, sizeof(*order));
	struct group *groups = NULL;
	size_t nr_groups = 0, alloc_groups = 0, i, g, files = 0, callers = 0;
	size_t by_class[NR_AUDIT_CLASSES] = { 0 },
	       advice[NR_AUDIT_ADVICE] = { 0 },
	       progress[NR_MIGRATION_STATUS] = { 0 };
	struct audit_condition_counts conditions = { 0 };
	bool *kept = xcalloc(au->nr + 1, sizeof(*kept));
	const struct maint_section *owner = NULL, **owners;
	const char *last_file = NULL;
	size_t next_owner = 0;
	json_t *doc = json_object(), *classes = json_array(),
	       *summary = json_object(), *subsystems = json_array(),
	       *migration = json_object(), *failed = json_array();

	for (i = 0; i < au->nr; i++)
		order[i] = i;
	sort_audit = au;
	qsort(order, au->nr, sizeof(*order), row_compare);
	owners = owners_of(au, order, m, jobs);
	for (i = 0; i < au->nr; i++) {
		const struct audit_row *r = &au->rows[order[i]];
		const char *name;

		if (!last_file || strcmp(last_file, r->file))
			owner = owners[next_owner++];
		name = owner ? owner->name : AUDIT_NO_SECTION;
		if (section_filter && strcmp(section_filter, name)) {
			last_file = r->file;
			continue;
		}
		if (!last_file || strcmp(last_file, r->file) || !callers)
			files++;
		last_file = r->file;
		for (g = 0; g < nr_groups; g++)
			if (groups[g].section == owner)
				break;
		if (g == nr_groups) {
			ALLOC_GROW(groups, nr_groups, alloc_groups);
			memset(&groups[nr_groups], 0, sizeof(*groups));
			groups[nr_groups].section = owner;
			groups[nr_groups].name = name;
			nr_groups++;
		}
		ALLOC_GROW(groups[g].rows, groups[g].nr, groups[g].alloc);
		groups[g].rows[groups[g].nr++] = order[i];
		groups[g].counts[r->class]++;
		groups[g].progress[r->status]++;
		audit_condition_count(&groups[g].conditions, r);
		audit_condition_count(&conditions, r);
		progress[r->status]++;
		kept[i] = true;
		by_class[r->class]++;
		advice[r->advice]++;
		callers++;
	}
	qsort(groups, nr_groups, sizeof(*groups), group_compare);

	json_object_set_new(doc, "tool", json_string("wqcheck"));
	json_object_set_new(doc, "version", json_string(WQCHECK_VERSION));
	json_object_set_new(doc, "tree", jstr(tree));
	json_object_set_new(doc, "generated_by", json_string("wqcheck audit"));
	json_object_set_new(doc, "era", era_json(&au->era));
	for (i = 0; i < NR_AUDIT_CLASSES; i++)
		json_array_append_new(classes,
				      json_string(audit_class_names[i]));
	json_object_set_new(doc, "classes", classes);
	json_object_set_new(doc, "conditions", audit_conditions_json());
	json_object_set_new(summary, "callers",
			    json_integer((json_int_t)callers));
	json_object_set_new(summary, "subsystems",
			    json_integer((json_int_t)nr_groups));
	json_object_set_new(summary, "files", json_integer((json_int_t)files));
	json_object_set_new(summary, "by_class",
			    counts_json(by_class, (size_t)-1));
	json_object_set_new(summary, "by_condition",
			    audit_condition_counts_json(&conditions));
	for (i = ADVICE_WQ_PERCPU; i < NR_AUDIT_ADVICE; i++)
		json_object_set_new(migration, audit_advice_names[i],
				    json_integer((json_int_t)advice[i]));
	json_object_set_new(summary, "migration", migration);
	/* 6.17's migration, converted against pending: only on a tree whose
	 * workqueue.h has the new names; null elsewhere. */
	if (au->migration) {
		json_t *p = progress_json(progress);

		json_object_set_new(p, "converted_by",
				    by_name_json(converted_names, au, order,
						 au->nr, kept,
						 MIGRATION_CONVERTED));
		json_object_set_new(p, "pending_by",
				    by_name_json(pending_names, au, order,
						 au->nr, kept,
						 MIGRATION_PENDING));
		json_object_set_new(summary, "migration_progress", p);
	} else {
		json_object_set_new(summary, "migration_progress", json_null());
	}
	json_object_set_new(doc, "summary", summary);
	for (g = 0; g < nr_groups; g++) {
		json_array_append_new(subsystems, group_json(au, &groups[g]));
		free(groups[g].rows);
	}
	json_object_set_new(doc, "subsystems", subsystems);
	/* Not in the rows: files the scan could not analyse (DESIGN §7). */
	for (i = 0; i < au->nr_failed; i++) {
		json_t *f = json_object();

		json_object_set_new(f, "file", jstr(au->failed[i].file));
		json_object_set_new(f, "reason", jstr(au->failed[i].reason));
		json_array_append_new(failed, f);
	}
	json_object_set_new(doc, "files_not_analysed", failed);
	free(groups);
	free(order);
	free(owners);
	free(kept);
	return doc;
}

const char *audit_find_section(const struct maintainers *m, const char *name,
			       char **why)
{
	const char *found = NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t i, nr = 0;

	*why = NULL;
	if (!strcmp(name, AUDIT_NO_SECTION))
		return AUDIT_NO_SECTION;
	for (i = 0; i < m->nr; i++)
		if (!strcmp(m->sections[i].name, name))
			return m->sections[i].name;
	for (i = 0; i < m->nr; i++) {
		if (!strcasestr(m->sections[i].name, name))
			continue;
		if (nr < 3)
			strbuf_addf(&sb, "%s'%s'", nr ? ", " : "",
				    m->sections[i].name);
		found = m->sections[i].name;
		nr++;
	}
	if (nr == 1) {
		strbuf_release(&sb);
		return found;
	}
	if (!nr) {
		strbuf_release(&sb);
		strbuf_addf(&sb,
			    "no MAINTAINERS section is named or contains '%s'",
			    name);
	} else {
		char *list = strbuf_detach(&sb);

		strbuf_addf(
			&sb,
			"'%s' matches %zu MAINTAINERS sections (%s%s); give more of the "
			"name",
			name, nr, list, nr > 3 ? ", ..." : "");
		free(list);
	}
	*why = strbuf_detach(&sb);
	return NULL;
}
