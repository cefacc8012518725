/* Unit tests for validate-arch.c and the defconfig reading of
 * validate-config.c: which arch a touched object needs, and which of that
 * arch's defconfigs builds it, on a tiny tree written here: an ARM whose
 * platform is a choice (as before multiplatform), an sh with a board
 * symbol, an arm64, and drivers that need them. */
#include "fixture-tree.h"
#include "test-lib.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "products/validate/validate-arch.h"
#include "products/validate/validate-config.h"

#include <stdlib.h>
#include <unistd.h>

static const struct fixture_file tiny[] = {
	{ "Kconfig",
	  "mainmenu \"tiny\"\n"
	  "source \"arch/$SRCARCH/Kconfig\"\n"
	  "source \"drivers/Kconfig\"\n" },
	{ "arch/x86/Kconfig", "config X86\n\tdef_bool y\n" },
	{ "arch/arm64/Kconfig", "config ARM64\n\tdef_bool y\n" },
	{ "arch/sh/Kconfig",
	  "config SUPERH\n\tdef_bool y\n"
	  "config SH_DREAMCAST\n\tbool \"Dreamcast\"\n" },
	{ "arch/arm/Kconfig",
	  "config ARM\n\tdef_bool y\n"
	  "choice\n\tprompt \"ARM system type\"\n\tdefault ARCH_OMAP\n"
	  "config ARCH_OMAP\n\tbool \"TI OMAP\"\n\tselect HAVE_CLK\n"
	  "config ARCH_TEGRA\n\tbool \"NVIDIA Tegra\"\n"
	  "config ARCH_PXA\n\tbool \"PXA2xx/PXA3xx-based\"\n"
	  "endchoice\n"
	  "config HAVE_CLK\n\tbool\n"
	  "config ARCH_OMAP2\n\tbool \"TI OMAP2\"\n\tdepends on ARCH_OMAP2PLUS\n\tdefault y\n"
	  "config PXA_SHARPSL\n\tbool \"SHARP Zaurus\"\n\tdepends on ARCH_PXA\n"
	  "config MACH_TOSA\n\tbool \"Tosa\"\n\tdepends on PXA_SHARPSL\n"
	  /* a choice inside the platform, whose default a defconfig omits */
	  "if ARCH_OMAP\n"
	  "choice\n\tprompt \"OMAP System Type\"\n\tdefault ARCH_OMAP2PLUS\n"
	  "config ARCH_OMAP1\n\tbool \"TI OMAP1\"\n"
	  "config ARCH_OMAP2PLUS\n\tbool \"TI OMAP2/3/4\"\n"
	  "endchoice\n"
	  "endif\n" },
	{ "arch/arm/configs/omap1_defconfig", "CONFIG_ARCH_OMAP=y\nCONFIG_ARCH_OMAP1=y\n" },
	{ "arch/arm/configs/omap_defconfig",
	  "CONFIG_ARCH_OMAP=y\nCONFIG_USB=y\nCONFIG_OMAP_WDT=y\n" },
	{ "arch/arm/configs/omap0_minimal_defconfig",
	  "CONFIG_ARCH_OMAP=y\n# CONFIG_ARCH_OMAP2 is not set\n" },
	{ "arch/arm/configs/tegra_defconfig", "CONFIG_ARCH_TEGRA=y\n" },
	{ "arch/arm/configs/tosa_defconfig",
	  "CONFIG_ARCH_PXA=y\nCONFIG_PXA_SHARPSL=y\nCONFIG_MACH_TOSA=y\n" },
	{ "arch/arm/mach-omap2/Makefile", "obj-y += board.o\n" },
	/* powerpc: the word size a plain prompt (PPC64), 64BIT its default,
	 * the 32-bit CPU family a choice under PPC32 */
	{ "arch/powerpc/Kconfig",
	  "config PPC\n\tdef_bool y\n"
	  "config 64BIT\n\tbool\n\tdefault y if PPC64\n"
	  "config PPC64\n\tbool \"64-bit kernel\"\n\tdefault n\n"
	  "config PPC32\n\tdef_bool !PPC64\n"
	  "choice\n\tprompt \"Processor Type\"\n\tdepends on PPC32\n"
	  "config PPC_BOOK3S_32\n\tbool \"6xx/7xx/74xx\"\n"
	  "config PPC_85xx\n\tbool \"Freescale 85xx\"\n"
	  "endchoice\n"
	  "config PPC_PMAC\n\tbool \"Apple PowerMac\"\n\tdepends on PPC_BOOK3S_32\n"
	  "config PPC_PSERIES\n\tbool \"IBM pSeries\"\n\tdepends on PPC64\n" },
	{ "arch/powerpc/configs/ppc6xx_defconfig",
	  "CONFIG_PPC_BOOK3S_32=y\nCONFIG_PPC_PMAC=y\nCONFIG_PMAC_AMS=m\n" },
	{ "arch/powerpc/configs/ppc64_defconfig", "CONFIG_PPC64=y\nCONFIG_PPC_PSERIES=y\n" },
	{ "drivers/Kconfig",
	  "config USB\n\tbool \"USB\"\n"
	  "config OMAP_WDT\n\ttristate \"OMAP watchdog\"\n\tdepends on ARCH_OMAP\n"
	  "config OMAP2_USB\n\ttristate \"OMAP2 USB\"\n\tdepends on ARCH_OMAP2 && USB\n"
	  "config TEGRA_I2C\n\ttristate \"Tegra I2C\"\n\tdepends on ARCH_TEGRA\n"
	  "config TOSA_BL\n\ttristate \"Tosa backlight\"\n\tdepends on MACH_TOSA\n"
	  "config GDROM\n\ttristate \"GD-ROM\"\n\tdepends on SH_DREAMCAST\n"
	  "config ARM_PMU\n\tbool \"ARM PMU\"\n\tdepends on ARM || ARM64\n"
	  "config NEEDS_CLK\n\ttristate \"needs clk\"\n\tdepends on HAVE_CLK\n"
	  "config PMAC_AMS\n\ttristate \"Apple Motion Sensor\"\n\tdepends on PPC_PMAC\n"
	  "config HVSI\n\ttristate \"pSeries HVSI\"\n\tdepends on PPC_PSERIES\n" },
	{ "drivers/Makefile",
	  "obj-$(CONFIG_USB) += usb.o\n"
	  "obj-$(CONFIG_OMAP_WDT) += omap_wdt.o\n"
	  "obj-$(CONFIG_OMAP2_USB) += omap2_usb.o\n"
	  "obj-$(CONFIG_TEGRA_I2C) += tegra_i2c.o\n"
	  "obj-$(CONFIG_TOSA_BL) += tosa_bl.o\n"
	  "obj-$(CONFIG_GDROM) += gdrom.o\n"
	  "obj-$(CONFIG_ARM_PMU) += arm_pmu.o\n"
	  "obj-$(CONFIG_NEEDS_CLK) += needs_clk.o\n"
	  "obj-$(CONFIG_PMAC_AMS) += ams.o\n"
	  "obj-$(CONFIG_HVSI) += hvsi.o\n" },
};

