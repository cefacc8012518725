/*
 * --with-deprecation: the patches to the API's own files that end the
 * legacy migration (series-deprecate.c edits their text), each one only when
 * no file outside them still names what it deprecates, and the removal only
 * when every rule ran and no user of the old APIs is left.
 */
#include "products/series/series-priv.h"
#include "products/series/series-message.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* The pre-3.7 names, which --with-deprecation removes once none is left. */
static const char *const legacy_api_names[] = {
	"flush_work_sync", "flush_delayed_work_sync", "system_nrt_wq",
	"system_nrt_freezable_wq", "WQ_NON_REENTRANT", NULL,
};

static bool family_selected(const struct series *s, int family)
{
	size_t i;

	for (i = 0; i < s->nr_rules; i++)
		if (series_family_of(s->rules[i]) == family)
			return true;
	return false;
}

static const char *const step_names[][3] = {
	[DEPRECATE_FLUSH_SYNC] = { "flush_work_sync", "flush_delayed_work_sync",
				   NULL },
	[DEPRECATE_SYSTEM_NRT] = { "system_nrt_wq", "system_nrt_freezable_wq",
				   NULL },
	[DEPRECATE_NON_REENTRANT] = { NULL },
};


/* A core patch: the API's own files as step left them. */
static void commit_core(struct series *s, enum deprecation_step step,
			const struct strbuf *header, const struct strbuf *impl,
			bool have_impl)
{
	struct strbuf msg = STRBUF_INIT;
	struct series_commit *c;

	series_deprecation_message(step, &msg);
	c = series_repo_add(&s->repo, msg.buf);
	series_stage_file(s, c, WORKQUEUE_HEADER,
			  header->buf ? header->buf : "", header->len);
	if (have_impl)
		series_stage_file(s, c, WORKQUEUE_IMPL,
				  impl->buf ? impl->buf : "", impl->len);
	series_commit_or_drop(s, c);
	strbuf_release(&msg);
}

/* --with-deprecation: the core patches that end the migration. */
void series_make_deprecation(struct series *s)
{
	struct strbuf header = STRBUF_INIT, impl = STRBUF_INIT,
		      path = STRBUF_INIT;
	bool have_impl;
	int step, before = s->nr_patches;
	char *blocker = NULL;
	struct stat st;

	strbuf_addf(&path, "%s/%s", s->work, WORKQUEUE_HEADER);
	if (stat(path.buf, &st) < 0) {
		warning("%s: no %s to deprecate the old APIs in", s->root,
			WORKQUEUE_HEADER);
		strbuf_release(&path);
		return;
	}
	series_read_or_die(&header, s->work, WORKQUEUE_HEADER);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/%s", s->work, WORKQUEUE_IMPL);
	have_impl = stat(path.buf, &st) == 0;
	if (have_impl)
		series_read_or_die(&impl, s->work, WORKQUEUE_IMPL);
	/* For --in-place: the core files as they were, like the others. */
	series_add_touched(s, WORKQUEUE_HEADER, header.buf ? header.buf : "",
			   header.len);
	if (have_impl)
		series_add_touched(s, WORKQUEUE_IMPL, impl.buf ? impl.buf : "",
				   impl.len);
	for (step = 0; step < REMOVE_DEPRECATED; step++) {
		char *user;

		if (!family_selected(s, step))
			continue;
		user = series_file_naming(s, step_names[step]);
		if (user) {
			warning("%s still names %s or %s; not deprecating them",
				user, step_names[step][0], step_names[step][1]);
			free(user);
			continue;
		}
		if (!series_deprecation_apply(step, &header, &impl))
			continue;
		commit_core(s, step, &header, &impl, have_impl);
	}
	/* Removal only when every rule ran and nothing outside the API's own
	 * files still names the old APIs. */
	if (s->nr_rules == 5 && !series_users_left(s) &&
	    !(blocker = series_file_naming(s, legacy_api_names)) &&
	    series_deprecation_apply(REMOVE_DEPRECATED, &header, &impl)) {
		commit_core(s, REMOVE_DEPRECATED, &header, &impl, false);
		s->summary.removal_patch = true;
	}
	if (blocker && !s->quiet)
		fprintf(stderr,
			"wqcheck: %s still names an old API; the old APIs stay "
			"deprecated, not removed\n",
			blocker);
	free(blocker);
	s->summary.deprecation_patches = s->nr_patches - before;
	strbuf_release(&header);
	strbuf_release(&impl);
	strbuf_release(&path);
}
