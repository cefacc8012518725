/* What a run could not read: a directory or file it has no permission for,
 * a path that vanished while it was listed, a symlink loop, a git that
 * refuses the tree. Each is kept with its reason, so that nothing is lost
 * in silence: the command names them on stderr after its output, its
 * summary counts them and it exits 2 (commands/wqcheck.c does both for
 * every command). One list for the process, because the listing happens
 * deep in the layers (front/tree.c under the model's affinity_list()), far
 * from the command that owns the exit status. Thread-safe. */
#ifndef WQCHECK_UNREADABLE_H
#define WQCHECK_UNREADABLE_H

#include <stddef.h>
#include <stdio.h>

/* path: relative to the tree's root when it is in it (a directory ends in
 * '/'); reason: why, e.g. strerror(errno). A path given twice, or below a
 * directory already given, is kept once. */
void unreadable_add(const char *path, const char *reason);
/* For a file of the tree root (path relative to it) that could not be
 * opened: the outermost directory on its way that the user cannot search,
 * given with its reason ("drivers/usb/", one line for all the files of a
 * directory however many were listed, as a walk names it), and returned
 * (allocated); NULL, and nothing given, when every one can be searched. */
char *unreadable_closed_directory(const char *root, const char *path);
/* A file the command names itself, with the reason it could not be read
 * (the scan's files not fully analysed): not given here as well, when a
 * tree pass that reads the files again fails on it too (before or after). */
void unreadable_told(const char *path);
size_t unreadable_count(void);
/* The i-th (sorted by path, from 0 to unreadable_count() - 1). */
const char *unreadable_path(size_t i);
const char *unreadable_reason(size_t i);
/* "wqcheck: PATH: cannot read: REASON" on fp for each not yet reported (a
 * command that wants them before its summary calls it; main() after the
 * command, for the rest); returns how many there are, reported before or
 * not. Called once the reading threads are done. */
size_t unreadable_report(FILE *fp);

#endif
