/* The validate report: a human summary, or JSON for CI. */
#include "front/era.h"
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <jansson.h>
#include <string.h>

static json_t *string_array(const struct strlist *l)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < l->nr; i++)
		json_array_append_new(a, json_string(l->items[i]));
	return a;
}

static const char *const verdict_names[] = {
	[CODE_DIFFERENT] = "different",
	[CODE_EQUAL] = "equal",
	[CODE_EQUAL_UP_TO_CONVERSION] = "equal_up_to_conversion",
	[CODE_CHANGED_AS_NAMED] = "changed_as_named",
};

/* Why an object was not built, in a few kinds for the summary; the
 * object's own line says it in full. */
static const char *reason_kind(const char *reason)
{
	if (!reason)
		return "other";
	if (!strncmp(reason, "does not compile at the base", 28))
		return "does not compile at the base";
	if (!strncmp(reason, "does not compile after", 22))
		return "does not compile after a patch";
	if (strstr(reason, "not installed") || strstr(reason, "no cross") ||
	    strstr(reason, "missing tool") || strstr(reason, "cannot run"))
		return "missing tool";
	if (strstr(reason, "ARCH="))
		return "another architecture";
	if (strstr(reason, "CONFIG_"))
		return "not enabled by the configuration";
	if (strstr(reason, "no Makefile rule"))
		return "in no Makefile rule";
	return "other";
}

#define MAX_KINDS 8
#define MAX_ARCHES 16

/* The objects of one other arch. */
struct arch_count {
	const char *arch;
	size_t touched, built, equal;
};

/* Every object the series touches, counted once: its worst verdict over
 * the patches that touched it. */
struct coverage {
	size_t touched, built, equal, up_to_conversion, different, with_new_warnings;
	size_t as_named;		/* changed only where a fix says */
	size_t not_built, not_tried;
	const char *kinds[MAX_KINDS];
	size_t kind_count[MAX_KINDS];
	size_t nr_kinds;
	struct arch_count arches[MAX_ARCHES];
	size_t nr_arches;
};

static struct arch_count *arch_counted(struct coverage *c, const char *arch)
{
	size_t i;

	for (i = 0; i < c->nr_arches; i++)
		if (!strcmp(c->arches[i].arch, arch))
			return &c->arches[i];
	if (c->nr_arches == MAX_ARCHES)
		return &c->arches[MAX_ARCHES - 1];
	c->arches[c->nr_arches].arch = arch;
	return &c->arches[c->nr_arches++];
}

static void count_kind(struct coverage *c, const char *kind)
{
	size_t i;

	for (i = 0; i < c->nr_kinds; i++)
		if (!strcmp(c->kinds[i], kind))
			break;
	if (i == c->nr_kinds) {
		if (c->nr_kinds == MAX_KINDS)
			i--;
		else
			c->kinds[c->nr_kinds++] = kind;
	}
	c->kind_count[i]++;
	c->not_built++;
}

static void coverage_count(const struct vreport *r, struct coverage *c)
{
	size_t i, j, k;

	memset(c, 0, sizeof(*c));
	c->touched = r->nr_objects;
	for (i = 0; i < r->nr_objects; i++) {
		const struct vobject *o = r->objects[i];
		const char *failed = NULL;
		enum code_verdict worst = CODE_EQUAL;
		bool tried = false, warned = false;
		struct arch_count *ac = o->arch ? arch_counted(c, o->arch) : NULL;

		if (ac)
			ac->touched++;
		if (o->not_built) {
			count_kind(c, reason_kind(o->not_built));
			continue;
		}
		for (j = 0; j < r->series->nr_patches; j++) {
			const struct vpatch *p = &r->series->patches[j];

			for (k = 0; p->applied && k < p->nr_objects; k++) {
				const struct vpatch_object *po = &p->objects[k];

				if (po->obj != o)
					continue;
				tried = true;
				if (!po->built) {
					failed = failed ? failed : po->reason;
					continue;
				}
				if (po->verdict == CODE_DIFFERENT ||
				    (po->verdict == CODE_CHANGED_AS_NAMED &&
				     worst != CODE_DIFFERENT) ||
				    (po->verdict == CODE_EQUAL_UP_TO_CONVERSION && worst == CODE_EQUAL))
					worst = po->verdict;
				warned |= po->new_warnings.nr || po->new_sparse_warnings.nr;
			}
		}
		if (!tried) {
			c->not_tried++;
		} else if (failed) {
			count_kind(c, reason_kind(failed));
		} else {
			c->built++;
			c->with_new_warnings += warned;
			if (ac) {
				ac->built++;
				ac->equal += worst != CODE_DIFFERENT && !warned;
			}
			if (worst == CODE_EQUAL)
				c->equal++;
			else if (worst == CODE_EQUAL_UP_TO_CONVERSION)
				c->up_to_conversion++;
			else if (worst == CODE_CHANGED_AS_NAMED)
				c->as_named++;
			else
				c->different++;
		}
	}
}

