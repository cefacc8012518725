/*
 * WQ015: a work item re-initialised where it may be live. INIT_*WORK()
 * clears the pending bit and the list head of an item that may sit on a
 * worklist (a corrupt list, a lost or doubled run) and, on a running item,
 * makes the next queueing a stranger to the running one. An item
 * initialised once before its first queueing (probe, init, open paired
 * with a synchronous cancel) is not a finding.
 */
#include "analysis/rules/rule.h"
#include "analysis/rules/rule-result.h"
#include "analysis/model/workitem-context.h"
#include "analysis/rules/workitem-pass.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static bool initialises(const struct work_binding *b)
{
	return (!strncmp(b->how, "INIT_", 5) || !strncmp(b->how, "__INIT_", 7)) &&
	       !strstr(b->how, "ONSTACK");
}

/* Is name one of the lines of list (each ended by '\n'; NULL: none)? */
static bool is_line_of(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (; list && *list; list = strchr(list, '\n') + 1)
		if (!strncmp(list, name, n) && list[n] == '\n')
			return true;
	return false;
}

/*
 * Can check_binding() find anything here? Only in a function that is the
 * item's own work function, or that a work function of its file calls, or
 * that queues the item itself or through a function of its file it calls:
 * what the index noted when it read the file tells, so that most bindings
 * (probe and init functions) cost no second lexing of their file.
 */
static bool may_be_live_here(const struct workitem_model *m, const struct work_item *it,
			     const struct work_binding *b)
{
	struct work_binding *const *all;
	size_t nr = 0, i;

	if (!b->in_function)
		return false;
	all = workitem_index_lookup(&m->a->idx, b->key, &nr);
	for (i = 0; i < nr; i++)
		if (!strcmp(all[i]->function, b->in_function) ||
		    is_line_of(b->in_function_callers, all[i]->function))
			return true;
	for (i = 0; i < it->nr_queueings; i++) {
		const struct queueing *q = it->queueings[i];

		if (q->caller && !strcmp(q->file, b->file) &&
		    (!strcmp(q->caller, b->in_function) ||
		     is_line_of(b->in_function_callees, q->caller)))
			return true;
	}
	return false;
}

static void check_binding(const struct workitem_model *m, const struct work_binding *b,
			  struct scan_result *res)
{
	const struct work_item *it = workitem_model_item(m, b->key);
	const struct queueing *before = NULL, *after = NULL;
	const struct work_binding *own;
	const char *reacher = NULL, *running;
	enum severity sev = SEVERITY_WARNING;
	struct strbuf msg = STRBUF_INIT;
	struct code_place p;
	struct finding *f;
	unsigned q_line = 0, disabled = 0;
	enum item_base base;
	char *text;

