#include "lib/tempdir.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_TEMPDIRS 16

static char *tempdirs[MAX_TEMPDIRS];
static volatile sig_atomic_t installed;

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

void tempdir_remove(const char *path)
{
	int i;

	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	for (i = 0; i < MAX_TEMPDIRS; i++)
		if (tempdirs[i] && !strcmp(tempdirs[i], path)) {
			free(tempdirs[i]);
			tempdirs[i] = NULL;
		}
}

void tempdir_remove_all(void)
{
	int i;

	for (i = 0; i < MAX_TEMPDIRS; i++)
		if (tempdirs[i]) {
			nftw(tempdirs[i], remove_entry, 16, FTW_DEPTH | FTW_PHYS);
			free(tempdirs[i]);
			tempdirs[i] = NULL;
		}
}

static void on_signal(int sig)
{
	tempdir_remove_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install(void)
{
	if (installed)
		return;
	installed = 1;
	atexit(tempdir_remove_all);
	set_die_cleanup(tempdir_remove_all);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
}

const char *tempdir_create(const char *what)
{
	const char *tmp = getenv("TMPDIR");
	struct strbuf sb = STRBUF_INIT;
	int i;

	install();
	strbuf_addf(&sb, "%s/wqcheck-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", what);
	if (!mkdtemp(sb.buf))
		die_errno("cannot create a scratch directory %s", sb.buf);
	for (i = 0; i < MAX_TEMPDIRS; i++)
		if (!tempdirs[i]) {
			tempdirs[i] = strbuf_detach(&sb);
			return tempdirs[i];
		}
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