static char *foreign(struct kconfig_db *kc, const char *root, const char *object)
{
	char *a = object_foreign_arch(kc, root, "x86", object);
	static char buf[64];

	snprintf(buf, sizeof(buf), "%s", a ? a : "(none)");
	free(a);
	return buf;
}

/* PATH holds only dir: the cross compilers the test puts there. */
static void test_foreign(const char *root, const char *bin)
{
	struct kconfig_db *kc = kconfig_db_read(root, "x86");
	struct strbuf gcc = STRBUF_INIT;
	struct strlist arches = { 0 };
	char *why;

	if (!kc) {
		CHECK("foreign: x86 Kconfig read", false);
		return;
	}
	kconfig_set_values(kc, "CONFIG_X86=y\n");
	CHECK_STR("foreign: an x86 driver", foreign(kc, root, "drivers/usb.o"), "(none)");
	CHECK_STR("foreign: under arch/arm/", foreign(kc, root, "arch/arm/mach-omap2/board.o"),
		  "arm");
	CHECK_STR("foreign: under arch/x86/ is ours", foreign(kc, root, "arch/x86/kernel/a.o"),
		  "(none)");
	CHECK_STR("foreign: depends on a choice member only arm defines",
		  foreign(kc, root, "drivers/omap_wdt.o"), "arm");
	CHECK_STR("foreign: a board symbol of sh", foreign(kc, root, "drivers/gdrom.o"), "sh");
	CHECK_STR("foreign: through a chain (ARCH_OMAP2 needs ARCH_OMAP)",
		  foreign(kc, root, "drivers/omap2_usb.o"), "arm");
	/* ARM || ARM64: arm first, unless only arm64's compiler is installed */
	CHECK_STR("foreign: either of two arches, none installed",
		  foreign(kc, root, "drivers/arm_pmu.o"), "arm");
	strbuf_addf(&gcc, "%s/aarch64-linux-gnu-gcc", bin);
	write_whole_file(gcc.buf, "#!/bin/sh\n", 10, 0755);
	CHECK_STR("foreign: either of two arches, the installed one",
		  foreign(kc, root, "drivers/arm_pmu.o"), "arm64");
	unlink(gcc.buf);
	why = kconfig_explain_arches(kc, "GDROM", &arches);
	CHECK("foreign: the words name the arch and the package",
	      why && strstr(why, "unmet dependency SH_DREAMCAST (not defined for ARCH=x86; only "
			    "for ARCH=sh") && strstr(why, "make deps CROSS=sh installs gcc-sh4-linux-gnu"));
	CHECK("foreign: the arches named", arches.nr == 1 && !strcmp(arches.items[0], "sh"));
	free(why);
	strlist_release(&arches);
	strbuf_release(&gcc);
	kconfig_db_free(kc);
}

