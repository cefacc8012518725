#include "lib/data-dir.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directory of the running binary, or NULL. */
static char *exe_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	return xstrdup(buf);
}

static bool exists(const char *path, bool dir)
{
	struct stat st;

	return !stat(path, &st) && (dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/* The first of the paths (relative to the binary's directory) that exists. */
static char *first_existing(const char *const *rels, size_t nr, bool dir)
{
	char *bin = exe_dir();
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; bin && i < nr; i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s/%s", bin, rels[i]);
		if (exists(sb.buf, dir)) {
			char *real = realpath(sb.buf, NULL);

			free(bin);
			strbuf_release(&sb);
			return real;
		}
	}
	free(bin);
	strbuf_release(&sb);
	return NULL;
}

char *data_dir_semantic_patches(void)
{
	static const char *const rels[] = {
		"../share/wqcheck/semantic-patches",	/* installed */
		"../semantic-patches",			/* checker/wqcheck */
	};

	return first_existing(rels, sizeof(rels) / sizeof(rels[0]), true);
}

char *data_dir_man_page(const char *name, int section)
{
	struct strbuf installed = STRBUF_INIT, built = STRBUF_INIT,
		      source = STRBUF_INIT;
	const char *rels[3];
	char *path;

	strbuf_addf(&installed, "../share/man/man%d/%s.%d", section, name, section);
	strbuf_addf(&built, "../Documentation/%s.%d", name, section);
	strbuf_addf(&source, "../Documentation/%s.%d.scd", name, section);
	rels[0] = installed.buf;
	rels[1] = built.buf;
	rels[2] = source.buf;
	path = first_existing(rels, 3, false);
	strbuf_release(&installed);
	strbuf_release(&built);
	strbuf_release(&source);
	return path;
}
