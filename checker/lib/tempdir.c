#include "lib/tempdir.h"
#include "lib/cleanup.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The names tempdir_create() handed out, freed when removed. */
#define MAX_TEMPDIRS 32
static char *names[MAX_TEMPDIRS];
static bool swept;

void tempdir_remove(const char *path)
{
	size_t i;

	cleanup_remove_path(path);
	for (i = 0; i < MAX_TEMPDIRS; i++)
		if (names[i] && (names[i] == path || !strcmp(names[i], path))) {
			free(names[i]);
			names[i] = NULL;
			return;
		}
}

void tempdir_remove_all(void)
{
	size_t i;

	cleanup_run();
	for (i = 0; i < MAX_TEMPDIRS; i++) {
		free(names[i]);
		names[i] = NULL;
	}
}

const char *tempdir_create(const char *what)
{
	const char *tmp = getenv("TMPDIR");
	struct strbuf sb = STRBUF_INIT;
	sigset_t old;
	const char *path;

	/* The pid in the name lets the next run sweep what a run killed by
	 * SIGKILL left (cleanup_sweep_dead()). */
	strbuf_addf(&sb, "%s/wqcheck-%s-%ld-XXXXXX", tmp && *tmp ? tmp : "/tmp",
		    what, (long)getpid());
	cleanup_install();
	/* Only a run that makes scratch directories looks for a dead run's:
	 * kbuild starts `wqcheck check` once per file and needs none. */
	if (!swept) {
		swept = true;
		cleanup_sweep_dead(tmp && *tmp ? tmp : "/tmp", "wqcheck-");
	}
	/* A signal between mkdtemp() and the registration would leave the
	 * directory behind (t-interrupt caught it once in 48 runs): the
	 * cleanup's signals wait until it is registered. */
	cleanup_block_signals(&old);
	if (!mkdtemp(sb.buf))
		die_errno("cannot create a scratch directory %s", sb.buf);
	cleanup_add_path(sb.buf);
	cleanup_restore_signals(&old);
	path = strbuf_detach(&sb);
	for (size_t i = 0; i < MAX_TEMPDIRS; i++)
		if (!names[i])
			return names[i] = (char *)path;
	die("too many scratch directories");
}

int make_parent_dirs(const char *path)
{
	char *p = xstrdup(path), *s;

	for (s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	free(p);
	return 0;
}
