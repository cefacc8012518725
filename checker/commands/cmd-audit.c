#include "products/audit/audit.h"
#include "commands/builtin.h"
#include "commands/options.h"
#include "front/tree.h"
#include "front/unreadable.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct command_usage audit_usage = {
	.name = "audit",
	.synopsis = "audit [options] TREE",
	.about =
"Lists every workqueue API caller of the kernel tree TREE, grouped by the\n"
"MAINTAINERS section that owns its file: legacy API uses (WQ001-WQ005),\n"
"queue_*_on() & co sites, system_wq / system_unbound_wq users and\n"
"alloc_workqueue() calls, each classified (legacy, cpu-dependent,\n"
"reentrancy-dependent, cpu-independent, unresolved) with its evidence, and\n"
"for system_wq users and alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND\n"
"the 6.17 migration advice. The non-reentrance conditions (WQ013-WQ015)\n"
"are counted per section, warnings and notes apart.\n",
	.more = usage_all_rules,
	.after =
"Exit status: 0 report written, 2 usage or environment error (not a kernel\n"
"tree, unreadable MAINTAINERS, unknown subsystem, output not writable), or\n"
"the report was written but a file or directory could not be read or\n"
"analysed (named on stderr and in the report's files not analysed).\n",
};

enum audit_format {
	AUDIT_MD,
	AUDIT_CSV,
	AUDIT_JSON,
	AUDIT_HTML,
	AUDIT_DEFAULT
};

static const char *output_to_remove;

/* A report cut short by die() is not left behind looking whole. */
static void remove_output(void)
{
	if (output_to_remove)
		unlink(output_to_remove);
}

static bool ends_with_nocase(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcasecmp(s + n - m, suffix);
}

static void parse_opt_format(const struct option *opt, const char *name)
{
	enum audit_format *format = opt->value;


	if (!strcmp(name, "md") || !strcmp(name, "markdown"))
		*format = AUDIT_MD;
	else if (!strcmp(name, "csv"))
		*format = AUDIT_CSV;
	else if (!strcmp(name, "json"))
		*format = AUDIT_JSON;
	else if (!strcmp(name, "html"))
		*format = AUDIT_HTML;
	else
		usage_die("unknown format '%s' (md, csv, json, html)", name);
}

static enum audit_format format_from_file(const char *path)
{
	if (!path)
		return AUDIT_MD;
	if (ends_with_nocase(path, ".html") || ends_with_nocase(path, ".htm"))
		return AUDIT_HTML;
	if (ends_with_nocase(path, ".json"))
		return AUDIT_JSON;
	if (ends_with_nocase(path, ".csv"))
		return AUDIT_CSV;
	return AUDIT_MD;
}

/* audit --subsystem: a file is wanted when the section owns it, as the
 * document groups the rows (the most specific MAINTAINERS match). */
struct section_scope {
	const struct maintainers *m;
	const char *section;
	const struct maint_section *s;	/* NULL: the files of no section */
};

static bool in_section(const char *path, void *ctx)
{
	const struct section_scope *scope = ctx;
	const struct maint_section *owner;

	/* only a file the section matches may be its: one section's
	 * patterns first, every section's for those alone */
	if (scope->s && !maint_section_claims(scope->s, path))
		return false;
	owner = maintainers_owner(scope->m, path);
	return owner ? owner == scope->s : !scope->s;
}

static int write_document(FILE *out, enum audit_format format, json_t *doc)
{
	switch (format) {
	case AUDIT_CSV:
		return audit_write_csv(out, doc);
	case AUDIT_JSON:
		if (json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER) <
		    0)
			return -1;
		fputc('\n', out);
		return ferror(out) ? -1 : 0;
	case AUDIT_HTML:
		return audit_write_html(out, doc);
	default:
		return audit_write_markdown(out, doc);
	}
}

/* MAINTAINERS parsed on a thread of its own while the audit collects (its
 * thousands of patterns take a noticeable part of the audit's time); read
 * first, so that an unreadable one still fails at once. */
struct maintainers_job {
	struct maintainers *m;
	const char *root;
	struct strbuf text;
	pthread_t thread;
	bool started;
};

static void *parse_maintainers(void *arg)
{
	struct maintainers_job *job = arg;

	maintainers_parse(job->m, job->text.buf ? job->text.buf : "",
			  job->text.len, job->root);
	return NULL;
}

static void maintainers_start(struct maintainers_job *job)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_addf(&path, "%s/MAINTAINERS", job->root);
	if (strbuf_read_file(&job->text, path.buf) < 0)
		die_errno("%s", path.buf);
	strbuf_release(&path);
	job->started = !pthread_create(&job->thread, NULL, parse_maintainers,
				       job);
	if (!job->started)
		parse_maintainers(job);
}

static void maintainers_wait(struct maintainers_job *job)
{
	if (job->started)
		pthread_join(job->thread, NULL);
	job->started = false;
	strbuf_release(&job->text);
}

