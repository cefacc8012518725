/* The callers: the scan's findings (legacy WQ001-WQ005 and the affinity
 * rules' WQ010-WQ012, exactly as `wqcheck scan` reports them), every other
 * *_on() site the affinity analysis saw, and the lexical system_wq and
 * alloc_workqueue() sites (classify.c). The affinity analysis' pass over
 * the tree also finds the files that mention any of those names. */
#include "analysis/callers/classify.h"
#include "analysis/rules/rule-affinity.h"
#include "analysis/rules/rule.h"
#include "analysis/scan.h"
#include "analysis/rules/workitem-pass.h"
#include "analysis/model/workitem-model.h"
#include "analysis/model/tree-reading.h"
#include "analysis/model/section-reading.h"
#include "front/parallel.h"
#include "lib/needles.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- which files mention a name the lexical pass looks for ---------------- */

static const char *const lexical_needles[] = {
	"system_wq",	      "system_unbound_wq",
	"system_percpu_wq",   "system_dfl_wq",
	"schedule_work",      "schedule_delayed_work",
	"alloc_workqueue",    "queue_work",
	"queue_delayed_work", "mod_delayed_work",
	"queue_rcu_work",     NULL
};

/* Every needle holds "work" or "_wq" (a pass per needle over every file of
 * the tree cost more than the rest of this reading of it). */
static bool mentions_lexical(const char *text, size_t len)
{
	static const char *const anchors[] = { "work", "_wq", NULL };

	return text_holds_any(text, len, lexical_needles, anchors);
}

/* --- rows from the scan and the affinity analysis ------------------------- */

static enum audit_class class_of_rule(const struct rule *r)
{
	if (!strcmp(r->id, "WQ010"))
		return AUDIT_CPU_DEPENDENT;
	if (!strcmp(r->id, "WQ011") || !strcmp(r->id, "WQ012") || r->model_check)
		return AUDIT_REENTRANCY_DEPENDENT;
	return AUDIT_LEGACY;
}

static bool is_affinity_rule(const struct rule *r)
{
	return r->tree_pass != NULL;
}

/* WQ020-WQ022: their sites are the lexical pass' system_wq and
 * alloc_workqueue() rows, where the analysis says more than the rule. */
static bool is_migration_rule(const struct rule *r)
{
	return !strcmp(r->id, "WQ020") || !strcmp(r->id, "WQ021") ||
	       !strcmp(r->id, "WQ022");
}

static void defer_migration_finding(struct audit *au, const struct finding *f)
{
	struct audit_migration_finding *m;

	ALLOC_GROW(au->mfindings, au->nr_mfindings, au->alloc_mfindings);
	m = &au->mfindings[au->nr_mfindings++];
	memset(m, 0, sizeof(*m));
	m->file = xstrdup(f->file);
	m->line = f->line;
	m->column = f->column;
	m->rule = f->rule->id;
	m->severity = f->severity;
	m->message = xstrdup(f->message ? f->message : f->rule->summary);
}

/* A finding the lexical pass has no row for: in a macro's body or an #if
 * branch this configuration leaves out, which the pass does not read. */
static void row_from_unclaimed(struct audit *au,
			       const struct audit_migration_finding *m)
{
	bool alloc = !strcmp(m->rule, "WQ022");
	const char *wq = !strcmp(m->rule, "WQ021") ? "system_unbound_wq" :
						     "system_wq";
	struct audit_row *r = audit_add_row(
		au, m->file, m->line, m->column,
		alloc ? AUDIT_KIND_ALLOC_WORKQUEUE : AUDIT_KIND_SYSTEM_WQ,
		alloc ? "alloc_workqueue" : wq);
	struct strbuf sb = STRBUF_INIT;

	r->rule = m->rule;
	r->severity = m->severity;
	r->class = AUDIT_UNRESOLVED;
	r->status = MIGRATION_PENDING;
	r->advice = ADVICE_UNDECIDED;
	strbuf_addf(&sb,
		    "%s%s; the audit does not judge the work queued here (a "
		    "macro's body or code the configuration leaves out)",
		    alloc ? "alloc_workqueue() names neither WQ_PERCPU nor "
			    "WQ_UNBOUND: " :
			    "",
		    m->message);
	r->message = strbuf_detach(&sb);
	r->reason = xstrdup("the work queued here is not known, so per-CPU "
			    "dependence cannot be ruled out");
}

