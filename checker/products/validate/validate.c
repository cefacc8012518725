/* wqcheck validate: the driver. Base build, then each patch in order with
 * git am, rebuild of the objects it touches and comparison with the state
 * before it; a rescan at the end; the report. */
#include "analysis/rules/rule.h"
#include "analysis/scan.h"
#include "lib/tempdir.h"
#include "lib/timing.h"
#include "front/tree.h"
#include "lib/usage.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"
#include "front/source-cache.h"

#include <dirent.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

double validate_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct vobject *find_object(struct vobject **objs, size_t nr, const char *object)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!strcmp(objs[i]->object, object))
			return objs[i];
	return NULL;
}

static struct vobject *add_object(struct vobject ***objs, size_t *nr, size_t *alloc,
				  const char *source)
{
	struct vobject *o;
	size_t n = strlen(source);
	char *object = xstrdup(source);

	object[n - 1] = 'o';
	o = find_object(*objs, *nr, object);
	if (o) {
		free(object);
		return o;
	}
	o = xcalloc(1, sizeof(*o));
	o->object = object;
	o->source = xstrdup(source);
	ALLOC_GROW(*objs, *nr, *alloc);
	(*objs)[(*nr)++] = o;
	return o;
}

/* The .c files next to a local header that #include it: a header change
 * rebuilds them. Headers under include/ would mean most of the kernel and
 * are not followed. */
static void header_users(const struct vtree *t, const char *header, struct strlist *out)
{
	const char *slash = strrchr(header, '/');
	char *dir = slash ? xstrndup(header, (size_t)(slash - header)) : xstrdup(".");
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, want = STRBUF_INIT;
	struct dirent *de;
	DIR *d;

	strbuf_addf(&path, "%s/%s", t->srcdir, dir);
	strbuf_addf(&want, "\"%s\"", slash ? slash + 1 : header);
	d = opendir(path.buf);
	while (d && (de = readdir(d))) {
		if (!ends_with(de->d_name, ".c"))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s/%s", t->srcdir, dir, de->d_name);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, path.buf) == 0 && strstr(text.buf, want.buf)) {
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", dir, de->d_name);
			strlist_add(out, path.buf);
		}
	}
	if (d)
		closedir(d);
	free(dir);
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&want);
}

/* Does a Makefile list the object of source? */
static bool listed_object(const struct vtree *t, const char *source)
{
	struct strlist gates = { 0 };
	char *object = xstrdup(source);
	bool listed;

	object[strlen(object) - 1] = 'o';
	listed = makefile_gates(t->srcdir, object, NULL, &gates);
	strlist_release(&gates);
	free(object);
	return listed;
}

/* i915_sw_fence.o proves selftests/i915_sw_fence.c, which it #includes
 * under #if IS_ENABLED(CONFIG_DRM_I915_SELFTEST), only where the
 * configuration compiles that #include: else why not, NULL when it does
 * or source holds no touched .c file. */
static char *include_not_compiled(const struct vtree *t, const struct vseries *s,
				  const char *source)
{
	size_t plen = strlen(t->prefix), i, j, k;
	char *r = NULL;

	/* the series changes the includer itself: that is proved as ever */
	for (i = 0; i < s->nr_patches; i++)
		for (j = 0; j < s->patches[i].files.nr; j++)
			if (!strncmp(s->patches[i].files.items[j], t->prefix, plen) &&
			    !strcmp(s->patches[i].files.items[j] + plen, source))
				return NULL;
	for (i = 0; i < s->nr_patches && !r; i++)
		for (j = 0; j < s->patches[i].files.nr && !r; j++) {
			const char *f = s->patches[i].files.items[j];
			struct strlist users = { 0 }, gates = { 0 };

			if (strncmp(f, t->prefix, plen) || !ends_with(f, ".c") ||
			    listed_object(t, f + plen))
				continue;
			f += plen;
			if (vsource_includers(t->srcdir, f, &users, &gates) &&
			    strlist_has(&users, source))
				for (k = 0; k < gates.nr && !r; k++) {
					struct strbuf sym = STRBUF_INIT;
					char buf[16];
					const char *v;

					strbuf_addf(&sym, "CONFIG_%s", gates.items[k]);
					v = vtree_config_value(t, sym.buf, buf, sizeof(buf));
					if (!v || (strcmp(v, "y") && strcmp(v, "m"))) {
						char *why = t->kconfig ?
							kconfig_explain(t->kconfig, gates.items[k]) :
							NULL;

						strbuf_reset(&sym);
						strbuf_addf(&sym, "CONFIG_%s is not set (%s #includes "
							    "%s under it)%s%s", gates.items[k], source, f,
							    why ? ": " : "", why ? why : "");
						free(why);
						r = strbuf_detach(&sym);
					}
					strbuf_release(&sym);
				}
			strlist_release(&users);
			strlist_release(&gates);
		}
	return r;
}

