/* The scratch side of validate: a detached git worktree of the tree at the
 * series' base, its configuration, the prepared build (cached), and which
 * objects the configuration builds according to the Makefiles. */
#include "lib/cleanup.h"
#include "lib/tempdir.h"
#include "lib/timing.h"
#include "front/tree.h"
#include "lib/usage.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BUILD_DIR ".wqcheck-build"

void vtree_progress(const struct vtree *t, const char *fmt, ...)
{
	va_list ap;
	char what[512];

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	timing_phase("%s", what);
	if (t->progress)
		fprintf(stderr, "wqcheck validate: %s\n", what);
}

char *git_line(const char *dir, const char *a, const char *b, const char *c)
{
	struct strbuf out = STRBUF_INIT;
	char *nl;

	if (run_commandv(dir, &out, "git", a, b, c, (char *)NULL)) {
		strbuf_release(&out);
		return NULL;
	}
	nl = strchr(out.buf ? out.buf : "", '\n');
	if (nl)
		*nl = '\0';
	return strbuf_detach(&out);
}

static bool file_exists(const char *dir, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	bool ok;

	strbuf_addf(&sb, "%s/%s", dir, rel);
	ok = !stat(sb.buf, &st);
	strbuf_release(&sb);
	return ok;
}

/* ccache, when installed, for kbuild trees whose make arguments do not
 * choose the compiler: a second run of the same series compiles little. */
static bool want_ccache(const struct vtree *t)
{
	const char *off = getenv("WQCHECK_NO_CCACHE");
	size_t i;

	if (!t->kbuild || (off && *off) || !program_on_path("ccache"))
		return false;
	for (i = 0; i < t->make_args.nr; i++)
		if (!strncmp(t->make_args.items[i], "CC=", 3) ||
		    !strncmp(t->make_args.items[i], "LLVM=", 5) ||
		    !strncmp(t->make_args.items[i], "CROSS_COMPILE=", 14))
			return false;
	return true;
}

/* The scratch dir's name is new on every run, and the sources, the
 * positions and identities headers all lie under it: ccache would hash the
 * paths and miss every time. With it as the base dir the paths ccache
 * hashes are relative to the object's directory, the same on every run;
 * the working directory left out of the hash (what debug information would
 * carry of it, objdump -d never reads). Depend mode: a miss compiles
 * without running the preprocessor first (kbuild's -Wp,-MD,<file> names
 * the headers ccache hashes for the next run), so a first run costs what
 * one without ccache does, not a preprocessing and a hashing more. The
 * inode cache: a miss hashes the thousand headers its object includes, the
 * same ones for every object of a run; ccache keeps their hashes by
 * device, inode and times instead of reading them again (a first run of
 * the v3.6.5 series: 19 s of CPU less, bench/RESULTS-validate.md). The
 * user's own CCACHE_INODECACHE wins. */
static void ccache_share_runs(const struct vtree *t)
{
	if (!t->scratch)
		return;
	setenv("CCACHE_BASEDIR", t->scratch, 1);
	setenv("CCACHE_NOHASHDIR", "true", 1);
	setenv("CCACHE_DEPEND", "true", 1);
	setenv("CCACHE_INODECACHE", "true", 0);
}

int vtree_open(struct vtree *t, const char *tree)
{
	char resolved[PATH_MAX];

	if (!realpath(tree, resolved))
		return error("%s: %s", tree, strerror(errno));
	if (!is_kernel_tree(resolved))
		return error("%s: not a kernel tree (no Makefile, include/linux/ and "
			     "MAINTAINERS or Kconfig)", tree);
	t->tree = xstrdup(resolved);
	t->toplevel = git_line(resolved, "rev-parse", "--show-toplevel", NULL);
	t->prefix = git_line(resolved, "rev-parse", "--show-prefix", NULL);
	t->head = git_line(resolved, "rev-parse", "--verify", "HEAD");
	if (!t->toplevel || !t->prefix || !t->head)
		return error("%s: not a git checkout with a commit (validate works in a "
			     "git worktree of it)", tree);
	t->kbuild = file_exists(resolved, "scripts/Kbuild.include");
	return 0;
}

/*
 * The worktree is named after the scratch directory (unique in $TMPDIR and
 * carrying our pid), so its entry in the repository, <common>/worktrees/<name>,
 * is known before git makes it. Both are registered with lib/cleanup.h
 * first: a signal at any moment removes them with plain unlinks, which is
 * all `git worktree prune` would do for this entry, and a run killed by
 * SIGKILL leaves an entry the next run sweeps. The user's other worktree
 * entries are never pruned.
 */
static int register_worktree(struct vtree *t)
{
	struct strbuf sb = STRBUF_INIT;
	const char *name = strrchr(t->scratch, '/');
	char *common, *abs;

	name = name ? name + 1 : t->scratch;
	common = git_line(t->toplevel, "rev-parse", "--git-common-dir", NULL);
	if (!common)
		return error("%s: cannot find its git directory", t->toplevel);
	if (common[0] != '/')
		strbuf_addf(&sb, "%s/", t->toplevel);
	strbuf_addstr(&sb, common);
	free(common);
	abs = realpath(sb.buf, NULL);
	strbuf_release(&sb);
	if (!abs)
		return error("%s: cannot find its git directory", t->toplevel);
	strbuf_addf(&sb, "%s/worktrees", abs);
	free(abs);
	cleanup_sweep_dead(sb.buf, "wqcheck-");
	t->worktrees_dir_made = access(sb.buf, F_OK) != 0;
	t->worktrees_dir = xstrdup(sb.buf);
	strbuf_addf(&sb, "/%s", name);
	t->worktree_entry = strbuf_detach(&sb);
	strbuf_addf(&sb, "%s/%s", t->scratch, name);
	t->worktree = strbuf_detach(&sb);
	/* from here on, cleaning up means removing the entry as well */
	t->worktree_added = true;
	cleanup_add_path(t->worktree_entry);
	return 0;
}

int vtree_add_worktree(struct vtree *t, const char *base)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
	char *commit;

	strbuf_addf(&sb, "%s^{commit}", base);
	commit = git_line(t->tree, "rev-parse", "--verify", sb.buf);
	strbuf_release(&sb);
	if (!commit)
		return error("base commit %s is not in %s", base, t->tree);
	if (!t->scratch)
		t->scratch = xstrdup(tempdir_create("validate"));
	if (register_worktree(t) < 0) {
		free(commit);
		return -1;
	}
	/* its files: hard links to the base's checkout in the cache
	 * (validate-checkout.c), or vtree_checkout_worktree()'s */
	if (run_commandv(t->toplevel, &out, "git", "worktree", "add", "--detach", "--no-checkout",
			 "--quiet", t->worktree, commit, (char *)NULL)) {
		error("git worktree add failed: %s", out.buf ? out.buf : "");
		strbuf_release(&out);
		free(commit);
		return -1;
	}
	free(commit);
	strbuf_release(&out);
	return 0;
}

