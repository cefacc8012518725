#include "front/source-cache.h"
#include "front/parallel.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <dirent.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t hash_string(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static struct strmap_entry *strmap_slot(const struct strmap *m, const char *key)
{
	size_t i = (size_t)hash_string(key) & (m->alloc - 1);

	while (m->slots[i].key && strcmp(m->slots[i].key, key))
		i = (i + 1) & (m->alloc - 1);
	return &m->slots[i];
}

void *strmap_get(const struct strmap *m, const char *key)
{
	struct strmap_entry *e;

	if (!m->alloc)
		return NULL;
	e = strmap_slot(m, key);
	return e->key ? e->value : NULL;
}

static void strmap_grow(struct strmap *m)
{
	struct strmap old = *m;
	size_t i;

	m->alloc = old.alloc ? old.alloc * 2 : 64;
	m->slots = xcalloc(m->alloc, sizeof(*m->slots));
	for (i = 0; i < old.alloc; i++)
		if (old.slots[i].key)
			*strmap_slot(m, old.slots[i].key) = old.slots[i];
	free(old.slots);
}

void *strmap_put(struct strmap *m, const char *key, void *value)
{
	struct strmap_entry *e;
	void *prev;

	if ((m->nr + 1) * 2 > m->alloc)
		strmap_grow(m);
	e = strmap_slot(m, key);
	if (!e->key) {
		e->key = xstrdup(key);
		e->value = value;
		m->nr++;
		return NULL;
	}
	prev = e->value;
	e->value = value;
	return prev;
}

void strmap_release(struct strmap *m, void (*free_value)(void *))
{
	size_t i;

	for (i = 0; i < m->alloc; i++)
		if (m->slots[i].key) {
			if (free_value && m->slots[i].value)
				free_value(m->slots[i].value);
			free(m->slots[i].key);
		}
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

bool tok_is_punct(const struct lexed_file *lf, long i, const char *p)
{
	const struct token *t;

	if (i < 0 || (size_t)i >= lf->nr_tokens)
		return false;
	t = &lf->tokens[i];
	/* The first byte before strlen(), as tok_is_ident() does. */
	return t->kind == TOK_PUNCT && lf->text[t->offset] == p[0] && t->len == strlen(p) &&
	       !memcmp(lf->text + t->offset, p, t->len);
}

bool tok_is_ident(const struct lexed_file *lf, long i, const char *name)
{
	const struct token *t;

	if (i < 0 || (size_t)i >= lf->nr_tokens)
		return false;
	t = &lf->tokens[i];
	/* The first byte before strlen(): most calls ask every identifier
	 * of a file against a list of names, and most differ there. */
	return t->kind == TOK_IDENT && lf->text[t->offset] == name[0] &&
	       t->len == strlen(name) && !memcmp(lf->text + t->offset, name, t->len);
}

char *tok_text(const struct lexed_file *lf, size_t i)
{
	return xstrndup(lf->text + lf->tokens[i].offset, lf->tokens[i].len);
}

size_t call_arguments(const struct lexed_file *lf, size_t open, size_t *first, size_t *last,
		      size_t max)
{
	long close = token_match_bracket(lf, open), i;
	size_t n = 0;
	int depth = 0;
	long start;

	if (close < 0)
		return 0;
	start = token_next_code(lf, (long)open);
	for (i = start; i >= 0 && i <= close; i = token_next_code(lf, i)) {
		const struct token *t = &lf->tokens[i];
		char c = t->kind == TOK_PUNCT && t->len == 1 ? lf->text[t->offset] : 0;

		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && i != close)
			depth--;
		if ((c == ',' && depth == 0) || i == close) {
			if (n < max) {
				first[n] = (size_t)start;
				last[n] = (size_t)token_prev_code(lf, i);
			}
			n++;
			start = token_next_code(lf, i);
			if (i == close)
				break;
		}
	}
	return n;
}

