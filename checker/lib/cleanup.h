/* One cleanup for the whole program, after git's sigchain.c and tempfile.c:
 * what must not outlive a run (scratch directories, a worktree's entry in a
 * repository, running children) is registered as it is made, and removed on
 * every way out: return from main, die(), and SIGINT/SIGTERM/SIGHUP/SIGQUIT.
 *
 * The signal handler does only async-signal-safe work on what was recorded
 * beforehand (kill, waitpid, poll, open, getdents64, unlinkat, close,
 * sigaction, raise): it stops the children, removes the recorded paths and
 * re-raises the signal with its default action. What a run killed outright
 * (SIGKILL) left behind is swept by the next run: scratch names carry the
 * owner's pid, and entries whose owner is gone are removed. */
#ifndef WQCHECK_CLEANUP_H
#define WQCHECK_CLEANUP_H

#include <signal.h>
#include <sys/types.h>

/* Installs the handlers and the exit hooks (once). Every function below
 * calls it; main() does first of all. */
void cleanup_install(void);

/* Registers path (a directory) for removal with everything in it. */
void cleanup_add_path(const char *path);
/* Removes path now, with everything in it, and forgets it. */
void cleanup_remove_path(const char *path);
/* Forgets path without removing it. */
void cleanup_forget_path(const char *path);

/* A child that must be stopped (SIGTERM, then SIGKILL after 5 s) and reaped
 * before the paths go. */
void cleanup_add_child(pid_t pid);
void cleanup_forget_child(pid_t pid);

/*
 * Between making something (a directory, a child) and registering it, a
 * signal would clean up without it and leave it behind: block the cleanup's
 * signals over that window, saving the mask in *old, and restore it after
 * the registration. A signal sent meanwhile is then handled, with the new
 * entry known. For the main thread (no worker threads run meanwhile).
 */
void cleanup_block_signals(sigset_t *old);
void cleanup_restore_signals(const sigset_t *old);

/* Everything registered, in normal context: children, then paths. */
void cleanup_run(void);

/* Removes the entries of dir named "<prefix><pid>-..." whose pid is not a
 * running process (what a run killed by SIGKILL left). */
void cleanup_sweep_dead(const char *dir, const char *prefix);

/* Removes path and everything below it using only async-signal-safe calls;
 * 0 or -1. Does not follow symbolic links. */
int remove_tree_signal_safe(const char *path);

#endif
