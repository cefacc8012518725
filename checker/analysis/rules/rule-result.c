/* What a scan found: each file's findings, added by the file scan and by
 * the tree rules alike, and read back in report order. */
#include "analysis/rules/rule-result.h"
#include "analysis/rules/rule.h"
#include "front/conditional.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static int file_result_compare(const void *key, const void *elem)
{
	return strcmp(key, ((const struct file_result *)elem)->path);
}

/* Whether text may have an #if, #ifdef or #ifndef: a '#', then blanks or
 * splices, then "if" (a superset: anywhere on a line, across lines).
 * Without one, no line of it is in a branch. */
static bool has_conditional(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while ((p = memchr(p, '#', (size_t)(end - p)))) {
		const char *r = ++p;

		while (r < end && strchr(" \t\\\r\n", *r) && *r)
			r++;
		if (end - r >= 2 && r[0] == 'i' && r[1] == 'f')
			return true;
	}
	return false;
}

/* Whether line of path (text) is in an #if branch the configuration does
 * not build, as the file scan says of its own findings: 0 when built, else
 * 1 + the enum inactive_why its text may claim. */
static unsigned line_inactive(struct scan_result *res, const char *path, const char *text,
			      size_t len, unsigned line, const struct lexed_file *lexed)
{
	if (!res->kconfig || !text || !has_conditional(text, len))
		return 0;
	if (!res->inactive_path || strcmp(res->inactive_path, path)) {
		bool configured = kconfig_configured(res->kconfig);
		struct lexed_file lf;
		enum branch_state *states, *never = NULL;
		size_t i;

		free(res->inactive_path);
		res->inactive_path = xstrdup(path);
		if (!lexed) {
			lex_file(&lf, text, len);
			lexed = &lf;
		}
		states = xcalloc(lexed->nr_tokens + 1, sizeof(*states));
		evaluate_branches(lexed, res->kconfig, states);
		/* Without a configuration, what no configuration builds
		 * (#if 0) is still told from what only the reading's
		 * "every option unset" leaves out. */
		if (!configured) {
			never = xcalloc(lexed->nr_tokens + 1, sizeof(*never));
			evaluate_branches(lexed, kconfig_unknown(), never);
		}
		free(res->inactive_lines);
		res->nr_inactive_lines = lexed->nr_lines;
		res->inactive_lines = xcalloc(lexed->nr_lines + 1, sizeof(*res->inactive_lines));
		for (i = 0; i < lexed->nr_tokens; i++) {
			unsigned char *l;

			if (lexed->tokens[i].line < 1 || lexed->tokens[i].line > lexed->nr_lines ||
			    states[i] != BRANCH_INACTIVE)
				continue;
			l = &res->inactive_lines[lexed->tokens[i].line - 1];
			if (configured)
				*l = 1 + INACTIVE_BY_CONFIG;
			else if (never[i] == BRANCH_INACTIVE)
				*l = 1 + INACTIVE_ALWAYS;
			else if (!*l)
				*l = 1 + INACTIVE_UNCONFIGURED;
		}
		free(states);
		free(never);
		if (lexed == &lf)
			lexed_file_release(&lf);
	}
	return line >= 1 && line <= res->nr_inactive_lines ? res->inactive_lines[line - 1] : 0;
}

/* f's in_inactive_branch and inactive_why from line_inactive()'s answer. */
static void set_inactive(struct finding *f, unsigned inactive)
{
	f->in_inactive_branch = inactive != 0;
	if (inactive)
		f->inactive_why = (enum inactive_why)(inactive - 1);
}

struct finding *scan_result_add_finding(struct scan_result *res, const struct rule *rule,
					const char *path, unsigned line, unsigned column,
					unsigned end_column, const struct lexed_file *lexed)
{
	struct file_result *fr = bsearch(path, res->files, res->nr_files, sizeof(*res->files),
					 file_result_compare);
	struct strbuf text = STRBUF_INIT, abs = STRBUF_INIT;
	struct finding *f;

	if (!fr)
		return NULL;
	fr->findings = xrealloc(fr->findings, (fr->nr_findings + 1) * sizeof(*fr->findings));
	f = &fr->findings[fr->nr_findings++];
	memset(f, 0, sizeof(*f));
	f->rule = rule;
	f->file = fr->path;
	f->line = f->end_line = line;
	f->column = column;
	f->end_column = end_column;
	f->severity = rule->severity;
	if (res->root)
		strbuf_addf(&abs, "%s/%s", res->root, path);
	if (lexed) {
		f->line_text = text_line_trimmed(lexed->text, lexed->size, line);
		set_inactive(f, line_inactive(res, path, lexed->text, lexed->size, line,
					      lexed));
	} else if (res->root && strbuf_read_file(&text, abs.buf) == 0 && text.buf) {
		f->line_text = text_line_trimmed(text.buf, text.len, line);
		set_inactive(f, line_inactive(res, path, text.buf, text.len, line, NULL));
	} else
		f->line_text = xstrdup("");
	strbuf_release(&text);
	strbuf_release(&abs);
	return f;
}


void scan_result_release(struct scan_result *res)
{
	size_t i, j;

	for (i = 0; i < res->nr_files; i++) {
		struct file_result *fr = &res->files[i];

		for (j = 0; j < fr->nr_findings; j++)
			finding_release(&fr->findings[j]);
		free(fr->findings);
		free(fr->path);
		free(fr->failed_reason);
		free(fr->original);
		free(fr->fixed);
	}
	free(res->files);
	era_release(&res->era);
	memset(res, 0, sizeof(*res));
}

/* File, line, column, then rule id: the order findings are reported in. */
static int finding_compare(const struct finding *a, const struct finding *b)
{
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	return strcmp(a->rule->id, b->rule->id);
}

static int finding_ptr_compare(const void *a, const void *b)
{
	return finding_compare(*(struct finding *const *)a, *(struct finding *const *)b);
}

struct finding **scan_result_findings(const struct scan_result *res, size_t *nr)
{
	struct finding **all;
	size_t i, j, n = 0;

	for (i = 0; i < res->nr_files; i++)
		n += res->files[i].nr_findings;
	all = xcalloc(n ? n : 1, sizeof(*all));
	n = 0;
	for (i = 0; i < res->nr_files; i++)
		for (j = 0; j < res->files[i].nr_findings; j++)
			all[n++] = &res->files[i].findings[j];
	qsort(all, n, sizeof(*all), finding_ptr_compare);
	*nr = n;
	return all;
}