static json_t *coverage_json(const struct coverage *c)
{
	json_t *j = json_object(), *kinds = json_object();
	size_t i;

	json_object_set_new(j, "objects_touched", json_integer((json_int_t)c->touched));
	json_object_set_new(j, "built", json_integer((json_int_t)c->built));
	json_object_set_new(j, "equal", json_integer((json_int_t)c->equal));
	json_object_set_new(j, "equal_up_to_conversion",
			    json_integer((json_int_t)c->up_to_conversion));
	json_object_set_new(j, "different", json_integer((json_int_t)c->different));
	json_object_set_new(j, "with_new_warnings", json_integer((json_int_t)c->with_new_warnings));
	json_object_set_new(j, "not_built", json_integer((json_int_t)c->not_built));
	for (i = 0; i < c->nr_kinds; i++)
		json_object_set_new(kinds, c->kinds[i], json_integer((json_int_t)c->kind_count[i]));
	json_object_set_new(j, "not_built_by_reason", kinds);
	json_object_set_new(j, "not_tried", json_integer((json_int_t)c->not_tried));
	kinds = json_object();
	for (i = 0; i < c->nr_arches; i++) {
		json_t *a = json_object();

		json_object_set_new(a, "touched", json_integer((json_int_t)c->arches[i].touched));
		json_object_set_new(a, "built", json_integer((json_int_t)c->arches[i].built));
		json_object_set_new(a, "equal", json_integer((json_int_t)c->arches[i].equal));
		json_object_set_new(kinds, c->arches[i].arch, a);
	}
	json_object_set_new(j, "other_arches", kinds);
	return j;
}

/* "system_wq -> system_percpu_wq in 3 functions, | WQ_PERCPU in 1" from
 * the per-function list "f(): system_wq -> system_percpu_wq". */
/* An excerpt's lines, indented under its object. */
static void print_excerpt(FILE *fp, const char *excerpt)
{
	while (*excerpt) {
		size_t len = strcspn(excerpt, "\n");

		fprintf(fp, "    %.*s\n", (int)len, excerpt);
		excerpt += len + !!excerpt[len];
	}
}

static void print_conversion_differences(FILE *fp, const struct vpatch_object *po)
{
	struct strlist kinds = { 0 };
	size_t i, j, n;
	const char *sep = po->obj->identities ? "; " : "";

	if (po->obj->identities)
		fprintf(fp, "with WQ_NON_REENTRANT as 0 and schedule_*work() as their bodies");
	/* the immediate alone did not show it: gcc placed code apart */
	if (po->percpu_held)
		fprintf(fp, "the same code with WQ_PERCPU as 0 on both sides: ");
	for (i = 0; i < po->conversion_differences.nr; i++) {
		const char *kind = strstr(po->conversion_differences.items[i], "(): ");

		kind = kind ? kind + 4 : po->conversion_differences.items[i];
		if (!strlist_has(&kinds, kind))
			strlist_add(&kinds, kind);
	}
	for (i = 0; i < kinds.nr; i++) {
		for (j = n = 0; j < po->conversion_differences.nr; j++) {
			const char *kind = strstr(po->conversion_differences.items[j], "(): ");

			n += kind && !strcmp(kind + 4, kinds.items[i]);
		}
		fprintf(fp, "%s%s in %zu function%s", i ? ", " : sep, kinds.items[i], n,
			n == 1 ? "" : "s");
	}
	strlist_release(&kinds);
}

