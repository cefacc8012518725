#include "analysis/model/declared-struct.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* parsed_type_at() (front/parse.c) takes at most four pointers off. */
#define MAX_STARS 4

enum occurrence_kind {
	OCC_USE,		/* not a declaration */
	OCC_MAYBE,		/* could declare the name, with a type we cannot read */
	OCC_SURE,		/* `struct NAME *x` at the start of a statement */
};

struct occurrence {
	enum occurrence_kind kind;
	size_t tok;
	size_t block;		/* the '{' of its block (a parameter: the body's) */
	size_t depth;		/* of that block, the body's being 1 */
	size_t scope;		/* depth, and one more in a for statement's own */
	long type_name;		/* NAME of `struct NAME` when sure */
};

struct walk {
	const struct lexed_file *lf;
	const char *name;
	size_t len;
	size_t *braces, nr_braces, alloc_braces;	/* open '{' of each block */
	size_t *paren_base, alloc_base;			/* parens open when it opened */
	size_t *parens, nr_parens, alloc_parens;	/* open '(' and '[' */
	long last_close, last_open;			/* the last ')' popped, its '(' */
	struct occurrence *occ;
	size_t nr_occ, alloc_occ;
};

static bool is_directive_start(const struct lexed_file *lf, size_t j)
{
	return lf->tokens[j].in_directive && lf->tokens[j].directive_index == (int)j;
}

static bool same_text(const struct lexed_file *lf, long a, long b)
{
	return a >= 0 && b >= 0 && lf->tokens[a].len == lf->tokens[b].len &&
	       !memcmp(lf->text + lf->tokens[a].offset, lf->text + lf->tokens[b].offset,
		       lf->tokens[a].len);
}

/* Whether libclang may skip or read otherwise tokens [from, to]: they sit
 * inside an #if (but a header's guard), or a directive sits among them. */
static bool under_condition(const struct lexed_file *lf, size_t from, size_t to)
{
	size_t j;
	int depth = 0, seen = 0;
	long guard = -1;
	bool guarded = false;

	for (j = 0; j <= to && j < lf->nr_tokens; j++) {
		long n;

		if (!is_directive_start(lf, j))
			continue;
		if (j >= from)
			return true;
		seen++;
		n = token_next_code(lf, (long)j);
		if (n < 0 || lf->tokens[n].directive_index != (int)j ||
		    lf->tokens[n].kind != TOK_IDENT)
			continue;
		if (tok_is_ident(lf, n, "if") || tok_is_ident(lf, n, "ifdef") ||
		    tok_is_ident(lf, n, "ifndef")) {
			depth++;
			if (seen == 1 && tok_is_ident(lf, n, "ifndef"))
				guard = token_next_code(lf, n);
		} else if (tok_is_ident(lf, n, "endif")) {
			depth--;
			if (depth <= 0)
				guarded = false;
		} else if (seen == 2 && guard >= 0 && tok_is_ident(lf, n, "define")) {
			/* `#ifndef X_H` then `#define X_H`: the whole header */
			guarded = same_text(lf, guard, token_next_code(lf, n));
		}
	}
	return depth > (guarded ? 1 : 0);
}

/* `struct NAME *...*` right before token j: NAME's token (and in *before
 * the token before `struct`), or -1. */
static long struct_before(const struct lexed_file *lf, size_t j, long *before)
{
	long i = token_prev_code(lf, (long)j), name;
	int stars = 0;

	while (tok_is_punct(lf, i, "*")) {
		stars++;
		i = token_prev_code(lf, i);
	}
	if (stars > MAX_STARS || i < 0 || lf->tokens[i].kind != TOK_IDENT)
		return -1;
	name = i;
	i = token_prev_code(lf, i);
	if (!tok_is_ident(lf, i, "struct"))
		return -1;
	*before = token_prev_code(lf, i);
	return name;
}

static bool statement_start(const struct lexed_file *lf, long i)
{
	return tok_is_punct(lf, i, "{") || tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "}");
}

static bool not_a_type_word(const struct lexed_file *lf, long i)
{
	static const char *const words[] = {
		"return", "case", "goto", "sizeof", "else", "do", NULL
	};
	const char *const *w;

	for (w = words; *w; w++)
		if (tok_is_ident(lf, i, *w))
			return true;
	return false;
}

/* Whether the tokens before the name at j may be a declaration's type (or
 * its earlier declarators): `u32 x`, `foo_t **x`, `typeof(y) x`, `a, x`. */