/* The tree-relative sources a patch file list means, and their objects;
 * gates, when not NULL, gets the symbols of the #if around the #include of
 * a .c file compiled inside another. */
static void patch_sources(const struct vtree *t, const struct strlist *files, struct strlist *out,
			  struct strlist *gates)
{
	size_t plen = strlen(t->prefix), i;

	for (i = 0; i < files->nr; i++) {
		const char *f = files->items[i];

		if (strncmp(f, t->prefix, plen))
			continue;	/* outside the kernel tree */
		f += plen;
		if (ends_with(f, ".c") && !listed_object(t, f) &&
		    vsource_includers(t->srcdir, f, out, gates)) {
			/* hostap_hw.c, u_ether.c, i915's selftests: built
			 * inside the files that #include them */
		} else if (ends_with(f, ".c") || ends_with(f, ".S")) {
			if (!strlist_has(out, f))
				strlist_add(out, f);
		} else if (ends_with(f, ".h") && strncmp(f, "include/", 8) &&
			   strncmp(f, "arch/", 5)) {
			header_users(t, f, out);
		}
	}
}

/* Does the tree's schedule_work() compile to queue_work(system_wq, ...)
 * inline? Then comparing converted WQ003 sites needs no identities. */
static bool schedule_work_is_inline(const struct vtree *t)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	bool inl = false;
	const char *p;

	strbuf_addf(&path, "%s/include/linux/workqueue.h", t->srcdir);
	if (strbuf_read_file(&text, path.buf) == 0)
		for (p = text.buf; (p = strstr(p, " schedule_work(struct work_struct")); p++) {
			const char *bol = p;

			while (bol > text.buf && bol[-1] != '\n')
				bol--;
			if (!strncmp(bol, "static inline ", 14) || !strncmp(bol, "static __always_inline ", 23))
				inl = true;
		}
	strbuf_release(&path);
	strbuf_release(&text);
	return inl;
}

static bool needs_identities(const struct vtree *t, const struct vseries *s, const char *source,
			     bool sched_inline)
{
	struct strbuf full = STRBUF_INIT, text = STRBUF_INIT;
	bool yes;

	strbuf_addf(&full, "%s%s", t->prefix, source);
	yes = strlist_has(&s->identity_files, full.buf);
	if (yes && sched_inline) {
		/* only WQ_NON_REENTRANT needs them then */
		const char *needle = "WQ_NON_REENTRANT";

		strbuf_reset(&full);
		strbuf_addf(&full, "%s/%s", t->srcdir, source);
		yes = strbuf_read_file(&text, full.buf) == 0 && strstr(text.buf, needle);
	}
	strbuf_release(&full);
	strbuf_release(&text);
	return yes;
}

/* The rules whose names the series removed: those must find nothing left
 * in the files it touched. */
static void rescan(struct vtree *t, const struct vseries *s, const struct strlist *sources,
		   struct vreport *r)
{
	const struct rule *rules[64];
	size_t nr_rules = 0, i, j, nr;
	struct file_list files = { 0 };
	struct scan_options so = { 0 };
	struct scan_result res = { 0 };
	struct finding **all;

