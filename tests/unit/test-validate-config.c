/* Unit tests for validate-config.c: the Kconfig reader (source with
 * $SRCARCH, if/menu blocks, help texts), what gates an object in the
 * Makefiles, the plan of symbols to enable and the words for what stays
 * unset; on a tiny tree written here and on corpus/. */
#include "fixture-tree.h"
#include "test-lib.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"

#include <stdlib.h>
#include <unistd.h>

static const struct fixture_file tiny[] = {
	{ "Kconfig",
	  "mainmenu \"tiny\"\n"
	  "source \"arch/$SRCARCH/Kconfig\"\n"
	  "source \"drivers/Kconfig\"\n" },
	{ "arch/x86/Kconfig",
	  "config X86\n\tdef_bool y\n"
	  "config 64BIT\n\tbool \"64-bit kernel\"\n\tdefault y\n"
	  "config X86_32\n\tdef_bool !64BIT\n" },
	{ "arch/arm/Kconfig",
	  "config ARM\n\tdef_bool y\n"
	  "config ARCH_OMAP\n\tbool \"TI OMAP\"\n" },
	{ "drivers/Kconfig",
	  "menu \"Drivers\"\n"
	  "config FOO\n"
	  "\ttristate \"foo\"\n"
	  "\tdepends on BAR || \\\n\t\tBAZ\n"
	  "\t---help---\n"
	  "\t  Not Kconfig, though it reads like it:\n"
	  "\n"
	  "\t  config FAKE\n"
	  "\t  source \"drivers/nonexistent/Kconfig\"\n"
	  "config BAR\n\tbool \"bar\"\n\tdepends on !64BIT\n"
	  "config BAZ\n\tbool \"baz\"\n"
	  "config HIDDEN\n\ttristate\n"
	  "config SELECTOR\n\ttristate \"selects hidden\"\n\tselect HIDDEN\n"
	  "config OMAPONLY\n\ttristate \"omap only\"\n\tdepends on ARCH_OMAP\n"
	  "config NET\n\tbool \"net\"\n"
	  "if NET\n"
	  "config NETDRV\n\ttristate \"a net driver\"\n"
	  "endif\n"
	  "config BROKEN\n\tbool\n"
	  "config OLD\n\ttristate \"old\"\n\tdepends on BROKEN\n"
	  "comment \"a comment's depends on is its own\"\n\tdepends on BROKEN\n"
	  "config AFTER_COMMENT\n\tbool \"after the comment\"\n"
	  "config NEEDS32\n\ttristate \"32-bit only\"\n\tdepends on X86_32\n"
	  "config AUTO\n\ttristate\n\tdepends on BAZ\n\tdefault y if FOO\n"
	  "endmenu\n"
	  "menu \"Net drivers\"\n\tdepends on NET\n"
	  "config NETTWO\n\ttristate \"two\"\n\tdepends on NET && BAZ\n"
	  "endmenu\n"
	  "config ORPHAN\n\ttristate \"its core is missing\"\n\tdepends on MFD_NOWHERE\n"
	  "choice\n\ttristate \"gadget drivers\"\n"
	  "config G_ONE\n\ttristate \"one\"\n"
	  "config G_TWO\n\tbool \"two\"\n"
	  "endchoice\n" },
	{ "drivers/Makefile",
	  "obj-${CONFIG_NET} += brace/\n"
	  "obj-$(CONFIG_FOO) += foo/\n"
	  "obj-$(CONFIG_BAZ) += misc/\n"
	  "obj-$(CONFIG_NET) += misc/\n" },
	{ "drivers/foo/Makefile",
	  "# obj-$(CONFIG_BAR) += extra.o (a comment)\n"
	  "obj-$(CONFIG_FOO) += foo.o\n"
	  "foo-y := core.o\n"
	  "foo-$(CONFIG_BAZ) += \\\n\textra.o\n" },
	{ "drivers/brace/Makefile",
	  "obj-${CONFIG_FOO} := brace.o\n"
	  "brace-y := part.o\n"
	  "clean-files := $${HOME}\n" },
	{ "drivers/misc/Makefile",
	  "obj-$(CONFIG_HIDDEN) += hidden.o\n"
	  "obj-$(CONFIG_OMAPONLY) += omap.o\n"
	  "xnet-$(CONFIG_NET) := xnet.o\n"
	  "obj-$(CONFIG_NETDRV) += netdrv.o\n"
	  "netdrv-objs := netcore.o $(xnet-y)\n" },
};

