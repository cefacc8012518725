#include "analysis/model/workitem-index.h"
#include "analysis/model/local-struct.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* Each begins with I, P, D, _ or d and is 9 bytes or longer: binding_macro()
 * rejects other identifiers before comparing (tests/unit/test-affinity.c). */
const char *const workitem_binding_macros[] = {
	"INIT_WORK", "INIT_DELAYED_WORK", "INIT_DEFERRABLE_WORK",
	"INIT_DELAYED_WORK_DEFERRABLE", "INIT_WORK_ONSTACK", "INIT_DELAYED_WORK_ONSTACK",
	"__INIT_WORK", "__INIT_DELAYED_WORK", "PREPARE_WORK", "PREPARE_DELAYED_WORK",
	"DECLARE_WORK", "DECLARE_DELAYED_WORK", "DECLARE_DEFERRED_WORK",
	"DECLARE_DEFERRABLE_WORK", "__WORK_INITIALIZER", "__DELAYED_WORK_INITIALIZER",
	"__DEFERRED_WORK_INITIALIZER", "INIT_RCU_WORK", "INIT_RCU_WORK_ONSTACK",
	/* devm_*_autocancel(dev, w, fn): the item and function come one later. */
	"devm_work_autocancel", "devm_delayed_work_autocancel", NULL
};

struct binding_list {
	struct work_binding **items;
	size_t nr, alloc;
};

void item_shape_release(struct item_shape *s)
{
	free(s->key);
	free(s->alias);
	free(s->cpu);
	memset(s, 0, sizeof(*s));
}

static bool is_qualifier(const struct lexed_file *lf, long i)
{
	static const char *const words[] = {
		"const", "volatile", "static", "register", "extern", "__percpu", "__rcu",
		"__iomem", "__user", "__maybe_unused", "__read_mostly", "unsigned",
		"signed", NULL
	};
	const char *const *w;

	for (w = words; *w; w++)
		if (tok_is_ident(lf, i, *w))
			return true;
	return false;
}

static bool is_builtin_type(const struct lexed_file *lf, long i)
{
	static const char *const words[] = {
		"void", "char", "short", "int", "long", "float", "double", "bool", "_Bool",
		"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "size_t", "return",
		"sizeof", "typeof", "else", "case", "goto", NULL
	};
	const char *const *w;

	for (w = words; *w; w++)
		if (tok_is_ident(lf, i, *w))
			return true;
	return false;
}

/* The type named by the declaration tokens [start, decl): "struct T", "T". */
static char *declared_type(const struct lexed_file *lf, long start, long decl)
{
	long i;

	for (i = start; i >= 0 && i < decl; i = token_next_code(lf, i)) {
		if (lf->tokens[i].kind != TOK_IDENT || is_qualifier(lf, i))
			continue;
		if (tok_is_ident(lf, i, "struct") || tok_is_ident(lf, i, "union")) {
			long n = token_next_code(lf, i);
			struct strbuf sb = STRBUF_INIT;

			if (n < 0 || n >= decl || lf->tokens[n].kind != TOK_IDENT)
				return NULL;
			strbuf_addf(&sb, "struct %.*s", (int)lf->tokens[n].len,
				    lf->text + lf->tokens[n].offset);
			return strbuf_detach(&sb);
		}
		if (is_builtin_type(lf, i))
			return NULL;
		return tok_text(lf, (size_t)i);
	}
	return NULL;
}

/* Is identifier token j the declarator of a declaration? */
static bool is_declarator_at(const struct lexed_file *lf, long j)
{
	long next = token_next_code(lf, j), prev = token_prev_code(lf, j);

	if (!(tok_is_punct(lf, next, ";") || tok_is_punct(lf, next, ",") ||
	      tok_is_punct(lf, next, "=") || tok_is_punct(lf, next, ")") ||
	      tok_is_punct(lf, next, "[")))
		return false;
	if (tok_is_punct(lf, prev, "*"))
		return true;
	return prev >= 0 && lf->tokens[prev].kind == TOK_IDENT && !is_builtin_type(lf, prev) ?
	       true : prev >= 0 && lf->tokens[prev].kind == TOK_IDENT &&
	       !tok_is_ident(lf, prev, "return") && !tok_is_ident(lf, prev, "case") &&
	       !tok_is_ident(lf, prev, "else") && !tok_is_ident(lf, prev, "goto");
}

/* Start of the declaration holding token j: after `;`, `{`, `}`, or for a
 * parameter after `(` or `,`. */