	for (i = 0; i < nr_all_rules && nr_rules < 64; i++) {
		const struct rule *rule = all_rules[i];

		if (!rule->identifiers)
			continue;
		for (j = 0; rule->identifiers[j]; j++)
			if (s->removed.buf && strstr(s->removed.buf, rule->identifiers[j]))
				break;
		if (rule->identifiers[j]) {
			rules[nr_rules++] = rule;
			strlist_add(&r->rescan_rules, rule->id);
		}
	}
	r->rescan_done = true;
	r->rescan_clean = true;
	if (!nr_rules)
		return;
	for (i = 0; i < sources->nr; i++)
		list_tree_files(t->srcdir, sources->items[i], &files);
	file_list_finish(&files);
	if (!files.nr) {
		file_list_release(&files);
		return;
	}
	vtree_progress(t, "rescanning %zu file%s for %zu rule%s", files.nr,
		       files.nr == 1 ? "" : "s", nr_rules, nr_rules == 1 ? "" : "s");
	so.root = t->srcdir;
	so.rules = rules;
	so.nr_rules = nr_rules;
	so.jobs = t->jobs;
	so.use_clang = true;
	scan_run(&so, &files, &res);
	all = scan_result_findings(&res, &nr);
	for (i = 0; i < nr; i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s:%u:%u: %s [%s]", all[i]->file, all[i]->line, all[i]->column,
			    all[i]->message ? all[i]->message : "", all[i]->rule->id);
		/* a site the rule offers no fix for is not one the series
		 * could have converted: listed, not a failure */
		if (!finding_fixable(all[i])) {
			strlist_add_nodup(&r->rescan_unfixable, strbuf_detach(&sb));
			continue;
		}
		strlist_add_nodup(&r->rescan_findings, strbuf_detach(&sb));
		r->rescan_clean = false;
	}
	for (i = 0; i < res.nr_files; i++)
		if (res.files[i].failed_reason) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "%s: not fully analysed: %s", res.files[i].path,
				    res.files[i].failed_reason);
			strlist_add_nodup(&r->rescan_findings, strbuf_detach(&sb));
			r->rescan_clean = false;
		}
	free(all);
	scan_result_release(&res);
	file_list_release(&files);
}

/*
 * A fix changes code on purpose: it passes when every function whose code
 * differs is one its log names, or a function of its source (after the
 * patch) that calls a named static one, whose body the compiler may have
 * inlined there.
 */
static bool changed_as_named(const struct vtree *t, const struct vobject *o,
			     const struct vpatch_object *po)
{
	const struct strlist *named = &po->patch->named;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	struct source_file *f = NULL;
	bool ok = true;
	size_t i, k;

	strbuf_addf(&path, "%s/%s", t->srcdir, o->source);
	if (strbuf_read_file(&text, path.buf) >= 0) {
		size_t len = text.len;

		f = source_file_new(o->source, strbuf_detach(&text), len);
	}
	for (i = 0; ok && i < po->diff_functions.nr; i++) {
		/* gcc's clones are their function: virtscsi_probe.cold,
		 * virtscsi_kick_event.isra.0, foo.constprop.0, foo.part.0 */
		char *fn = xstrndup(po->diff_functions.items[i],
				    strcspn(po->diff_functions.items[i], "."));
		const struct source_function *g;
		bool calls = false;

		if (strlist_has(named, fn)) {
			free(fn);
			continue;
		}
		g = f ? source_find_function(f, fn) : NULL;
		free(fn);
		for (k = 0; g && !g->is_macro && !calls && k < named->nr; k++) {
			const struct source_function *callee =
				source_find_function(f, named->items[k]);
			size_t tok;

			/* only a static function of the file can be inlined */
			if (!callee || callee->is_macro || !callee->is_static)
				continue;
			for (tok = g->body_open; tok < g->body_close && !calls; tok++)
				calls = tok_is_ident(&f->lex, (long)tok, named->items[k]) &&
					tok_is_punct(&f->lex, (long)tok + 1, "(");
		}
		ok = calls;
	}
	if (f)
		source_file_free(f);
	strbuf_release(&path);
	strbuf_release(&text);
	return ok;
}

static void judge(const struct vtree *t, struct vpatch_object *po, struct vobject *o,
		  struct vobject_state *now)
{
	struct conversion_flags flags;

