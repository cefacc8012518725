/* The audit page.  Everything a reader needs is rendered here, in C: the page
 * must show every caller with JavaScript disabled, and a page built from
 * server-side rows needs no JSON island that a stray "</script>" in a kernel
 * string could break out of.  The inline script only sorts and filters rows
 * that are already there. */
#include "products/audit/audit.h"
#include "lib/usage.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* More bars than this get too thin to read; the table has every caller. */
#define CHART_MAX_BARS		25
#define CHART_LABEL_WIDTH	330
#define CHART_BAR_WIDTH		520
#define CHART_TOTAL_WIDTH	60
#define CHART_ROW_HEIGHT	22
#define CHART_BAR_HEIGHT	16
#define CHART_AXIS_HEIGHT	22
/* MAINTAINERS names run to 60 characters; 38 capitals fit the label column. */
#define CHART_LABEL_CHARS	38

struct class_style {
	const char *name;
	const char *color;
	const char *legend;
};

/* Okabe and Ito's palette: distinguishable with the common colour-vision
 * deficiencies, and dark enough against white. */
static const struct class_style known_classes[] = {
	{ "legacy", "#0072b2", "legacy conversion pending" },
	{ "cpu-dependent", "#d55e00",
	  "the work function reads the CPU it runs on" },
	{ "reentrancy-dependent", "#cc79a7",
	  "relies on one work item running on several CPUs at once, or "
	  "breaks a condition that prevents it (WQ011-WQ015)" },
	{ "cpu-independent", "#009e73", "runs correctly on any CPU" },
	{ "unresolved", "#8c8c8c", "work function not found" },
};

#define NR_KNOWN_CLASSES (sizeof(known_classes) / sizeof(known_classes[0]))

/* For classes a newer document may add; they still get a colour. */
static const char *const spare_colors[] = {
	"#e69f00", "#56b4e9", "#f0e442", "#000000",
};

struct page {
	FILE *out;
	json_t *doc;
	json_t *classes;	/* class names, in the document's order */
	json_t *conditions;	/* the non-reentrance conditions, or NULL */
	size_t nr_classes;
	json_t *subsystems;
	size_t nr_subsystems;
	/* callers per subsystem and class; column nr_classes: unknown class */
	long *counts;
	long *totals;
	long nr_callers;
	/* 6.17's migration, on a document of a 6.17+ tree: per subsystem */
	bool migration;
	long *converted, *pending;
	long nr_converted, nr_pending;
};

/* The migration chart's two segments: done, and left to do. */
#define CONVERTED_COLOR "#009e73"
#define PENDING_COLOR "#e69f00"

static const char *str_field(json_t *obj, const char *key)
{
	const char *s = json_string_value(json_object_get(obj, key));

	return s ? s : "";
}

static long long int_field(json_t *obj, const char *key)
{
	return (long long)json_integer_value(json_object_get(obj, key));
}

/*
 * Every string in the document comes from a kernel tree or its MAINTAINERS
 * file, so all of it is text.  Escaping the quotes too makes one function
 * right for element content and quoted attributes alike.  C0 controls are
 * HTML parse errors; they become U+FFFD.
 */
static void put_text_n(FILE *out, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		default:
			if (c < 0x20 && c != '\t' && c != '\n')
				fputs("\xef\xbf\xbd", out);
			else
				putc(c, out);
		}
	}
}

static void put_text(FILE *out, const char *s)
{
	put_text_n(out, s, strlen(s));
}

/* Byte length of the first max_chars characters of the UTF-8 string s. */
static size_t utf8_prefix(const char *s, size_t max_chars)
{
	size_t i = 0, chars = 0;

	while (s[i]) {
		int lead = ((unsigned char)s[i] & 0xc0) != 0x80;

		if (lead && chars++ == max_chars)
			break;
		i++;
	}
	return i;
}

static const struct class_style *class_style(const char *name)
{
	size_t i;

	for (i = 0; i < NR_KNOWN_CLASSES; i++)
		if (!strcmp(known_classes[i].name, name))
			return &known_classes[i];
	return NULL;
}

static const char *class_name(const struct page *p, size_t index)
{
	if (index >= p->nr_classes)
		return "other";
	return json_string_value(json_array_get(p->classes, index));
}

static const char *class_color(const struct page *p, size_t index)
{
	const struct class_style *style;

	if (index >= p->nr_classes)
		return spare_colors[0];
	style = class_style(class_name(p, index));
	if (style)
		return style->color;
	return spare_colors[index % (sizeof(spare_colors) /
				     sizeof(spare_colors[0]))];
}

/* A caller whose class the document does not list counts as "other". */
static size_t class_index(const struct page *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->nr_classes; i++)
		if (!strcmp(class_name(p, i), name))
			return i;
	return p->nr_classes;
}

static const char *subsystem_name(const struct page *p, size_t index)
{
	json_t *sub = json_array_get(p->subsystems, index);
	const char *name = json_string_value(json_object_get(sub, "name"));

	return name ? name : "(no MAINTAINERS entry)";
}

static json_t *subsystem_callers(const struct page *p, size_t index)
{
	return json_object_get(json_array_get(p->subsystems, index), "callers");
}

static long *count_row(const struct page *p, size_t sub)
{
	return &p->counts[sub * (p->nr_classes + 1)];
}

/*
 * The chart counts the rows the table shows rather than trusting the
 * document's "counts", so that chart and table cannot disagree.
 */
static void count_callers(struct page *p)
{
	size_t s, i;

	p->counts = xcalloc(p->nr_subsystems * (p->nr_classes + 1) + 1,
			    sizeof(*p->counts));
	p->totals = xcalloc(p->nr_subsystems + 1, sizeof(*p->totals));
	p->converted = xcalloc(p->nr_subsystems + 1, sizeof(*p->converted));
	p->pending = xcalloc(p->nr_subsystems + 1, sizeof(*p->pending));
	for (s = 0; s < p->nr_subsystems; s++) {
		json_t *callers = subsystem_callers(p, s);

		for (i = 0; i < json_array_size(callers); i++) {
			json_t *c = json_array_get(callers, i);
			size_t k = class_index(p, str_field(c, "class"));
			const char *status = str_field(c, "migration_status");

			count_row(p, s)[k]++;
			p->totals[s]++;
			if (!strcmp(status, "converted"))
				p->converted[s]++;
			else if (!strcmp(status, "pending"))
				p->pending[s]++;
		}
		p->nr_converted += p->converted[s];
		p->nr_pending += p->pending[s];
		p->nr_callers += p->totals[s];
	}
}

