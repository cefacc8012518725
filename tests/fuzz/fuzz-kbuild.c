/* Fuzz target: the Kconfig and Makefile readers validate uses to make a
 * configuration for a series (products/validate-config.c). The input is a
 * Kconfig, then after the first "\n--\n" a Makefile, then after the next
 * one a .config: written into a scratch tree made once per process, read,
 * and asked what gates drivers/fz/fz.o and what enabling FZ or BAR takes. */
#include "products/validate/validate-config.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char tree[] = "/tmp/wqcheck-fuzz-kbuild-XXXXXX";
static bool made;

static void remove_tree(void)
{
	static const char *const files[] = { "Kconfig", "Makefile", "drivers/Makefile",
		"drivers/fz/Makefile", NULL };
	struct strbuf path = STRBUF_INIT;
	size_t i;

	for (i = 0; files[i]; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", tree, files[i]);
		unlink(path.buf);
	}
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/drivers/fz", tree);
	rmdir(path.buf);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/drivers", tree);
	rmdir(path.buf);
	rmdir(tree);
	strbuf_release(&path);
}

static void write_file(const char *rel, const char *text, size_t len)
{
	struct strbuf path = STRBUF_INIT;
	FILE *fp;

	strbuf_addf(&path, "%s/%s", tree, rel);
	fp = fopen(path.buf, "w");
	if (!fp)
		die_errno("%s", path.buf);
	fwrite(text, 1, len, fp);
	fclose(fp);
	strbuf_release(&path);
}

/* The next part of text (up to "\n--\n" or the end): its length; *rest
 * is where the part after it starts (NULL: none). */
static size_t part(const char *text, size_t len, const char **rest)
{
	const char *sep = memmem(text, len, "\n--\n", 4);

	*rest = sep ? sep + 4 : NULL;
	return sep ? (size_t)(sep - text) : len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const symbols[] = { "FZ", "BAR", "X86", NULL };
	char *text = xmalloc(size + 1), *which = NULL, *mk;
	const char *kconfig, *makefile = "", *dotconfig = "", *rest;
	size_t nk, nm = 0, nd = 0, i;
	struct kconfig_db *kc;
	struct strlist gates = { 0 };

	if (!made) {
		struct strbuf d = STRBUF_INIT;

		if (!mkdtemp(tree))
			die_errno("mkdtemp");
		made = true;
		atexit(remove_tree);
		strbuf_addf(&d, "%s/drivers", tree);
		mkdir(d.buf, 0755);
		strbuf_addstr(&d, "/fz");
		mkdir(d.buf, 0755);
		strbuf_release(&d);
	}
	memcpy(text, data, size);
	text[size] = '\0';
	kconfig = text;
	nk = part(kconfig, size, &rest);
	if (rest) {
		makefile = rest;
		nm = part(makefile, size - (size_t)(rest - text), &rest);
	}
	if (rest) {
		dotconfig = rest;
		nd = size - (size_t)(rest - text);
	}
	write_file("Kconfig", kconfig, nk);
	write_file("Makefile", "obj-y += drivers/\n", 18);
	write_file("drivers/Makefile", "obj-$(CONFIG_BAR) += fz/\n", 25);
	write_file("drivers/fz/Makefile", makefile, nm);

	kc = kconfig_db_read(tree, "x86");
	if (kc) {
		char *values = xstrndup(dotconfig, nd);

		kconfig_set_values(kc, values);
		free(values);
		kconfig_nr_symbols(kc);
		for (i = 0; symbols[i]; i++) {
			struct strlist enable = { 0 };
			char *why;

			kconfig_plan(kc, symbols[i], &enable);
			kconfig_choice_tristate(kc, symbols[i]);
			why = kconfig_explain(kc, symbols[i]);
			free(why);
			strlist_release(&enable);
		}
	}
	makefile_gates(tree, "drivers/fz/fz.o", kc, &gates);
	strlist_release(&gates);
	mk = makefile_read(tree, "drivers/fz", &which);
	free(mk);
	free(which);
	kconfig_db_free(kc);
	free(text);
	return 0;
}
