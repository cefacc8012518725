/*
 * The trust boundary of validate: a series from a stranger is code that
 * kbuild runs. A patch to a Makefile, Kbuild, Kconfig, a script or a tool
 * the build runs (scripts/, tools/) executes on this machine; even a .c or
 * .h change can #include any file the compiler can read, and its error
 * lines land in the report. So:
 *
 * - a series that changes anything but .c and .h files outside scripts/
 *   and tools/ is refused unless asked (--allow-build-changes), naming the
 *   files (vtrust_build_changes());
 * - every make and compiler validate runs (configuration, prepare, the
 *   objects, scripts/config, sparse) runs inside bubblewrap when it is
 *   installed and works here (--sandbox=auto, the default; always; never):
 *   the whole file system read-only, the scratch directory (worktree,
 *   build, temporary files) and the compiler cache writable, the caller's
 *   home and /root hidden under empty tmpfs, /tmp its own, no network
 *   (kept with --distcc: its hosts are on it), its own PID namespace, so
 *   that killing validate's child kills every process of the build.
 */
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_c_source(const char *f)
{
	size_t n = strlen(f);

	return n > 2 && f[n - 2] == '.' && (f[n - 1] == 'c' || f[n - 1] == 'h');
}

/* the host programs the build compiles and runs, wherever the tree is */
static bool build_tool(const char *f)
{
	return !strncmp(f, "scripts/", 8) || strstr(f, "/scripts/") ||
	       !strncmp(f, "tools/", 6) || strstr(f, "/tools/");
}