static void page_init(struct page *p, FILE *out, json_t *doc)
{
	json_t *classes = json_object_get(doc, "classes");
	size_t i;

	memset(p, 0, sizeof(*p));
	p->out = out;
	p->doc = doc;
	if (json_is_array(classes) && json_array_size(classes)) {
		p->classes = json_incref(classes);
	} else {
		p->classes = json_array();
		for (i = 0; i < NR_KNOWN_CLASSES; i++) {
			const char *name = known_classes[i].name;

			json_array_append_new(p->classes, json_string(name));
		}
	}
	/* A non-string class name would have no name to match or print. */
	for (i = 0; i < json_array_size(p->classes); i++)
		if (!json_is_string(json_array_get(p->classes, i)))
			break;
	p->nr_classes = i;
	p->conditions = json_object_get(doc, "conditions");
	if (!json_array_size(p->conditions))
		p->conditions = NULL;
	p->subsystems = json_object_get(doc, "subsystems");
	p->nr_subsystems = json_array_size(p->subsystems);
	p->migration = json_is_object(json_object_get(
		json_object_get(doc, "summary"), "migration_progress"));
	count_callers(p);
}

static void page_release(struct page *p)
{
	json_decref(p->classes);
	free(p->counts);
	free(p->totals);
	free(p->converted);
	free(p->pending);
}

static const char page_css[] =
	"[hidden]{display:none!important}\n"
	"body{font:14px/1.45 system-ui,sans-serif;margin:1em 2em;"
	"color:#1a1a1a;background:#fff}\n"
	"h1{font-size:1.5em;margin:.2em 0}\n"
	"h2{font-size:1.2em;margin:1.2em 0 .4em}\n"
	"code{font:12px ui-monospace,monospace}\n"
	".meta{color:#555;margin:0}\n"
	".stats{display:flex;gap:2em;list-style:none;padding:0;margin:.5em 0}\n"
	".stats b{display:block;font-size:1.6em}\n"
	".cols{display:flex;flex-wrap:wrap;gap:3em;align-items:flex-start}\n"
	"table.small{border-collapse:collapse}\n"
	"table.small td,table.small th{padding:2px 8px;text-align:left;"
	"border-bottom:1px solid #e4e4e4;vertical-align:top}\n"
	"caption{text-align:left;font-weight:600;padding-bottom:4px}\n"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	".sw{display:inline-block;width:.9em;height:.9em;margin-right:.4em;"
	"vertical-align:-.1em;border-radius:2px}\n"
	".legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;"
	"gap:.3em 1.5em}\n"
	"#chart{max-width:100%;height:auto;font-size:12px}\n"
	"#chart .bar{cursor:pointer}#chart .bar:hover text{font-weight:600}\n"
	"#chart .grid{stroke:#ddd}#chart .tick{fill:#555;text-anchor:middle}\n"
	"#mchart{max-width:100%;height:auto;font-size:12px}\n"
	"#mchart .bar{cursor:pointer}#mchart .bar:hover text{font-weight:600}\n"
	"#conditions .bar{cursor:pointer}\n"
	"#conditions .bar:hover td{background:#f6f8fb}\n"
	"#mchart .grid{stroke:#ddd}#mchart .tick{fill:#555;text-anchor:middle}\n"
	".m-conv{fill:" CONVERTED_COLOR ";background:" CONVERTED_COLOR "}\n"
	".m-pend{fill:" PENDING_COLOR ";background:" PENDING_COLOR "}\n"
	".st{font-size:11px;padding:0 .35em;margin-left:.35em;border-radius:3px;"
	"white-space:nowrap}\n"
	".st-c{background:#d9f2e8}.st-p{background:#fcebcc}\n"
	"#controls{display:flex;flex-wrap:wrap;gap:1em;align-items:center;"
	"margin:.5em 0}\n"
	"#q{width:22em}#controls select{max-width:24em}\n"
	"#count{font-weight:600}\n"
	"#callers{border-collapse:collapse;width:100%;font-size:13px;"
	"table-layout:fixed}\n"
	"#callers th{position:sticky;top:0;background:#f0f0f0;text-align:left;"
	"padding:4px 6px;cursor:pointer;white-space:nowrap;"
	"border-bottom:2px solid #bbb}\n"
	"#callers th[aria-sort=ascending]::after{content:\" \\25b2\"}\n"
	"#callers th[aria-sort=descending]::after{content:\" \\25bc\"}\n"
	"#callers td{padding:3px 6px;border-bottom:1px solid #e8e8e8;"
	"vertical-align:top}\n"
	"#callers td{overflow-wrap:anywhere}\n"
	"#callers td:nth-child(2){font:12px ui-monospace,monospace}\n"
	/* A fixed layout sizes the columns from these, not from every row. */
	"#callers th:nth-child(1){width:12%}\n"
	"#callers th:nth-child(2){width:22%}\n"
	"#callers th:nth-child(3),#callers th:nth-child(4){width:11%}\n"
	"#callers th:nth-child(5){width:11%}\n"
	"#callers th:nth-child(6){width:10%}\n"
	"#callers td:nth-child(5)::before{content:\"\";display:inline-block;"
	"width:.8em;height:.8em;margin-right:.35em;border-radius:2px;"
	"background:#000}\n"
	"#callers tbody tr:hover{background:#f6f8fb}\n"
	".r{color:#555;margin-left:.3em}\n"
	".w,.why{color:#555;font-size:12px}\n"
	"details ol{margin:.2em 0;padding-left:1.6em}\n"
	"summary{cursor:pointer;color:#0b57a4}\n"
	"#not-analysed{border-left:4px solid #d55e00;padding:.2em 1em;"
	"background:#fff4ec}\n"
	"#not-analysed h3{font-size:1em;margin:.4em 0}\n"
	"footer{margin-top:2em;color:#666;font-size:12px}\n";