static void test_defconfig_values(const char *root)
{
	struct kconfig_db *kc = kconfig_db_read(root, "arm");
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;
	const char *v;

	if (!kc) {
		CHECK("defconfig: arm Kconfig read", false);
		return;
	}
	strbuf_addf(&path, "%s/arch/arm/configs/omap_defconfig", root);
	strbuf_read_file(&text, path.buf);
	kconfig_set_defconfig(kc, text.buf);
	v = kconfig_value(kc, "ARCH_OMAP2PLUS");
	CHECK_STR("defconfig: a choice's default member, left out of the file",
		  v ? v : "(unset)", "y");
	v = kconfig_value(kc, "ARCH_OMAP1");
	CHECK_STR("defconfig: the choice's other member", v ? v : "(unset)", "(unset)");
	v = kconfig_value(kc, "ARCH_OMAP2");
	CHECK_STR("defconfig: a default that follows from the file", v ? v : "(unset)", "y");
	v = kconfig_value(kc, "HAVE_CLK");
	CHECK_STR("defconfig: a select of a set symbol", v ? v : "(unset)", "y");
	v = kconfig_value(kc, "ARCH_TEGRA");
	CHECK_STR("defconfig: another choice member stays unset", v ? v : "(unset)", "(unset)");
	strbuf_reset(&text);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/arch/arm/configs/omap0_minimal_defconfig", root);
	strbuf_read_file(&text, path.buf);
	kconfig_set_defconfig(kc, text.buf);
	v = kconfig_value(kc, "ARCH_OMAP2");
	CHECK_STR("defconfig: \"is not set\" beats the default", v ? v : "(unset)", "(unset)");
	strbuf_release(&text);
	strbuf_release(&path);
	kconfig_db_free(kc);
}

static char *names(const struct defconfig_choice *c, size_t nr)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

	strbuf_addstr(&sb, "");
	for (i = 0; i < nr; i++) {
		strbuf_addf(&sb, "%s%s:", i ? " " : "", c[i].name);
		for (j = 0; j < c[i].objects.nr; j++)
			strbuf_addf(&sb, "%s%s", j ? "," : "", c[i].objects.items[j]);
	}
	return strbuf_detach(&sb);
}

