/* Fuzz target: a C source file through everything the scan does to it
 * without libclang: the lexer, #if branches, the candidates of every rule,
 * each rule's judgement and fix (the flags parser of WQ005/WQ022, the
 * renames, the comment updates), the reflow and the shown edits; and the
 * same bytes as a workqueue.h for the era reader. */
#include "analysis/candidates.h"
#include "analysis/fix/fix-apply.h"
#include "analysis/rules/rule.h"
#include "front/conditional.h"
#include "front/era.h"
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct kconfig *kconfig;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xmalloc(size + 1);
	struct lexed_file lf = { 0 };
	struct candidate_list cands = { 0 };
	struct finding *findings, **all;
	enum branch_state *states;
	struct era era = { 0 };
	struct strbuf fixed = STRBUF_INIT;
	const struct rule *file_rules[64];
	size_t i, n = 0, nr_file_rules = 0;

	memcpy(text, data, size);
	text[size] = '\0';
	/* the rules that look at one file, as the scan picks them */
	for (i = 0; i < nr_all_rules; i++)
		if (all_rules[i]->identifiers)
			file_rules[nr_file_rules++] = all_rules[i];
	era_from_text(&era, text, size);
	lex_file(&lf, text, size);
	find_candidates(&lf, file_rules, nr_file_rules, &cands);
	states = xcalloc(lf.nr_tokens + 1, sizeof(*states));
	/* a tree without include/generated/autoconf.h: every CONFIG_ unset */
	if (!kconfig)
		kconfig = kconfig_load("/nonexistent");
	evaluate_branches(&lf, kconfig, states);
	findings = xcalloc(cands.nr + 1, sizeof(*findings));
	all = xcalloc(cands.nr + 1, sizeof(*all));
	for (i = 0; i < cands.nr; i++) {
		const struct candidate *c = &cands.items[i];
		struct rule_context ctx = { .lex = &lf, .file = "drivers/fuzz/fuzz.c",
					    .token = c->token, .era = &era };
		struct finding *f = &findings[n];

		if (!c->rule->explain || (c->rule->applies && !c->rule->applies(&ctx)))
			continue;
		f->rule = c->rule;
		f->file = ctx.file;
		f->line = f->end_line = lf.tokens[c->token].line;
		f->column = lf.tokens[c->token].column;
		f->end_column = f->column + (unsigned)lf.tokens[c->token].len;
		f->severity = c->rule->severity;
		f->line_text = xstrdup("");
		c->rule->explain(&ctx, f);
		finding_compute_shown(f, text, size);
		all[n++] = f;
	}
	fix_apply(text, size, all, n, &fixed);
	for (i = 0; i < n; i++)
		finding_release(&findings[i]);
	strbuf_release(&fixed);
	free(all);
	free(findings);
	free(states);
	candidate_list_release(&cands);
	lexed_file_release(&lf);
	era_release(&era);
	free(text);
	return 0;
}
