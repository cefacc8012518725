/* WQ022: alloc_workqueue() whose flags say neither WQ_PERCPU nor WQ_UNBOUND.
 *
 * Linux 6.17 (930c2ea566af) added WQ_PERCPU, the complement of WQ_UNBOUND,
 * because unbound is to become alloc_workqueue()'s default: every caller is
 * to say which it wants. The behaviour-preserving form upstream uses adds
 * WQ_PERCPU last ("<prefix>: add WQ_PERCPU to alloc_workqueue users"):
 * `0` becomes `WQ_PERCPU`, `A | B` becomes `A | B | WQ_PERCPU`.
 *
 * The flags are judged as written. A name that is not a WQ_ constant (a
 * variable, a macro) is followed to its definition in the same file; when
 * that says WQ_PERCPU or WQ_UNBOUND the call is explicit already, when it
 * cannot be seen the finding is a note without a fix: OR-ing WQ_PERCPU into a
 * value that may hold WQ_UNBOUND would make the call fail. */
#include "analysis/fix/fix-build.h"
#include "analysis/rules/rule.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <string.h>

/* Tokens [first, last] of argument k (0-based) of the call whose name is
 * token name; false when the call cannot be read. */
static bool call_argument(const struct lexed_file *lf, size_t name, int k,
			  long *first, long *last)
{
	long open = token_next_code(lf, (long)name), close, i;
	int depth = 0, arg = 0;

	if (open < 0 || !token_is(lf, &lf->tokens[open], "("))
		return false;
	close = token_match_bracket(lf, (size_t)open);
	if (close < 0)
		return false;
	*first = *last = -1;
	for (i = token_next_code(lf, open); i >= 0 && i < close; i = token_next_code(lf, i)) {
		const struct token *t = &lf->tokens[i];

		if (t->kind == TOK_PUNCT && (token_is(lf, t, "(") || token_is(lf, t, "[") ||
					     token_is(lf, t, "{")))
			depth++;
		else if (t->kind == TOK_PUNCT && (token_is(lf, t, ")") || token_is(lf, t, "]") ||
						  token_is(lf, t, "}")))
			depth--;
		else if (!depth && t->kind == TOK_PUNCT && token_is(lf, t, ",")) {
			if (arg++ == k)
				break;
			continue;
		}
		if (arg == k) {
			if (*first < 0)
				*first = i;
			*last = i;
		}
	}
	return *first >= 0;
}

static bool token_names(const struct lexed_file *lf, long i, const char *name)
{
	return lf->tokens[i].kind == TOK_IDENT && token_is(lf, &lf->tokens[i], name);
}

static bool is_wq_constant(const struct lexed_file *lf, long i)
{
	const struct token *t = &lf->tokens[i];
	const char *s = lf->text + t->offset;

	return t->kind == TOK_IDENT &&
	       ((t->len > 3 && !memcmp(s, "WQ_", 3)) || (t->len > 5 && !memcmp(s, "__WQ_", 5)));
}

enum flags_verdict {
	FLAGS_EXPLICIT,		/* names WQ_PERCPU or WQ_UNBOUND */
	FLAGS_IMPLICIT,		/* plain WQ_ constants and numbers: fixable */
	FLAGS_UNSEEN,		/* a name whose value cannot be seen here */
};

/* The definition of name in this file: a #define's body, or the
 * initialiser / assignments `name = ...;`. Returns the verdict on what it
 * holds, FLAGS_UNSEEN when there is none. */
static enum flags_verdict follow_name(const struct lexed_file *lf, long use,
				      const char **why);

static enum flags_verdict judge_tokens(const struct lexed_file *lf, long first, long last,
				       int depth, const char **why)
{
	enum flags_verdict v = FLAGS_IMPLICIT;
	long i;

	for (i = first; i >= 0 && i <= last; i = token_next_code(lf, i)) {
		const struct token *t = &lf->tokens[i];

		if (token_names(lf, i, "WQ_PERCPU") || token_names(lf, i, "WQ_UNBOUND"))
			return FLAGS_EXPLICIT;
		if (t->kind != TOK_IDENT || is_wq_constant(lf, i))
			continue;
		if (depth > 0) {
			*why = "a name in the flags is defined through another";
			v = FLAGS_UNSEEN;
			continue;
		}
		switch (follow_name(lf, i, why)) {
		case FLAGS_EXPLICIT:
			return FLAGS_EXPLICIT;
		case FLAGS_UNSEEN:
			v = FLAGS_UNSEEN;
			break;
		case FLAGS_IMPLICIT:
			break;
		}
	}
	return v;
}