static void test_choose(const char *root)
{
	static const char *const objects[] = {
		"drivers/omap_wdt.o", "drivers/omap2_usb.o", "drivers/tegra_i2c.o",
		"drivers/tosa_bl.o", "drivers/gdrom.o", "arch/arm/mach-omap2/board.o",
	};
	struct kconfig_db *kc = kconfig_db_read(root, "arm");
	struct strlist objs = { 0 }, left = { 0 }, tried = { 0 };
	struct defconfig_choice *c = NULL;
	size_t nr, i;
	char *s;

	if (!kc) {
		CHECK("choose: arm Kconfig read", false);
		return;
	}
	for (i = 0; i < sizeof(objects) / sizeof(objects[0]); i++)
		strlist_add(&objs, objects[i]);
	nr = choose_defconfigs(kc, root, "arm", &objs, NULL, 6, &c, &left);
	s = names(c, nr);
	/* omap_defconfig and omap0_minimal_defconfig (first by name) both
	 * choose ARCH_OMAP and, by the inner choice's default, ARCH_OMAP2PLUS
	 * (omap1_defconfig the other member: no omap2_usb.o); omap_defconfig
	 * sets more of what the OMAP objects need (OMAP_WDT, USB, and
	 * ARCH_OMAP2 by its default, which the other turns off) */
	CHECK_STR("choose: a board config per platform, the most objects first", s,
		  "omap_defconfig:drivers/omap_wdt.o,drivers/omap2_usb.o,arch/arm/mach-omap2/board.o "
		  "tegra_defconfig:drivers/tegra_i2c.o tosa_defconfig:drivers/tosa_bl.o");
	CHECK("choose: an object no arm defconfig builds is left",
	      left.nr == 1 && !strcmp(left.items[0], "drivers/gdrom.o"));
	free(s);
	for (i = 0; i < nr; i++)
		defconfig_choice_release(&c[i]);
	free(c);
	strlist_release(&left);

	nr = choose_defconfigs(kc, root, "arm", &objs, NULL, 1, &c, &left);
	s = names(c, nr);
	CHECK_STR("choose: at most one", s,
		  "omap_defconfig:drivers/omap_wdt.o,drivers/omap2_usb.o,arch/arm/mach-omap2/board.o");
	CHECK("choose: the others are left", left.nr == 3);
	free(s);
	for (i = 0; i < nr; i++)
		defconfig_choice_release(&c[i]);
	free(c);
	strlist_release(&left);

	/* omap_defconfig failed (its make prepare, say): the next that
	 * builds the OMAP objects, of those not tried (its "is not set"
	 * ARCH_OMAP2 the plan enables again) */
	strlist_add(&tried, "omap_defconfig");
	strlist_add(&tried, "tegra_defconfig");
	strlist_add(&tried, "tosa_defconfig");
	nr = choose_defconfigs(kc, root, "arm", &objs, &tried, 6, &c, &left);
	s = names(c, nr);
	CHECK_STR("choose: a fallback among those not tried", s,
		  "omap0_minimal_defconfig:drivers/omap_wdt.o,drivers/omap2_usb.o,"
		  "arch/arm/mach-omap2/board.o");
	free(s);
	for (i = 0; i < nr; i++)
		defconfig_choice_release(&c[i]);
	free(c);
	strlist_release(&left);
	strlist_release(&tried);

	/* under tegra's choice, ARCH_OMAP is not for the plan to enable */
	kconfig_set_values(kc, "CONFIG_ARM=y\nCONFIG_ARCH_TEGRA=y\n");
	kconfig_fix_choices(kc, true);
	s = kconfig_explain(kc, "OMAP_WDT");
	CHECK("choose: a choice member made otherwise, in words",
	      s && strstr(s, "unmet dependency ARCH_OMAP (a choice member this configuration "
			  "does not take, arch/arm/Kconfig:6; another arch/arm/configs/ defconfig "
			  "may)"));
	free(s);
	strlist_release(&objs);
	kconfig_db_free(kc);
}

/* A board configuration keeps its word size: enabling a pSeries driver
 * under ppc6xx_defconfig would turn PPC64 on (a plain prompt, not a
 * choice), so that driver goes to a 64-bit defconfig, and under the 32-bit
 * one its reason says why. */
static void test_word_size(const char *root)
{
	static const char *const objects[] = { "drivers/ams.o", "drivers/hvsi.o" };
	struct kconfig_db *kc = kconfig_db_read(root, "powerpc");
	struct strlist objs = { 0 }, left = { 0 }, en = { 0 };
	struct defconfig_choice *c = NULL;
	size_t nr, i;
	char *s;

	if (!kc) {
		CHECK("word size: powerpc Kconfig read", false);
		return;
	}
	for (i = 0; i < sizeof(objects) / sizeof(objects[0]); i++)
		strlist_add(&objs, objects[i]);
	nr = choose_defconfigs(kc, root, "powerpc", &objs, NULL, 6, &c, &left);
	s = names(c, nr);
	CHECK_STR("word size: a 64-bit driver goes to a 64-bit defconfig", s,
		  "ppc6xx_defconfig:drivers/ams.o ppc64_defconfig:drivers/hvsi.o");
	free(s);
	for (i = 0; i < nr; i++)
		defconfig_choice_release(&c[i]);
	free(c);

	kconfig_set_values(kc, "CONFIG_PPC=y\nCONFIG_PPC32=y\nCONFIG_PPC_BOOK3S_32=y\n"
			   "CONFIG_PPC_PMAC=y\n");
	kconfig_fix_choices(kc, true);
	CHECK("word size: no plan under a 32-bit board config", !kconfig_plan(kc, "HVSI", &en));
	CHECK("word size: nothing to enable", en.nr == 0);
	s = kconfig_explain(kc, "HVSI");
	CHECK_STR("word size: the reason says so", s,
		  "unmet dependency PPC_PSERIES (unmet dependency PPC64 (it would switch the word "
		  "size this configuration keeps (64BIT=n), arch/powerpc/Kconfig:6; a 64-bit "
		  "arch/powerpc/configs/ defconfig may), arch/powerpc/Kconfig:22), drivers/Kconfig:27");
	free(s);
	/* the host's own configuration is not a board's: there it may */
	kconfig_fix_choices(kc, false);
	CHECK("word size: free outside a board config", kconfig_plan(kc, "HVSI", &en) &&
	      strlist_has(&en, "PPC64"));
	strlist_release(&en);
	strlist_release(&objs);
	strlist_release(&left);
	kconfig_db_free(kc);
}