static bool may_declare(const struct walk *w, size_t j)
{
	const struct lexed_file *lf = w->lf;
	long p = token_prev_code(lf, (long)j);

	while (tok_is_punct(lf, p, "*"))
		p = token_prev_code(lf, p);
	if (tok_is_punct(lf, p, ","))
		return true;
	if (tok_is_punct(lf, p, ")")) {
		/* `if (c) x = y;` is a statement; `typeof(y) x` is not */
		long before = p == w->last_close ? token_prev_code(lf, w->last_open) : -1;

		return !(tok_is_ident(lf, before, "if") || tok_is_ident(lf, before, "while") ||
			 tok_is_ident(lf, before, "for") || tok_is_ident(lf, before, "switch"));
	}
	return p >= 0 && lf->tokens[p].kind == TOK_IDENT && !not_a_type_word(lf, p);
}

/* An identifier of upper-case letters, digits and '_': a macro by the
 * kernel's habit, one that may declare its argument (DECLARE_WORK(x, f)). */
static bool upper_case(const struct lexed_file *lf, long i)
{
	const struct token *t;
	unsigned k;

	if (i < 0 || lf->tokens[i].kind != TOK_IDENT)
		return false;
	t = &lf->tokens[i];
	for (k = 0; k < t->len; k++)
		if (lf->text[t->offset + k] >= 'a' && lf->text[t->offset + k] <= 'z')
			return false;
	return true;
}

static void add(struct walk *w, enum occurrence_kind kind, size_t j, size_t scope_extra,
		long type_name)
{
	struct occurrence *o;

	ALLOC_GROW(w->occ, w->nr_occ, w->alloc_occ);
	o = &w->occ[w->nr_occ++];
	o->kind = kind;
	o->tok = j;
	o->block = w->braces[w->nr_braces - 1];
	o->depth = w->nr_braces;
	o->scope = w->nr_braces + scope_extra;
	o->type_name = type_name;
}

/* Whether a name after token prev is a member, a tag or a label. */
static bool is_not_a_variable(const struct lexed_file *lf, long prev)
{
	return tok_is_punct(lf, prev, ".") || tok_is_punct(lf, prev, "->") ||
	       tok_is_ident(lf, prev, "struct") || tok_is_ident(lf, prev, "union") ||
	       tok_is_ident(lf, prev, "enum") || tok_is_ident(lf, prev, "goto");
}

/* The name at body token j: a declaration of it, one it may be, or a use. */
static void classify(struct walk *w, size_t j)
{
	const struct lexed_file *lf = w->lf;
	long prev = token_prev_code(lf, (long)j), next = token_next_code(lf, (long)j);
	size_t level = w->nr_parens - w->paren_base[w->nr_braces - 1];
	long before = -1, name, opener, callee;

	if (is_not_a_variable(lf, prev))
		return;
	if (level == 0) {
		name = struct_before(lf, j, &before);
		if (name >= 0 && statement_start(lf, before) &&
		    (tok_is_punct(lf, next, ";") || tok_is_punct(lf, next, ",") ||
		     tok_is_punct(lf, next, "=")))
			add(w, OCC_SURE, j, 0, name);
		else if (may_declare(w, j))
			add(w, OCC_MAYBE, j, 0, -1);
		return;
	}
	if (level != 1)
		return;
	opener = (long)w->parens[w->nr_parens - 1];
	callee = token_prev_code(lf, opener);
	if (!tok_is_punct(lf, opener, "("))
		return;
	if (tok_is_ident(lf, callee, "for")) {
		/* its own scope, inside the block's */
		if (may_declare(w, j))
			add(w, OCC_MAYBE, j, 1, -1);
		return;
	}
	if (upper_case(lf, callee) && statement_start(lf, token_prev_code(lf, callee)) &&
	    (tok_is_punct(lf, prev, "(") || tok_is_punct(lf, prev, ",")) &&
	    (tok_is_punct(lf, next, ",") || tok_is_punct(lf, next, ")")))
		add(w, OCC_MAYBE, j, 0, -1);
}

