/* The unit tests' fixture trees (fixture-tree.h). */
#include "fixture-tree.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *fixture_tree_write(const char *name, const struct fixture_file *files, size_t nr)
{
	struct strbuf path = STRBUF_INIT;
	char *root;
	size_t i;
	int rc = 0;

	strbuf_addf(&path, "/tmp/%s.XXXXXX", name);
	if (!mkdtemp(path.buf)) {
		strbuf_release(&path);
		return NULL;
	}
	root = xstrdup(path.buf);
	for (i = 0; i < nr && !rc; i++) {
		char *slash;

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", root, files[i].path);
		for (slash = strchr(path.buf + strlen(root) + 1, '/'); slash && !rc;
		     slash = strchr(slash + 1, '/')) {
			*slash = '\0';
			if (mkdir(path.buf, 0777) < 0 && errno != EEXIST)
				rc = -1;
			*slash = '/';
		}
		if (!rc)
			rc = write_whole_file(path.buf, files[i].text, strlen(files[i].text), 0644);
	}
	strbuf_release(&path);
	if (rc) {
		fixture_tree_remove(root);
		free(root);
		return NULL;
	}
	return root;
}

void fixture_tree_remove(const char *root)
{
	struct strbuf rm = STRBUF_INIT;

	strbuf_addf(&rm, "rm -rf '%s'", root);
	if (system(rm.buf) != 0)
		printf("# could not remove %s\n", root);
	strbuf_release(&rm);
}
