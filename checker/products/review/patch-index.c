#include "products/review/patch-index.h"
#include "lib/strbuf.h"
#include "front/tree.h"
#include "lib/usage.h"
#include "front/unreadable.h"

#include <errno.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A name bound in more files than this says nothing about which one. */
#define MAX_FILES_PER_NAME 32

static const char *const binding_macros[] = {
	"INIT_WORK", "INIT_WORK_ONSTACK", "INIT_DELAYED_WORK", "INIT_DELAYED_WORK_ONSTACK",
	"INIT_DEFERRABLE_WORK", "PREPARE_WORK", "PREPARE_DELAYED_WORK", "DECLARE_WORK",
	"DECLARE_DELAYED_WORK", "DECLARE_DEFERRABLE_WORK", NULL
};

static const char *const queue_on_api[] = {
	"queue_work_on", "queue_delayed_work_on", "mod_delayed_work_on", "schedule_work_on",
	"schedule_delayed_work_on", NULL
};

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

struct name_list {
	char **names;
	size_t nr, alloc;
};

static void name_list_add_unique(struct name_list *nl, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < nl->nr; i++)
		if (strlen(nl->names[i]) == len && !memcmp(nl->names[i], s, len))
			return;
	ALLOC_GROW(nl->names, nl->nr, nl->alloc);
	nl->names[nl->nr++] = xstrndup(s, len);
}

static void name_list_release(struct name_list *nl)
{
	size_t i;

	for (i = 0; i < nl->nr; i++)
		free(nl->names[i]);
	free(nl->names);
	memset(nl, 0, sizeof(*nl));
}

/* The identifiers of the call whose '(' is at open: the first argument only
 * (first_only), or all of them, to the matching ')'. */
static void call_identifiers(const char *text, size_t len, size_t open, bool first_only,
			     struct name_list *out)
{
	size_t i = open + 1;
	int depth = 0;

	while (i < len) {
		char c = text[i];

		if (c == '(' || c == '[') {
			depth++;
		} else if (c == ')' || c == ']') {
			if (depth-- == 0)
				return;
		} else if (c == ',' && depth == 0 && first_only) {
			return;
		} else if (c == ';' || c == '{') {
			return;
		} else if (ident_char(c) && !isdigit((unsigned char)c)) {
			size_t start = i;

			while (i < len && ident_char(text[i]))
				i++;
			name_list_add_unique(out, text + start, i - start);
			continue;
		}
		i++;
	}
}

/* Calls of any of names in text: the offset of each one's '('. */
static void for_each_call(const char *text, size_t len, const char *const *names,
			  bool first_only, struct name_list *out)
{
	size_t n;

	for (n = 0; names[n]; n++) {
		size_t nl = strlen(names[n]);
		const char *p = text, *end = text + len;

		while ((p = memmem(p, (size_t)(end - p), names[n], nl))) {
			const char *q = p + nl;

			if ((p > text && ident_char(p[-1])) || (q < end && ident_char(*q))) {
				p = q;
				continue;
			}
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (q < end && *q == '(')
				call_identifiers(text, len, (size_t)(q - text), first_only, out);
			p = q;
		}
	}
}

size_t binding_index_write(const char *root, FILE *out)
{
	struct file_list files = { 0 };
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	size_t i, j, lines = 0;

	if (list_tree_files(root, "", &files) < 0)
		die("%s: cannot list its files", root);
	file_list_finish(&files);
	for (i = 0; i < files.nr; i++) {
		struct name_list names = { 0 };

		strbuf_reset(&path);
		strbuf_reset(&text);
		strbuf_addf(&path, "%s/%s", root, files.paths[i]);
		if (strbuf_read_file(&text, path.buf) < 0) {
			if (errno != ENOENT)	/* listed, then deleted: gone */
				unreadable_add(files.paths[i], strerror(errno));
			continue;
		}
		if (!text.buf || !memmem(text.buf, text.len, "_WORK", 5))
			continue;
		for_each_call(text.buf, text.len, binding_macros, true, &names);
		for (j = 0; j < names.nr; j++, lines++)
			fprintf(out, "%s\t%s\n", names.names[j], files.paths[i]);
		name_list_release(&names);
	}
	strbuf_release(&path);
	strbuf_release(&text);
	file_list_release(&files);
	return lines;
}