/* Once the worktree has its files: where the tree and its build are. */
int vtree_finish_worktree(struct vtree *t)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n;

	strbuf_addstr(&sb, t->worktree);
	n = strlen(t->prefix);
	if (n) {
		strbuf_addch(&sb, '/');
		strbuf_add(&sb, t->prefix, n - (t->prefix[n - 1] == '/'));
	}
	t->srcdir = strbuf_detach(&sb);
	t->single_build = t->kbuild && kbuild_single_build(t->srcdir);
	if (t->kbuild) {
		t->builddir = xstrdup(BUILD_DIR);
		strbuf_addf(&sb, "%s/%s", t->srcdir, BUILD_DIR);
		if (mkdir(sb.buf, 0777) < 0)
			return error("%s: %s", sb.buf, strerror(errno));
		t->objdir = strbuf_detach(&sb);
	} else {
		t->objdir = xstrdup(t->srcdir);
	}
	strbuf_addf(&sb, "%s/wqcheck-identities.h", t->scratch);
	t->shim = strbuf_detach(&sb);
	return 0;
}

int vtree_checkout_worktree(struct vtree *t)
{
	struct strbuf out = STRBUF_INIT;
	char workers[48];
	int rc = 0;

	vtree_progress(t, "checking out the base in the scratch worktree");
	/* a kernel is 40,000 files and more; git writes them with the jobs
	 * the build gets (checkout.workers, git 2.32): the same CPU, on two
	 * cores 12 s of wall time become 7 on v3.6.5 */
	snprintf(workers, sizeof(workers), "checkout.workers=%d", t->jobs > 1 ? t->jobs : 1);
	if (run_commandv(t->worktree, &out, "git", "-c", workers, "read-tree", "--reset", "-u",
			 "HEAD", (char *)NULL))
		rc = error("git read-tree -u HEAD in the worktree failed: %s",
			   out.buf ? out.buf : "");
	strbuf_release(&out);
	return rc;
}

void vtree_remove_worktree(struct vtree *t)
{
	if (!t->worktree_added)
		return;
	t->worktree_added = false;
	unsetenv("GIT_OBJECT_DIRECTORY");
	unsetenv("GIT_ALTERNATE_OBJECT_DIRECTORIES");
	run_commandv(t->toplevel, NULL, "git", "worktree", "remove", "--force", "--force",
		     t->worktree, (char *)NULL);
	/* what git worktree remove left, if it failed */
	cleanup_remove_path(t->worktree_entry);
	if (t->worktrees_dir_made)
		rmdir(t->worktrees_dir);
}

/* make -C srcdir [O=.wqcheck-build] -jN ARGS... TARGETS..., in the
 * sandbox when there is one; the objects' makes through distcc when asked
 * (validate-distcc.c says why only those). */
static int run_make(struct vtree *t, const char *const *targets, struct strbuf *out, bool objects)
{
	const char *argv[256];
	const char **run;
	struct strbuf o = STRBUF_INIT, cc = STRBUF_INIT;
	char jobs[32], *distcc_cc = objects ? vdistcc_compiler(t) : NULL;
	size_t n = 0, i;
	int rc;

	snprintf(jobs, sizeof(jobs), "-j%d", t->jobs);
	argv[n++] = "make";
	argv[n++] = jobs;
	if (t->kbuild) {
		strbuf_addf(&o, "O=%s", t->builddir ? t->builddir : BUILD_DIR);
		argv[n++] = o.buf;
	}
	for (i = 0; i < t->make_args.nr && n < 200; i++)
		argv[n++] = t->make_args.items[i];
	if (distcc_cc) {
		argv[n++] = distcc_cc;
	} else if (t->ccache) {
		strbuf_addf(&cc, "CC=ccache %sgcc", t->cross_compile ? t->cross_compile : "");
		argv[n++] = cc.buf;
	}
	for (i = 0; targets[i] && n < 255; i++)
		argv[n++] = targets[i];
	argv[n] = NULL;
	run = vsandbox_argv(t, argv);
	rc = run_command(t->srcdir, run, out);
	if (objects)
		vdistcc_compiler_done(t);
	free(run);
	free(distcc_cc);
	strbuf_release(&o);
	strbuf_release(&cc);
	return rc;
}

int run_make_targets(struct vtree *t, const char *const *targets, struct strbuf *out)
{
	return run_make(t, targets, out, false);
}

int run_make_objects(struct vtree *t, const char *const *targets, struct strbuf *out)
{
	return run_make(t, targets, out, true);
}

void vtree_tool(const struct vtree *t, const char *tool, struct strbuf *sb)
{
	strbuf_addf(sb, "%s%s", t->cross_compile ? t->cross_compile : "", tool);
}

void vtree_open_target(struct vtree *t, const struct vtree *host, const char *arch,
		       const char *prefix, const char *defconfig)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	t->host = host;
	t->tree = xstrdup(host->tree);
	t->toplevel = xstrdup(host->toplevel);
	t->prefix = xstrdup(host->prefix);
	t->head = xstrdup(host->head);
	t->scratch = xstrdup(host->scratch);
	t->worktree = xstrdup(host->worktree);
	t->srcdir = xstrdup(host->srcdir);
	t->shim = xstrdup(host->shim);
	t->kbuild = host->kbuild;
	t->single_build = host->single_build;
	t->jobs = host->jobs;
	t->progress = host->progress;
	t->ccache = host->ccache;
	t->distcc = host->distcc;
	t->sandbox = host->sandbox;
	t->arch = xstrdup(arch);
	t->cross_compile = prefix;
	t->defconfig = xstrdup(defconfig);
	strbuf_addf(&sb, "%s-%s-%s", BUILD_DIR, arch, defconfig);
	t->builddir = strbuf_detach(&sb);
	strbuf_addf(&sb, "%s/%s", t->srcdir, t->builddir);
	t->objdir = strbuf_detach(&sb);
	for (i = 0; i < host->make_args.nr; i++)
		if (strncmp(host->make_args.items[i], "ARCH=", 5) &&
		    strncmp(host->make_args.items[i], "CROSS_COMPILE=", 14))
			strlist_add(&t->make_args, host->make_args.items[i]);
	strbuf_addf(&sb, "ARCH=%s", arch);
	strlist_add(&t->make_args, sb.buf);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "CROSS_COMPILE=%s", prefix);
	strlist_add(&t->make_args, sb.buf);
	strbuf_release(&sb);
}


static int copy_file(const char *from, const char *to)
{
	struct strbuf out = STRBUF_INIT;
	int rc = run_commandv(NULL, &out, "cp", "--", from, to, (char *)NULL);

	if (rc)
		error("cannot copy %s to %s: %s", from, to, out.buf ? out.buf : "");
	strbuf_release(&out);
	return rc ? -1 : 0;
}

