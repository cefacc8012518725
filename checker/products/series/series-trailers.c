/*
 * The trailers of every patch: Signed-off-by, and the Cc: lines from the
 * tree's own scripts/get_maintainer.pl (run on each patch's diff, in
 * parallel) or, where it cannot run or is not wanted, from MAINTAINERS and
 * .mailmap read here (maint-cc.c). Then the commits are made final.
 */
#include "products/series/series-priv.h"
#include "products/series/maint-cc.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* "Cc: <line>" for every line of the script's answer. */
static void add_cc_lines(struct strbuf *cc, const struct strbuf *out)
{
	const char *line;

	for (line = out->buf ? out->buf : ""; *line;) {
		size_t n = strcspn(line, "\n");

		if (n)
			strbuf_addf(cc, "Cc: %.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
}

/*
 * The tree's own scripts/get_maintainer.pl on each patch's diff, -j of
 * them at a time (a run costs 0.15 s on 6.1, mostly reading MAINTAINERS).
 * TREE's own script, run in TREE: a scratch copy of files does not look
 * like a kernel tree to it. cc[i] stays empty where it failed, and the
 * function returns false for it: the caller falls back to MAINTAINERS.
 */
static void cc_from_script(struct series *s, size_t first, struct strbuf *cc,
			   bool *ok)
{
	static const char *const perl_env[] = { "PERL_HASH_SEED=0",
						"PERL_PERTURB_KEYS=0", NULL };
	size_t nr = s->repo.nr, i;
	struct series_job *jobs = xcalloc(nr, sizeof(*jobs));
	const char **argvs = xcalloc(nr * 7, sizeof(*argvs));
	struct strbuf *outs = xcalloc(nr, sizeof(*outs));
	struct strbuf *errs = xcalloc(nr, sizeof(*errs));
	char **paths = xcalloc(nr, sizeof(*paths));
	struct strbuf why = STRBUF_INIT;
	size_t failed = 0;

	for (i = first; i < nr; i++) {
		const struct series_commit *c = &s->repo.commits[i];
		const char **argv = argvs + 7 * i;
		struct strbuf path = STRBUF_INIT;

		strbuf_addf(&path, "%s/patch-%zu.diff", s->scratch, i);
		if (write_whole_file(path.buf, c->diff, strlen(c->diff),
				     0644) < 0)
			die_errno("cannot write %s", path.buf);
		paths[i] = strbuf_detach(&path);
		argv[0] = "perl";
		argv[1] = "scripts/get_maintainer.pl";
		argv[2] = "--no-rolestats";
		argv[3] = "--no-git";
		argv[4] = "--no-git-fallback";
		argv[5] = NULL;
		jobs[i].argv = argv;
		/* On stdin: given a file name, the script first asks
		 * `git ls-files` whether it is one of the tree's, which reads
		 * the whole index (0.1 s on 6.1) for every patch. */
		jobs[i].input = paths[i];
		jobs[i].dir = s->root;
		/* Its sections of equal depth come in hash order: fixed,
		 * the same Cc order on every run. */
		jobs[i].env = perl_env;
		jobs[i].out = &outs[i];
		jobs[i].err = &errs[i];
	}
	/* The first patch alone: a script that cannot run in this tree (an
	 * old perl module missing, say) fails the same way for every patch,
	 * and is said once, not seventy times. */
	if (nr > first) {
		series_run_jobs(jobs + first, 1, 1);
		if (jobs[first].status == 0)
			series_run_jobs(jobs + first + 1, nr - first - 1, s->jobs);
	}
	for (i = first; i < nr; i++) {
		ok[i] = jobs[first].status == 0 && jobs[i].status == 0;
		if (ok[i])
			add_cc_lines(&cc[i], &outs[i]);
		else
			failed++;
		if (!ok[i] && !why.len)
			strbuf_addstr(&why, series_first_line(&errs[i]));
		strbuf_release(&outs[i]);
		strbuf_release(&errs[i]);
		free(paths[i]);
	}
	if (failed)
		warning("scripts/get_maintainer.pl failed for %zu of %zu patches (%s); "
			"their Cc from MAINTAINERS instead", failed, nr - first, why.buf);
	strbuf_release(&why);
	free(jobs);
	free(argvs);
	free(outs);
	free(errs);
	free(paths);
}

/* The drafts become the series: Signed-off-by and Cc's added. */
const char *series_finish_commits(struct series *s)
{
	size_t nr = s->repo.nr, first = s->repo.made_base ? 1 : 0, i;
	struct strbuf *cc = xcalloc(nr, sizeof(*cc));
	bool *from_script = xcalloc(nr, sizeof(*from_script));
	char **trailers = xcalloc(nr, sizeof(*trailers));
	const char *tip;

	if (s->cc_script)
		cc_from_script(s, first, cc, from_script);
	for (i = first; i < nr; i++) {
		struct strbuf t = STRBUF_INIT;

		if (!from_script[i]) {
			const struct series_commit *c = &s->repo.commits[i];
			const char **files = xcalloc(c->nr_files, sizeof(*files));
			size_t k;

			for (k = 0; k < c->nr_files; k++)
				files[k] = c->files[k].path;
			maint_cc(&s->maint, &s->mailmap, files, c->nr_files,
				 c->diff, &cc[i]);
			free(files);
		}
		strbuf_addch(&t, '\n');
		if (s->repo.commits[i].fixes)
			strbuf_addstr(&t, s->repo.commits[i].fixes);
		strbuf_addf(&t, "Signed-off-by: %s <%s>\n", s->name, s->email);
		strbuf_add(&t, cc[i].buf ? cc[i].buf : "", cc[i].len);
		trailers[i] = strbuf_detach(&t);
		strbuf_release(&cc[i]);
	}
	tip = series_repo_finish(&s->repo, (const char *const *)trailers);
	for (i = 0; i < nr; i++)
		free(trailers[i]);
	free(trailers);
	free(cc);
	free(from_script);
	return tip;
}
