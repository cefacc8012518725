/*
 * Calls a work body makes that the body-lock reading (work-body.h) has to
 * see through: a driver's lock helper (namespace_lock(), ASoC's
 * snd_soc_dapm_mutex_lock(), which is a _Generic macro over two inline
 * functions ending in mutex_lock_nested()), and the one function a work
 * function's body is (dm-mpath's trigger_event() is dm_table_event() of
 * dm-table.c). Found through the tree reading's definition lookup
 * (cpu_dependence_resolve(): the file, the headers it includes, its
 * directory) and, for a core function a driver calls, the parent
 * directory (fs/nfs/ calls fs/namespace.c's mark_mounts_for_expiry()):
 * no file is parsed with libclang and no tree-wide index is built.
 */
#ifndef WQCHECK_LOCK_CALLS_H
#define WQCHECK_LOCK_CALLS_H

#include "analysis/model/cpu-dependence.h"
#include "front/source-cache.h"

struct lock_reader {
	struct source_cache *sc;	/* NULL: callees are not looked up */
	struct cpu_dependence *cd;	/* on sc; NULL: likewise */
};

/* The definition of name called from file from: cpu_dependence_resolve()'s
 * answer, else a non-static function of the parent directory's files;
 * NULL when none (or r cannot look). */
const struct source_function *lock_reader_resolve(const struct lock_reader *r,
						  const struct source_file *from,
						  const char *name, struct source_file **where);

/* Whether name, called from f, is a helper that returns holding a lock no
 * other holder shares: its name says lock (not unlock, trylock, lockdep
 * or a test), and its body (a function or a macro), or that of a helper
 * it names, up to depth levels, calls an exclusive acquire (mutex_lock(),
 * spin_lock*(), down_write(), ...) and no release. Returns that acquire
 * as written ("mutex_lock_nested(&card->dapm_mutex)"), allocated, or
 * NULL. */
char *lock_helper_acquire(const struct lock_reader *r, const struct source_file *f,
			  const char *name, int depth);
/* The helper that gives back what helper name takes: the last "lock" of
 * its name made "unlock" (namespace_lock -> namespace_unlock,
 * lock_mount_hash -> unlock_mount_hash). Allocated. */
char *lock_helper_release(const char *name);

/* The exclusive acquires and their releases (NULL-terminated): the calls
 * work-body.c and the helpers above know. */
extern const char *const lock_acquires[];
extern const char *const lock_releases[];

#endif
