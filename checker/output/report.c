#include "output/report.h"
#include "analysis/rules/rule-page.h"
#include "front/unreadable.h"
#include "output/columns.h"
#include "lib/data-dir.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/version.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int report_format_parse(const char *s, enum report_format *out)
{
	static const char *const names[] = { "text", "report", "json", "sarif" };
	int i;

	for (i = 0; i < 4; i++)
		if (!strcmp(s, names[i])) {
			*out = (enum report_format)i;
			return 0;
		}
	return -1;
}

/* gcc's lines: display columns (tab stops of 8), and the reasons as
 * "file:line:col: note:" lines after the diagnostic, unindented as gcc
 * prints them, so that every line is a location an editor jumps to. */
static void write_text(FILE *fp, struct finding *const *all, size_t nr, const char *root)
{
	struct column_files *cf = column_files_new(root);
	size_t i, j;

	for (i = 0; i < nr; i++) {
		fprintf(fp, "%s:%u:%u: %s: %s%s [%s]\n", all[i]->file, all[i]->line,
			column_files_display(cf, all[i]->file, all[i]->line, all[i]->column),
			severity_name(all[i]->severity), all[i]->message,
			finding_inactive_note(all[i]), all[i]->rule->id);
		for (j = 0; j < all[i]->nr_evidence; j++) {
			const struct evidence *e = &all[i]->evidence[j];

			fprintf(fp, "%s:%u:%u: note: %s\n", e->file, e->line,
				column_files_display(cf, e->file, e->line, e->column), e->message);
		}
	}
	column_files_free(cf);
}

static json_t *json_evidence(const struct finding *f)
{
	json_t *chain = json_array();
	size_t i;

	for (i = 0; i < f->nr_evidence; i++) {
		const struct evidence *e = &f->evidence[i];

		json_array_append_new(chain, json_pack("{s:s, s:i, s:i, s:s}", "file", e->file,
						       "line", e->line, "column", e->column,
						       "message", e->message));
	}
	return chain;
}

/* coccicheck's python report rules print p[0].column and p[0].column_end,
 * which are 0-based, end exclusive. */
static void write_report(FILE *fp, struct finding *const *all, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		fprintf(fp, "%s:%u:%u-%u: %s [%s]\n", all[i]->file, all[i]->line,
			all[i]->column - 1, all[i]->end_column - 1, all[i]->message,
			all[i]->rule->id);
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h ^ 0xff;	/* separates "ab"+"c" from "a"+"bc" */
}

/* Rule, file, the line's text and how many identical lines came before: stable
 * when unrelated lines are added or removed above. */
char *fingerprint_of(const char *rule_id, const char *file, const char *line_text,
		     unsigned occurrence)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	char buf[64];

	h = fnv1a(h, rule_id);
	h = fnv1a(h, file);
	h = fnv1a(h, line_text);
	snprintf(buf, sizeof(buf), "%016llx:%u", (unsigned long long)h, occurrence);
	return xstrdup(buf);
}

char *finding_fingerprint(struct finding *const *all, size_t nr, size_t index)
{
	const struct finding *f = all[index];
	unsigned occurrence = 0;
	size_t i;

	for (i = 0; i < nr; i++)
		if (i < index && all[i]->rule == f->rule && !strcmp(all[i]->file, f->file) &&
		    !strcmp(all[i]->line_text, f->line_text))
			occurrence++;
	return fingerprint_of(f->rule->id, f->file, f->line_text, occurrence);
}

static json_t *json_edits(const struct finding *f)
{
	json_t *edits = json_array();
	size_t i;

	for (i = 0; i < f->nr_shown; i++) {
		const struct shown_edit *s = &f->shown[i];

		json_array_append_new(edits, json_pack("{s:i, s:i, s:i, s:i, s:s}",
						       "line", s->line, "column", s->column,
						       "end_line", s->end_line,
						       "end_column", s->end_column,
						       "replacement", s->replacement));
	}
	return edits;
}

