/*
 * The base's checkout, kept in the validate cache (checkout-<commit>/: its
 * files in tree/ and the git index that describes them), and a run's
 * worktree made of hard links to it. A kernel is 78,000 files and 1.2 GB:
 * `git worktree add` wrote them all on every run (6 s of user and 6 of
 * system time on 6.1) and removing them cost as much again; linking them
 * takes 2 s of system time, and unlinking links frees no blocks.
 *
 * Sharing inodes is safe because nothing validate runs writes a source in
 * place: git am, git apply and git checkout remove a file before they
 * write it again, kbuild writes under O=, and validate-neutral.c replaces
 * the header it holds. The copied index has the linked files' inode, size
 * and mtime; their ctime changes with every link, so git is told not to
 * trust it (core.trustctime=false in the environment, for kbuild's
 * setlocalversion too): otherwise the first git status of each run would
 * read the 1.2 GB again.
 *
 * Kept: the most recently used VCHECKOUT_KEEP checkouts, of trees of
 * 10,000 files and more. A run that cannot link (the cache on another file
 * system, an entry removed under it) checks the base out as before.
 */
#include "lib/tempdir.h"
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define VCHECKOUT_KEEP 4
#define VCHECKOUT_MIN_INDEX (1 << 20)	/* about 10,000 files */

/* Appends core.trustctime=false to the configuration git takes from the
 * environment (GIT_CONFIG_COUNT, git 2.31): every git validate runs in the
 * worktree, and the ones kbuild runs, inherit it. */
static void distrust_ctime(void)
{
	const char *c = getenv("GIT_CONFIG_COUNT");
	long n = c && *c ? strtol(c, NULL, 10) : 0;
	char key[48], num[24];

	if (n < 0)
		n = 0;
	snprintf(key, sizeof(key), "GIT_CONFIG_KEY_%ld", n);
	setenv(key, "core.trustctime", 1);
	snprintf(key, sizeof(key), "GIT_CONFIG_VALUE_%ld", n);
	setenv(key, "false", 1);
	snprintf(num, sizeof(num), "%ld", n + 1);
	setenv("GIT_CONFIG_COUNT", num, 1);
}

/* Removes the least recently used checkouts beyond VCHECKOUT_KEEP (their
 * mtime is touched on every use). A run linking from one at that moment
 * fails to and checks out instead. */
static void evict_old(const char *root)
{
	struct entry { char *path; time_t used; } *e = NULL;
	size_t nr = 0, alloc = 0, i, j;
	struct dirent *d;
	DIR *dir = opendir(root);

	if (!dir)
		return;
	while ((d = readdir(dir))) {
		struct strbuf p = STRBUF_INIT;
		struct stat st;

		if (strncmp(d->d_name, "checkout-", 9) || strchr(d->d_name, '.'))
			continue;
		strbuf_addf(&p, "%s/%s", root, d->d_name);
		if (stat(p.buf, &st) || !S_ISDIR(st.st_mode)) {
			strbuf_release(&p);
			continue;
		}
		if (nr == alloc) {
			alloc = alloc ? 2 * alloc : 8;
			e = xrealloc(e, alloc * sizeof(*e));
		}
		e[nr].path = strbuf_detach(&p);
		e[nr++].used = st.st_mtime;
	}
	closedir(dir);
	/* newest first */
	for (i = 1; i < nr; i++)
		for (j = i; j > 0 && e[j].used > e[j - 1].used; j--) {
			struct entry tmp = e[j];

			e[j] = e[j - 1];
			e[j - 1] = tmp;
		}
	for (i = 0; i < nr; i++) {
		if (i >= VCHECKOUT_KEEP)
			run_commandv(NULL, NULL, "rm", "-rf", e[i].path, (char *)NULL);
		free(e[i].path);
	}
	free(e);
}

/* Checks commit out into <entry>.tmp-<pid>/tree with its index beside it,
 * then renames it to entry (a concurrent run may have made it first). */
