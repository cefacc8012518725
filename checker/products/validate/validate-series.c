/* A series as git format-patch writes it: an optional 0000-cover-letter.patch
 * with base-commit:, then NNNN-*.patch in order. */
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <dirent.h>
#include <limits.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_cover_letter(const char *name, const char *text)
{
	const char *subj;

	if (!strcmp(name, "0000-cover-letter.patch"))
		return true;
	subj = strstr(text, "\nSubject: ");
	return subj && strstr(subj, " 0/") && !strstr(text, "\ndiff --git ");
}

static char *header_value(const char *text, const char *field)
{
	struct strbuf sb = STRBUF_INIT;
	size_t flen = strlen(field);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, field, flen)) {
			const char *e;

			p += flen;
			/* RFC 2822 folding: continuation lines start with blanks */
			for (;;) {
				e = strchr(p, '\n');
				strbuf_add(&sb, p, e ? (size_t)(e - p) : strlen(p));
				if (!e || (e[1] != ' ' && e[1] != '\t'))
					break;
				p = e + 1;
				while (*p == ' ' || *p == '\t')
					p++;
				strbuf_addch(&sb, ' ');
			}
			return strbuf_detach(&sb);
		}
		if (*p == '\n')		/* end of the mail header */
			break;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

static char *find_base_commit(const char *text)
{
	const char *p = strstr(text, "\nbase-commit: ");
	size_t n;

	if (!p)
		return NULL;
	p += strlen("\nbase-commit: ");
	n = strspn(p, "0123456789abcdef");
	return n >= 7 ? xstrndup(p, n) : NULL;
}

/* Collects the touched files and the removed and added lines of a patch,
 * following the hunk counts so that a "-- " content line is not the
 * signature separator. */
static void parse_diff(const char *text, struct vpatch *p, struct vseries *s)
{
	const char *line = text;
	unsigned long old_left = 0, new_left = 0;
	char *file = NULL;

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);

		if (old_left || new_left) {
			if (line[0] == '-' && old_left) {
				char *l = xstrndup(line, len);

				if (file && strstr(l, "WQ_NON_REENTRANT") &&
				    !strlist_has(&s->identity_files, file))
					strlist_add(&s->identity_files, file);
				free(l);
				strbuf_add(&s->removed, line + 1, len - 1);
				strbuf_addch(&s->removed, '\n');
				old_left--;
			} else if (line[0] == '+' && new_left) {
				char *l = xstrndup(line, len);

				if (file && (strstr(l, "schedule_work(") ||
					     strstr(l, "schedule_delayed_work(")) &&
				    !strlist_has(&s->identity_files, file))
					strlist_add(&s->identity_files, file);
				if (file && strstr(l, "WQ_PERCPU") &&
				    !strlist_has(&s->percpu_files, file))
					strlist_add(&s->percpu_files, file);
				free(l);
				strbuf_add(&s->added, line + 1, len - 1);
				strbuf_addch(&s->added, '\n');
				new_left--;
			} else if (line[0] == ' ' || len == 0) {
				if (old_left)
					old_left--;
				if (new_left)
					new_left--;
			} else if (line[0] != '\\') {
				old_left = new_left = 0;
			}
		} else if (!strncmp(line, "diff --git a/", 13)) {
			const char *b = strstr(line, " b/");

			if (b && b < line + len) {
				free(file);
				file = xstrndup(b + 3, len - (size_t)(b + 3 - line));
				if (!strlist_has(&p->files, file))
					strlist_add(&p->files, file);
			}
		} else if (!strncmp(line, "@@ -", 4)) {
			unsigned long a, b = 1, c, d = 1;
			const char *q = line + 4;
			char *end;

			a = strtoul(q, &end, 10);
			if (*end == ',')
				b = strtoul(end + 1, &end, 10);
			if (*end == ' ' && end[1] == '+') {
				c = strtoul(end + 2, &end, 10);
				if (*end == ',')
					d = strtoul(end + 1, &end, 10);
				(void)a;
				(void)c;
				old_left = b;
				new_left = d;
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	free(file);
}

/* A fix's log: whether it says it changes behaviour, and the functions it
 * names ("f()"), which are all its code may change. */
static void read_log(const char *text, struct vpatch *p)
{
	const char *start = strstr(text, "\n\n"), *end, *c;

	if (!start)
		return;
	end = strstr(start, "\n---\n");
	if (!end)
		end = start + strlen(start);
	p->fix = memmem(start, (size_t)(end - start), "This patch changes behavior:",
			strlen("This patch changes behavior:")) != NULL;
	for (c = start; c + 2 < end; c++) {
		const char *b = c;

		if (c[0] != '(' || c[1] != ')')
			continue;
		while (b > start && (isalnum((unsigned char)b[-1]) || b[-1] == '_'))
			b--;
		if (b < c && !isdigit((unsigned char)*b)) {
			char *name = xstrndup(b, (size_t)(c - b));

			if (strlist_has(&p->named, name))
				free(name);
			else
				strlist_add_nodup(&p->named, name);
		}
	}
}

int series_read(const char *dir, struct vseries *s)
{
	struct dirent *de;
	char **names = NULL;
	size_t nr = 0, alloc = 0, patches_alloc = 0, i;
	char resolved[PATH_MAX];
	DIR *d;

	memset(s, 0, sizeof(*s));
	if (!realpath(dir, resolved) || !(d = opendir(resolved)))
		return error("--series %s: cannot open the directory", dir);
	dir = resolved;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len > 6 && !strcmp(de->d_name + len - 6, ".patch")) {
			ALLOC_GROW(names, nr, alloc);
			names[nr++] = xstrdup(de->d_name);
		}
	}
	closedir(d);
	qsort(names, nr, sizeof(*names), compare_names);
	s->dir = xstrdup(dir);
	for (i = 0; i < nr; i++) {
		struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
		char *base;

		strbuf_addf(&path, "%s/%s", dir, names[i]);
		if (strbuf_read_file(&text, path.buf) < 0) {
			error("%s: cannot read it", path.buf);
			strbuf_release(&path);
			goto fail;
		}
		base = find_base_commit(text.buf);
		if (base && !s->base)
			s->base = base;
		else
			free(base);
		if (is_cover_letter(names[i], text.buf)) {
			strbuf_release(&path);
			strbuf_release(&text);
			continue;
		}
		if (!strstr(text.buf, "\ndiff --git ")) {
			error("%s: not a patch (no diff --git)", path.buf);
			strbuf_release(&path);
			strbuf_release(&text);
			goto fail;
		}
		ALLOC_GROW(s->patches, s->nr_patches, patches_alloc);
		memset(&s->patches[s->nr_patches], 0, sizeof(s->patches[0]));
		s->patches[s->nr_patches].path = strbuf_detach(&path);
		s->patches[s->nr_patches].name = xstrdup(names[i]);
		s->patches[s->nr_patches].subject = header_value(text.buf, "Subject: ");
		parse_diff(text.buf, &s->patches[s->nr_patches], s);
		read_log(text.buf, &s->patches[s->nr_patches]);
		s->nr_patches++;
		strbuf_release(&text);
	}
	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	if (!s->nr_patches)
		return error("--series %s: no patches (NNNN-*.patch) in it", dir);
	return 0;