/* The last token of the value that starts at token from: up to the ';'
 * (or, in an initialiser list, the ',') that ends it. */
static long value_end(const struct lexed_file *lf, long from, bool comma_ends)
{
	long end;

	for (end = from; end >= 0 && (size_t)end < lf->nr_tokens &&
	     !token_is(lf, &lf->tokens[end], ";") &&
	     !(comma_ends && token_is(lf, &lf->tokens[end], ",")); end++)
		;
	return end - 1;
}

static enum flags_verdict follow_name(const struct lexed_file *lf, long use,
				      const char **why)
{
	const struct token *u = &lf->tokens[use];
	bool seen = false, unseen = false;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		long next, end, prev;

		if ((long)i == use || t->kind != TOK_IDENT || t->len != u->len ||
		    memcmp(lf->text + t->offset, lf->text + u->offset, u->len))
			continue;
		/* host->flags is another thing than a variable flags */
		prev = token_prev_code(lf, (long)i);
		if (prev >= 0 && (token_is(lf, &lf->tokens[prev], ".") ||
				  token_is(lf, &lf->tokens[prev], "->")))
			continue;
		next = token_next_code(lf, (long)i);
		if (t->is_directive_name && t->in_directive && next >= 0 &&
		    lf->tokens[next].directive_index == t->directive_index &&
		    lf->tokens[next].kind != TOK_DIRECTIVE_END) {
			/* #define NAME body: up to the end of the directive */
			for (end = next; (size_t)end + 1 < lf->nr_tokens &&
			     lf->tokens[end + 1].kind != TOK_DIRECTIVE_END; end++)
				;
			if (token_is(lf, &lf->tokens[next], "(") &&
			    lf->tokens[next].offset == t->offset + t->len)
				continue;	/* a function-like macro */
		} else if (next >= 0 && token_is(lf, &lf->tokens[next], "=") &&
			   !t->in_directive) {
			next = token_next_code(lf, next);
			end = value_end(lf, next, true);
		} else if (next >= 0 && (token_is(lf, &lf->tokens[next], "|=") ||
					 token_is(lf, &lf->tokens[next], "&="))) {
			next = token_next_code(lf, next);
			end = value_end(lf, next, false);
		} else {
			continue;
		}
		if (next < 0 || end < next)
			continue;
		/* Any definition that says it makes the call explicit; one
		 * that cannot be seen through leaves it unseen. */
		switch (judge_tokens(lf, next, end, 1, why)) {
		case FLAGS_EXPLICIT:
			return FLAGS_EXPLICIT;
		case FLAGS_UNSEEN:
			unseen = true;
			break;
		case FLAGS_IMPLICIT:
			seen = true;
			break;
		}
	}
	if (!seen && !unseen)
		*why = "the flags name a value defined outside this file";
	return seen && !unseen ? FLAGS_IMPLICIT : FLAGS_UNSEEN;
}

static enum flags_verdict judge_call(const struct rule_context *ctx, long *first,
				     long *last, const char **why)
{
	const struct lexed_file *lf = ctx->lex;

	*why = NULL;
	if (!call_argument(lf, ctx->token, 1, first, last)) {
		*why = "its flags argument cannot be read (a call split across macros?)";
		return FLAGS_UNSEEN;
	}
	if (lf->tokens[*first].directive_index != lf->tokens[ctx->token].directive_index ||
	    lf->tokens[*last].directive_index != lf->tokens[ctx->token].directive_index) {
		*why = "its flags are split across preprocessor lines";
		return FLAGS_UNSEEN;
	}
	return judge_tokens(lf, *first, *last, 0, why);
}

