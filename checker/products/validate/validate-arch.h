/* validate-arch.c: the touched objects of other architectures. Which arch an
 * object needs (it lives under arch/X/, or its Kconfig needs a symbol only
 * arch X defines), and which of that arch's arch/X/configs/ defconfig
 * files to build it from: before multiplatform, ARM's platform symbols
 * (ARCH_OMAP2, ARCH_TEGRA, PLAT_SAMSUNG, MACH_TOSA, ...) come only from a
 * board configuration, so objects of one arch may need several. */
#ifndef WQCHECK_VALIDATE_ARCH_H
#define WQCHECK_VALIDATE_ARCH_H

#include "products/validate/validate-run.h"

#include <stdbool.h>
#include <stddef.h>

struct kconfig_db;

/* The arch other than host_arch whose build object needs, or NULL: the X
 * of arch/X/, else an arch that defines a symbol the unmet dependencies
 * of object's Makefile gates name (one with an installed cross compiler
 * first). host_kc holds the host configuration's values. */
char *object_foreign_arch(struct kconfig_db *host_kc, const char *srcdir,
			  const char *host_arch, const char *object);

struct defconfig_choice {
	char *name;			/* "omap2plus_defconfig" */
	struct strlist objects;		/* those it can build */
	size_t symbols_set;		/* of the symbols they need, how many it sets */
};

/* Chooses among arch/<arch>/configs/ (kc: that arch's Kconfig), leaving
 * out those named in exclude (may be NULL: the ones tried already), the
 * one under which the most of objects can be built (their Makefile gates
 * set, or enabled by planning, with the choices and the word size it makes
 * fixed); ties go to the one that already sets more of the symbols they
 * need, then to "defconfig", then by name. Then again for the objects
 * left, up to max choices. Objects no defconfig can build go to left.
 * Returns the number of choices in *out (each to be released). */
size_t choose_defconfigs(struct kconfig_db *kc, const char *srcdir, const char *arch,
			 const struct strlist *objects, const struct strlist *exclude,
			 size_t max, struct defconfig_choice **out, struct strlist *left);
void defconfig_choice_release(struct defconfig_choice *c);

/* Does make's output say that a host program (scripts/Makefile.host's
 * link) failed on a symbol defined twice? Then the tree predates gcc 10's
 * -fno-common (3.6's dtc), and HOSTCFLAGS=-fcommon builds it. */
bool host_link_needs_fcommon(const char *make_output);

#endif
