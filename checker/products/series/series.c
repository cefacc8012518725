/* wqcheck series: the fixes as a git format-patch series, one patch per
 * MAINTAINERS subsystem and rule family, built as commits on TREE's HEAD in
 * a scratch repository (series-commit.c). The files the series touches are
 * copied out of HEAD into a scratch directory and scanned there, with
 * TREE's headers and .config. This file reads the options and runs the
 * steps, each in its own series-*.c (series-priv.h lists them). */
#include "products/series/series-priv.h"
#include "analysis/rules/rule.h"
#include "front/era.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "lib/usage.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Who signs the patches (--from, else TREE's git config): also the author
 * and committer of every commit, given to the gits series-commit.c runs in
 * s->env. */
static void parse_identity(struct series *s, const char *from)
{
	const char *lt, *gt;

	if (from) {
		lt = strchr(from, '<');
		gt = lt ? strchr(lt, '>') : NULL;
		if (!lt || !gt || gt == lt + 1 || gt[1])
			die("--from '%s' is not \"Name <mail>\"", from);
		while (lt > from && lt[-1] == ' ')
			lt--;
		if (lt == from)
			die("--from '%s' has no name", from);
		s->name = xstrndup(from, (size_t)(lt - from));
		lt = strchr(from, '<');
		s->email = xstrndup(lt + 1, (size_t)(gt - lt - 1));
	} else {
		struct strbuf name = STRBUF_INIT, email = STRBUF_INIT;

		series_git(s->root, NULL, &name, NULL, "config", "user.name",
			   NULL);
		series_git(s->root, NULL, &email, NULL, "config", "user.email",
			   NULL);
		series_strip_newline(&name);
		series_strip_newline(&email);
		if (!name.len || !email.len)
			die("who signs the patches? pass --from=\"Name <mail>\" or set git config "
			    "user.name and user.email");
		s->name = strbuf_detach(&name);
		s->email = strbuf_detach(&email);
	}
	s->env[0] = NULL;
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "GIT_AUTHOR_NAME=%s", s->name);
		s->env[0] = strbuf_detach(&sb);
		strbuf_addf(&sb, "GIT_AUTHOR_EMAIL=%s", s->email);
		s->env[1] = strbuf_detach(&sb);
		strbuf_addf(&sb, "GIT_COMMITTER_NAME=%s", s->name);
		s->env[2] = strbuf_detach(&sb);
		strbuf_addf(&sb, "GIT_COMMITTER_EMAIL=%s", s->email);
		s->env[3] = strbuf_detach(&sb);
		s->env[4] = NULL;
	}
}

static void series_release(struct series *s)
{
	size_t i;

	unbound_verdicts_release(&s->verdicts);
	for (i = 0; i < s->nr_touched; i++) {
		free(s->touched[i].path);
		free(s->touched[i].original);
	}
	free(s->touched);
	for (i = 0; i < s->nr_base_files; i++)
		free(s->base_files[i].path);
	free(s->base_files);
	series_repo_release(&s->repo);
	maintainers_release(&s->maint);
	mailmap_release(&s->mailmap);
	scan_result_release(&s->first);
	series_history_release(&s->history);
	file_list_release(&s->candidates);
	series_summary_release(&s->summary);
	for (i = 0; i < 4; i++)
		free((char *)s->env[i]);
	free(s->name);
	free(s->email);
	free(s->work);
	free(s->base);
	free(s->scope);
	free(s->root);
}

/* The path TREE names inside its kernel root ("drivers/net", a file), or
 * NULL for the root itself: as for scan, only what lies there is converted. */
static char *scope_of(const char *tree, const char *root)
{
	char resolved[PATH_MAX];
	size_t n = strlen(root);

	if (!realpath(tree, resolved) || strncmp(resolved, root, n) ||
	    resolved[n] != '/' || !resolved[n + 1])
		return NULL;
	return xstrdup(resolved + n + 1);
}