	po->obj = o;
	if (o->not_built) {
		po->reason = xstrdup(o->not_built);
		return;
	}
	if (!now->compiled) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "does not compile after this patch: %s", now->error);
		po->reason = strbuf_detach(&sb);
		return;
	}
	po->built = true;
	conversion_flags_read(t->srcdir, &flags);
	compare_code(&o->state, now, &flags, &po->diff_functions, &po->conversion_differences);
	po->code_equal = !po->diff_functions.nr;
	for (size_t i = 0; i < po->diff_functions.nr; i++) {
		struct strbuf sb = STRBUF_INIT;

		code_excerpt(&o->state, now, po->diff_functions.items[i], &sb);
		strlist_add(&po->diff_excerpts, sb.buf);
		strbuf_release(&sb);
	}
	po->verdict = !po->code_equal ? CODE_DIFFERENT :
		      po->conversion_differences.nr || o->identities ? CODE_EQUAL_UP_TO_CONVERSION :
		      CODE_EQUAL;
	if (po->verdict == CODE_DIFFERENT && po->patch && po->patch->fix &&
	    changed_as_named(t, o, po)) {
		po->verdict = CODE_CHANGED_AS_NAMED;
		po->code_equal = true;
	}
	strlist_subtract(&now->warnings, &o->state.warnings, &po->new_warnings);
	strlist_subtract(&now->sparse_warnings, &o->state.sparse_warnings, &po->new_sparse_warnings);
}

static bool object_passed(const struct vpatch_object *po)
{
	return po->built && po->code_equal && !po->new_warnings.nr && !po->new_sparse_warnings.nr;
}

/* Builds objs in the current state, judges each against its reference and
 * makes the new state the reference of the next patch. */
static void judge_built(struct vtree *t, const struct vseries *s, struct vobject **objs,
			struct vpatch_object **verdicts, size_t nr, bool *failed)
{
	struct vobject_state *states = xcalloc(nr + 1, sizeof(*states));
	char *head = vgit_head(t);
	size_t j;

	if (nr) {
		build_by_tree(t, objs, nr, states, true);
		timing_phase("built %zu object%s", nr, nr == 1 ? "" : "s");
		sparse_references(t, objs, states, nr);
	}
	for (j = 0; j < nr; j++)
		judge(t, verdicts[j], objs[j], &states[j]);
	neutral_second_look(t, s, objs, verdicts, states, nr);
	timing_phase("judged %zu object%s", nr, nr == 1 ? "" : "s");
	for (j = 0; j < nr; j++) {
		if (!object_passed(verdicts[j]))
			*failed = true;
		if (states[j].compiled) {
			vobject_state_release(&objs[j]->state);
			objs[j]->state = states[j];
			free(objs[j]->state_commit);
			objs[j]->state_commit = head ? xstrdup(head) : NULL;
		} else {
			vobject_state_release(&states[j]);
		}
	}
	free(states);
	free(head);
}

/* Every file the series touches in the tree is a .c file (or outside it).
 * A .c file that others #include counts as theirs: patch_sources() maps it
 * to them, and touched_later() reads those lists. So does a local header
 * that .c files next to it #include (kernel/rcu/tasks.h, in update.c's
 * directory): patch_sources() maps it to them the same way. */
static bool series_only_sources(const struct vtree *t, const struct vseries *s)
{
	size_t plen = strlen(t->prefix), i, j;

	for (i = 0; i < s->nr_patches; i++)
		for (j = 0; j < s->patches[i].files.nr; j++) {
			const char *f = s->patches[i].files.items[j];
			struct strlist users = { 0 };
			bool mapped;

			if (strncmp(f, t->prefix, plen) || ends_with(f, ".c"))
				continue;
			f += plen;
			mapped = ends_with(f, ".h") && strncmp(f, "include/", 8) &&
				 strncmp(f, "arch/", 5);
			if (mapped)
				header_users(t, f, &users);
			mapped = mapped && users.nr;
			strlist_release(&users);
			if (!mapped)
				return false;
		}
	return true;
}

/* The first patch after the k-th that touches source again; nr_patches
 * when none does. sources[i] is what patch_sources() made of patch i. */
static size_t next_touch(const struct vseries *s, const struct strlist *sources, size_t k,
			 const char *source)
{
	size_t i;

	for (i = k + 1; i < s->nr_patches; i++)
		if (strlist_has(&sources[i], source))
			break;
	return i;
}