static char *enclosing_function(struct source_cache *sc, const char *path,
				unsigned line, unsigned column, char **api)
{
	struct source_file *f = source_get(sc, path);
	const struct source_function *fn;
	long tok;

	if (!f)
		return NULL;
	tok = token_at_position(&f->lex, line, column);
	if (tok < 0)
		return NULL;
	if (api)
		*api = tok_text(&f->lex, (size_t)tok);
	fn = source_function_at(f, (size_t)tok);
	return fn ? xstrdup(fn->name) : NULL;
}

static void add_binding_functions(struct audit_row *r,
				  const struct affinity_site *s)
{
	size_t i;

	for (i = 0; i < s->nr_bindings; i++)
		audit_row_add_function(r, s->bindings[i]->function);
}

static void row_from_finding(struct audit *au, struct source_cache *sc,
			     const struct finding *f,
			     const struct affinity_site *site)
{
	struct audit_row *r;
	char *api = NULL;
	char *fn = enclosing_function(sc, f->file, f->line, f->column, &api);
	size_t i;

	if (site) {
		free(api);
		api = xstrdup(site->api);
	}
	r = audit_add_row(au, f->file, f->line, f->column,
			  is_affinity_rule(f->rule) ? AUDIT_KIND_QUEUE_ON :
						      AUDIT_KIND_LEGACY,
			  api ? api : f->rule->name);
	free(api);
	r->function = fn;
	r->class = class_of_rule(f->rule);
	r->rule = f->rule->id;
	r->severity = f->severity;
	r->message = xstrdup(f->message ? f->message : f->rule->summary);
	for (i = 0; i < f->nr_evidence; i++)
		audit_row_add_evidence(r, f->evidence[i].file,
				       f->evidence[i].line,
				       f->evidence[i].column,
				       f->evidence[i].message);
	if (site)
		add_binding_functions(r, site);
}

static void add_site_binding_evidence(struct audit_row *r,
				      const struct affinity_site *s)
{
	char buf[512];
	size_t i;

	if (s->wrapper_file) {
		snprintf(buf, sizeof(buf),
			 "%s() passes its cpu and work item to the *_on() API",
			 s->api);
		audit_row_add_evidence(r, s->wrapper_file, s->wrapper_line, 1,
				       buf);
	}
	for (i = 0; i < s->nr_bindings; i++) {
		const struct work_binding *b = s->bindings[i];

		snprintf(buf, sizeof(buf),
			 "%s() is the work function of %s (%s, item %s)",
			 b->function, s->item_text, b->how, b->key);
		audit_row_add_evidence(r, b->file, b->line, b->column, buf);
	}
}

/* Why a site whose work reads the CPU has no WQ010 finding. */
static const char *why_not_reported(const struct affinity_site *s)
{
	if (s->unbound)
		return "it is queued on an unbound workqueue, where the CPU is only a hint";
	if (s->fresh)
		return "the item is initialised just before, so it cannot be running elsewhere";
	if (s->idle)
		return "the item is cancelled or flushed just before, so it is not running elsewhere";
	return "the analysis found nothing that could divert it";
}

