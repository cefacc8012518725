#include "analysis/model/item-origin.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The member name a list expression ends with: `&p->work_free_list` ->
 * work_free_list; NULL when it ends otherwise. */
static char *list_member(const struct lexed_file *lf, size_t first, size_t last)
{
	if (last < first || lf->tokens[last].kind != TOK_IDENT)
		return NULL;
	return tok_text(lf, last);
}

/* The list fn takes an object off: the first argument of a
 * list_first_entry*() or the list of a list_entry(x->next, ...) in its
 * body; NULL when it takes none. */
static char *list_taken_from(const struct lexed_file *lf, const struct source_function *fn)
{
	size_t j;

	if (fn->is_macro)
		return NULL;
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
		long open = token_next_code(lf, (long)j);
		size_t first[3], last[3];

		if (lf->tokens[j].kind != TOK_IDENT || !tok_is_punct(lf, open, "(") ||
		    !(tok_is_ident(lf, (long)j, "list_first_entry") ||
		      tok_is_ident(lf, (long)j, "list_first_entry_or_null")))
			continue;
		if (call_arguments(lf, (size_t)open, first, last, 3) >= 1)
			return list_member(lf, first[0], last[0]);
	}
	return NULL;
}

/* Whether fn's body adds something to a list ending in member list. */
static bool puts_on_list(const struct lexed_file *lf, const struct source_function *fn,
			 const char *list)
{
	size_t j;

	if (fn->is_macro)
		return false;
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
		long open = token_next_code(lf, (long)j);
		size_t first[3], last[3];
		char *name;
		bool same;

		if (lf->tokens[j].kind != TOK_IDENT || !tok_is_punct(lf, open, "(") ||
		    !(tok_is_ident(lf, (long)j, "list_add") ||
		      tok_is_ident(lf, (long)j, "list_add_tail") ||
		      tok_is_ident(lf, (long)j, "list_move") ||
		      tok_is_ident(lf, (long)j, "list_move_tail")))
			continue;
		if (call_arguments(lf, (size_t)open, first, last, 3) < 2)
			continue;
		name = list_member(lf, first[1], last[1]);
		same = name && !strcmp(name, list);
		free(name);
		if (same)
			return true;
	}
	return false;
}

/* The line of a call of name in fn, or 0; *arg: the token of its first
 * argument when that is one name, else -1. */
static unsigned calls_at(const struct lexed_file *lf, const struct source_function *fn,
			 const char *name, long *arg)
{
	size_t j;

	*arg = -1;
	if (fn->is_macro)
		return 0;
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
		long open = token_next_code(lf, (long)j);
		size_t first[2], last[2];

		if (!tok_is_ident(lf, (long)j, name) || !tok_is_punct(lf, open, "("))
			continue;
		if (call_arguments(lf, (size_t)open, first, last, 2) >= 1 &&
		    first[0] == last[0] && lf->tokens[first[0]].kind == TOK_IDENT)
			*arg = (long)first[0];
		return lf->tokens[j].line;
	}
	return 0;
}

/* Whether fn assigns name an entry taken off a list (list_first_entry(),
 * list_entry()): the objects it puts back are others than its own. */
static bool assigned_list_entry(const struct lexed_file *lf, const struct source_function *fn,
				long name_tok)
{
	char *name = tok_text(lf, (size_t)name_tok);
	bool yes = false;
	size_t j;

	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens && !yes; j++) {
		long eq = token_next_code(lf, (long)j), call = token_next_code(lf, eq);

		yes = tok_is_ident(lf, (long)j, name) && tok_is_punct(lf, eq, "=") &&
		      (tok_is_ident(lf, call, "list_first_entry") ||
		       tok_is_ident(lf, call, "list_entry") ||
		       tok_is_ident(lf, call, "list_first_entry_or_null"));
	}
	free(name);
	return yes;
}

/* The function whose call is assigned to base before p (`base =
 * getter(...)`) and its line; NULL when none. */
static char *assigned_from_call(const struct code_place *p, const char *base,
				unsigned *line)
{
	const struct lexed_file *lf = &p->f->lex;
	char *found = NULL;
	size_t j;

	for (j = p->fn->body_open; j < p->tok && j < lf->nr_tokens; j++) {
		long eq, call, open;

		if (!tok_is_ident(lf, (long)j, base))
			continue;
		eq = token_next_code(lf, (long)j);
		call = token_next_code(lf, eq);
		open = token_next_code(lf, call);
		if (!tok_is_punct(lf, eq, "=") || call < 0 ||
		    lf->tokens[call].kind != TOK_IDENT || !tok_is_punct(lf, open, "("))
			continue;
		free(found);
		found = tok_text(lf, (size_t)call);
		*line = lf->tokens[call].line;
	}
	return found;
}

bool item_from_pool(const struct workitem_model *m, const char *key,
		    const struct code_place *p, const char *item_text,
		    struct pool_origin *out)
{
	const struct lexed_file *lf = &p->f->lex;
	const struct source_function *getter, *put = NULL;
	struct work_binding *const *b;
	char *base, *list = NULL;
	size_t nr = 0, i, k;