static json_t *json_failed(const struct scan_result *res)
{
	json_t *failed = json_array();
	size_t i;

	for (i = 0; i < res->nr_files; i++)
		if (res->files[i].failed_reason)
			json_array_append_new(failed, json_pack("{s:s, s:s}", "file",
								res->files[i].path, "reason",
								res->files[i].failed_reason));
	/* what the listing could not read (a directory ends in '/') */
	for (i = 0; i < unreadable_count(); i++) {
		struct strbuf why = STRBUF_INIT;

		strbuf_addf(&why, "cannot read: %s", unreadable_reason(i));
		json_array_append_new(failed, json_pack("{s:s, s:s}", "file",
							unreadable_path(i), "reason", why.buf));
		strbuf_release(&why);
	}
	return failed;
}

/* Which workqueue API the tree has, and how that was learnt. */
static json_t *json_era(const struct era *era)
{
	json_t *names = json_array(), *o;
	unsigned i;

	for (i = 0; i < era->nr_names; i++)
		json_array_append_new(names, json_string(era->names[i]));
	o = json_pack("{s:s, s:s, s:b, s:o}", "name", era->name,
		      "source", era->source ? era->source : "",
		      "from_header", era->from_header, "names", names);
	if (era->schedule_work_wq)
		json_object_set_new(o, "schedule_work_queues_on",
				    json_string(era->schedule_work_wq));
	if (era->core != CORE_UNKNOWN) {
		json_object_set_new(o, "core_non_reentrant",
				    json_boolean(era->core == CORE_NON_REENTRANT));
		json_object_set_new(o, "core_source", json_string(era->core_source));
	}
	if (era->core == CORE_REENTRANT)
		json_object_set_new(o, "prerequisite",
				    json_string(ERA_NON_REENTRANT_COMMIT));
	return o;
}

void report_write_era(FILE *fp, const struct era *era,
		      const struct rule *const *rules, size_t nr_rules)
{
	unsigned i;
	size_t r;

	fprintf(fp, "wqcheck: era %s, %s %s", era->name,
		era->from_header ? "from" : "from the built-in table:",
		era->source ? era->source : "");
	if (era->from_header) {
		fputs(", which declares", fp);
		for (i = 0; i < era->nr_names; i++)
			fprintf(fp, " %s", era->names[i]);
		if (!era->nr_names)
			fputs(" none of the names told apart", fp);
	}
	if (era->schedule_work_wq)
		fprintf(fp, "; schedule_work() queues on %s", era->schedule_work_wq);
	if (era->nr_bh_allows) {
		fputs("; __WQ_BH_ALLOWS admits", fp);
		for (i = 0; i < era->nr_bh_allows; i++)
			fprintf(fp, " %s", era->bh_allows[i]);
	}
	if (era->core == CORE_REENTRANT)
		fprintf(fp, "\nwqcheck: its workqueue core is not yet non-reentrant "
			"(%s): the WQ001-WQ005 fixes change no behaviour only on top "
			"of %s (\"%s\")", era->core_source, ERA_NON_REENTRANT_COMMIT,
			ERA_NON_REENTRANT_TITLE);
	else if (era->core == CORE_NON_REENTRANT)
		fprintf(fp, "\nwqcheck: its workqueue core is non-reentrant (%s)",
			era->core_source);
	fputs("\nwqcheck: rules for it:", fp);
	for (r = 0; r < nr_rules; r++)
		if (rule_fits_era(rules[r], era))
			fprintf(fp, " %s", rules[r]->id);
	for (r = 0; r < nr_rules; r++)
		if (!rule_fits_era(rules[r], era))
			break;
	if (r < nr_rules) {
		fputs("; off:", fp);
		for (r = 0; r < nr_rules; r++) {
			if (rule_fits_era(rules[r], era))
				continue;
			if (rules[r]->retired_in && era_has(era, rules[r]->retired_in))
				fprintf(fp, " %s (retired: the tree has %s)", rules[r]->id,
					rules[r]->retired_in);
			else
				fprintf(fp, " %s (the tree lacks %s)", rules[r]->id,
					rules[r]->needs ? rules[r]->needs : "?");
		}
	}
	fputc('\n', fp);
}

/* What the baseline took out: its file and how many it matched. */
static json_t *json_baseline(const struct scan_result *res)
{
	return json_pack("{s:s, s:i, s:i}", "file", res->baseline,
			 "matched", (json_int_t)res->baseline_matched,
			 "new", (json_int_t)res->baseline_new);
}

