/* wqcheck validate: the series applied in the scratch worktree with git
 * am, as few runs of git as the builds between patches allow. A git am in
 * a kernel worktree costs a third of a second of CPU whatever it applies
 * (the index of 40,000 files is read and refreshed): 70 patches one by one
 * cost more than the two makes that judge them. */
#include "lib/tempdir.h"
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "error: patch failed: drivers/x.c:123" -> "drivers/x.c:123, hunk @@ ... @@" */
static char *describe_apply_failure(const struct vpatch *p, const char *out)
{
	struct strbuf sb = STRBUF_INIT;
	const char *e = strstr(out, "error: patch failed: ");
	const char *nl;

	if (e) {
		char *loc, *colon, *hunk;

		e += strlen("error: patch failed: ");
		nl = strchr(e, '\n');
		loc = xstrndup(e, nl ? (size_t)(nl - e) : strlen(e));
		colon = strrchr(loc, ':');
		strbuf_addstr(&sb, loc);
		if (colon) {
			*colon = '\0';
			hunk = series_find_hunk(p->path, loc, (unsigned)strtoul(colon + 1, NULL, 10));
			if (hunk)
				strbuf_addf(&sb, ": hunk %s does not apply", hunk);
			else
				strbuf_addstr(&sb, ": a hunk does not apply");
			free(hunk);
		}
		free(loc);
	} else {
		/* git's own words: the first error line */
		e = strstr(out, "error: ");
		if (!e)
			e = out;
		nl = strchr(e, '\n');
		strbuf_add(&sb, e, nl ? (size_t)(nl - e) : strlen(e));
	}
	return strbuf_detach(&sb);
}

/* How many commits HEAD is past since. */
static size_t commits_since(const struct vtree *t, const char *since)
{
	struct strbuf range = STRBUF_INIT;
	char *count;
	size_t n;

	strbuf_addf(&range, "%s..HEAD", since);
	count = git_line(t->worktree, "rev-list", "--count", range.buf);
	n = count ? strtoul(count, NULL, 10) : 0;
	free(count);
	strbuf_release(&range);
	return n;
}