static void row_from_site(struct audit *au, struct tree_reading *a,
			  const struct affinity_site *s)
{
	struct audit_row *r = audit_add_row(au, s->file->path, s->line,
					    s->column, AUDIT_KIND_QUEUE_ON,
					    s->api);
	struct strbuf msg = STRBUF_INIT;
	size_t i;

	r->function = s->caller ? xstrdup(s->caller->name) : NULL;
	add_binding_functions(r, s);
	add_site_binding_evidence(r, s);
	if (!s->nr_bindings) {
		r->class = AUDIT_UNRESOLVED;
		strbuf_addf(
			&msg,
			"%s() queues %s on CPU %s, but the work-item index knows no "
			"work function for it (no INIT_WORK or DECLARE_WORK it can name), so "
			"whether the work depends on that CPU is not known",
			s->api, s->item_text, s->cpu_text);
	} else if (s->cpu_dependent) {
		r->class = AUDIT_CPU_DEPENDENT;
		strbuf_addf(
			&msg,
			"%s() queues %s on CPU %s and its work function %s() reads the "
			"current CPU (see the evidence); not a finding because %s",
			s->api, s->item_text, s->cpu_text,
			s->dependent_binding->function, why_not_reported(s));
		for (i = 0; i < s->chain->nr; i++)
			audit_row_add_evidence(r, s->chain->steps[i].file,
					       s->chain->steps[i].line,
					       s->chain->steps[i].column,
					       s->chain->steps[i].message);
	} else {
		r->class = AUDIT_CPU_INDEPENDENT;
		strbuf_addf(&msg,
			    "%s() queues %s on CPU %s; its work function%s ",
			    s->api, s->item_text, s->cpu_text,
			    r->nr_work_functions > 1 ? "s" : "");
		for (i = 0; i < r->nr_work_functions; i++)
			strbuf_addf(&msg, "%s%s()", i ? ", " : "",
				    r->work_functions[i]);
		strbuf_addf(
			&msg,
			" %s not read the current CPU (followed two calls deep), so "
			"the CPU is a placement choice, not a correctness one",
			r->nr_work_functions > 1 ? "do" : "does");
		for (i = 0; i < s->nr_bindings; i++) {
			struct source_file *where = NULL;
			const struct source_function *fn =
				cpu_dependence_resolve(a->cd,
						       s->bindings[i]->file,
						       s->bindings[i]->function,
						       &where);
			char buf[512];

			if (!fn)
				continue;
			snprintf(buf, sizeof(buf),
				 "%s() does not read the current CPU",
				 fn->name);
			audit_row_add_evidence(
				r, where->path,
				where->lex.tokens[fn->name_tok].line,
				where->lex.tokens[fn->name_tok].column, buf);
		}
	}
	r->message = strbuf_detach(&msg);
}

static bool site_has_finding(struct finding *const *all, size_t nr,
			     const char *file, unsigned line, unsigned column)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (all[i]->line == line && all[i]->column == column &&
		    is_affinity_rule(all[i]->rule) &&
		    !strcmp(all[i]->file, file))
			return true;
	return false;
}

static int site_compare(const void *x, const void *y)
{
	const struct affinity_site *a = x, *b = y;
	int c = strcmp(a->file->path, b->file->path);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->column < b->column ? -1 : a->column > b->column;
}

static const struct affinity_site *site_at(const struct affinity_site *sites,
					   size_t nr, const char *file,
					   unsigned line, unsigned column)
{
	struct source_file key_file = { .path = (char *)file };
	struct affinity_site key = { .file = &key_file,
				     .line = line,
				     .column = column };

	return bsearch(&key, sites, nr, sizeof(*sites), site_compare);
}

struct scan_thread {
	const struct scan_options *so;
	const struct file_list *files;
	struct scan_result *res;
};

static void *scan_thread_main(void *arg)
{
	struct scan_thread *st = arg;

	scan_run(st->so, st->files, st->res);
	return NULL;
}

struct sites_thread {
	const struct audit_options *opts;
	struct tree_reading *a;
	struct affinity_sites *sites;
};

static void *sites_thread_main(void *arg)
{
	struct sites_thread *st = arg;

	st->sites = affinity_sites_find(st->a, st->opts->root, st->opts->jobs);
	return NULL;
}

/* The tree's reading hands each file that mentions the names, lexed, to
 * the work-item model and to the lexical pass. */
struct both_visitors {
	struct workitem_model *m; /* or NULL */
	struct audit_lexical *lx;
};

static void visit_both(void *ctx, int thread, size_t index,
		       const struct source_file *f)
{
	struct both_visitors *b = ctx;

	if (b->m)
		workitem_model_visit(b->m, thread, index, f);
	audit_lexical_visit(b->lx, thread, index, f);
}

/* The tree's reading inside the per-file scan's (scan.h), which reads
 * every file of the whole tree too. */
struct shared_read {
	const struct audit_options *opts;
	struct tree_reading *a;
	const struct tree_visitor *visitor;
	struct tree_read_pass *r;
};

static void shared_begin(void *ctx, int threads)
{
	struct shared_read *s = ctx;

	s->r = tree_read_begin(s->opts->root, s->opts->arch, threads,
			       mentions_lexical, s->visitor, s->a);
}

static void shared_file(void *ctx, int thread, size_t index, const char *text,
			size_t len, const struct lexed_file *lexed)
{
	struct shared_read *s = ctx;

	tree_read_file(s->r, thread, index, text, len, lexed);
}