static void write_class_colors(struct page *p)
{
	size_t i;

	for (i = 0; i <= p->nr_classes; i++) {
		const char *color = class_color(p, i);

		fprintf(p->out, ".c%zu{fill:%s;background:%s}\n", i, color,
			color);
		fprintf(p->out,
			"#callers tr[data-c=\"%zu\"] td:nth-child(5)::before"
			"{background:%s}\n", i, color);
	}
}

static void write_head(struct page *p)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width,"
	      "initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"", p->out);
	put_text(p->out, str_field(p->doc, "generated_by"));
	fputs("\">\n<title>Workqueue audit: ", p->out);
	put_text(p->out, str_field(p->doc, "tree"));
	fputs("</title>\n<style>\n", p->out);
	fputs(page_css, p->out);
	write_class_colors(p);
	fputs("</style>\n</head>\n<body>\n", p->out);
}

static void write_header(struct page *p)
{
	fputs("<header>\n<h1>Workqueue audit</h1>\n"
	      "<p class=\"meta\">Tree <code id=\"tree\">", p->out);
	put_text(p->out, str_field(p->doc, "tree"));
	fputs("</code> &middot; ", p->out);
	put_text(p->out, str_field(p->doc, "tool"));
	fputc(' ', p->out);
	put_text(p->out, str_field(p->doc, "version"));
	fputs("</p>\n</header>\n", p->out);
}

static void write_swatch_label(struct page *p, size_t index)
{
	fprintf(p->out, "<i class=\"sw c%zu\"></i>", index);
	put_text(p->out, class_name(p, index));
}

static const char *class_legend(const struct page *p, size_t index)
{
	const struct class_style *style;

	if (index >= p->nr_classes)
		return "class not listed by the document";
	style = class_style(class_name(p, index));
	return style ? style->legend : "";
}

/* The document's number, or the one counted from its rows when it has none
 * (a hand-made or older document). */
static long long count_or(json_t *obj, const char *key, long long counted)
{
	json_t *n = json_object_get(obj, key);

	return json_is_integer(n) ? (long long)json_integer_value(n) : counted;
}

