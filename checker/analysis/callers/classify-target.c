/* Where an alloc_workqueue()'s result goes (a member, a global, a static,
 * a local followed to where it is stored) and which queueing calls name
 * the same workqueue. */
#include "analysis/callers/classify-priv.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The work-item index's name for an expression: `struct T.wq`, `var foo_wq`,
 * `file F var foo_wq`: the same naming finds a workqueue across files. */
char *expression_key(const struct source_file *f, size_t first,
			    size_t last)
{
	struct item_shape shape = { 0 };
	char *key;

	workitem_shape(f, first, last, &shape);
	key = shape.key && !shape.is_parameter ? xstrdup(shape.key) : NULL;
	item_shape_release(&shape);
	return key;
}

static long statement_start(const struct lexed_file *lf, long i)
{
	int depth = 0;

	for (i = token_prev_code(lf, i); i >= 0; i = token_prev_code(lf, i)) {
		if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth++;
		else if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "[")) {
			if (!depth)
				return token_next_code(lf, i);
			depth--;
		} else if (!depth && (tok_is_punct(lf, i, ";") ||
				      tok_is_punct(lf, i, "{") ||
				      tok_is_punct(lf, i, "}") ||
				      tok_is_punct(lf, i, ",")))
			return token_next_code(lf, i);
	}
	return 0;
}

/* Does [from, to) declare `struct workqueue_struct *name`? */
static bool declares(const struct lexed_file *lf, long from, long to,
		     const char *name)
{
	long j;

	for (j = from; j >= 0 && j < to; j++)
		if (tok_is_ident(lf, j, name) &&
		    tok_is_punct(lf, token_prev_code(lf, j), "*") &&
		    tok_is_ident(lf,
				 token_prev_code(lf, token_prev_code(lf, j)),
				 "workqueue_struct"))
			return true;
	return false;
}

/* Is the file-level declaration of name static? */
static bool declared_static(const struct source_file *f, const char *name)
{
	const struct lexed_file *lf = &f->lex;
	long j;

	for (j = 0; j < (long)lf->nr_tokens; j++) {
		long k;

		if (!tok_is_ident(lf, j, name) ||
		    !tok_is_punct(lf, token_prev_code(lf, j), "*") ||
		    source_function_at(f, (size_t)j))
			continue;
		for (k = statement_start(lf, j); k >= 0 && k < j;
		     k = token_next_code(lf, k))
			if (tok_is_ident(lf, k, "static"))
				return true;
	}
	return false;
}

/* Destination of the assignment whose '=' is eq: its last identifier. */
static void assignment_target(const struct source_file *f,
			      const struct source_function *caller, long eq,
			      struct wq_target *t)
{
	const struct lexed_file *lf = &f->lex;
	long last = token_prev_code(lf, eq), first = statement_start(lf, eq),
	     before;

	if (last < 0 || lf->tokens[last].kind != TOK_IDENT || first > last) {
		t->why_not =
			"the workqueue is stored through an expression the audit does not "
			"follow";
		return;
	}
	t->name = tok_text(lf, (size_t)last);
	before = token_prev_code(lf, last);
	if (tok_is_punct(lf, before, "->") || tok_is_punct(lf, before, ".")) {
		long start = last;

		/* Back along `a->b.c` only: `if (!x) x->wq = ...` starts at x. */
		while (start > first) {
			long op = token_prev_code(lf, start),
			     base = token_prev_code(lf, op);

			if (!(tok_is_punct(lf, op, "->") ||
			      tok_is_punct(lf, op, ".")) ||
			    base < first || lf->tokens[base].kind != TOK_IDENT)
				break;
			start = base;
		}
		t->kind = TARGET_MEMBER;
		t->text = expression_text(lf, (size_t)start, (size_t)last);
		t->first = (size_t)start;
		t->last = (size_t)last;
		return;
	}
	/* `struct workqueue_struct *wq = ...`: the text is the name alone. */
	t->first = t->last = (size_t)last;
	t->text = xstrdup(t->name);
	if (caller &&
	    (caller->is_macro ||
	     declares(lf, (long)caller->params_open, (long)caller->params_close,
		      t->name) ||
	     declares(lf, (long)caller->body_open, (long)last + 1, t->name)))
		t->kind = TARGET_LOCAL;
	else
		t->kind = declared_static(f, t->name) ? TARGET_STATIC :
							TARGET_GLOBAL;
}

void wq_target_release(struct wq_target *t)
{
	free(t->name);
	free(t->text);
	free(t->key);
}

/* A local is usually stored into its real home before the function returns:
 * `dev->wq = wq;` later in the same function. */
static void follow_local(const struct source_file *f,
			 const struct source_function *caller, size_t from,
			 struct wq_target *t)
{
	const struct lexed_file *lf = &f->lex;
	long j;

	for (j = (long)from; j >= 0 && j < (long)caller->body_close;
	     j = token_next_code(lf, j)) {
		long eq = token_prev_code(lf, j);
		struct wq_target next = { 0 };

		if (!tok_is_ident(lf, j, t->name) ||
		    !tok_is_punct(lf, eq, "=") ||
		    !tok_is_punct(lf, token_next_code(lf, j), ";"))
			continue;
		assignment_target(f, caller, eq, &next);
		if (next.name && next.kind != TARGET_LOCAL) {
			wq_target_release(t);
			*t = next;
			return;
		}
		wq_target_release(&next);
	}
}

void find_target(const struct source_file *f,
			const struct source_function *caller, size_t tok,
			struct wq_target *t)
{
	const struct lexed_file *lf = &f->lex;
	long prev = token_prev_code(lf, (long)tok);

	memset(t, 0, sizeof(*t));
	if (tok_is_ident(lf, prev, "return")) {
		t->why_not =
			"the workqueue is returned to the caller, whose use of it is not "
			"followed";
		return;
	}
	/* A cast between '=' and the call is rare enough to leave unresolved. */
	if (!tok_is_punct(lf, prev, "=")) {
		t->why_not =
			"the workqueue is not stored in a variable or member";
		return;
	}
	assignment_target(f, caller, prev, t);
	if (t->name && t->kind == TARGET_LOCAL && caller && !caller->is_macro)
		follow_local(f, caller, tok, t);
	if (t->name && t->kind != TARGET_LOCAL)
		t->key = expression_key(f, t->first, t->last);
}

static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

static bool same_string(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

bool call_matches(const struct queue_call *c, const struct alloc_site *s)
{
	const struct wq_target *t = &s->t;

	if (t->kind == TARGET_LOCAL)
		return c->wq_plain && !strcmp(c->path, s->path) &&
		       same_string(c->caller, s->caller);
	/* Both named: the struct member or variable itself, anywhere. */
	if (t->key && c->wq_key)
		return !strcmp(t->key, c->wq_key);
	switch (t->kind) {
	case TARGET_MEMBER:
		return c->wq_member && same_dir(c->path, s->path);
	case TARGET_GLOBAL:
		return c->wq_plain;
	case TARGET_STATIC:
		return c->wq_plain && !strcmp(c->path, s->path);
	default:
		return false;
	}
}

const char *last_identifier(const char *text)
{
	const char *p = text + strlen(text);

	while (p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
			    (p[-1] >= 'A' && p[-1] <= 'Z') ||
			    (p[-1] >= '0' && p[-1] <= '9')))
		p--;
	return p;
}