struct binding {
	char *name, *path;
};

struct binding_index {
	struct binding *b;
	size_t nr, alloc;
};

static int binding_compare(const void *a, const void *b)
{
	return strcmp(((const struct binding *)a)->name, ((const struct binding *)b)->name);
}

struct binding_index *binding_index_load(const char *path)
{
	struct binding_index *idx = xcalloc(1, sizeof(*idx));
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL;

	if (strbuf_read_file(&sb, path) < 0)
		die_errno("--index %s", path);
	for (line = sb.buf ? strtok_r(sb.buf, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(line, '\t');

		if (!tab || tab == line || !tab[1])
			die("%s: not a wqcheck binding index (want NAME<TAB>PATH lines)", path);
		*tab = '\0';
		ALLOC_GROW(idx->b, idx->nr, idx->alloc);
		idx->b[idx->nr].name = xstrdup(line);
		idx->b[idx->nr++].path = xstrdup(tab + 1);
	}
	strbuf_release(&sb);
	if (idx->nr)
		qsort(idx->b, idx->nr, sizeof(*idx->b), binding_compare);
	return idx;
}

void binding_index_free(struct binding_index *idx)
{
	size_t i;

	if (!idx)
		return;
	for (i = 0; i < idx->nr; i++) {
		free(idx->b[i].name);
		free(idx->b[i].path);
	}
	free(idx->b);
	free(idx);
}

/* The bindings of name: [*first, *first + return). */
static size_t lookup(const struct binding_index *idx, const char *name, size_t *first)
{
	size_t lo = 0, hi = idx->nr, end;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(idx->b[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < idx->nr && !strcmp(idx->b[end].name, name); end++)
		;
	*first = lo;
	return end - lo;
}

/* rel is a file of the overlay itself, not one seen through a link. */
static bool overlay_is_real(const struct patch_scratch *s, const char *rel)
{
	struct strbuf path = STRBUF_INIT;
	const char *p = rel;
	struct stat st;
	bool real = true;

	strbuf_addstr(&path, s->overlay);
	while (real && *p) {
		const char *slash = strchr(p, '/');
		size_t n = slash ? (size_t)(slash - p) : strlen(p);

		strbuf_addch(&path, '/');
		strbuf_add(&path, p, n);
		real = lstat(path.buf, &st) == 0 && !S_ISLNK(st.st_mode);
		p += n + (slash ? 1 : 0);
	}
	strbuf_release(&path);
	return real;
}

size_t binding_index_materialize(const struct binding_index *idx, struct patch_scratch *s,
				 const char *text, size_t len)
{
	struct name_list names = { 0 };
	struct strbuf path = STRBUF_INIT, content = STRBUF_INIT;
	size_t i, j, first, nr, copied = 0;

	for_each_call(text, len, queue_on_api, false, &names);
	for (i = 0; i < names.nr; i++) {
		nr = lookup(idx, names.names[i], &first);
		if (!nr || nr > MAX_FILES_PER_NAME)
			continue;
		for (j = first; j < first + nr; j++) {
			if (overlay_is_real(s, idx->b[j].path))
				continue;	/* checked, touched or copied already */
			strbuf_reset(&path);
			strbuf_reset(&content);
			strbuf_addf(&path, "%s/%s", s->source, idx->b[j].path);
			if (strbuf_read_file(&content, path.buf) < 0)
				continue;	/* the index is older than the tree */
			overlay_materialize(s, idx->b[j].path, content.buf ? content.buf : "",
					    content.len);
			copied++;
		}
	}
	name_list_release(&names);
	strbuf_release(&path);
	strbuf_release(&content);
	return copied;
}
