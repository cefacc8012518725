#include "analysis/model/workitem-context.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

bool code_place_of(const struct workitem_model *m, const struct work_binding *b,
		   struct code_place *out)
{
	return code_place_at(m, b->file, b->line, b->column, out);
}

bool code_place_at(const struct workitem_model *m, const char *file, unsigned line,
		   unsigned column, struct code_place *out)
{
	long tok;

	memset(out, 0, sizeof(*out));
	out->f = source_get(&m->a->sc, file);
	if (!out->f)
		return false;
	tok = token_at_position(&out->f->lex, line, column);
	if (tok < 0)
		return false;
	out->tok = (size_t)tok;
	out->fn = source_function_at(out->f, out->tok);
	if (out->fn) {
		out->first_line = out->f->lex.tokens[out->fn->body_open].line;
		out->last_line = out->f->lex.tokens[out->fn->body_close].line;
	}
	return true;
}

const struct work_binding *own_work_function(const struct workitem_model *m,
					     const char *key, const struct code_place *p)
{
	struct work_binding *const *b;
	size_t nr = 0, i;

	if (!p->fn)
		return NULL;
	b = workitem_index_lookup(&m->a->idx, key, &nr);
	for (i = 0; i < nr; i++)
		if (!strcmp(b[i]->function, p->fn->name) &&
		    (!p->fn->is_static || !strcmp(b[i]->file, p->f->path)))
			return b[i];
	return NULL;
}

/* Does fn's body call name? */
static bool body_calls(const struct source_file *f, const struct source_function *fn,
		       const char *name)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	if (fn->is_macro)
		return false;
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++)
		if (lf->tokens[j].kind == TOK_IDENT && tok_is_ident(lf, (long)j, name) &&
		    tok_is_punct(lf, token_next_code(lf, (long)j), "("))
			return true;
	return false;
}

static bool reaches(const struct source_file *f, const struct source_function *from,
		    const char *name, int depth)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	if (body_calls(f, from, name))
		return true;
	if (depth <= 1 || from->is_macro)
		return false;
	for (j = from->body_open; j < from->body_close && j < lf->nr_tokens; j++) {
		const struct source_function *callee;
		char *callee_name;

		if (lf->tokens[j].kind != TOK_IDENT ||
		    !tok_is_punct(lf, token_next_code(lf, (long)j), "("))
			continue;
		callee_name = tok_text(lf, j);
		callee = strcmp(callee_name, from->name) ?
				 source_find_function(f, callee_name) : NULL;
		free(callee_name);
		if (callee && reaches(f, callee, name, depth - 1))
			return true;
	}
	return false;
}

const char *work_function_reaching(const struct workitem_model *m, const char *key,
				   const struct code_place *p)
{
	struct work_binding *const *b;
	size_t nr = 0, i;

	if (!p->fn)
		return NULL;
	b = workitem_index_lookup(&m->a->idx, key, &nr);
	for (i = 0; i < nr; i++) {
		const struct source_function *w;

		if (!strcmp(b[i]->function, p->fn->name))
			continue;
		w = source_find_function(p->f, b[i]->function);
		if (w && reaches(p->f, w, p->fn->name, 1))
			return b[i]->function;
	}
	return NULL;
}

/* The line of the first call of name in p's function before or after line,
 * or 0. */
static unsigned call_line(const struct code_place *p, const char *name, unsigned line,
			  bool before)
{
	const struct lexed_file *lf = &p->f->lex;
	unsigned found = 0;
	size_t j;

	for (j = p->fn->body_open; j < p->fn->body_close && j < lf->nr_tokens; j++) {
		unsigned l = lf->tokens[j].line;

		if (lf->tokens[j].kind != TOK_IDENT || !tok_is_ident(lf, (long)j, name) ||
		    !tok_is_punct(lf, token_next_code(lf, (long)j), "(") ||
		    (before ? l >= line : l <= line))
			continue;
		if (!before)
			return l;
		if (!found)
			found = l;
	}
	return found;
}

const struct queueing *queued_in_same_function(const struct work_item *it,
					       const struct code_place *p,
					       unsigned line, bool before,
					       unsigned *at_line)
{
	size_t i;

	if (!it || !p->fn || p->fn->is_macro)
		return NULL;
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];

		if (strcmp(q->file, p->f->path) || !q->caller ||
		    strcmp(q->caller, p->fn->name) ||
		    q->line < p->first_line || q->line > p->last_line)
			continue;
		if (before ? q->line < line : q->line > line) {
			*at_line = q->line;
			return q;
		}
	}
	/* Through a function of the same file that queues it. */
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];
		unsigned l;

		if (strcmp(q->file, p->f->path) || !q->caller ||
		    !strcmp(q->caller, p->fn->name))
			continue;
		l = call_line(p, q->caller, line, before);
		if (l) {
			*at_line = l;
			return q;
		}
	}
	return NULL;
}

