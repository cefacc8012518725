#include "analysis/model/workqueue-names.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static bool is_wq_name(const struct lexed_file *lf, long i)
{
	const struct token *t;

	if (i < 0 || (size_t)i >= lf->nr_tokens)
		return false;
	t = &lf->tokens[i];
	return t->kind == TOK_IDENT && t->len > 3 &&
	       !memcmp(lf->text + t->offset + t->len - 3, "_wq", 3);
}

static void add_alias(struct workqueue_names *w, const struct lexed_file *lf,
		      size_t from, size_t to)
{
	char *a = tok_text(lf, from), *b = tok_text(lf, to);

	if (strcmp(a, b))
		free(strmap_put(&w->alias, a, b));
	else
		free(b);
	free(a);
}

/* `#define A B` between two workqueue names, B alone on its line. */
static void read_header(struct workqueue_names *w, const struct source_file *f)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i + 1 < lf->nr_tokens; i++) {
		const struct token *name = &lf->tokens[i];
		const struct token *value = &lf->tokens[i + 1];

		if (!name->is_directive_name || !value->in_define_body ||
		    !is_wq_name(lf, (long)i) || !is_wq_name(lf, (long)i + 1))
			continue;
		if (i + 2 < lf->nr_tokens && lf->tokens[i + 2].in_define_body &&
		    lf->tokens[i + 2].kind != TOK_DIRECTIVE_END &&
		    lf->tokens[i + 2].kind != TOK_COMMENT)
			continue;
		add_alias(w, lf, i, i + 1);
	}
}

/* `A = alloc_workqueue(` / `A = alloc_ordered_workqueue(` / `A = B;`. */
static void read_core(struct workqueue_names *w, const struct source_file *f)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		long eq, rhs, after;
		char *name;

		if (lf->tokens[i].in_directive || f->dead[i] ||
		    !is_wq_name(lf, (long)i))
			continue;
		eq = token_next_code(lf, (long)i);
		if (!tok_is_punct(lf, eq, "="))
			continue;
		rhs = token_next_code(lf, eq);
		after = token_next_code(lf, rhs);
		if (tok_is_ident(lf, rhs, "alloc_workqueue") ||
		    tok_is_ident(lf, rhs, "alloc_ordered_workqueue")) {
			name = tok_text(lf, i);
			strmap_put(&w->allocated, name, (void *)1);
			free(name);
		} else if (is_wq_name(lf, rhs) && tok_is_punct(lf, after, ";")) {
			add_alias(w, lf, i, (size_t)rhs);
		}
	}
}

void workqueue_names_read(struct source_cache *sc, struct workqueue_names *w)
{
	struct source_file *f;

	memset(w, 0, sizeof(*w));
	f = source_get(sc, "include/linux/workqueue.h");
	if (f)
		read_header(w, f);
	f = source_get(sc, "kernel/workqueue.c");
	if (f) {
		read_core(w, f);
		w->from_tree = true;
	}
}

const char *workqueue_canonical(const struct workqueue_names *w, const char *name)
{
	unsigned hops;

	/* An allocated name is a workqueue of its own, whatever else says. */
	for (hops = 0; hops < 8 && !workqueue_is_allocated(w, name); hops++) {
		const char *to = strmap_get(&w->alias, name);

		if (!to)
			break;
		name = to;
	}
	return name;
}

bool workqueue_is_allocated(const struct workqueue_names *w, const char *name)
{
	return strmap_get(&w->allocated, name) != NULL;
}

void workqueue_names_release(struct workqueue_names *w)
{
	strmap_release(&w->alias, free);
	strmap_release(&w->allocated, NULL);
	memset(w, 0, sizeof(*w));
}