static long class_total(const struct page *p, size_t index)
{
	long n = 0;
	size_t s;

	for (s = 0; s < p->nr_subsystems; s++)
		n += count_row(p, s)[index];
	return n;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static long distinct_files(const struct page *p)
{
	const char **files = xcalloc((size_t)p->nr_callers + 1, sizeof(*files));
	size_t n = 0, s, i;
	long distinct = 0;

	for (s = 0; s < p->nr_subsystems; s++) {
		json_t *callers = subsystem_callers(p, s);

		for (i = 0; i < json_array_size(callers); i++)
			files[n++] = str_field(json_array_get(callers, i),
					       "file");
	}
	qsort(files, n, sizeof(*files), compare_strings);
	for (i = 0; i < n; i++)
		if (!i || strcmp(files[i - 1], files[i]))
			distinct++;
	free(files);
	return distinct;
}

static void write_class_counts(struct page *p)
{
	json_t *by_class = json_object_get(json_object_get(p->doc, "summary"),
					   "by_class");
	size_t i;

	fputs("<table class=\"small\" id=\"by-class\">"
	      "<caption>Callers by class</caption>\n<tbody>\n", p->out);
	for (i = 0; i < p->nr_classes; i++) {
		fputs("<tr><td>", p->out);
		write_swatch_label(p, i);
		fputs("</td><td>", p->out);
		put_text(p->out, class_legend(p, i));
		fprintf(p->out, "</td><td class=\"n\">%lld</td></tr>\n",
			count_or(by_class, class_name(p, i),
				 class_total(p, i)));
	}
	fputs("</tbody></table>\n", p->out);
}

/* The non-reentrance conditions, each with its one-line meaning; absent
 * from a document written before the audit counted them. */
static void write_condition_counts(struct page *p)
{
	json_t *by = json_object_get(json_object_get(p->doc, "summary"),
				     "by_condition"),
	       *c;
	size_t i;

	fputs("<table class=\"small\" id=\"by-condition\">"
	      "<caption>Non-reentrance conditions (warning: it can happen while "
	      "the item is pending or running; note: the analysis could not "
	      "show that)</caption>\n"
	      "<thead><tr><th>condition</th><th>meaning</th><th>warnings</th>"
	      "<th>notes</th><th>total</th></tr></thead>\n<tbody>\n", p->out);
	json_array_foreach(p->conditions, i, c) {
		const char *rule = str_field(c, "rule");

		fputs("<tr><td><code>", p->out);
		put_text(p->out, rule);
		fputs("</code> ", p->out);
		put_text(p->out, str_field(c, "name"));
		fputs("</td><td>", p->out);
		put_text(p->out, str_field(c, "meaning"));
		fprintf(p->out, "</td><td class=\"n\">%lld</td>"
			"<td class=\"n\">%lld</td><td class=\"n\">%lld</td>"
			"</tr>\n", audit_condition_tally(by, rule, "warning"),
			audit_condition_tally(by, rule, "note"),
			audit_condition_tally(by, rule, "total"));
	}
	fprintf(p->out, "<tr><th>total</th><td></td><td class=\"n\">%lld</td>"
		"<td class=\"n\">%lld</td><td class=\"n\">%lld</td></tr>\n"
		"</tbody></table>\n",
		audit_condition_tally(by, "total", "warning"),
		audit_condition_tally(by, "total", "note"),
		audit_condition_tally(by, "total", "total"));
}

static void write_condition_row(struct page *p, json_t *counts)
{
	json_t *c;
	size_t i;

	json_array_foreach(p->conditions, i, c)
		fprintf(p->out, "<td class=\"n\">%lld</td><td class=\"n\">%lld"
			"</td>",
			audit_condition_tally(counts, str_field(c, "rule"),
					      "warning"),
			audit_condition_tally(counts, str_field(c, "rule"),
					      "note"));
	fprintf(p->out, "<td class=\"n\">%lld</td><td class=\"n\">%lld</td>"
		"<td class=\"n\">%lld</td></tr>\n",
		audit_condition_tally(counts, "total", "warning"),
		audit_condition_tally(counts, "total", "note"),
		audit_condition_tally(counts, "total", "total"));
}

/* Per subsystem, those that break a condition, in audit_condition_order(). */
static void write_conditions(struct page *p)
{
	json_t *summary = json_object_get(p->doc, "summary"), *c;
	size_t *order = xcalloc(p->nr_subsystems + 1, sizeof(*order));
	size_t nr = audit_condition_order(p->doc, order), i;

	fprintf(p->out, "<section id=\"conditions-section\">\n"
		"<h2>Non-reentrance conditions by subsystem</h2>\n"
		"<p class=\"meta\">%zu subsystem%s break%s a condition; the "
		"others break none. Click a subsystem to show its callers.</p>\n"
		"<table class=\"small\" id=\"conditions\">\n<thead><tr>"
		"<th rowspan=\"2\">subsystem</th>", nr, nr == 1 ? "" : "s",
		nr == 1 ? "s" : "");
	json_array_foreach(p->conditions, i, c) {
		fputs("<th colspan=\"2\"><code>", p->out);
		put_text(p->out, str_field(c, "rule"));
		fputs("</code></th>", p->out);
	}
	fputs("<th colspan=\"3\">all</th></tr>\n<tr>", p->out);
	json_array_foreach(p->conditions, i, c)
		fputs("<th>warnings</th><th>notes</th>", p->out);
	fputs("<th>warnings</th><th>notes</th><th>total</th></tr></thead>\n"
	      "<tbody>\n", p->out);
	for (i = 0; i < nr; i++) {
		json_t *sub = json_array_get(p->subsystems, order[i]);

		fprintf(p->out, "<tr class=\"bar\" data-s=\"%zu\"><td>",
			order[i]);
		put_text(p->out, subsystem_name(p, order[i]));
		fputs("</td>", p->out);
		write_condition_row(p,
				    json_object_get(sub, "condition_counts"));
	}
	fputs("<tr class=\"total\"><th>total</th>", p->out);
	write_condition_row(p, json_object_get(summary, "by_condition"));
	fputs("</tbody></table>\n</section>\n", p->out);
	free(order);
}

static void write_migration_counts(struct page *p)
{
	json_t *migration = json_object_get(
		json_object_get(p->doc, "summary"), "migration");
	const char *advice;
	json_t *n;

	fputs("<table class=\"small\" id=\"migration\">"
	      "<caption>Migration advice (6.17+)</caption>\n"
	      "<tbody>\n", p->out);
	json_object_foreach(migration, advice, n) {
		fputs("<tr><td><code>", p->out);
		put_text(p->out, advice);
		fprintf(p->out, "</code></td><td class=\"n\">%lld</td></tr>\n",
			(long long)json_integer_value(n));
	}
	fputs("</tbody></table>\n", p->out);
}

static long percent(long part, long whole)
{
	return whole ? (part * 100 + whole / 2) / whole : 0;
}

static void write_progress_rows(struct page *p, json_t *by, const char *cls)
{
	const char *name;
	json_t *n;

	json_object_foreach(by, name, n) {
		fprintf(p->out, "<tr><td><span class=\"sw %s\"></span><code>",
			cls);
		put_text(p->out, name);
		fprintf(p->out, "</code></td><td class=\"n\">%lld</td></tr>\n",
			(long long)json_integer_value(n));
	}
}

/* Converted against pending, by the name used or the flag named; counted
 * from the rows, like the chart, so that they agree with the table. */
static void write_progress_counts(struct page *p)
{
	json_t *progress = json_object_get(
		json_object_get(p->doc, "summary"), "migration_progress");

	fprintf(p->out,
		"<table class=\"small\" id=\"progress\"><caption>6.17 "
		"migration: <span id=\"n-converted\">%ld</span> converted, "
		"<span id=\"n-pending\">%ld</span> pending (%ld%% done)"
		"</caption>\n<tbody>\n",
		p->nr_converted, p->nr_pending,
		percent(p->nr_converted, p->nr_converted + p->nr_pending));
	write_progress_rows(p, json_object_get(progress, "converted_by"),
			    "m-conv");
	write_progress_rows(p, json_object_get(progress, "pending_by"),
			    "m-pend");
	fputs("</tbody></table>\n", p->out);
}

/* Promised by the design: a file that could not be analysed is never
 * silently missing from the callers. */
static void write_not_analysed(struct page *p)
{
	json_t *files = json_object_get(p->doc, "files_not_analysed");
	size_t i;

	if (!json_array_size(files))
		return;
	fprintf(p->out, "<div id=\"not-analysed\">\n<h3>%zu file%s not "
		"analysed: callers in %s may be missing</h3>\n<ul>\n",
		json_array_size(files), json_array_size(files) == 1 ? "" : "s",
		json_array_size(files) == 1 ? "it" : "them");
	for (i = 0; i < json_array_size(files); i++) {
		json_t *f = json_array_get(files, i);

		fputs("<li><code>", p->out);
		put_text(p->out, str_field(f, "file"));
		fputs("</code>: ", p->out);
		put_text(p->out, str_field(f, "reason"));
		fputs("</li>\n", p->out);
	}
	fputs("</ul>\n</div>\n", p->out);
}

static void write_summary(struct page *p)
{
	json_t *summary = json_object_get(p->doc, "summary");
	json_t *files = json_object_get(summary, "files");

	fprintf(p->out,
		"<section id=\"summary\">\n<h2>Summary</h2>\n"
		"<ul class=\"stats\">"
		"<li><b id=\"n-callers\">%lld</b> callers</li>"
		"<li><b id=\"n-subsystems\">%lld</b> subsystems</li>"
		"<li><b id=\"n-files\">%lld</b> files</li></ul>\n"
		"<div class=\"cols\">\n",
		count_or(summary, "callers", p->nr_callers),
		count_or(summary, "subsystems", (long long)p->nr_subsystems),
		json_is_integer(files) ? (long long)json_integer_value(files) :
					 (long long)distinct_files(p));
	write_class_counts(p);
	if (p->conditions)
		write_condition_counts(p);
	write_migration_counts(p);
	if (p->migration)
		write_progress_counts(p);
	fputs("</div>\n", p->out);
	write_not_analysed(p);
	fputs("</section>\n", p->out);
}

struct bar {
	size_t subsystem;
	long total;
	long pending; /* the migration chart's */
	const char *name;
};

static int bar_compare(const void *a, const void *b)
{
	const struct bar *x = a, *y = b;

	if (x->total != y->total)
		return x->total < y->total ? 1 : -1;
	return strcmp(x->name, y->name);
}

/*
 * Ticks every 1, 2 or 5 times a power of ten: the smallest such step that
 * reaches max in five steps at most.  The axis ends at the first tick at or
 * above max, so that the longest bar fills most of the width.
 */
static long axis_tick(long max)
{
	long step = 1;

	for (;;) {
		if (5 * step >= max)
			return step;
		if (10 * step >= max)
			return 2 * step;
		if (25 * step >= max)
			return 5 * step;
		step *= 10;
	}
}

static long axis_end(long max, long tick)
{
	return max > 0 ? (max + tick - 1) / tick * tick : tick;
}

/* SVG wants '.' in numbers: fine, as wqcheck never calls setlocale(). */
static void write_axis(struct page *p, long end, long tick, int y)
{
	long v;

	for (v = 0; v <= end; v += tick) {
		double x = CHART_LABEL_WIDTH +
			   (double)CHART_BAR_WIDTH * (double)v / (double)end;

		fprintf(p->out,
			"<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" "
			"y2=\"%d\"/><text class=\"tick\" x=\"%.1f\" y=\"%d\">"
			"%ld</text>\n", x, x, y, x, y + 15, v);
	}
}

static void write_bar(struct page *p, const struct bar *bar, int y,
		      double scale)
{
	size_t label_len = utf8_prefix(bar->name, CHART_LABEL_CHARS);
	double x = CHART_LABEL_WIDTH;
	size_t c;

	fprintf(p->out, "<g class=\"bar\" data-s=\"%zu\"><title>",
		bar->subsystem);
	put_text(p->out, bar->name);
	fprintf(p->out, ": %ld callers</title><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">", bar->total, CHART_LABEL_WIDTH - 8,
		y + 12);
	put_text_n(p->out, bar->name, label_len);
	if (bar->name[label_len])
		fputs("\xe2\x80\xa6", p->out);
	fputs("</text>\n", p->out);
	for (c = 0; c <= p->nr_classes; c++) {
		long n = count_row(p, bar->subsystem)[c];
		double w = (double)n * scale;

		if (!n)
			continue;
		fprintf(p->out, "<rect class=\"c%zu\" data-class=\"", c);
		put_text(p->out, class_name(p, c));
		fprintf(p->out, "\" x=\"%.2f\" y=\"%d\" width=\"%.2f\" "
			"height=\"%d\"><title>", x, y + 1, w, CHART_BAR_HEIGHT);
		put_text(p->out, bar->name);
		fprintf(p->out, ": %ld ", n);
		put_text(p->out, class_name(p, c));
		fputs("</title></rect>\n", p->out);
		x += w;
	}
	fprintf(p->out, "<text x=\"%.2f\" y=\"%d\">%ld</text></g>\n", x + 4,
		y + 12, bar->total);
}

static void write_legend(struct page *p)
{
	size_t i;

	fputs("<ul class=\"legend\" id=\"legend\">", p->out);
	for (i = 0; i < p->nr_classes; i++) {
		fputs("<li>", p->out);
		write_swatch_label(p, i);
		fputs(": ", p->out);
		put_text(p->out, class_legend(p, i));
		fputs("</li>", p->out);
	}
	fputs("</ul>\n", p->out);
}

static void write_chart(struct page *p)
{
	struct bar *bars = xcalloc(p->nr_subsystems + 1, sizeof(*bars));
	size_t nr_bars = p->nr_subsystems, i;
	long max, tick, end;
	double scale;
	int height;

	for (i = 0; i < p->nr_subsystems; i++) {
		bars[i].subsystem = i;
		bars[i].total = p->totals[i];
		bars[i].name = subsystem_name(p, i);
	}
	qsort(bars, nr_bars, sizeof(*bars), bar_compare);
	if (nr_bars > CHART_MAX_BARS)
		nr_bars = CHART_MAX_BARS;
	max = nr_bars ? bars[0].total : 0;
	tick = axis_tick(max);
	end = axis_end(max, tick);
	scale = (double)CHART_BAR_WIDTH / (double)end;
	height = (int)nr_bars * CHART_ROW_HEIGHT + CHART_AXIS_HEIGHT;

	fputs("<section id=\"chart-section\">\n"
	      "<h2 id=\"chart-title\">Callers per subsystem by class</h2>\n"
	      "<p class=\"meta\" id=\"chart-note\">", p->out);
	if (nr_bars < p->nr_subsystems)
		fprintf(p->out, "The %zu subsystems with the most callers, of "
			"%zu; the table below lists them all.", nr_bars,
			p->nr_subsystems);
	else
		fprintf(p->out, "All %zu subsystems.", nr_bars);
	fputs(" Click a bar to show its callers.</p>\n", p->out);
	write_legend(p);
	fprintf(p->out,
		"<svg id=\"chart\" role=\"img\" "
		"aria-labelledby=\"chart-title\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		CHART_LABEL_WIDTH + CHART_BAR_WIDTH + CHART_TOTAL_WIDTH, height,
		CHART_LABEL_WIDTH + CHART_BAR_WIDTH + CHART_TOTAL_WIDTH,
		height);
	write_axis(p, end, tick, (int)nr_bars * CHART_ROW_HEIGHT);
	for (i = 0; i < nr_bars; i++)
		write_bar(p, &bars[i], (int)i * CHART_ROW_HEIGHT, scale);
	fputs("</svg>\n</section>\n", p->out);
	free(bars);
}

/* Most left to do first: that is what a maintainer looks for. */
static int progress_compare(const void *a, const void *b)
{
	const struct bar *x = a, *y = b;

	if (x->pending != y->pending)
		return x->pending < y->pending ? 1 : -1;
	if (x->total != y->total)
		return x->total < y->total ? 1 : -1;
	return strcmp(x->name, y->name);
}

static void write_progress_segment(struct page *p, const struct bar *bar,
				   const char *status, long n, double *x,
				   int y, double scale)
{
	double w = (double)n * scale;

	if (!n)
		return;
	fprintf(p->out, "<rect class=\"m-%.4s\" data-status=\"%s\" "
		"x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\"><title>",
		status, status, *x, y + 1, w, CHART_BAR_HEIGHT);
	put_text(p->out, bar->name);
	fprintf(p->out, ": %ld %s</title></rect>\n", n, status);
	*x += w;
}

static void write_progress_bar(struct page *p, const struct bar *bar, int y,
			       double scale)
{
	size_t label_len = utf8_prefix(bar->name, CHART_LABEL_CHARS);
	double x = CHART_LABEL_WIDTH;

	fprintf(p->out, "<g class=\"bar\" data-s=\"%zu\"><title>",
		bar->subsystem);
	put_text(p->out, bar->name);
	fprintf(p->out, ": %ld converted, %ld pending</title>"
		"<text x=\"%d\" y=\"%d\" text-anchor=\"end\">",
		bar->total - bar->pending, bar->pending,
		CHART_LABEL_WIDTH - 8, y + 12);
	put_text_n(p->out, bar->name, label_len);
	if (bar->name[label_len])
		fputs("\xe2\x80\xa6", p->out);
	fputs("</text>\n", p->out);
	write_progress_segment(p, bar, "converted", bar->total - bar->pending,
			       &x, y, scale);
	write_progress_segment(p, bar, "pending", bar->pending, &x, y, scale);
	fprintf(p->out, "<text class=\"done\" x=\"%.2f\" y=\"%d\">%ld%%</text>"
		"</g>\n", x + 4, y + 12,
		percent(bar->total - bar->pending, bar->total));
}

/*
 * The migration's progress per subsystem: a bar of its converted and its
 * pending callers, the subsystems with most left to do first.  Only on a
 * document of a 6.17+ tree; subsystems the migration does not touch have
 * no bar.
 */
static void write_migration_chart(struct page *p)
{
	struct bar *bars = xcalloc(p->nr_subsystems + 1, sizeof(*bars));
	size_t nr_bars = 0, nr_touched, i;
	long max, tick, end;
	double scale;
	int height;

	for (i = 0; i < p->nr_subsystems; i++) {
		if (!p->converted[i] && !p->pending[i])
			continue;
		bars[nr_bars].subsystem = i;
		bars[nr_bars].total = p->converted[i] + p->pending[i];
		bars[nr_bars].pending = p->pending[i];
		bars[nr_bars].name = subsystem_name(p, i);
		nr_bars++;
	}
	nr_touched = nr_bars;
	qsort(bars, nr_bars, sizeof(*bars), progress_compare);
	if (nr_bars > CHART_MAX_BARS)
		nr_bars = CHART_MAX_BARS;
	for (max = 0, i = 0; i < nr_bars; i++)
		if (bars[i].total > max)
			max = bars[i].total;
	tick = axis_tick(max);
	end = axis_end(max, tick);
	scale = (double)CHART_BAR_WIDTH / (double)end;
	height = (int)nr_bars * CHART_ROW_HEIGHT + CHART_AXIS_HEIGHT;

	fputs("<section id=\"migration-section\">\n"
	      "<h2 id=\"migration-title\">6.17 migration per subsystem: "
	      "converted vs pending</h2>\n"
	      "<p class=\"meta\" id=\"migration-note\">", p->out);
	if (nr_bars < nr_touched)
		fprintf(p->out, "The %zu subsystems with the most callers "
			"pending, of the %zu the migration touches.",
			nr_bars, nr_touched);
	else
		fprintf(p->out, "All %zu subsystems the migration touches, "
			"the most pending first.", nr_bars);
	fputs(" Converted: system_percpu_wq or system_dfl_wq, or an "
	      "alloc_workqueue() that says WQ_PERCPU or WQ_UNBOUND; pending: "
	      "system_wq or system_unbound_wq, or an alloc_workqueue() that "
	      "says neither. Click a bar to show its callers.</p>\n"
	      "<ul class=\"legend\" id=\"mlegend\">"
	      "<li><span class=\"sw m-conv\"></span>converted</li>"
	      "<li><span class=\"sw m-pend\"></span>pending</li></ul>\n",
	      p->out);
	fprintf(p->out,
		"<svg id=\"mchart\" role=\"img\" "
		"aria-labelledby=\"migration-title\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		CHART_LABEL_WIDTH + CHART_BAR_WIDTH + CHART_TOTAL_WIDTH, height,
		CHART_LABEL_WIDTH + CHART_BAR_WIDTH + CHART_TOTAL_WIDTH,
		height);
	write_axis(p, end, tick, (int)nr_bars * CHART_ROW_HEIGHT);
	for (i = 0; i < nr_bars; i++)
		write_progress_bar(p, &bars[i], (int)i * CHART_ROW_HEIGHT,
				   scale);
	fputs("</svg>\n</section>\n", p->out);
	free(bars);
}

static void write_string_list(struct page *p, json_t *list)
{
	size_t i;

	for (i = 0; i < json_array_size(list); i++) {
		const char *s = json_string_value(json_array_get(list, i));

		if (!s)
			continue;
		if (i)
			fputs("<br>", p->out);
		put_text(p->out, s);
	}
}

static void write_subsystems(struct page *p)
{
	size_t i;

	fprintf(p->out,
		"<section id=\"subsystems\">\n<details>\n<summary>Maintainers "
		"and lists of the %zu subsystems</summary>\n"
		"<table class=\"small\">\n<thead><tr><th>Subsystem</th>"
		"<th>Callers</th><th>Maintainers</th><th>Lists</th></tr>"
		"</thead>\n<tbody>\n", p->nr_subsystems);
	for (i = 0; i < p->nr_subsystems; i++) {
		json_t *sub = json_array_get(p->subsystems, i);

		fprintf(p->out, "<tr id=\"s%zu\"><td>", i);
		put_text(p->out, subsystem_name(p, i));
		fprintf(p->out, "</td><td class=\"n\">%ld</td><td>",
			p->totals[i]);
		write_string_list(p, json_object_get(sub, "maintainers"));
		fputs("</td><td>", p->out);
		write_string_list(p, json_object_get(sub, "lists"));
		fputs("</td></tr>\n", p->out);
	}
	fputs("</tbody></table>\n</details>\n</section>\n", p->out);
}

/* Hidden until the script runs: without it they could not do anything. */
static void write_controls(struct page *p)
{
	size_t i;

	fputs("<div id=\"controls\" hidden>\n"
	      "<label>Filter <input id=\"q\" type=\"search\" "
	      "placeholder=\"file, function, api, message...\" "
	      "autocomplete=\"off\"></label>\n"
	      "<label>Class <select id=\"class\">"
	      "<option value=\"\">all classes</option>", p->out);
	for (i = 0; i < p->nr_classes; i++) {
		fprintf(p->out, "<option value=\"%zu\">", i);
		put_text(p->out, class_name(p, i));
		fprintf(p->out, " (%ld)</option>", class_total(p, i));
	}
	fputs("</select></label>\n<label>Subsystem <select id=\"subsystem\">"
	      "<option value=\"\">all subsystems</option>", p->out);
	for (i = 0; i < p->nr_subsystems; i++) {
		fprintf(p->out, "<option value=\"%zu\">", i);
		put_text(p->out, subsystem_name(p, i));
		fprintf(p->out, " (%ld)</option>", p->totals[i]);
	}
	fputs("</select></label>\n", p->out);
	if (p->migration)
		fprintf(p->out, "<label>Migration <select id=\"status\">"
			"<option value=\"\">all callers</option>"
			"<option value=\"c\">converted "
			"(%ld)</option><option value=\"p\">pending (%ld)"
			"</option></select></label>\n",
			p->nr_converted, p->nr_pending);
	fputs("</div>\n", p->out);
}

static void write_evidence(struct page *p, json_t *evidence)
{
	size_t i;

	if (!json_array_size(evidence))
		return;
	fprintf(p->out, "<details><summary>evidence (%zu)</summary><ol>",
		json_array_size(evidence));
	for (i = 0; i < json_array_size(evidence); i++) {
		json_t *e = json_array_get(evidence, i);

		fputs("<li><code>", p->out);
		put_text(p->out, str_field(e, "file"));
		fprintf(p->out, ":%lld</code>: ", int_field(e, "line"));
		put_text(p->out, str_field(e, "message"));
		fputs("</li>", p->out);
	}
	fputs("</ol></details>", p->out);
}

static void write_work_functions(struct page *p, json_t *names)
{
	const char *name;
	size_t i;

	if (!json_array_size(names))
		return;
	fputs("<div class=\"w\">work: ", p->out);
	for (i = 0; i < json_array_size(names); i++) {
		if (i)
			fputs(", ", p->out);
		name = json_string_value(json_array_get(names, i));
		fputs("<code>", p->out);
		put_text(p->out, name ? name : "");
		fputs("</code>", p->out);
	}
	fputs("</div>", p->out);
}

static void write_message_cell(struct page *p, json_t *caller)
{
	const char *rule = json_string_value(json_object_get(caller, "rule"));

	fputs("<td>", p->out);
	put_text(p->out, str_field(caller, "message"));
	if (rule) {
		fputs("<span class=\"r\">[", p->out);
		put_text(p->out, rule);
		fputs("]</span>", p->out);
	}
	write_work_functions(p, json_object_get(caller, "work_functions"));
	write_evidence(p, json_object_get(caller, "evidence"));
	fputs("</td>", p->out);
}

static void write_advice_cell(struct page *p, json_t *migration)
{
	const char *reason = str_field(migration, "reason");

	fputs("<td>", p->out);
	put_text(p->out, str_field(migration, "advice"));
	if (*reason) {
		fputs("<div class=\"why\">", p->out);
		put_text(p->out, reason);
		fputs("</div>", p->out);
	}
	if (*str_field(migration, "series")) {
		/* the series writes another conversion by default: say which,
		 * and how to get this one */
		fputs("<div class=\"why\">", p->out);
		put_text(p->out, str_field(migration, "series"));
		fputs("</div>", p->out);
	}
	fputs("</td>", p->out);
}

/* data-c and data-s are indices, so the script compares small integers and
 * never has to read a kernel string back out of an attribute. */
static void write_row(struct page *p, size_t sub, json_t *caller)
{
	size_t c = class_index(p, str_field(caller, "class"));
	const char *status = str_field(caller, "migration_status");

	fprintf(p->out, "<tr data-c=\"%zu\" data-s=\"%zu\"", c, sub);
	/* data-m: c(onverted) or p(ending), for the Migration select */
	if (!strcmp(status, "converted") || !strcmp(status, "pending"))
		fprintf(p->out, " data-m=\"%c\"", status[0]);
	fputs("><td>", p->out);
	put_text(p->out, subsystem_name(p, sub));
	fputs("</td><td>", p->out);
	put_text(p->out, str_field(caller, "file"));
	fprintf(p->out, ":%lld</td><td>", int_field(caller, "line"));
	put_text(p->out, str_field(caller, "function"));
	fputs("</td><td>", p->out);
	put_text(p->out, str_field(caller, "api"));
	if (!strcmp(status, "converted") || !strcmp(status, "pending"))
		fprintf(p->out, "<span class=\"st st-%c\">%s</span>",
			status[0], status);
	fputs("</td><td>", p->out);
	put_text(p->out, c < p->nr_classes ? class_name(p, c) :
					     str_field(caller, "class"));
	fputs("</td>", p->out);
	write_advice_cell(p, json_object_get(caller, "migration"));
	write_message_cell(p, caller);
	fputs("</tr>\n", p->out);
}

static void write_table(struct page *p)
{
	size_t s, i;

	fputs("<section id=\"table-section\">\n<h2>Callers</h2>\n", p->out);
	write_controls(p);
	fprintf(p->out, "<p id=\"count\" role=\"status\">%ld of %ld callers "
		"shown</p>\n", p->nr_callers, p->nr_callers);
	fputs("<table id=\"callers\">\n<thead><tr>"
	      "<th scope=\"col\">subsystem</th><th scope=\"col\">file:line</th>"
	      "<th scope=\"col\">function</th><th scope=\"col\">api</th>"
	      "<th scope=\"col\">class</th><th scope=\"col\">advice</th>"
	      "<th scope=\"col\">message</th></tr></thead>\n<tbody>\n", p->out);
	for (s = 0; s < p->nr_subsystems; s++) {
		json_t *callers = subsystem_callers(p, s);

		for (i = 0; i < json_array_size(callers); i++)
			write_row(p, s, json_array_get(callers, i));
	}
	fputs("</tbody>\n</table>\n</section>\n", p->out);
}

/*
 * Sorting and filtering.  One listener per control, none per row; row texts
 * and sort keys are read once, so a keystroke over thousands of rows only
 * compares strings and flips the hidden flag of the rows that change.
 */
static const char page_script[] =
	"(function () {\n"
	"'use strict';\n"
	"var table = document.getElementById('callers');\n"
	"var tbody = table.tBodies[0];\n"
	"var rows = Array.prototype.slice.call(tbody.rows);\n"
	"var texts = rows.map(function (r) {\n"
	"\treturn r.textContent.toLowerCase();\n"
	"});\n"
	"var q = document.getElementById('q');\n"
	"var cls = document.getElementById('class');\n"
	"var sub = document.getElementById('subsystem');\n"
	"var mig = document.getElementById('status');\n"
	"var count = document.getElementById('count');\n"
	"var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);\n"
	"var collator = new Intl.Collator(undefined,\n"
	"\t{ numeric: true, sensitivity: 'base' });\n"
	"var keys = [], sortCol = -1, sortDir = 1;\n"
	"\n"
	"function apply() {\n"
	"\tvar terms = q.value.toLowerCase().split(/\\s+/).filter(Boolean);\n"
	"\tvar c = cls.value, s = sub.value, shown = 0, i, j, ok;\n"
	"\tvar m = mig ? mig.value : '';\n"
	"\n"
	"\tfor (i = 0; i < rows.length; i++) {\n"
	"\t\tok = (!c || rows[i].getAttribute('data-c') === c) &&\n"
	"\t\t     (!s || rows[i].getAttribute('data-s') === s) &&\n"
	"\t\t     (!m || rows[i].getAttribute('data-m') === m);\n"
	"\t\tfor (j = 0; ok && j < terms.length; j++)\n"
	"\t\t\tok = texts[i].indexOf(terms[j]) >= 0;\n"
	"\t\tif (rows[i].hidden === ok)\n"
	"\t\t\trows[i].hidden = !ok;\n"
	"\t\tif (ok)\n"
	"\t\t\tshown++;\n"
	"\t}\n"
	"\tcount.textContent = shown + ' of ' + rows.length +\n"
	"\t\t' callers shown';\n"
	"}\n"
	"\n"
	"/* A cell's first text node: the message without its evidence. */\n"
	"function sortKey(cell) {\n"
	"\tvar n = cell.firstChild;\n"
	"\n"
	"\treturn n && n.nodeType === 3 ? n.nodeValue : cell.textContent;\n"
	"}\n"
	"\n"
	"function sortBy(col) {\n"
	"\tvar order = rows.map(function (r, i) { return i; });\n"
	"\tvar frag = document.createDocumentFragment();\n"
	"\n"
	"\tsortDir = col === sortCol ? -sortDir : 1;\n"
	"\tsortCol = col;\n"
	"\tif (!keys[col])\n"
	"\t\tkeys[col] = rows.map(function (r) {\n"
	"\t\t\treturn sortKey(r.cells[col]);\n"
	"\t\t});\n"
	"\torder.sort(function (a, b) {\n"
	"\t\treturn sortDir * collator.compare(keys[col][a], keys[col][b]) ||\n"
	"\t\t       a - b;\n"
	"\t});\n"
	"\torder.forEach(function (i) { frag.appendChild(rows[i]); });\n"
	"\ttbody.appendChild(frag);\n"
	"\theads.forEach(function (h, i) {\n"
	"\t\tif (i === col)\n"
	"\t\t\th.setAttribute('aria-sort',\n"
	"\t\t\t\tsortDir > 0 ? 'ascending' : 'descending');\n"
	"\t\telse\n"
	"\t\t\th.removeAttribute('aria-sort');\n"
	"\t});\n"
	"}\n"
	"\n"
	"heads.forEach(function (h) {\n"
	"\th.tabIndex = 0;\n"
	"\th.title = 'Sort by ' + h.textContent;\n"
	"});\n"
	"table.tHead.addEventListener('click', function (e) {\n"
	"\tvar th = e.target.closest('th');\n"
	"\n"
	"\tif (th)\n"
	"\t\tsortBy(th.cellIndex);\n"
	"});\n"
	"table.tHead.addEventListener('keydown', function (e) {\n"
	"\tif ((e.key === 'Enter' || e.key === ' ') &&\n"
	"\t    e.target.tagName === 'TH') {\n"
	"\t\te.preventDefault();\n"
	"\t\tsortBy(e.target.cellIndex);\n"
	"\t}\n"
	"});\n"
	"q.addEventListener('input', apply);\n"
	"cls.addEventListener('change', apply);\n"
	"sub.addEventListener('change', apply);\n"
	"if (mig)\n"
	"\tmig.addEventListener('change', apply);\n"
	"['chart', 'mchart', 'conditions'].forEach(function (id) {\n"
	"\tvar chart = document.getElementById(id);\n"
	"\n"
	"\tif (chart)\n"
	"\t\tchart.addEventListener('click', function (e) {\n"
	"\t\t\tvar bar = e.target.closest('.bar');\n"
	"\n"
	"\t\t\tif (!bar)\n"
	"\t\t\t\treturn;\n"
	"\t\t\tsub.value = bar.getAttribute('data-s');\n"
	"\t\t\tapply();\n"
	"\t\t\ttable.scrollIntoView();\n"
	"\t\t});\n"
	"});\n"
	"document.getElementById('controls').hidden = false;\n"
	"apply();\n"
	"})();\n";

static void write_footer(struct page *p)
{
	fputs("<footer>Generated by ", p->out);
	put_text(p->out, str_field(p->doc, "generated_by"));
	fputs(" (", p->out);
	put_text(p->out, str_field(p->doc, "tool"));
	fputc(' ', p->out);
	put_text(p->out, str_field(p->doc, "version"));
	fputs("). This page loads nothing from the network.</footer>\n"
	      "<script>\n", p->out);
	fputs(page_script, p->out);
	fputs("</script>\n</body>\n</html>\n", p->out);
}

int audit_write_html(FILE *out, json_t *doc)
{
	struct page p;

	page_init(&p, out, doc);
	write_head(&p);
	write_header(&p);
	write_summary(&p);
	write_chart(&p);
	if (p.conditions)
		write_conditions(&p);
	if (p.migration)
		write_migration_chart(&p);
	write_subsystems(&p);
	write_table(&p);
	write_footer(&p);
	page_release(&p);
	if (fflush(out) || ferror(out))
		return -1;
	return 0;
}