static long declaration_start(const struct lexed_file *lf, long j, bool parameter)
{
	long i;
	int depth = 0;

	for (i = token_prev_code(lf, j); i >= 0; i = token_prev_code(lf, i)) {
		if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth++;
		else if ((tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "[")) && depth > 0)
			depth--;
		else if (depth == 0 && (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "{") ||
					tok_is_punct(lf, i, "}") ||
					(parameter && (tok_is_punct(lf, i, "(") ||
						       tok_is_punct(lf, i, ",")))))
			return token_next_code(lf, i);
		if (lf->tokens[i].in_directive != lf->tokens[j].in_directive)
			return token_next_code(lf, i);
	}
	return 0;
}

static bool same_ident(const struct lexed_file *lf, size_t a, const char *name, size_t len)
{
	return lf->tokens[a].kind == TOK_IDENT && lf->tokens[a].len == len &&
	       !memcmp(lf->text + lf->tokens[a].offset, name, len);
}

bool is_cpu_instance_accessor(const char *name, bool *two_args)
{
	*two_args = !strcmp(name, "per_cpu_ptr") || !strcmp(name, "per_cpu");
	return *two_args || !strcmp(name, "this_cpu_ptr") || !strcmp(name, "raw_cpu_ptr") ||
	       !strcmp(name, "__this_cpu_ptr") || !strcmp(name, "get_cpu_ptr") ||
	       !strcmp(name, "__get_cpu_var") || !strcmp(name, "get_cpu_var");
}

struct shape_ctx {
	const struct source_file *f;
	size_t use;			/* the token the expression is used at */
	int depth;
	struct strbuf alias;		/* "struct T.path" for a per-CPU variable of type T */
};

/* The struct type of per-CPU variable name: DEFINE_PER_CPU(struct T, name). */
static char *percpu_type(const struct source_file *f, const char *name, size_t len)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		size_t first[2], last[2];
		long open;

		if (t->kind != TOK_IDENT || t->len < 14 ||
		    memcmp(lf->text + t->offset, "DEFINE_PER_CPU", 14))
			continue;
		open = token_next_code(lf, (long)i);
		if (!tok_is_punct(lf, open, "(") ||
		    call_arguments(lf, (size_t)open, first, last, 2) != 2 ||
		    first[1] != last[1] || !same_ident(lf, first[1], name, len) ||
		    !tok_is_ident(lf, (long)first[0], "struct"))
			continue;
		return expression_text(lf, first[0], last[0]);
	}
	return NULL;
}

static bool parse_item(struct shape_ctx *c, long first, long last, struct strbuf *key,
		       struct item_shape *s);

/* Is the global name static in this file, or a per-CPU variable? */
static void global_key(const struct source_file *f, const char *name, size_t len,
		       bool per_cpu, struct strbuf *key)
{
	const struct lexed_file *lf = &f->lex;
	bool is_static = false;
	size_t j;

	for (j = 0; j < lf->nr_tokens; j++) {
		long i;

		if (lf->tokens[j].in_directive || !same_ident(lf, j, name, len) ||
		    source_function_at(f, j))
			continue;
		for (i = token_prev_code(lf, (long)j); i >= 0; i = token_prev_code(lf, i)) {
			if (lf->tokens[i].in_directive || tok_is_punct(lf, i, ";") ||
			    tok_is_punct(lf, i, "}") || tok_is_punct(lf, i, "{"))
				break;
			if (tok_is_ident(lf, i, "static"))
				is_static = true;
			if (lf->tokens[i].kind == TOK_IDENT && lf->tokens[i].len > 14 &&
			    !memcmp(lf->text + lf->tokens[i].offset, "DEFINE_PER_CPU", 14))
				per_cpu = true;
		}
	}
	if (is_static)
		strbuf_addf(key, "file %s ", f->path);
	strbuf_addf(key, "%s %.*s", per_cpu ? "percpu" : "var", (int)len, name);
}

/* Where the local v was last set from a per-CPU accessor before the use:
 * `v = per_cpu_ptr(x, cpu)`, `*v = this_cpu_ptr(x)`, `v = &per_cpu(x, cpu)`. */
