/* The rule interface. A rule names the identifiers it is about; the scan finds
 * every real use of them (not a comment, string, member, macro parameter,
 * declaration or locally shadowed name) and hands each to the rule, which
 * explains it and builds the fix. Rules are listed in rule-list.h. */
#ifndef WQCHECK_RULE_H
#define WQCHECK_RULE_H

#include "analysis/finding.h"
#include "analysis/model/unbound-verdict.h"
#include "front/era.h"
#include "front/lexer.h"

struct rule_context {
	const struct lexed_file *lex;
	const char *file;		/* relative path */
	size_t token;			/* index of the legacy token in lex->tokens */
	bool in_inactive_branch;
	const struct era *era;		/* what the tree's workqueue.h has */
	/* --prefer-unbound: the verdicts of the sites, or NULL */
	const struct unbound_verdicts *unbound;
};

struct scan_options;
struct file_list;
struct scan_result;
struct workitem_model;

/* A rule's family, as every command's --help lists the rules it runs (the
 * consecutive rules of one family are one line there, with their ids). */
#define RULE_FAMILY_LEGACY \
	"3.7's non-reentrant workqueues: the APIs they made redundant"
#define RULE_FAMILY_AFFINITY \
	"CPU affinity: queue_work_on() & co whose work may run elsewhere"
#define RULE_FAMILY_REENTRANCE \
	"non-reentrance conditions: an item's function changed, two\n" \
	"workqueues, re-initialised while live"
#define RULE_FAMILY_MIGRATION \
	"6.17's system_percpu_wq, system_dfl_wq and WQ_PERCPU"
#define RULE_FAMILY_FLAGS \
	"alloc_workqueue() flags the tree's workqueue core refuses"

struct rule {
	const char *id;			/* stable: WQ001 */
	const char *family;		/* RULE_FAMILY_* */
	const char *name;		/* short name for SARIF and --list-rules */
	const char *summary;		/* one line */
	const char *help;		/* what changed in 3.7 and what to do */
	enum severity severity;
	const char *const *identifiers;	/* NULL-terminated: tokens that trigger the rule */
	/* The name the tree's include/linux/workqueue.h must have for the rule
	 * to fire: the replacement its fix writes, or the legacy API itself
	 * (front/era.h). NULL: always. */
	const char *needs;
	/* A name marking the era from which the rule is off: the legacy rules
	 * on a 6.17+ tree (system_percpu_wq), where the pre-3.7 names have been
	 * gone for years and the migration of the day is another. */
	const char *retired_in;
	/* Optional: false when this use of an identifier is not a finding
	 * (alloc_workqueue() whose flags already say WQ_PERCPU or WQ_UNBOUND). */
	bool (*applies)(const struct rule_context *ctx);
	/* Fills in message, edits and reflow of f, whose position is already set. */
	void (*explain)(const struct rule_context *ctx, struct finding *f);
	/* A tree rule (identifiers and explain NULL) needs the whole tree, not
	 * one file: after the per-file scan, each distinct tree_pass of the
	 * selected rules runs once and adds findings of the selected rules to
	 * the scanned files with scan_result_add_finding(). */
	void (*tree_pass)(const struct scan_options *opts, struct scan_result *res);
	/* Optional, with tree_pass: its reading done beside the per-file scan,
	 * from the text the scan read, so a whole tree is read once. */
	const struct tree_reader *tree_reader;
	/* A model rule (tree_pass workitem_tree_pass, analysis/workitem-pass.h)
	 * asks the work-item model of the whole tree, built once a run for
	 * every model rule selected, and adds its findings to res. */
	void (*model_check)(const struct workitem_model *m, struct scan_result *res);
};

/* begin() (NULL: tree_pass will read by itself) is asked before the
 * per-file scan with its file list and how many threads it runs; file()
 * gets each file's text on thread 0 to threads - 1, and the scan's lexing
 * of it when the scan lexed it (else NULL); finish() does what tree_pass
 * would have done after its reading; cancel() instead lets go of a reading
 * the scan stopped (it starts again on a longer list). */
struct tree_reader {
	void *(*begin)(const struct scan_options *opts, const struct file_list *files,
		       int threads);
	void (*file)(void *ctx, int thread, size_t index, const char *text, size_t len,
		     const struct lexed_file *lexed);
	void (*finish)(void *ctx, const struct scan_options *opts, struct scan_result *res);
	void (*cancel)(void *ctx);
};

#define RULE(name) extern const struct rule rule_##name;
#include "analysis/rules/rule-list.h"
#undef RULE

extern const struct rule *const all_rules[];
extern const size_t nr_all_rules;

const struct rule *rule_find(const char *id);
/* The workqueue core and its header, which define and document the API:
 * their uses of it are not findings of the 6.17 rules. */
bool rule_in_workqueue_core(const struct rule_context *ctx);
/* Whether the tree whose era is era has what rule needs. */
bool rule_fits_era(const struct rule *rule, const struct era *era);
/* Parses a comma-separated list of rule ids or names into out: at most max,
 * each once, in the order given. Returns how many, or -1 with *bad set to a
 * copy of the first unknown name (the caller frees it). */
int rule_parse_list(const char *list, const struct rule **out, size_t max, char **bad);

#endif