static char *joined(const struct strlist *l)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(&sb, "");
	for (i = 0; i < l->nr; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", l->items[i]);
	return strbuf_detach(&sb);
}

static char *gates(const char *root, const char *object, const struct kconfig_db *kc)
{
	struct strlist g = { 0 };
	char *s;

	if (!makefile_gates(root, object, kc, &g)) {
		strlist_release(&g);
		return xstrdup("(unlisted)");
	}
	s = joined(&g);
	strlist_release(&g);
	return s;
}

static char *plan(struct kconfig_db *kc, const char *symbol)
{
	struct strlist en = { 0 };
	char *s;

	if (!kconfig_plan(kc, symbol, &en)) {
		strlist_release(&en);
		return xstrdup("(impossible)");
	}
	s = joined(&en);
	strlist_release(&en);
	return s;
}

static void test_tiny(void)
{
	char *root = fixture_tree_write("wqcheck-test-config", tiny, sizeof(tiny) / sizeof(tiny[0]));
	struct kconfig_db *kc;
	struct strbuf want = STRBUF_INIT;
	char *s;

	CHECK("tiny tree written", root != NULL);
	if (!root)
		return;
	kc = kconfig_db_read(root, "x86");
	CHECK("kconfig: read", kc != NULL);
	if (!kc)
		goto out;
	CHECK("kconfig: arch/$SRCARCH/Kconfig is sourced", kconfig_defines(kc, "64BIT"));
	CHECK("kconfig: another arch's Kconfig is not", !kconfig_defines(kc, "ARCH_OMAP"));
	CHECK("kconfig: a help text is skipped", !kconfig_defines(kc, "FAKE"));
	CHECK("kconfig: the entry after a help text is read", kconfig_defines(kc, "BAR"));
	CHECK("kconfig: 20 symbols", kconfig_nr_symbols(kc) == 20);
	CHECK("kconfig: a choice's tristate member is one (--module)",
	      kconfig_choice_tristate(kc, "G_ONE") && !kconfig_choice_tristate(kc, "G_TWO") &&
	      !kconfig_choice_tristate(kc, "FOO"));

	s = gates(root, "drivers/brace/part.o", kc);
	CHECK_STR("gates: ${CONFIG_FOO} spelled with braces", s, "FOO NET");
	free(s);
	s = gates(root, "drivers/foo/extra.o", kc);
	CHECK_STR("gates: a composite's part, the composite, the directory", s, "BAZ FOO");
	free(s);
	s = gates(root, "drivers/foo/core.o", kc);
	CHECK_STR("gates: foo-y := core.o", s, "FOO");
	free(s);
	s = gates(root, "drivers/misc/xnet.o", kc);
	CHECK_STR("gates: through $(xnet-y) in a composite's list; the first way into the "
		  "directory", s, "NET NETDRV BAZ");
	free(s);
	kconfig_set_values(kc, "CONFIG_NET=y\n");
	s = gates(root, "drivers/misc/xnet.o", kc);
	CHECK_STR("gates: a way into the directory that is already on", s, "NET NETDRV");
	free(s);
	kconfig_set_values(kc, "");
	s = gates(root, "drivers/misc/unlisted.o", kc);
	CHECK_STR("gates: an object no Makefile lists", s, "(unlisted)");
	free(s);

	kconfig_set_values(kc, "CONFIG_X86=y\nCONFIG_64BIT=y\n# CONFIG_BAZ is not set\n");
	CHECK_STR("values: read", kconfig_value(kc, "64BIT"), "y");
	CHECK("values: not set is unset", kconfig_value(kc, "BAZ") == NULL);
	s = plan(kc, "FOO");
	CHECK_STR("plan: the side of || that can be had, then the symbol", s, "BAZ FOO");
	free(s);
	s = plan(kc, "HIDDEN");
	CHECK_STR("plan: a symbol without a prompt comes from its selector", s, "SELECTOR");
	free(s);
	s = plan(kc, "NETDRV");
	CHECK_STR("plan: the enclosing if block is a dependency", s, "NET NETDRV");
	free(s);
	s = plan(kc, "AFTER_COMMENT");
	CHECK_STR("plan: a comment's depends on does not leak", s, "AFTER_COMMENT");
	free(s);
	/* a new round: what the earlier plans enabled is not enabled yet */
	kconfig_set_values(kc, "CONFIG_X86=y\nCONFIG_64BIT=y\n");
	s = plan(kc, "AUTO");
	CHECK_STR("plan: no prompt, a default: its dependency and its condition", s, "BAZ FOO");
	free(s);
	s = plan(kc, "NEEDS32");
	CHECK_STR("plan: a default that cannot be met (def_bool !64BIT)", s, "(impossible)");
	free(s);
	s = kconfig_explain(kc, "NEEDS32");
	CHECK_STR("explain: the default that is not met", s,
		  "unmet dependency X86_32 (no prompt, and its default is not met: !64BIT "
		  "(64BIT=y), arch/x86/Kconfig:6), drivers/Kconfig:39");
	free(s);
	s = plan(kc, "OMAPONLY");
	CHECK_STR("plan: another arch's dependency", s, "(impossible)");
	free(s);
	s = plan(kc, "OLD");
	CHECK_STR("plan: BROKEN", s, "(impossible)");
	free(s);

	/* the advice depends on whether arm-linux-gnueabi-gcc is installed */
	strbuf_addstr(&want, "unmet dependency ARCH_OMAP (not defined for ARCH=x86; only for "
		      "ARCH=arm, arch/arm defines it; ");
	cross_compile_advice(&want, "arm");
	strbuf_addstr(&want, "), drivers/Kconfig:21");
	s = kconfig_explain(kc, "OMAPONLY");
	CHECK_STR("explain: another arch, by name, and how to build it", s, want.buf);
	free(s);
	s = kconfig_explain(kc, "BAR");
	CHECK_STR("explain: a negation, with the value that defeats it", s,
		  "unmet dependency !64BIT (64BIT=y), drivers/Kconfig:11");
	free(s);
	s = kconfig_explain(kc, "OLD");
	CHECK_STR("explain: BROKEN", s,
		  "unmet dependency BROKEN (no prompt: only select sets it, and nothing "
		  "selects it), drivers/Kconfig:32");
	free(s);
	s = kconfig_explain(kc, "NETTWO");
	CHECK_STR("explain: the menu's and the entry's dependency named once", s,
		  "unmet dependency NET && BAZ, drivers/Kconfig:49");
	free(s);
	s = kconfig_explain(kc, "ORPHAN");
	CHECK_STR("explain: a dependency no arch defines is not another arch's", s,
		  "unmet dependency MFD_NOWHERE (defined by no Kconfig file of the tree for "
		  "x86), drivers/Kconfig:53");
	free(s);
	s = kconfig_explain(kc, "X86");
	CHECK("explain: nothing for a set symbol", s == NULL);
	free(s);
	kconfig_db_free(kc);
out:
	fixture_tree_remove(root);
	strbuf_release(&want);
	free(root);
}