static bool applies(const struct rule_context *ctx)
{
	const struct lexed_file *lf = ctx->lex;
	long next = token_next_code(lf, (long)ctx->token), first, last;
	const char *why;

	if (rule_in_workqueue_core(ctx))
		return false;
	/* A call, not a mention (&alloc_workqueue, a #define of a wrapper's
	 * name): the scan already left out declarations and macro parameters. */
	if (next < 0 || !token_is(lf, &lf->tokens[next], "("))
		return false;
	return judge_call(ctx, &first, &last, &why) != FLAGS_EXPLICIT;
}

/* WQ_BH among the flags tokens first..last. */
static bool names_bh(const struct lexed_file *lf, long first, long last)
{
	long i;

	for (i = first; i >= 0 && i <= last; i = token_next_code(lf, i))
		if (token_names(lf, i, "WQ_BH"))
			return true;
	return false;
}

static void explain(const struct rule_context *ctx, struct finding *f)
{
	const struct lexed_file *lf = ctx->lex;
	const char *why;
	long first, last;
	enum flags_verdict v = judge_call(ctx, &first, &last, &why);
	const struct unbound_verdict *verdict = NULL;
	struct strbuf msg = STRBUF_INIT;
	const char *flag;

	strbuf_addstr(&msg, "alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since "
		      "6.17 unbound is to become the default, so say which; ");
	if (v == FLAGS_UNSEEN) {
		f->severity = SEVERITY_NOTE;
		strbuf_addf(&msg, "%s, so no fix is offered: add WQ_PERCPU where the "
			    "value is made unless it may hold WQ_UNBOUND", why);
		f->message = strbuf_detach(&msg);
		return;
	}
	flag = "WQ_PERCPU";
	if (ctx->unbound)
		verdict = unbound_verdict_find(ctx->unbound, ctx->file, f->line,
					       UNBOUND_SITE_ALLOC);
	if (verdict && verdict->unbound && names_bh(lf, first, last) &&
	    !era_bh_allows(ctx->era, "WQ_UNBOUND")) {
		/* What the tree's header forbids is never proposed. */
		strbuf_addstr(&msg, "WQ_PERCPU keeps today's per-CPU behaviour; add it "
			      "(kept per-CPU: a WQ_BH workqueue, and the tree's "
			      "__WQ_BH_ALLOWS does not admit WQ_UNBOUND)");
	} else if (verdict && verdict->unbound) {
		flag = "WQ_UNBOUND";
		f->made_unbound = true;
		strbuf_addf(&msg, "%s; add WQ_UNBOUND", verdict->why);
	} else {
		strbuf_addstr(&msg, "WQ_PERCPU keeps today's per-CPU behaviour; add it");
		if (ctx->unbound)
			strbuf_addf(&msg, " (kept per-CPU: %s)", verdict ? verdict->why :
				    "the work queued on it is not known here");
	}
	f->message = strbuf_detach(&msg);
	if (first == last && lf->tokens[first].kind == TOK_NUMBER &&
	    token_is(lf, &lf->tokens[first], "0")) {
		fix_replace_token(f, lf, (size_t)first, flag);
	} else {
		const struct token *t = &lf->tokens[last];
		size_t at = t->offset + t->len;
		char add[32];

		snprintf(add, sizeof(add), " | %s", flag);
		finding_add_edit(f, at, at, add);
	}
	fix_reflow_call(f, lf, ctx->token);
	f->reflow.may_wrap = true;
}

static const char *const names[] = { "alloc_workqueue", NULL };

const struct rule rule_wq_percpu = {
	.id = "WQ022",
	.family = RULE_FAMILY_MIGRATION,
	.name = "alloc-workqueue-percpu",
	.summary = "alloc_workqueue() flags name neither WQ_PERCPU nor WQ_UNBOUND (6.17+)",
	.help = "Linux 6.17 (930c2ea566af) added WQ_PERCPU: unbound is to become "
		"alloc_workqueue()'s default, so every caller says WQ_PERCPU or "
		"WQ_UNBOUND. Adding WQ_PERCPU keeps today's behaviour.",
	.severity = SEVERITY_WARNING,
	.identifiers = names,
	.needs = "WQ_PERCPU",
	.applies = applies,
	.explain = explain,
};
