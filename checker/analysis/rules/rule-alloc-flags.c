/* WQ023: alloc_workqueue() flags the tree's own kernel/workqueue.c refuses.
 *
 * Since 6.9 (WQ_BH, 4cb1ef64609f) __alloc_workqueue() fails, with a
 * warning, a WQ_BH workqueue that asks for a flag outside __WQ_BH_ALLOWS
 * (WQ_UNBOUND, WQ_MEM_RECLAIM, ...) or for a max_active: the caller gets
 * NULL and its driver stops probing. That happened on the lists in the
 * 6.17 migration: "wifi: rtw88: add WQ_UNBOUND to alloc_workqueue users"
 * set WQ_UNBOUND on rtw88's WQ_BH rx workqueue and was reverted after
 * syzbot's report. What is refused is read from the tree's code
 * (front/era-alloc.c), not from a table here: a tree without the tests
 * gets no finding, one that adds a test gets its findings.
 *
 * WQ_PERCPU beside WQ_UNBOUND contradicts itself; where the tree's core
 * refuses it, it is an error like the others; where the core never tests
 * WQ_PERCPU (6.17-7.0) it is a warning that WQ_UNBOUND wins. */
#include "analysis/rules/rule.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The flag names (WQ_*) and the max_active of one call. */
struct call_flags {
	const char *names[16];
	size_t lens[16];
	size_t nr;
	long max_active;		/* -1: not a plain number */
};

static bool has_flag(const struct call_flags *cf, const char *flag)
{
	size_t i;

	for (i = 0; i < cf->nr; i++)
		if (cf->lens[i] == strlen(flag) && !memcmp(cf->names[i], flag, cf->lens[i]))
			return true;
	return false;
}

/* Arguments 1 (flags) and 2 (max_active) of the call at ctx->token. */
static bool read_call(const struct rule_context *ctx, struct call_flags *cf)
{
	const struct lexed_file *lf = ctx->lex;
	long open = token_next_code(lf, (long)ctx->token), close, i;
	int depth = 0, arg = 0;

	memset(cf, 0, sizeof(*cf));
	cf->max_active = -1;
	if (open < 0 || !token_is(lf, &lf->tokens[open], "("))
		return false;
	close = token_match_bracket(lf, (size_t)open);
	if (close < 0)
		return false;
	for (i = token_next_code(lf, open); i >= 0 && i < close; i = token_next_code(lf, i)) {
		const struct token *t = &lf->tokens[i];

		if (t->kind == TOK_PUNCT && (token_is(lf, t, "(") || token_is(lf, t, "[")))
			depth++;
		else if (t->kind == TOK_PUNCT && (token_is(lf, t, ")") || token_is(lf, t, "]")))
			depth--;
		else if (!depth && t->kind == TOK_PUNCT && token_is(lf, t, ","))
			arg++;
		else if (arg == 1 && t->kind == TOK_IDENT && t->len > 3 &&
			 !memcmp(lf->text + t->offset, "WQ_", 3) && cf->nr < 16) {
			cf->names[cf->nr] = lf->text + t->offset;
			cf->lens[cf->nr++] = t->len;
		} else if (arg == 2 && t->kind == TOK_NUMBER &&
			   token_next_code(lf, i) == close) {
			long prev = token_prev_code(lf, i);

			if (prev >= 0 && token_is(lf, &lf->tokens[prev], ","))
				cf->max_active = strtol(lf->text + t->offset, NULL, 0);
		}
	}
	return arg >= 1;
}

/* The first of the tree's checks the call breaks, and the flag it names
 * beside the guard (for ONLY_WITH and NOT_WITH). */
static const struct era_alloc_check *broken_check(const struct rule_context *ctx,
						  const struct call_flags *cf, char *other,
						  size_t size)
{
	const struct era *era = ctx->era;
	unsigned i, j;
	size_t k;

	for (i = 0; era && i < era->nr_alloc_checks; i++) {
		const struct era_alloc_check *c = &era->alloc_checks[i];

		if (!has_flag(cf, c->flag))
			continue;
		switch (c->kind) {
		case ALLOC_NO_MAX_ACTIVE:
			if (cf->max_active > 0)
				return c;
			break;
		case ALLOC_NOT_WITH:
			if (has_flag(cf, c->with[0])) {
				snprintf(other, size, "%s", c->with[0]);
				return c;
			}
			break;
		case ALLOC_ONLY_WITH:
			for (k = 0; k < cf->nr; k++) {
				bool admitted = cf->lens[k] == strlen(c->flag) &&
						!memcmp(cf->names[k], c->flag, cf->lens[k]);

				for (j = 0; j < c->nr_with && !admitted; j++)
					admitted = cf->lens[k] == strlen(c->with[j]) &&
						   !memcmp(cf->names[k], c->with[j], cf->lens[k]);
				if (!admitted) {
					snprintf(other, size, "%.*s", (int)cf->lens[k], cf->names[k]);
					return c;
				}
			}
			break;
		}
	}
	return NULL;
}