static int make_checkout(struct vtree *t, const char *entry, const char *commit)
{
	struct strbuf tmp = STRBUF_INIT, tree = STRBUF_INIT, index = STRBUF_INIT,
		      wt = STRBUF_INIT, workers = STRBUF_INIT, out = STRBUF_INIT;
	time_t start;
	int rc = -1;

	strbuf_addf(&tmp, "%s.tmp-%d", entry, (int)getpid());
	strbuf_addf(&tree, "%s/tree", tmp.buf);
	strbuf_addf(&index, "GIT_INDEX_FILE=%s/index", tmp.buf);
	strbuf_addf(&wt, "--work-tree=%s", tree.buf);
	strbuf_addf(&workers, "checkout.workers=%d", t->jobs > 1 ? t->jobs : 1);
	run_commandv(NULL, NULL, "rm", "-rf", tmp.buf, (char *)NULL);
	if (make_parent_dirs(tree.buf) || mkdir(tree.buf, 0777))
		goto out;
	vtree_progress(t, "checking %.12s out into the cache", commit);
	start = time(NULL);
	if (run_commandv(t->toplevel, &out, "env", index.buf, "git", "-c", workers.buf, wt.buf,
			 "read-tree", "--reset", "-u", commit, (char *)NULL)) {
		warning("cannot check %.12s out into %s: %s", commit, tmp.buf,
			out.buf ? out.buf : "");
		goto out;
	}
	/* files written in the second the index was: git marks them racily
	 * clean and would compare their contents on every run; a refresh a
	 * second later records them as they are */
	while (time(NULL) <= start + 1)
		usleep(100000);
	if (run_commandv(t->toplevel, NULL, "env", index.buf, "git", wt.buf, "update-index",
			 "-q", "--refresh", (char *)NULL) ||
	    (rename(tmp.buf, entry) && errno != EEXIST && errno != ENOTEMPTY))
		goto out;
	rc = 0;
out:
	run_commandv(NULL, NULL, "rm", "-rf", tmp.buf, (char *)NULL);
	strbuf_release(&tmp);
	strbuf_release(&tree);
	strbuf_release(&index);
	strbuf_release(&wt);
	strbuf_release(&workers);
	strbuf_release(&out);
	return rc;
}

/* Is the tree big enough for the cache to pay? Its index's size says
 * (about 100 bytes a file): a tree of a few files is checked out in less
 * time than the cache's refresh waits, and its commits are seldom seen
 * twice. */
static bool worth_caching(const struct vtree *t)
{
	char *index = git_line(t->toplevel, "rev-parse", "--git-path", "index");
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	bool big;

	if (!index)
		return false;
	if (index[0] != '/')
		strbuf_addf(&path, "%s/", t->toplevel);
	strbuf_addstr(&path, index);
	big = !stat(path.buf, &st) && st.st_size >= VCHECKOUT_MIN_INDEX;
	free(index);
	strbuf_release(&path);
	return big;
}

int vcheckout_link(struct vtree *t)
{
	struct strbuf entry = STRBUF_INIT, from = STRBUF_INIT, index = STRBUF_INIT,
		      dst = STRBUF_INIT, out = STRBUF_INIT;
	char *root = vcache_root(), *commit = NULL;
	struct stat rs, ss;
	int rc = -1;

	if (!root || getenv("WQCHECK_NO_CHECKOUT_CACHE") || !worth_caching(t) ||
	    !(commit = git_line(t->worktree, "rev-parse", "--verify", "HEAD")) ||
	    make_parent_dirs(root) || (mkdir(root, 0777) && errno != EEXIST) ||
	    stat(root, &rs) || stat(t->scratch, &ss) || rs.st_dev != ss.st_dev)
		goto out;	/* no hard links from there */
	strbuf_addf(&entry, "%s/checkout-%s", root, commit);
	strbuf_addf(&from, "%s/tree/.", entry.buf);
	strbuf_addf(&index, "%s/index", entry.buf);
	if (access(index.buf, R_OK)) {
		evict_old(root);
		if (make_checkout(t, entry.buf, commit) < 0)
			goto out;
	}
	vtree_progress(t, "linking the checkout of %.12s from the cache", commit);
	utimensat(AT_FDCWD, entry.buf, NULL, 0);
	strbuf_addf(&dst, "%s/index", t->worktree_entry);
	if (run_commandv(NULL, &out, "cp", "-al", from.buf, t->worktree, (char *)NULL) ||
	    run_commandv(NULL, &out, "cp", index.buf, dst.buf, (char *)NULL)) {
		warning("cannot link the checkout %s: %s", entry.buf, out.buf ? out.buf : "");
		goto out;
	}
	distrust_ctime();
	rc = 0;
out:
	free(root);
	free(commit);
	strbuf_release(&entry);
	strbuf_release(&from);
	strbuf_release(&index);
	strbuf_release(&dst);
	strbuf_release(&out);
	return rc;
}