int cmd_audit(int argc, char **argv)
{
	enum audit_format format = AUDIT_DEFAULT;
	const char *output = NULL, *subsystem = NULL, *section = NULL,
		   *arch = NULL;
	const char *db_dir = NULL, *tree, *baseline_path = NULL;
	struct baseline baseline = { 0 };
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	struct audit_options opts = { 0 };
	struct maintainers m = { 0 };
	struct maintainers_job mjob = { .m = &m, .text = STRBUF_INIT };
	struct compile_db *db = NULL;
	struct audit au;
	struct section_scope scope = { 0 };
	bool quiet = false;
	json_t *doc;
	FILE *out;
	size_t i;
	int rc, status;

	const struct option options[] = {
		OPT_STRING('o', "output", &output, "FILE",
			   "write to FILE (default: standard output)"),
		OPT_CALLBACK_WORDS(0, "format", &format, "FMT",
				   "md, csv, json or html (default: from FILE's\n"
				   "extension .html/.htm, .json, .csv, .md; else md)",
				   parse_opt_format, "md markdown csv json html"),
		OPT_STRING(0, "subsystem", &subsystem, "NAME",
			   "only this MAINTAINERS section: its exact name, or a\n"
			   "case-insensitive part of exactly one section's name"),
		OPT_JOBS_ALL_CPUS(&jobs),
		OPT_ARCH(&arch,
			 "architecture for <asm/...> headers (default: x86)"),
		OPT_COMPILE_DB(&db_dir,
			       "compiler flags from DIR/compile_commands.json\n"
			       "(legacy rules)"),
		OPT_BASELINE(&baseline_path),
		OPT_QUIET_PROGRESS(&quiet),
		OPT_END(),
	};

	argc = parse_options(argc, argv, options, &audit_usage, 0);
	tree = usage_one_operand(argc, argv, "TREE");
	if (format == AUDIT_DEFAULT)
		format = format_from_file(output);
	if (access(tree, F_OK) < 0)
		die_errno("%s", tree);
	if (!is_kernel_tree(tree))
		die("%s: not a kernel tree's root (a Makefile, include/linux/ and MAINTAINERS "
		    "or Kconfig)",
		    tree);
	mjob.root = tree;
	if (subsystem || jobs < 2) {
		if (maintainers_load(&m, tree) < 0)
			die_errno("%s/MAINTAINERS", tree);
	} else {
		maintainers_start(&mjob);
	}
	if (subsystem) {
		char *why = NULL;

		section = audit_find_section(&m, subsystem, &why);
		if (!section)
			die("audit: --subsystem: %s", why);
	}
	if (db_dir)
		db = compile_db_load(db_dir);
	if (baseline_path)
		baseline_load_or_die(&baseline, baseline_path, tree);
	/* Opened before the long part, so that a bad path fails at once. */
	out = output ? fopen(output, "w") : stdout;
	if (!out)
		die_errno("%s", output);
	output_to_remove = output;
	set_die_cleanup(remove_output);

	opts.root = tree;
	opts.arch = arch;
	opts.db = db;
	opts.jobs = (int)jobs;
	opts.progress = !quiet && isatty(2);
	opts.exits_after = !FREE_AT_EXIT;
	if (section) {
		scope.m = &m;
		scope.section = section;
		for (i = 0; i < m.nr; i++)
			if (!strcmp(m.sections[i].name, section))
				scope.s = &m.sections[i];
		opts.in_scope = in_section;
		opts.scope_ctx = &scope;
	}
	if (audit_collect(&opts, &au) < 0)
		die("%s: cannot list its files", tree);
	for (i = 0; i < au.nr_failed; i++)
		fprintf(stderr, "wqcheck: %s: not fully analysed: %s\n",
			au.failed[i].file, au.failed[i].reason);
	/* What the listing could not read goes into the report's files not
	 * analysed too, so that its reader sees the report is not whole. */
	unreadable_report(stderr);
	for (i = 0; i < unreadable_count(); i++) {
		struct strbuf why = STRBUF_INIT;

		strbuf_addf(&why, "cannot read: %s", unreadable_reason(i));
		ALLOC_GROW(au.failed, au.nr_failed, au.alloc_failed);
		au.failed[au.nr_failed].file = xstrdup(unreadable_path(i));
		au.failed[au.nr_failed++].reason = strbuf_detach(&why);
	}
	status = au.nr_failed ? EXIT_USAGE : EXIT_CLEAN;
	maintainers_wait(&mjob);
	doc = audit_document(&au, &m, tree, section, opts.jobs);
	if (baseline_path) {
		size_t matched = audit_mark_baseline(doc, &baseline, tree);
		json_t *counts = json_object_get(json_object_get(doc, "summary"),
						 "baseline");

		fprintf(stderr, "wqcheck: %lld finding%s new, %zu matched the baseline %s\n",
			json_integer_value(json_object_get(counts, "new")),
			json_integer_value(json_object_get(counts, "new")) == 1 ? "" : "s",
			matched, baseline_path);
	}

	rc = write_document(out, format, doc);
	if (output) {
		if (fclose(out) != 0)
			rc = -1;
	} else if (fflush(stdout) != 0) {
		rc = -1;
	}
	if (rc < 0)
		die("audit: cannot write %s", output ? output : "the report");
	output_to_remove = NULL;
	if (FREE_AT_EXIT) {
		json_decref(doc);
		audit_release(&au);
		maintainers_release(&m);
		compile_db_free(db);
		baseline_release(&baseline);
	}
	return status;
}