void vtrust_build_changes(const struct vseries *s, struct strlist *out)
{
	size_t i, j;

	for (i = 0; i < s->nr_patches; i++)
		for (j = 0; j < s->patches[i].files.nr; j++) {
			const char *f = s->patches[i].files.items[j];

			if ((!is_c_source(f) || build_tool(f)) && !strlist_has(out, f))
				strlist_add(out, f);
		}
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static void add_path(struct strlist *l, const char *path)
{
	char resolved[PATH_MAX];

	if (path && *path && realpath(path, resolved) && !strlist_has(l, resolved))
		strlist_add(l, resolved);
}

/* Is path under one of the hidden directories? */
static bool under_hidden(const struct vsandbox *sb, const char *path)
{
	size_t i, n;

	for (i = 0; i < sb->hidden.nr; i++) {
		n = strlen(sb->hidden.items[i]);
		if (!strncmp(path, sb->hidden.items[i], n) && (path[n] == '/' || !path[n]))
			return true;
	}
	return false;
}

/* ccache's cache directory, where its objects and its log go */
static void ccache_paths(struct vsandbox *sb)
{
	struct strbuf out = STRBUF_INIT;
	const char *log = getenv("CCACHE_LOGFILE");
	char *nl;

	if (!program_on_path("ccache"))
		return;
	if (!run_commandv(NULL, &out, "ccache", "--get-config", "cache_dir", (char *)NULL) &&
	    out.buf) {
		nl = strchr(out.buf, '\n');
		if (nl)
			*nl = '\0';
		if (!is_dir(out.buf))
			mkdir(out.buf, 0777);
		add_path(&sb->writable, out.buf);
	}
	if (log && *log) {
		/* the log the caller asked ccache for */
		char *dir = xstrdup(log), *slash = strrchr(dir, '/');

		if (slash && slash != dir) {
			*slash = '\0';
			add_path(&sb->writable, dir);
		}
		free(dir);
	}
	strbuf_release(&out);
}

/* The directories of PATH under a hidden one (a compiler in ~/x-tools):
 * read-only again. */
static void path_dirs(struct vsandbox *sb)
{
	const char *path = getenv("PATH"), *p, *colon;
	char resolved[PATH_MAX];

	for (p = path; p && *p; p = colon ? colon + 1 : NULL) {
		char *dir;

		colon = strchr(p, ':');
		dir = xstrndup(p, colon ? (size_t)(colon - p) : strlen(p));
		if (realpath(dir, resolved) && under_hidden(sb, resolved))
			add_path(&sb->readable, resolved);
		free(dir);
	}
}

/* Does bubblewrap run here (a kernel or container without user namespaces
 * refuses it)? The first line of why not into why. */
static bool sandbox_works(const struct vsandbox *sb, const struct vtree *t, struct strbuf *why)
{
	const char *argv[] = { "true", NULL };
	const char **wrapped;
	struct strbuf out = STRBUF_INIT;
	const struct vsandbox *saved = t->sandbox;
	int rc;

	((struct vtree *)t)->sandbox = (struct vsandbox *)sb;
	wrapped = vsandbox_argv(t, argv);
	((struct vtree *)t)->sandbox = (struct vsandbox *)saved;
	rc = run_command(NULL, wrapped, &out);
	free(wrapped);
	if (rc) {
		const char *o = out.buf ? out.buf : "";

		strbuf_add(why, o, strcspn(o, "\n"));
	}
	strbuf_release(&out);
	return !rc;
}

static void sandbox_off(struct vtree *t, const char *why)
{
	struct vsandbox *sb = xcalloc(1, sizeof(*sb));

	sb->why_not = xstrdup(why);
	t->sandbox = sb;
}

int vsandbox_setup(struct vtree *t, const char *mode)
{
	struct vsandbox *sb;
	struct strbuf why = STRBUF_INIT;
	const char *home = getenv("HOME");
	bool always = mode && !strcmp(mode, "always");

	if (mode && strcmp(mode, "auto") && strcmp(mode, "always") && strcmp(mode, "never"))
		return error("--sandbox=%s: auto, always or never", mode);
	if (mode && !strcmp(mode, "never")) {
		sandbox_off(t, "--sandbox=never");
		return 0;
	}
	if (!program_on_path("bwrap")) {
		if (always)
			return error("--sandbox=always: bubblewrap (bwrap) is not installed "
				     "(Debian: apt-get install bubblewrap)");
		sandbox_off(t, "bubblewrap is not installed");
		return 0;
	}
	sb = xcalloc(1, sizeof(*sb));
	sb->network = t->distcc != NULL;
	add_path(&sb->hidden, "/root");
	/* a /tmp of its own: make -O writes its output there (glibc's
	 * tmpfile() ignores TMPDIR), and nothing of others' is read */
	add_path(&sb->hidden, "/tmp");
	if (home && is_dir(home))
		add_path(&sb->hidden, home);
	add_path(&sb->writable, t->scratch);
	/* the worktree's git dir: kbuild's setlocalversion refreshes its index */
	add_path(&sb->writable, t->worktree_entry);
	ccache_paths(sb);
	/* the tree (the worktree's git reads it: setlocalversion) */
	add_path(&sb->readable, t->toplevel);
	path_dirs(sb);
	sb->on = true;
	if (!sandbox_works(sb, t, &why)) {
		struct strbuf msg = STRBUF_INIT;

		vsandbox_release(sb);
		if (always) {
			error("--sandbox=always: bubblewrap does not run here: %s", why.buf ? why.buf : "");
			strbuf_release(&why);
			return -1;
		}
		strbuf_addf(&msg, "bubblewrap does not run here: %s", why.buf ? why.buf : "");
		sandbox_off(t, msg.buf);
		strbuf_release(&msg);
		strbuf_release(&why);
		return 0;
	}
	strbuf_release(&why);
	t->sandbox = sb;
	return 0;
}

void vsandbox_release(struct vsandbox *sb)
{
	if (!sb)
		return;
	strlist_release(&sb->writable);
	strlist_release(&sb->readable);
	strlist_release(&sb->hidden);
	free(sb->why_not);
	free(sb);
}

const char **vsandbox_argv(const struct vtree *t, const char *const *argv)
{
	const struct vsandbox *sb = t->sandbox;
	size_t n = 0, i, nr_argv = 0;
	const char **v;

	while (argv[nr_argv])
		nr_argv++;
	if (!sb || !sb->on) {
		v = xcalloc(nr_argv + 1, sizeof(*v));
		memcpy(v, argv, nr_argv * sizeof(*v));
		return v;
	}
	v = xcalloc(nr_argv + 16 + 3 * (sb->hidden.nr + sb->readable.nr + sb->writable.nr),
		    sizeof(*v));
	v[n++] = "bwrap";
	v[n++] = "--ro-bind";
	v[n++] = "/";
	v[n++] = "/";
	v[n++] = "--dev";
	v[n++] = "/dev";
	v[n++] = "--proc";
	v[n++] = "/proc";
	/* hidden first: what is bound again below shows through */
	for (i = 0; i < sb->hidden.nr; i++) {
		v[n++] = "--tmpfs";
		v[n++] = sb->hidden.items[i];
	}
	for (i = 0; i < sb->readable.nr; i++) {
		v[n++] = "--ro-bind";
		v[n++] = sb->readable.items[i];
		v[n++] = sb->readable.items[i];
	}
	for (i = 0; i < sb->writable.nr; i++) {
		v[n++] = "--bind";
		v[n++] = sb->writable.items[i];
		v[n++] = sb->writable.items[i];
	}
	if (!sb->network)
		v[n++] = "--unshare-net";
	v[n++] = "--unshare-pid";
	v[n++] = "--die-with-parent";
	v[n++] = "--";
	for (i = 0; i < nr_argv; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	return v;
}
