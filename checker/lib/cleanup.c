#include "lib/cleanup.h"
#include "lib/usage.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * The registry is fixed-size static storage, so that the handler reads it
 * without malloc or locks. A slot's text is written first and published by
 * setting its flag; the handler only looks at published slots.
 */
#define MAX_PATHS 32
#define MAX_CHILDREN 64

static char paths[MAX_PATHS][PATH_MAX];
static volatile sig_atomic_t path_used[MAX_PATHS];
static volatile pid_t children[MAX_CHILDREN];
static volatile sig_atomic_t installed, in_cleanup;

static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
#define NR_CLEANUP_SIGNALS (sizeof(cleanup_signals) / sizeof(*cleanup_signals))

/* --- removal with async-signal-safe calls only ---------------------------- */

/* glibc has no getdents64() wrapper before 2.30 and readdir() may take a
 * lock or malloc: the system call itself is safe. */
struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static bool is_dot(const char *name)
{
	return name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2]));
}

static int remove_entries(int dirfd, int depth);

/* Removes name in dirfd: a file or link at once, a directory after its
 * entries. */
static int remove_at(int dirfd, const char *name, int depth)
{
	int fd, rc;

	if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return -1;
	if (depth > 64)
		return -1;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = remove_entries(fd, depth + 1);
	close(fd);
	if (unlinkat(dirfd, name, AT_REMOVEDIR) < 0 && errno != ENOENT)
		rc = -1;
	return rc;
}

/* Removing while reading may skip entries: read again from the start
 * until a pass finds nothing left (or removes nothing). */
static int remove_entries(int fd, int depth)
{
	char buf[4096] __attribute__((aligned(8)));
	bool progress = true, left = true;

	while (left && progress) {
		long n;

		left = progress = false;
		if (lseek(fd, 0, SEEK_SET) < 0)
			return -1;
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
			long off = 0;

			while (off < n) {
				struct linux_dirent64 *d = (void *)(buf + off);

				off += d->d_reclen;
				if (is_dot(d->d_name))
					continue;
				left = true;
				if (remove_at(fd, d->d_name, depth) == 0)
					progress = true;
			}
		}
		if (n < 0)
			return -1;
	}
	return left ? -1 : 0;
}

int remove_tree_signal_safe(const char *path)
{
	return remove_at(AT_FDCWD, path, 0);
}

/* --- the registry --------------------------------------------------------- */

void cleanup_add_path(const char *path)
{
	size_t i, n = strlen(path);

	cleanup_install();
	if (n >= PATH_MAX)
		die("path too long to clean up: %s", path);
	for (i = 0; i < MAX_PATHS; i++)
		if (!path_used[i]) {
			memcpy(paths[i], path, n + 1);
			path_used[i] = 1;
			return;
		}
	die("too many scratch paths");
}

void cleanup_forget_path(const char *path)
{
	size_t i;

	for (i = 0; i < MAX_PATHS; i++)
		if (path_used[i] && !strcmp(paths[i], path))
			path_used[i] = 0;
}

void cleanup_remove_path(const char *path)
{
	remove_tree_signal_safe(path);
	cleanup_forget_path(path);
}

