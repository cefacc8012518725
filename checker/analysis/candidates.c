#include "analysis/candidates.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* Keywords after which an identifier starts an expression, not a declarator. */
static const char *const expression_keywords[] = {
	"return", "case", "sizeof", "else", "do", "goto", "typeof", "__typeof__",
	"__typeof", "defined", "_Alignof", "__alignof__", NULL
};

static const char *const type_keywords[] = {
	"void", "char", "short", "int", "long", "float", "double", "signed",
	"unsigned", "bool", "_Bool", "const", "volatile", "static", "extern",
	"inline", "__inline", "__inline__", "register", "struct", "union", "enum", NULL
};

static bool in_list(const struct lexed_file *lf, const struct token *t,
		    const char *const *list)
{
	for (; *list; list++)
		if (token_is(lf, t, *list))
			return true;
	return false;
}

static bool is_punct_char(const struct lexed_file *lf, long i, char c)
{
	const struct token *t;

	if (i < 0)
		return false;
	t = &lf->tokens[i];
	return t->kind == TOK_PUNCT && t->len == 1 && lf->text[t->offset] == c;
}

/* Is the thing before a run of '*' a type? `struct foo *x`, `int *x`, `foo_t *x`,
 * or a typedef name at the start of a declaration. */
static bool looks_like_type_before_stars(const struct lexed_file *lf, long i)
{
	const struct token *t;
	long before;

	if (i < 0)
		return false;
	t = &lf->tokens[i];
	if (t->kind != TOK_IDENT)
		return false;
	if (in_list(lf, t, type_keywords))
		return true;
	if (in_list(lf, t, expression_keywords))
		return false;
	if (t->len > 2 && !memcmp(lf->text + t->offset + t->len - 2, "_t", 2))
		return true;
	before = token_prev_code(lf, i);
	if (before < 0)
		return true;
	if (lf->tokens[before].kind == TOK_IDENT)
		return in_list(lf, &lf->tokens[before], type_keywords);
	return is_punct_char(lf, before, ';') || is_punct_char(lf, before, '{') ||
	       is_punct_char(lf, before, '}');
}

/* Does identifier token i declare its name (`int name`, `struct x *name`)? */
static bool is_declarator(const struct lexed_file *lf, long i)
{
	long prev = token_prev_code(lf, i);
	const struct token *p;

	if (prev < 0)
		return false;
	p = &lf->tokens[prev];
	if (p->directive_index != lf->tokens[i].directive_index)
		return false;
	if (p->kind == TOK_IDENT)
		return !in_list(lf, p, expression_keywords);
	if (!is_punct_char(lf, prev, '*'))
		return false;
	while (prev >= 0 && (is_punct_char(lf, prev, '*') ||
			     (lf->tokens[prev].kind == TOK_IDENT &&
			      (token_is(lf, &lf->tokens[prev], "const") ||
			       token_is(lf, &lf->tokens[prev], "__rcu") ||
			       token_is(lf, &lf->tokens[prev], "volatile")))))
		prev = token_prev_code(lf, prev);
	return looks_like_type_before_stars(lf, prev);
}

enum body_kind {
	BODY_OTHER,
	BODY_RECORD,	/* struct or union: members */
	BODY_ENUM,	/* enumerators */
};

static bool is_tag_keyword(const struct lexed_file *lf, long i, const char *kw)
{
	return i >= 0 && token_is(lf, &lf->tokens[i], kw);
}

/* What does the '{' at index brace open: `struct name {`, `enum {`, ...? */
static enum body_kind body_opened_by(const struct lexed_file *lf, long brace)
{
	long prev = token_prev_code(lf, brace);

	if (prev >= 0 && lf->tokens[prev].kind == TOK_IDENT &&
	    !is_tag_keyword(lf, prev, "struct") && !is_tag_keyword(lf, prev, "union") &&
	    !is_tag_keyword(lf, prev, "enum"))
		prev = token_prev_code(lf, prev);
	if (is_tag_keyword(lf, prev, "struct") || is_tag_keyword(lf, prev, "union"))
		return BODY_RECORD;
	if (is_tag_keyword(lf, prev, "enum"))
		return BODY_ENUM;
	return BODY_OTHER;
}