static void per_cpu_origin(struct shape_ctx *c, const struct source_function *fn,
			   const char *name, size_t len, struct item_shape *s)
{
	const struct lexed_file *lf = &c->f->lex;
	long j;

	for (j = (long)c->use - 1; j > (long)fn->params_open; j--) {
		long eq = token_next_code(lf, j), call, open;
		char *callee;
		bool two;

		if (!same_ident(lf, (size_t)j, name, len) || !tok_is_punct(lf, eq, "="))
			continue;
		call = token_next_code(lf, eq);
		if (tok_is_punct(lf, call, "&"))
			call = token_next_code(lf, call);
		open = token_next_code(lf, call);
		/* `state = &pstate->core` where pstate came from per_cpu(). */
		if (call >= 0 && lf->tokens[call].kind == TOK_IDENT &&
		    (tok_is_punct(lf, open, "->") || tok_is_punct(lf, open, ".")) &&
		    c->depth < 6 && !same_ident(lf, (size_t)call, name, len)) {
			size_t use = c->use;

			c->depth++;
			c->use = (size_t)call;
			per_cpu_origin(c, fn, lf->text + lf->tokens[call].offset,
				       lf->tokens[call].len, s);
			c->use = use;
			c->depth--;
			return;
		}
		if (call < 0 || lf->tokens[call].kind != TOK_IDENT || !tok_is_punct(lf, open, "("))
			return;
		callee = tok_text(lf, (size_t)call);
		if (is_cpu_instance_accessor(callee, &two)) {
			size_t first[2], last[2];

			s->per_cpu = true;
			free(s->cpu);
			if (two && call_arguments(lf, (size_t)open, first, last, 2) == 2)
				s->cpu = expression_text(lf, first[1], last[1]);
			else
				s->cpu = xstrdup("@current");
		}
		free(callee);
		return;
	}
}

/* Declarations are plain: `struct foo *a, *b` has no operator or call. */
static bool plain_declaration(const struct lexed_file *lf, long start, long decl)
{
	long i;

	for (i = start; i >= 0 && i < decl; i = token_next_code(lf, i))
		if (tok_is_punct(lf, i, "=") || tok_is_punct(lf, i, "(") ||
		    tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "->") ||
		    tok_is_punct(lf, i, "."))
			return false;
	return true;
}

/* The expression last stored in local v before the use: its initializer
 * or an assignment `v = expr;`. Returns false when there is none. */
static bool last_value(struct shape_ctx *c, const struct source_function *fn, long decl,
		       long *first, long *last)
{
	const struct lexed_file *lf = &c->f->lex;
	const struct token *v = &lf->tokens[decl];
	long j, from = -1, i;
	int depth = 0;

	for (j = decl; j < (long)c->use; j = token_next_code(lf, j)) {
		if (j < 0)
			return false;
		if (same_ident(lf, (size_t)j, lf->text + v->offset, v->len) &&
		    tok_is_punct(lf, token_next_code(lf, j), "=") &&
		    !tok_is_punct(lf, token_prev_code(lf, j), "->") &&
		    !tok_is_punct(lf, token_prev_code(lf, j), "."))
			from = token_next_code(lf, token_next_code(lf, j));
	}
	if (from < 0)
		return false;
	for (i = from; i >= 0 && i < (long)fn->body_close; i = token_next_code(lf, i)) {
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			depth++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth--;
		else if (depth == 0 && (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, ",")))
			break;
		if (depth < 0)
			break;
	}
	*first = from;
	*last = token_prev_code(lf, i);
	return *last >= from;
}

/* The struct type of a file-scope variable: `static struct T name;`. */
static char *global_type(const struct source_file *f, const char *name, size_t len)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	for (j = 0; j < lf->nr_tokens; j++) {
		long start;
		char *type;

		if (lf->tokens[j].in_directive || !same_ident(lf, j, name, len) ||
		    source_function_at(f, j) || !is_declarator_at(lf, (long)j))
			continue;
		start = declaration_start(lf, (long)j, false);
		if (!plain_declaration(lf, start, (long)j))
			continue;
		type = declared_type(lf, start, (long)j);
		if (type && !strncmp(type, "struct ", 7) && strcmp(type, "struct work_struct") &&
		    strcmp(type, "struct delayed_work"))
			return type;
		free(type);
	}
	return NULL;
}

