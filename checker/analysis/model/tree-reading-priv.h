/* What tree-reading.c shares with section-reading.c, which reads a
 * section's files and the files tied to them with the same per-file step. */
#ifndef WQCHECK_TREE_READING_PRIV_H
#define WQCHECK_TREE_READING_PRIV_H

#include "analysis/model/tie-names.h"
#include "analysis/model/tree-reading.h"
#include "lib/strbuf.h"

struct prefilter {
	const struct file_list *files;
	const size_t *map;		/* files' places in the tree's list, or NULL:
					 * files is that list */
	const char *const *needles;	/* a file matches when it holds any */
	bool *matched;
	bool lex_bindings;		/* also index the bindings of matched files */
	bool (*mentions)(const char *text, size_t len);	/* or NULL */
	bool *mentioned;
	const struct tree_visitor *visitor;	/* or NULL */
	struct workitem_index *indexes;	/* one per thread */
	struct cpu_dependence *summaries;	/* or NULL: summarise what is lexed */
	/* audit --subsystem (section-reading.c): a file is lexed only when
	 * its text holds a name of test (else pending[] is set for it); each
	 * file lexed gives found[thread] its names, those of its facts that
	 * hold a name of known (all of them when known is NULL), through
	 * ties_of_file (section-ties.h's, which asks the model's wrappers,
	 * which read through this file); names_only:
	 * nothing else is done with it (read again for new names); tied[]
	 * is set for a file lexed because it holds a name of test. */
	const struct tie_names *test, *known;
	void (*ties_of_file)(const struct source_file *f, const struct work_binding *bindings,
			     size_t nr, const struct tie_names *known, struct tie_list *out);
	/* and every file of these directories (names of dirs) is lexed: the
	 * lexical pass looks for a member workqueue of the section's in the
	 * directory of its allocation */
	const struct tie_names *dirs;
	bool *pending, *tied;
	struct tie_list *found;
	bool names_only;
};

struct tree_read_pass {
	struct prefilter p;
	int threads;
	const char *root, *arch;
};

void prefilter_text(struct prefilter *p, int thread, size_t i, const char *text,
		    size_t len, struct strbuf *own, const struct lexed_file *lexed);
/* parallel_read_files()'s step: prefilter_text() of the text read */
void prefilter_file(void *ctx, int thread, size_t i, struct strbuf *text);
/* The per-thread indexes into idx (NULL: let go), and freed. */
void merge_indexes(struct prefilter *p, int threads, struct workitem_index *idx);

#endif
