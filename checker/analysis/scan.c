#include "analysis/scan.h"
#include "lib/timing.h"
#include "analysis/candidates.h"
#include "front/conditional.h"
#include "analysis/fix/fix-apply.h"
#include "front/parse.h"
#include "front/unreadable.h"
#include "lib/needles.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct scan_shared {
	const struct scan_options *opts;
	struct kconfig *kconfig;
	const struct era *era;
	const struct rule **file_rules;	/* the selected rules that look at one file */
	size_t nr_file_rules;
	const struct file_list *files;
	struct file_result *results;
	atomic_size_t next;
	atomic_size_t done;
	atomic_size_t parsed;
	atomic_int thread_ids;
	/* Tree passes reading beside the per-file scan (rule.h). */
	struct reading {
		const struct rule *rule;
		void *ctx;
	} readings[8];
	size_t nr_readings;
	struct scan_reading *extra;	/* a reading no rule asks for, or NULL */
	const char **names;		/* every selected rule's identifiers */
	int root_fd;			/* opts->root, read relative to (-1: by path) */
	bool *absent;			/* an unchecked list's paths that are not
					 * regular files in the working tree */
	atomic_bool stop;		/* late files came: the pass starts again */
};

/* The same asked without reading the file (only tree rules are selected):
 * as reading would say it, so a FIFO is a file (an empty one). */
static bool absent_here(const struct scan_shared *sh, const char *path)
{
	struct strbuf abs = STRBUF_INIT;
	struct stat st;
	int ret;

	if (sh->root_fd >= 0) {
		ret = fstatat(sh->root_fd, path, &st, AT_SYMLINK_NOFOLLOW);
	} else {
		strbuf_addf(&abs, "%s/%s", sh->opts->root, path);
		ret = lstat(abs.buf, &st);
		strbuf_release(&abs);
	}
	if (ret < 0) {
		bool closed;
		char *dir;

		if (file_list_absent_error(errno))
			return true;
		/* as scan_one() says it: the directory's, named once */
		dir = unreadable_closed_directory(sh->opts->root, path);
		closed = dir != NULL;
		free(dir);
		return closed;
	}
	return S_ISLNK(st.st_mode) || S_ISDIR(st.st_mode);
}

/* The cheap test that keeps most of a tree away from the lexer and libclang:
 * one pass per anchor over a file for all the rules' names, not one per
 * name (most of a tree holds none of them, so every pass is a whole file). */
static bool mentions_any_name(const char *text, size_t len, const struct scan_shared *sh)
{
	static const char *const anchors[] = { "work", "_wq", "WQ_", NULL };

	return sh->names && text_holds_any(text, len, sh->names, anchors);
}

/* Every selected rule's names, NULL-terminated. */
static const char **all_names(const struct scan_options *opts)
{
	const char **names = NULL;
	size_t r, nr = 0, alloc = 0;
	const char *const *name;

	for (r = 0; r < opts->nr_rules; r++)
		for (name = opts->rules[r]->identifiers; name && *name; name++) {
			ALLOC_GROW(names, nr + 1, alloc);
			names[nr++] = *name;
		}
	if (names) {
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr] = NULL;
	}
	return names;
}

/* Returns true when the compile database had the file. */
static bool build_args(const struct scan_options *opts, const char *rel, const char *abs,
		       struct arg_list *args)
{
	bool from_db = opts->db && compile_db_lookup(opts->db, abs, args);

	if (!from_db)
		infer_kernel_flags(opts->flags_root ? opts->flags_root : opts->root, rel,
				   opts->arch, args);
	/* Keep going past any number of errors: a missing generated header
	 * must not stop clang before the code we care about. */
	arg_list_add(args, "-ferror-limit=0");
	arg_list_add(args, "-w");
	return from_db;
}

/* libclang costs a third of a second a file or more; ask it only what the
 * tokens cannot answer: a branch whose condition we cannot evaluate, a name
 * the file itself declares, or any file the compile database has flags for
 * (its -D options decide branches we cannot see). */