/* Is the file-scope declaration holding identifier i a definition: a
 * function with a body, or an object not declared extern? Those make the
 * file the API's own implementation (kernel/workqueue.c), whose uses are not
 * conversions for its users to make. */
static bool top_level_defines(const struct lexed_file *lf, long i)
{
	long j, next;

	for (j = token_prev_code(lf, i); j >= 0; j = token_prev_code(lf, j)) {
		const struct token *t = &lf->tokens[j];

		if (t->in_directive)
			break;
		if (t->kind == TOK_PUNCT && t->len == 1 && strchr(";{}", lf->text[t->offset]))
			break;
		if (token_is(lf, t, "extern"))
			return false;
	}
	next = token_next_code(lf, i);
	if (next >= 0 && token_is(lf, &lf->tokens[next], "(")) {
		long close = token_match_bracket(lf, (size_t)next);
		long after = close >= 0 ? token_next_code(lf, close) : -1;

		return after >= 0 && token_is(lf, &lf->tokens[after], "{");
	}
	return true;
}


/* The rules naming t (several rules may be about one name: WQ022 and WQ023
 * both read alloc_workqueue()), at most max of them; returns how many. */
static size_t rules_for_name(const struct lexed_file *lf, const struct token *t,
			     const struct rule *const *rules, size_t nr_rules,
			     const struct rule **out, size_t max)
{
	size_t r, n = 0;
	const char *const *name;

	for (r = 0; r < nr_rules && n < max; r++)
		for (name = rules[r]->identifiers; *name; name++)
			if (token_is(lf, t, *name)) {
				out[n++] = rules[r];
				break;
			}
	return n;
}

static const struct rule *rule_for_name(const struct lexed_file *lf, const struct token *t,
					const struct rule *const *rules, size_t nr_rules)
{
	const struct rule *r;

	return rules_for_name(lf, t, rules, nr_rules, &r, 1) ? r : NULL;
}

static bool exports_any(const struct lexed_file *lf, const struct rule *const *rules,
			size_t nr_rules)
{
	size_t i;

	for (i = 0; i + 3 < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->kind == TOK_IDENT && t->len >= 13 &&
		    !memcmp(lf->text + t->offset, "EXPORT_SYMBOL", 13) &&
		    token_is(lf, &lf->tokens[i + 1], "(") &&
		    rule_for_name(lf, &lf->tokens[i + 2], rules, nr_rules))
			return true;
	}
	return false;
}

/* A name spelled like the API that the file declares, and where that holds:
 * the whole file (a definition at file scope, an enumerator) or one function
 * (a parameter or local, scoped to the function's top-level block). */
struct shadow {
	const struct rule *rule;
	long block;		/* index of the function's '{', or -1 for the file */
};

struct shadow_list {
	struct shadow *items;
	size_t nr, alloc;
};

static void add_shadow(struct shadow_list *sl, const struct rule *rule, long block)
{
	ALLOC_GROW(sl->items, sl->nr, sl->alloc);
	sl->items[sl->nr].rule = rule;
	sl->items[sl->nr].block = block;
	sl->nr++;
}

static bool is_shadowed(const struct shadow_list *sl, const struct rule *rule, long block)
{
	size_t i;

	for (i = 0; i < sl->nr; i++)
		if (sl->items[i].rule == rule &&
		    (sl->items[i].block < 0 || sl->items[i].block == block))
			return true;
	return false;
}

