/*
 * Which object a source file is linked into, from its directory's
 * Makefile or Kbuild: `libata-y := libata-core.o libata-scsi.o` puts both
 * in libata.o; `obj-y += a.o` is built into the kernel; `obj-$(CONFIG_X)
 * += a.o` is a module of its own. Two files of one directory share their
 * objects (one struct instance) only when they are linked together; two
 * drivers beside each other that each define a `struct adapter` do not.
 */
#ifndef WQCHECK_MODULE_GROUPS_H
#define WQCHECK_MODULE_GROUPS_H

#include "front/source-cache.h"

#include <stdbool.h>

struct module_groups {
	const char *root;
	struct strmap by_object;	/* "dir/stem.o" -> group (owned string) */
	struct strmap dirs_read;	/* directories already read */
};

void module_groups_init(struct module_groups *g, const char *root);
/* Whether the files a and b (relative paths) may share objects: the same
 * file, a header, or linked into the same object as far as the Makefiles
 * say (unknown: yes). */
bool module_groups_linked_together(struct module_groups *g, const char *a,
				   const char *b);
void module_groups_release(struct module_groups *g);

#endif