int series_make(const struct series_options *o)
{
	struct series s = { 0 };
	int status = EXIT_CLEAN;
	size_t i;

	s.use_clang = o->use_clang;
	s.quiet = o->quiet;
	s.with_deprecation = o->with_deprecation;
	s.split = o->split;
	s.jobs = o->jobs;
	for (i = 0; i < o->nr_rules && i < 64; i++)
		s.rules[s.nr_rules++] = o->rules[i];
	s.rules_given = o->nr_rules > 0;

	if (access(o->tree, F_OK) < 0)
		die_errno("%s", o->tree);
	s.root = find_tree_root(o->tree);
	if (!s.root)
		die("%s: not in a kernel tree (no directory at or above it has a Makefile, "
		    "include/linux/ and MAINTAINERS or Kconfig)",
		    o->tree);
	{
		/* by default, the conversions of the tree's era: the 6.17
		 * migration on a 6.17+ tree, the legacy one before */
		struct era era;

		era_read(s.root, &era);
		for (i = 0; !o->nr_rules && i < nr_all_rules; i++)
			if (series_family_of(all_rules[i]) >= 0 &&
			    rule_fits_era(all_rules[i], &era))
				s.rules[s.nr_rules++] = all_rules[i];
		s.summary.prerequisite = era.core == CORE_REENTRANT;
		s.summary.prerequisite_why = era.core_source;
		era_release(&era);
	}
	s.scope = scope_of(o->tree, s.root);
	s.summary.scope = s.scope;
	if (s.scope) {
		struct stat st;

		s.summary.scope_is_dir = !stat(o->tree, &st) && S_ISDIR(st.st_mode);
	}
	s.git = is_git_checkout(s.root);
	{
		struct strbuf script = STRBUF_INIT;
		struct stat st;

		strbuf_addf(&script, "%s/scripts/get_maintainer.pl", s.root);
		s.cc_script = stat(script.buf, &st) == 0;
		if (o->cc == SERIES_CC_SCRIPT && !s.cc_script)
			die("--cc=script: %s has no scripts/get_maintainer.pl",
			    s.root);
		if (o->cc == SERIES_CC_MAINTAINERS)
			s.cc_script = false;
		strbuf_release(&script);
	}
	parse_identity(&s, o->from);
	mailmap_load(&s.mailmap, s.root);
	if (maintainers_load(&s.maint, s.root) < 0 && !s.quiet)
		warning("%s/MAINTAINERS: %s; patches are not grouped by subsystem",
			s.root, strerror(errno));
	if (o->in_place && !o->force && s.git && series_tree_is_dirty(&s))
		die("%s has uncommitted changes; commit them first or pass --force",
		    s.root);

	s.prefer_unbound = o->prefer_unbound;
	s.summary.prefer_unbound = o->prefer_unbound;
	if (s.prefer_unbound &&
	    prefer_unbound_verdicts(s.root, NULL, NULL, s.jobs, !s.quiet && isatty(2),
				    &s.verdicts) < 0)
		die("%s: cannot list its files", s.root);
	s.scratch = tempdir_create("series");
	series_setup_scratch(&s);
	series_find_touched(&s, s.git ? s.work : s.root);
	/* in a git checkout the fix family may find work where no rename does */
	if (!s.nr_touched && !s.git) {
		if (!s.quiet)
			fprintf(stderr, "wqcheck: nothing to convert in %s\n",
				o->tree);
		status = EXIT_FINDINGS;
		goto out;
	}
	if (!s.git)
		series_make_temp_base(&s);
	else if (s.nr_touched)
		series_load_history(&s);
	s.summary.per_subsystem = s.split == SPLIT_SUBSYSTEM;
	series_make_fix_patches(&s);
	series_make_patches(&s);
	if (s.with_deprecation)
		series_make_deprecation(&s);
	if (!s.nr_patches) {
		if (!s.quiet)
			fprintf(stderr, "wqcheck: nothing to convert in %s\n",
				s.root);
		status = EXIT_FINDINGS;
		goto out;
	}
	series_repo_draft(&s.repo);
	series_write_patches(&s, o->outdir, series_finish_commits(&s));
	if (o->in_place && series_apply_in_place(&s) < 0)
		status = EXIT_USAGE;
out:
	fflush(stdout);
	tempdir_remove(s.scratch);
	if (ferror(stdout))
		die("cannot write the output");
	series_release(&s);
	return status;
}
