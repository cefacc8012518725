/* WQ003, WQ004: the non-reentrant system workqueues.
 *
 * system_nrt_wq and system_nrt_freezable_wq existed only to get
 * non-reentrancy; since 3.7 system_wq and system_freezable_wq give it. Upstream
 * turned queue_work(system_nrt_wq, w) into schedule_work(w) and
 * queue_delayed_work(system_nrt_wq, w, d) into schedule_delayed_work(w, d), and
 * every other use into the plain system workqueue. */
#include "analysis/fix/fix-build.h"
#include "analysis/rules/rule.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <string.h>

static const char *const since = "since 3.7 every workqueue is non-reentrant";

/* `queue_work(system_nrt_wq,	/- why -/` loses its first argument, and the
 * comment that explained it moves behind the statement, renamed. */
static bool move_comments_after_statement(struct finding *f, const struct lexed_file *lf,
					  size_t name, long comma, long next)
{
	long open = token_next_code(lf, (long)name), close, semi, i;
	struct strbuf moved = STRBUF_INIT;

	close = open >= 0 ? token_match_bracket(lf, (size_t)open) : -1;
	semi = close >= 0 ? token_next_code(lf, close) : -1;
	if (semi < 0 || !token_is(lf, &lf->tokens[semi], ";"))
		return false;
	for (i = comma + 1; i < next; i++) {
		const struct token *c = &lf->tokens[i];
		const char *text = lf->text + c->offset;
		size_t at = 0;

		strbuf_addch(&moved, '\t');
		while (at < c->len) {
			const char *hit = memmem(text + at, c->len - at, "system_nrt_wq", 13);
			size_t upto = hit ? (size_t)(hit - text) : c->len;

			strbuf_add(&moved, text + at, upto - at);
			if (!hit)
				break;
			strbuf_addstr(&moved, "system_wq");
			at = upto + 13;
		}
	}
	finding_add_edit(f, lf->tokens[token_prev_code(lf, comma)].offset, lf->tokens[next].offset,
			 "");
	finding_add_edit(f, lf->tokens[semi].offset + 1, lf->tokens[semi].offset + 1, moved.buf);
	strbuf_release(&moved);
	fix_reflow_call(f, lf, name);
	return true;
}

/* queue_work(system_nrt_wq, w) -> schedule_work(w): the name changes and the
 * first argument goes, with whatever separated it from the second. */
static bool explain_schedule_form(const struct rule_context *ctx, struct finding *f)
{
	const struct lexed_file *lf = ctx->lex;
	long name = call_of_first_argument(lf, ctx->token), comma, next;
	const char *replacement;
	char buf[300];

	if (name < 0)
		return false;
	if (token_is(lf, &lf->tokens[name], "queue_work"))
		replacement = "schedule_work";
	else if (token_is(lf, &lf->tokens[name], "queue_delayed_work"))
		replacement = "schedule_delayed_work";
	else
		return false;
	comma = token_next_code(lf, (long)ctx->token);
	if (comma < 0 || !token_is(lf, &lf->tokens[comma], ","))
		return false;
	next = token_next_code(lf, comma);
	if (next < 0 || lf->tokens[next].directive_index != lf->tokens[ctx->token].directive_index)
		return false;
	snprintf(buf, sizeof(buf),
		 "%.*s() on system_nrt_wq is redundant: %s, so system_wq gives the same "
		 "guarantee; use %s()",
		 (int)lf->tokens[name].len, lf->text + lf->tokens[name].offset, since,
		 replacement);
	f->message = xstrdup(buf);
	fix_replace_token(f, lf, (size_t)name, replacement);
	if (next != comma + 1 && move_comments_after_statement(f, lf, (size_t)name, comma, next))
		return true;
	finding_add_edit(f, lf->tokens[ctx->token].offset, lf->tokens[next].offset, "");
	fix_reflow_call(f, lf, (size_t)name);
	return true;
}

static void explain_system_nrt_wq(const struct rule_context *ctx, struct finding *f)
{
	char buf[300];

	if (!explain_schedule_form(ctx, f)) {
		snprintf(buf, sizeof(buf),
			 "system_nrt_wq is redundant: %s, so system_wq gives the same "
			 "guarantee; use system_wq", since);
		f->message = xstrdup(buf);
		fix_replace_token(f, ctx->lex, ctx->token, "system_wq");
		fix_reflow_enclosing_call(f, ctx->lex, ctx->token);
	}
	fix_rename_in_comments(f, ctx->lex, ctx->token, "system_nrt_wq", "system_wq");
}

static void explain_system_nrt_freezable_wq(const struct rule_context *ctx, struct finding *f)
{
	char buf[300];

	snprintf(buf, sizeof(buf),
		 "system_nrt_freezable_wq is redundant: %s, so system_freezable_wq gives "
		 "the same guarantee; use system_freezable_wq", since);
	f->message = xstrdup(buf);
	fix_replace_token(f, ctx->lex, ctx->token, "system_freezable_wq");
	fix_reflow_enclosing_call(f, ctx->lex, ctx->token);
	fix_rename_in_comments(f, ctx->lex, ctx->token, "system_nrt_freezable_wq",
			       "system_freezable_wq");
}

static const char *const system_nrt_wq_names[] = { "system_nrt_wq", NULL };
static const char *const system_nrt_freezable_wq_names[] = { "system_nrt_freezable_wq", NULL };

const struct rule rule_system_nrt_wq = {
	.id = "WQ003",
	.family = RULE_FAMILY_LEGACY,
	.retired_in = "system_percpu_wq",
	.name = "system-nrt-wq",
	.summary = "system_nrt_wq is redundant: use system_wq (schedule_work())",
	.help = "Since Linux 3.7 (dbf2576e37da) every workqueue is non-reentrant, so "
		"system_nrt_wq gives nothing system_wq does not; queue_work(system_nrt_wq, w) "
		"becomes schedule_work(w), queue_delayed_work(system_nrt_wq, w, d) becomes "
		"schedule_delayed_work(w, d), other uses become system_wq.",
	.severity = SEVERITY_WARNING,
	.identifiers = system_nrt_wq_names,
	.explain = explain_system_nrt_wq,
};

const struct rule rule_system_nrt_freezable_wq = {
	.id = "WQ004",
	.family = RULE_FAMILY_LEGACY,
	.retired_in = "system_percpu_wq",
	.name = "system-nrt-freezable-wq",
	.summary = "system_nrt_freezable_wq is redundant: use system_freezable_wq",
	.help = "Since Linux 3.7 (dbf2576e37da) every workqueue is non-reentrant, so "
		"system_nrt_freezable_wq gives nothing system_freezable_wq does not.",
	.severity = SEVERITY_WARNING,
	.identifiers = system_nrt_freezable_wq_names,
	.explain = explain_system_nrt_freezable_wq,
};