/* Does a patch after the k-th rebuild source? */
static bool touched_later(const struct vseries *s, const struct strlist *sources, size_t k,
			  const char *source)
{
	return next_touch(s, sources, k, source) < s->nr_patches;
}

/* The last patch of the round that starts at the i-th: the state its
 * objects are built at. Without deferral, the first patch from the i-th
 * on that touches an object. With it, the objects a later patch touches
 * again must be built before that patch, and any state after their own
 * patch serves (no header in the series: only their own source makes
 * their code); so a round runs as far as the earliest such next touch
 * allows, and one make serves every object the round may build. */
static size_t round_end(const struct vseries *s, const struct strlist *sources, bool defer,
			size_t i)
{
	size_t last = i, limit = s->nr_patches, j;

	for (;; last++) {
		if (!defer && sources[last].nr)
			return last;
		for (j = 0; defer && j < sources[last].nr; j++) {
			size_t next = next_touch(s, sources, last, sources[last].items[j]);

			if (next < limit)
				limit = next;
		}
		if (last + 1 >= s->nr_patches || last + 1 >= limit)
			return last;
	}
}

/* The objects the base could not compile, built again after the series:
 * the same error before and after is a reason not to judge them (the
 * series did not cause it); another error, or none, is said as it is. */
static void rebuild_base_failures(struct vtree *t, const struct vseries *s,
				  struct vobject **objs, size_t nr)
{
	struct vobject **again = xcalloc(nr + 1, sizeof(*again));
	struct vobject_state *now;
	size_t n = 0, i, k, j;

	for (i = 0; i < nr; i++)
		if (objs[i]->base_failed) {
			free(objs[i]->not_built);
			objs[i]->not_built = NULL;
			again[n++] = objs[i];
		}
	vtree_progress(t, "building again the %zu object%s the base does not compile", n,
		       n == 1 ? "" : "s");
	now = xcalloc(n + 1, sizeof(*now));
	build_by_tree(t, again, n, now, false);
	for (i = 0; i < n; i++) {
		struct vobject *o = again[i];
		struct strbuf sb = STRBUF_INIT;
		const char *before = o->state.error ? o->state.error : "make did not build it";

		if (now[i].compiled)
			strbuf_addf(&sb, "does not compile at the base (%s); compiles after the "
				    "series, so there is nothing to compare it with", before);
		else if (now[i].error && !strcmp(now[i].error, before))
			strbuf_addf(&sb, "does not compile at the base and after the series alike: %s",
				    before);
		else
			strbuf_addf(&sb, "does not compile at the base (%s), nor after the series, "
				    "with another error: %s", before,
				    now[i].error ? now[i].error : "make did not build it");
		o->not_built = strbuf_detach(&sb);
		vobject_state_release(&now[i]);
		/* every verdict on it says so */
		for (k = 0; k < s->nr_patches; k++)
			for (j = 0; j < s->patches[k].nr_objects; j++)
				if (s->patches[k].objects[j].obj == o) {
					free(s->patches[k].objects[j].reason);
					s->patches[k].objects[j].reason = xstrdup(o->not_built);
				}
	}
	free(now);
	free(again);
}

