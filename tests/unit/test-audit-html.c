/* Unit tests for the audit's HTML page: escaping, one row per caller, the
 * chart's bars and their limit, write errors.
 *
 * With arguments it is the renderer tests/t-audit-html.sh drives in a browser:
 *   test-audit-html IN.json [OUT.html]
 * so that the page can be tested before, and apart from, `wqcheck audit`. */
#include "products/audit/audit.h"
#include "lib/strbuf.h"
#include "test-lib.h"
#include "lib/usage.h"

#include <stdlib.h>

/* Kernel strings are text: every one of these must come out escaped. */
static const char tricky_doc[] =
	"{\"tool\": \"wqcheck\", \"version\": \"1.0\","
	" \"tree\": \"/src/<tree>\","
	" \"generated_by\": \"wqcheck audit\","
	" \"classes\": [\"legacy\", \"cpu-dependent\","
	"  \"reentrancy-dependent\", \"cpu-independent\", \"unresolved\"],"
	" \"summary\": {\"callers\": 5, \"subsystems\": 2, \"files\": 3,"
	"  \"by_class\": {\"legacy\": 1, \"cpu-dependent\": 2,"
	"   \"unresolved\": 1},"
	"  \"migration\": {\"WQ_PERCPU\": 2, \"undecided\": 1}},"
	" \"files_not_analysed\": [{\"file\": \"bad<1>.c\","
	"  \"reason\": \"unterminated /* comment\"}],"
	" \"subsystems\": ["
	"  {\"name\": \"ACME <script>alert(1)</script> & \\\"CO\\\"\","
	"   \"maintainers\": [\"Ada Acme <ada@example.org>\"],"
	"   \"lists\": [\"acme@example.org\"],"
	"   \"callers\": ["
	"    {\"file\": \"drivers/a&b.c\", \"line\": 10, \"column\": 2,"
	"     \"function\": \"acme_probe\", \"api\": \"flush_work_sync\","
	"     \"kind\": \"legacy\", \"class\": \"legacy\", \"rule\": \"WQ001\","
	"     \"message\": \"</td><img src=x onerror=alert(2)>\","
	"     \"work_functions\": [], \"evidence\": [], \"migration\": null},"
	"    {\"file\": \"drivers/acme.c\", \"line\": 20, \"column\": 2,"
	"     \"function\": null, \"api\": \"queue_work_on\","
	"     \"kind\": \"queue-on\", \"class\": \"cpu-dependent\","
	"     \"rule\": \"WQ010\", \"message\": \"reads the CPU\\u0001\","
	"     \"work_functions\": [\"acme_fn\"],"
	"     \"evidence\": [{\"file\": \"drivers/acme.c\", \"line\": 30,"
	"      \"column\": 1, \"message\": \"smp_processor_id() 'here'\"}],"
	"     \"migration\": {\"advice\": \"WQ_PERCPU\","
	"      \"reason\": \"reads <cpu>\"}}]},"
	"  {\"name\": \"MM\", \"maintainers\": [], \"lists\": [],"
	"   \"callers\": ["
	"    {\"file\": \"mm/vmstat.c\", \"line\": 5, \"column\": 1,"
	"     \"function\": \"f\", \"api\": \"queue_delayed_work_on\","
	"     \"kind\": \"queue-on\", \"class\": \"cpu-dependent\","
	"     \"rule\": \"WQ010\", \"message\": \"m\","
	"     \"work_functions\": [], \"evidence\": [],"
	"     \"migration\": {\"advice\": \"WQ_PERCPU\", \"reason\": \"r\"}},"
	"    {\"file\": \"mm/vmstat.c\", \"line\": 7, \"column\": 1,"
	"     \"function\": \"f\", \"api\": \"queue_work_on\","
	"     \"kind\": \"queue-on\", \"class\": \"cpu-dependent\","
	"     \"rule\": \"WQ010\", \"message\": \"m\","
	"     \"work_functions\": [], \"evidence\": [], \"migration\": null},"
	"    {\"file\": \"mm/x.c\", \"line\": 6, \"column\": 1,"
	"     \"function\": \"g\", \"api\": \"schedule_work\","
	"     \"kind\": \"system-wq\", \"class\": \"unresolved\","
	"     \"rule\": null, \"message\": \"m\","
	"     \"work_functions\": [], \"evidence\": [],"
	"     \"migration\": {\"advice\": \"undecided\", \"reason\": \"r\"}}"
	"  ]}]}";

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	while ((hay = strstr(hay, needle))) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/* The text between the first start and the next end, or "" */
static char *between(const char *s, const char *start, const char *end)
{
	const char *a = strstr(s, start), *b;

	if (!a)
		return xstrdup("");
	a += strlen(start);
	b = strstr(a, end);
	return b ? xstrndup(a, (size_t)(b - a)) : xstrdup("");
}