/* JSON's inactive_why: why in_inactive_branch, which the text says in
 * words (finding_inactive_note()); null when the line is built. */
static json_t *json_inactive_why(const struct finding *f)
{
	static const char *const names[] = {
		[INACTIVE_BY_CONFIG] = "configuration",
		[INACTIVE_ALWAYS] = "never",
		[INACTIVE_UNCONFIGURED] = "unconfigured",
	};

	if (!f->in_inactive_branch)
		return json_null();
	return json_string(names[f->inactive_why]);
}

static void write_json(FILE *fp, struct finding *const *all, char *const *fps,
		       size_t nr, const struct scan_result *res)
{
	json_t *root = json_object(), *findings = json_array();
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct finding *f = all[i];
		json_t *o = json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:s, s:s, s:b, s:b}",
				      "rule", f->rule->id, "file", f->file, "line", f->line,
				      "column", f->column, "end_line", f->end_line,
				      "end_column", f->end_column,
				      "severity", severity_name(f->severity),
				      "message", f->message, "fixable", finding_fixable(f),
				      "in_inactive_branch", f->in_inactive_branch);

		json_object_set_new(o, "inactive_why", json_inactive_why(f));
		json_object_set_new(o, "edits", json_edits(f));
		json_object_set_new(o, "fingerprints",
				    json_pack("{s:s}", FINGERPRINT_KEY, fps[i]));
		if (f->rule->tree_pass)
			json_object_set_new(o, "evidence", json_evidence(f));
		json_array_append_new(findings, o);
	}
	json_object_set_new(root, "findings", findings);
	json_object_set_new(root, "files_read", json_integer((json_int_t)res->nr_files));
	json_object_set_new(root, "files_parsed_with_libclang",
			    json_integer((json_int_t)res->files_parsed));
	json_object_set_new(root, "files_failed", json_failed(res));
	/* the names before 0.x, read by older baselines: kept for one version */
	json_object_set_new(root, "files_scanned", json_integer((json_int_t)res->nr_files));
	json_object_set_new(root, "files_parsed", json_integer((json_int_t)res->files_parsed));
	json_object_set_new(root, "era", json_era(&res->era));
	if (res->baseline)
		json_object_set_new(root, "baseline", json_baseline(res));
	json_dumpf(root, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', fp);
	json_decref(root);
}

/* The rule's page (Documentation/wqcheck-<ID>.7.scd, built in) as SARIF's
 * help, and the man page it is installed as (else its source) as helpUri. */
static void sarif_rule_help(json_t *rule, const struct rule *r)
{
	const struct rule_page *page = rule_page_find(r->id);
	struct strbuf sb = STRBUF_INIT;
	char *path;

	if (!page)
		return;
	rule_page_text(page, &sb);
	json_object_set_new(rule, "help", json_pack("{s:s}", "text", sb.buf));
	strbuf_reset(&sb);
	strbuf_addf(&sb, RULE_PAGE_PREFIX "%s", r->id);
	path = data_dir_man_page(sb.buf, 7);
	if (path) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "file://%s", path);
		json_object_set_new(rule, "helpUri", json_string(sb.buf));
		free(path);
	}
	strbuf_release(&sb);
}

static json_t *sarif_rules(void)
{
	json_t *rules = json_array();
	size_t i;

	for (i = 0; i < nr_all_rules; i++) {
		const struct rule *r = all_rules[i];
		json_t *rule = json_pack(
			"{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}}",
			"id", r->id, "name", r->name,
			"shortDescription", "text", r->summary,
			"fullDescription", "text", r->help,
			"defaultConfiguration", "level", severity_name(r->severity));

		sarif_rule_help(rule, r);
		json_array_append_new(rules, rule);
	}
	return rules;
}

/* SARIF's columns are UTF-16 code units (its default columnKind, said
 * in the run too), 1-based: the byte columns converted on the file's lines. */