static void step(struct walk *w, size_t j)
{
	const struct lexed_file *lf = w->lf;
	const struct token *t = &lf->tokens[j];

	if (t->kind == TOK_IDENT) {
		if (t->len == w->len && !memcmp(lf->text + t->offset, w->name, w->len))
			classify(w, j);
		return;
	}
	if (t->kind != TOK_PUNCT || t->len != 1)
		return;
	switch (lf->text[t->offset]) {
	case '{':
		ALLOC_GROW(w->braces, w->nr_braces, w->alloc_braces);
		if (w->alloc_base < w->alloc_braces) {
			w->paren_base = xrealloc(w->paren_base,
						 w->alloc_braces * sizeof(*w->paren_base));
			w->alloc_base = w->alloc_braces;
		}
		w->paren_base[w->nr_braces] = w->nr_parens;
		w->braces[w->nr_braces++] = j;
		break;
	case '}':
		if (w->nr_braces > 1)
			w->nr_parens = w->paren_base[--w->nr_braces];
		break;
	case '(':
	case '[':
		ALLOC_GROW(w->parens, w->nr_parens, w->alloc_parens);
		w->parens[w->nr_parens++] = j;
		break;
	case ')':
	case ']':
		if (w->nr_parens > w->paren_base[w->nr_braces - 1]) {
			w->last_close = (long)j;
			w->last_open = (long)w->parens[--w->nr_parens];
		}
		break;
	}
}

/* Parameter token j of fn: NAME's token when it is `struct NAME *...* j`
 * alone between two commas of the list, or -1. */
static long parameter_struct(const struct lexed_file *lf, const struct source_function *fn,
			     size_t j)
{
	long before = -1, name = struct_before(lf, j, &before), next;
	size_t i;
	int depth = 0;

	for (i = fn->params_open + 1; i < j; i++)
		if (tok_is_punct(lf, (long)i, "(") || tok_is_punct(lf, (long)i, "["))
			depth++;
		else if (tok_is_punct(lf, (long)i, ")") || tok_is_punct(lf, (long)i, "]"))
			depth--;
	next = token_next_code(lf, (long)j);
	if (depth || name < 0 ||
	    !(before == (long)fn->params_open || tok_is_punct(lf, before, ",")) ||
	    !(next == (long)fn->params_close || tok_is_punct(lf, next, ",")))
		return -1;
	return name;
}

/* Whether the parens open around the walk's end may be a macro's: libclang
 * knows no expression, so no type, at a name in some macros' arguments
 * (dev_warn(), min_t()). Only a function's call, an if/while/switch/for
 * and a grouping or a subscript are known not to be; call is the '(' of a
 * call the caller knows calls a function, or -1. */
static bool in_macro_arguments(const struct walk *w, long call)
{
	static const char *const statements[] = { "if", "while", "switch", "for", "return", NULL };
	const struct lexed_file *lf = w->lf;
	size_t i;

	for (i = 0; i < w->nr_parens; i++) {
		long o = (long)w->parens[i], p = token_prev_code(lf, o);
		const char *const *s;
		bool statement = false;

		if (o == call || !tok_is_punct(lf, o, "("))
			continue;
		for (s = statements; *s && !statement; s++)
			statement = tok_is_ident(lf, p, *s);
		if (!statement && (tok_is_punct(lf, p, ")") ||
				   (p >= 0 && lf->tokens[p].kind == TOK_IDENT)))
			return true;
	}
	return false;
}

/* Whether f has `struct NAME {` (def) or `#define NAME` (!def), NAME being
 * the token name of g. */
static bool names_tag(const struct source_file *f, const struct source_file *g, long name,
		      bool def)
{
	const struct lexed_file *lf = &f->lex;
	const char *n = g->lex.text + g->lex.tokens[name].offset;
	size_t len = g->lex.tokens[name].len, i;

	if (!memmem(f->text, f->len, n, len))
		return false;
	for (i = 1; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->kind != TOK_IDENT || t->len != len || memcmp(lf->text + t->offset, n, len))
			continue;
		if (def ? tok_is_ident(lf, token_prev_code(lf, (long)i), "struct") &&
			  tok_is_punct(lf, token_next_code(lf, (long)i), "{") :
			  t->is_directive_name && tok_is_ident(lf, (long)i - 1, "define"))
			return true;
	}
	return false;
}

/* The file defining `struct NAME {`: path or a header it includes, depth
 * levels deep (each file looked at once), or NULL. */
static struct source_file *tag_home(struct source_cache *sc, const char *path,
				    const struct source_file *g, long name, int depth,
				    struct strmap *seen)
{
	struct source_file *f;
	char *const *includes;
	size_t nr, i;

	if (strmap_get(seen, path))
		return NULL;
	strmap_put(seen, path, (void *)1);
	f = source_get(sc, path);
	if (!f)
		return NULL;
	if (names_tag(f, g, name, true))
		return f;
	if (depth <= 1)
		return NULL;
	includes = source_includes(sc, f, &nr);
	for (i = 0; i < nr; i++) {
		struct source_file *home = tag_home(sc, includes[i], g, name, depth - 1, seen);

		if (home)
			return home;
	}
	return NULL;
}