char *expression_text(const struct lexed_file *lf, size_t first, size_t last)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = first; i <= last && i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->kind == TOK_COMMENT || t->kind == TOK_DIRECTIVE_END)
			continue;
		/* Keep words apart: `struct foo`, `sizeof x`. */
		if (sb.len && t->kind == TOK_IDENT && i > first &&
		    lf->tokens[i - 1].kind == TOK_IDENT)
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, lf->text + t->offset, t->len);
	}
	if (!sb.buf)
		return xstrdup("");
	return strbuf_detach(&sb);
}

/* `#if 0` and `#if 1 ... #else`: code nobody builds. */
static void mark_dead(struct source_file *f)
{
	const struct lexed_file *lf = &f->lex;
	int stack[64], depth = 0;	/* per level: 0 live, 1 dead here, 2 dead in an outer level */
	bool dead = false;
	size_t i;

	f->dead = xcalloc(lf->nr_tokens ? lf->nr_tokens : 1, sizeof(bool));
	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->in_directive && tok_is_punct(lf, (long)i, "#") &&
		    t->directive_index == (int)i && i + 1 < lf->nr_tokens) {
			long w = (long)i + 1, v = token_next_code(lf, w);

			if (tok_is_ident(lf, w, "if") || tok_is_ident(lf, w, "ifdef") ||
			    tok_is_ident(lf, w, "ifndef")) {
				int state = dead ? 2 : 0;
				bool zero = tok_is_ident(lf, w, "if") && v >= 0 &&
					    lf->tokens[v].kind == TOK_NUMBER &&
					    lf->tokens[v].len == 1;

				if (!dead && zero && lf->text[lf->tokens[v].offset] == '0')
					state = 1;
				else if (!dead && zero && lf->text[lf->tokens[v].offset] == '1')
					state = 3;	/* live, its #else is dead */
				if (depth < 64)
					stack[depth] = state;
				depth++;
			} else if ((tok_is_ident(lf, w, "else") || tok_is_ident(lf, w, "elif")) &&
				   depth > 0 && depth <= 64) {
				int *s = &stack[depth - 1];

				if (*s == 1)
					*s = 0;
				else if (*s == 3)
					*s = 1;
			} else if (tok_is_ident(lf, w, "endif") && depth > 0) {
				depth--;
			}
			dead = false;
			if (depth > 0 && depth <= 64)
				dead = stack[depth - 1] == 1 || stack[depth - 1] == 2;
		}
		f->dead[i] = dead && !t->in_directive;
	}
}

static void add_function(struct source_file *f, const struct source_function *fn)
{
	ALLOC_GROW(f->funcs, f->nr_funcs, f->alloc_funcs);
	f->funcs[f->nr_funcs++] = *fn;
}

/* Walks back from ')' to its '('. */
static long match_back(const struct lexed_file *lf, long close)
{
	int depth = 0;
	long i;

	for (i = close; i >= 0; i--) {
		if (lf->tokens[i].in_directive != lf->tokens[close].in_directive)
			continue;
		if (tok_is_punct(lf, i, ")"))
			depth++;
		else if (tok_is_punct(lf, i, "(") && --depth == 0)
			return i;
	}
	return -1;
}

static bool is_statement_keyword(const struct lexed_file *lf, long i)
{
	static const char *const words[] = { "if", "for", "while", "switch", "sizeof",
					     "return", "typeof", "__typeof__", NULL };
	const char *const *w;

	for (w = words; *w; w++)
		if (tok_is_ident(lf, i, *w))
			return true;
	return false;
}

