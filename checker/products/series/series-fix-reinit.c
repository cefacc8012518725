/*
 * The fix of a work item re-initialised while it may be live (WQ015): its
 * INIT_* leaves the function that runs while the item is pending or running
 * and goes where the object that holds it is set up, once, before anything
 * queues it; as upstream moved virtio_scsi's INIT_WORK from
 * virtscsi_kick_event() into virtscsi_probe().
 *
 * Read from the code, not from the finding's words: the INIT_* call on the
 * finding's line, the parameter its item hangs off (`&node->work`, node a
 * `struct S *`), the struct O of the file that embeds S (one member, or an
 * array of them), and the function of the file that allocates O (a local
 * `struct O *v = <call>(...)`), probe first. The INIT_* goes after that
 * allocation, its NULL test and the member assignments that follow it,
 * for every element of an array member. No fix, and the reason, when any
 * step finds nothing, when the INIT_* shares its lines with other code,
 * when the setting up calls the live function before the new place, or
 * when nothing cancels the item (cancel_*_sync(), disable_*_sync()) in the
 * file: moving the INIT_* out of a path that re-arms the item is safe only
 * where teardown stops it.
 */
#include "products/series/series-fix-reinit.h"
#include "front/source-cache.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static void fail(struct reinit_fix *fx, const char *fmt, const char *a,
		 const char *b)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, fmt, a ? a : "", b ? b : "");
	free(fx->why_not);
	fx->why_not = strbuf_detach(&sb);
}

/* The INIT_* call named on line: its name token, or -1. */
static long init_on_line(const struct lexed_file *lf, unsigned line)
{
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->line < line || t->kind != TOK_IDENT)
			continue;
		if (t->line > line)
			break;
		if (t->len > 5 && !strncmp(lf->text + t->offset, "INIT_", 5) &&
		    tok_is_punct(lf, token_next_code(lf, (long)i), "("))
			return (long)i;
	}
	return -1;
}

/* Whether bytes [from, to) of text hold only blanks. */
static bool blank(const char *text, size_t from, size_t to)
{
	for (; from < to; from++)
		if (text[from] != ' ' && text[from] != '\t')
			return false;
	return true;
}

/* The struct type name of parameter name of fn (`struct S *name`), or NULL. */
static char *param_struct(const struct lexed_file *lf,
			  const struct source_function *fn, const char *name)
{
	size_t i;

	for (i = fn->params_open + 1; i + 3 < fn->params_close + 1; i++)
		if (tok_is_ident(lf, (long)i, "struct") &&
		    tok_is_punct(lf, (long)i + 2, "*") &&
		    tok_is_ident(lf, (long)i + 3, name))
			return tok_text(lf, i + 1);
	return NULL;
}

/* The struct O of the file with a member `struct S m;` or `struct S m[N];`:
 * O's name, m, and whether it is an array. */
static bool find_container(const struct source_file *f, const char *s,
			   char **o, char **member, char **bound)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i + 3 < lf->nr_tokens; i++) {
		long open, k;
		int depth = 0;

		if (!tok_is_ident(lf, (long)i, "struct") ||
		    !tok_is_ident(lf, (long)i + 1, s) ||
		    lf->tokens[i + 2].kind != TOK_IDENT ||
		    !(tok_is_punct(lf, (long)i + 3, "[") ||
		      tok_is_punct(lf, (long)i + 3, ";")) ||
		    source_function_at(f, i))
			continue;
		/* the '{' that opens the struct around it */
		for (open = (long)i - 1; open >= 0; open--) {
			if (tok_is_punct(lf, open, "}"))
				depth++;
			else if (tok_is_punct(lf, open, "{") && depth-- == 0)
				break;
		}
		k = token_prev_code(lf, open);
		if (open < 0 || k < 1 || lf->tokens[k].kind != TOK_IDENT ||
		    !tok_is_ident(lf, token_prev_code(lf, k), "struct"))
			continue;
		*o = tok_text(lf, (size_t)k);
		*member = tok_text(lf, i + 2);
		*bound = NULL;
		if (tok_is_punct(lf, (long)i + 3, "[")) {
			long close = token_match_bracket(lf, i + 3);

			if (close <= (long)i + 4)
				return false;	/* a flexible array: no bound */
			*bound = expression_text(lf, i + 4, (size_t)close - 1);
		}
		return true;
	}
	return false;
}

