/* What alloc_workqueue() refuses, learnt from the tree's kernel/workqueue.c
 * rather than from a table of ours: its flag tests are read from the code,
 * so a tree that admits a combination (or one that comes to refuse another)
 * is judged by what it does. Since 6.9 the tests are in __alloc_workqueue():
 *
 *	if (flags & WQ_BH) {
 *		if (WARN_ON_ONCE(flags & ~__WQ_BH_ALLOWS))
 *			return NULL;
 *		if (WARN_ON_ONCE(max_active))
 *			return NULL;
 *	}
 */
#include "front/era.h"
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static bool ident_is(const struct lexed_file *lf, long i, const char *s)
{
	return i >= 0 && lf->tokens[i].kind == TOK_IDENT && token_is(lf, &lf->tokens[i], s);
}

static bool punct_is(const struct lexed_file *lf, long i, const char *s)
{
	return i >= 0 && lf->tokens[i].kind == TOK_PUNCT && token_is(lf, &lf->tokens[i], s);
}

static char *token_text(const struct lexed_file *lf, long i)
{
	return xstrndup(lf->text + lf->tokens[i].offset, lf->tokens[i].len);
}

/* "flags & WQ_X" at i: the flag's token, else -1. */
static long flag_test(const struct lexed_file *lf, long i)
{
	long amp = token_next_code(lf, i), flag = token_next_code(lf, amp);

	if (!ident_is(lf, i, "flags") || !punct_is(lf, amp, "&") || flag < 0 ||
	    lf->tokens[flag].kind != TOK_IDENT ||
	    strncmp(lf->text + lf->tokens[flag].offset, "WQ_", 3))
		return -1;
	return flag;
}

static void add_with(struct era_alloc_check *c, const char *s, size_t len)
{
	c->with = xrealloc(c->with, (c->nr_with + 1) * sizeof(*c->with));
	c->with[c->nr_with++] = xstrndup(s, len);
}

/* The text of tokens [from, to] joined by single blanks where the source
 * had blanks. */
static char *tokens_text(const struct lexed_file *lf, long from, long to)
{
	struct strbuf sb = STRBUF_INIT;
	long i;

	for (i = from; i >= 0 && i <= to; i = token_next_code(lf, i)) {
		if (i > from && lf->tokens[i].offset > lf->tokens[i - 1].offset + lf->tokens[i - 1].len)
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, lf->text + lf->tokens[i].offset, lf->tokens[i].len);
	}
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}

/* Whether the WARN at warn is an if's condition whose branch returns NULL:
 * "if (WARN_ON_ONCE(...)) return NULL;". */
static bool warn_fails(const struct lexed_file *lf, long warn, long close)
{
	long open = token_prev_code(lf, warn), iff = token_prev_code(lf, open);
	long after = token_next_code(lf, close), ret, null;

	if (!punct_is(lf, open, "(") || !ident_is(lf, iff, "if") || !punct_is(lf, after, ")"))
		return false;
	ret = token_next_code(lf, after);
	null = token_next_code(lf, ret);
	return ident_is(lf, ret, "return") && ident_is(lf, null, "NULL");
}

/* One WARN_ON*() at warn (its "(" at open, ")" at close), under the
 * flag guard (-1: none). */
static void read_warn(const struct lexed_file *lf, long warn, long open, long close, long guard,
		      struct era *era)
{
	long first = token_next_code(lf, open), a, b;
	struct era_alloc_check c = { 0 };