int validate_series(const struct validate_options *opts)
{
	struct vseries series;
	struct vtree t = { 0 };
	struct vreport r = { 0 };
	struct strlist all_sources = { 0 };
	struct vobject **objs = NULL;
	size_t nr_objs = 0, alloc_objs = 0, i, j;
	size_t nr_base_failed = 0, nr_base_built = 0;
	struct strlist *patch_srcs = NULL;	/* patch_sources() of each patch */
	struct vobject_state *states = NULL;
	FILE *out = opts->out ? opts->out : stdout;
	bool failed = false, sched_inline, defer;
	struct vobject **deferred = NULL;
	struct vpatch_object **deferred_verdicts = NULL;
	size_t nr_deferred = 0, alloc_deferred = 0, alloc_deferred_verdicts = 0;
	int status = EXIT_CLEAN;
	double start = validate_now(), t0, t1;

	if (series_read(opts->series_dir, &series) < 0)
		return EXIT_USAGE;
	if (vtree_open(&t, opts->tree) < 0) {
		series_release(&series);
		vtree_release(&t);
		return EXIT_USAGE;
	}
	vtrust_build_changes(&series, &r.build_changes);
	if (r.build_changes.nr && !opts->allow_build_changes) {
		struct strbuf sb = STRBUF_INIT;

		for (i = 0; i < r.build_changes.nr && i < 8; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", r.build_changes.items[i]);
		if (r.build_changes.nr > 8)
			strbuf_addf(&sb, " and %zu more", r.build_changes.nr - 8);
		error("the series changes what the build runs, not only C sources (%s): "
		      "building it runs its code here; --allow-build-changes to go on", sb.buf);
		strbuf_release(&sb);
		strlist_release(&r.build_changes);
		series_release(&series);
		vtree_release(&t);
		return EXIT_USAGE;
	}
	t.jobs = opts->jobs > 0 ? opts->jobs : 0;
	t.progress = opts->progress;
	for (i = 0; i < opts->nr_make_args; i++)
		strlist_add(&t.make_args, opts->make_args[i]);
	r.series = &series;
	r.tree = &t;
	r.base = series.base ? series.base : t.head;
	r.base_source = series.base ? "base-commit: of the series" : "HEAD of the tree";

	/* lib/cleanup.h removes it, the worktree and its entry on every way
	 * out, signals included */
	t.scratch = xstrdup(tempdir_create("validate"));
	{
		/* the compilers' temporary files go with the scratch dir */
		struct strbuf tmp = STRBUF_INIT;

		strbuf_addf(&tmp, "%s/tmp", t.scratch);
		if (!mkdir(tmp.buf, 0777))
			setenv("TMPDIR", tmp.buf, 1);
		strbuf_release(&tmp);
	}
	if (opts->distcc && vdistcc_setup(&t, opts->distcc, &t.jobs) < 0) {
		status = EXIT_USAGE;
		goto early;
	}
	if (t.jobs <= 0)
		t.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	t0 = validate_now();
	if (vtree_add_worktree(&t, r.base) < 0 ||
	    (vcheckout_link(&t) < 0 && vtree_checkout_worktree(&t) < 0) ||
	    vtree_finish_worktree(&t) < 0)
		goto broken;
	if (vsandbox_setup(&t, opts->sandbox) < 0) {
		r.fatal = xstrdup("no sandbox (--sandbox=always)");
		goto finish;
	}
	t1 = validate_now();
	r.t_worktree = t1 - t0;

	/* the objects: every patch's, in order of first appearance */
	for (i = 0; i < series.nr_patches; i++) {
		struct strlist sources = { 0 };

		patch_sources(&t, &series.patches[i].files, &sources, &t.source_gates);
		for (j = 0; j < sources.nr; j++) {
			struct vobject *o = add_object(&objs, &nr_objs, &alloc_objs, sources.items[j]);

			if (!strlist_has(&all_sources, sources.items[j]))
				strlist_add(&all_sources, sources.items[j]);
			(void)o;
		}
		strlist_release(&sources);
	}
	/* what it will cost, before it costs it (validate-plan.c) */
	if (opts->progress || opts->dry_run)
		vplan_print(stderr, &t, opts, &series, objs, nr_objs);
	if (opts->dry_run)
		goto planned;

	if (vtree_configure(&t, opts->config) < 0)
		goto broken;
	/* the tree's .config, or the one given, is the user's choice: it
	 * grows only when asked (--enable-touched) */
	if (t.config_default || opts->enable_touched) {
		struct strlist objects = { 0 };
		int enabled;

		for (i = 0; i < nr_objs; i++)
			strlist_add(&objects, objs[i]->object);
		enabled = vconfig_cover(&t, r.base, &objects);
		strlist_release(&objects);
		if (enabled < 0)
			goto broken;
	}
	t0 = validate_now();
	r.t_configure = t0 - t1;
	if (vtree_prepare(&t, r.base) < 0)
		goto broken;
	t1 = validate_now();
	r.t_prepare = t1 - t0;

	sched_inline = schedule_work_is_inline(&t);
	for (i = 0; i < nr_objs; i++) {
		objs[i]->not_built = vtree_object_not_built(&t, objs[i]->object);
		if (!objs[i]->not_built)
			objs[i]->not_built = include_not_compiled(&t, &series, objs[i]->source);
		if (!objs[i]->not_built)
			objs[i]->make_target = vtree_object_make_target(&t, objs[i]->object);
		objs[i]->identities = needs_identities(&t, &series, objs[i]->source, sched_inline);
	}
	/* the objects of other arches, with their cross compilers */
	vcross_setup(&t, r.base, objs, nr_objs);
	t0 = validate_now();
	r.t_arches = t0 - t1;
	t1 = t0;
	r.objects = objs;
	r.nr_objects = nr_objs;

	vtree_progress(&t, "building %zu object%s at the base", nr_objs, nr_objs == 1 ? "" : "s");
	states = xcalloc(nr_objs + 1, sizeof(*states));
	/* sparse at the base only for what has sparse warnings after
	 * (sparse_references()) */
	if (build_by_tree(&t, objs, nr_objs, states, false) < 0) {
		r.fatal = xstrdup("make could not run");
		goto finish;
	}
	t0 = validate_now();
	r.t_base = t0 - t1;
	{
		char *head = vgit_head(&t);

		for (i = 0; i < nr_objs; i++)
			objs[i]->state_commit = head ? xstrdup(head) : NULL;
		free(head);
	}
	for (i = 0; i < nr_objs; i++) {
		bool tried = !objs[i]->not_built;

		objs[i]->state = states[i];
		if (tried && !states[i].compiled) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "does not compile at the base: %s", states[i].error);
			objs[i]->not_built = strbuf_detach(&sb);
			objs[i]->base_failed = true;
			nr_base_failed++;
		} else if (tried) {
			nr_base_built++;
		}
	}
	/* One object the base cannot compile (a driver the configuration
	 * enabled that this compiler rejects) is that object's verdict; a base
	 * that compiles none is broken. */
	if (nr_base_failed && !nr_base_built)
		r.fatal = xstrdup("the base does not build any touched object "
				  "(a newer compiler may need --make-arg KCFLAGS=...)");

	/* Without a header in the series, an object's code depends on its own
	 * source only: an object no later patch touches again is built once,
	 * after the last patch, together with all the others like it. */
	defer = series_only_sources(&t, &series);
	patch_srcs = xcalloc(series.nr_patches + 1, sizeof(*patch_srcs));
	for (i = 0; i < series.nr_patches; i++)
		patch_sources(&t, &series.patches[i].files, &patch_srcs[i], NULL);
	for (i = 0; i < series.nr_patches;) {
		size_t last, applied, k;
		struct vobject **now;
		struct vpatch_object **now_verdicts;
		size_t nr_now = 0, alloc_now = 0, alloc_now_verdicts = 0;
		char *apply_error;

		/* one git am up to the state the next objects are judged at */
		last = round_end(&series, patch_srcs, defer, i);
		for (k = i; k <= last; k++)
			vtree_progress(&t, "[%zu/%zu] %s", k + 1, series.nr_patches,
				       series.patches[k].name);
		applied = vseries_apply(&t, &series, i, last, &apply_error);
		now = NULL;
		now_verdicts = NULL;
		for (k = i; k < i + applied; k++) {
			struct vpatch *p = &series.patches[k];
			const struct strlist *sources = &patch_srcs[k];

			p->applied = true;
			p->objects = xcalloc(sources->nr + 1, sizeof(*p->objects));
			p->nr_objects = sources->nr;
			for (j = 0; j < sources->nr; j++) {
				struct strbuf obj = STRBUF_INIT;
				struct vobject *o;

				strbuf_addstr(&obj, sources->items[j]);
				obj.buf[obj.len - 1] = 'o';
				o = find_object(objs, nr_objs, obj.buf);
				strbuf_release(&obj);
				p->objects[j].obj = o;
				p->objects[j].patch = p;
				if (defer && !touched_later(&series, patch_srcs, k, o->source)) {
					ALLOC_GROW(deferred, nr_deferred, alloc_deferred);
					deferred[nr_deferred] = o;
					ALLOC_GROW(deferred_verdicts, nr_deferred,
						   alloc_deferred_verdicts);
					deferred_verdicts[nr_deferred++] = &p->objects[j];
				} else {
					ALLOC_GROW(now, nr_now, alloc_now);
					now[nr_now] = o;
					ALLOC_GROW(now_verdicts, nr_now, alloc_now_verdicts);
					now_verdicts[nr_now++] = &p->objects[j];
				}
			}
		}
		if (apply_error) {
			struct vpatch *p = &series.patches[i + applied];

			p->apply_error = apply_error;
			if (!r.fatal) {
				struct strbuf sb = STRBUF_INIT;

				strbuf_addf(&sb, "%s does not apply: %s", p->name, p->apply_error);
				r.fatal = strbuf_detach(&sb);
			}
		} else {
			judge_built(&t, &series, now, now_verdicts, nr_now, &failed);
		}
		free(now);
		free(now_verdicts);
		if (apply_error)
			break;
		i = last + 1;
	}
	if (nr_deferred) {
		vtree_progress(&t, "building the %zu object%s of the series' last touches", nr_deferred,
			       nr_deferred == 1 ? "" : "s");
		judge_built(&t, &series, deferred, deferred_verdicts, nr_deferred, &failed);
	}
	free(deferred);
	free(deferred_verdicts);
	for (i = 0; i < series.nr_patches; i++)
		strlist_release(&patch_srcs[i]);
	free(patch_srcs);
	patch_srcs = NULL;
	if (nr_base_failed && !r.fatal)
		rebuild_base_failures(&t, &series, objs, nr_objs);

	t1 = validate_now();
	r.t_patches = t1 - t0;
	timing_phase("patches judged");
	if (!r.fatal) {
		rescan(&t, &series, &all_sources, &r);
		if (!r.rescan_clean)
			failed = true;
	}
	t0 = validate_now();
	r.t_rescan = t0 - t1;
	if (!r.fatal && opts->full) {
		const char *targets[] = { "-k", "all", NULL };
		struct strbuf outb = STRBUF_INIT;

		vtree_progress(&t, "building everything (--full)");
		r.full_done = true;
		r.full_ok = !run_make_targets(&t, targets, &outb);
		if (!r.full_ok) {
			const char *e = outb.buf ? strstr(outb.buf, "error") : NULL;
			const char *bol = e, *nl;

			while (bol && bol > outb.buf && bol[-1] != '\n')
				bol--;
			nl = bol ? strchr(bol, '\n') : NULL;
			r.full_error = bol ? xstrndup(bol, nl ? (size_t)(nl - bol) : strlen(bol))
					   : xstrdup("make failed");
			failed = true;
		}
		strbuf_release(&outb);
		r.t_full = validate_now() - t0;
	}
	for (i = 0; i < nr_objs; i++)
		if (objs[i]->not_built)
			failed = true;
	goto finish;