	memset(out, 0, sizeof(*out));
	if (!p->fn || p->fn->is_macro || !item_text || !(base = item_base_name(item_text)))
		return false;
	out->getter = assigned_from_call(p, base, &out->get_line);
	free(base);
	if (!out->getter)
		return false;
	getter = source_find_function(p->f, out->getter);
	if (getter)
		list = list_taken_from(lf, getter);
	if (!list)
		goto no;
	/* Who puts objects back on that list, and does a work function of
	 * the item do it, itself or by a call? */
	b = workitem_index_lookup(&m->a->idx, key, &nr);
	for (i = 0; i < nr; i++) {
		const struct source_function *w;

		if (strcmp(b[i]->file, p->f->path) ||
		    !(w = source_find_function(p->f, b[i]->function)))
			continue;
		if (puts_on_list(lf, w, list)) {
			put = w;
			out->put_line = lf->tokens[w->body_open].line;
		}
		for (k = 0; !put && k < p->f->nr_funcs; k++) {
			const struct source_function *g = &p->f->funcs[k];
			unsigned at;
			long arg;

			if (g == w || !puts_on_list(lf, g, list) ||
			    !(at = calls_at(lf, w, g->name, &arg)))
				continue;
			put = g;
			out->put_line = at;
			out->own_put = arg >= 0 && !assigned_list_entry(lf, w, arg);
		}
		if (put) {
			out->work_fn = b[i]->function;
			break;
		}
	}
	if (!put)
		goto no;
	out->list = list;
	out->putter = xstrdup(put->name);
	return true;
no:
	free(list);
	pool_origin_release(out);
	return false;
}

void pool_origin_release(struct pool_origin *o)
{
	free(o->getter);
	free(o->list);
	free(o->putter);
	memset(o, 0, sizeof(*o));
}

/* The position of parameter name among fn's, or -1. */
static int parameter_position(const struct lexed_file *lf, const struct source_function *fn,
			      const char *name)
{
	int pos = 0, depth = 0;
	size_t j;

	for (j = fn->params_open + 1; j < fn->params_close && j < lf->nr_tokens; j++) {
		if (tok_is_punct(lf, (long)j, "(") || tok_is_punct(lf, (long)j, "["))
			depth++;
		else if (tok_is_punct(lf, (long)j, ")") || tok_is_punct(lf, (long)j, "]"))
			depth--;
		else if (!depth && tok_is_punct(lf, (long)j, ","))
			pos++;
		else if (tok_is_ident(lf, (long)j, name))
			return pos;
	}
	return -1;
}

/* Whether name's first token in f is outside every function: a variable
 * of file scope. */
static bool file_scope_name(const struct source_file *f, const char *name)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	for (j = 0; j < lf->nr_tokens; j++)
		if (lf->tokens[j].kind == TOK_IDENT && !lf->tokens[j].in_directive &&
		    tok_is_ident(lf, (long)j, name))
			return !source_function_at(f, j);
	return false;
}

/* Whether a wait for queued work (flush_*(), wait_*(), cancel_*()) sits
 * among tokens (first, last). */
static bool waits_between(const struct lexed_file *lf, long first, long last)
{
	long j;

	for (j = first + 1; j < last; j++) {
		const struct token *t = &lf->tokens[j];

		if (t->kind == TOK_IDENT && ((t->len > 6 && !memcmp(lf->text + t->offset, "flush_", 6)) ||
		    (t->len > 5 && !memcmp(lf->text + t->offset, "wait_", 5)) ||
		    (t->len > 7 && !memcmp(lf->text + t->offset, "cancel_", 7))))
			return true;
	}
	return false;
}

/* Whether token tok of fn sits in the braced body of a for, while or do
 * loop of fn (the innermost) that waits for nothing: each turn may queue
 * what a later one re-initialises. */
static bool in_loop_without_wait(const struct lexed_file *lf, const struct source_function *fn,
				 size_t tok)
{
	long j;

	for (j = (long)tok - 1; j > (long)fn->body_open; j--) {
		long start, end;

		if (tok_is_ident(lf, j, "do")) {
			start = token_next_code(lf, j);
		} else if (tok_is_ident(lf, j, "for") || tok_is_ident(lf, j, "while")) {
			long open = token_next_code(lf, j), close;

			if (!tok_is_punct(lf, open, "(") ||
			    (close = token_match_bracket(lf, (size_t)open)) < 0)
				continue;
			start = token_next_code(lf, close);
		} else {
			continue;
		}
		if (!tok_is_punct(lf, start, "{") ||
		    (end = token_match_bracket(lf, (size_t)start)) < 0 ||
		    (long)tok <= start || (long)tok >= end)
			continue;
		return !waits_between(lf, start, end);
	}
	return false;
}

/* A call in f of function name (not in self, not at token skip: its own
 * definition) that passes, for parameter pos, the address of a variable
 * of f's file scope; with loop, only one from inside a loop that waits
 * for nothing. Fills out. */
