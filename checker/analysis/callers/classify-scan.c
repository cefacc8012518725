/* One file's sites: every queueing call, use of a system workqueue's name
 * and alloc_workqueue() in its live code. */
#include "analysis/callers/classify-priv.h"
#include "lib/usage.h"

#include <stdlib.h>

void scan_file(struct lexical_pass *lp, const struct source_file *f,
		      struct collected *col)
{
	const struct lexed_file *lf = &f->lex;
	bool *taken = xcalloc(lf->nr_tokens + 1, sizeof(*taken));
	/* Where schedule_work() queues: the tree's header says (6.17+:
	 * system_percpu_wq). */
	const char *implied_wq =
		lp->au->migration && lp->au->era.schedule_work_wq ?
			lp->au->era.schedule_work_wq :
			"system_wq";
	size_t *candidates, nr_candidates, c, i, j;

	/* a token no site name could be does nothing below */
	nr_candidates = site_name_tokens(lf, &candidates);
	for (c = 0; c < nr_candidates; c++) {
		const struct queue_call_api *api;
		size_t first[8], last[8], n;
		long open, prev;
		bool system, alloc;

		i = candidates[c];
		if (f->dead[i] || lf->tokens[i].kind != TOK_IDENT ||
		    lf->tokens[i].len < SHORTEST_SITE_NAME ||
		    lf->tokens[i].is_directive_name ||
		    lf->tokens[i].is_macro_param || !may_be_site_name(lf, i))
			continue;
		api = queue_call_api_at(lf, i);
		system = !api &&
			 is_system_wq_name(lf, (long)i, lp->au->migration) &&
			 !taken[i] &&
			 !lf->tokens[i].in_directive;
		alloc = !api && tok_is_ident(lf, (long)i, "alloc_workqueue") &&
			!lf->tokens[i].in_directive;
		if (!api && !system && !alloc)
			continue;
		prev = token_prev_code(lf, (long)i);
		if (tok_is_punct(lf, prev, ".") || tok_is_punct(lf, prev, "->"))
			continue;
		open = token_next_code(lf, (long)i);
		if (system) {
			char *wq;

			/* `struct workqueue_struct *system_wq;` declares a
			 * member or variable of that name: not a use. */
			if (tok_is_punct(lf, prev, "*") &&
			    tok_is_ident(lf, token_prev_code(lf, prev),
					 "workqueue_struct"))
				continue;
			wq = tok_text(lf, i);

			if (!lp->calls_only)
				add_system_site(lp, &col->systems, f,
						source_function_at(f, i), i, wq,
						NULL, 0, 0);
			free(wq);
			continue;
		}
		if (!tok_is_punct(lf, open, "("))
			continue;
		if (alloc) {
			if (!lp->calls_only)
				add_alloc(lp, &col->allocs, f,
					  source_function_at(f, i), i);
			continue;
		}
		n = call_arguments(lf, (size_t)open, first, last, 8);
		if (n > 8 || n <= (size_t)api->item_arg ||
		    first[api->item_arg] > last[api->item_arg])
			continue;
		if (api->wq_arg < 0) {
			if (!lp->calls_only)
				add_system_site(lp, &col->systems, f,
						source_function_at(f, i), i,
						implied_wq, api,
						first[api->item_arg],
						last[api->item_arg]);
			continue;
		}
		if (first[api->wq_arg] > last[api->wq_arg])
			continue;
		for (j = first[api->wq_arg]; j <= last[api->wq_arg]; j++)
			taken[j] = true;
		/* queue_work_on(cpu, system_wq, w) uses the name too: a row
		 * beside the *_on() site's own. */
		if (first[api->wq_arg] == last[api->wq_arg] &&
		    is_system_wq_name(lf, (long)first[api->wq_arg],
				      lp->au->migration)) {
			char *wq = tok_text(lf, first[api->wq_arg]);

			if (!lp->calls_only)
				add_system_site(lp, &col->systems, f,
						source_function_at(f, i),
						first[api->wq_arg], wq, api,
						first[api->item_arg],
						last[api->item_arg]);
			free(wq);
			continue;
		}
		add_call(&col->calls, f, source_function_at(f, i), api, i,
			 first[api->wq_arg], last[api->wq_arg],
			 first[api->item_arg], last[api->item_arg]);
	}
	free(candidates);
	free(taken);
}