static void find_arch(struct vtree *t)
{
	static const char *const arches[][2] = {
		{ "CONFIG_X86", "x86" }, { "CONFIG_ARM64", "arm64" }, { "CONFIG_ARM", "arm" },
		{ "CONFIG_PPC", "powerpc" }, { "CONFIG_RISCV", "riscv" }, { "CONFIG_S390", "s390" },
		{ "CONFIG_MIPS", "mips" },
	};
	char buf[64];
	size_t i;

	for (i = 0; i < t->make_args.nr; i++)
		if (!strncmp(t->make_args.items[i], "ARCH=", 5)) {
			t->arch = xstrdup(t->make_args.items[i] + 5);
			if (!strcmp(t->arch, "x86_64") || !strcmp(t->arch, "i386")) {
				free(t->arch);
				t->arch = xstrdup("x86");
			}
			return;
		}
	for (i = 0; i < sizeof(arches) / sizeof(arches[0]); i++) {
		const char *v = vtree_config_value(t, arches[i][0], buf, sizeof(buf));

		if (v && !strcmp(v, "y")) {
			t->arch = xstrdup(arches[i][1]);
			return;
		}
	}
	t->arch = xstrdup("x86");
}

static uint64_t fnv1a(uint64_t h, const char *s, size_t n);

/* h with what every cached step's output depends on besides the sources:
 * the make arguments and the compiler (kconfig asks it what it supports,
 * kbuild probes it), whose version is asked once a tree. */
static uint64_t hash_make_and_compiler(struct vtree *t, uint64_t h)
{
	size_t i;

	for (i = 0; i < t->make_args.nr; i++)
		h = fnv1a(h, t->make_args.items[i], strlen(t->make_args.items[i]) + 1);
	if (!t->compiler_version) {
		struct strbuf gcc = STRBUF_INIT, out = STRBUF_INIT;

		strbuf_addf(&gcc, "%sgcc", t->cross_compile ? t->cross_compile : "");
		run_commandv(NULL, &out, gcc.buf, "--version", (char *)NULL);
		t->compiler_version = out.buf ? strbuf_detach(&out) : xstrdup("");
		strbuf_release(&gcc);
		strbuf_release(&out);
	}
	return fnv1a(h, t->compiler_version, strlen(t->compiler_version));
}

/* Where make defconfig's .config for the worktree is kept: it depends on
 * the sources (the base, checked out), the make arguments, the arch and
 * compiler the environment may choose, and the compiler (newer Kconfigs ask
 * it what it supports). A run whose configuration for the touched objects
 * and prepared build are cached then runs no make before the objects'.
 * make olddefconfig's (from the tree's .config or --config) is kept the
 * same way, keyed by the .config it starts from too, in a file of another
 * name: it was a make and a build of kconfig's conf on every run (5 to 15 s
 * of each run on the 6.1 fixture), for a .config that is the same bytes. */
static char *config_cache_path(struct vtree *t, const char *target, const struct strbuf *from)
{
	static const char *const env[] = { "ARCH", "SRCARCH", "CROSS_COMPILE", "CC", "LLVM" };
	struct strbuf sb = STRBUF_INIT;
	uint64_t h = 0xcbf29ce484222325ULL;
	char *root = vcache_root(), *commit;
	size_t i;

	if (!root)
		return NULL;
	commit = git_line(t->srcdir, "rev-parse", "HEAD", NULL);
	if (!commit) {
		free(root);
		return NULL;
	}
	h = fnv1a(h, commit, strlen(commit) + 1);
	h = fnv1a(h, t->prefix, strlen(t->prefix) + 1);
	for (i = 0; i < sizeof(env) / sizeof(env[0]); i++) {
		const char *v = getenv(env[i]);

		h = fnv1a(h, v ? v : "", v ? strlen(v) + 1 : 1);
	}
	h = hash_make_and_compiler(t, h);
	if (t->ccache)
		h = fnv1a(h, "ccache", 6);
	if (from) {
		h = fnv1a(h, target, strlen(target) + 1);
		h = fnv1a(h, from->buf ? from->buf : "", from->len);
	}
	strbuf_addf(&sb, "%s/%s-%016llx.config", root, from ? "olddefconfig" : "defconfig",
		    (unsigned long long)h);
	free(commit);
	free(root);
	return strbuf_detach(&sb);
}

int vtree_configure(struct vtree *t, const char *config)
{
	struct strbuf dst = STRBUF_INIT, src = STRBUF_INIT, out = STRBUF_INIT;
	const char *target = NULL;
	char *cached = NULL;
	int rc = 0;

	t->ccache = want_ccache(t);
	if (t->ccache)
		ccache_share_runs(t);
	strbuf_addf(&dst, "%s/.config", t->objdir);
	strbuf_addf(&src, "%s/.config", t->tree);
	if (!config && access(src.buf, R_OK) && t->kbuild) {
		config = "defconfig";
		t->config_default = true;
	}
	if (config && (!strcmp(config, "defconfig") || !strcmp(config, "allmodconfig"))) {
		if (!t->kbuild) {
			rc = error("%s has no Kconfig: --config takes a .config file there", t->tree);
			goto out;
		}
		target = config;
		t->config_desc = xstrdup(config);
	} else if (config) {
		char resolved[PATH_MAX];

		if (!realpath(config, resolved)) {
			rc = error("--config %s: %s", config, strerror(errno));
			goto out;
		}
		t->config_desc = xstrdup(resolved);
		rc = copy_file(resolved, dst.buf);
		target = vconfig_olddefconfig(t);
	} else if (!access(src.buf, R_OK)) {
		t->config_desc = xstrdup(".config of the tree");
		rc = copy_file(src.buf, dst.buf);
		target = vconfig_olddefconfig(t);
	} else if (access(dst.buf, R_OK)) {
		rc = error("%s has no .config and no defconfig target: use --config=FILE", t->tree);
		goto out;
	} else {
		t->config_desc = xstrdup(".config of the base commit");
	}
	if (rc)
		goto out;
	if (t->kbuild && target && !strcmp(target, "defconfig")) {
		cached = config_cache_path(t, target, NULL);
	} else if (t->kbuild && target) {
		struct strbuf from = STRBUF_INIT;

		if (strbuf_read_file(&from, dst.buf) >= 0)
			cached = config_cache_path(t, target, &from);
		strbuf_release(&from);
	}
	if (cached && !access(cached, R_OK) && !copy_file(cached, dst.buf)) {
		vtree_progress(t, "reusing the configuration %s", cached);
	} else if (t->kbuild && target) {
		const char *targets[] = { target, NULL };

		vtree_progress(t, "configuring (%s)", target);
		if (run_make_targets(t, targets, &out)) {
			rc = error("make %s failed:\n%s", target, out.buf ? out.buf : "");
			goto out;
		}
		if (cached && !make_parent_dirs(cached)) {
			struct strbuf tmp = STRBUF_INIT;

			strbuf_addf(&tmp, "%s.tmp-%d", cached, (int)getpid());
			if (!copy_file(dst.buf, tmp.buf))
				rename(tmp.buf, cached);
			unlink(tmp.buf);
			strbuf_release(&tmp);
		}
	}
	strbuf_reset(&t->dotconfig);
	if (strbuf_read_file(&t->dotconfig, dst.buf) < 0) {
		rc = error("%s: cannot read it", dst.buf);
		goto out;
	}
	find_arch(t);
	if (t->kbuild && !t->kconfig)
		t->kconfig = kconfig_db_read(t->srcdir, t->arch);
	if (t->kconfig)
		kconfig_set_values(t->kconfig, t->dotconfig.buf);
out:
	free(cached);
	strbuf_release(&dst);
	strbuf_release(&src);
	strbuf_release(&out);
	return rc;
}