/* The host tools of 3.6 with gcc 10 or later: dtc's yylloc is defined in
 * two of its objects; make's words as make 4.3 and ld 2.40 print them. */
static void test_fcommon(void)
{
	static const char dtc[] =
		"  HOSTCC  scripts/dtc/dtc-parser.tab.o\n"
		"  HOSTLD  scripts/dtc/dtc\n"
		"/usr/bin/ld: scripts/dtc/dtc-parser.tab.o:(.bss+0x30): multiple definition of "
		"`yylloc'; scripts/dtc/dtc-lexer.lex.o:(.bss+0x0): first defined here\n"
		"collect2: error: ld returned 1 exit status\n"
		"make[2]: *** [scripts/Makefile.host:118: scripts/dtc/dtc] Error 1\n"
		"make[1]: *** [scripts/Makefile.build:441: scripts/dtc] Error 2\n";
	/* the kernel's own link, not a host program's */
	static const char vmlinux[] =
		"  LD      drivers/built-in.o\n"
		"arm-linux-gnueabi-ld: drivers/a.o:(.bss+0x0): multiple definition of `x'; "
		"drivers/b.o:(.bss+0x0): first defined here\n"
		"make[1]: *** [drivers/Makefile.build:441: drivers/built-in.o] Error 1\n";
	static const char compile[] =
		"  HOSTCC  scripts/kconfig/conf.o\n"
		"scripts/kconfig/conf.c:1:1: error: expected ';'\n"
		"make[2]: *** [scripts/Makefile.host:104: scripts/kconfig/conf.o] Error 1\n";

	CHECK("fcommon: a host program's link, a symbol defined twice",
	      host_link_needs_fcommon(dtc));
	CHECK("fcommon: not the kernel's own link", !host_link_needs_fcommon(vmlinux));
	CHECK("fcommon: not another host error", !host_link_needs_fcommon(compile));
	CHECK("fcommon: no output", !host_link_needs_fcommon(NULL));
}

int main(void)
{
	char *root = fixture_tree_write("wqcheck-test-arch", tiny, sizeof(tiny) / sizeof(tiny[0]));
	char *old = getenv("PATH") ? xstrdup(getenv("PATH")) : NULL;
	char templ[] = "/tmp/wqcheck-test-arch-bin.XXXXXX";
	char *bin = mkdtemp(templ);
	struct strbuf grep = STRBUF_INIT;

	if (!root || !bin) {
		CHECK("fixture tree written", false);
		return 1;
	}
	/* PATH is bin alone: grep (the Kconfig search runs it) and the
	 * cross compilers the tests put there, none of those installed */
	strbuf_addf(&grep, "%s/grep", bin);
	if (symlink(access("/usr/bin/grep", X_OK) ? "/bin/grep" : "/usr/bin/grep", grep.buf))
		CHECK("grep linked into the test's PATH", false);
	setenv("PATH", bin, 1);
	test_foreign(root, bin);
	test_defconfig_values(root);
	test_choose(root);
	test_word_size(root);
	test_fcommon();
	if (old)
		setenv("PATH", old, 1);
	fixture_tree_remove(root);
	fixture_tree_remove(bin);
	strbuf_release(&grep);
	free(root);
	free(old);
	return test_failures ? 1 : 0;
}
