/*
 * What the classify*.c files that make the lexical pass over the callers
 * share: the sites they collect and the steps classify.c calls. Each step
 * lives in the file named beside its declarations.
 */
#ifndef WQCHECK_ANALYSIS_CALLERS_CLASSIFY_PRIV_H
#define WQCHECK_ANALYSIS_CALLERS_CLASSIFY_PRIV_H

#include "analysis/callers/classify.h"
#include "analysis/callers/judge.h"
#include "analysis/model/item-bindings.h"
#include "lib/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

struct queue_call_api {
	const char *name;
	int wq_arg, item_arg; /* wq_arg -1: system_wq implied */
	bool on;
};

struct lexical_pass {
	struct tree_reading *a;
	struct audit *au;
	/* Where a file's rows go while it is read (on a thread, one file's
	 * own, appended to au's in the order of the files): au, or that. */
	struct audit *rows;
	struct audit_verdicts verdicts;
	/* Which files' sites are judged (audit --subsystem: its section's);
	 * NULL: every file. The others' rows stay unjudged. */
	bool (*in_scope)(const char *path, void *ctx);
	void *scope_ctx;
	/* scan_file() of a file out of scope: only its queueing calls (an
	 * alloc site's judging reads the calls on its workqueue wherever
	 * they are); its system_wq uses and alloc sites would be rows the
	 * document leaves out, whose items are resolved for nothing. */
	bool calls_only;
};

/* An item expression, named while its file was at hand (on the thread
 * that read it, before the work-item index is whole) and resolved to its
 * bindings once the whole tree is read (pending_item_resolve()). */
struct pending_item {
	char *text;
	struct item_bindings b;
	char *parameter_of; /* unresolved: a parameter of this function */
	/* what item_bindings_of() asks, until resolved */
	struct item_shape shape;
	char *path, *caller;
	bool caller_static;
};

struct work_verdict {
	size_t items,
		resolved; /* items seen; items with a known work function */
	size_t missing; /* work functions whose definition was not found */
	char *dependent; /* the first work function that reads the CPU */
	char *missing_name;
	char *parameter_of; /* an item that is a parameter of this function */
};

struct pending_system {
	size_t row;
	const char *api; /* the call's name, NULL for a bare use */
	bool on; /* a *_on() call: it names a CPU */
	char *wq;
	bool has_item;
	struct pending_item item;
};

struct system_list {
	struct pending_system *items;
	size_t nr, alloc;
};

/* A queueing on a named workqueue, for alloc_workqueue()'s users. */
struct queue_call {
	char *path, *caller;
	const struct queue_call_api *api;
	unsigned line, column;
	char *wq_text; /* the argument as written */
	char *wq_key; /* as the work-item index would name it */
	bool wq_member; /* `x->NAME` or `x.NAME` */
	bool wq_plain; /* `NAME` alone */
	struct pending_item item;
};

struct call_list {
	struct queue_call *items;
	size_t nr, alloc;
};

struct call_refs {
	struct queue_call **items;
	size_t nr, alloc;
};

/* Where an alloc_workqueue()'s result goes. */
struct wq_target {
	char *name; /* NULL: not followed */
	enum {
		TARGET_NONE,
		TARGET_MEMBER,
		TARGET_GLOBAL,
		TARGET_STATIC,
		TARGET_LOCAL
	} kind;
	char *text; /* as written: `dev->wq` */
	size_t first, last; /* its tokens */
	char *key; /* as the work-item index would name it */
	const char *why_not; /* when name is NULL */
};

struct alloc_site {
	size_t row;
	char *path, *caller;
	unsigned line, column;
	bool flagged; /* WQ_UNBOUND or WQ_PERCPU among the flags */
	bool unbound;
	/* Neither as written, but WQ022 followed the value to one of them. */
	bool followed;
	bool bh_bound; /* WQ_BH, on a tree that allows it no WQ_UNBOUND */
	struct wq_target t;
};

struct alloc_list {
	struct alloc_site *items;
	size_t nr, alloc;
};