static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
	while (n--) {
		h ^= (unsigned char)*s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

char *vcache_root(void)
{
	const char *c = getenv("WQCHECK_CACHE"), *x = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	struct strbuf sb = STRBUF_INIT;

	if (c && *c)
		strbuf_addf(&sb, "%s/validate", c);
	else if (x && *x)
		strbuf_addf(&sb, "%s/wqcheck/validate", x);
	else if (home && *home)
		strbuf_addf(&sb, "%s/.cache/wqcheck/validate", home);
	else
		return NULL;
	return strbuf_detach(&sb);
}

/* A prepared kbuild output directory depends on the sources (the base
 * commit), the configuration, the make arguments and the compiler. */
static char *prepared_key(struct vtree *t, const char *base)
{
	struct strbuf sb = STRBUF_INIT;
	uint64_t h = 0xcbf29ce484222325ULL;

	h = fnv1a(h, base, strlen(base));
	h = fnv1a(h, t->dotconfig.buf, t->dotconfig.len);
	h = hash_make_and_compiler(t, h);
	if (t->ccache)		/* kbuild rebuilds what CC changed for */
		h = fnv1a(h, "ccache", 6);
	strbuf_addf(&sb, "prepared-%016llx", (unsigned long long)h);
	return strbuf_detach(&sb);
}

/* Where the .config that make <defconfig> of another arch gives is kept:
 * it depends on the sources, the arch and defconfig, the make arguments and
 * the compiler (kconfig asks it what it supports). */
static char *target_config_path(struct vtree *t, const char *base)
{
	struct strbuf sb = STRBUF_INIT;
	uint64_t h = 0xcbf29ce484222325ULL;
	char *root = vcache_root();

	if (!root)
		return NULL;
	h = fnv1a(h, base, strlen(base) + 1);
	h = fnv1a(h, t->defconfig, strlen(t->defconfig) + 1);
	h = hash_make_and_compiler(t, h);
	strbuf_addf(&sb, "%s/%s-%s-%016llx.config", root, t->arch, t->defconfig,
		    (unsigned long long)h);
	free(root);
	return strbuf_detach(&sb);
}

int vtree_configure_target(struct vtree *t, const char *base, struct strbuf *out)
{
	const char *targets[] = { t->defconfig, NULL };
	struct strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
	char *cached = target_config_path(t, base);
	int rc = 0;

	if (mkdir(t->objdir, 0777) < 0 && errno != EEXIST)
		return error("%s: %s", t->objdir, strerror(errno));
	strbuf_addf(&path, "%s/.config", t->objdir);
	if (cached && !access(cached, R_OK) && !copy_file(cached, path.buf)) {
		vtree_progress(t, "reusing the configuration %s", cached);
	} else {
		vtree_progress(t, "configuring ARCH=%s (%s)", t->arch, t->defconfig);
		if (run_make_targets(t, targets, out)) {
			rc = -1;
			goto out;
		}
		if (cached && !make_parent_dirs(cached)) {
			strbuf_addf(&tmp, "%s.tmp-%d", cached, (int)getpid());
			if (!copy_file(path.buf, tmp.buf))
				rename(tmp.buf, cached);
			unlink(tmp.buf);
		}
	}
	strbuf_reset(&t->dotconfig);
	if (strbuf_read_file(&t->dotconfig, path.buf) < 0) {
		rc = error("%s: cannot read it", path.buf);
		goto out;
	}
	t->config_desc = xstrdup(t->defconfig);
	t->config_default = true;
	t->kconfig = kconfig_db_read(t->srcdir, t->arch);
	if (t->kconfig) {
		kconfig_set_values(t->kconfig, t->dotconfig.buf);
		/* the board's choices stay as its defconfig made them */
		kconfig_fix_choices(t->kconfig, true);
	}
out:
	free(cached);
	strbuf_release(&path);
	strbuf_release(&tmp);
	return rc;
}

/* The cached build is older than the fresh checkout: make it newer, all of
 * it at one instant so that no generated file looks newer than another. */
static int touch_all(const char *dir)
{
	char stamp[32];

	snprintf(stamp, sizeof(stamp), "@%lld", (long long)time(NULL) + 1);
	return run_commandv(NULL, NULL, "find", dir, "-exec", "touch", "-h", "-d", stamp,
			    "{}", "+", (char *)NULL);
}

int vtree_prepare(struct vtree *t, const char *base)
{
	struct strbuf out = STRBUF_INIT;
	int rc = vtree_prepare_out(t, base, &out);

	if (rc < 0)
		error("make prepare failed at the base:\n%s", out.buf ? out.buf : "");
	strbuf_release(&out);
	return rc;
}

int vtree_prepare_out(struct vtree *t, const char *base, struct strbuf *outp)
{
	struct strbuf out = STRBUF_INIT, entry = STRBUF_INIT, tmp = STRBUF_INIT;
	const char *targets[] = { "prepare", NULL };
	char *root, *key;
	struct stat st;
	int rc = 0;

	if (!t->kbuild)
		return 0;
	root = vcache_root();
	key = prepared_key(t, base);
	if (root) {
		strbuf_addf(&entry, "%s/%s", root, key);
		if (!stat(entry.buf, &st) && S_ISDIR(st.st_mode)) {
			struct strbuf from = STRBUF_INIT;

			vtree_progress(t, "reusing the prepared build %s", entry.buf);
			strbuf_addf(&from, "%s/.", entry.buf);
			if (!run_commandv(NULL, &out, "cp", "-a", from.buf, t->objdir, (char *)NULL) &&
			    !touch_all(t->objdir)) {
				t->prepared_from_cache = true;
				strbuf_release(&from);
				goto done;
			}
			strbuf_release(&from);
			warning("cannot reuse %s; preparing from scratch", entry.buf);
		}
	}
	vtree_progress(t, "make prepare%s%s", t->cross_compile ? " for ARCH=" : "",
		       t->cross_compile ? t->arch : "");
	strbuf_reset(&out);
	if (run_make_targets(t, targets, &out)) {
		strbuf_addstr(outp, out.buf ? out.buf : "");
		rc = -1;
		goto done;
	}
	if (root && make_parent_dirs(entry.buf) == 0) {
		strbuf_addf(&tmp, "%s.tmp-%d", entry.buf, (int)getpid());
		if (!run_commandv(NULL, NULL, "cp", "-a", t->objdir, tmp.buf, (char *)NULL))
			rename(tmp.buf, entry.buf);
		run_commandv(NULL, NULL, "rm", "-rf", tmp.buf, (char *)NULL);
	}
done:
	strbuf_release(&out);
	strbuf_release(&entry);
	strbuf_release(&tmp);
	free(root);
	free(key);
	return rc;
}

void vtree_release(struct vtree *t)
{
	size_t i;

	for (i = 0; i < t->nr_targets; i++) {
		vtree_release(t->targets[i]);
		free(t->targets[i]);
	}
	free(t->targets);
	if (!t->host) {
		vdistcc_release(t->distcc);
		vsandbox_release(t->sandbox);
	}
	free(t->builddir);
	free(t->defconfig);
	free(t->failed);
	free(t->tree);
	free(t->toplevel);
	free(t->prefix);
	free(t->head);
	free(t->worktree);
	free(t->worktree_entry);
	free(t->worktrees_dir);
	free(t->srcdir);
	free(t->objdir);
	free(t->shim);
	free(t->config_desc);
	free(t->arch);
	kconfig_db_free(t->kconfig);
	strbuf_release(&t->dotconfig);
	strlist_release(&t->make_args);
	strlist_release(&t->source_gates);
	free(t->compiler_version);
	if (t->scratch && !t->host)	/* the host's own */
		tempdir_remove(t->scratch);
	free(t->scratch);
}

const char *vtree_config_value(const struct vtree *t, const char *symbol, char *buf, size_t len)
{
	size_t n = strlen(symbol);
	const char *p = t->dotconfig.buf;

	while (p && *p) {
		if (!strncmp(p, symbol, n) && p[n] == '=') {
			const char *v = p + n + 1;
			size_t vl = strcspn(v, "\n");

			if (vl >= len)
				vl = len - 1;
			memcpy(buf, v, vl);
			buf[vl] = '\0';
			return buf;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/* --- which objects the Makefiles build -------------------------------- */

enum listed { UNLISTED, LISTED_BUILT, LISTED_NOT_BUILT };

static enum listed listed_in(const struct vtree *t, const char *dir, const char *target,
			     int depth, struct strbuf *reason);

/* lhs is "obj-$(CONFIG_X)", "foo-y", "foo-objs", ... */
static enum listed judge_line(const struct vtree *t, const char *dir, const char *lhs,
			      const char *makefile, int depth, struct strbuf *reason)
{
	const char *dash = strrchr(lhs, '-');
	const char *cfg = strstr(lhs, "-$(CONFIG_");
	char *base;
	enum listed r;

	if (cfg) {
		char sym[128], buf[32];
		const char *v;
		size_t n = strcspn(cfg + 3, ")");

		if (n >= sizeof(sym))
			n = sizeof(sym) - 1;
		memcpy(sym, cfg + 3, n);
		sym[n] = '\0';
		v = vtree_config_value(t, sym, buf, sizeof(buf));
		if (!v || (strcmp(v, "y") && strcmp(v, "m"))) {
			char *why = t->kconfig ? kconfig_explain(t->kconfig, sym + 7) : NULL;

			strbuf_reset(reason);
			strbuf_addf(reason, "%s is not set (%s: %s)", sym, makefile, lhs);
			if (why)
				strbuf_addf(reason, ": %s", why);
			free(why);
			return LISTED_NOT_BUILT;
		}
		base = xstrndup(lhs, (size_t)(cfg - lhs));
	} else if (dash && (!strcmp(dash, "-y") || !strcmp(dash, "-m") || !strcmp(dash, "-objs"))) {
		base = xstrndup(lhs, (size_t)(dash - lhs));
	} else {
		return UNLISTED;
	}
	if (!strcmp(base, "obj") || !strcmp(base, "lib") || !strcmp(base, "core") ||
	    !strcmp(base, "drivers") || !strcmp(base, "libs") || !strcmp(base, "head")) {
		free(base);
		return LISTED_BUILT;
	}
	if (!strcmp(base, "subdir") || !strcmp(base, "always") || !strcmp(base, "extra") ||
	    !strcmp(base, "hostprogs") || !strcmp(base, "targets") || depth > 4) {
		free(base);
		return UNLISTED;
	}
	/* a part of the composite object base.o */
	{
		struct strbuf composite = STRBUF_INIT;

		strbuf_addf(&composite, "%s.o", base);
		r = listed_in(t, dir, composite.buf, depth + 1, reason);
		strbuf_release(&composite);
	}
	free(base);
	return r;
}

static enum listed listed_in(const struct vtree *t, const char *dir, const char *target,
			     int depth, struct strbuf *reason)
{
	char *makefile = NULL, *text = makefile_read(t->srcdir, dir, &makefile), *line, *save = NULL;
	enum listed result = UNLISTED;
	struct strbuf why = STRBUF_INIT;

	if (!text)
		return UNLISTED;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *op = strstr(line, "="), *lhs, *w, *wsave = NULL;
		bool found = false;
		enum listed r;

		if (!op)
			continue;
		lhs = line;
		while (*lhs == ' ' || *lhs == '\t')
			lhs++;
		if (op > lhs && (op[-1] == '+' || op[-1] == ':' || op[-1] == '?'))
			op[-1] = '\0';
		*op = '\0';
		for (w = lhs + strlen(lhs); w > lhs && (w[-1] == ' ' || w[-1] == '\t'); w--)
			w[-1] = '\0';
		for (w = strtok_r(op + 1, " \t", &wsave); w; w = strtok_r(NULL, " \t", &wsave))
			if (!strcmp(w, target))
				found = true;
		if (!found)
			continue;
		r = judge_line(t, dir, lhs, makefile, depth, &why);
		if (r == LISTED_BUILT) {
			result = LISTED_BUILT;
			break;
		}
		if (r == LISTED_NOT_BUILT && result == UNLISTED) {
			result = LISTED_NOT_BUILT;
			strbuf_reset(reason);
			strbuf_addstr(reason, why.buf);
		}
	}
	free(text);
	free(makefile);
	strbuf_release(&why);
	return result;
}

static char *dir_not_built(const struct vtree *t, const char *dir, int depth)
{
	struct strbuf reason = STRBUF_INIT, sub = STRBUF_INIT;
	const char *slash = strrchr(dir, '/');
	char *parent, *r = NULL;

	if (!strncmp(dir, "arch/", 5)) {
		size_t n = strcspn(dir + 5, "/");

		if (strlen(t->arch) != n || strncmp(dir + 5, t->arch, n)) {
			char *arch = xstrndup(dir + 5, n);

			strbuf_addf(&reason, "arch/%s is built only for ARCH=%s (this build is "
				    "ARCH=%s; ", arch, arch, t->arch);
			cross_compile_advice(&reason, arch);
			strbuf_addch(&reason, ')');
			free(arch);
			return strbuf_detach(&reason);
		}
		if (!dir[5 + n])
			return NULL;
	}
	if (!slash || depth > 16)
		return NULL;		/* top-level directories are always descended */
	parent = xstrndup(dir, (size_t)(slash - dir));
	strbuf_addf(&sub, "%s/", slash + 1);
	switch (listed_in(t, parent, sub.buf, 0, &reason)) {
	case LISTED_NOT_BUILT:
		r = strbuf_detach(&reason);
		break;
	case LISTED_BUILT:
	case UNLISTED:		/* reached from the top Makefile or an arch Makefile */
		r = dir_not_built(t, parent, depth + 1);
		break;
	}
	free(parent);
	strbuf_release(&reason);
	strbuf_release(&sub);
	return r;
}

/* virt/kvm/eventfd.o: arch/x86/kvm/Makefile builds it into kvm.o through
 * ../../../virt/kvm/, and make cannot build it alone. Says which Makefile
 * of the arch (or of the tree) names it, or that none does. */
static void listed_elsewhere(const struct vtree *t, const char *object, struct strbuf *reason)
{
	struct strbuf out = STRBUF_INIT, where = STRBUF_INIT;
	const char *base = strrchr(object, '/');
	char *dir = base ? xstrndup(object, (size_t)(base - object + 1)) : xstrdup("");

	strbuf_addf(&where, "arch/%s", t->arch ? t->arch : "x86");
	if (*dir && !run_commandv(t->srcdir, &out, "grep", "-rlF", "--include=Makefile",
				  "--include=Kbuild", dir, where.buf, (char *)NULL) && out.len) {
		size_t n = strcspn(out.buf, "\n");

		strbuf_addf(reason, "; %.*s names %s: it is built only inside an object of that "
			    "directory, not alone", (int)n, out.buf, dir);
	} else {
		strbuf_addstr(reason, " (not built, or a file #included by another)");
	}
	free(dir);
	strbuf_release(&out);
	strbuf_release(&where);
}

/* "" when makefile_gates() finds the object and every gate is set, why not
 * when one is unset, NULL when it finds no Makefile that lists it. */
static char *gated_not_built(const struct vtree *t, const char *object)
{
	struct strlist gates = { 0 };
	char *r = NULL;
	size_t i;

	if (!makefile_gates(t->srcdir, object, t->kconfig, &gates)) {
		strlist_release(&gates);
		return NULL;
	}
	for (i = 0; i < gates.nr && !r; i++) {
		const char *v = kconfig_value(t->kconfig, gates.items[i]);

		if (!v || (strcmp(v, "y") && strcmp(v, "m"))) {
			struct strbuf sb = STRBUF_INIT;
			char *why = kconfig_explain(t->kconfig, gates.items[i]);

			strbuf_addf(&sb, "CONFIG_%s is not set (the Makefiles of %s)", gates.items[i],
				    object);
			if (why)
				strbuf_addf(&sb, ": %s", why);
			free(why);
			r = strbuf_detach(&sb);
		}
	}
	strlist_release(&gates);
	return r ? r : xstrdup("");
}

/* virt/kvm/eventfd.o, amdkfd's objects, nouveau's dispnv50/disp.o: listed
 * by another directory's Makefile (validate-listing.c), which builds them
 * under its own name for them. NULL when no Makefile lists the object so;
 * "" when this configuration builds it there; else why not. */
static char *listed_by_another(const struct vtree *t, const char *object)
{
	struct strbuf reason = STRBUF_INIT, composite = STRBUF_INIT;
	struct vlisting l;
	char *r = NULL;
	size_t i;

	if (!t->kbuild || !vlisting_find(t, object, &l))
		return NULL;
	if (!t->single_build) {
		strbuf_addf(&reason, "no Makefile rule in its own directory builds %s: %s lists "
			    "it as %s, and this kbuild (before 5.3's single-build) makes a "
			    "single object only through its own directory's Makefile",
			    object, l.makefile, l.target);
		r = strbuf_detach(&reason);
		goto out;
	}
	for (i = 0; t->kconfig && i < l.gates.nr && !r; i++) {
		const char *v = kconfig_value(t->kconfig, l.gates.items[i]);
		char *why;

		if (v && (!strcmp(v, "y") || !strcmp(v, "m")))
			continue;
		why = kconfig_explain(t->kconfig, l.gates.items[i]);
		strbuf_addf(&reason, "CONFIG_%s is not set (%s lists it as %s under it)%s%s",
			    l.gates.items[i], l.makefile, l.target, why ? ": " : "",
			    why ? why : "");
		free(why);
		r = strbuf_detach(&reason);
	}
	if (!r && t->kconfig && strcmp(l.list, "obj") && strcmp(l.list, "lib")) {
		/* kvm.o, which kvm-y makes: obj-$(CONFIG_KVM) += kvm.o */
		strbuf_addf(&composite, "%s/%s.o", l.dir, l.list);
		r = gated_not_built(t, composite.buf);
		if (r && !*r) {
			free(r);
			r = NULL;
		}
	}
	if (!r)
		r = dir_not_built(t, l.dir, 0);
	if (!r)
		r = xstrdup("");
out:
	vlisting_release(&l);
	strbuf_release(&reason);
	strbuf_release(&composite);
	return r;
}

char *vtree_object_make_target(const struct vtree *t, const char *object)
{
	struct vlisting l;
	char *target = NULL;

	if (!t->kbuild || !t->single_build || !vlisting_find(t, object, &l))
		return NULL;
	if (strcmp(l.target, object)) {
		target = l.target;
		l.target = NULL;
	}
	vlisting_release(&l);
	return target;
}

/* Does the kbuild of the tree at srcdir make a single object from the
 * directory whose Makefile lists it? 5.3's single-build, named in the top
 * Makefile; read once a tree, at its base. */
bool kbuild_single_build(const char *srcdir)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	bool r;

	strbuf_addf(&path, "%s/Makefile", srcdir);
	r = strbuf_read_file(&text, path.buf) >= 0 && text.buf && strstr(text.buf, "single-build");
	strbuf_release(&path);
	strbuf_release(&text);
	return r;
}

/*
 * net/nfc/llcp/llcp.o on 3.6: net/nfc/Makefile lists it (nfc-y +=
 * llcp/llcp.o) and net/nfc/llcp/ has no Makefile. kbuild before 5.3 makes
 * a single object through its own directory's Makefile, which is missing:
 * make stops there, and under -k goes on to compile the object by the
 * generic rule alone, without the flags of the Makefile that lists it and
 * with its own KBUILD_MODNAME, so an object that exists is not the one
 * the kernel builds. 5.3's single-build makes it from the directory that
 * lists it. Says why, or NULL.
 */
static char *unbuildable_alone(const struct vtree *t, const char *object, const char *listing_dir)
{
	const char *slash = strrchr(object, '/');
	char *own = slash ? xstrndup(object, (size_t)(slash - object)) : xstrdup("");
	struct strbuf makefile = STRBUF_INIT, kbuild = STRBUF_INIT, reason = STRBUF_INIT;
	char *r = NULL;

	strbuf_addf(&makefile, "%s/Makefile", own);
	strbuf_addf(&kbuild, "%s/Kbuild", own);
	if (t->kbuild && !t->single_build && !file_exists(t->srcdir, makefile.buf) &&
	    !file_exists(t->srcdir, kbuild.buf)) {
		strbuf_addf(&reason, "no Makefile rule in %s/ (it has no Makefile) builds %s alone: "
			    "%s/Makefile lists %s, and this kbuild (before 5.3's single-build) "
			    "makes a single object only through its own directory's Makefile",
			    own, slash ? slash + 1 : object, listing_dir, object + strlen(listing_dir) + 1);
		r = strbuf_detach(&reason);
	}
	free(own);
	strbuf_release(&makefile);
	strbuf_release(&kbuild);
	strbuf_release(&reason);
	return r;
}

char *vtree_object_not_built(const struct vtree *t, const char *object)
{
	struct strbuf reason = STRBUF_INIT;
	const char *slash = strrchr(object, '/');
	char *dir = slash ? xstrndup(object, (size_t)(slash - object)) : xstrdup("");
	char *r = NULL;
	char *hint = t->kbuild && !t->kconfig ? "; --config=allmodconfig builds it if its dependencies allow" : "";

	enum listed listed;
	const char *target = slash ? slash + 1 : object;

	if (!strncmp(object, "arch/", 5) && (r = dir_not_built(t, dir, 0)))
		goto out;
	listed = listed_in(t, dir, target, 0, &reason);
	/* a big driver's Makefile lists the objects of its subdirectories:
	 * i915-y += display/intel_hotplug.o in drivers/gpu/drm/i915/Makefile */
	while (listed == UNLISTED && strchr(dir, '/')) {
		char *up = strrchr(dir, '/');

		*up = '\0';
		target = object + strlen(dir) + 1;
		listed = listed_in(t, dir, target, 0, &reason);
	}
	if (listed == UNLISTED) {
		free(dir);
		dir = slash ? xstrndup(object, (size_t)(slash - object)) : xstrdup("");
	}
	switch (listed) {
	case UNLISTED:
		/* what validate-config.c reads and this walk does not:
		 * dvb-core-objs := ... $(dvb-net-y), dvb-net-$(CONFIG_DVB_NET) */
		if (t->kconfig && (r = gated_not_built(t, object)) != NULL) {
			if (!*r) {
				free(r);
				r = dir_not_built(t, dir, 0);
			}
			break;
		}
		r = listed_by_another(t, object);
		if (r) {
			if (!*r) {
				free(r);
				r = NULL;
			}
			break;
		}
		strbuf_reset(&reason);
		strbuf_addf(&reason, "no Makefile rule in %s%s lists %s", dir, *dir ? "/" : "",
			    slash ? slash + 1 : object);
		listed_elsewhere(t, object, &reason);
		r = strbuf_detach(&reason);
		break;
	case LISTED_NOT_BUILT:
		strbuf_addstr(&reason, hint);
		r = strbuf_detach(&reason);
		break;
	case LISTED_BUILT:
		r = dir_not_built(t, dir, 0);
		if (r) {
			strbuf_addf(&reason, "%s%s", r, hint);
			free(r);
			r = strbuf_detach(&reason);
		} else if (target != (slash ? slash + 1 : object)) {
			r = unbuildable_alone(t, object, dir);
		}
		break;
	}
out:
	free(dir);
	strbuf_release(&reason);
	return r;
}

/* --- the configuration ------------------------------------------------ */

const char *vconfig_olddefconfig(const struct vtree *t)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	const char *target = "olddefconfig";

	strbuf_addf(&path, "%s/scripts/kconfig/Makefile", t->srcdir);
	if (strbuf_read_file(&text, path.buf) == 0 && !strstr(text.buf, "olddefconfig") &&
	    strstr(text.buf, "oldnoconfig"))
		target = "oldnoconfig";
	strbuf_release(&path);
	strbuf_release(&text);
	return target;
}

/* scripts/config --file .config --enable A --enable B ... */
static int enable_symbols(struct vtree *t, const struct strlist *enable, struct strbuf *out)
{
	const char **argv = xcalloc(2 * enable->nr + 8, sizeof(*argv)), **run;
	struct strbuf script = STRBUF_INIT, file = STRBUF_INIT;
	size_t n = 0, i;
	int rc;

	strbuf_addf(&script, "%s/scripts/config", t->srcdir);
	strbuf_addf(&file, "%s/.config", t->objdir);
	argv[n++] = "bash";
	argv[n++] = script.buf;
	argv[n++] = "--file";
	argv[n++] = file.buf;
	/* the names as Kconfig spells them: scripts/config upper-cases
	 * them otherwise (CRYPTO_DEV_QAT_DH895xCC would be no symbol).
	 * Twice: up to 3.x its --keep-case also shifted away the argument
	 * after it, so the second one is what that shift takes; later
	 * versions take both as the flag. */
	argv[n++] = "--keep-case";
	argv[n++] = "--keep-case";
	for (i = 0; i < enable->nr; i++) {
		argv[n++] = kconfig_choice_tristate(t->kconfig, enable->items[i]) ? "--module"
										 : "--enable";
		argv[n++] = enable->items[i];
	}
	argv[n] = NULL;
	run = vsandbox_argv(t, argv);
	rc = run_command(t->srcdir, run, out);
	free(run);
	free(argv);
	strbuf_release(&script);
	strbuf_release(&file);
	return rc;
}

static int reread_config(struct vtree *t)
{
	struct strbuf path = STRBUF_INIT;
	int rc = 0;

	strbuf_addf(&path, "%s/.config", t->objdir);
	strbuf_reset(&t->dotconfig);
	if (strbuf_read_file(&t->dotconfig, path.buf) < 0)
		rc = error("%s: cannot read it", path.buf);
	strbuf_release(&path);
	return rc;
}

/* The configuration made for a set of objects is kept beside the prepared
 * builds, under the key of the prepared build of its defconfig, the
 * objects, and this wqcheck: the next run of the same series skips the
 * olddefconfig rounds, and a wqcheck that chooses the symbols otherwise
 * (a Makefile it now reads, a symbol it no longer loses) chooses them
 * again. Like ccache's compiler check: the executable's size and mtime. */
static char *covered_path(struct vtree *t, const char *base, const struct strlist *objects)
{
	char *root = vcache_root(), *key = prepared_key(t, base);
	struct strbuf sb = STRBUF_INIT;
	uint64_t h = 0xcbf29ce484222325ULL;
	struct stat self;
	size_t i;

	if (!root) {
		free(key);
		return NULL;
	}
	h = fnv1a(h, key, strlen(key));
	if (!stat("/proc/self/exe", &self)) {
		strbuf_addf(&sb, "%lld %lld", (long long)self.st_size, (long long)self.st_mtime);
		h = fnv1a(h, sb.buf, sb.len);
		strbuf_reset(&sb);
	}
	for (i = 0; i < objects->nr; i++)
		h = fnv1a(h, objects->items[i], strlen(objects->items[i]) + 1);
	for (i = 0; i < t->source_gates.nr; i++)
		h = fnv1a(h, t->source_gates.items[i], strlen(t->source_gates.items[i]) + 1);
	strbuf_addf(&sb, "%s/covered-%016llx.config", root, (unsigned long long)h);
	free(root);
	free(key);
	return strbuf_detach(&sb);
}

/* "defconfig + 3 symbols for the touched objects", or ".config of the
 * tree + 3 ..." where --enable-touched grew the configuration given */
static void set_covered_desc(struct vtree *t, const char *from, size_t enabled)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s + %zu symbol%s for the touched objects", from, enabled,
		    enabled == 1 ? "" : "s");
	free(t->config_desc);
	t->config_desc = strbuf_detach(&sb);
	t->config_enabled = enabled;
}