static bool needs_clang(const struct scan_options *opts, const struct candidate_list *cands,
			const enum branch_state *states, bool from_db)
{
	size_t i;

	if (opts->clang_always || from_db)
		return true;
	for (i = 0; i < cands->nr; i++)
		if (cands->items[i].shadowed || states[cands->items[i].token] == BRANCH_UNKNOWN)
			return true;
	return false;
}

static bool use_candidate(const struct candidate *c, const struct lexed_file *lf,
			  const struct parsed_file *pf, const enum branch_state *states,
			  bool *inactive)
{
	const struct token *t = &lf->tokens[c->token];

	*inactive = false;
	if (c->in_implementation)
		return false;
	if (!pf) {
		*inactive = states[c->token] == BRANCH_INACTIVE;
		return !c->shadowed;
	}
	if (t->in_directive) {
		*inactive = parsed_offset_is_skipped(pf, t->offset);
		return !c->shadowed;
	}
	if (parsed_offset_is_skipped(pf, t->offset)) {
		*inactive = true;
		return !c->shadowed;
	}
	switch (parsed_classify(pf, t->line, t->column, lf->text + t->offset, t->len)) {
	case REF_EXTERNAL:
		return true;
	case REF_LOCAL:
	case REF_DECLARATION:
		return false;
	case REF_UNKNOWN:
		break;
	}
	return !c->shadowed;
}

/* text: the thread's buffer, kept from one file to the next (a fresh one
 * each file costs a page fault every 4 KiB of the tree read). */
static void scan_one(struct scan_shared *sh, struct parser *parser, size_t index, int thread,
		     struct strbuf *text)
{
	const struct scan_options *opts = sh->opts;
	struct file_result *res = &sh->results[index];
	struct strbuf abs = STRBUF_INIT;
	struct candidate_list cands = { 0 };
	struct parsed_file *pf = NULL;
	enum branch_state *states = NULL, *never = NULL;
	struct lexed_file lf;
	size_t i, nr = 0, alloc = 0;
	bool scope, mentioned, binary;