struct collected {
	struct system_list systems;
	struct call_list calls;
	struct alloc_list allocs;
};

/* classify-names.c */
/* No name scan_file() looks for (the queueing calls, the system
 * workqueues, alloc_workqueue) is shorter than system_wq: most of a file's
 * identifiers are, and need not be compared with each name. */
#define SHORTEST_SITE_NAME 9
const struct queue_call_api *queue_call_api_at(const struct lexed_file *lf,
					       size_t i);
bool is_system_wq_name(const struct lexed_file *lf, long i, bool new_names);
/* Whether token i (an identifier) has the first byte and the length of one
 * of the names above or alloc_workqueue: no other needs comparing with
 * each of them (a tenth of the lexical pass' time). */
bool may_be_site_name(const struct lexed_file *lf, size_t i);
/* The tokens of lf whose text holds a part every name above holds ("_work",
 * "_wq"), in order, once each (*out allocated): scan_file() asks only those
 * rather than walking every token of the file. Returns how many. */
size_t site_name_tokens(const struct lexed_file *lf, size_t **out);
bool is_unbound_system_wq(const char *wq);
bool is_new_system_wq(const char *wq);
bool names_flag(const struct lexed_file *lf, size_t first, size_t last,
		const char *flag);

/* classify-verdict.c */
void pending_item_init(struct pending_item *it, const struct source_file *f,
		       const struct source_function *caller, size_t first,
		       size_t last);
void pending_item_resolve(struct pending_item *it,
			  const struct workitem_index *idx);
void pending_item_release(struct pending_item *it);
void work_verdict_release(struct work_verdict *v);
void ask_item(struct lexical_pass *lp, const struct pending_item *it);
void judge_item(struct lexical_pass *lp, struct audit_row *r,
		const struct pending_item *it, struct work_verdict *v);
void describe_verdict(struct strbuf *msg, struct audit_row *r,
		      const struct work_verdict *v, const char *item_text);
void set_advice(struct audit_row *r, bool system, const char *unbound_now,
		const char *dependent);

/* classify-system.c */
char *function_name(const struct source_function *fn);
void add_system_site(struct lexical_pass *lp, struct system_list *out,
		     const struct source_file *f,
		     const struct source_function *caller, size_t tok,
		     const char *wq, const struct queue_call_api *api,
		     size_t item_first, size_t item_last);
void finish_system_site(struct lexical_pass *lp, struct pending_system *p);

/* classify-target.c */
char *expression_key(const struct source_file *f, size_t first, size_t last);
void find_target(const struct source_file *f,
		 const struct source_function *caller, size_t tok,
		 struct wq_target *t);
void wq_target_release(struct wq_target *t);
bool call_matches(const struct queue_call *c, const struct alloc_site *s);
const char *last_identifier(const char *text);

/* classify-alloc.c */
void add_call(struct call_list *calls,
	      const struct source_file *f,
	      const struct source_function *caller,
	      const struct queue_call_api *api, size_t tok, size_t wq_first,
	      size_t wq_last, size_t item_first, size_t item_last);
void add_alloc(struct lexical_pass *lp, struct alloc_list *allocs,
	       const struct source_file *f,
	       const struct source_function *caller, size_t tok);
void ask_alloc_site(struct lexical_pass *lp, const struct alloc_site *s,
		    const struct strmap *by_name);
void finish_alloc_site(struct lexical_pass *lp, const struct alloc_site *s,
		       const struct strmap *by_name);

/* classify-scan.c */
void scan_file(struct lexical_pass *lp, const struct source_file *f,
	       struct collected *col);

/* classify-read.c: the sites of the files the tree's reading hands over
 * (on its threads, each file's own), then in the order of the files. */
struct file_sites;
struct file_sites **file_sites_new(size_t nr_files);
void read_file_sites(const struct lexical_pass *lp, struct file_sites **slot,
		     const struct source_file *f);
void merge_file_sites(struct lexical_pass *lp, struct file_sites **all,
		      size_t nr_files, struct collected *col);

#endif