static bool local_key(struct shape_ctx *c, size_t tok, struct strbuf *key, struct item_shape *s)
{
	const struct lexed_file *lf = &c->f->lex;
	const struct source_function *fn = source_function_at(c->f, c->use);
	const char *name = lf->text + lf->tokens[tok].offset;
	size_t len = lf->tokens[tok].len;
	long j, found = -1, start = 0, first, last;
	bool parameter = false;
	char *type;

	if (!fn)
		return false;
	for (j = (long)fn->params_open + 1; j < (long)c->use; j++) {
		bool in_params = j < (long)fn->params_close;
		long st;

		if (!same_ident(lf, (size_t)j, name, len) || !is_declarator_at(lf, j))
			continue;
		st = declaration_start(lf, j, in_params);
		if (!plain_declaration(lf, st, j))
			continue;
		found = j;
		start = st;
		parameter = in_params;
	}
	if (found < 0)
		return false;
	type = declared_type(lf, start, found);
	if (!type) {
		strbuf_addstr(key, "?");
		return true;
	}
	/* A work_struct pointer says nothing: what was stored in it does. */
	if (!strcmp(type, "struct work_struct") || !strcmp(type, "struct delayed_work")) {
		free(type);
		if (parameter) {
			s->is_parameter = true;
			s->own_parameter = true;
			strbuf_addstr(key, "?");
			return true;
		}
		if (last_value(c, fn, found, &first, &last))
			return parse_item(c, first, last, key, s);
		strbuf_addstr(key, "?");
		return true;
	}
	s->is_parameter = parameter;
	strbuf_addstr(key, type);
	free(type);
	per_cpu_origin(c, fn, name, len, s);
	return true;
}

static bool parse_accessor(struct shape_ctx *c, long name_tok, long open, struct strbuf *key,
			   struct item_shape *s)
{
	const struct lexed_file *lf = &c->f->lex;
	char *name = tok_text(lf, (size_t)name_tok);
	size_t first[3], last[3], n;
	bool two, ok = false;

	n = call_arguments(lf, (size_t)open, first, last, 3);
	if (is_cpu_instance_accessor(name, &two) && n == (two ? 2u : 1u) && first[0] <= last[0]) {
		long a = (long)first[0];
		bool value = !strcmp(name, "per_cpu") || !strcmp(name, "__get_cpu_var") ||
			     !strcmp(name, "get_cpu_var");

		if (tok_is_punct(lf, a, "&") || value) {
			if (tok_is_punct(lf, a, "&"))
				a = token_next_code(lf, a);
			if (a >= 0 && a == (long)last[0] && lf->tokens[a].kind == TOK_IDENT) {
				char *type = percpu_type(c->f, lf->text + lf->tokens[a].offset,
							 lf->tokens[a].len);

				global_key(c->f, lf->text + lf->tokens[a].offset, lf->tokens[a].len,
					   true, key);
				if (type && c->depth == 1) {
					strbuf_reset(&c->alias);
					strbuf_addstr(&c->alias, type);
				}
				free(type);
				ok = true;
			}
		} else {
			ok = parse_item(c, a, (long)last[0], key, s);
			if (ok)
				strbuf_addstr(key, "[]");
		}
		if (ok) {
			s->per_cpu = true;
			free(s->cpu);
			s->cpu = two ? expression_text(lf, first[1], last[1]) : xstrdup("@current");
		}
	} else if (!strcmp(name, "to_delayed_work") && n == 1) {
		ok = parse_item(c, (long)first[0], (long)last[0], key, s);
	} else if (!strcmp(name, "container_of") && n == 3) {
		char *type = expression_text(lf, first[1], last[1]);

		if (!strncmp(type, "struct", 6)) {
			strbuf_addf(key, "struct %s", type + 6 + (type[6] == ' '));
			ok = true;
		}
		free(type);
	}
	free(name);
	return ok;
}

static bool parse_item(struct shape_ctx *c, long first, long last, struct strbuf *key,
		       struct item_shape *s)
{
	const struct lexed_file *lf = &c->f->lex;
	long i = first, close;

