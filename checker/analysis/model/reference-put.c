#include "analysis/model/reference-put.h"

#include <string.h>

/* Atomic drops of one reference; the _and_ forms tell the caller it was
 * the last. */
static const char *const drops[] = {
	"refcount_dec_and_test", "refcount_dec", "atomic_dec_and_test",
	"atomic_long_dec_and_test", "kref_put", "kref_put_lock", "kref_put_mutex",
	"percpu_ref_put", NULL
};

static bool is_drop(const struct lexed_file *lf, long i)
{
	const char *const *d;

	for (d = drops; *d; d++)
		if (tok_is_ident(lf, i, *d))
			return true;
	return false;
}

/* The drop call at token i counts a parameter's object: its first
 * argument is `&param->member` (or `&param->a.b`). */
static bool drops_parameter(const struct lexed_file *lf, const struct source_function *g, long i)
{
	size_t first[1], last[1];
	long open = token_next_code(lf, i);

	if (!tok_is_punct(lf, open, "(") || call_arguments(lf, (size_t)open, first, last, 1) < 1 ||
	    first[0] > last[0] || !tok_is_punct(lf, (long)first[0], "&"))
		return false;
	return parameter_index(lf, g, (size_t)token_next_code(lf, (long)first[0]), last[0],
			       true) >= 0;
}

/* The `;` or `}` ending the statement that starts at token i. */
static long statement_end(const struct lexed_file *lf, long i, long stop)
{
	int depth = 0;

	if (tok_is_punct(lf, i, "{"))
		return token_match_bracket(lf, (size_t)i);
	for (; i >= 0 && i < stop; i = token_next_code(lf, i)) {
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "{"))
			depth++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "}"))
			depth--;
		else if (!depth && tok_is_punct(lf, i, ";"))
			return i;
	}
	return -1;
}

/* g's body is one statement: `DROP(&p->count...);`, `return DROP(...);`,
 * or `if (DROP(&p->count)) RELEASE;` with nothing after it. */
static bool body_is_put(const struct lexed_file *lf, const struct source_function *g)
{
	long i = token_next_code(lf, (long)g->body_open), close = (long)g->body_close, end;

	if (tok_is_ident(lf, i, "return"))
		i = token_next_code(lf, i);
	if (tok_is_ident(lf, i, "if")) {
		long open = token_next_code(lf, i), cond_close;

		if (!tok_is_punct(lf, open, "("))
			return false;
		cond_close = token_match_bracket(lf, (size_t)open);
		i = token_next_code(lf, open);
		if (!is_drop(lf, i) || !drops_parameter(lf, g, i) ||
		    token_match_bracket(lf, (size_t)token_next_code(lf, i)) !=
			    token_prev_code(lf, cond_close))
			return false;
		end = statement_end(lf, token_next_code(lf, cond_close), close);
		return end >= 0 && token_next_code(lf, end) == close;
	}
	if (!is_drop(lf, i) || !drops_parameter(lf, g, i))
		return false;
	end = statement_end(lf, i, close);
	return end >= 0 && token_next_code(lf, end) == close;
}

bool reference_put(const struct lock_reader *r, const struct source_file *f, const char *name)
{
	const struct source_function *g;
	struct source_file *where = NULL;

	if (!strstr(name, "put"))
		return false;
	g = lock_reader_resolve(r, f, name, &where);
	return g && where && !g->is_macro && body_is_put(&where->lex, g);
}