#define COVERED_MAGIC "# wqcheck validate: symbols enabled for the touched objects: "

static int reuse_covered(struct vtree *t, const char *path, const char *from)
{
	struct strbuf text = STRBUF_INIT, dst = STRBUF_INIT;
	const char *body;
	int rc = -1;

	if (!path || strbuf_read_file(&text, path) < 0 || strncmp(text.buf, COVERED_MAGIC,
								  strlen(COVERED_MAGIC))) {
		strbuf_release(&text);
		return -1;
	}
	strbuf_addf(&dst, "%s/.config", t->objdir);
	/* the .config itself starts after our line */
	body = strchr(text.buf, '\n');
	body = body ? body + 1 : text.buf + text.len;
	if (!write_whole_file(dst.buf, body, (size_t)(text.buf + text.len - body), 0644) &&
	    !reread_config(t)) {
		vtree_progress(t, "reusing the configuration %s", path);
		set_covered_desc(t, from, strtoul(text.buf + strlen(COVERED_MAGIC), NULL, 10));
		kconfig_set_values(t->kconfig, t->dotconfig.buf);
		rc = 0;
	}
	strbuf_release(&text);
	strbuf_release(&dst);
	return rc;
}

static void keep_covered(struct vtree *t, const char *path, size_t enabled)
{
	struct strbuf text = STRBUF_INIT, tmp = STRBUF_INIT;

	if (!path || make_parent_dirs(path))
		return;
	strbuf_addf(&text, COVERED_MAGIC "%zu\n", enabled);
	strbuf_add(&text, t->dotconfig.buf, t->dotconfig.len);
	strbuf_addf(&tmp, "%s.tmp-%d", path, (int)getpid());
	if (!write_whole_file(tmp.buf, text.buf, text.len, 0644))
		rename(tmp.buf, path);
	unlink(tmp.buf);
	strbuf_release(&text);
	strbuf_release(&tmp);
}