	if (!code_place_of(m, b, &p) || !p.fn)
		return;
	text = binding_item_text(&p);
	base = item_base_in(&p, text);
	/* A new object each time: its item is new too. */
	if (base == ITEM_BASE_ALLOCATED) {
		free(text);
		return;
	}
	own = own_work_function(m, b->key, &p);
	if (!own)
		reacher = work_function_reaching(m, b->key, &p);
	if (!own && !reacher && !made_idle_before(m, b->key, &p, b->line, text)) {
		before = queued_in_same_function(it, &p, b->line, true, &q_line);
		/* In another branch, or an earlier turn of a loop over per-CPU
		 * instances: not the same live item. */
		if (before && (!queueing_dominates(&p, before, q_line) ||
			       !strncmp(b->key, "percpu ", 7) || strstr(b->key, "[]")))
			before = NULL;
		if (!before)
			after = queued_in_same_function(it, &p, b->line, false, &q_line);
	}
	if (after && name_says_setup(p.fn->name))
		after = NULL;
	/* Disabled elsewhere in the file: the queueing before may have done
	 * nothing, and INIT_* may be how the item is enabled again. */
	if (before && (disabled = disabled_in_file(&p, b->key)))
		sev = SEVERITY_NOTE;
	/* Initialised and queued each time a function runs: live only if it
	 * runs again before the item has; a handler on a long-lived item is
	 * the case to warn of, the rest can only be noted. */
	if (after && !(base == ITEM_BASE_GLOBAL && name_says_handler(p.fn->name)))
		sev = SEVERITY_NOTE;
	if (!own && !reacher && !before && !after) {
		free(text);
		return;
	}
	/* From the running work function: re-arming the item with its own
	 * function again is a pointless re-initialisation of a live item (batman-adv
	 * dropped it); giving it the next stage's function is the hand-off idiom
	 * (dm-crypt), which breaks the rule by design: a note. */
	running = own ? p.fn->name : reacher;
	if (running && strcmp(running, b->function))
		sev = SEVERITY_NOTE;
	/* Reached from the work function, but through a call whose branches
	 * the code picks by arguments we do not follow (usb hub's type, dm's
	 * from_map): a note. */
	if (reacher)
		sev = SEVERITY_NOTE;
	/* One-shot teardown (a kref release, an RCU callback, a free path):
	 * the object dies here; nothing to note. */
	if (after && sev == SEVERITY_NOTE && name_says_teardown(p.fn->name)) {
		free(text);
		return;
	}
	f = scan_result_add_finding(res, &rule_reinit_live, b->file, b->line, b->column,
				    b->column + (unsigned)strlen(b->how), &p.f->lex);
	if (!f) {
		free(text);
		return;
	}
	f->severity = sev;
	f->identity = binding_identity(b);
	strbuf_addf(&msg, "%s re-initialises %s", b->how, text ? text : b->key);
	if (own)
		strbuf_addf(&msg, " inside %s(), its own work function, while it runs",
			    p.fn->name);
	else if (reacher)
		strbuf_addf(&msg, " in %s(), which the item's work function %s() "
			    "calls, while it runs", p.fn->name, reacher);
	else if (before)
		strbuf_addf(&msg, " after %s() queued it at line %u of the same "
			    "function, while it may be pending", before->api,
			    q_line);
	else
		strbuf_addf(&msg, " each time %s() runs, before queueing it at line "
			    "%u: if %s() can run again before the item has run (%s), "
			    "the item is re-initialised while pending", p.fn->name,
			    q_line, p.fn->name,
			    sev == SEVERITY_WARNING ?
				    "its name says a handler, and the item is not a new "
				    "object's" :
				    "nothing here says it cannot");
	if (running && strcmp(running, b->function))
		strbuf_addf(&msg, ", to hand it on to %s() (a stage hand-off: safe "
			    "only while nothing else queues the item meanwhile)",
			    b->function);
	else if (reacher)
		strbuf_addf(&msg, " (if %s() takes this path for its own item: the "
			    "arguments that choose it are not followed)", reacher);
	if (disabled)
		strbuf_addf(&msg, " (line %u disables the item: if it is still "
			    "disabled here, that queueing did nothing and this INIT_* "
			    "enables it again, which is safe)", disabled);
	strbuf_addstr(&msg, ": INIT_* clears the pending bit and the list head of an "
		      "item that may be on a worklist (list corruption, a lost or "
		      "doubled run); initialise it once where it is set up, and "
		      "cancel_*_sync() it before any re-initialisation");
	f->message = strbuf_detach(&msg);
	if (before || after) {
		const struct queueing *q = before ? before : after;
		struct strbuf ev = STRBUF_INIT;

		strbuf_addf(&ev, "%s is queued here with %s()", q->item_text, q->api);
		finding_add_evidence(f, q->file, q->line, q->column, ev.buf);
		strbuf_release(&ev);
	}
	free(text);
}

static int by_place(const void *x, const void *y)
{
	const struct work_binding *a = *(const struct work_binding *const *)x;
	const struct work_binding *b = *(const struct work_binding *const *)y;
	int c = strcmp(a->file, b->file);

	return c ? c : (a->line > b->line) - (a->line < b->line);
}

/* File by file: the index is sorted by item, and a whole tree's files do
 * not all fit in the source cache, so item order would lex them again.
 * The next files are lexed ahead on the reading threads, the checks then
 * find them in the cache. */
static void check_reinit_live(const struct workitem_model *m, struct scan_result *res)
{
	const struct work_binding **todo = xcalloc(m->a->idx.nr + 1, sizeof(*todo));
	const char *files[TREE_FILES_AHEAD];
	size_t i, j, nr = 0, nr_files;

	for (i = 0; i < m->a->idx.nr; i++) {
		const struct work_binding *b = &m->a->idx.bindings[i];
		const struct work_item *it = workitem_model_item(m, b->key);

		if (initialises(b) && it && may_be_live_here(m, it, b))
			todo[nr++] = b;
	}
	qsort(todo, nr, sizeof(*todo), by_place);
	for (i = 0; i < nr; i = j) {
		for (j = i, nr_files = 0; j < nr; j++) {
			if (nr_files && !strcmp(files[nr_files - 1], todo[j]->file))
				continue;
			if (nr_files == TREE_FILES_AHEAD)
				break;
			files[nr_files++] = todo[j]->file;
		}
		tree_reading_lex_ahead(m->a, files, nr_files, m->jobs);
		for (; i < j; i++)
			check_binding(m, todo[i], res);
	}
	free(todo);
}

const struct rule rule_reinit_live = {
	.id = "WQ015",
	.family = RULE_FAMILY_REENTRANCE,
	.name = "reinit-live",
	.summary = "a work item re-initialised (INIT_*WORK) where it may be pending or running",
	.help = "A work item runs on one worker at a time only while it is not "
		"re-initialised (Documentation/core-api/workqueue.rst, Non-reentrance "
		"Conditions). INIT_*WORK() on an item that may be queued clears its "
		"pending bit and list head. Warning in the item's own work function, on "
		"a path it reaches, after a queueing in the same function, or in a "
		"handler that then queues it; note where a function initialises and "
		"queues the item each time it runs.",
	.severity = SEVERITY_WARNING,
	.tree_pass = workitem_tree_pass,
	.tree_reader = &workitem_tree_reader,
	.model_check = check_reinit_live,
};
