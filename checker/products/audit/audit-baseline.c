/*
 * --baseline for the audit. The audit lists every caller, findings or not,
 * so a baseline does not take rows out of the inventory: each caller that
 * is a finding (it has a rule) says whether the baseline had it
 * ("baseline": "matched" or "new"), matched by the fingerprint wqcheck scan
 * gives the same finding, and the summary counts both.
 */
#include "products/audit/audit.h"
#include "output/report.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

struct finding_row {
	json_t *caller;
	const char *file, *rule;
	json_int_t line, column;
};

/* The order wqcheck scan reports findings in: file, line, column, rule. */
static int row_compare(const void *a, const void *b)
{
	const struct finding_row *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	return strcmp(x->rule, y->rule);
}

static struct finding_row *collect_rows(json_t *doc, size_t *nr)
{
	json_t *subsystems = json_object_get(doc, "subsystems"), *s, *c;
	struct finding_row *rows = NULL;
	size_t i, j, alloc = 0;

	*nr = 0;
	json_array_foreach(subsystems, i, s) {
		json_array_foreach(json_object_get(s, "callers"), j, c) {
			const char *rule = json_string_value(json_object_get(c, "rule"));
			const char *file = json_string_value(json_object_get(c, "file"));

			if (!rule || !file)
				continue;
			ALLOC_GROW(rows, *nr, alloc);
			rows[*nr] = (struct finding_row){
				.caller = c, .file = file, .rule = rule,
				.line = json_integer_value(json_object_get(c, "line")),
				.column = json_integer_value(json_object_get(c, "column")),
			};
			(*nr)++;
		}
	}
	qsort(rows, *nr, sizeof(*rows), row_compare);
	return rows;
}

size_t audit_mark_baseline(json_t *doc, const struct baseline *b, const char *root)
{
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;
	const char *text_of = NULL;
	size_t nr, i, k, matched = 0;
	struct finding_row *rows = collect_rows(doc, &nr);
	char **lines = xcalloc(nr ? nr : 1, sizeof(*lines));

	for (i = 0; i < nr; i++) {
		unsigned occurrence = 0;
		char *fp;
		bool in;

		if (!text_of || strcmp(text_of, rows[i].file)) {
			strbuf_reset(&text);
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", root, rows[i].file);
			if (strbuf_read_file(&text, path.buf) < 0)
				strbuf_reset(&text);
			text_of = rows[i].file;
		}
		lines[i] = text_line_trimmed(text.buf ? text.buf : "", text.len, (long)rows[i].line);
		for (k = 0; k < i; k++)
			occurrence += !strcmp(rows[k].rule, rows[i].rule) &&
				      !strcmp(rows[k].file, rows[i].file) &&
				      !strcmp(lines[k], lines[i]);
		fp = fingerprint_of(rows[i].rule, rows[i].file, lines[i], occurrence);
		in = baseline_has(b, fp);
		matched += in;
		json_object_set_new(rows[i].caller, "baseline",
				    json_string(in ? "matched" : "new"));
		free(fp);
	}
	json_object_set_new(json_object_get(doc, "summary"), "baseline",
			    json_pack("{s:s, s:i, s:i}", "file", b->path,
				      "matched", (json_int_t)matched,
				      "new", (json_int_t)(nr - matched)));
	for (i = 0; i < nr; i++)
		free(lines[i]);
	free(lines);
	free(rows);
	strbuf_release(&text);
	strbuf_release(&path);
	return matched;
}