	res->path = xstrdup(sh->files->paths[index]);
	strbuf_reset(text);
	/* Only tree rules selected: their pass reads the files itself. */
	if (!sh->nr_file_rules) {
		if (sh->absent)
			sh->absent[index] = absent_here(sh, res->path);
		return;
	}
	/* The absolute path only where it is needed: libclang, or a root
	 * that could not be opened. */
	if (sh->root_fd < 0)
		strbuf_addf(&abs, "%s/%s", opts->root, res->path);
	/* A symlink or a FIFO git listed is not read; without O_NONBLOCK
	 * opening a FIFO would wait for a writer. */
	if (strbuf_read_file_at(text, sh->root_fd >= 0 ? sh->root_fd : AT_FDCWD,
				sh->root_fd >= 0 ? res->path : abs.buf,
				sh->absent ? O_NOFOLLOW | O_NONBLOCK : 0) < 0) {
		int err = errno;
		char buf[256], *dir;

		if (sh->absent && file_list_absent_error(err)) {
			sh->absent[index] = true;
			goto out;
		}
		/* git listed it without looking: under a directory the
		 * user cannot search, it is that directory's, named once as
		 * a walk names it, not one failure for each of its files. */
		if (sh->absent && (dir = unreadable_closed_directory(opts->root, res->path))) {
			free(dir);
			sh->absent[index] = true;
			goto out;
		}
		snprintf(buf, sizeof(buf), "cannot read: %s", strerror(err));
		res->failed_reason = xstrdup(buf);
		unreadable_told(res->path);
		goto out;
	}
	if (!text->buf)
		goto out;
	/* The rules' names and the readings share the anchors' passes, and
	 * the readings the rules' lexing of a file the rules read. */
	scope = needles_scope_begin(text->buf, text->len);
	mentioned = mentions_any_name(text->buf, text->len, sh);
	binary = memchr(text->buf, '\0', text->len) != NULL;
	if (mentioned && !binary)
		lex_file(&lf, text->buf, text->len);
	for (i = 0; i < sh->nr_readings; i++)
		sh->readings[i].rule->tree_reader->file(sh->readings[i].ctx, thread, index,
							text->buf, text->len,
							mentioned && !binary ? &lf : NULL);
	if (sh->extra)
		sh->extra->file(sh->extra->ctx, thread, index, text->buf, text->len,
				mentioned && !binary ? &lf : NULL);
	if (scope)
		needles_scope_end();
	if (!mentioned)
		goto out;
	if (binary) {
		res->failed_reason = xstrdup("not a text file (it contains NUL bytes)");
		goto out;
	}
	if (lf.error) {
		res->failed_reason = xstrdup(lf.error);
		lexed_file_release(&lf);
		goto out;
	}
	find_candidates(&lf, sh->file_rules, sh->nr_file_rules, &cands);
	if (cands.nr) {
		states = xcalloc(lf.nr_tokens, sizeof(*states));
		evaluate_branches(&lf, sh->kconfig, states);
	}
	if (cands.nr && opts->use_clang) {
		struct arg_list args = { 0 };
		char *reason = NULL;
		bool from_db;

		if (!abs.len)
			strbuf_addf(&abs, "%s/%s", opts->root, res->path);
		from_db = build_args(opts, res->path, abs.buf, &args);

		if (!needs_clang(opts, &cands, states, from_db)) {
			arg_list_release(&args);
			goto analysed;
		}
		pf = parse_file(parser, abs.buf, (const char *const *)args.args, args.nr,
				&reason);
		arg_list_release(&args);
		if (pf) {
			res->parsed = true;
			res->clang_errors = parsed_error_count(pf);
			atomic_fetch_add(&sh->parsed, 1);
		} else {
			/* The lexical verdicts still stand; say clang could not help. */
			res->failed_reason = reason;
		}
	}
analysed:
	for (i = 0; i < cands.nr; i++) {
		const struct candidate *c = &cands.items[i];
		const struct token *t = &lf.tokens[c->token];
		struct rule_context ctx = { .lex = &lf, .file = res->path, .token = c->token,
					    .era = sh->era,
					    .unbound = opts->prefer_unbound };
		struct finding *f;
		bool inactive;

		if (!use_candidate(c, &lf, pf, states, &inactive))
			continue;
		if (c->rule->applies && !c->rule->applies(&ctx))
			continue;
		ALLOC_GROW(res->findings, nr, alloc);
		f = &res->findings[nr++];
		memset(f, 0, sizeof(*f));
		f->rule = c->rule;
		f->file = res->path;
		f->line = f->end_line = t->line;
		f->column = t->column;
		f->end_column = t->column + (unsigned)t->len;
		f->severity = c->rule->severity;
		f->in_inactive_branch = inactive;
		if (inactive && !kconfig_configured(sh->kconfig)) {
			/* No autoconf.h: the reading took every option as
			 * unset; only #if 0 and the like are never built. */
			if (!never) {
				never = xcalloc(lf.nr_tokens, sizeof(*never));
				evaluate_branches(&lf, kconfig_unknown(), never);
			}
			f->inactive_why = never[c->token] == BRANCH_INACTIVE ?
					  INACTIVE_ALWAYS : INACTIVE_UNCONFIGURED;
		}
		f->line_text = text_line_trimmed_at(lf.text, lf.size, lf.line_starts[t->line - 1]);
		ctx.in_inactive_branch = inactive;
		c->rule->explain(&ctx, f);
		finding_compute_shown(f, text->buf, text->len);
	}
	res->nr_findings = nr;
	if (opts->want_fixed_text && nr) {
		struct finding **all = xcalloc(nr, sizeof(*all));
		struct strbuf fixed = STRBUF_INIT;

		for (i = 0; i < nr; i++)
			all[i] = &res->findings[i];
		fix_apply(text->buf, text->len, all, nr, &fixed);
		free(all);
		res->fixed_len = fixed.len;
		res->fixed = strbuf_detach(&fixed);
		res->original_len = text->len;
		res->original = strbuf_detach(text);
	}
	parsed_file_free(pf);
	free(states);
	free(never);
	candidate_list_release(&cands);
	lexed_file_release(&lf);
out:
	strbuf_release(&abs);
}

