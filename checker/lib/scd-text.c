#include "lib/scd-text.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* Leading tabs as four spaces each: a terminal's 8 make pages too wide. */
static const char *add_indent(const char *p, const char *end, struct strbuf *out)
{
	while (p < end && *p == '\t') {
		strbuf_addstr(out, "    ");
		p++;
	}
	return p;
}

/*
 * One line of running text. scdoc toggles underline at an '_' that does not
 * follow a letter or digit (so flush_work_sync is plain, _word_ is not) and
 * bold at every '*'; a backslash makes the next character literal.
 */
static void add_text_line(const char *p, const char *end, struct strbuf *out)
{
	bool underline = false;
	int last = ' ';

	p = add_indent(p, end, out);
	if (end - p >= 2 && end[-1] == '+' && end[-2] == '+')
		end -= 2;
	while (end > p && end[-1] == ' ')
		end--;
	for (; p < end; p++) {
		int next = p + 1 < end ? (unsigned char)p[1] : ' ';

		if (*p == '\\' && p + 1 < end) {
			strbuf_addch(out, *++p);
		} else if (*p == '*') {
			;
		} else if (*p == '_' &&
			   (!isalnum(last) || (underline && !isalnum(next)))) {
			underline = !underline;
		} else {
			strbuf_addch(out, *p);
		}
		last = (unsigned char)*p;
	}
	strbuf_addch(out, '\n');
}

void scd_to_text(const char *src, struct strbuf *out)
{
	const char *p = src;
	bool literal = false, first = true, started = false;

	while (*p) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		size_t len = (size_t)(end - p);

		if (first) {
			;	/* the title line, "name(7)": the man page's header */
		} else if (len >= 3 && !strncmp(p, "```", 3)) {
			literal = !literal;
		} else if (literal) {
			strbuf_addstr(out, "    ");
			strbuf_add(out, p, len);	/* tabs kept: code */
			strbuf_addch(out, '\n');
		} else if (len >= 2 && p[0] == '#') {
			const char *h = p;

			while (h < end && *h == '#')
				h++;
			while (h < end && *h == ' ')
				h++;
			if (p[1] == '#')
				strbuf_addstr(out, "  ");
			strbuf_add(out, h, (size_t)(end - h));
			strbuf_addch(out, '\n');
		} else if (len) {
			add_text_line(p, end, out);
		} else if (started) {
			strbuf_addch(out, '\n');
		}
		started = started || (len && !first);
		first = false;
		p = nl ? nl + 1 : end;
	}
}

void scd_name_description(const char *src, struct strbuf *out)
{
	const char *h = strstr(src, "\n# NAME\n"), *line, *dash, *nl;

	if (!h)
		return;
	for (line = h + 8; *line == '\n'; line++)
		;
	nl = strchrnul(line, '\n');
	dash = strstr(line, " - ");
	if (!dash || dash > nl)
		return;
	add_text_line(dash + 3, nl, out);
	if (out->len && out->buf[out->len - 1] == '\n')
		out->buf[--out->len] = '\0';
}