void find_candidates(const struct lexed_file *lf, const struct rule *const *rules,
		     size_t nr_rules, struct candidate_list *out)
{
	struct shadow_list shadows = { 0 };
	/* Parameters seen in a top-level parameter list, waiting for the body. */
	struct shadow_list params = { 0 };
	long *blocks = NULL;	/* per candidate: its top-level block */
	/* Per brace depth: is it the body of a struct or union? A member named
	 * like an API shadows nothing: it is only reached through . and ->. */
	enum body_kind body[64] = { BODY_OTHER };
	int depth = 0, top_parens = 0;
	long block = -1;
	bool top_level_initializer = false;
	size_t i, first = out->nr;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		const struct rule *named[8];
		size_t nr_named, k;
		long prev;

		if (!t->in_directive && t->kind == TOK_PUNCT && t->len == 1) {
			char c = lf->text[t->offset];

			if (c == '{') {
				if (depth == 0) {
					size_t p;

					block = (long)i;
					for (p = 0; p < params.nr; p++)
						add_shadow(&shadows, params.items[p].rule, block);
					params.nr = 0;
				}
				depth++;
				if (depth < 64)
					body[depth] = body_opened_by(lf, (long)i);
			} else if (c == '}' && depth > 0) {
				if (--depth == 0)
					block = -1;
			} else if (c == ';' && depth == 0) {
				top_level_initializer = false;
				params.nr = 0;
			} else if (c == '=' && depth == 0) {
				top_level_initializer = true;
			} else if (c == '(' && depth == 0) {
				top_parens++;
			} else if (c == ')' && depth == 0 && top_parens > 0) {
				top_parens--;
			}
		}
		if (t->kind != TOK_IDENT || t->is_macro_param || t->is_directive_name)
			continue;
		nr_named = rules_for_name(lf, t, rules, nr_rules, named, 8);
		if (!nr_named)
			continue;
		prev = token_prev_code(lf, (long)i);
		if (prev >= 0 && lf->tokens[prev].directive_index == t->directive_index &&
		    (is_punct_char(lf, prev, '.') || token_is(lf, &lf->tokens[prev], "->")))
			continue;
		/* At file scope, outside initializers and macro bodies, the name
		 * is being declared or exported, not used: a parameter of the
		 * function about to be defined, or the file's own definition. */
		if (!t->in_directive && depth == 0 && !top_level_initializer) {
			for (k = 0; k < nr_named; k++) {
				if (top_parens > 0) {
					if (is_declarator(lf, (long)i))
						add_shadow(&params, named[k], -1);
				} else if (top_level_defines(lf, (long)i)) {
					add_shadow(&shadows, named[k], -1);
				}
			}
			continue;
		}
		/* Everything named in a struct or union body is a member or a
		 * type (function pointers included): no use, no shadow. */
		if (!t->in_directive && depth > 0 && depth < 64 && body[depth] == BODY_RECORD)
			continue;
		if (!t->in_directive && depth > 0 && depth < 64 && body[depth] == BODY_ENUM &&
		    prev >= 0 && (is_punct_char(lf, prev, '{') || is_punct_char(lf, prev, ','))) {
			for (k = 0; k < nr_named; k++)
				add_shadow(&shadows, named[k], -1);
			continue;
		}
		if (!t->in_directive && is_declarator(lf, (long)i)) {
			for (k = 0; k < nr_named; k++)
				add_shadow(&shadows, named[k], block);
			continue;
		}
		for (k = 0; k < nr_named; k++) {
			ALLOC_GROW(out->items, out->nr, out->alloc);
			blocks = xrealloc(blocks, out->alloc * sizeof(*blocks));
			blocks[out->nr] = t->in_directive ? -2 : block;
			out->items[out->nr].token = i;
			out->items[out->nr].rule = named[k];
			out->items[out->nr].shadowed = false;
			out->items[out->nr].in_implementation = false;
			out->nr++;
		}
	}
	/* The file that exports the API implements it (kernel/workqueue.c): its
	 * uses of the legacy names are the core's own, converted by the core's
	 * deprecation patch, not by its users'. */
	if (exports_any(lf, rules, nr_rules))
		for (i = first; i < out->nr; i++)
			out->items[i].in_implementation = true;
	for (i = first; i < out->nr; i++)
		out->items[i].shadowed = is_shadowed(&shadows, out->items[i].rule, blocks[i]);
	free(blocks);
	free(shadows.items);
	free(params.items);
}

void candidate_list_release(struct candidate_list *cl)
{
	free(cl->items);
	memset(cl, 0, sizeof(*cl));
}