/* How many touched objects were compiled on a distcc host at least once */
static size_t built_remotely(const struct vreport *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nr_objects; i++)
		n += r->objects[i]->remote_builds > 0;
	return n;
}

/* Where the builds ran: the sandbox, distcc, the build changes let in. */
static void where_text(FILE *fp, const struct vreport *r)
{
	const struct vsandbox *sb = r->tree->sandbox;
	const struct vdistcc *d = r->tree->distcc;
	size_t i;

	if (sb && sb->on)
		fprintf(fp, "sandbox: bubblewrap (file system read-only but the worktree and the "
			"compiler cache, home and /root hidden%s)\n",
			sb->network ? ", network kept for distcc" : ", no network");
	else if (sb)
		fprintf(fp, "sandbox: none (%s)\n", sb->why_not);
	if (r->build_changes.nr) {
		fprintf(fp, "build changes run (--allow-build-changes):");
		for (i = 0; i < r->build_changes.nr; i++)
			fprintf(fp, "%s %s", i ? "," : "", r->build_changes.items[i]);
		fprintf(fp, "\n");
	}
	if (d)
		fprintf(fp, "distcc: %s, -j%d: %zu of %zu objects built on a host at least once; "
			"compiles of touched objects: %zu on the hosts, %zu here (%zu after a host "
			"failed)\n", d->hosts, r->tree->jobs, built_remotely(r), r->nr_objects,
			d->remote, d->local, d->fallbacks);
}

static void where_json(json_t *root, const struct vreport *r)
{
	const struct vsandbox *sb = r->tree->sandbox;
	const struct vdistcc *d = r->tree->distcc;
	json_t *j = json_object();

	json_object_set_new(j, "used", json_boolean(sb && sb->on));
	json_object_set_new(j, "why_not", sb && !sb->on ? json_string(sb->why_not) : json_null());
	json_object_set_new(j, "network", json_boolean(!sb || !sb->on || sb->network));
	json_object_set_new(root, "sandbox", j);
	json_object_set_new(root, "build_changes", string_array(&r->build_changes));
	if (!d) {
		json_object_set_new(root, "distcc", json_null());
		return;
	}
	j = json_object();
	json_object_set_new(j, "hosts", json_string(d->hosts));
	json_object_set_new(j, "jobs", json_integer(r->tree->jobs));
	json_object_set_new(j, "objects_built_remotely", json_integer((json_int_t)built_remotely(r)));
	json_object_set_new(j, "remote_compiles", json_integer((json_int_t)d->remote));
	json_object_set_new(j, "local_compiles", json_integer((json_int_t)d->local));
	json_object_set_new(j, "fallbacks", json_integer((json_int_t)d->fallbacks));
	json_object_set_new(root, "distcc", j);
}