	if (++c->depth > 8 || first < 0 || last < first)
		return false;
	while (i <= last && (tok_is_punct(lf, i, "&") || tok_is_punct(lf, i, "*")))
		i = token_next_code(lf, i);
	if (i < 0 || i > last)
		return false;
	if (tok_is_punct(lf, i, "(")) {
		long inner = token_next_code(lf, i);

		close = token_match_bracket(lf, (size_t)i);
		if (close < 0 || close > last)
			return false;
		/* A cast: `(struct work_struct *)x`. */
		if (tok_is_ident(lf, inner, "struct") || tok_is_punct(lf, token_prev_code(lf, close), "*"))
			return parse_item(c, token_next_code(lf, close), last, key, s);
		if (!parse_item(c, inner, token_prev_code(lf, close), key, s))
			return false;
		i = token_next_code(lf, close);
	} else if (lf->tokens[i].kind == TOK_IDENT) {
		long open = token_next_code(lf, i);

		if (open >= 0 && open <= last && tok_is_punct(lf, open, "(")) {
			if (!parse_accessor(c, i, open, key, s))
				return false;
			close = token_match_bracket(lf, (size_t)open);
			i = close < 0 ? last + 1 : token_next_code(lf, close);
		} else {
			if (!local_key(c, (size_t)i, key, s)) {
				char *type = global_type(c->f, lf->text + lf->tokens[i].offset,
							 lf->tokens[i].len);

				global_key(c->f, lf->text + lf->tokens[i].offset, lf->tokens[i].len,
					   false, key);
				if (type && c->depth == 1) {
					strbuf_reset(&c->alias);
					strbuf_addstr(&c->alias, type);
				}
				free(type);
			}
			i = token_next_code(lf, i);
		}
	} else {
		return false;
	}
	while (i >= 0 && i <= last) {
		if ((tok_is_punct(lf, i, "->") || tok_is_punct(lf, i, ".")) &&
		    token_next_code(lf, i) <= last &&
		    lf->tokens[token_next_code(lf, i)].kind == TOK_IDENT) {
			long m = token_next_code(lf, i);

			strbuf_addf(key, ".%.*s", (int)lf->tokens[m].len, lf->text + lf->tokens[m].offset);
			if (c->alias.len)
				strbuf_addf(&c->alias, ".%.*s", (int)lf->tokens[m].len,
					    lf->text + lf->tokens[m].offset);
			/* A member of a parameter is no longer the parameter. */
			s->is_parameter = false;
			i = token_next_code(lf, m);
		} else if (tok_is_punct(lf, i, "[")) {
			close = token_match_bracket(lf, (size_t)i);
			if (close < 0 || close > last)
				return false;
			strbuf_addstr(key, "[]");
			if (!s->cpu) {
				s->per_cpu = true;
				s->cpu = expression_text(lf, (size_t)i + 1, (size_t)close - 1);
			}
			i = token_next_code(lf, close);
		} else {
			return false;
		}
	}
	return true;
}

void workitem_shape(const struct source_file *f, size_t first, size_t last,
		    struct item_shape *out)
{
	struct shape_ctx c = { .f = f, .use = first };
	struct strbuf key = STRBUF_INIT;

	memset(out, 0, sizeof(*out));
	if (!parse_item(&c, (long)first, (long)last, &key, out) || !key.buf ||
	    key.buf[0] == '?' || !strcmp(key.buf, "struct work_struct") ||
	    !strcmp(key.buf, "struct delayed_work")) {
		bool own = out->own_parameter;

		strbuf_release(&c.alias);
		strbuf_release(&key);
		item_shape_release(out);
		out->own_parameter = own;
		return;
	}
	out->key = strbuf_detach(&key);
	if (c.alias.len && strchr(c.alias.buf, '.'))
		out->alias = strbuf_detach(&c.alias);
	strbuf_release(&c.alias);
}

void workitem_index_add(struct workitem_index *idx, const char *key, const char *function,
			const char *file, unsigned line, unsigned column, const char *how)
{
	struct work_binding *b;

	ALLOC_GROW(idx->bindings, idx->nr, idx->alloc);
	b = &idx->bindings[idx->nr++];
	b->key = xstrdup(key);
	b->function = xstrdup(function);
	b->file = xstrdup(file);
	b->line = line;
	b->column = column;
	b->how = how;
	b->in_function = NULL;
	b->in_function_callers = NULL;
	b->in_function_callees = NULL;
	b->type_local = false;
}

void workitem_index_add_copy(struct workitem_index *idx, const struct work_binding *b)
{
	workitem_index_add(idx, b->key, b->function, b->file, b->line, b->column, b->how);
	if (b->in_function)
		idx->bindings[idx->nr - 1].in_function = xstrdup(b->in_function);
	if (b->in_function_callers)
		idx->bindings[idx->nr - 1].in_function_callers = xstrdup(b->in_function_callers);
	if (b->in_function_callees)
		idx->bindings[idx->nr - 1].in_function_callees = xstrdup(b->in_function_callees);
	idx->bindings[idx->nr - 1].type_local = b->type_local;
}