/* WQ_PERCPU and WQ_UNBOUND both, where the tree has WQ_PERCPU and its core
 * does not refuse the pair (then broken_check() said it). */
static bool contradicts(const struct rule_context *ctx, const struct call_flags *cf)
{
	return ctx->era && ctx->era->from_header && ctx->era->core_read &&
	       era_has(ctx->era, "WQ_PERCPU") && has_flag(cf, "WQ_PERCPU") &&
	       has_flag(cf, "WQ_UNBOUND") && !ctx->era->core_tests_percpu;
}

static bool applies(const struct rule_context *ctx)
{
	struct call_flags cf;
	char other[64];

	if (rule_in_workqueue_core(ctx) || !read_call(ctx, &cf))
		return false;
	return broken_check(ctx, &cf, other, sizeof(other)) || contradicts(ctx, &cf);
}

static void explain(const struct rule_context *ctx, struct finding *f)
{
	struct call_flags cf;
	struct strbuf msg = STRBUF_INIT, note = STRBUF_INIT;
	const struct era_alloc_check *c;
	char other[64] = "";
	unsigned j;

	read_call(ctx, &cf);
	c = broken_check(ctx, &cf, other, sizeof(other));
	if (!c) {
		f->severity = SEVERITY_WARNING;
		strbuf_addstr(&msg, "alloc_workqueue() with WQ_PERCPU and WQ_UNBOUND: the two "
			      "contradict each other, and the tree's kernel/workqueue.c "
			      "never tests WQ_PERCPU, so the workqueue is unbound; keep the "
			      "one meant");
		f->message = strbuf_detach(&msg);
		return;
	}
	switch (c->kind) {
	case ALLOC_NO_MAX_ACTIVE:
		strbuf_addf(&msg, "alloc_workqueue() with %s and a max_active of %ld", c->flag,
			    cf.max_active);
		break;
	default:
		strbuf_addf(&msg, "alloc_workqueue() with %s and %s", c->flag, other);
		break;
	}
	strbuf_addf(&msg, ": the tree's kernel/workqueue.c %s it (%s at line %u)",
		    c->fails ? "refuses" : "warns about", c->test, c->line);
	if (c->fails)
		strbuf_addstr(&msg, ", so the call warns and returns NULL and the caller's "
			      "probe or init fails");
	switch (c->kind) {
	case ALLOC_NO_MAX_ACTIVE:
		strbuf_addf(&msg, "; a %s workqueue takes 0", c->flag);
		break;
	case ALLOC_NOT_WITH:
		strbuf_addf(&msg, "; keep %s or %s", c->flag, other);
		break;
	case ALLOC_ONLY_WITH:
		strbuf_addf(&msg, "; drop %s, or %s if the work needs it", other, c->flag);
		strbuf_addf(&note, "%s admits only", c->mask);
		for (j = 0; j < c->nr_with; j++)
			strbuf_addf(&note, "%s %s", j ? (j + 1 == c->nr_with ? " and" : ",") : "",
				    c->with[j]);
		break;
	}
	f->message = strbuf_detach(&msg);
	finding_add_evidence(f, "kernel/workqueue.c", c->line, c->column,
			     note.len ? note.buf : c->test);
	strbuf_release(&note);
}

static const char *const names[] = { "alloc_workqueue", NULL };

const struct rule rule_alloc_flags = {
	.id = "WQ023",
	.family = RULE_FAMILY_FLAGS,
	.name = "alloc-workqueue-refused-flags",
	.summary = "alloc_workqueue() flags the tree's kernel/workqueue.c refuses (WQ_BH with WQ_UNBOUND, ...)",
	.help = "__alloc_workqueue() fails, with a warning, a WQ_BH workqueue asking for a "
		"flag outside __WQ_BH_ALLOWS or a max_active (Linux 6.9, 4cb1ef64609f): the "
		"caller gets NULL. Which combinations are refused is read from the tree's "
		"kernel/workqueue.c.",
	.severity = SEVERITY_ERROR,
	.identifiers = names,
	.applies = applies,
	.explain = explain,
};