/* The end (its ';' or '}') of the statement starting at token i, or -1. */
static long statement_end(const struct lexed_file *lf, long i, long limit)
{
	if (tok_is_ident(lf, i, "if")) {
		long open = token_next_code(lf, i), close, body;

		if (!tok_is_punct(lf, open, "("))
			return -1;
		close = token_match_bracket(lf, (size_t)open);
		body = close < 0 ? -1 : token_next_code(lf, close);
		if (body < 0)
			return -1;
		if (tok_is_punct(lf, body, "{"))
			return token_match_bracket(lf, (size_t)body);
		i = body;
	}
	return token_statement_end(lf, i, limit, false);
}

/* In fn: `struct O *v ... v = <call>(...);` (or the declaration's
 * initialiser). The variable, and the end of the statements that set it up:
 * the allocation, `if (!v) ...`, then `v->x = ...;` ones. */
static bool find_setup(const struct lexed_file *lf,
		       const struct source_function *fn, const char *o,
		       char **var, long *after)
{
	long i, end;
	char *v = NULL;

	for (i = (long)fn->body_open + 1; i + 3 < (long)fn->body_close; i++)
		if (tok_is_ident(lf, i, "struct") && tok_is_ident(lf, i + 1, o) &&
		    tok_is_punct(lf, i + 2, "*") &&
		    lf->tokens[i + 3].kind == TOK_IDENT) {
			v = tok_text(lf, (size_t)i + 3);
			break;
		}
	if (!v)
		return false;
	for (i = (long)fn->body_open + 1; i + 3 < (long)fn->body_close; i++) {
		long n;

		if (!tok_is_ident(lf, i, v) || !tok_is_punct(lf, i + 1, "=") ||
		    lf->tokens[i + 2].kind != TOK_IDENT ||
		    !tok_is_punct(lf, i + 3, "("))
			continue;
		n = token_prev_code(lf, i);
		if (!(tok_is_punct(lf, n, ";") || tok_is_punct(lf, n, "{") ||
		      tok_is_punct(lf, n, "}") || tok_is_punct(lf, n, "*")))
			continue;
		end = statement_end(lf, i, (long)fn->body_close);
		if (end < 0)
			break;
		for (;;) {
			long next = token_next_code(lf, end), e;

			if (next < 0 || next >= (long)fn->body_close)
				break;
			if (tok_is_ident(lf, next, "if") &&
			    tok_is_punct(lf, next + 1, "(") &&
			    tok_is_punct(lf, next + 2, "!") &&
			    tok_is_ident(lf, next + 3, v) &&
			    tok_is_punct(lf, next + 4, ")")) {
				e = statement_end(lf, next, (long)fn->body_close);
			} else if (tok_is_ident(lf, next, v) &&
				   tok_is_punct(lf, next + 1, "->")) {
				e = statement_end(lf, next, (long)fn->body_close);
			} else {
				break;
			}
			if (e < 0)
				break;
			end = e;
		}
		*var = v;
		*after = end;
		return true;
	}
	free(v);
	return false;
}

/* Whether fn's body, before token limit, calls name. */
static bool calls_before(const struct lexed_file *lf,
			 const struct source_function *fn, const char *name,
			 long limit)
{
	long i;

	for (i = (long)fn->body_open + 1; i < limit; i++)
		if (tok_is_ident(lf, i, name) && tok_is_punct(lf, i + 1, "("))
			return true;
	return false;
}

/* The functions of f that call name (one level), appended to list. */
static bool reaches(const struct source_file *f, const struct source_function *fn,
		    const char *target, long limit)
{
	size_t k;

	if (calls_before(&f->lex, fn, target, limit))
		return true;
	/* one level deeper: a function of the file fn calls that calls it */
	for (k = 0; k < f->nr_funcs; k++) {
		const struct source_function *g = &f->funcs[k];

		if (g == fn || g->is_macro ||
		    !calls_before(&f->lex, fn, g->name, limit))
			continue;
		if (calls_before(&f->lex, g, target, (long)g->body_close))
			return true;
	}
	return false;
}