/* `{` at file scope: a function body if `name(...)` (and attributes) precede it. */
static void maybe_function(struct source_file *f, size_t open, long close)
{
	const struct lexed_file *lf = &f->lex;
	struct source_function fn = { 0 };
	long prev = token_prev_code(lf, (long)open), paren, name, i;

	for (;;) {
		if (!tok_is_punct(lf, prev, ")"))
			return;
		paren = match_back(lf, prev);
		name = token_prev_code(lf, paren);
		if (name < 0 || lf->tokens[name].kind != TOK_IDENT)
			return;
		/* `f(args) __acquires(x) {` */
		if (lf->tokens[name].len > 2 && !memcmp(lf->text + lf->tokens[name].offset, "__", 2) &&
		    tok_is_punct(lf, token_prev_code(lf, name), ")")) {
			prev = token_prev_code(lf, name);
			continue;
		}
		break;
	}
	if (is_statement_keyword(lf, name))
		return;
	fn.name = tok_text(lf, (size_t)name);
	fn.name_tok = (size_t)name;
	fn.params_open = (size_t)paren;
	fn.params_close = (size_t)prev;
	fn.body_open = open;
	fn.body_close = (size_t)close;
	for (i = token_prev_code(lf, name); i >= 0; i = token_prev_code(lf, i)) {
		const struct token *t = &lf->tokens[i];

		if (t->in_directive || tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "}"))
			break;
		if (tok_is_ident(lf, i, "static"))
			fn.is_static = true;
		else if (t->kind == TOK_IDENT && t->len >= 6 &&
			 memmem(lf->text + t->offset, t->len, "inline", 6))
			fn.is_inline = true;
	}
	add_function(f, &fn);
}

/* `#define name(params) body` */
static void maybe_macro(struct source_file *f, size_t hash)
{
	const struct lexed_file *lf = &f->lex;
	struct source_function fn = { 0 };
	size_t name = hash + 2, paren = hash + 3, i;
	long close;

	if (!tok_is_ident(lf, (long)hash + 1, "define") || paren >= lf->nr_tokens ||
	    lf->tokens[name].kind != TOK_IDENT || !tok_is_punct(lf, (long)paren, "(") ||
	    lf->tokens[paren].offset != lf->tokens[name].offset + lf->tokens[name].len)
		return;
	close = token_match_bracket(lf, paren);
	if (close < 0)
		return;
	for (i = (size_t)close + 1; i < lf->nr_tokens && lf->tokens[i].kind != TOK_DIRECTIVE_END; i++)
		;
	if (i == (size_t)close + 1)
		return;
	fn.name = tok_text(lf, name);
	fn.name_tok = name;
	fn.params_open = paren;
	fn.params_close = (size_t)close;
	fn.body_open = (size_t)close + 1;
	fn.body_close = i - 1;
	fn.is_macro = true;
	fn.is_inline = true;
	add_function(f, &fn);
}

/* The directive word of the `#` at i: if, else, endif... or NULL. */
static const char *conditional_word(const struct lexed_file *lf, size_t i)
{
	static const char *const words[] = { "if", "ifdef", "ifndef", "elif",
					     "else", "endif", NULL };
	const char *const *w;

	if (!lf->tokens[i].in_directive || lf->tokens[i].directive_index != (int)i ||
	    !tok_is_punct(lf, (long)i, "#"))
		return NULL;
	for (w = words; *w; w++)
		if (tok_is_ident(lf, (long)i + 1, *w))
			return *w;
	return NULL;
}

/*
 * The `}` closing the body that opens at open. Braces count only in the
 * first branch of a conditional, as ctags counts them: a body written
 *	#ifdef A
 *		if (x) {
 *	#else
 *		if (y) {
 *	#endif
 * has one more `{` than `}` in the text, and plain matching ran past it
 * and lost every function after it.
 */
static long match_body(const struct lexed_file *lf, size_t open)
{
	bool alternative[64] = { false };
	int level = 0, outer_alternative = 0, skipping = 0, depth = 0, l;
	size_t i;

	for (i = open; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		const char *word = conditional_word(lf, i);

		if (word) {
			if (word[0] == 'i') {
				if (level < 64)
					alternative[level] = false;
				level++;
			} else if (!strcmp(word, "endif")) {
				if (level > 0)
					level--;
				else if (outer_alternative > 0)
					outer_alternative--;
			} else if (level > 0) {
				if (level <= 64)
					alternative[level - 1] = true;
			} else if (!outer_alternative) {
				/* The #else of a conditional opened before the body. */
				outer_alternative = 1;
			}
			for (skipping = outer_alternative, l = 0; l < level && l < 64; l++)
				skipping |= alternative[l];
			continue;
		}
		if (t->in_directive || skipping || t->kind != TOK_PUNCT || t->len != 1)
			continue;
		if (lf->text[t->offset] == '{')
			depth++;
		else if (lf->text[t->offset] == '}' && --depth == 0)
			return (long)i;
	}
	return -1;
}