static void restore_env(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

void vgit_objects_enter(const struct vtree *t, struct vgit_objects *saved)
{
	struct strbuf objects = STRBUF_INIT, alt = STRBUF_INIT;
	char *common;

	/* the commits are kept out of the tree's object store: in the
	 * scratch dir, with the tree's objects as alternates */
	strbuf_addf(&objects, "%s/objects", t->scratch);
	make_parent_dirs(objects.buf);
	mkdir(objects.buf, 0777);
	common = xstrdup(t->worktrees_dir);
	if (strrchr(common, '/'))
		*strrchr(common, '/') = '\0';	/* <git common dir>/worktrees */
	strbuf_addf(&alt, "%s/objects", common);
	free(common);
	/* the caller's own alternates (a tree whose objects live
	 * elsewhere) stay reachable */
	saved->alt = getenv("GIT_ALTERNATE_OBJECT_DIRECTORIES");
	saved->alt = saved->alt ? xstrdup(saved->alt) : NULL;
	saved->objects = getenv("GIT_OBJECT_DIRECTORY");
	saved->objects = saved->objects ? xstrdup(saved->objects) : NULL;
	if (saved->alt && *saved->alt)
		strbuf_addf(&alt, ":%s", saved->alt);
	setenv("GIT_OBJECT_DIRECTORY", objects.buf, 1);
	setenv("GIT_ALTERNATE_OBJECT_DIRECTORIES", alt.buf, 1);
	strbuf_release(&objects);
	strbuf_release(&alt);
}

void vgit_objects_leave(struct vgit_objects *saved)
{
	restore_env("GIT_OBJECT_DIRECTORY", saved->objects);
	restore_env("GIT_ALTERNATE_OBJECT_DIRECTORIES", saved->alt);
	free(saved->objects);
	free(saved->alt);
	memset(saved, 0, sizeof(*saved));
}

char *vgit_head(const struct vtree *t)
{
	struct vgit_objects saved;
	char *head;

	vgit_objects_enter(t, &saved);
	head = git_line(t->worktree, "rev-parse", "--verify", "HEAD");
	vgit_objects_leave(&saved);
	return head;
}

size_t vseries_apply(struct vtree *t, struct vseries *s, size_t first, size_t last,
		     char **error)
{
	const char **argv = xcalloc(last - first + 12, sizeof(*argv));
	struct strbuf out = STRBUF_INIT;
	struct vgit_objects saved;
	size_t n = 0, applied = last - first + 1, i;
	char *head;

	*error = NULL;
	vgit_objects_enter(t, &saved);
	head = git_line(t->worktree, "rev-parse", "HEAD", NULL);
	argv[n++] = "git";
	argv[n++] = "-c";
	argv[n++] = "user.name=wqcheck validate";
	argv[n++] = "-c";
	argv[n++] = "user.email=wqcheck@invalid";
	argv[n++] = "-c";
	argv[n++] = "am.threeWay=false";
	argv[n++] = "am";
	argv[n++] = "--quiet";
	for (i = first; i <= last; i++)
		argv[n++] = s->patches[i].path;
	argv[n] = NULL;
	if (run_command(t->worktree, argv, &out)) {
		/* without a three-way merge a patch applies whole or not at
		 * all: the ones before it stay, committed */
		applied = head ? commits_since(t, head) : 0;
		if (applied > last - first)
			applied = last - first;
		*error = describe_apply_failure(&s->patches[first + applied],
						out.buf ? out.buf : "");
		run_commandv(t->worktree, NULL, "git", "am", "--quit", (char *)NULL);
	}
	vgit_objects_leave(&saved);
	free(head);
	strbuf_release(&out);
	free(argv);
	return applied;
}

char *vtree_files_at(struct vtree *t, const char *commit)
{
	struct strbuf diff = STRBUF_INIT, path = STRBUF_INIT, out = STRBUF_INIT;
	struct vgit_objects saved;
	char *r = NULL;

	vgit_objects_enter(t, &saved);
	if (run_commandv(t->worktree, &diff, "git", "diff", "--binary", "--no-ext-diff",
			 "--no-color", "--no-renames", "HEAD", commit, (char *)NULL)) {
		error("git diff HEAD %s failed: %s", commit, diff.buf ? diff.buf : "");
		goto out;
	}
	if (!diff.len) {
		r = xstrdup("");
		goto out;
	}
	strbuf_addf(&path, "%s/state-%.12s.diff", t->scratch, commit);
	if (write_whole_file(path.buf, diff.buf, diff.len, 0644) < 0) {
		error("%s: cannot write it", path.buf);
		goto out;
	}
	if (run_commandv(t->worktree, &out, "git", "apply", "--whitespace=nowarn", path.buf,
			 (char *)NULL)) {
		error("git apply of %s failed: %s", path.buf, out.buf ? out.buf : "");
		unlink(path.buf);
		goto out;
	}
	r = strbuf_detach(&path);
out:
	vgit_objects_leave(&saved);
	strbuf_release(&diff);
	strbuf_release(&path);
	strbuf_release(&out);
	return r;
}

int vtree_files_back(struct vtree *t, const char *diff)
{
	struct strbuf out = STRBUF_INIT;
	int rc = 0;

	if (!*diff)
		return 0;
	if (run_commandv(t->worktree, &out, "git", "apply", "-R", "--whitespace=nowarn", diff,
			 (char *)NULL)) {
		struct vgit_objects saved;

		rc = error("git apply -R of %s failed: %s", diff, out.buf ? out.buf : "");
		/* every tracked file as HEAD has it, whatever the diff left */
		vgit_objects_enter(t, &saved);
		run_commandv(t->worktree, NULL, "git", "checkout", "-f", "HEAD", "--", ".",
			     (char *)NULL);
		vgit_objects_leave(&saved);
	}
	unlink(diff);
	strbuf_release(&out);
	return rc;
}
