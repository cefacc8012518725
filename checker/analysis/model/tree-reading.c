/* The tree read once: every file listed, read on -j threads through a cheap
 * byte prefilter, the work items it binds indexed (INIT_*WORK & co), the
 * files that name the *_on() API marked, and the source cache and the
 * CPU-read memo the rules and the audit then ask. Every reader of the tree
 * (WQ010-WQ015, the work-item model, the audit) starts from here; nothing
 * here knows a rule. */
#include "analysis/model/tree-reading-priv.h"
#include "analysis/model/cpu-dependence.h"
#include "analysis/model/workitem-index.h"
#include "front/parallel.h"
#include "front/tree.h"
#include "lib/needles.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* How deep the CPU-read questions follow calls from a work function. */
#define MAX_CALL_DEPTH 2

static const char *const binding_needles[] = {
	"INIT_WORK", "INIT_DELAYED_WORK", "INIT_DEFERRABLE_WORK", "PREPARE_WORK",
	"PREPARE_DELAYED_WORK", "DECLARE_WORK", "DECLARE_DELAYED_WORK", "DECLARE_DEFERRED_WORK",
	"DECLARE_DEFERRABLE_WORK", "__INIT_WORK", "work.func", "work->func", "INIT_RCU_WORK",
	"work_autocancel", NULL
};

const char *const on_api_needles[] = {
	"queue_work_on", "queue_delayed_work_on", "mod_delayed_work_on", "schedule_work_on",
	"schedule_delayed_work_on", NULL
};

bool tree_text_holds_any(const char *text, size_t len, const char *const *needles)
{
	/* Every needle of both lists holds one of these; a wrapper's name
	 * (the other lists) need not, so those are searched one by one. */
	static const char *const binding_anchors[] = { "_WORK", "work", NULL };
	static const char *const api_anchors[] = { "work_on", NULL };

	if (needles == binding_needles)
		return text_holds_any(text, len, needles, binding_anchors);
	if (needles == on_api_needles)
		return text_holds_any(text, len, needles, api_anchors);
	for (; *needles; needles++)
		if (memmem(text, len, *needles, strlen(*needles)))
			return true;
	return false;
}

/* Whether path is a file of a directory of dirs (NULL: none). */
static bool in_dirs(const struct tie_names *dirs, const char *path)
{
	const char *slash = strrchr(path, '/');

	return dirs && tie_names_has(dirs, path, slash ? (size_t)(slash - path) : 0);
}

/* One file's text: which needles it holds, its bindings, the visitor;
 * own, when not NULL, holds the text and may be taken; lexed, when not
 * NULL, is text lexed already (the scan's). i is the file's place in
 * p->files, its place in the tree's list p->map[i] when there is a map. */
void prefilter_text(struct prefilter *p, int thread, size_t i, const char *text,
		    size_t len, struct strbuf *own, const struct lexed_file *lexed)
{
	size_t at = p->map ? p->map[i] : i, from;
	bool bindings, mentioned = false, scope;

	if (memchr(text, '\0', len))
		return;
	/* One pass per anchor for the three lists: work before work_on,
	 * whose places are then found among work's. */
	scope = needles_scope_begin(text, len);
	if (p->mentions && p->mentions(text, len))
		p->mentioned[at] = mentioned = true;
	bindings = p->lex_bindings && tree_text_holds_any(text, len, binding_needles);
	if (p->needles && tree_text_holds_any(text, len, p->needles))
		p->matched[at] = true;
	if (scope)
		needles_scope_end();
	if (!bindings && !(mentioned && (p->visitor || p->names_only)))
		return;
	/* audit --subsystem: another section's file is lexed only when it
	 * holds a name that ties it to the section's (section-ties.h) */
	if (p->test && !in_dirs(p->dirs, p->files->paths[i]) &&
	    !tie_text_holds(p->test, text, len)) {
		if (p->pending)
			p->pending[at] = true;
		return;
	}
	if (p->test && p->tied) {
		p->pending[at] = false;
		p->tied[at] = true;
	}
	/* Lexed once for both: the index and the visitor. */
	{
		struct workitem_index *idx = &p->indexes[thread];
		struct source_file *f;

		if (lexed)
			f = source_file_over(p->files->paths[i], text, len, lexed);
		else
			f = source_file_new(p->files->paths[i],
					    own ? strbuf_detach(own) : xstrndup(text, len), len);

		from = idx->nr;
		if (bindings)
			workitem_index_add_file(idx, f);
		if (p->found)
			p->ties_of_file(f, idx->bindings + from, idx->nr - from, p->known,
					&p->found[thread]);
		/* read again for its names only (section-reading.c) */
		if (p->names_only) {
			source_file_free(f);
			return;
		}
		/* the judging asks about the work functions these bind, mostly
		 * their own */
		if (bindings && p->summaries)
			cpu_dependence_summarise(p->summaries, f);
		if (mentioned && p->visitor)
			p->visitor->visit(p->visitor->ctx, thread, at, f);
		source_file_free(f);
	}
}

void prefilter_file(void *ctx, int thread, size_t i, struct strbuf *text)
{
	prefilter_text(ctx, thread, i, text->buf, text->len, text, NULL);
}

/* The per-thread indexes into idx. */
void merge_indexes(struct prefilter *p, int threads, struct workitem_index *idx)
{
	int i;
	size_t j;

	for (i = 0; i <= threads && idx; i++)
		for (j = 0; j < p->indexes[i].nr; j++) {
			const struct work_binding *b = &p->indexes[i].bindings[j];

			workitem_index_add_copy(idx, b);
		}
	for (i = 0; i <= threads; i++)
		workitem_index_release(&p->indexes[i]);
	free(p->indexes);
	p->indexes = NULL;
}

