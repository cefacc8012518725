/* The validate report: a human summary, or JSON for CI. */
#include "lib/usage.h"
#include "products/validate-priv.h"

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

static const char *identities_note(const struct vobject *o)
{
	return o->identities ? "with WQ_NON_REENTRANT as 0 and schedule_*work() as their bodies, "
			     : "";
}

void report_validate_json(FILE *fp, const struct vreport *r)
{
	json_t *root = json_object(), *patches = json_array(), *renames = json_array();
	size_t i, j;
	char *text;

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
			json_object_set_new(jo, "built", json_boolean(po->built));
			json_object_set_new(jo, "reason", po->reason ? json_string(po->reason) : json_null());
			json_object_set_new(jo, "code_equal", po->built ? json_boolean(po->code_equal)
								       : json_null());
			json_object_set_new(jo, "code_diff_functions", string_array(&po->diff_functions));
			json_object_set_new(jo, "new_warnings", string_array(&po->new_warnings));
			json_object_set_new(jo, "new_sparse_warnings",
					    string_array(&po->new_sparse_warnings));
			json_object_set_new(jo, "identities", json_boolean(po->obj->identities));
			json_array_append_new(objects, jo);
		}
		json_object_set_new(jp, "objects", objects);
		json_array_append_new(patches, jp);
	}
	json_object_set_new(root, "patches", patches);
	json_object_set_new(root, "rescan_clean", json_boolean(r->rescan_done && r->rescan_clean));
	json_object_set_new(root, "rescan_rules", string_array(&r->rescan_rules));
	json_object_set_new(root, "rescan_findings", string_array(&r->rescan_findings));
	json_object_set_new(root, "base", json_string(r->base ? r->base : ""));
	json_object_set_new(root, "base_from", json_string(r->base_source ? r->base_source : ""));
	json_object_set_new(root, "config", json_string(r->tree->config_desc ? r->tree->config_desc : ""));
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
	if (r->fatal)
		json_object_set_new(root, "error", json_string(r->fatal));
	{
		json_t *t = json_object();

		json_object_set_new(t, "worktree", json_real(r->t_worktree));
		json_object_set_new(t, "configure", json_real(r->t_configure));
		json_object_set_new(t, "prepare", json_real(r->t_prepare));
		json_object_set_new(t, "prepared_from_cache", json_boolean(r->tree->prepared_from_cache));
		json_object_set_new(t, "base_build", json_real(r->t_base));
		json_object_set_new(t, "patches", json_real(r->t_patches));
		json_object_set_new(t, "rescan", json_real(r->t_rescan));
		json_object_set_new(t, "full", json_real(r->t_full));
		json_object_set_new(t, "total", json_real(r->t_total));
		json_object_set_new(root, "seconds", t);
	}
	json_object_set_new(root, "status", json_integer(r->status));
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fprintf(fp, "%s\n", text);
	free(text);
	json_decref(root);
}

void report_validate_text(FILE *fp, const struct vreport *r)
{
	size_t i, j, k, equal = 0, differ = 0, not_built = 0, applied = 0;

	fprintf(fp, "base %.12s (%s), configuration: %s%s\n", r->base ? r->base : "?",
		r->base_source, r->tree->config_desc ? r->tree->config_desc : "none",
		r->tree->prepared_from_cache ? ", prepared build reused from the cache" : "");
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

			if (!po->built) {
				not_built++;
				if (po->reason && !strncmp(po->reason, "does not compile", 16))
					fprintf(fp, "  %s: DOES NOT COMPILE %s\n", po->obj->object,
						po->reason + 17);
				else
					fprintf(fp, "  %s: NOT BUILT under this configuration: %s\n",
						po->obj->object, po->reason ? po->reason : "?");
				continue;
			}
			if (po->code_equal) {
				equal++;
				fprintf(fp, "  %s: code equal (%smodulo the renamed symbols)",
					po->obj->object, identities_note(po->obj));
			} else {
				differ++;
				fprintf(fp, "  %s: CODE DIFFERS in", po->obj->object);
				for (k = 0; k < po->diff_functions.nr; k++)
					fprintf(fp, "%s %s()", k ? "," : "", po->diff_functions.items[k]);
			}
			fprintf(fp, ", %zu new warning%s, %zu new sparse warning%s\n",
				po->new_warnings.nr, po->new_warnings.nr == 1 ? "" : "s",
				po->new_sparse_warnings.nr, po->new_sparse_warnings.nr == 1 ? "" : "s");
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
	}
	if (r->full_done)
		fprintf(fp, "full build: %s%s%s\n", r->full_ok ? "ok" : "FAILED: ",
			r->full_error ? r->full_error : "", "");
	fprintf(fp, "%zu/%zu patches applied; objects: %zu equal, %zu differ, %zu not built or not compiling -> %s\n",
		applied, r->series->nr_patches, equal, differ, not_built,
		r->status == 0 ? "PASS" : r->status == 1 ? "FAIL" : "ERROR");
}
