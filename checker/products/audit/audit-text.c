/* The audit document as Markdown (a page per tree: the totals, then a section
 * per MAINTAINERS entry) and as CSV (RFC 4180: one row per caller). */
#include "products/audit/audit.h"

#include <stdlib.h>
#include <string.h>

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

static long long num(json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

/* A table cell: no line breaks, '|' escaped. */
static void md_cell(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", out);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
}

/* Whether wqcheck series, by default, writes another conversion than the
 * caller's advice (audit-json.c's migration.series). */
static bool series_differs(json_t *caller)
{
	json_t *m = json_object_get(caller, "migration");

	return json_is_object(m) && json_is_string(json_object_get(m, "series"));
}

static const char *advice_of(json_t *caller)
{
	json_t *m = json_object_get(caller, "migration");

	return json_is_object(m) ? str(m, "advice") : "";
}

static void md_counts_header(FILE *out, json_t *classes)
{
	size_t i;
	json_t *c;

	fputs("| subsystem |", out);
	json_array_foreach(classes, i, c)
		fprintf(out, " %s |", json_string_value(c));
	fputs(" total |\n|---|", out);
	json_array_foreach(classes, i, c)
		fputs("---:|", out);
	fputs("---:|\n", out);
}

static long long pct(long long part, long long whole)
{
	return whole ? (part * 100 + whole / 2) / whole : 0;
}

/* 6.17's migration, converted against pending, for the whole tree and per
 * subsystem, the most work left first. */
static void md_progress(FILE *out, json_t *doc, json_t *progress)
{
	json_t *subsystems = json_object_get(doc, "subsystems"), *s, *v;
	json_t *era = json_object_get(doc, "era");
	long long conv = num(progress, "converted"),
		  pend = num(progress, "pending");
	size_t i, j, nr = 0, *order;
	const char *key;

	fprintf(out,
		"\nMigration progress (era %s, from %s): %lld converted, %lld "
		"pending (%lld%% done).\n\n| converted | callers |\n|---|---:|\n",
		str(era, "name"), str(era, "source"), conv, pend,
		pct(conv, conv + pend));
	json_object_foreach(json_object_get(progress, "converted_by"), key, v)
		fprintf(out, "| %s | %lld |\n", key,
			(long long)json_integer_value(v));
	fputs("\n| pending | callers |\n|---|---:|\n", out);
	json_object_foreach(json_object_get(progress, "pending_by"), key, v)
		fprintf(out, "| %s | %lld |\n", key,
			(long long)json_integer_value(v));

	order = calloc(json_array_size(subsystems) + 1, sizeof(*order));
	if (!order)
		return;
	json_array_foreach(subsystems, i, s) {
		json_t *p = json_object_get(s, "migration_progress");

		if (num(p, "converted") + num(p, "pending") == 0)
			continue;
		/* insertion by pending, most first; document order on ties */
		for (j = nr; j > 0; j--) {
			json_t *q = json_object_get(
				json_array_get(subsystems, order[j - 1]),
				"migration_progress");

			if (num(q, "pending") >= num(p, "pending"))
				break;
			order[j] = order[j - 1];
		}
		order[j] = i;
		nr++;
	}
	fputs("\n## Migration progress by subsystem\n\n"
	      "| subsystem | converted | pending | done |\n"
	      "|---|---:|---:|---:|\n",
	      out);
	for (i = 0; i < nr; i++) {
		json_t *p;

		s = json_array_get(subsystems, order[i]);
		p = json_object_get(s, "migration_progress");
		fputs("| ", out);
		md_cell(out, str(s, "name"));
		fprintf(out, " | %lld | %lld | %lld%% |\n",
			num(p, "converted"), num(p, "pending"),
			pct(num(p, "converted"),
			    num(p, "converted") + num(p, "pending")));
	}
	free(order);
}

static long long tally(json_t *counts, const char *rule, const char *key)
{
	return audit_condition_tally(counts, rule, key);
}

/* The non-reentrance conditions of the whole tree, with their legend. */
static void md_conditions(FILE *out, json_t *doc)
{
	json_t *by = json_object_get(json_object_get(doc, "summary"),
				     "by_condition"),
	       *c;
	size_t i;

	fputs("\nNon-reentrance conditions (a work item runs on one worker at "
	      "a time only while none is broken; warning: it can happen while "
	      "the item is pending or running, note: the analysis could not "
	      "show that):\n\n"
	      "| condition | rule | warnings | notes | total | meaning |\n"
	      "|---|---|---:|---:|---:|---|\n",
	      out);
	json_array_foreach(json_object_get(doc, "conditions"), i, c) {
		const char *rule = str(c, "rule");

		fprintf(out, "| %s | %s | %lld | %lld | %lld | ",
			str(c, "name"), rule, tally(by, rule, "warning"),
			tally(by, rule, "note"), tally(by, rule, "total"));
		md_cell(out, str(c, "meaning"));
		fputs(" |\n", out);
	}
	fprintf(out, "| **total** | | %lld | %lld | %lld | |\n",
		tally(by, "total", "warning"), tally(by, "total", "note"),
		tally(by, "total", "total"));
}

static void md_condition_row(FILE *out, const char *name, json_t *counts,
			     json_t *conditions)
{
	json_t *c;
	size_t i;

	fputs("| ", out);
	md_cell(out, name);
	json_array_foreach(conditions, i, c)
		fprintf(out, " | %lld | %lld",
			tally(counts, str(c, "rule"), "warning"),
			tally(counts, str(c, "rule"), "note"));
	fprintf(out, " | %lld | %lld | %lld |\n",
		tally(counts, "total", "warning"),
		tally(counts, "total", "note"), tally(counts, "total", "total"));
}

/* Per subsystem, those that break a condition, the most warnings first. */
static void md_conditions_by_subsystem(FILE *out, json_t *doc)
{
	json_t *subsystems = json_object_get(doc, "subsystems"),
	       *conditions = json_object_get(doc, "conditions"), *c;
	size_t i, nr, *order;

	order = calloc(json_array_size(subsystems) + 1, sizeof(*order));
	if (!order)
		return;
	nr = audit_condition_order(doc, order);
	fprintf(out, "\n## Non-reentrance conditions by subsystem\n\n"
		"%zu subsystem%s break%s a condition; the others break none.\n\n"
		"| subsystem |", nr, nr == 1 ? "" : "s", nr == 1 ? "s" : "");
	json_array_foreach(conditions, i, c)
		fprintf(out, " %s warnings | %s notes |", str(c, "rule"),
			str(c, "rule"));
	fputs(" warnings | notes | total |\n|---|", out);
	json_array_foreach(conditions, i, c)
		fputs("---:|---:|", out);
	fputs("---:|---:|---:|\n", out);
	for (i = 0; i < nr; i++) {
		json_t *s = json_array_get(subsystems, order[i]);

		md_condition_row(out, str(s, "name"),
				 json_object_get(s, "condition_counts"),
				 conditions);
	}
	md_condition_row(out, "**total**",
			 json_object_get(json_object_get(doc, "summary"),
					 "by_condition"),
			 conditions);
	free(order);
}

static void md_subsystem(FILE *out, json_t *s)
{
	json_t *callers = json_object_get(s, "callers"), *c, *p;
	size_t i, j;

	fputs("\n## ", out);
	md_cell(out, str(s, "name"));
	fputs("\n\n", out);
	fputs("Maintainers: ", out);
	if (!json_array_size(json_object_get(s, "maintainers")))
		fputs("(none listed)", out);
	json_array_foreach(json_object_get(s, "maintainers"), j, p)
		fprintf(out, "%s%s", j ? ", " : "", json_string_value(p));
	fputs("  \nLists: ", out);
	if (!json_array_size(json_object_get(s, "lists")))
		fputs("(none listed)", out);
	json_array_foreach(json_object_get(s, "lists"), j, p)
		fprintf(out, "%s%s", j ? ", " : "", json_string_value(p));
	fprintf(out, "\n\n%lld caller%s.",
		num(json_object_get(s, "counts"), "total"),
		num(json_object_get(s, "counts"), "total") == 1 ? "" : "s");
	p = json_object_get(s, "migration_progress");
	if (json_is_object(p))
		fprintf(out, " Migration: %lld converted, %lld pending.",
			num(p, "converted"), num(p, "pending"));
	fputs("\n\n| file:line | function | api | class | advice | message |\n"
	      "|---|---|---|---|---|---|\n",
	      out);
	json_array_foreach(callers, i, c) {
		fputs("| ", out);
		md_cell(out, str(c, "file"));
		fprintf(out, ":%lld | ", num(c, "line"));
		md_cell(out, str(c, "function"));
		fputs(" | ", out);
		md_cell(out, str(c, "api"));
		fprintf(out, " | %s", str(c, "class"));
		if (json_is_string(json_object_get(c, "rule")))
			fprintf(out, " (%s)", str(c, "rule"));
		fprintf(out, " | %s", advice_of(c));
		if (json_is_string(json_object_get(c, "migration_status")))
			fprintf(out, "%s(%s)", *advice_of(c) ? " " : "",
				str(c, "migration_status"));
		if (series_differs(c))
			fputs("; series: per-CPU, --prefer-unbound: unbound where proved",
			      out);
		fputs(" | ", out);
		md_cell(out, str(c, "message"));
		fputs(" |\n", out);
	}
}

/* Where the audit's advice and the series' default conversion differ, and
 * how to get the advice's: one answer per site, told both ways. */
static void md_series_answer(FILE *out, json_t *subsystems)
{
	json_t *s, *c;
	size_t i, j, n = 0;

	json_array_foreach(subsystems, i, s)
		json_array_foreach(json_object_get(s, "callers"), j, c)
			n += series_differs(c);
	if (!n)
		return;
	fprintf(out, "\n`wqcheck series` converts every pending site per-CPU "
		"(system_percpu_wq, WQ_PERCPU: today's behaviour). %zu pending "
		"site%s advised system_dfl_wq or WQ_UNBOUND here (marked \"series: "
		"per-CPU\" below) get%s that from `wqcheck series --prefer-unbound`, "
		"which moves a site only where it proves every queueing of its work "
		"safe off its CPU (none with a *_on() call either).\n",
		n, n == 1 ? "" : "s", n == 1 ? "s" : "");
}

int audit_write_markdown(FILE *out, json_t *doc)
{
	json_t *summary = json_object_get(doc, "summary"),
	       *classes = json_object_get(doc, "classes");
	json_t *subsystems = json_object_get(doc, "subsystems"), *s, *c,
	       *failed;
	const char *key;
	size_t i, j;

	fputs("# Workqueue audit of ", out);
	md_cell(out, str(doc, "tree"));
	fprintf(out,
		"\n\nGenerated by `wqcheck audit` (wqcheck %s): %lld callers in %lld files, "
		"%lld MAINTAINERS subsystems.\n\n",
		str(doc, "version"), num(summary, "callers"),
		num(summary, "files"), num(summary, "subsystems"));
	fputs("| class | callers |\n|---|---:|\n", out);
	json_array_foreach(classes, i, c)
		fprintf(out, "| %s | %lld |\n", json_string_value(c),
			num(json_object_get(summary, "by_class"),
			    json_string_value(c)));
	if (json_array_size(json_object_get(doc, "conditions")))
		md_conditions(out, doc);
	fputs("\nMigration (6.17: system_percpu_wq / system_dfl_wq, WQ_PERCPU / WQ_UNBOUND):\n\n"
	      "| advice | callers |\n|---|---:|\n",
	      out);
	json_object_foreach(json_object_get(summary, "migration"), key, c)
		fprintf(out, "| %s | %lld |\n", key,
			(long long)json_integer_value(c));
	md_series_answer(out, subsystems);
	if (json_is_object(json_object_get(summary, "migration_progress")))
		md_progress(out, doc,
			    json_object_get(summary, "migration_progress"));
	fputs("\n## Subsystems\n\n", out);
	md_counts_header(out, classes);
	json_array_foreach(subsystems, i, s) {
		json_t *counts = json_object_get(s, "counts");

		fputs("| ", out);
		md_cell(out, str(s, "name"));
		fputs(" |", out);
		json_array_foreach(classes, j, c)
			fprintf(out, " %lld |",
				num(counts, json_string_value(c)));
		fprintf(out, " %lld |\n", num(counts, "total"));
	}
	if (json_array_size(json_object_get(doc, "conditions")))
		md_conditions_by_subsystem(out, doc);
	json_array_foreach(subsystems, i, s)
		md_subsystem(out, s);
	failed = json_object_get(doc, "files_not_analysed");
	if (json_array_size(failed)) {
		fputs("\n## Files not fully analysed\n\n", out);
		json_array_foreach(failed, i, c) {
			fputs("- ", out);
			md_cell(out, str(c, "file"));
			fputs(": ", out);
			md_cell(out, str(c, "reason"));
			fputc('\n', out);
		}
	}
	return ferror(out) ? -1 : 0;
}

/* RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
static void csv_field(FILE *out, const char *s, bool last)
{
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', out);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', out);
			fputc(*s, out);
		}
		fputc('"', out);
	} else {
		fputs(s, out);
	}
	fputs(last ? "\r\n" : ",", out);
}

int audit_write_csv(FILE *out, json_t *doc)
{
	static const char *const header[] = { "subsystem", "file",     "line",
					      "column",	   "function", "api",
					      "kind",	   "class",    "rule",
					      "advice",	   "message",
					      "migration_status" };
	json_t *s, *c;
	size_t i, j, k;
	char line[32], column[32];

	for (k = 0; k < 12; k++)
		csv_field(out, header[k], k == 11);
	json_array_foreach(json_object_get(doc, "subsystems"), i, s)
		json_array_foreach(json_object_get(s, "callers"), j, c) {
			snprintf(line, sizeof(line), "%lld", num(c, "line"));
			snprintf(column, sizeof(column), "%lld",
				 num(c, "column"));
			csv_field(out, str(s, "name"), false);
			csv_field(out, str(c, "file"), false);
			csv_field(out, line, false);
			csv_field(out, column, false);
			csv_field(out, str(c, "function"), false);
			csv_field(out, str(c, "api"), false);
			csv_field(out, str(c, "kind"), false);
			csv_field(out, str(c, "class"), false);
			csv_field(out, str(c, "rule"), false);
			csv_field(out, advice_of(c), false);
			csv_field(out, str(c, "message"), false);
			csv_field(out, str(c, "migration_status"), true);
		}
	return ferror(out) ? -1 : 0;
}
