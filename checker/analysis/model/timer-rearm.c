#include "analysis/model/timer-rearm.h"
#include "analysis/model/declared-struct.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* A directory this big is not read for one timer's uses. */
#define DIR_FILES_MAX 400

/* Calls that name a timer without arming it. */
static const char *const quiet_uses[] = {
	"from_timer", "timer_container_of", "container_of", "container_of_const",
	"timer_setup", "timer_setup_on_stack", "setup_timer", "setup_deferrable_timer",
	"init_timer", "init_timer_key", "timer_delete", "timer_delete_sync",
	"timer_delete_sync_try", "del_timer", "del_timer_sync", "del_singleshot_timer_sync",
	"try_to_del_timer_sync", "timer_shutdown", "timer_shutdown_sync", "timer_pending",
	"destroy_timer_on_stack", NULL
};

/* Calls that arm it with an expiry, their second argument. */
static const char *const arming_calls[] = {
	"mod_timer", "mod_timer_pending", "timer_reduce", NULL
};

/* Wrappers an expiry may go through that keep it where it is, give or
 * take a second's rounding. */
static const char *const rounding[] = {
	"round_jiffies", "round_jiffies_up", NULL
};

/* Tokens i and j are the same identifier. */
static bool same_ident(const struct lexed_file *lf, long i, long j)
{
	return i >= 0 && j >= 0 && lf->tokens[i].kind == TOK_IDENT &&
	       lf->tokens[j].kind == TOK_IDENT && lf->tokens[i].len == lf->tokens[j].len &&
	       !memcmp(lf->text + lf->tokens[i].offset, lf->text + lf->tokens[j].offset,
		       lf->tokens[i].len);
}

static bool listed(const struct lexed_file *lf, long i, const char *const *names)
{
	for (; *names; names++)
		if (tok_is_ident(lf, i, *names))
			return true;
	return false;
}

/* The name of fn's struct timer_list * parameter: its last identifier. */
static long timer_parameter(const struct lexed_file *lf, const struct source_function *fn)
{
	long j, name = -1;
	bool timer = false;

	for (j = (long)fn->params_open + 1; j < (long)fn->params_close; j++) {
		if (tok_is_ident(lf, j, "timer_list"))
			timer = true;
		else if (lf->tokens[j].kind == TOK_IDENT)
			name = j;
		else if (tok_is_punct(lf, j, ","))
			timer = false;
		if (timer && name >= 0 && (tok_is_punct(lf, token_next_code(lf, j), ",") ||
					   token_next_code(lf, j) == (long)fn->params_close))
			return name;
	}
	return -1;
}

/* "struct NAME" for the tag token at name. */
static char *struct_tag(const struct lexed_file *lf, long name)
{
	struct strbuf sb = STRBUF_INIT;

	if (name < 0 || lf->tokens[name].kind != TOK_IDENT)
		return NULL;
	strbuf_addf(&sb, "struct %.*s", (int)lf->tokens[name].len,
		    lf->text + lf->tokens[name].offset);
	return strbuf_detach(&sb);
}

/* `struct NAME *var = call(var, ...)`: the structure var is declared with
 * in the statement whose initialiser is the call at token call. */
static char *declared_here(const struct lexed_file *lf, long call, long var)
{
	long eq = token_prev_code(lf, call), v = token_prev_code(lf, eq);
	long star = token_prev_code(lf, v), name = token_prev_code(lf, star);

	if (!tok_is_punct(lf, eq, "=") || !same_ident(lf, v, var) || !tok_is_punct(lf, star, "*") ||
	    !tok_is_ident(lf, token_prev_code(lf, name), "struct"))
		return NULL;
	return struct_tag(lf, name);
}

/* The member the callback reaches its object by: the last identifier of
 * the last argument of from_timer(x, t, member) & co given the timer
 * parameter. */
static char *timer_member(struct source_cache *sc, const struct source_file *f,
			  const struct source_function *fn, char **tag)
{
	const struct lexed_file *lf = &f->lex;
	long param = timer_parameter(lf, fn), i, j;

	if (param < 0)
		return NULL;
	for (i = (long)fn->body_open; i >= 0 && i < (long)fn->body_close; i++) {
		size_t first[4], last[4], n, k;
		long open = token_next_code(lf, i);
		bool given = false;

		if (f->dead[i] || !listed(lf, i, quiet_uses) || !tok_is_punct(lf, open, "("))
			continue;
		n = call_arguments(lf, (size_t)open, first, last, 4);
		if (n != 3)
			continue;
		for (k = 0; k < 2; k++)
			given |= first[k] == last[k] && same_ident(lf, (long)first[k], param);
		if (!given)
			continue;
		/* the object's structure: container_of()'s type, or the
		 * declaration of from_timer()'s variable */
		if (tok_is_ident(lf, (long)first[1], "struct") && first[1] < last[1])
			*tag = struct_tag(lf, token_next_code(lf, (long)first[1]));
		else if (first[0] == last[0])
			*tag = declared_here(lf, i, (long)first[0]);
		if (!*tag && first[0] == last[0])
			*tag = declared_struct(sc, f, first[0], -1);
		if (!*tag)
			return NULL;
		for (j = (long)last[2]; j >= (long)first[2]; j--)
			if (lf->tokens[j].kind == TOK_IDENT)
				return tok_text(lf, (size_t)j);
		free(*tag);
		*tag = NULL;
		return NULL;
	}
	return NULL;
}