int vconfig_cover(struct vtree *t, const char *base, const struct strlist *objects)
{
	struct strlist wanted = { 0 }, tried = { 0 };
	struct strbuf out = STRBUF_INIT;
	const char *olddef = vconfig_olddefconfig(t);
	char *cached, *from;
	size_t i;
	int round, rc = 0;

	if (!t->kconfig)
		return 0;
	from = xstrdup(t->config_default ? (t->defconfig ? t->defconfig : "defconfig") :
		       (t->config_desc ? t->config_desc : "the configuration"));
	cached = covered_path(t, base, objects);
	if (!reuse_covered(t, cached, from)) {
		free(cached);
		free(from);
		return (int)t->config_enabled;
	}
	for (i = 0; i < objects->nr; i++)
		if (!makefile_gates(t->srcdir, objects->items[i], t->kconfig, &wanted))
			vlisting_gates(t, objects->items[i], &wanted);
	for (i = 0; i < t->source_gates.nr; i++)
		if (!strlist_has(&wanted, t->source_gates.items[i]))
			strlist_add(&wanted, t->source_gates.items[i]);
	/* Kconfig drops a symbol whose dependency comes later in the same
	 * round (a select it needs, a default computed from another): again,
	 * with everything the plan wants, until the .config stops changing */
	for (round = 0; round < 8; round++) {
		struct strlist enable = { 0 };
		const char *targets[] = { olddef, NULL };
		struct strbuf before = STRBUF_INIT;
		bool same;

		kconfig_set_values(t->kconfig, t->dotconfig.buf);
		for (i = 0; i < wanted.nr; i++)
			kconfig_plan(t->kconfig, wanted.items[i], &enable);
		if (!enable.nr) {
			strlist_release(&enable);
			break;
		}
		for (i = 0; i < enable.nr; i++)
			if (!strlist_has(&tried, enable.items[i]))
				strlist_add(&tried, enable.items[i]);
		vtree_progress(t, "enabling %zu symbol%s for the touched objects (%s)", enable.nr,
			       enable.nr == 1 ? "" : "s", olddef);
		strbuf_reset(&out);
		strbuf_addstr(&before, t->dotconfig.buf ? t->dotconfig.buf : "");
		if (enable_symbols(t, &enable, &out) || run_make_targets(t, targets, &out)) {
			rc = error("configuring for the touched objects failed:\n%s",
				   out.buf ? out.buf : "");
			strlist_release(&enable);
			strbuf_release(&before);
			break;
		}
		strlist_release(&enable);
		if (reread_config(t) < 0) {
			rc = -1;
			strbuf_release(&before);
			break;
		}
		same = !strcmp(before.buf, t->dotconfig.buf ? t->dotconfig.buf : "");
		strbuf_release(&before);
		if (same)
			break;
	}
	kconfig_set_values(t->kconfig, t->dotconfig.buf);
	if (!rc) {
		set_covered_desc(t, from, tried.nr);
		keep_covered(t, cached, tried.nr);
	}
	free(cached);
	free(from);
	strbuf_release(&out);
	strlist_release(&wanted);
	i = tried.nr;
	strlist_release(&tried);
	return rc < 0 ? -1 : (int)i;
}