static json_t *sarif_region(struct column_files *cf, const char *file, unsigned line,
			    unsigned col, unsigned end_line, unsigned end_col)
{
	return json_pack("{s:i, s:i, s:i, s:i}", "startLine", line,
			 "startColumn", column_files_utf16(cf, file, line, col),
			 "endLine", end_line,
			 "endColumn", column_files_utf16(cf, file, end_line, end_col));
}

static json_t *sarif_fix(struct column_files *cf, const struct finding *f)
{
	json_t *replacements = json_array();
	size_t i;

	for (i = 0; i < f->nr_shown; i++) {
		const struct shown_edit *s = &f->shown[i];

		json_array_append_new(replacements, json_pack(
			"{s:o, s:{s:s}}",
			"deletedRegion", sarif_region(cf, f->file, s->line, s->column,
						      s->end_line, s->end_column),
			"insertedContent", "text", s->replacement));
	}
	return json_pack("{s:{s:s}, s:[{s:{s:s, s:s}, s:o}]}",
			 "description", "text", "apply the conversion upstream made",
			 "artifactChanges", "artifactLocation", "uri", f->file,
			 "uriBaseId", "SRCROOT", "replacements", replacements);
}

static json_t *sarif_related(struct column_files *cf, const struct finding *f)
{
	json_t *related = json_array();
	size_t i;

	for (i = 0; i < f->nr_evidence; i++) {
		const struct evidence *e = &f->evidence[i];

		json_array_append_new(related, json_pack(
			"{s:i, s:{s:{s:s, s:s}, s:{s:i, s:i}}, s:{s:s}}",
			"id", (int)i,
			"physicalLocation", "artifactLocation", "uri", e->file,
			"uriBaseId", "SRCROOT", "region", "startLine", e->line,
			"startColumn", column_files_utf16(cf, e->file, e->line, e->column),
			"message", "text", e->message));
	}
	return related;
}

static void write_sarif(FILE *fp, struct finding *const *all, char *const *fps,
			size_t nr, const struct scan_result *res, const char *root)
{
	json_t *results = json_array(), *run, *doc, *notifications = json_array();
	struct strbuf uri = STRBUF_INIT;
	struct column_files *cf = column_files_new(root);
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct finding *f = all[i];
		const char *fp_hash = fps[i];
		json_t *r = json_pack(
			"{s:s, s:s, s:{s:s}, s:[{s:{s:{s:s, s:s}, s:o}}], s:{s:s}, s:{s:b}}",
			"ruleId", f->rule->id,
			"level", severity_name(f->severity),
			"message", "text", f->message,
			"locations", "physicalLocation", "artifactLocation", "uri", f->file,
			"uriBaseId", "SRCROOT",
			"region", sarif_region(cf, f->file, f->line, f->column, f->end_line,
					       f->end_column),
			"partialFingerprints", FINGERPRINT_KEY, fp_hash,
			"properties", "in_inactive_branch", f->in_inactive_branch);
		json_object_set_new(json_object_get(r, "properties"), "inactive_why",
				    json_inactive_why(f));

		if (f->nr_shown)
			json_object_set_new(r, "fixes", json_pack("[o]", sarif_fix(cf, f)));
		if (f->nr_evidence)
			json_object_set_new(r, "relatedLocations", sarif_related(cf, f));
		/* Compared with a baseline, what is reported is what is new. */
		if (res->baseline)
			json_object_set_new(r, "baselineState", json_string("new"));
		json_array_append_new(results, r);
	}
	for (i = 0; i < res->nr_files; i++)
		if (res->files[i].failed_reason)
			json_array_append_new(notifications, json_pack(
				"{s:s, s:{s:s}, s:[{s:{s:{s:s, s:s}}}]}",
				"level", "warning",
				"message", "text", res->files[i].failed_reason,
				"locations", "physicalLocation", "artifactLocation",
				"uri", res->files[i].path, "uriBaseId", "SRCROOT"));
	for (i = 0; i < unreadable_count(); i++) {
		struct strbuf why = STRBUF_INIT;

		json_t *n;

		strbuf_addf(&why, "cannot read: %s", unreadable_reason(i));
		n = json_pack("{s:s, s:{s:s}}", "level", "error", "message", "text", why.buf);
		/* the tree's root itself (a git that refuses it) is the run's */
		if (unreadable_path(i)[0] != '/')
			json_object_set_new(n, "locations", json_pack(
				"[{s:{s:{s:s, s:s}}}]", "physicalLocation",
				"artifactLocation", "uri", unreadable_path(i),
				"uriBaseId", "SRCROOT"));
		json_array_append_new(notifications, n);
		strbuf_release(&why);
	}
	strbuf_addf(&uri, "file://%s/", root);
	run = json_pack("{s:{s:{s:s, s:s, s:s, s:o}}, s:{s:{s:s}}, s:o, s:[{s:b, s:o}], s:{}}",
			"tool", "driver", "name", "wqcheck", "version", WQCHECK_VERSION,
			"informationUri", "https://example.org/wqcheck",
			"rules", sarif_rules(),
			"originalUriBaseIds", "SRCROOT", "uri", uri.buf,
			"results", results,
			"invocations", "executionSuccessful", true,
			"toolExecutionNotifications", notifications,
			"properties");
	/* No era when nothing was scanned (check-patch of a patch that does
	 * not apply): the run without it, as JSON's document, not none at
	 * all. */
	json_object_set_new(json_object_get(run, "properties"), "era", json_era(&res->era));
	json_object_set_new(run, "columnKind", json_string("utf16CodeUnits"));
	if (res->baseline)
		json_object_set_new(json_object_get(run, "properties"), "baseline",
				    json_baseline(res));
	doc = json_pack("{s:s, s:s, s:[o]}",
			"$schema", "https://json.schemastore.org/sarif-2.1.0.json",
			"version", "2.1.0", "runs", run);
	json_dumpf(doc, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', fp);
	json_decref(doc);
	strbuf_release(&uri);
	column_files_free(cf);
}

