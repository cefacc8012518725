/* A fixture tree for the unit tests: a temporary directory with one file
 * per entry (a tiny Kconfig tree, Makefiles, defconfigs), written before a
 * test reads it and removed after. */
#ifndef WQCHECK_TEST_FIXTURE_TREE_H
#define WQCHECK_TEST_FIXTURE_TREE_H

#include <stddef.h>

struct fixture_file {
	const char *path;		/* relative to the tree: "arch/arm/Kconfig" */
	const char *text;
};

/* Writes files[0..nr) under a new directory /tmp/<name>.XXXXXX, making the
 * directories their paths name. Returns its path (to free), or NULL when
 * it cannot be made or a file cannot be written. */
char *fixture_tree_write(const char *name, const struct fixture_file *files, size_t nr);
/* rm -rf root; says so on stdout when that fails. */
void fixture_tree_remove(const char *root);

#endif