void report_validate_json(FILE *fp, const struct vreport *r)
{
	json_t *root = json_object(), *patches = json_array(), *renames = json_array();
	struct coverage c;
	size_t i, j;
	char *text;

	coverage_count(r, &c);

	for (i = 0; i < r->series->nr_patches; i++) {
		const struct vpatch *p = &r->series->patches[i];
		json_t *jp = json_object(), *objects = json_array();

		json_object_set_new(jp, "patch", json_string(p->name));
		if (p->subject)
			json_object_set_new(jp, "subject", json_string(p->subject));
		json_object_set_new(jp, "applied", json_boolean(p->applied));
		if (p->apply_error)
			json_object_set_new(jp, "apply_error", json_string(p->apply_error));
		for (j = 0; j < p->nr_objects; j++) {
			const struct vpatch_object *po = &p->objects[j];
			json_t *jo = json_object();

			json_object_set_new(jo, "object", json_string(po->obj->object));
			json_object_set_new(jo, "arch", json_string(po->obj->arch ? po->obj->arch :
								   r->tree->arch ? r->tree->arch : ""));
			json_object_set_new(jo, "arch_config", po->obj->tree ?
					    json_string(po->obj->tree->config_desc ?
							po->obj->tree->config_desc :
							po->obj->tree->defconfig) : json_null());
			json_object_set_new(jo, "built", json_boolean(po->built));
			json_object_set_new(jo, "built_as", po->obj->make_target ?
					    json_string(po->obj->make_target) : json_null());
			json_object_set_new(jo, "reason", po->reason ? json_string(po->reason) : json_null());
			json_object_set_new(jo, "code_equal", po->built ? json_boolean(po->code_equal)
								       : json_null());
			json_object_set_new(jo, "code_verdict", po->built ?
					    json_string(verdict_names[po->verdict]) : json_null());
			json_object_set_new(jo, "code_diff_functions", string_array(&po->diff_functions));
			json_object_set_new(jo, "code_diff_excerpts", string_array(&po->diff_excerpts));
			json_object_set_new(jo, "conversion_differences",
					    string_array(&po->conversion_differences));
			json_object_set_new(jo, "positions",
					    json_string(vpositions_name(po->obj->positions)));
			json_object_set_new(jo, "new_warnings", string_array(&po->new_warnings));
			json_object_set_new(jo, "new_sparse_warnings",
					    string_array(&po->new_sparse_warnings));
			json_object_set_new(jo, "identities", json_boolean(po->obj->identities));
			json_object_set_new(jo, "percpu_held", json_boolean(po->percpu_held));
			json_array_append_new(objects, jo);
		}
		json_object_set_new(jp, "objects", objects);
		json_array_append_new(patches, jp);
	}
	json_object_set_new(root, "patches", patches);
	json_object_set_new(root, "rescan_clean", json_boolean(r->rescan_done && r->rescan_clean));
	json_object_set_new(root, "rescan_rules", string_array(&r->rescan_rules));
	json_object_set_new(root, "rescan_findings", string_array(&r->rescan_findings));
	json_object_set_new(root, "rescan_unfixable", string_array(&r->rescan_unfixable));
	json_object_set_new(root, "base", json_string(r->base ? r->base : ""));
	json_object_set_new(root, "base_from", json_string(r->base_source ? r->base_source : ""));
	json_object_set_new(root, "config", json_string(r->tree->config_desc ? r->tree->config_desc : ""));
	json_object_set_new(root, "arch", json_string(r->tree->arch ? r->tree->arch : ""));
	{
		json_t *builds = json_array();

		for (i = 0; i < r->tree->nr_targets; i++) {
			const struct vtree *t = r->tree->targets[i];
			json_t *b = json_object();

			json_object_set_new(b, "arch", json_string(t->arch));
			json_object_set_new(b, "cross_compile", json_string(t->cross_compile));
			json_object_set_new(b, "defconfig", json_string(t->defconfig));
			json_object_set_new(b, "config", json_string(t->config_desc ? t->config_desc
										: t->defconfig));
			json_object_set_new(b, "prepared_from_cache",
					    json_boolean(t->prepared_from_cache));
			json_object_set_new(b, "failed", t->failed ? json_string(t->failed)
								   : json_null());
			json_array_append_new(builds, b);
		}
		json_object_set_new(root, "other_arch_builds", builds);
	}
	for (i = 0; identity_renames[i][0]; i++) {
		json_t *pair = json_array();

		json_array_append_new(pair, json_string(identity_renames[i][0]));
		json_array_append_new(pair, json_string(identity_renames[i][1]));
		json_array_append_new(renames, pair);
	}
	json_object_set_new(root, "renames", renames);
	if (r->full_done) {
		json_object_set_new(root, "full_build", json_boolean(r->full_ok));
		if (r->full_error)
			json_object_set_new(root, "full_build_error", json_string(r->full_error));
	}
	where_json(root, r);
	if (r->fatal)
		json_object_set_new(root, "error", json_string(r->fatal));
	{
		json_t *t = json_object();

		json_object_set_new(t, "worktree", json_real(r->t_worktree));
		json_object_set_new(t, "configure", json_real(r->t_configure));
		json_object_set_new(t, "prepare", json_real(r->t_prepare));
		json_object_set_new(t, "other_arches", json_real(r->t_arches));
		json_object_set_new(t, "prepared_from_cache", json_boolean(r->tree->prepared_from_cache));
		json_object_set_new(t, "base_build", json_real(r->t_base));
		json_object_set_new(t, "patches", json_real(r->t_patches));
		json_object_set_new(t, "rescan", json_real(r->t_rescan));
		json_object_set_new(t, "full", json_real(r->t_full));
		json_object_set_new(t, "total", json_real(r->t_total));
		json_object_set_new(root, "seconds", t);
	}
	json_object_set_new(root, "coverage", coverage_json(&c));
	json_object_set_new(root, "status", json_integer(r->status));
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fprintf(fp, "%s\n", text);
	free(text);
	json_decref(root);
}