/* The structure of the object whose member token i is (`&root->member`,
 * `root.member`): "struct NAME", allocated, "" for a structure reached
 * through more members, or NULL when the tokens cannot tell. */
static char *owner_struct(struct source_cache *sc, const struct source_file *f, long i,
			  long call)
{
	const struct lexed_file *lf = &f->lex;
	long op = token_prev_code(lf, i), root = token_prev_code(lf, op);

	if (!(tok_is_punct(lf, op, "->") || tok_is_punct(lf, op, ".")) || root < 0 ||
	    lf->tokens[root].kind != TOK_IDENT)
		return NULL;
	if (tok_is_punct(lf, token_prev_code(lf, root), "->") ||
	    tok_is_punct(lf, token_prev_code(lf, root), "."))
		return xstrdup("");
	return declared_struct(sc, f, (size_t)root, call);
}

/* The `(` that opens the call whose arguments hold token i, or -1. */
static long enclosing_open(const struct lexed_file *lf, long i)
{
	int depth = 0;

	for (i = token_prev_code(lf, i); i >= 0; i = token_prev_code(lf, i)) {
		if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth++;
		else if (tok_is_punct(lf, i, "[") && depth)
			depth--;
		else if (tok_is_punct(lf, i, "(") && depth-- == 0)
			return i;
		else if (!depth && (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, "{") ||
				    tok_is_punct(lf, i, "}")))
			return -1;
	}
	return -1;
}

/* The `;` ending the expression from token a, or -1. */
static long statement_end(const struct lexed_file *lf, long a)
{
	int depth = 0;
	long i;

	for (i = a; i >= 0; i = token_next_code(lf, i)) {
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			depth++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			depth--;
		else if (!depth && (tok_is_punct(lf, i, ";") || tok_is_punct(lf, i, ",")))
			return i;
		if (depth < 0)
			return -1;
	}
	return -1;
}

/* Is [a, b] (a rounding wrapper peeled off) jiffies plus something that is
 * not a literal 0, and nothing subtracted at its top level? A name is
 * followed to the last assignment of it before at, in the same function.
 * *from: the tokens the expiry was read from. */
static bool ahead_of_now(const struct source_file *f, long a, long b, long at, int depth,
			 long *from_a, long *from_b)
{
	const struct lexed_file *lf = &f->lex;
	bool jiffies = false, plus = false, zero = false;
	int level = 0;
	long i;

	if (a < 0 || b < a || depth > 3)
		return false;
	if (listed(lf, a, rounding) && tok_is_punct(lf, token_next_code(lf, a), "(") &&
	    token_match_bracket(lf, (size_t)token_next_code(lf, a)) == b)
		return ahead_of_now(f, token_next_code(lf, token_next_code(lf, a)),
				    token_prev_code(lf, b), at, depth + 1, from_a, from_b);
	if (a == b && lf->tokens[a].kind == TOK_IDENT && !tok_is_ident(lf, a, "jiffies")) {
		const struct source_function *fn = source_function_at(f, (size_t)at);

		for (i = token_prev_code(lf, at); fn && i > (long)fn->body_open;
		     i = token_prev_code(lf, i)) {
			long p = token_prev_code(lf, i), end;

			if (f->dead[i] || !same_ident(lf, i, a) ||
			    !tok_is_punct(lf, token_next_code(lf, i), "=") ||
			    tok_is_punct(lf, p, "->") || tok_is_punct(lf, p, "."))
				continue;
			end = statement_end(lf, token_next_code(lf, token_next_code(lf, i)));
			return end > 0 && ahead_of_now(f, token_next_code(lf, token_next_code(lf, i)),
						       token_prev_code(lf, end), i, depth + 1,
						       from_a, from_b);
		}
		return false;
	}
	*from_a = a;
	*from_b = b;
	for (i = a; i >= 0 && i <= b; i = token_next_code(lf, i)) {
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			level++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			level--;
		else if (level)
			continue;
		else if (tok_is_ident(lf, i, "jiffies") || tok_is_ident(lf, i, "jiffies_64"))
			jiffies = true;
		else if (tok_is_punct(lf, i, "+"))
			plus = true;
		else if (tok_is_punct(lf, i, "-") || tok_is_punct(lf, i, "?"))
			return false;
		else if (lf->tokens[i].kind == TOK_NUMBER && lf->tokens[i].len == 1 &&
			 lf->text[lf->tokens[i].offset] == '0')
			zero = true;
	}
	return jiffies && plus && !zero;
}