void report_write_totals(FILE *fp, const struct scan_result *res)
{
	size_t by_severity[SEVERITY_ERROR + 1] = { 0 }, failed = 0, i, j;

	for (i = 0; i < res->nr_files; i++) {
		failed += !!res->files[i].failed_reason;
		for (j = 0; j < res->files[i].nr_findings; j++)
			by_severity[res->files[i].findings[j].severity]++;
	}
	fprintf(fp, "wqcheck: %zu error%s, %zu warning%s, %zu note%s; %zu file%s read, "
		"%zu parsed with libclang, %zu failed",
		by_severity[SEVERITY_ERROR], by_severity[SEVERITY_ERROR] == 1 ? "" : "s",
		by_severity[SEVERITY_WARNING], by_severity[SEVERITY_WARNING] == 1 ? "" : "s",
		by_severity[SEVERITY_NOTE], by_severity[SEVERITY_NOTE] == 1 ? "" : "s",
		res->nr_files, res->nr_files == 1 ? "" : "s", res->files_parsed, failed);
	/* only when there are any, so that a whole run's line stays as it was */
	if (unreadable_count())
		fprintf(fp, ", %zu unreadable", unreadable_count());
	fputc('\n', fp);
}

void report_write(FILE *fp, enum report_format format, const struct scan_result *res,
		  const char *root)
{
	size_t nr, i, n = 0;
	struct finding **all = scan_result_findings(res, &nr);
	char **fps = xcalloc(nr ? nr : 1, sizeof(*fps));

	/* Fingerprints among all the findings, those of the baseline too, so
	 * that a finding keeps its fingerprint from one run to the next. */
	for (i = 0; i < nr; i++) {
		char *fp_hash = finding_fingerprint(all, nr, i);

		if (all[i]->in_baseline) {
			free(fp_hash);
			continue;
		}
		all[n] = all[i];
		fps[n++] = fp_hash;
	}
	switch (format) {
	case FORMAT_TEXT:
		write_text(fp, all, n, root);
		break;
	case FORMAT_REPORT:
		write_report(fp, all, n);
		break;
	case FORMAT_JSON:
		write_json(fp, all, fps, n, res);
		break;
	case FORMAT_SARIF:
		write_sarif(fp, all, fps, n, res, root);
		break;
	}
	for (i = 0; i < n; i++)
		free(fps[i]);
	free(fps);
	free(all);
}