/* Whether a control keyword at index j, at the depth scanning started
 * from, begins or ends one of the paths from there. An `else` of an if
 * seen since (if_seen) belongs to that complete if-statement, and a jump
 * that is the body of a braceless if/else/loop (prev is that condition's
 * closing parenthesis, cond_close, or `else`) ends only the path that
 * takes it: neither splits the way to what follows. */
static bool splits_path(const struct lexed_file *lf, size_t j, bool if_seen, long cond_close)
{
	static const char *const jumps[] = {
		"return", "goto", "break", "continue", NULL
	};
	const char *const *n;
	long prev;

	if (tok_is_ident(lf, (long)j, "case") || tok_is_ident(lf, (long)j, "default"))
		return true;
	if (tok_is_ident(lf, (long)j, "else"))
		return !if_seen;
	for (n = jumps; *n; n++)
		if (tok_is_ident(lf, (long)j, *n))
			break;
	if (!*n)
		return false;
	prev = token_prev_code(lf, (long)j);
	return !(prev >= 0 && (prev == cond_close || tok_is_ident(lf, prev, "else")));
}

/* Whether every path to token to passes token from: nothing between them
 * closes from's block or starts another branch (case, default, the else of
 * an if around from) or ends from's path (a jump not under a condition). */
static bool dominates(const struct lexed_file *lf, size_t from, size_t to)
{
	long cond_close = -1;
	bool if_seen = false;
	int depth = 0;
	size_t j;

	for (j = from; j < to && j < lf->nr_tokens; j++) {
		if (tok_is_punct(lf, (long)j, "{")) {
			depth++;
		} else if (tok_is_punct(lf, (long)j, "}")) {
			if (--depth < 0)
				return false;
		} else if (depth || lf->tokens[j].kind != TOK_IDENT) {
			continue;
		} else if (tok_is_ident(lf, (long)j, "if") || tok_is_ident(lf, (long)j, "while") ||
			   tok_is_ident(lf, (long)j, "for")) {
			long open = token_next_code(lf, (long)j);

			if_seen |= tok_is_ident(lf, (long)j, "if");
			if (tok_is_punct(lf, open, "("))
				cond_close = token_match_bracket(lf, (size_t)open);
		} else if (splits_path(lf, j, if_seen, cond_close)) {
			return false;
		}
	}
	return true;
}

static bool tok_is_any(const struct lexed_file *lf, size_t i, const char *const *names)
{
	for (; *names; names++)
		if (tok_is_ident(lf, (long)i, *names))
			return true;
	return false;
}

/* The first argument [*first, *last] of the call named at token i. */
static bool first_argument(const struct lexed_file *lf, size_t i, size_t *first, size_t *last)
{
	long open = token_next_code(lf, (long)i);

	return tok_is_punct(lf, open, "(") &&
	       call_arguments(lf, (size_t)open, first, last, 1) >= 1 && *first <= *last;
}

static const char *const idle_calls[] = {
	"cancel_work_sync", "cancel_delayed_work_sync", "flush_work",
	"flush_delayed_work", "disable_work_sync", "disable_delayed_work_sync",
	NULL
};

bool made_idle_before(const struct workitem_model *m, const char *key,
		      const struct code_place *p, unsigned line,
		      const char *item_text)
{
	const struct lexed_file *lf = &p->f->lex;
	struct work_binding *const *b;
	size_t nr = 0, i;

	if (!p->fn)
		return false;
	b = workitem_index_lookup(&m->a->idx, key, &nr);
	for (i = 0; i < nr; i++) {
		struct code_place init;

		if (strcmp(b[i]->file, p->f->path) || b[i]->line < p->first_line ||
		    b[i]->line >= line || (strncmp(b[i]->how, "INIT_", 5) &&
					   strncmp(b[i]->how, "__INIT_", 7)))
			continue;
		if (code_place_of(m, b[i], &init) && init.fn == p->fn &&
		    dominates(lf, init.tok, p->tok))
			return true;
	}
	if (!item_text)
		return false;
	for (i = p->fn->body_open; i < p->tok && i < lf->nr_tokens; i++) {
		size_t first, last;
		char *text;
		bool same;

		if (lf->tokens[i].kind != TOK_IDENT || !tok_is_any(lf, i, idle_calls) ||
		    !first_argument(lf, i, &first, &last))
			continue;
		text = expression_text(lf, first, last);
		same = !strcmp(text, item_text);
		free(text);
		if (same && dominates(lf, i, p->tok))
			return true;
	}
	return false;
}

static const char *const disable_calls[] = {
	"disable_work", "disable_delayed_work", "disable_work_sync",
	"disable_delayed_work_sync", NULL
};

unsigned disabled_in_file(const struct code_place *p, const char *key)
{
	const struct lexed_file *lf = &p->f->lex;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		size_t first, last;
		struct item_shape shape;
		bool same;

		if (lf->tokens[i].kind != TOK_IDENT || p->f->dead[i] ||
		    !tok_is_any(lf, i, disable_calls) || !first_argument(lf, i, &first, &last))
			continue;
		workitem_shape(p->f, first, last, &shape);
		same = shape.key && !strcmp(shape.key, key);
		item_shape_release(&shape);
		if (same)
			return lf->tokens[i].line;
	}
	return 0;
}