/* corpus/ has a Kconfig and kbuild-like Makefiles of its own. */
static void test_corpus(void)
{
	const char *top = getenv("TOP");
	struct strbuf root = STRBUF_INIT;
	struct kconfig_db *kc;
	char *s;

	strbuf_addf(&root, "%s/corpus", top ? top : "../..");
	kc = kconfig_db_read(root.buf, "x86");
	CHECK("corpus: Kconfig read", kc && kconfig_defines(kc, "ZETA_WLAN"));
	if (!kc) {
		strbuf_release(&root);
		return;
	}
	s = gates(root.buf, "drivers/net/wireless/zeta/zeta_scan.o", kc);
	CHECK_STR("corpus: a composite part two directories down", s, "ZETA_WLAN NETDEVICES");
	free(s);
	kconfig_set_values(kc, "");
	s = plan(kc, "ZETA_WLAN");
	CHECK_STR("corpus: plan with every dependency", s, "NET NETDEVICES USB ZETA_WLAN");
	free(s);
	kconfig_db_free(kc);
	strbuf_release(&root);
}

/* The cross compiler is found on PATH, or advised by its package. */
static void test_cross(void)
{
	char templ[] = "/tmp/wqcheck-test-cross.XXXXXX";
	char *dir = mkdtemp(templ), *old = getenv("PATH") ? xstrdup(getenv("PATH")) : NULL;
	struct strbuf gcc = STRBUF_INIT, advice = STRBUF_INIT;

	if (!dir) {
		CHECK("cross: temp dir", false);
		free(old);
		return;
	}
	setenv("PATH", dir, 1);
	cross_compile_advice(&advice, "sh");
	CHECK_STR("cross: not installed, the package that has it", advice.buf,
		  "no sh4-linux-gnu-gcc on PATH: make deps CROSS=sh installs gcc-sh4-linux-gnu");
	strbuf_addf(&gcc, "%s/sh4-linux-gnu-gcc", dir);
	write_whole_file(gcc.buf, "#!/bin/sh\n", 10, 0755);
	CHECK_STR("cross: found on PATH", cross_compile_prefix("sh"), "sh4-linux-gnu-");
	strbuf_reset(&advice);
	cross_compile_advice(&advice, "sh");
	CHECK_STR("cross: installed, the make line", advice.buf,
		  "make ARCH=sh CROSS_COMPILE=sh4-linux-gnu- builds it");
	CHECK("cross: an arch without one", cross_compile_prefix("arm") == NULL);
	unlink(gcc.buf);
	rmdir(dir);
	if (old)
		setenv("PATH", old, 1);
	free(old);
	strbuf_release(&gcc);
	strbuf_release(&advice);
}