/* The work function argument: `fn`, `&fn`, `(work_func_t)fn`. */
static char *function_argument(const struct lexed_file *lf, size_t first, size_t last)
{
	long i = (long)first;

	if (first > last)
		return NULL;
	while (i >= 0 && i < (long)last) {
		if (tok_is_punct(lf, i, "&")) {
			i = token_next_code(lf, i);
		} else if (tok_is_punct(lf, i, "(")) {
			long close = token_match_bracket(lf, (size_t)i);

			if (close < 0 || close >= (long)last)
				return NULL;
			i = token_next_code(lf, close);
		} else {
			return NULL;
		}
	}
	if (i != (long)last || lf->tokens[i].kind != TOK_IDENT || tok_is_ident(lf, i, "NULL"))
		return NULL;
	return tok_text(lf, (size_t)i);
}

/* `cond ? f : g` as the work function argument (target_core_transport's
 * INIT_WORK(&cmd->work, success ? target_complete_ok_work :
 * target_complete_failure_work)): the item gets one of two functions, so
 * both are its bindings; NULL unless both branches are plain names. */
static char *chosen_function(const struct lexed_file *lf, size_t first, size_t last,
			     char **second)
{
	long q = -1, c = -1, i;
	int depth = 0;

	*second = NULL;
	for (i = (long)first; i >= 0 && i <= (long)last; i = token_next_code(lf, i)) {
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			depth++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth--;
		else if (!depth && tok_is_punct(lf, i, "?") && q < 0)
			q = i;
		else if (!depth && tok_is_punct(lf, i, ":") && q >= 0 && c < 0)
			c = i;
	}
	if (q < 0 || c < 0 || token_next_code(lf, q) != token_prev_code(lf, c) ||
	    token_next_code(lf, c) != (long)last)
		return NULL;
	*second = function_argument(lf, (size_t)token_next_code(lf, c), last);
	if (!*second)
		return NULL;
	return function_argument(lf, (size_t)token_next_code(lf, q),
				 (size_t)token_prev_code(lf, c));
}

static const char *binding_macro(const struct lexed_file *lf, size_t i)
{
	const struct token *t = &lf->tokens[i];
	const char *const *m;

	/* Asked of every identifier of the files read: most are shorter
	 * than the shortest name (INIT_WORK) or start with no name's letter. */
	if (t->len < 9 || !strchr("IPD_d", lf->text[t->offset]))
		return NULL;
	for (m = workitem_binding_macros; *m; m++)
		if (tok_is_ident(lf, (long)i, *m))
			return *m;
	return NULL;
}

/* The binding of item [first, last] to fn made by the macro at token i. */
static void add_item_binding(struct workitem_index *idx, const struct source_file *f, size_t i,
			     size_t first, size_t last, const char *fn, const char *how)
{
	const struct lexed_file *lf = &f->lex;
	struct item_shape shape;

	workitem_shape(f, first, last, &shape);
	if (shape.key && !shape.is_parameter)
		workitem_index_add(idx, shape.key, fn, f->path, lf->tokens[i].line,
				   lf->tokens[i].column, how);
	if (shape.alias && !shape.is_parameter)
		workitem_index_add(idx, shape.alias, fn, f->path, lf->tokens[i].line,
				   lf->tokens[i].column, how);
	item_shape_release(&shape);
}

static void add_macro_binding(struct workitem_index *idx, const struct source_file *f,
			      size_t i, const char *how)
{
	const struct lexed_file *lf = &f->lex;
	long open = token_next_code(lf, (long)i);
	size_t first[4], last[4], n, item = strncmp(how, "devm_", 5) ? 0 : 1;
	char *fn;

	if (!tok_is_punct(lf, open, "("))
		return;
	n = call_arguments(lf, (size_t)open, first, last, 4);
	if (n < item + 2 || first[item] > last[item])
		return;
	if (item) {
		first[0] = first[item];
		last[0] = last[item];
		first[1] = first[item + 1];
		last[1] = last[item + 1];
	}
	fn = function_argument(lf, first[1], last[1]);
	if (!fn && strncmp(how, "DECLARE_", 8)) {
		char *other = NULL;

		fn = chosen_function(lf, first[1], last[1], &other);
		if (!fn) {
			free(other);
			return;
		}
		add_item_binding(idx, f, i, first[0], last[0], other, how);
		free(other);
	}
	if (!fn)
		return;
	if (!strncmp(how, "DECLARE_", 8)) {
		struct strbuf key = STRBUF_INIT;
		long p;

		if (first[0] != last[0] || lf->tokens[first[0]].kind != TOK_IDENT) {
			free(fn);
			return;
		}
		p = token_prev_code(lf, (long)i);
		if (tok_is_ident(lf, p, "static"))
			strbuf_addf(&key, "file %s ", f->path);
		strbuf_addf(&key, "var %.*s", (int)lf->tokens[first[0]].len,
			    lf->text + lf->tokens[first[0]].offset);
		workitem_index_add(idx, key.buf, fn, f->path, lf->tokens[i].line,
				   lf->tokens[i].column, how);
		strbuf_release(&key);
	} else {
		add_item_binding(idx, f, i, first[0], last[0], fn, how);
	}
	free(fn);
}