static void *worker(void *arg)
{
	struct scan_shared *sh = arg;
	struct parser *parser = sh->opts->use_clang ? parser_new() : NULL;
	int thread = atomic_fetch_add(&sh->thread_ids, 1);
	struct strbuf text = STRBUF_INIT;

	for (;;) {
		size_t i = atomic_fetch_add(&sh->next, 1);

		if (i >= sh->files->nr || atomic_load_explicit(&sh->stop, memory_order_relaxed))
			break;
		scan_one(sh, parser, i, thread, &text);
		atomic_fetch_add(&sh->done, 1);
	}
	strbuf_release(&text);
	parser_free(parser);
	return NULL;
}

static void show_progress(struct scan_shared *sh, bool final)
{
	fprintf(stderr, "\rscanning: %zu/%zu files%s", (size_t)atomic_load(&sh->done),
		sh->files->nr, final ? "\n" : "");
}

/* The results without the paths that were not there to scan. */
static size_t drop_absent(struct scan_shared *sh)
{
	size_t i, kept = 0;

	for (i = 0; i < sh->files->nr; i++) {
		if (sh->absent && sh->absent[i]) {
			free(sh->results[i].path);
			continue;
		}
		sh->results[kept++] = sh->results[i];
	}
	free(sh->absent);
	sh->absent = NULL;
	return kept;
}

static bool first_of_its_pass(const struct scan_options *opts, size_t r)
{
	size_t earlier;

	for (earlier = 0; earlier < r; earlier++)
		if (opts->rules[earlier]->tree_pass == opts->rules[r]->tree_pass)
			return false;
	return true;
}

/* The tree passes that can read beside the per-file scan: only when there
 * is one (with no file rule, the scan reads nothing). */
static void begin_readings(struct scan_shared *sh, int threads)
{
	const struct scan_options *opts = sh->opts;
	size_t r;

	for (r = 0; r < opts->nr_rules && sh->nr_file_rules; r++) {
		const struct rule *rule = opts->rules[r];
		void *ctx;

		if (!rule->tree_pass || !rule->tree_reader || !first_of_its_pass(opts, r) ||
		    sh->nr_readings == sizeof(sh->readings) / sizeof(sh->readings[0]))
			continue;
		ctx = rule->tree_reader->begin(opts, sh->files, threads);
		if (ctx) {
			sh->readings[sh->nr_readings].rule = rule;
			sh->readings[sh->nr_readings++].ctx = ctx;
		}
	}
}

/* Each distinct tree pass once, however many of its rules are selected. */
static void run_tree_passes(const struct scan_shared *sh, struct scan_result *res)
{
	const struct scan_options *opts = sh->opts;
	size_t r, k;

	for (r = 0; r < opts->nr_rules; r++) {
		if (!opts->rules[r]->tree_pass || !first_of_its_pass(opts, r))
			continue;
		for (k = 0; k < sh->nr_readings; k++)
			if (sh->readings[k].rule->tree_pass == opts->rules[r]->tree_pass)
				break;
		if (k < sh->nr_readings)
			sh->readings[k].rule->tree_reader->finish(sh->readings[k].ctx, opts, res);
		else
			opts->rules[r]->tree_pass(opts, res);
	}
}

/* What a pass that stopped leaves: its readings and the files it scanned. */
static void drop_pass(struct scan_shared *sh, struct scan_result *out)
{
	struct scan_result partial = { .files = sh->results, .nr_files = sh->files->nr };
	size_t k;

	for (k = 0; k < sh->nr_readings; k++)
		sh->readings[k].rule->tree_reader->cancel(sh->readings[k].ctx);
	scan_result_release(&partial);
	era_release(&out->era);
	free(sh->absent);
}

/* One pass over files; false when late files came (opts->late_files into
 * late) and it stopped, leaving out as it found it. */
static bool scan_pass(const struct scan_options *opts, const struct file_list *files,
		      struct scan_result *out, struct file_list *late,
		      struct scan_reading *extra)
{
	struct scan_shared sh = { .opts = opts, .files = files };
	int jobs = opts->jobs > 0 ? opts->jobs : 1, started = 0, i;
	pthread_t *threads;
	bool stopped = false;

