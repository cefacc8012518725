/* WQ005: WQ_NON_REENTRANT in workqueue flags.
 *
 * Since 3.7 every workqueue is non-reentrant and the flag does nothing; upstream
 * dropped it from every flags expression ("WQ_NON_REENTRANT is meaningless and
 * going away"): A | WQ_NON_REENTRANT | B becomes A | B, and a lone flag 0. */
#include "analysis/fix/fix-build.h"
#include "analysis/rules/rule.h"
#include "lib/usage.h"

#include <string.h>

static bool is_punct(const struct lexed_file *lf, long i, const char *s)
{
	return i >= 0 && lf->tokens[i].kind == TOK_PUNCT && token_is(lf, &lf->tokens[i], s);
}

/* Does a line break follow token i? `A | WQ_NON_REENTRANT |` at the end of a
 * line loses its leading `| WQ_NON_REENTRANT`, so that the next line stays. */
static bool line_breaks_after(const struct lexed_file *lf, long i)
{
	long next = token_next_code(lf, i);

	return next >= 0 && lf->tokens[next].line != lf->tokens[i].line;
}

/* `flags |= WQ_NON_REENTRANT;` alone on its line: the statement goes. */
static bool delete_or_assign_line(const struct rule_context *ctx, struct finding *f,
				  long prev, long next)
{
	const struct lexed_file *lf = ctx->lex;
	long lhs_first = prev, i;
	size_t start, end;

	if (!is_punct(lf, prev, "|=") || !is_punct(lf, next, ";"))
		return false;
	/* `if (c) flags |= WQ_NON_REENTRANT; else ...`: the line cannot go. */
	if (token_next_code(lf, next) >= 0 &&
	    token_is(lf, &lf->tokens[token_next_code(lf, next)], "else"))
		return false;
	for (i = token_prev_code(lf, prev); i >= 0; i = token_prev_code(lf, i)) {
		if (lf->tokens[i].kind == TOK_PUNCT && lf->tokens[i].len == 1 &&
		    strchr(";{}", lf->text[lf->tokens[i].offset]))
			break;
		lhs_first = i;
	}
	start = lf->tokens[lhs_first].offset;
	while (start > 0 && (lf->text[start - 1] == ' ' || lf->text[start - 1] == '\t'))
		start--;
	if (start > 0 && lf->text[start - 1] != '\n')
		return false;
	end = lf->tokens[next].offset + 1;
	while (end < lf->size && (lf->text[end] == ' ' || lf->text[end] == '\t'))
		end++;
	if (end < lf->size && lf->text[end] != '\n')
		return false;
	finding_add_edit(f, start, end < lf->size ? end + 1 : end, "");
	return true;
}

static void explain_wq_non_reentrant(const struct rule_context *ctx, struct finding *f)
{
	const struct lexed_file *lf = ctx->lex;
	const struct token *tok = &lf->tokens[ctx->token];
	long prev = token_prev_code(lf, (long)ctx->token);
	long next = token_next_code(lf, (long)ctx->token);

	f->message = xstrdup("WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is "
			     "non-reentrant; drop it from the flags");
	if (is_punct(lf, next, "|") &&
	    lf->tokens[next].directive_index == tok->directive_index &&
	    !(is_punct(lf, prev, "|") && line_breaks_after(lf, next) &&
	      lf->tokens[prev].line == tok->line)) {
		long after = token_next_code(lf, next);

		finding_add_edit(f, tok->offset, lf->tokens[after].offset, "");
	} else if (is_punct(lf, prev, "|")) {
		long before = token_prev_code(lf, prev);
		const struct token *b = &lf->tokens[before];

		finding_add_edit(f, b->offset + b->len, tok->offset + tok->len, "");
	} else if (delete_or_assign_line(ctx, f, prev, next)) {
		return;
	} else {
		fix_replace_token(f, lf, ctx->token, "0");
	}
	fix_reflow_enclosing_call(f, lf, ctx->token);
}

static const char *const wq_non_reentrant_names[] = { "WQ_NON_REENTRANT", NULL };

const struct rule rule_wq_non_reentrant = {
	.id = "WQ005",
	.family = RULE_FAMILY_LEGACY,
	.retired_in = "system_percpu_wq",
	.name = "wq-non-reentrant",
	.summary = "WQ_NON_REENTRANT is meaningless: drop it from the flags",
	.help = "Since Linux 3.7 (dbf2576e37da) every workqueue is non-reentrant, so the "
		"WQ_NON_REENTRANT flag has no effect; upstream dropped it from every "
		"alloc_workqueue() flags expression.",
	.severity = SEVERITY_WARNING,
	.identifiers = wq_non_reentrant_names,
	.explain = explain_wq_non_reentrant,
};