/* An object listed by its parent directory's Makefile (foo-y +=
 * sub/part.o) in a directory with no Makefile: kbuild before 5.3 cannot
 * make it alone (3.6's net/nfc/llcp/llcp.o), 5.3's single-build can. */
static const struct fixture_file alone[] = {
	{ "Makefile", "# kbuild before 5.3\n" },
	{ "scripts/Kbuild.include", "" },
	{ "Kconfig", "mainmenu \"alone\"\nconfig FOO\n\ttristate \"foo\"\n" },
	{ "arch/x86/Kconfig", "config X86\n\tdef_bool y\n" },
	{ "drivers/Makefile", "obj-$(CONFIG_FOO) += foo/\n" },
	{ "drivers/foo/Makefile", "obj-$(CONFIG_FOO) += foo.o\nfoo-y := core.o sub/part.o\n" },
	{ "drivers/foo/core.c", "" },
	{ "drivers/foo/sub/part.c", "" },
};

static void test_alone(void)
{
	char *root = fixture_tree_write("wqcheck-test-alone", alone, sizeof(alone) / sizeof(alone[0]));
	struct vtree t = { 0 };
	struct strbuf top = STRBUF_INIT;
	char *s;

	CHECK("alone: tree written", root != NULL);
	if (!root)
		return;
	t.srcdir = root;
	t.kbuild = true;
	t.single_build = kbuild_single_build(root);
	t.arch = "x86";
	t.kconfig = kconfig_db_read(root, "x86");
	CHECK("alone: kconfig read", t.kconfig != NULL);
	if (!t.kconfig)
		goto out;
	kconfig_set_values(t.kconfig, "CONFIG_X86=y\nCONFIG_FOO=y\n");
	strbuf_addstr(&t.dotconfig, "CONFIG_X86=y\nCONFIG_FOO=y\n");
	s = vtree_object_not_built(&t, "drivers/foo/core.o");
	CHECK("alone: an object of a directory with its Makefile is built", s == NULL);
	free(s);
	s = vtree_object_not_built(&t, "drivers/foo/sub/part.o");
	CHECK_STR("alone: before single-build, not built, and why", s ? s : "(built)",
		  "no Makefile rule in drivers/foo/sub/ (it has no Makefile) builds part.o alone: "
		  "drivers/foo/Makefile lists sub/part.o, and this kbuild (before 5.3's "
		  "single-build) makes a single object only through its own directory's Makefile");
	free(s);
	strbuf_addf(&top, "%s/Makefile", root);
	write_whole_file(top.buf, "ifdef single-build\nendif\n", 25, 0644);
	t.single_build = kbuild_single_build(root);
	s = vtree_object_not_built(&t, "drivers/foo/sub/part.o");
	CHECK("alone: with single-build (5.3 on), built", s == NULL);
	free(s);
	kconfig_db_free(t.kconfig);
out:
	fixture_tree_remove(root);
	strbuf_release(&t.dotconfig);
	strbuf_release(&top);
	free(root);
}

