#include "analysis/model/on-api.h"
#include "lib/strbuf.h"
#include "front/source-cache.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static const struct queue_api builtin_api[] = {
	{ "queue_work_on", 0, 2, -1, 1, false, NULL, 0 },
	{ "queue_delayed_work_on", 0, 2, 3, 1, false, NULL, 0 },
	{ "mod_delayed_work_on", 0, 2, 3, 1, false, NULL, 0 },
	{ "schedule_work_on", 0, 1, -1, -1, false, NULL, 0 },
	{ "schedule_delayed_work_on", 0, 1, 2, -1, false, NULL, 0 },
};
#define NR_BUILTIN_API (sizeof(builtin_api) / sizeof(builtin_api[0]))

const struct queue_api *api_named(const struct api_list *apis, const struct lexed_file *lf,
				  size_t i)
{
	size_t k;

	for (k = 0; k < apis->nr; k++)
		if (tok_is_ident(lf, (long)i, apis->items[k].name))
			return &apis->items[k];
	return NULL;
}

/* Functions that pass their own cpu and item parameters to the *_on() API:
 * kblockd_schedule_work_on() and the like. */
static void find_wrappers(struct source_file *f, struct api_list *apis)
{
	const struct lexed_file *lf = &f->lex;
	size_t i, nr_builtin = apis->nr, k;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct source_function *fn;
		const struct queue_api *api;
		size_t first[4], last[4];
		int cpu, item;
		long open;

		if (f->dead[i] || lf->tokens[i].in_directive || lf->tokens[i].kind != TOK_IDENT)
			continue;
		api = api_named(apis, lf, i);
		if (!api || api - apis->items >= (long)nr_builtin)
			continue;
		fn = source_function_at(f, i);
		open = token_next_code(lf, (long)i);
		if (!fn || fn->is_macro || !tok_is_punct(lf, open, "(") ||
		    call_arguments(lf, (size_t)open, first, last, 4) <= (size_t)api->item_arg)
			continue;
		cpu = parameter_index(lf, fn, first[api->cpu_arg], last[api->cpu_arg], false);
		item = parameter_index(lf, fn, first[api->item_arg], last[api->item_arg], false);
		if (cpu < 0 || item < 0 || cpu == item)
			continue;
		for (k = 0; k < apis->nr; k++)
			if (!strcmp(apis->items[k].name, fn->name))
				break;
		if (k < apis->nr)
			continue;
		ALLOC_GROW(apis->items, apis->nr, apis->alloc);
		apis->items[apis->nr].name = xstrdup(fn->name);
		apis->items[apis->nr].cpu_arg = cpu;
		apis->items[apis->nr].item_arg = item;
		apis->items[apis->nr].wrapper = true;
		apis->items[apis->nr].file_local = fn->is_static && ends_with(f->path, ".c");
		apis->items[apis->nr].delay_arg = api->delay_arg < 0 ? -1 : 99;
		apis->items[apis->nr].wq_arg = -1;
		apis->items[apis->nr].file = xstrdup(f->path);
		apis->items[apis->nr].line = lf->tokens[fn->name_tok].line;
		apis->nr++;
	}
}

/* The files the sites are read from, lexed on jobs threads ahead of the
 * serial reading of their sites. */
static void preload_matched(struct tree_reading *a, const bool *matched, int jobs)
{
	const char **paths = xcalloc(a->all.nr + 1, sizeof(*paths));
	size_t i, nr = 0;

	for (i = 0; i < a->all.nr; i++)
		if (matched[i])
			paths[nr++] = a->all.paths[i];
	source_cache_preload(&a->sc, paths, nr, jobs);
	free(paths);
}

void on_api_find(struct tree_reading *a, const char *root, int jobs, struct api_list *apis)
{
	bool *matched = a->on_api_files;
	const char **needles;
	size_t i, k;

	memset(apis, 0, sizeof(*apis));
	for (k = 0; k < NR_BUILTIN_API; k++) {
		ALLOC_GROW(apis->items, apis->nr, apis->alloc);
		apis->items[apis->nr++] = builtin_api[k];
	}
	preload_matched(a, matched, jobs);
	for (i = 0; i < a->all.nr; i++)
		if (matched[i]) {
			struct source_file *f = source_get(&a->sc, a->all.paths[i]);

			if (f)
				find_wrappers(f, apis);
		}
	/* The files that call a wrapper: the first read matched them already
	 * when its name holds an API name (kblockd_mod_delayed_work_on()) or
	 * when it is static in a .c file (called there, beside the API call
	 * that made it one); the tree is read again for the others only. */
	needles = xcalloc(apis->nr + 1, sizeof(*needles));
	for (k = NR_BUILTIN_API, i = 0; k < apis->nr; k++)
		if (!apis->items[k].file_local &&
		    !tree_text_holds_any(apis->items[k].name, strlen(apis->items[k].name),
					 on_api_needles))
			needles[i++] = apis->items[k].name;
	if (i) {
		tree_reading_match(root, &a->all, jobs, needles, matched);
		preload_matched(a, matched, jobs);
	}
	free(needles);
}

void api_list_release(struct api_list *apis)
{
	size_t k;

	for (k = NR_BUILTIN_API; k < apis->nr; k++) {
		free(apis->items[k].name);
		free(apis->items[k].file);
	}
	free(apis->items);
	memset(apis, 0, sizeof(*apis));
}
