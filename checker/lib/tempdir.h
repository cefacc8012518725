/* Scratch directories that are removed on every exit path: normal exit, die(),
 * and the signals lib/cleanup.h handles. */
#ifndef WQCHECK_TEMPDIR_H
#define WQCHECK_TEMPDIR_H

/* Creates $TMPDIR/wqcheck-<what>-<pid>-XXXXXX; dies on failure. The string
 * lives until the end of the run. */
const char *tempdir_create(const char *what);
void tempdir_remove(const char *path);
void tempdir_remove_all(void);
/* mkdir -p for the parent directories of path. */
int make_parent_dirs(const char *path);

#endif