static bool static_call_in(const struct source_file *f, const char *name,
			   const struct source_function *self, size_t skip, int pos, bool loop,
			   struct static_caller *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t j;

	for (j = 0; j < lf->nr_tokens; j++) {
		long open, amp, var;
		size_t first[8], last[8];
		const struct source_function *caller;

		if (lf->tokens[j].kind != TOK_IDENT || j == skip || !tok_is_ident(lf, (long)j, name))
			continue;
		open = token_next_code(lf, (long)j);
		caller = source_function_at(f, j);
		if (!tok_is_punct(lf, open, "(") || !caller || caller == self ||
		    call_arguments(lf, (size_t)open, first, last, 8) <= (size_t)pos)
			continue;
		amp = (long)first[pos];
		var = token_next_code(lf, amp);
		if (!tok_is_punct(lf, amp, "&") || var != (long)last[pos] ||
		    lf->tokens[var].kind != TOK_IDENT)
			continue;
		if (loop && !in_loop_without_wait(lf, caller, j))
			continue;
		out->object = tok_text(lf, (size_t)var);
		if (!file_scope_name(f, out->object)) {
			free(out->object);
			out->object = NULL;
			continue;
		}
		out->caller = xstrdup(caller->name);
		out->file = xstrdup(f->path);
		out->line = lf->tokens[j].line;
		return true;
	}
	return false;
}

/* The position of the parameter of p's function holding item_text's
 * base, or -1. */
static int item_parameter(const struct code_place *p, const char *item_text)
{
	char *base;
	int pos;

	if (!p->fn || p->fn->is_macro || !item_text || !(base = item_base_name(item_text)))
		return -1;
	pos = parameter_position(&p->f->lex, p->fn, base);
	free(base);
	return pos < 8 ? pos : -1;
}

bool item_static_via_caller(const struct code_place *p, const char *item_text,
			    struct static_caller *out)
{
	int pos = item_parameter(p, item_text);

	memset(out, 0, sizeof(*out));
	return pos >= 0 && static_call_in(p->f, p->fn->name, p->fn, p->fn->name_tok, pos,
					  false, out);
}

bool item_static_loop_caller(struct source_cache *sc, const struct code_place *p,
			     const char *item_text, struct static_caller *out)
{
	int pos = item_parameter(p, item_text);
	const char *const *files;
	struct strbuf dir = STRBUF_INIT, text = STRBUF_INIT, abs = STRBUF_INIT;
	const char *slash;
	size_t nr = 0, i, nlen;
	bool found;

	memset(out, 0, sizeof(*out));
	if (pos < 0)
		return false;
	found = static_call_in(p->f, p->fn->name, p->fn, p->fn->name_tok, pos, true, out);
	/* A static function has no callers elsewhere; an exported one's are
	 * looked for in its directory only (a driver's files), and lexed
	 * only where the name is in the text. */
	if (found || p->fn->is_static || !(slash = strrchr(p->f->path, '/')))
		return found;
	strbuf_add(&dir, p->f->path, (size_t)(slash - p->f->path));
	files = source_dir_files(sc, dir.buf, &nr);
	nlen = strlen(p->fn->name);
	for (i = 0; i < nr && !found; i++) {
		size_t len = strlen(files[i]);
		struct source_file *f;

		if (len < 2 || strcmp(files[i] + len - 2, ".c") || !strcmp(files[i], p->f->path))
			continue;
		strbuf_reset(&abs);
		strbuf_addf(&abs, "%s/%s", sc->root, files[i]);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, abs.buf) || !text.buf ||
		    !memmem(text.buf, text.len, p->fn->name, nlen) || !(f = source_get(sc, files[i])))
			continue;
		found = static_call_in(f, p->fn->name, NULL, (size_t)-1, pos, true, out);
	}
	strbuf_release(&abs);
	strbuf_release(&text);
	strbuf_release(&dir);
	return found;
}

void static_caller_release(struct static_caller *c)
{
	free(c->caller);
	free(c->file);
	free(c->object);
	memset(c, 0, sizeof(*c));
}

unsigned waits_for_item_after(const struct code_place *p, unsigned line)
{
	static const char *const waits[] = {
		"wait_for_completion", "wait_for_completion_timeout",
		"wait_for_completion_interruptible", "wait_for_completion_killable",
		"flush_work", "flush_delayed_work", NULL
	};
	const struct lexed_file *lf = &p->f->lex;
	const char *const *w;
	size_t j;

	if (!p->fn || p->fn->is_macro)
		return 0;
	for (j = p->fn->body_open; j < p->fn->body_close && j < lf->nr_tokens; j++) {
		if (lf->tokens[j].line <= line || lf->tokens[j].kind != TOK_IDENT)
			continue;
		for (w = waits; *w; w++)
			if (tok_is_ident(lf, (long)j, *w))
				return lf->tokens[j].line;
	}
	return 0;
}

bool item_of_file_scope(const struct source_file *f, const char *item_text)
{
	char *base;
	bool yes;

	if (!item_text || strstr(item_text, "->") || !(base = item_base_name(item_text)))
		return false;
	yes = file_scope_name(f, base);
	free(base);
	return yes;
}