/* `x->work.func = fn;`, on any member or variable: whether it is a work
 * item is known only once the tree is read (WQ013 counts it when an INIT_*
 * or a queueing of the same key exists): a driver may name its item
 * anything, and other structs have a .func of their own. */
static void add_func_assignment(struct workitem_index *idx, const struct source_file *f, size_t i)
{
	const struct lexed_file *lf = &f->lex;
	long dot = token_prev_code(lf, (long)i), eq = token_next_code(lf, (long)i);
	long fn_tok = token_next_code(lf, eq), semi = token_next_code(lf, fn_tok), start;
	struct item_shape shape;

	if (!(tok_is_punct(lf, dot, ".") || tok_is_punct(lf, dot, "->")) ||
	    !tok_is_punct(lf, eq, "=") || fn_tok < 0 || lf->tokens[fn_tok].kind != TOK_IDENT ||
	    !tok_is_punct(lf, semi, ";") || tok_is_ident(lf, fn_tok, "NULL"))
		return;
	start = declaration_start(lf, dot, false);
	if (start < 0 || start >= dot)
		return;
	workitem_shape(f, (size_t)start, (size_t)token_prev_code(lf, dot), &shape);
	if (shape.key && !shape.is_parameter) {
		char *fn = tok_text(lf, (size_t)fn_tok);

		workitem_index_add(idx, shape.key, fn, f->path, lf->tokens[i].line,
				   lf->tokens[i].column, ".func =");
		free(fn);
	}
	item_shape_release(&shape);
}

/* The functions of f whose bodies call fn (a macro's does not count, as
 * the model's call following does not), each name followed by '\n'. */
static char *callers_in_file(const struct source_file *f, const struct source_function *fn)
{
	const struct lexed_file *lf = &f->lex;
	struct strbuf names = STRBUF_INIT;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct source_function *caller;

		if (i == fn->name_tok || lf->tokens[i].kind != TOK_IDENT ||
		    !tok_is_ident(lf, (long)i, fn->name) ||
		    !tok_is_punct(lf, token_next_code(lf, (long)i), "("))
			continue;
		caller = source_function_at(f, i);
		if (caller && !caller->is_macro && i > caller->body_open &&
		    i < caller->body_close)
			strbuf_addf(&names, "%s\n", caller->name);
	}
	return names.len ? strbuf_detach(&names) : NULL;
}

/* The names fn's body calls, each followed by '\n'. */
static char *callees_of(const struct source_file *f, const struct source_function *fn)
{
	const struct lexed_file *lf = &f->lex;
	struct strbuf names = STRBUF_INIT;
	size_t j;

	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++)
		if (lf->tokens[j].kind == TOK_IDENT &&
		    tok_is_punct(lf, token_next_code(lf, (long)j), "("))
			strbuf_addf(&names, "%.*s\n", (int)lf->tokens[j].len,
				    lf->text + lf->tokens[j].offset);
	return names.len ? strbuf_detach(&names) : NULL;
}

/* What the bindings of one function share. */
struct binding_place {
	const struct source_function *fn;
	char *callers, *callees;
};

/* The place of the bindings from first on, all at token i; *last keeps
 * the last function's for the bindings after it. */
static void note_place(struct workitem_index *idx, size_t first, const struct source_file *f,
		       size_t i, struct binding_place *last)
{
	const struct source_function *fn = source_function_at(f, i);

	if (fn && fn != last->fn) {
		last->fn = fn;
		free(last->callers);
		free(last->callees);
		last->callers = callers_in_file(f, fn);
		last->callees = callees_of(f, fn);
	}
	for (; first < idx->nr; first++) {
		struct work_binding *b = &idx->bindings[first];

		b->in_function = fn ? xstrdup(fn->name) : NULL;
		b->in_function_callers = fn && last->callers ? xstrdup(last->callers) : NULL;
		b->in_function_callees = fn && last->callees ? xstrdup(last->callees) : NULL;
	}
}