void cleanup_add_child(pid_t pid)
{
	size_t i;

	cleanup_install();
	/* A slot is taken by compare-and-swap: two threads may start a child
	 * at once (the scan's listing of untracked files runs git on a thread
	 * of its own). */
	for (i = 0; i < MAX_CHILDREN; i++) {
		pid_t free_slot = 0;

		if (__atomic_compare_exchange_n((pid_t *)&children[i], &free_slot, pid, false,
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
			return;
	}
	/* More children than slots cannot happen (series runs at most 64 at
	 * once); an unrecorded child still gets the terminal's signal. */
}

void cleanup_forget_child(pid_t pid)
{
	size_t i;

	for (i = 0; i < MAX_CHILDREN; i++)
		if (children[i] == pid)
			children[i] = 0;
}

/* --- the one cleanup, safe in a handler and in normal context ------------- */

static bool reaped(pid_t pid)
{
	int status;
	pid_t r = waitpid(pid, &status, WNOHANG);

	return r == pid || (r < 0 && errno != EINTR);
}

/* SIGTERM to every child; whatever has not ended after 5 s gets SIGKILL.
 * make passes SIGTERM on to its compilers and reaps them, so nothing
 * writes into a directory once it is being removed. */
static void stop_children(void)
{
	int waited, left;
	size_t i;

	for (i = 0; i < MAX_CHILDREN; i++)
		if (children[i] > 0)
			kill(children[i], SIGTERM);
	for (waited = 0; waited < 5000; waited += 20) {
		left = 0;
		for (i = 0; i < MAX_CHILDREN; i++) {
			if (children[i] <= 0)
				continue;
			if (reaped(children[i]))
				children[i] = 0;
			else
				left++;
		}
		if (!left)
			return;
		poll(NULL, 0, 20);
	}
	for (i = 0; i < MAX_CHILDREN; i++)
		if (children[i] > 0) {
			kill(children[i], SIGKILL);
			while (waitpid(children[i], NULL, 0) < 0 && errno == EINTR)
				;
			children[i] = 0;
		}
}

static void cleanup_everything(void)
{
	size_t i;

	stop_children();
	/* Newest first: a worktree's entry in the repository was registered
	 * after the scratch directory that holds the worktree. */
	for (i = MAX_PATHS; i-- > 0;)
		if (path_used[i]) {
			remove_tree_signal_safe(paths[i]);
			path_used[i] = 0;
		}
}

void cleanup_run(void)
{
	if (in_cleanup)
		return;
	in_cleanup = 1;
	cleanup_everything();
	in_cleanup = 0;
}

static void on_signal(int sig)
{
	struct sigaction dfl;
	sigset_t set;

	/* A second signal (a terminal's Ctrl-C reaches the whole group, and
	 * the user may press it again) waits for the first cleanup. */
	if (!in_cleanup) {
		in_cleanup = 1;
		cleanup_everything();
	}
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

static void on_exit_hook(void)
{
	cleanup_run();
}

/* name is "<prefix><anything>-<pid>-<suffix>": the pid, or 0. */
static pid_t owner_pid(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *last, *p;
	long pid = 0;

	if (strncmp(name, prefix, n))
		return 0;
	last = strrchr(name + n, '-');
	if (!last)
		return 0;
	for (p = last; p > name + n && p[-1] != '-'; p--)
		;
	if (p == last || p == name + n)
		return 0;
	for (; p < last; p++) {
		if (*p < '0' || *p > '9' || pid > 99999999)
			return 0;
		pid = pid * 10 + (*p - '0');
	}
	return (pid_t)pid;
}

void cleanup_sweep_dead(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		pid_t pid = owner_pid(e->d_name, prefix);
		char path[PATH_MAX];

		if (pid <= 0 || pid == getpid())
			continue;
		if (kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) <
		    (int)sizeof(path))
			remove_tree_signal_safe(path);
	}
	closedir(d);
}

void cleanup_install(void)
{
	struct sigaction sa;
	size_t i;

	if (installed)
		return;
	installed = 1;
	atexit(on_exit_hook);
	set_die_cleanup(cleanup_run);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);	/* no handler runs inside another */
	/* As git's sigchain_push_common(): even a signal ignored on entry (a
	 * script's background job ignores SIGINT) is caught, so that
	 * whoever sends it stops the run and gets the tree back clean. */
	for (i = 0; i < NR_CLEANUP_SIGNALS; i++)
		sigaction(cleanup_signals[i], &sa, NULL);
}

void cleanup_block_signals(sigset_t *old)
{
	sigset_t block;
	size_t i;

	sigemptyset(&block);
	for (i = 0; i < NR_CLEANUP_SIGNALS; i++)
		sigaddset(&block, cleanup_signals[i]);
	sigprocmask(SIG_BLOCK, &block, old);
}

void cleanup_restore_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}