/* How many continuation bytes follow the lead byte c; -1 if c cannot lead. */
static int utf8_extra(unsigned char c)
{
	if (c < 0x80)
		return 0;
	if ((c & 0xe0) == 0xc0)
		return 1;
	if ((c & 0xf0) == 0xe0)
		return 2;
	if ((c & 0xf8) == 0xf0)
		return 3;
	return -1;
}

static int valid_utf8(const unsigned char *s)
{
	while (*s) {
		int extra = utf8_extra(*s);

		if (extra < 0)
			return 0;
		for (s++; extra--; s++)
			if ((*s & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}

static char *render(json_t *doc, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	*rc = audit_write_html(fp, doc);
	fclose(fp);
	return buf;
}

static void test_tricky(void)
{
	json_t *doc = json_loads(tricky_doc, 0, NULL);
	const char *first, *second, *end;
	char *html, *svg;
	int rc;

	CHECK("html: fixture parses", doc != NULL);
	if (!doc)
		return;
	html = render(doc, &rc);
	CHECK("html: renders", rc == 0);
	CHECK("html: html5 doctype first",
	      !strncmp(html, "<!DOCTYPE html>\n", 16));
	end = strstr(html, "</html>\n");
	CHECK("html: ends with </html>", end && !strcmp(end, "</html>\n"));
	CHECK("html: no external URL", !strstr(html, "http:") &&
					 !strstr(html, "https:") &&
					 !strstr(html, "//cdn"));
	CHECK("html: no element that loads anything",
	      !strstr(html, "<link") && !strstr(html, "<img") &&
		      !strstr(html, "<iframe") && !strstr(html, "<script src"));
	CHECK("html: only the page's own script", count(html, "<script") == 1);
	CHECK("html: subsystem name escaped",
	      strstr(html, "ACME &lt;script&gt;alert(1)&lt;/script&gt; &amp; "
			   "&quot;CO&quot;") != NULL);
	CHECK("html: message escaped",
	      strstr(html, "&lt;/td&gt;&lt;img src=x onerror=alert(2)&gt;") &&
		      !strstr(html, "<img"));
	CHECK("html: maintainer's address escaped",
	      strstr(html, "Ada Acme &lt;ada@example.org&gt;") != NULL);
	CHECK("html: file name escaped",
	      strstr(html, "drivers/a&amp;b.c:10") != NULL);
	CHECK("html: tree escaped", strstr(html, "/src/&lt;tree&gt;") != NULL);
	CHECK("html: apostrophe escaped in evidence",
	      strstr(html, "<code>drivers/acme.c:30</code>: smp_processor_id() "
			   "&#39;here&#39;") != NULL);
	CHECK("html: control character replaced", !strchr(html, '\x01'));
	CHECK("html: files not analysed listed",
	      strstr(html, "<li><code>bad&lt;1&gt;.c</code>: unterminated /* "
			   "comment</li>") &&
		      strstr(html, "1 file not analysed"));
	CHECK("html: one row per caller", count(html, "<tr data-c=") == 5);
	CHECK("html: row carries class and subsystem index",
	      strstr(html, "<tr data-c=\"4\" data-s=\"1\"><td>MM</td>"
			   "<td>mm/x.c:6</td>") != NULL);
	CHECK("html: summary from the document",
	      strstr(html, "<b id=\"n-files\">3</b>") &&
		      strstr(html, "<b id=\"n-callers\">5</b>"));
	CHECK("html: counter says all shown",
	      strstr(html, ">5 of 5 callers shown<"));
	CHECK("html: one evidence list",
	      count(html, "<details><summary>evidence (1)") == 1);
	CHECK("html: advice reason shown",
	      strstr(html, "WQ_PERCPU<div class=\"why\">reads &lt;cpu&gt;"
			   "</div>"));
	svg = between(html, "<svg", "</svg>");
	CHECK("html: one bar per subsystem",
	      count(svg, "<g class=\"bar\"") == 2);
	CHECK("html: one segment per nonzero class", count(svg, "<rect") == 4);
	first = strstr(svg, "data-s=\"1\"");
	second = strstr(svg, "data-s=\"0\"");
	CHECK("html: largest subsystem first",
	      first && second && first < second);
	CHECK("html: segment tooltip",
	      strstr(svg, "<title>MM: 2 cpu-dependent</title>") != NULL);
	CHECK("html: legend for every class",
	      count(html, "<i class=\"sw c") == 10);
	CHECK("html: valid UTF-8", valid_utf8((const unsigned char *)html));
	free(svg);
	free(html);
	json_decref(doc);
}

/* 30 subsystems with 1..30 callers: the chart keeps the 25 largest. */
static json_t *many_subsystems(void)
{
	json_t *doc = json_object(), *subs = json_array();
	int s, i;

	for (s = 1; s <= 30; s++) {
		json_t *callers = json_array();
		char name[128];

		for (i = 0; i < s; i++) {
			const char *class = i % 2 ? "legacy" : "cpu-dependent";

			json_array_append_new(callers, json_pack(
				"{s:s, s:i, s:s, s:s}", "file", "a.c", "line",
				i + 1, "class", class, "api", "queue_work_on"));
		}
		/* Long multi-byte names test the label cut. */
		snprintf(name, sizeof(name),
			 "SUBSYSTEM %02d \xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			 "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			 "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			 "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			 "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84", s);
		json_array_append_new(subs, json_pack("{s:s, s:o}",
						      "name", name,
						      "callers", callers));
	}
	json_object_set_new(doc, "subsystems", subs);
	return doc;
}

static void test_many(void)
{
	json_t *doc = many_subsystems();
	char *html, *svg;
	int rc;

	html = render(doc, &rc);
	svg = between(html, "<svg", "</svg>");
	CHECK("html: many: renders", rc == 0);
	CHECK("html: many: 25 bars", count(svg, "<g class=\"bar\"") == 25);
	CHECK("html: many: says so",
	      strstr(html, "The 25 subsystems with the most callers, of 30"));
	CHECK("html: many: the smallest are left out",
	      !strstr(svg, "SUBSYSTEM 05") && strstr(svg, "SUBSYSTEM 06"));
	CHECK("html: many: every row in the table",
	      count(html, "<tr data-c=") == 30 * 31 / 2);
	CHECK("html: many: labels cut with an ellipsis",
	      count(svg, "\xe2\x80\xa6</text>") == 25);
	CHECK("html: many: full name in the bar's tooltip",
	      strstr(svg, "SUBSYSTEM 30 \xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			  "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			  "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			  "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			  "\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84\xc3\x84"
			  ": 30 callers</title>"));
	CHECK("html: many: valid UTF-8 after the cut",
	      valid_utf8((const unsigned char *)html));
	CHECK("html: many: summary counted from the rows without a summary",
	      strstr(html, "<b id=\"n-callers\">465</b>") &&
		      strstr(html, "<b id=\"n-subsystems\">30</b>") &&
		      strstr(html, "<b id=\"n-files\">1</b>") &&
		      strstr(html, "<td class=\"n\">225</td>"));
	CHECK("html: many: default classes without a class list",
	      strstr(html, "<option value=\"0\">legacy (225)</option>") &&
		      strstr(html, "<option value=\"1\">cpu-dependent (240)"));
	free(svg);
	free(html);
	json_decref(doc);
}

static void test_edges(void)
{
	json_t *empty = json_object();
	json_t *odd = json_loads(
		"{\"classes\": [\"legacy\"], \"subsystems\": [{\"name\": null,"
		" \"callers\": [{\"file\": \"x.c\", \"line\": 1,"
		" \"class\": \"new-class\", \"evidence\": [{}],"
		" \"work_functions\": [7]}]}]}", 0, NULL);
	FILE *full = fopen("/dev/full", "w");
	char *html;
	int rc;

	html = render(empty, &rc);
	CHECK("html: empty document renders",
	      rc == 0 && strstr(html, ">0 of 0 callers shown<"));
	CHECK("html: no not-analysed box when every file was",
	      !strstr(html, "not-analysed\">"));
	free(html);
	html = render(odd, &rc);
	CHECK("html: unknown class rendered as its own name",
	      rc == 0 && strstr(html, "<tr data-c=\"1\" data-s=\"0\">") &&
		      strstr(html, "<td>new-class</td>"));
	CHECK("html: missing subsystem name",
	      strstr(html, "(no MAINTAINERS entry)"));
	free(html);
	if (full) {
		rc = audit_write_html(full, empty);
		CHECK("html: write error reported", rc == -1);
		fclose(full);
	}
	json_decref(odd);
	json_decref(empty);
}

static int render_file(const char *in, const char *out)
{
	json_error_t err;
	json_t *doc = json_load_file(in, 0, &err);
	FILE *fp;
	int rc;

	if (!doc)
		die("%s:%d: %s", in, err.line, err.text);
	fp = out ? fopen(out, "w") : stdout;
	if (!fp)
		die_errno("cannot write '%s'", out);
	rc = audit_write_html(fp, doc);
	if (out && fclose(fp))
		rc = -1;
	json_decref(doc);
	if (rc)
		die("writing '%s' failed", out ? out : "stdout");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return render_file(argv[1], argc > 2 ? argv[2] : NULL);
	test_tricky();
	test_many();
	test_edges();
	return test_failures ? 1 : 0;
}
