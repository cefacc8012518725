#include "analysis/model/quiet-calls.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The kernel log's levels, as the print helpers end. */
static const char *const levels[] = {
	"dbg", "err", "warn", "info", "notice", "crit", "alert", "emerg", "debug", NULL
};

/* Conversions a quiet call may be given: they compute a value. */
static const char *const conversions[] = {
	"msecs_to_jiffies", "usecs_to_jiffies", "jiffies_to_msecs", "READ_ONCE",
	"dev_name", "netdev_name", "ERR_PTR", "PTR_ERR", NULL
};

static bool one_of(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(name, *names))
			return true;
	return false;
}

/* prefix followed by a level, and maybe _ratelimited or _once. */
static bool leveled(const char *name, const char *prefix)
{
	size_t n = strlen(prefix), k;

	if (strncmp(name, prefix, n))
		return false;
	name += n;
	for (k = 0; levels[k]; k++) {
		size_t l = strlen(levels[k]);

		if (!strncmp(name, levels[k], l) &&
		    (!name[l] || !strcmp(name + l, "_ratelimited") || !strcmp(name + l, "_once")))
			return true;
	}
	return false;
}

static bool is_print(const char *name)
{
	char low[64];
	size_t k;

	for (k = 0; name[k] && k + 1 < sizeof(low); k++)
		low[k] = (char)tolower((unsigned char)name[k]);
	low[k] = '\0';
	/* printk(), DPRINTK(), VPRINTK(), ata_port_printk(), ... */
	if (strstr(low, "printk"))
		return true;
	return leveled(name, "pr_") || leveled(name, "dev_") || leveled(name, "netdev_");
}

static bool is_wait(const char *name)
{
	return !strncmp(name, "wait_event", 10) || !strcmp(name, "msleep") ||
	       !strcmp(name, "ssleep") || !strcmp(name, "usleep_range") ||
	       !strcmp(name, "msleep_interruptible") || !strcmp(name, "cpu_relax");
}

bool quiet_call_name(const char *name)
{
	return is_print(name) || is_wait(name);
}

static const char *const writes[] = { "=", "+=", "-=", "|=", "&=", "^=", "++", "--", "<<=",
				      ">>=", "*=", "/=", "%=", NULL };

static bool is_write(const struct lexed_file *lf, long i)
{
	const char *const *w;

	for (w = writes; *w; w++)
		if (tok_is_punct(lf, i, *w))
			return true;
	return false;
}

static long next(const struct lexed_file *lf, const bool *dead, long i)
{
	do
		i = token_next_code(lf, i);
	while (i >= 0 && (size_t)i < lf->nr_tokens &&
	       ((dead && dead[i]) || lf->tokens[i].in_directive));
	return i;
}

/* Tokens [from, to] write nothing and call only quiet names or
 * conversions. */
static bool quiet_tokens(const struct lexed_file *lf, const bool *dead, long from, long to)
{
	long i;

	for (i = from; i >= 0 && i <= to; i = next(lf, dead, i)) {
		char *name;
		bool ok;

		if (is_write(lf, i))
			return false;
		if (lf->tokens[i].kind != TOK_IDENT || !tok_is_punct(lf, next(lf, dead, i), "("))
			continue;
		name = tok_text(lf, (size_t)i);
		ok = quiet_call_name(name) || one_of(name, conversions);
		free(name);
		if (!ok)
			return false;
	}
	return true;
}

bool quiet_statement(const struct lexed_file *lf, const bool *dead, long first, long last)
{
	long i = first, open, close;
	char *name;
	bool ok;

	if (tok_is_ident(lf, i, "if")) {
		open = next(lf, dead, i);
		close = tok_is_punct(lf, open, "(") ? token_match_bracket(lf, (size_t)open) : -1;
		if (close < 0 || close > last || !quiet_tokens(lf, dead, open, close))
			return false;
		i = next(lf, dead, close);
		/* a braced body of one statement */
		if (tok_is_punct(lf, i, "{") && tok_is_punct(lf, last, "}")) {
			long end = token_match_bracket(lf, (size_t)i);

			if (end != last)
				return false;
			last = token_prev_code(lf, last);
			if (!tok_is_punct(lf, last, ";"))
				return false;
			last = token_prev_code(lf, last);
			i = next(lf, dead, i);
		}
	}
	if (tok_is_punct(lf, last, ";"))
		last = token_prev_code(lf, last);
	if (i < 0 || lf->tokens[i].kind != TOK_IDENT)
		return false;
	open = next(lf, dead, i);
	if (!tok_is_punct(lf, open, "(") || token_match_bracket(lf, (size_t)open) != last)
		return false;
	name = tok_text(lf, (size_t)i);
	ok = quiet_call_name(name);
	free(name);
	return ok && quiet_tokens(lf, dead, next(lf, dead, open), token_prev_code(lf, last));
}