/* On a tree whose core is not yet non-reentrant (3.6), equal objects show
 * the rename is exact, not that behaviour is kept: that holds only on top
 * of dbf2576e37da, which the series' cover letter names. */
static void write_prerequisite(FILE *fp, const char *tree)
{
	struct era era;

	era_read(tree, &era);
	if (era.core == CORE_REENTRANT)
		fprintf(fp, "note: %s (%s): equal code proves the rename, not the "
			"semantics; behaviour is kept only on top of %s\n",
			"the workqueue core is not yet non-reentrant", era.core_source,
			ERA_NON_REENTRANT_COMMIT);
	era_release(&era);
}

void report_validate_text(FILE *fp, const struct vreport *r)
{
	size_t i, j, k, applied = 0;
	struct coverage c;

	fprintf(fp, "base %.12s (%s), configuration: %s%s\n", r->base ? r->base : "?",
		r->base_source, r->tree->config_desc ? r->tree->config_desc : "none",
		r->tree->prepared_from_cache ? ", prepared build reused from the cache" : "");
	for (i = 0; i < r->tree->nr_targets; i++) {
		const struct vtree *t = r->tree->targets[i];

		fprintf(fp, "ARCH=%s CROSS_COMPILE=%s, configuration: %s%s%s\n", t->arch,
			t->cross_compile, t->config_desc ? t->config_desc : t->defconfig,
			t->prepared_from_cache ? ", prepared build reused from the cache" : "",
			t->failed ? ", builds nothing" : "");
	}
	where_text(fp, r);
	for (i = 0; i < r->series->nr_patches; i++) {
		const struct vpatch *p = &r->series->patches[i];

		if (!p->applied) {
			if (p->apply_error)
				fprintf(fp, "%s: DOES NOT APPLY: %s\n", p->name, p->apply_error);
			else
				fprintf(fp, "%s: not tried (an earlier patch did not apply)\n", p->name);
			continue;
		}
		applied++;
		fprintf(fp, "%s: applied%s\n", p->name, p->nr_objects ? "" : ", no object to build");
		for (j = 0; j < p->nr_objects; j++) {
			const struct vpatch_object *po = &p->objects[j];
			char label[256] = "";

			/* another arch's object says which build made it */
			if (po->obj->arch)
				snprintf(label, sizeof(label), " [ARCH=%s%s%s]", po->obj->arch,
					 po->obj->tree ? ", " : "",
					 po->obj->tree ? po->obj->tree->defconfig : "");
			/* another directory's Makefile builds it under its name */
			else if (po->obj->make_target)
				snprintf(label, sizeof(label), " [as %s]", po->obj->make_target);
			if (!po->built) {
				if (po->reason && !strncmp(po->reason, "does not compile", 16))
					fprintf(fp, "  %s%s: DOES NOT COMPILE %s\n", po->obj->object,
						label, po->reason + 17);
				else
					fprintf(fp, "  %s%s: NOT BUILT under this configuration: %s\n",
						po->obj->object, label, po->reason ? po->reason : "?");
				continue;
			}
			if (po->verdict == CODE_EQUAL) {
				fprintf(fp, "  %s%s: code equal", po->obj->object, label);
			} else if (po->verdict == CODE_EQUAL_UP_TO_CONVERSION) {
				fprintf(fp, "  %s%s: code equal up to the conversion (", po->obj->object,
					label);
				print_conversion_differences(fp, po);
				fprintf(fp, ")");
			} else if (po->verdict == CODE_CHANGED_AS_NAMED) {
				fprintf(fp, "  %s%s: code changed only where the fix says, in",
					po->obj->object, label);
				for (k = 0; k < po->diff_functions.nr; k++)
					fprintf(fp, "%s %s()", k ? "," : "", po->diff_functions.items[k]);
			} else {
				fprintf(fp, "  %s%s: CODE DIFFERS in", po->obj->object, label);
				for (k = 0; k < po->diff_functions.nr; k++)
					fprintf(fp, "%s %s()", k ? "," : "", po->diff_functions.items[k]);
			}
			if (po->obj->positions == POSITIONS_RAW)
				fprintf(fp, ", source positions not neutralised");
			fprintf(fp, ", %zu new warning%s, %zu new sparse warning%s\n",
				po->new_warnings.nr, po->new_warnings.nr == 1 ? "" : "s",
				po->new_sparse_warnings.nr, po->new_sparse_warnings.nr == 1 ? "" : "s");
			for (k = 0; k < po->diff_excerpts.nr; k++)
				print_excerpt(fp, po->diff_excerpts.items[k]);
			for (k = 0; k < po->new_warnings.nr; k++)
				fprintf(fp, "    new warning: %s\n", po->new_warnings.items[k]);
			for (k = 0; k < po->new_sparse_warnings.nr; k++)
				fprintf(fp, "    new sparse warning: %s\n", po->new_sparse_warnings.items[k]);
		}
	}
	if (r->rescan_done) {
		if (!r->rescan_rules.nr)
			fprintf(fp, "rescan: no legacy rule converted, nothing to rescan\n");
		else
			fprintf(fp, "rescan: %s", r->rescan_clean ? "clean" : "FINDINGS LEFT");
		for (k = 0; r->rescan_rules.nr && k < r->rescan_rules.nr; k++)
			fprintf(fp, "%s%s", k ? ", " : " (", r->rescan_rules.items[k]);
		if (r->rescan_rules.nr)
			fprintf(fp, ")\n");
		for (k = 0; k < r->rescan_findings.nr; k++)
			fprintf(fp, "  %s\n", r->rescan_findings.items[k]);
		for (k = 0; k < r->rescan_unfixable.nr; k++)
			fprintf(fp, "  left for a human (no fix offered): %s\n",
				r->rescan_unfixable.items[k]);
	}
	if (r->full_done)
		fprintf(fp, "full build: %s%s%s\n", r->full_ok ? "ok" : "FAILED: ",
			r->full_error ? r->full_error : "", "");
	/* the coverage, each object once: what the run proves */
	coverage_count(r, &c);
	write_prerequisite(fp, r->tree->tree);
	fprintf(fp, "%zu/%zu patches applied; %zu object%s touched: %zu built (%zu equal, "
		"%zu equal up to the conversion, %zu different",
		applied, r->series->nr_patches, c.touched, c.touched == 1 ? "" : "s", c.built,
		c.equal, c.up_to_conversion, c.different);
	if (c.as_named)
		fprintf(fp, ", %zu changed only where a fix says", c.as_named);
	if (c.with_new_warnings)
		fprintf(fp, "; %zu with new warnings", c.with_new_warnings);
	fprintf(fp, "), %zu not built", c.not_built);
	for (i = 0; i < c.nr_kinds; i++)
		fprintf(fp, "%s%zu %s", i ? ", " : " (", c.kind_count[i], c.kinds[i]);
	if (c.nr_kinds)
		fprintf(fp, ")");
	if (c.not_tried)
		fprintf(fp, ", %zu not tried", c.not_tried);
	if (c.nr_arches) {
		size_t touched = 0, built = 0;

		for (i = 0; i < c.nr_arches; i++) {
			touched += c.arches[i].touched;
			built += c.arches[i].built;
		}
		fprintf(fp, "; of other arches: %zu touched, %zu built", touched, built);
		for (i = 0; i < c.nr_arches; i++)
			fprintf(fp, "%s%s %zu/%zu", i ? ", " : " (", c.arches[i].arch,
				c.arches[i].built, c.arches[i].touched);
		fprintf(fp, ")");
	}
	fprintf(fp, " -> %s\n", r->status == 0 ? "PASS" : r->status == 1 ? "FAIL" : "ERROR");
}