	if (guard >= 0 && ident_is(lf, first, "max_active") &&
	    token_next_code(lf, first) == close) {
		c.kind = ALLOC_NO_MAX_ACTIVE;
	} else if (guard >= 0 && flag_test(lf, first) < 0 && ident_is(lf, first, "flags") &&
		   punct_is(lf, token_next_code(lf, first), "&") &&
		   punct_is(lf, token_next_code(lf, token_next_code(lf, first)), "~")) {
		long mask = token_next_code(lf, token_next_code(lf, token_next_code(lf, first)));
		unsigned i;

		c.kind = ALLOC_ONLY_WITH;
		c.mask = tokens_text(lf, mask, token_prev_code(lf, close));
		if (ident_is(lf, mask, "__WQ_BH_ALLOWS") && token_next_code(lf, mask) == close) {
			for (i = 0; i < era->nr_bh_allows; i++)
				add_with(&c, era->bh_allows[i], strlen(era->bh_allows[i]));
		} else {
			for (i = (unsigned)mask; (long)i < close; i++)
				if (lf->tokens[i].kind == TOK_IDENT &&
				    !strncmp(lf->text + lf->tokens[i].offset, "WQ_", 3))
					add_with(&c, lf->text + lf->tokens[i].offset,
						 lf->tokens[i].len);
		}
		if (!c.nr_with) {
			free(c.mask);
			return;	/* a mask we cannot see through */
		}
	} else if (punct_is(lf, first, "(") && (a = flag_test(lf, token_next_code(lf, first))) >= 0) {
		/* ((flags & A) && (flags & B)) */
		long and = token_next_code(lf, token_next_code(lf, a));

		if (!punct_is(lf, and, "&&") || !punct_is(lf, token_next_code(lf, and), "(") ||
		    (b = flag_test(lf, token_next_code(lf, token_next_code(lf, and)))) < 0)
			return;
		c.kind = ALLOC_NOT_WITH;
		guard = a;
		add_with(&c, lf->text + lf->tokens[b].offset, lf->tokens[b].len);
	} else {
		return;
	}
	c.flag = token_text(lf, guard);
	c.test = tokens_text(lf, warn, close);
	c.line = lf->tokens[warn].line;
	c.column = lf->tokens[warn].column;
	c.fails = warn_fails(lf, warn, close);
	era->alloc_checks = xrealloc(era->alloc_checks,
				     (era->nr_alloc_checks + 1) * sizeof(*era->alloc_checks));
	era->alloc_checks[era->nr_alloc_checks++] = c;
}

/* The body of the function whose definition's name is at name. */
static void read_body(const struct lexed_file *lf, long name, struct era *era)
{
	long open = token_next_code(lf, name), close, body, end, i;
	long guard = -1, guard_end = -1;

	if (!punct_is(lf, open, "("))
		return;
	close = token_match_bracket(lf, (size_t)open);
	body = close < 0 ? -1 : token_next_code(lf, close);
	if (!punct_is(lf, body, "{"))
		return;		/* a declaration, not the definition */
	end = token_match_bracket(lf, (size_t)body);
	for (i = token_next_code(lf, body); i >= 0 && i < end; i = token_next_code(lf, i)) {
		long p, c;

		if (i > guard_end)
			guard = -1;
		/* if (flags & WQ_X) { ... } */
		if (ident_is(lf, i, "if") && punct_is(lf, token_next_code(lf, i), "(")) {
			long f = flag_test(lf, token_next_code(lf, token_next_code(lf, i)));

			p = token_next_code(lf, i);
			c = token_match_bracket(lf, (size_t)p);
			if (f >= 0 && c == token_next_code(lf, f) + 0 &&
			    punct_is(lf, token_next_code(lf, c), "{")) {
				guard = f;
				guard_end = token_match_bracket(lf, (size_t)token_next_code(lf, c));
			}
			continue;
		}
		if ((ident_is(lf, i, "WARN_ON_ONCE") || ident_is(lf, i, "WARN_ON")) &&
		    punct_is(lf, token_next_code(lf, i), "(")) {
			p = token_next_code(lf, i);
			c = token_match_bracket(lf, (size_t)p);
			if (c > p)
				read_warn(lf, i, p, c, guard, era);
		}
	}
}

void era_alloc_checks_from_text(struct era *era, const char *text, size_t len)
{
	struct lexed_file lf = { 0 };
	size_t i;

	era->core_read = true;
	era->core_tests_percpu = memmem(text, len, "& WQ_PERCPU", 11) != NULL;
	lex_file(&lf, text, len);
	for (i = 0; i < lf.nr_tokens; i++)
		if (!lf.tokens[i].in_directive &&
		    (ident_is(&lf, (long)i, "__alloc_workqueue") ||
		     ident_is(&lf, (long)i, "alloc_workqueue")))
			read_body(&lf, (long)i, era);
	lexed_file_release(&lf);
}

void era_read_alloc_checks(const char *root, struct era *era)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

	strbuf_addf(&path, "%s/kernel/workqueue.c", root);
	if (strbuf_read_file(&text, path.buf) == 0)
		era_alloc_checks_from_text(era, text.buf ? text.buf : "", text.len);
	strbuf_release(&text);
	strbuf_release(&path);
}

void era_alloc_checks_release(struct era *era)
{
	unsigned i, j;

	for (i = 0; i < era->nr_alloc_checks; i++) {
		struct era_alloc_check *c = &era->alloc_checks[i];

		for (j = 0; j < c->nr_with; j++)
			free(c->with[j]);
		free(c->with);
		free(c->flag);
		free(c->mask);
		free(c->test);
	}
	free(era->alloc_checks);
	era->alloc_checks = NULL;
	era->nr_alloc_checks = 0;
}