/* The tree read (model/tree-reading.h), handing each file that names
 * system_wq & co to the lexical pass and the work-item model, beside the
 * scan: for the whole tree, by the scan as it reads each file (the tree is
 * read once); for a section's files, on threads of its own. Then WQ010's
 * sites (rules/rule-affinity.h, mostly on one thread) beside the judging
 * of the lexical sites' work functions (on -j threads): each has stretches
 * on one thread, side by side they keep the CPUs busy. With -j 1, one
 * after the other. */
static struct audit_lexical *read_beside(const struct audit_options *opts,
					 const struct scan_options *so,
					 struct tree_reading *a,
					 const struct file_list *scan_files,
					 struct workitem_model *m,
					 struct affinity_sites **found,
					 struct scan_result *res,
					 const struct audit *out)
{
	struct both_visitors both = { .m = m };
	struct tree_visitor visitor = { visit_both, &both };
	struct shared_read shared = { .opts = opts, .a = a, .visitor = &visitor };
	struct scan_reading reading = { shared_begin, shared_file, &shared, false };
	struct scan_thread scan = { .so = so, .files = scan_files, .res = res };
	struct sites_thread sites = { .opts = opts, .a = a };
	struct audit_lexical *lx;
	pthread_t scan_thread, sites_thread;
	bool parallel = parallel_jobs(opts->jobs) > 1, scan_started = false,
	     sites_started;

	lx = audit_lexical_begin(a, out, opts->in_scope, opts->scope_ctx);
	both.lx = lx;
	if (scan_files == &a->all) {
		scan_run_reading(so, scan_files, res, &reading);
		if (reading.begun)
			tree_read_end(shared.r, a);
		else
			tree_read_visiting(opts->root, opts->arch, opts->jobs,
					   mentions_lexical, &visitor, a);
	} else {
		scan_started = parallel && !pthread_create(&scan_thread, NULL,
							   scan_thread_main, &scan);
		/* the section's files, and the others only where they name
		 * its items, workqueues or wrappers */
		tree_read_section(opts->root, opts->arch, opts->jobs, mentions_lexical,
				  &visitor, a, opts->in_scope, opts->scope_ctx);
		if (!scan_started)
			scan_run(so, scan_files, res);
	}
	sites_started = parallel && !pthread_create(&sites_thread, NULL,
						    sites_thread_main, &sites);
	if (!sites_started)
		sites.sites = affinity_sites_find(a, opts->root, opts->jobs);
	audit_lexical_read(lx, opts->jobs);
	if (sites_started)
		pthread_join(sites_thread, NULL);
	if (scan_started)
		pthread_join(scan_thread, NULL);
	*found = sites.sites;
	return lx;
}

/* audit --subsystem: a row of another section's file would be left out
 * of the document (its owner is not the section): not made. */
static bool wanted(const struct audit_options *opts, const char *path)
{
	return !opts->in_scope || opts->in_scope(path, opts->scope_ctx);
}