/* A struct's declaration of the member: `struct timer_list name;` or a
 * later declarator of it. */
static bool declares(const struct lexed_file *lf, long i)
{
	long n = token_next_code(lf, i), p = token_prev_code(lf, i);

	return (tok_is_punct(lf, n, ";") || tok_is_punct(lf, n, ",") ||
		tok_is_punct(lf, n, "[")) &&
	       (lf->tokens[p].kind == TOK_IDENT || tok_is_punct(lf, p, ",") ||
		tok_is_punct(lf, p, "*"));
}

/* Every use of the member in f: quiet, or an arming ahead of now outside
 * the callback fn (of file cb). False at the first other use. */
static bool uses_in(struct source_cache *sc, const struct source_file *f, const char *member,
		    const char *tag, const struct source_file *cb,
		    const struct source_function *fn, struct timer_rearm *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t n = strlen(member), i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		size_t first[3], last[3], nr;
		long open, call, from_a = -1, from_b = -1;

		if (t->kind != TOK_IDENT || t->len != n || memcmp(lf->text + t->offset, member, n) ||
		    f->dead[i])
			continue;
		if (t->in_directive)
			return false;
		if (declares(lf, (long)i))
			continue;
		open = enclosing_open(lf, (long)i);
		call = open < 0 ? -1 : token_prev_code(lf, open);
		if (call < 0 || lf->tokens[call].kind != TOK_IDENT)
			return false;
		if (listed(lf, call, quiet_uses))
			continue;
		if (!listed(lf, call, arming_calls))
			return false;
		/* another structure's timer of the same name: not this one */
		{
			char *owner = owner_struct(sc, f, (long)i, open);
			bool other = owner && *owner && strcmp(owner, tag);

			if (!owner || !*owner) {
				free(owner);
				return false;
			}
			free(owner);
			if (other)
				continue;
		}
		/* the callback re-arms its own timer: a periodic one */
		if (f == cb && i > fn->body_open && i < fn->body_close)
			return false;
		nr = call_arguments(lf, (size_t)open, first, last, 3);
		if (nr != 2 || i > last[0] ||
		    !ahead_of_now(f, (long)first[1], (long)last[1], call, 0, &from_a, &from_b))
			return false;
		if (!out->nr_sites++) {
			out->file = xstrdup(f->path);
			out->line = t->line;
			out->call = tok_text(lf, (size_t)call);
			out->expires = expression_text(lf, (size_t)from_a, (size_t)from_b);
		}
	}
	return true;
}

bool timer_rearmed_only_ahead(struct source_cache *sc, const struct source_file *f,
			      const struct source_function *fn, struct timer_rearm *out)
{
	const char *slash = strrchr(f->path, '/');
	char *dir, *member, *tag = NULL;
	const char *const *files;
	size_t nr, k;
	bool ok = true;

	memset(out, 0, sizeof(*out));
	if (fn->is_macro || !(member = timer_member(sc, f, fn, &tag)))
		return false;
	dir = xstrndup(f->path, slash ? (size_t)(slash - f->path) : 0);
	files = source_dir_files(sc, dir, &nr);
	if (nr > DIR_FILES_MAX)
		ok = false;
	for (k = 0; ok && k < nr; k++) {
		struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
		const struct source_file *g;
		bool named;

		/* most files of the directory never name the member: their
		 * bytes say so without lexing them */
		strbuf_addf(&path, "%s/%s", sc->root, files[k]);
		named = strbuf_read_file(&text, path.buf) >= 0 && text.buf &&
			memmem(text.buf, text.len, member, strlen(member));
		strbuf_release(&path);
		strbuf_release(&text);
		if (!named)
			continue;
		g = !strcmp(files[k], f->path) ? f : source_get(sc, files[k]);
		ok = g && uses_in(sc, g, member, tag, f, fn, out);
	}
	free(dir);
	free(tag);
	out->member = member;
	if (ok && out->nr_sites)
		return true;
	timer_rearm_release(out);
	return false;
}

void timer_rearm_release(struct timer_rearm *r)
{
	free(r->member);
	free(r->file);
	free(r->call);
	free(r->expires);
	memset(r, 0, sizeof(*r));
}