/* A cancel_*_sync() or disable_*_sync() in f of an item whose expression
 * names member and ends in item_member: the function holding it. */
static const struct source_function *find_cancel(const struct source_file *f,
						 const char *member,
						 const char *item_member)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i + 1 < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		size_t first[2], last[2];
		char *text;
		bool match;
		const char *name = lf->text + t->offset;

		if (t->kind != TOK_IDENT ||
		    !((t->len > 12 && !strncmp(name, "cancel_", 7)) ||
		      (t->len > 13 && !strncmp(name, "disable_", 8))) ||
		    t->len < 5 || strncmp(name + t->len - 5, "_sync", 5) ||
		    !tok_is_punct(lf, (long)i + 1, "(") ||
		    call_arguments(lf, i + 1, first, last, 2) != 1 ||
		    first[0] > last[0])
			continue;
		text = expression_text(lf, first[0], last[0]);
		match = strstr(text, member) && strlen(text) > strlen(item_member) &&
			!strcmp(text + strlen(text) - strlen(item_member), item_member);
		free(text);
		if (match)
			return source_function_at(f, i);
	}
	return NULL;
}

void reinit_fix_release(struct reinit_fix *fx)
{
	free(fx->text);
	free(fx->live_fn);
	free(fx->work_fn);
	free(fx->setup_fn);
	free(fx->cancel_fn);
	free(fx->item);
	free(fx->new_item);
	free(fx->container);
	free(fx->macro);
	free(fx->why_not);
	memset(fx, 0, sizeof(*fx));
}