fail:
	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	return -1;
}

void series_release(struct vseries *s)
{
	size_t i, j;

	for (i = 0; i < s->nr_patches; i++) {
		struct vpatch *p = &s->patches[i];

		free(p->path);
		free(p->name);
		free(p->subject);
		strlist_release(&p->named);
		free(p->apply_error);
		strlist_release(&p->files);
		for (j = 0; j < p->nr_objects; j++) {
			free(p->objects[j].reason);
			strlist_release(&p->objects[j].diff_functions);
			strlist_release(&p->objects[j].diff_excerpts);
			strlist_release(&p->objects[j].conversion_differences);
			strlist_release(&p->objects[j].new_warnings);
			strlist_release(&p->objects[j].new_sparse_warnings);
		}
		free(p->objects);
	}
	free(s->patches);
	free(s->dir);
	free(s->base);
	strbuf_release(&s->removed);
	strbuf_release(&s->added);
	strlist_release(&s->identity_files);
	strlist_release(&s->percpu_files);
	memset(s, 0, sizeof(*s));
}

char *series_find_hunk(const char *patch_path, const char *file, unsigned line)
{
	struct strbuf text = STRBUF_INIT, want = STRBUF_INIT;
	const char *p, *in_file = NULL;
	char *hunk = NULL;

	if (strbuf_read_file(&text, patch_path) < 0)
		return NULL;
	strbuf_addf(&want, "diff --git a/%s b/", file);
	for (p = text.buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, "diff --git ", 11))
			in_file = !strncmp(p, want.buf, want.len) ? p : NULL;
		else if (in_file && !strncmp(p, "@@ -", 4) &&
			 strtoul(p + 4, NULL, 10) == line) {
			const char *e = strchr(p, '\n');

			hunk = xstrndup(p, e ? (size_t)(e - p) : strlen(p));
			break;
		}
	}
	strbuf_release(&text);
	strbuf_release(&want);
	return hunk;
}