static void find_functions(struct source_file *f)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		long close;

		if (t->in_directive) {
			if (t->directive_index == (int)i)
				maybe_macro(f, i);
			continue;
		}
		if (!tok_is_punct(lf, (long)i, "{"))
			continue;
		close = match_body(lf, i);
		if (close < 0)
			return;
		maybe_function(f, i, close);
		i = (size_t)close;
	}
}

/* Whether rel is a file of the tree; remembered: a thousand files of a
 * tree include <linux/workqueue.h>. */
static bool exists(struct source_cache *sc, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	uintptr_t known = (uintptr_t)strmap_get(&sc->exists, rel);
	struct stat st;
	bool ok;

	if (known)
		return known == 1;
	strbuf_addf(&sb, "%s/%s", sc->root, rel);
	ok = stat(sb.buf, &st) == 0 && S_ISREG(st.st_mode);
	strbuf_release(&sb);
	strmap_put(&sc->exists, rel, (void *)(uintptr_t)(ok ? 1 : 2));
	return ok;
}

static char *normalize_path(const char *p)
{
	char *out = xstrdup(p), *parts[128];
	char *copy = xstrdup(p), *tok, *save = NULL;
	size_t n = 0, i, len = 0;

	for (tok = strtok_r(copy, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..")) {
			if (n)
				n--;
			continue;
		}
		if (n < 128)
			parts[n++] = tok;
	}
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i)
			out[len++] = '/';
		strcpy(out + len, parts[i]);
		len += strlen(parts[i]);
	}
	free(copy);
	return out;
}

char *source_include_path(struct source_cache *sc, const char *from, const char *name,
			  bool quoted)
{
	struct strbuf sb = STRBUF_INIT;
	const char *slash = strrchr(from, '/');
	const char *const formats[] = { "include/%s", "arch/%s/include/%s",
					"include/uapi/%s", "arch/%s/include/uapi/%s" };
	size_t k;

	if (quoted) {
		char *norm;

		strbuf_addf(&sb, "%.*s%s%s", slash ? (int)(slash - from) : 0, from,
			    slash ? "/" : "", name);
		norm = normalize_path(sb.buf);
		strbuf_release(&sb);
		if (exists(sc, norm))
			return norm;
		free(norm);
	}
	for (k = 0; k < 4; k++) {
		strbuf_reset(&sb);
		if (k & 1)
			strbuf_addf(&sb, formats[k], sc->arch, name);
		else
			strbuf_addf(&sb, formats[k], name);
		if (exists(sc, sb.buf))
			return strbuf_detach(&sb);
	}
	strbuf_release(&sb);
	return NULL;
}

size_t source_include_directives(const struct source_file *f,
				 struct include_directive **out)
{
	const struct lexed_file *lf = &f->lex;
	size_t i, nr = 0, alloc = 0;

	*out = NULL;
	for (i = 0; i + 2 < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		const char *p, *end;
		char open;

		if (!t->in_directive || t->directive_index != (int)i ||
		    !tok_is_ident(lf, (long)i + 1, "include"))
			continue;
		p = lf->text + lf->tokens[i + 2].offset;
		open = *p;
		if (open != '"' && open != '<')
			continue;
		end = memchr(p + 1, open == '"' ? '"' : '>', (size_t)(lf->text + lf->size - p - 1));
		if (!end || memchr(p, '\n', (size_t)(end - p)))
			continue;
		ALLOC_GROW(*out, nr, alloc);
		(*out)[nr].name = xstrndup(p + 1, (size_t)(end - p - 1));
		(*out)[nr].quoted = open == '"';
		nr++;
	}
	return nr;
}

static void find_includes(struct source_cache *sc, struct source_file *f)
{
	struct include_directive *d;
	size_t i, nr = source_include_directives(f, &d);

	for (i = 0; i < nr; i++) {
		char *path = source_include_path(sc, f->path, d[i].name, d[i].quoted);

		if (path) {
			ALLOC_GROW(f->includes, f->nr_includes, f->alloc_includes);
			f->includes[f->nr_includes++] = path;
		}
		free(d[i].name);
	}
	free(d);
}