/* PAHOLE_VERSION >= 116: a comparison, by number, and said with the value
 * (v6.19's DEBUG_INFO_BTF, which SCHED_CLASS_EXT needs) */
static const struct fixture_file compared[] = {
	{ "Kconfig",
	  "config PAHOLE_VERSION\n\tint\n\tdefault 0\n"
	  "config BTF\n\tbool \"btf\"\n\tdepends on PAHOLE_VERSION >= 116\n"
	  "config HEX\n\tbool \"hex\"\n\tdepends on PAHOLE_VERSION < 0x80\n"
	  "config EXT\n\tbool \"ext\"\n\tdepends on BTF\n" },
};

static void test_comparisons(void)
{
	char *root = fixture_tree_write("wqcheck-test-compare", compared,
					sizeof(compared) / sizeof(compared[0]));
	struct kconfig_db *kc;
	char *s;

	if (!root) {
		CHECK("comparisons: tree written", false);
		return;
	}
	kc = kconfig_db_read(root, "x86");
	kconfig_set_values(kc, "CONFIG_PAHOLE_VERSION=0\n");
	s = plan(kc, "EXT");
	CHECK_STR("comparisons: PAHOLE_VERSION >= 116 with 0 cannot be planned", s,
		  "(impossible)");
	free(s);
	s = kconfig_explain(kc, "EXT");
	CHECK_STR("comparisons: said with the value", s,
		  "unmet dependency BTF (unmet dependency PAHOLE_VERSION >= 116 "
		  "(PAHOLE_VERSION=0), Kconfig:4), Kconfig:10");
	free(s);
	kconfig_set_values(kc, "CONFIG_PAHOLE_VERSION=125\n");
	s = plan(kc, "EXT");
	CHECK_STR("comparisons: 125 >= 116 as numbers (not as text)", s, "BTF EXT");
	free(s);
	s = plan(kc, "HEX");
	CHECK_STR("comparisons: 125 < 0x80", s, "HEX");
	free(s);
	kconfig_db_free(kc);
	fixture_tree_remove(root);
	free(root);
}

int main(void)
{
	test_tiny();
	test_alone();
	test_cross();
	test_corpus();
	test_comparisons();
	return test_failures ? 1 : 0;
}