broken:
	r.fatal = xstrdup("the base could not be checked out, configured or prepared");
finish:
	r.t_total = validate_now() - start;
	status = r.fatal ? EXIT_USAGE : failed ? EXIT_FINDINGS : EXIT_CLEAN;
	r.status = status;
	if (r.fatal)
		fprintf(stderr, "wqcheck validate: %s\n", r.fatal);
	if (opts->json)
		report_validate_json(out, &r);
	else
		report_validate_text(out, &r);
	fflush(out);
	timing_phase("reported");
	r.nr_objects = nr_objs;
	vplan_record(&t, &r, series.nr_patches);
planned:
	vtree_remove_worktree(&t);
	timing_phase("worktree removed");
	for (i = 0; i < nr_objs; i++) {
		free(objs[i]->object);
		free(objs[i]->source);
		free(objs[i]->make_target);
		free(objs[i]->state_commit);
		free(objs[i]->not_built);
		free(objs[i]->arch);
		vobject_state_release(&objs[i]->state);
		free(objs[i]);
	}
	free(objs);
	free(states);
	free(r.fatal);
	free(r.full_error);
	strlist_release(&r.rescan_rules);
	strlist_release(&r.rescan_findings);
	strlist_release(&r.rescan_unfixable);
	strlist_release(&all_sources);
early:
	strlist_release(&r.build_changes);
	series_release(&series);
	vtree_release(&t);
	return status;
}