/* One pass over every file: which hold a needle, and (if asked) the work
 * items they bind, merged into idx, and what mentions() says of each. */
static void prefilter_tree(const char *root, const struct file_list *files, int jobs,
			   const char *const *needles, bool *matched, struct workitem_index *idx,
			   bool (*mentions)(const char *text, size_t len), bool *mentioned,
			   const struct tree_visitor *visitor)
{
	struct prefilter p = { .files = files, .needles = needles,
			       .matched = matched, .lex_bindings = idx != NULL,
			       .mentions = mentions, .mentioned = mentioned,
			       .visitor = visitor };

	/* A thread's number indexes its own index. */
	jobs = parallel_jobs(jobs);
	p.indexes = xcalloc((size_t)jobs + 1, sizeof(*p.indexes));
	parallel_read_files(root, files, jobs, prefilter_file, &p);
	merge_indexes(&p, jobs, idx);
}

void tree_reading_match(const char *root, const struct file_list *files, int jobs,
			const char *const *needles, bool *matched)
{
	prefilter_tree(root, files, jobs, needles, matched, NULL, NULL, NULL, NULL);
}

int tree_reading_list(const char *root, struct tree_reading *a)
{
	memset(a, 0, sizeof(*a));
	if (list_tree_files(root, "", &a->all) < 0)
		return -1;
	file_list_finish(&a->all);
	return 0;
}

int tree_reading_list_unchecked(const char *root, struct tree_reading *a)
{
	memset(a, 0, sizeof(*a));
	if (list_tree_files_unchecked(root, &a->all) < 0)
		return -1;
	file_list_finish(&a->all);
	return 0;
}

void tree_read(const char *root, const char *arch, int jobs,
		   bool (*mentions)(const char *text, size_t len),
		   struct tree_reading *a)
{
	tree_read_visiting(root, arch, jobs, mentions, NULL, a);
}

struct tree_read_pass *tree_read_begin(const char *root, const char *arch, int threads,
					     bool (*mentions)(const char *text, size_t len),
					     const struct tree_visitor *visitor,
					     struct tree_reading *a)
{
	struct tree_read_pass *r = xcalloc(1, sizeof(*r));

	a->on_api_files = xcalloc(a->all.nr ? a->all.nr : 1, sizeof(*a->on_api_files));
	if (mentions)
		a->mentions = xcalloc(a->all.nr ? a->all.nr : 1, sizeof(*a->mentions));
	r->root = root;
	r->arch = arch;
	r->threads = threads;
	r->p.files = &a->all;
	r->p.needles = on_api_needles;
	r->p.matched = a->on_api_files;
	r->p.lex_bindings = true;
	r->p.mentions = mentions;
	r->p.mentioned = a->mentions;
	r->p.visitor = mentions ? visitor : NULL;
	r->p.indexes = xcalloc((size_t)threads + 1, sizeof(*r->p.indexes));
	if (a->summarise) {
		source_cache_init(&a->sc, root, arch);
		a->cd = cpu_dependence_new(&a->sc, MAX_CALL_DEPTH);
		r->p.summaries = a->cd;
	}
	return r;
}

void tree_read_file(struct tree_read_pass *r, int thread, size_t index,
			const char *text, size_t len, const struct lexed_file *lexed)
{
	prefilter_text(&r->p, thread, index, text, len, NULL, lexed);
}

void tree_read_end(struct tree_read_pass *r, struct tree_reading *a)
{
	merge_indexes(&r->p, r->threads, &a->idx);
	workitem_index_finish(&a->idx);
	if (!a->cd) {
		source_cache_init(&a->sc, r->root, r->arch);
		a->cd = cpu_dependence_new(&a->sc, MAX_CALL_DEPTH);
	}
	free(r);
}

void tree_read_visiting(const char *root, const char *arch, int jobs,
			    bool (*mentions)(const char *text, size_t len),
			    const struct tree_visitor *visitor,
			    struct tree_reading *a)
{
	int threads = parallel_jobs(jobs);
	struct tree_read_pass *r = tree_read_begin(root, arch, threads, mentions,
							 visitor, a);

	parallel_read_files(root, &a->all, threads, prefilter_file, &r->p);
	tree_read_end(r, a);
}

void tree_reading_release(struct tree_reading *a)
{
	if (a->cd) {
		cpu_dependence_free(a->cd);
		source_cache_release(&a->sc);
	}
	workitem_index_release(&a->idx);
	free(a->on_api_files);
	free(a->mentions);
	file_list_release(&a->all);
	memset(a, 0, sizeof(*a));
}

size_t tree_reading_cached_tokens(const struct tree_reading *a)
{
	return source_cache_tokens(&a->sc);
}

#define MAX_CACHED_TOKENS (4u << 20)

void tree_reading_trim_sources(struct tree_reading *a, size_t *ticks)
{
	if (++*ticks % 128)
		return;
	tree_reading_trim_sources_past(a, MAX_CACHED_TOKENS);
}

void tree_reading_trim_sources_past(struct tree_reading *a, size_t tokens)
{
	if (tree_reading_cached_tokens(a) > tokens)
		tree_reading_forget_sources(a);
}

void tree_reading_lex_ahead(struct tree_reading *a, const char *const *paths, size_t nr,
			int jobs)
{
	tree_reading_trim_sources_past(a, 1u << 20);
	source_cache_preload(&a->sc, paths, nr, jobs);
}

void tree_reading_forget_sources(struct tree_reading *a)
{
	cpu_dependence_empty_sources(a->cd);
}
