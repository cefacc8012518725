/* The tree's source files as the tree's reading needs them: read and lexed
 * once, on demand, with their function definitions (and function-like macros),
 * their #include lines resolved to tree paths, and the tokens an `#if 0`
 * hides. Not thread-safe: one cache per thread. */
#ifndef WQCHECK_SOURCE_CACHE_H
#define WQCHECK_SOURCE_CACHE_H

#include "front/lexer.h"

#include <stdbool.h>
#include <stddef.h>

/* A string-keyed hash map of pointers (keys are copied). */
struct strmap_entry {
	char *key;
	void *value;
};

struct strmap {
	struct strmap_entry *slots;
	size_t nr, alloc;
};

void *strmap_get(const struct strmap *m, const char *key);
/* Sets key to value; returns the previous value or NULL. */
void *strmap_put(struct strmap *m, const char *key, void *value);
void strmap_release(struct strmap *m, void (*free_value)(void *));

struct source_function {
	char *name;
	size_t name_tok;		/* token naming it */
	size_t params_open, params_close;	/* '(' and ')' of the parameter list */
	size_t body_open, body_close;	/* '{' '}' or, for a macro, first and last body token */
	bool is_static, is_inline, is_macro;
};

struct source_file {
	char *path;			/* relative to the root */
	char *text;
	size_t len;
	struct lexed_file lex;
	bool *dead;			/* per token: under #if 0 */
	struct source_function *funcs;
	size_t nr_funcs, alloc_funcs;
	char **includes;		/* resolved, existing, relative paths: */
	size_t nr_includes, alloc_includes;	/* source_includes() reads them */
	bool includes_read;
	bool borrowed;			/* text and lex are the caller's */
};

struct source_cache {
	const char *root;
	const char *arch;		/* for <asm/...> */
	struct strmap files;		/* path -> struct source_file * (NULL: unreadable) */
	struct strmap dirs;		/* dir -> struct dir_listing * */
	struct strmap exists;		/* path -> (void *)1 a file, 2 none */
};

void source_cache_init(struct source_cache *sc, const char *root, const char *arch);
void source_cache_release(struct source_cache *sc);

/* The file at rel, lexed, or NULL when it cannot be read. */
struct source_file *source_get(struct source_cache *sc, const char *rel);
/* How many tokens the cached files hold: what a pass that keeps reading
 * files weighs against its budget. */
size_t source_cache_tokens(const struct source_cache *sc);
/* Reads and lexes those of paths (nr, relative) not cached yet on jobs
 * threads, and caches them: a serial pass that knows which files it will
 * ask source_get() for has them lexed in parallel first. Returns how many
 * tokens it added. */
size_t source_cache_preload(struct source_cache *sc, const char *const *paths, size_t nr,
			    int jobs);
/* The #include lines of f (from sc) resolved to the tree's files: asked
 * for the few files whose headers are searched, not for every file read
 * (each name costs up to five stat() calls). */
char *const *source_includes(struct source_cache *sc, struct source_file *f, size_t *nr);
/* The same in two steps, for a caller that keeps the lines but not the
 * file: its #include lines in order (*out and each name allocated), and
 * one line's file in the tree (allocated; NULL when there is none). */
struct include_directive {
	char *name;
	bool quoted;
};
size_t source_include_directives(const struct source_file *f,
				 struct include_directive **out);
char *source_include_path(struct source_cache *sc, const char *from, const char *name,
			  bool quoted);
/* Lexes text into a source_file not kept in any cache (text is taken over). */
struct source_file *source_file_new(const char *rel, char *text, size_t len);
/* The same over text the caller has lexed already (lf, over text): both
 * stay the caller's and must outlive the result, which source_file_free()
 * frees without them. */
struct source_file *source_file_over(const char *rel, const char *text, size_t len,
				     const struct lexed_file *lf);
void source_file_free(struct source_file *f);

/* The .c and .h files of directory dir (relative), sorted. */
const char *const *source_dir_files(struct source_cache *sc, const char *dir, size_t *nr);

/* The function whose body holds token tok, or NULL. */
const struct source_function *source_function_at(const struct source_file *f, size_t tok);
/* The index of the parameter of fn named by tokens [first, last] (a bare
 * name, or with members `&name->member` when members is set), or -1. */
int parameter_index(const struct lexed_file *lf, const struct source_function *fn,
		    size_t first, size_t last, bool members);
/* The definition of name in f, or NULL. */
const struct source_function *source_find_function(const struct source_file *f,
						   const char *name);

/* Token helpers over a lexed file. */
bool tok_is_punct(const struct lexed_file *lf, long i, const char *p);
bool tok_is_ident(const struct lexed_file *lf, long i, const char *name);
char *tok_text(const struct lexed_file *lf, size_t i);
/* The arguments of the call whose '(' is open: first and last code token of
 * each (first > last for an empty one). Returns how many. */
size_t call_arguments(const struct lexed_file *lf, size_t open, size_t *first, size_t *last,
		      size_t max);
/* The expression's tokens as written, comments dropped, no spaces: `&p->w`. */
char *expression_text(const struct lexed_file *lf, size_t first, size_t last);

#endif