bool reinit_fix_make(const char *path, const char *text, size_t len,
		     unsigned line, struct reinit_fix *fx)
{
	struct source_file *f = source_file_new(path, xstrndup(text, len), len);
	const struct lexed_file *lf = &f->lex;
	const struct source_function *live, *setup = NULL, *cancel;
	size_t first[3], last[3], k;
	long init, open, close, semi, after = -1;
	char *param = NULL, *s = NULL, *member = NULL, *var = NULL, *bound = NULL;
	const char *item_member;
	bool array = false;
	struct strbuf out = STRBUF_INIT, ins = STRBUF_INIT;
	size_t line_start, line_end, at;

	memset(fx, 0, sizeof(*fx));
	init = init_on_line(lf, line);
	if (init < 0) {
		fail(fx, "no INIT_* call on its line%s%s", NULL, NULL);
		goto out;
	}
	fx->macro = tok_text(lf, (size_t)init);
	live = source_function_at(f, (size_t)init);
	open = token_next_code(lf, init);
	close = token_match_bracket(lf, (size_t)open);
	semi = close < 0 ? -1 : token_next_code(lf, close);
	if (!live || close < 0 || !tok_is_punct(lf, semi, ";") ||
	    call_arguments(lf, (size_t)open, first, last, 3) != 2) {
		fail(fx, "the %s call is not a statement of a function%s", fx->macro,
		     NULL);
		goto out;
	}
	fx->live_fn = xstrdup(live->name);
	fx->item = expression_text(lf, first[0], last[0]);
	fx->work_fn = expression_text(lf, first[1], last[1]);
	/* &param->member.path */
	if (!tok_is_punct(lf, (long)first[0], "&") ||
	    lf->tokens[first[0] + 1].kind != TOK_IDENT ||
	    !tok_is_punct(lf, (long)first[0] + 2, "->")) {
		fail(fx, "its item %s is not a member of a parameter (&p->work)%s",
		     fx->item, NULL);
		goto out;
	}
	param = tok_text(lf, first[0] + 1);
	item_member = strstr(fx->item, "->") + 2;
	s = param_struct(lf, live, param);
	if (!s) {
		fail(fx, "%s is not a `struct ... *` parameter of %s()", param,
		     fx->live_fn);
		goto out;
	}
	if (!find_container(f, s, &fx->container, &member, &bound)) {
		fail(fx, "no struct of the file embeds struct %s, so no function "
		     "that sets up its items once was found%s", s, NULL);
		goto out;
	}
	/* probe first, then any function that allocates the container */
	for (k = 0; k < f->nr_funcs && !setup; k++)
		if (!f->funcs[k].is_macro && strstr(f->funcs[k].name, "probe") &&
		    find_setup(lf, &f->funcs[k], fx->container, &var, &after))
			setup = &f->funcs[k];
	for (k = 0; k < f->nr_funcs && !setup; k++)
		if (!f->funcs[k].is_macro && &f->funcs[k] != live &&
		    find_setup(lf, &f->funcs[k], fx->container, &var, &after))
			setup = &f->funcs[k];
	if (!setup) {
		fail(fx, "no function of the file allocates struct %s, where its "
		     "items could be initialised once%s", fx->container, NULL);
		goto out;
	}
	fx->setup_fn = xstrdup(setup->name);
	if (setup == live || reaches(f, setup, live->name, after)) {
		fail(fx, "%s() reaches %s() before the items could be initialised",
		     fx->setup_fn, fx->live_fn);
		goto out;
	}
	array = bound != NULL;
	cancel = find_cancel(f, member, item_member);
	if (!cancel) {
		fail(fx, "nothing in the file cancels the items (cancel_*_sync()) "
		     "in teardown%s%s", NULL, NULL);
		goto out;
	}
	fx->cancel_fn = xstrdup(cancel->name);
	fx->array = array;
	{
		const struct source_function *w =
			source_find_function(f, fx->work_fn);

		fx->work_calls_live = w && !w->is_macro &&
				      calls_before(lf, w, fx->live_fn,
						   (long)w->body_close);
	}

	/* The INIT_* statement alone on its lines, removed with them. */
	line_start = lf->tokens[init].offset;
	while (line_start && text[line_start - 1] != '\n')
		line_start--;
	line_end = lf->tokens[semi].offset + 1;
	if (!blank(text, line_start, lf->tokens[init].offset) ||
	    !blank(text, line_end, strcspn(text + line_end, "\n") + line_end)) {
		fail(fx, "the %s call shares its lines with other code%s", fx->macro,
		     NULL);
		goto out;
	}
	line_end += strcspn(text + line_end, "\n");
	if (line_end < len)
		line_end++;
	/* The new INIT_* after the setting up, at its indentation. */
	at = lf->tokens[after].offset + 1;
	at += strcspn(text + at, "\n");
	if (at < len)
		at++;
	{
		size_t ind = lf->tokens[after].offset, b;

		while (ind && text[ind - 1] != '\n')
			ind--;
		for (b = ind; text[b] == '\t' || text[b] == ' '; b++)
			;
		/* the statement's first line: the allocation's indentation */
		strbuf_add(&ins, text + ind, b - ind);
		if (array) {
			/* the array's own bound, as upstream's loops say it */
			strbuf_addf(&ins, "for (int i = 0; i < %s; i++)\n", bound);
			strbuf_add(&ins, text + ind, b - ind);
			strbuf_addf(&ins, "\t%s(&%s->%s[i].%s, %s);\n", fx->macro, var,
				    member, item_member, fx->work_fn);
		} else {
			strbuf_addf(&ins, "%s(&%s->%s.%s, %s);\n", fx->macro, var, member,
				    item_member, fx->work_fn);
		}
	}
	if (at <= line_start) {
		strbuf_add(&out, text, at);
		strbuf_add(&out, ins.buf ? ins.buf : "", ins.len);
		strbuf_add(&out, text + at, line_start - at);
		strbuf_add(&out, text + line_end, len - line_end);
	} else if (at >= line_end) {
		strbuf_add(&out, text, line_start);
		strbuf_add(&out, text + line_end, at - line_end);
		strbuf_add(&out, ins.buf ? ins.buf : "", ins.len);
		strbuf_add(&out, text + at, len - at);
	} else {
		fail(fx, "the new place is inside the %s statement%s", fx->macro, NULL);
		goto out;
	}
	fx->len = out.len;
	fx->text = strbuf_detach(&out);
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s->%s%s.%s", var, member, array ? "[i]" : "",
			    item_member);
		fx->new_item = strbuf_detach(&sb);
	}
out:
	strbuf_release(&out);
	strbuf_release(&ins);
	free(param);
	free(s);
	free(member);
	free(bound);
	free(var);
	source_file_free(f);
	return fx->text != NULL;
}
