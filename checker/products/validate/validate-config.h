/* validate-config.c: a configuration that builds the objects a series
 * touches. It reads what gates an object in the Makefiles (obj-$(CONFIG_FOO)
 * += x.o, the composite x-y / x-objs lists, the parent directories'
 * obj-$(CONFIG_BAR) += dir/) and, in the Kconfig files one architecture
 * reads, what those symbols depend on and who selects them; it plans which
 * symbols to enable, and says by name why a symbol stays unset. */
#ifndef WQCHECK_VALIDATE_CONFIG_H
#define WQCHECK_VALIDATE_CONFIG_H

#include "products/validate/validate-run.h"

#include <stdbool.h>
#include <stddef.h>

struct kconfig_db;

/* The Kconfig tree of srcarch ("x86", "arm", ...) under srcdir, from its
 * top Kconfig through every source line. NULL when srcdir has no Kconfig. */
struct kconfig_db *kconfig_db_read(const char *srcdir, const char *srcarch);
void kconfig_db_free(struct kconfig_db *kc);
/* Number of config symbols defined, for the report and tests. */
size_t kconfig_nr_symbols(const struct kconfig_db *kc);
bool kconfig_defines(const struct kconfig_db *kc, const char *symbol);

/* The values of a .config text ("CONFIG_X=y" lines); replaces the
 * previous ones. */
void kconfig_set_values(struct kconfig_db *kc, const char *dotconfig);
/* "y", "m", a string or number, or NULL when unset. */
const char *kconfig_value(const struct kconfig_db *kc, const char *symbol);

/* Adds to enable (symbol names without CONFIG_, each once) what must be set
 * by hand for symbol to become y or m under the current values: the symbol
 * itself when it has a prompt, what it depends on (one side of each ||),
 * and for a symbol without a prompt or default a symbol that selects it.
 * Returns false when no such plan exists (an unmet dependency that cannot
 * be enabled: another arch's symbol, a negation, BROKEN). */
bool kconfig_plan(struct kconfig_db *kc, const char *symbol, struct strlist *enable);

/* Is symbol a tristate member of a choice? Several of those can be on only
 * as modules (the USB gadget drivers): scripts/config --module, not
 * --enable. */
bool kconfig_choice_tristate(const struct kconfig_db *kc, const char *symbol);

/* Why symbol is unset under the current values, in words naming the unmet
 * dependency: "unmet dependency SH_DREAMCAST (not defined for ARCH=x86;
 * arch/sh defines it)". NULL when it is set. */
char *kconfig_explain(struct kconfig_db *kc, const char *symbol);

/* kconfig_explain(), adding to arches the other arches its words name
 * (those that define a symbol this one lacks). */
char *kconfig_explain_arches(struct kconfig_db *kc, const char *symbol, struct strlist *arches);

/* With fixed, a bool choice member that is not set cannot be planned: the
 * board configuration chose another (ARM's system type before
 * multiplatform), and the explanation says so; nor can 64BIT or what would
 * switch it (powerpc's PPC64): a board configuration keeps its word size. */
void kconfig_fix_choices(struct kconfig_db *kc, bool fixed);
/* Could symbol become y or m by enabling symbols, under the current values? */
bool kconfig_feasible(struct kconfig_db *kc, const char *symbol);

/* The values a defconfig file's text (CONFIG_X=y lines, "# CONFIG_X is not
 * set") comes to, approximately as kconfig computes them: its own values,
 * then the defaults and selects that follow from them. Enough to compare
 * defconfigs; the configuration itself is always kconfig's. */
void kconfig_set_defconfig(struct kconfig_db *kc, const char *text);

/* The CONFIG_ symbols (without the prefix) that gate object (relative to
 * srcdir) in the Makefiles: those of the line that lists it, of the
 * composite objects that contain it, and of the lines that descend into
 * its directories, outermost last. Returns false when no Makefile lists
 * it. kc, when not NULL, picks among several listing lines the first whose
 * symbols this arch defines. */
bool makefile_gates(const char *srcdir, const char *object, const struct kconfig_db *kc,
		    struct strlist *symbols);

/* The Makefile (or Kbuild) of dir (relative to srcdir; "" for the top) as
 * logical lines: continuations joined, comments dropped. *which gets its
 * path relative to srcdir. NULL when there is none. */
char *makefile_read(const char *srcdir, const char *dir, char **which);
/* The same for the file at path (an included Makefile.kvm), NULL when it
 * cannot be read. */
char *makefile_read_file(const char *path);

/* Is program an executable in a directory of PATH? */
bool program_on_path(const char *program);
/* The CROSS_COMPILE prefix of an installed cross gcc for arch (SRCARCH),
 * found on PATH, or NULL. */
const char *cross_compile_prefix(const char *arch);
/* "make ARCH=arm CROSS_COMPILE=arm-linux-gnueabi- builds it", or where to
 * get the compiler: "no arm-linux-gnueabi-gcc on PATH: make deps CROSS=arm
 * installs gcc-arm-linux-gnueabi". */
void cross_compile_advice(struct strbuf *sb, const char *arch);

#endif