void workitem_index_add_file(struct workitem_index *idx, const struct source_file *f)
{
	const struct lexed_file *lf = &f->lex;
	struct binding_place last = { NULL, NULL, NULL };
	size_t i, first = idx->nr;
	char *locals;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		size_t before = idx->nr;
		const char *how;

		if (t->kind != TOK_IDENT || t->in_directive || f->dead[i])
			continue;
		how = binding_macro(lf, i);
		if (how)
			add_macro_binding(idx, f, i, how);
		else if (tok_is_ident(lf, (long)i, "func"))
			add_func_assignment(idx, f, i);
		if (idx->nr > before)
			note_place(idx, before, f, i, &last);
	}
	free(last.callers);
	free(last.callees);
	/* The file's own structs, read once the file binds an item. */
	if (idx->nr == first || !(locals = local_struct_names(f)))
		return;
	for (i = first; i < idx->nr; i++)
		idx->bindings[i].type_local = local_struct_key(locals, idx->bindings[i].key);
	free(locals);
}

static int binding_compare(const void *a, const void *b)
{
	const struct work_binding *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (!c)
		c = strcmp(x->file, y->file);
	if (!c)
		c = (x->line > y->line) - (x->line < y->line);
	return c;
}

/* `x->dw.work.func = f` and INIT_DELAYED_WORK(&x->dw, g) bind one item:
 * a key ending in .work goes to the key without it when that one is bound
 * as a delayed item (not a struct whose member is named work), as
 * merge_delayed_keys() does for queueings. */
static bool binds_delayed_item(const char *how)
{
	return strstr(how, "DELAYED") || strstr(how, "DEFERR") || strstr(how, "delayed");
}

bool workitem_index_binds_delayed(const struct workitem_index *idx, const char *key)
{
	struct binding_list *l = strmap_get(&idx->by_key, key);
	size_t i;

	for (i = 0; l && i < l->nr; i++)
		if (binds_delayed_item(l->items[i]->how))
			return true;
	return false;
}

void workitem_key_to_delayed(char *key, bool (*delayed)(const void *ctx, const char *key),
			     const void *ctx)
{
	size_t len = strlen(key);

	if (!ends_with(key, ".work"))
		return;
	key[len - 5] = '\0';
	if (!strcmp(key, "struct work_struct") || !delayed(ctx, key))
		key[len - 5] = '.';
}

static bool in_delayed_keys(const void *keys, const char *key)
{
	return strmap_get(keys, key) != NULL;
}

static void merge_delayed_bindings(struct workitem_index *idx)
{
	struct strmap keys = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < idx->nr; i++)
		if (binds_delayed_item(idx->bindings[i].how))
			strmap_put(&keys, idx->bindings[i].key, idx);
	for (i = 0; i < idx->nr; i++)
		workitem_key_to_delayed(idx->bindings[i].key, in_delayed_keys, &keys);
	strmap_release(&keys, NULL);
}

void workitem_index_finish(struct workitem_index *idx)
{
	size_t i;

	merge_delayed_bindings(idx);
	if (idx->nr)
		qsort(idx->bindings, idx->nr, sizeof(*idx->bindings), binding_compare);
	for (i = 0; i < idx->nr; i++) {
		struct binding_list *l = strmap_get(&idx->by_key, idx->bindings[i].key);

		if (!l) {
			l = xcalloc(1, sizeof(*l));
			strmap_put(&idx->by_key, idx->bindings[i].key, l);
		}
		ALLOC_GROW(l->items, l->nr, l->alloc);
		l->items[l->nr++] = &idx->bindings[i];
	}
}

struct work_binding *const *workitem_index_lookup(const struct workitem_index *idx,
						  const char *key, size_t *nr)
{
	struct binding_list *l = strmap_get(&idx->by_key, key);

	if (!l && ends_with(key, ".work")) {
		char *shorter = xstrndup(key, strlen(key) - 5);

		l = strmap_get(&idx->by_key, shorter);
		free(shorter);
	}
	*nr = l ? l->nr : 0;
	return l ? l->items : NULL;
}

static void free_binding_list(void *p)
{
	struct binding_list *l = p;

	free(l->items);
	free(l);
}

void workitem_index_release(struct workitem_index *idx)
{
	size_t i;

	for (i = 0; i < idx->nr; i++) {
		free(idx->bindings[i].key);
		free(idx->bindings[i].function);
		free(idx->bindings[i].file);
		free(idx->bindings[i].in_function);
		free(idx->bindings[i].in_function_callers);
		free(idx->bindings[i].in_function_callees);
	}
	free(idx->bindings);
	strmap_release(&idx->by_key, free_binding_list);
	memset(idx, 0, sizeof(*idx));
}