static bool name_has(const char *name, const char *const *words)
{
	for (; *words; words++)
		if (strstr(name, *words))
			return true;
	return false;
}

bool name_says_setup(const char *name)
{
	static const char *const words[] = {
		"probe", "init", "setup", "attach", "alloc", "create", "register",
		"open", "start", "bind", "_new", "_add", "connect", "enable", "load",
		NULL
	};

	return name_has(name, words);
}

bool name_says_teardown(const char *name)
{
	static const char *const words[] = {
		"free", "release", "destroy", "end_io", "rcu", "put", "remove",
		"cleanup", "exit", NULL
	};

	return name_has(name, words);
}

bool name_says_handler(const char *name)
{
	static const char *const words[] = {
		"irq", "isr", "interrupt", "_complete", "_done", "callback", "_cb",
		"handler", "timer", "_event", "notify", NULL
	};

	return name_has(name, words);
}

char *binding_item_text(const struct code_place *p)
{
	const struct lexed_file *lf = &p->f->lex;
	long open = token_next_code(lf, (long)p->tok);
	size_t first[3], last[3];

	if (!tok_is_punct(lf, open, "(") ||
	    call_arguments(lf, (size_t)open, first, last, 3) < 1 || first[0] > last[0])
		return NULL;
	return expression_text(lf, first[0], last[0]);
}

char *item_base_name(const char *text)
{
	size_t n;

	while (*text == '&' || *text == '(' || *text == '*')
		text++;
	n = strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
	return n ? xstrndup(text, n) : NULL;
}

/* The statement from token i (an assignment `name = ...`) to its ';' holds
 * an allocator's call: *alloc*, *_new*, *create*, or a `*_get_*()` that
 * takes one from a pool (erdma_get_work(), qlt_get_tag()), but not the
 * driver-data getters (dev_get_drvdata(), i2c_get_clientdata()), which
 * return an object that already exists and whose item may be live. */
static bool assigns_allocation(const struct lexed_file *lf, size_t i, size_t end)
{
	for (; i < end && i < lf->nr_tokens && !tok_is_punct(lf, (long)i, ";"); i++) {
		const struct token *t = &lf->tokens[i];
		char *name;
		bool alloc;

		if (t->kind != TOK_IDENT ||
		    !tok_is_punct(lf, token_next_code(lf, (long)i), "("))
			continue;
		name = tok_text(lf, i);
		alloc = strstr(name, "alloc") || strstr(name, "kmemdup") ||
			strstr(name, "_new") || strstr(name, "kzalloc") ||
			strstr(name, "create") ||
			(strstr(name, "_get_") && !ends_with(name, "data"));
		free(name);
		if (alloc)
			return true;
	}
	return false;
}

enum item_base item_base_in(const struct code_place *p, const char *item_text)
{
	const struct lexed_file *lf = &p->f->lex;
	enum item_base base = ITEM_BASE_GLOBAL;
	char *name = item_text ? item_base_name(item_text) : NULL;
	size_t j;

	if (!name || !p->fn || p->fn->is_macro) {
		free(name);
		return name ? ITEM_BASE_GLOBAL : ITEM_BASE_UNKNOWN;
	}
	for (j = p->fn->params_open; j < p->fn->params_close; j++)
		if (tok_is_ident(lf, (long)j, name))
			base = ITEM_BASE_PARAMETER;
	for (j = p->fn->body_open; j < p->tok && j < lf->nr_tokens; j++) {
		if (!tok_is_ident(lf, (long)j, name))
			continue;
		if (base == ITEM_BASE_GLOBAL && tok_is_punct(lf, (long)j + 1, ";"))
			base = ITEM_BASE_LOCAL;
		if (tok_is_punct(lf, token_next_code(lf, (long)j), "=")) {
			if (base != ITEM_BASE_PARAMETER)
				base = ITEM_BASE_LOCAL;
			if (assigns_allocation(lf, j + 2, p->tok)) {
				base = ITEM_BASE_ALLOCATED;
				break;
			}
		}
	}
	free(name);
	return base;
}

bool queueing_dominates(const struct code_place *p, const struct queueing *q,
			unsigned at_line)
{
	const struct lexed_file *lf = &p->f->lex;
	long tok = -1;
	size_t j;

	if (!p->fn || strcmp(q->file, p->f->path))
		return true;
	if (q->caller && !strcmp(q->caller, p->fn->name)) {
		tok = token_at_position(lf, q->line, q->column);
	} else if (q->caller) {
		/* through a call of the function that queues it, on at_line */
		for (j = p->fn->body_open; j < p->tok && j < lf->nr_tokens; j++)
			if (lf->tokens[j].line == at_line &&
			    tok_is_ident(lf, (long)j, q->caller)) {
				tok = (long)j;
				break;
			}
	}
	return tok < 0 || dominates(lf, (size_t)tok, p->tok);
}

char *binding_identity(const struct work_binding *b)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s\t%s\t%s", b->key, b->function, b->how ? b->how : "");
	return strbuf_detach(&sb);
}