struct source_file *source_file_new(const char *rel, char *text, size_t len)
{
	struct source_file *f = xcalloc(1, sizeof(*f));

	f->path = xstrdup(rel);
	f->text = text;
	f->len = len;
	lex_file(&f->lex, text, len);
	mark_dead(f);
	find_functions(f);
	return f;
}

struct source_file *source_file_over(const char *rel, const char *text, size_t len,
				     const struct lexed_file *lf)
{
	struct source_file *f = xcalloc(1, sizeof(*f));

	f->path = xstrdup(rel);
	f->text = (char *)text;
	f->len = len;
	f->lex = *lf;
	f->borrowed = true;
	mark_dead(f);
	find_functions(f);
	return f;
}

void source_file_free(struct source_file *f)
{
	size_t i;

	if (!f)
		return;
	for (i = 0; i < f->nr_funcs; i++)
		free(f->funcs[i].name);
	for (i = 0; i < f->nr_includes; i++)
		free(f->includes[i]);
	free(f->funcs);
	free(f->includes);
	free(f->dead);
	if (!f->borrowed) {
		lexed_file_release(&f->lex);
		free(f->text);
	}
	free(f->path);
	free(f);
}

static void free_source_file(void *p)
{
	source_file_free(p);
}

struct dir_listing {
	char **names;
	size_t nr, alloc;
};

static void free_dir_listing(void *p)
{
	struct dir_listing *d = p;
	size_t i;

	for (i = 0; i < d->nr; i++)
		free(d->names[i]);
	free(d->names);
	free(d);
}

void source_cache_init(struct source_cache *sc, const char *root, const char *arch)
{
	memset(sc, 0, sizeof(*sc));
	sc->root = root;
	sc->arch = arch ? arch : "x86";
}

void source_cache_release(struct source_cache *sc)
{
	strmap_release(&sc->files, free_source_file);
	strmap_release(&sc->dirs, free_dir_listing);
	strmap_release(&sc->exists, NULL);
}

struct source_file *source_get(struct source_cache *sc, const char *rel)
{
	struct strbuf text = STRBUF_INIT, abs = STRBUF_INIT;
	struct source_file *f;
	size_t i;

	if (sc->files.alloc) {
		struct strmap_entry *e = strmap_slot(&sc->files, rel);

		if (e->key)
			return e->value;
	}
	strbuf_addf(&abs, "%s/%s", sc->root, rel);
	if (strbuf_read_file(&text, abs.buf) < 0 || !text.buf ||
	    memchr(text.buf, '\0', text.len)) {
		strbuf_release(&text);
		strbuf_release(&abs);
		strmap_put(&sc->files, rel, NULL);
		return NULL;
	}
	strbuf_release(&abs);
	i = text.len;
	f = source_file_new(rel, strbuf_detach(&text), i);
	strmap_put(&sc->files, rel, f);
	return f;
}

size_t source_cache_tokens(const struct source_cache *sc)
{
	size_t i, n = 0;

	for (i = 0; i < sc->files.alloc; i++) {
		const struct source_file *f = sc->files.slots[i].value;

		if (sc->files.slots[i].key && f)
			n += f->lex.nr_tokens;
	}
	return n;
}

struct preload {
	const struct file_list *files;
	struct source_file **lexed;	/* per file; NULL: unreadable or binary */
};

static void preload_file(void *ctx, int thread, size_t i, struct strbuf *text)
{
	struct preload *p = ctx;
	size_t len = text->len;

	(void)thread;
	if (memchr(text->buf, '\0', len))
		return;
	p->lexed[i] = source_file_new(p->files->paths[i], strbuf_detach(text), len);
}

