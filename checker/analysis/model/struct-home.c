#include "analysis/model/struct-home.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The structs f defines (`struct name {`) as "\nname\nname\n", found in
 * one pass the first time they are asked for and kept in struct_defs: a
 * directory's headers are asked for every struct of every item queued
 * there. */
static const char *defined_structs(const struct workitem_model *m,
				   const struct source_file *f)
{
	const struct lexed_file *lf = &f->lex;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addch(&sb, '\n');
	for (i = 0; i + 2 < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->kind != TOK_IDENT || t->len != 6 || t[1].kind != TOK_IDENT ||
		    memcmp(lf->text + t->offset, "struct", 6) ||
		    !tok_is_punct(lf, token_next_code(lf, (long)i + 1), "{"))
			continue;
		strbuf_addf(&sb, "%.*s\n", (int)t[1].len, lf->text + t[1].offset);
	}
	strmap_put(m->struct_defs, f->path, sb.buf);
	return sb.buf;
}

static bool names_hold(const char *names, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	if (!n)
		return false;
	for (p = strstr(names, name); p; p = strstr(p + 1, name))
		if (p[-1] == '\n' && p[n] == '\n')
			return true;
	return false;
}

/* The file defining struct name: path itself or a header it includes, two
 * levels deep; NULL when none of them does. A file is lexed only to learn
 * what it defines, or to follow its includes. */
static const char *struct_home_in(const struct workitem_model *m, const char *path,
				  const char *name, int depth)
{
	const char *names = strmap_get(m->struct_defs, path);
	struct source_file *f = NULL;
	char *const *includes;
	size_t i, nr;

	if (!names) {
		f = source_get(&m->a->sc, path);
		if (!f)
			return NULL;
		names = defined_structs(m, f);
	}
	if (names_hold(names, name))
		return path;
	if (depth <= 1)
		return NULL;
	if (!f)
		f = source_get(&m->a->sc, path);
	if (!f)
		return NULL;
	includes = source_includes(&m->a->sc, f, &nr);
	for (i = 0; i < nr; i++) {
		const char *home = struct_home_in(m, includes[i], name, depth - 1);

		if (home)
			return home;
	}
	return NULL;
}

/* struct_home_in() from file, asked once a file and struct: an item of
 * a big driver is queued from dozens of places, compared pairwise. */
const char *struct_home(const struct workitem_model *m, const char *file, const char *name)
{
	struct strbuf key = STRBUF_INIT;
	char *home;

	strbuf_addf(&key, "%s\t%s", file, name);
	home = strmap_get(m->struct_homes, key.buf);
	if (!home) {
		const char *found = struct_home_in(m, file, name, 3);

		home = xstrdup(found ? found : "");
		strmap_put(m->struct_homes, key.buf, home);
	}
	strbuf_release(&key);
	return *home ? home : NULL;
}

/* A struct defined in a .c file is that file's own (the flag the index
 * and the model read with the file): another file's struct of the same
 * name is another type (ext4's and f2fs's struct bio_post_read_ctx). */
bool one_type(const char *a, bool a_local, const char *b, bool b_local)
{
	return !strcmp(a, b) || (!a_local && !b_local);
}

const struct work_item *item_of_type(const struct work_item *it, const struct work_binding *b,
				     struct work_item *scratch)
{
	size_t i, j;

	memset(scratch, 0, sizeof(*scratch));
	if (!it)
		return NULL;
	for (i = 0; i < it->nr_queueings; i++)
		if (!one_type(b->file, b->type_local, it->queueings[i]->file, it->queueings[i]->type_local))
			break;
	if (i == it->nr_queueings)
		return it;
	scratch->key = it->key;
	scratch->queueings = xcalloc(it->nr_queueings, sizeof(*scratch->queueings));
	for (i = j = 0; i < it->nr_queueings; i++)
		if (one_type(b->file, b->type_local, it->queueings[i]->file, it->queueings[i]->type_local))
			scratch->queueings[j++] = it->queueings[i];
	scratch->nr_queueings = scratch->alloc_queueings = j;
	return j ? scratch : NULL;
}