	timing_phase("scan start");
	sh.results = xcalloc(files->nr ? files->nr : 1, sizeof(*sh.results));
	sh.kconfig = kconfig_load(opts->flags_root ? opts->flags_root : opts->root);
	sh.names = all_names(opts);
	era_read(opts->flags_root ? opts->flags_root : opts->root, &out->era);
	sh.era = &out->era;
	sh.file_rules = xcalloc(opts->nr_rules ? opts->nr_rules : 1, sizeof(*sh.file_rules));
	for (i = 0; i < (int)opts->nr_rules; i++)
		if (opts->rules[i]->identifiers && rule_fits_era(opts->rules[i], &out->era))
			sh.file_rules[sh.nr_file_rules++] = opts->rules[i];
	if (files->unchecked)
		sh.absent = xcalloc(files->nr ? files->nr : 1, sizeof(*sh.absent));
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	atomic_init(&sh.parsed, 0);
	atomic_init(&sh.thread_ids, 0);
	atomic_init(&sh.stop, false);
	sh.root_fd = open(opts->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if ((size_t)jobs > files->nr)
		jobs = files->nr ? (int)files->nr : 1;
	begin_readings(&sh, jobs);
	/* Only a pass that reads every file once and for all. */
	if (extra && sh.nr_file_rules && !opts->late_files) {
		extra->begin(extra->ctx, jobs);
		extra->begun = true;
		sh.extra = extra;
	}
	threads = xcalloc((size_t)jobs, sizeof(*threads));
	for (i = 0; i < jobs; i++)
		if (pthread_create(&threads[i], NULL, worker, &sh) == 0)
			started++;
		else
			break;
	if (opts->late_files) {
		opts->late_files(opts->late_files_ctx, late);
		if (late->nr)
			atomic_store(&sh.stop, stopped = true);
	}
	if (!started)
		worker(&sh);
	if (opts->progress && !stopped) {
		struct timespec ts = { 0, 100 * 1000 * 1000 };

		while (atomic_load(&sh.done) < files->nr) {
			show_progress(&sh, false);
			nanosleep(&ts, NULL);
		}
	}
	for (i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	if (opts->progress && !stopped)
		show_progress(&sh, true);
	free(threads);
	if (sh.root_fd >= 0)
		close(sh.root_fd);
	free(sh.file_rules);
	free(sh.names);
	if (stopped) {
		drop_pass(&sh, out);
		kconfig_free(sh.kconfig);
		return false;
	}
	out->root = opts->root;
	out->files = sh.results;
	out->nr_files = drop_absent(&sh);
	out->files_parsed = atomic_load(&sh.parsed);
	timing_phase("files scanned");
	out->kconfig = sh.kconfig;
	run_tree_passes(&sh, out);
	out->kconfig = NULL;
	free(out->inactive_path);
	free(out->inactive_lines);
	out->inactive_path = NULL;
	out->inactive_lines = NULL;
	kconfig_free(sh.kconfig);
	return true;
}

void scan_run(const struct scan_options *opts, const struct file_list *files,
	      struct scan_result *out)
{
	scan_run_reading(opts, files, out, NULL);
}

void scan_run_reading(const struct scan_options *opts, const struct file_list *files,
		      struct scan_result *out, struct scan_reading *extra)
{
	struct scan_options again = *opts;
	struct file_list late = { 0 }, all = { 0 };
	size_t i;

	if (extra)
		extra->begun = false;
	if (scan_pass(opts, files, out, &late, extra)) {
		file_list_release(&late);
		return;
	}
	/* Untracked files: the whole list from the start (they would have
	 * to be read in their places among the others). */
	file_list_copy(&all, files);
	for (i = 0; i < late.nr; i++)
		file_list_add(&all, late.paths[i]);
	file_list_finish(&all);
	all.unchecked |= late.unchecked;
	file_list_release(&late);
	again.late_files = NULL;
	scan_pass(&again, &all, out, NULL, NULL);
	file_list_release(&all);
}