size_t source_cache_preload(struct source_cache *sc, const char *const *paths, size_t nr,
			    int jobs)
{
	struct file_list todo = { 0 };
	struct preload p = { &todo, NULL };
	size_t i, tokens = 0;

	for (i = 0; i < nr; i++) {
		struct strmap_entry *e = sc->files.alloc ? strmap_slot(&sc->files, paths[i]) : NULL;

		if (!e || !e->key) {
			ALLOC_GROW(todo.paths, todo.nr, todo.alloc);
			todo.paths[todo.nr++] = xstrdup(paths[i]);
		}
	}
	file_list_finish(&todo);
	p.lexed = xcalloc(todo.nr + 1, sizeof(*p.lexed));
	parallel_read_files(sc->root, &todo, jobs, preload_file, &p);
	/* Unreadable ones are left to source_get(), which says so. */
	for (i = 0; i < todo.nr; i++)
		if (p.lexed[i]) {
			tokens += p.lexed[i]->lex.nr_tokens;
			strmap_put(&sc->files, p.lexed[i]->path, p.lexed[i]);
		}
	free(p.lexed);
	file_list_release(&todo);
	return tokens;
}

char *const *source_includes(struct source_cache *sc, struct source_file *f, size_t *nr)
{
	if (!f->includes_read) {
		find_includes(sc, f);
		f->includes_read = true;
	}
	*nr = f->nr_includes;
	return f->includes;
}

static int name_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

const char *const *source_dir_files(struct source_cache *sc, const char *dir, size_t *nr)
{
	struct dir_listing *d = strmap_get(&sc->dirs, dir);
	struct strbuf abs = STRBUF_INIT;
	DIR *dh;
	struct dirent *de;

	if (!d) {
		d = xcalloc(1, sizeof(*d));
		strbuf_addf(&abs, "%s/%s", sc->root, dir);
		dh = opendir(abs.buf);
		while (dh && (de = readdir(dh))) {
			size_t n = strlen(de->d_name);

			if (n < 3 || de->d_name[n - 2] != '.' ||
			    (de->d_name[n - 1] != 'c' && de->d_name[n - 1] != 'h'))
				continue;
			ALLOC_GROW(d->names, d->nr, d->alloc);
			d->names[d->nr] = xmalloc(strlen(dir) + n + 2);
			sprintf(d->names[d->nr], "%s%s%s", dir, *dir ? "/" : "", de->d_name);
			d->nr++;
		}
		if (dh)
			closedir(dh);
		if (d->nr)
			qsort(d->names, d->nr, sizeof(*d->names), name_compare);
		strbuf_release(&abs);
		strmap_put(&sc->dirs, dir, d);
	}
	*nr = d->nr;
	return (const char *const *)d->names;
}

const struct source_function *source_function_at(const struct source_file *f, size_t tok)
{
	size_t i;

	for (i = 0; i < f->nr_funcs; i++)
		if (!f->funcs[i].is_macro && tok > f->funcs[i].body_open &&
		    tok < f->funcs[i].body_close)
			return &f->funcs[i];
	return NULL;
}

const struct source_function *source_find_function(const struct source_file *f,
						   const char *name)
{
	size_t i;

	for (i = 0; i < f->nr_funcs; i++)
		if (!strcmp(f->funcs[i].name, name))
			return &f->funcs[i];
	return NULL;
}

int parameter_index(const struct lexed_file *lf, const struct source_function *fn,
		    size_t first, size_t last, bool members)
{
	long i = (long)first, p;
	int index = 0, depth = 0;

	if (tok_is_punct(lf, i, "&"))
		i = token_next_code(lf, i);
	if (i < 0 || lf->tokens[i].kind != TOK_IDENT)
		return -1;
	for (p = (long)fn->params_open + 1; p < (long)fn->params_close; p = token_next_code(lf, p)) {
		if (tok_is_punct(lf, p, "(") || tok_is_punct(lf, p, "["))
			depth++;
		else if (tok_is_punct(lf, p, ")") || tok_is_punct(lf, p, "]"))
			depth--;
		else if (tok_is_punct(lf, p, ",") && depth == 0)
			index++;
		else if (lf->tokens[p].kind == TOK_IDENT && lf->tokens[p].len == lf->tokens[i].len &&
			 !memcmp(lf->text + lf->tokens[p].offset, lf->text + lf->tokens[i].offset,
				 lf->tokens[i].len) &&
			 (i == (long)last ||
			  (members && tok_is_punct(lf, token_next_code(lf, i), "->"))))
			return index;
	}
	return -1;
}