int audit_collect(const struct audit_options *opts, struct audit *out)
{
	const struct rule *file_rules[64], *tree_rules[64];
	size_t nr_file_rules = 0, nr_tree_rules = 0, i, nr_findings,
	       nr_sites = 0;
	struct scan_options so = { 0 };
	struct scan_result res = { 0 };
	struct tree_reading a;
	struct affinity_sites *found;
	struct affinity_site *sites;
	struct finding **all;
	struct audit_lexical *lx;
	struct workitem_model m;
	struct file_list scoped = { 0 };
	bool model = false;

	memset(out, 0, sizeof(*out));
	era_read(opts->root, &out->era);
	out->migration = era_has(&out->era, "system_percpu_wq") &&
			 era_has(&out->era, "WQ_PERCPU");
	for (i = 0; i < nr_all_rules && i < 64; i++) {
		if (all_rules[i]->identifiers)
			file_rules[nr_file_rules++] = all_rules[i];
		else
			tree_rules[nr_tree_rules++] = all_rules[i];
		model |= all_rules[i]->model_check != NULL;
	}
	/* The tree's reading lists the tree; the scan reads the same (for
	 * the whole tree, the scan's own reading: it looks at each path as
	 * it opens it, so the list need not). */
	if ((opts->in_scope ? tree_reading_list(opts->root, &a) :
			      tree_reading_list_unchecked(opts->root, &a)) < 0) {
		tree_reading_release(&a);
		return -1;
	}
	/* The whole tree's judging asks about thousands of work functions,
	 * most in files the read lexes; a section's, about its own few. */
	a.summarise = !opts->in_scope;
	so.root = opts->root;
	so.rules = file_rules;
	so.nr_rules = nr_file_rules;
	so.db = opts->db;
	so.arch = opts->arch;
	/* as many threads as the model's and the reading's lists (<= 64) */
	so.jobs = parallel_jobs(opts->jobs);
	so.use_clang = true;
	so.progress = opts->progress;
	/* The per-file rules run on the wanted files alone: their findings
	 * are the file's own. */
	for (i = 0; opts->in_scope && i < a.all.nr; i++)
		if (opts->in_scope(a.all.paths[i], opts->scope_ctx))
			file_list_add(&scoped, a.all.paths[i]);
	file_list_finish(&scoped);
	if (model)
		workitem_model_begin(&m, opts->root, opts->arch, opts->jobs);
	lx = read_beside(opts, &so, &a, opts->in_scope ? &scoped : &a.all,
			 model ? &m : NULL, &found, &res, out);
	affinity_report(found, tree_rules, nr_tree_rules, &res);

	for (i = 0; i < res.nr_files; i++)
		if (res.files[i].failed_reason) {
			ALLOC_GROW(out->failed, out->nr_failed,
				   out->alloc_failed);
			out->failed[out->nr_failed].file =
				xstrdup(res.files[i].path);
			out->failed[out->nr_failed++].reason =
				xstrdup(res.files[i].failed_reason);
		}

	sites = xcalloc(affinity_nr_sites(found) + 1, sizeof(*sites));
	for (i = 0; i < affinity_nr_sites(found); i++)
		if (affinity_site_get(found, i, &sites[nr_sites]))
			nr_sites++;
	qsort(sites, nr_sites, sizeof(*sites), site_compare);

	all = scan_result_findings(&res, &nr_findings);
	for (i = 0; i < nr_findings; i++)
		if (is_migration_rule(all[i]->rule))
			defer_migration_finding(out, all[i]);
	audit_sort_migration_findings(out);
	for (i = 0; i < nr_findings; i++)
		if (!is_migration_rule(all[i]->rule))
			row_from_finding(out, &a.sc, all[i],
				 is_affinity_rule(all[i]->rule) ?
					 site_at(sites, nr_sites, all[i]->file,
						 all[i]->line, all[i]->column) :
					 NULL);
	/* A finding is never dropped; the API's own calls without one are not callers. */
	for (i = 0; i < nr_sites; i++)
		if (wanted(opts, sites[i].file->path) &&
		    !site_has_finding(all, nr_findings, sites[i].file->path,
				      sites[i].line, sites[i].column) &&
		    !audit_is_api_file(sites[i].file->path))
			row_from_site(out, &a, &sites[i]);
	free(all);
	free(sites);
	/* WQ013-WQ015 ask the work-item model of the same reading, once no
	 * site is held (the model may empty the source cache). */
	if (model) {
		/* the types libclang decides (item-types.h): as the scan's */
		m.db = opts->db;
		m.use_clang = true;
		workitem_model_report_visited(&m, &a, tree_rules, nr_tree_rules, &res);
		all = scan_result_findings(&res, &nr_findings);
		for (i = 0; i < nr_findings; i++)
			if (all[i]->rule->model_check &&
			    wanted(opts, all[i]->file))
				row_from_finding(out, &a.sc, all[i], NULL);
		free(all);
	}
	scan_result_release(&res);
	file_list_release(&scoped);

	/* The analysis' lexed files are not needed any more: room for the
	 * judging threads' own. Not handed back to the kernel (malloc_trim()):
	 * the judging would only fault the pages in again (3% of a whole
	 * audit's CPU on v6.19, its peak the same). */
	tree_reading_forget_sources(&a);
	audit_lexical_finish(lx, out);
	for (i = 0; i < out->nr_mfindings; i++)
		if (!out->mfindings[i].claimed)
			row_from_unclaimed(out, &out->mfindings[i]);
	affinity_sites_release(found);
	if (!opts->exits_after)
		tree_reading_release(&a);
	return 0;
}