/* Whether NAME (token name of f) is a structure's own tag: defined as
 * `struct NAME {` in f or the headers it includes (three levels), and no
 * `#define NAME` in f or there. libclang names the canonical type, so a
 * tag a macro renames (`#define elf_note elf64_note`) must not decide. */
static bool real_tag(struct source_cache *sc, const struct source_file *f, long name)
{
	struct strmap seen = { 0 };
	const struct source_file *home = tag_home(sc, f->path, f, name, 3, &seen);
	bool real = home && !names_tag(home, f, name, false) && !names_tag(f, f, name, false);

	strmap_release(&seen, NULL);
	return real;
}

/* "struct NAME" for NAME's token name, when a structure's own tag. */
static char *tag_type(struct source_cache *sc, const struct source_file *f, long name)
{
	struct strbuf sb = STRBUF_INIT;

	if (name < 0 || !real_tag(sc, f, name))
		return NULL;
	strbuf_addf(&sb, "struct %.*s", (int)f->lex.tokens[name].len,
		    f->lex.text + f->lex.tokens[name].offset);
	return strbuf_detach(&sb);
}

static const struct source_function *function_of(const struct source_file *f, size_t tok)
{
	size_t i;

	for (i = 0; i < f->nr_funcs; i++)
		if (!f->funcs[i].is_macro && tok > f->funcs[i].params_open &&
		    tok < f->funcs[i].body_close)
			return &f->funcs[i];
	return NULL;
}

static bool in_scope(const struct walk *w, const struct occurrence *o)
{
	return o->depth <= w->nr_braces && w->braces[o->depth - 1] == o->block;
}

/* The sure declaration of the name that holds at the end of the walk, if no
 * possible one in a deeper scope may hide it. */
static const struct occurrence *deciding(const struct walk *w)
{
	const struct occurrence *best = NULL;
	size_t i;

	for (i = 0; i < w->nr_occ; i++) {
		const struct occurrence *o = &w->occ[i];

		if (o->kind == OCC_SURE && in_scope(w, o) &&
		    (!best || o->scope > best->scope ||
		     (o->scope == best->scope && o->tok > best->tok)))
			best = o;
	}
	for (i = 0; best && i < w->nr_occ; i++)
		if (w->occ[i].kind == OCC_MAYBE && in_scope(w, &w->occ[i]) &&
		    w->occ[i].scope > best->scope)
			return NULL;
	return best;
}

char *declared_struct(struct source_cache *sc, const struct source_file *f, size_t tok,
		      long call)
{
	const struct lexed_file *lf = &f->lex;
	const struct source_function *fn;
	struct walk w = { .lf = lf, .last_close = -1, .last_open = -1 };
	const struct occurrence *d;
	char *type = NULL;
	size_t j;

	if (tok >= lf->nr_tokens || lf->tokens[tok].kind != TOK_IDENT ||
	    is_not_a_variable(lf, token_prev_code(lf, (long)tok)))
		return NULL;
	fn = function_of(f, tok);
	if (!fn || under_condition(lf, fn->params_open, tok))
		return NULL;
	if (tok < fn->params_close)
		return tag_type(sc, f, parameter_struct(lf, fn, tok));
	if (tok <= fn->body_open)
		return NULL;
	w.name = lf->text + lf->tokens[tok].offset;
	w.len = lf->tokens[tok].len;
	ALLOC_GROW(w.braces, 0, w.alloc_braces);
	w.paren_base = xcalloc(w.alloc_braces, sizeof(*w.paren_base));
	w.alloc_base = w.alloc_braces;
	w.braces[w.nr_braces++] = fn->body_open;
	/* the parameters: the body's scope */
	for (j = fn->params_open + 1; j < fn->params_close; j++) {
		long prev = token_prev_code(lf, (long)j), name;

		if (lf->tokens[j].kind != TOK_IDENT || lf->tokens[j].len != w.len ||
		    memcmp(lf->text + lf->tokens[j].offset, w.name, w.len) ||
		    tok_is_ident(lf, prev, "struct") || tok_is_ident(lf, prev, "union") ||
		    tok_is_ident(lf, prev, "enum"))
			continue;
		name = parameter_struct(lf, fn, j);
		add(&w, name >= 0 ? OCC_SURE : OCC_MAYBE, j, 0, name);
	}
	for (j = fn->body_open + 1; j <= tok; j++)
		step(&w, j);
	d = in_macro_arguments(&w, call) ? NULL : deciding(&w);
	if (d)
		type = tag_type(sc, f, d->type_name);
	free(w.braces);
	free(w.paren_base);
	free(w.parens);
	free(w.occ);
	return type;
}
