/* Unit tests for the compiler flag filter, the command splitter and the
 * inferred kernel flags. */
#include "front/flags.h"
#include "lib/strbuf.h"
#include "test-lib.h"

#include <stdlib.h>

static char *joined(const struct arg_list *al)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	for (i = 0; i < al->nr; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", al->args[i]);
	return strbuf_detach(&sb);
}

static void test_gcc_only(void)
{
	static const char *const rejected[] = {
		"-fconserve-stack", "-fno-allow-store-data-races", "-mrecord-mcount",
		"-mindirect-branch=thunk-extern", "-mfunction-return=thunk-extern",
		"-mskip-rax-setup", "-mpreferred-stack-boundary=3", "-falign-jumps=1",
		"-ftrivial-auto-var-init=zero", "-fno-code-hoisting", "-Werror",
		"-Werror=implicit-function-declaration", "--param=allow-store-data-races=0",
		"-fplugin=./scripts/gcc-plugins/foo.so", NULL
	};
	static const char *const kept[] = {
		"-O2", "-Wall", "-fno-strict-aliasing", "-mno-red-zone", "-DFOO=1",
		"-fno-PIE", "-mcmodel=kernel", "-std=gnu11", "-Wno-error", "-pg", NULL
	};
	bool takes;
	int i;
	char name[128];

	for (i = 0; rejected[i]; i++) {
		snprintf(name, sizeof(name), "flags: %s is filtered", rejected[i]);
		CHECK(name, gcc_only_flag(rejected[i], &takes) && !takes);
	}
	for (i = 0; kept[i]; i++) {
		snprintf(name, sizeof(name), "flags: %s is kept", kept[i]);
		CHECK(name, !gcc_only_flag(kept[i], &takes));
	}
	CHECK("flags: --param takes the next argument",
	      gcc_only_flag("--param", &takes) && takes);
}

static void test_clean_args(void)
{
	struct arg_list argv = { 0 }, out = { 0 };
	char *s;

	split_command("gcc -Wp,-MMD,drivers/net/.foo.o.d -nostdinc -I./arch/x86/include "
		      "-Iinclude -include ./include/linux/kconfig.h -fconserve-stack "
		      "--param allow-store-data-races=0 -DKBUILD_MODNAME='\"foo\"' "
		      "-Werror -c -o drivers/net/foo.o drivers/net/foo.c", &argv);
	clean_compile_args((const char *const *)argv.args, argv.nr, "/k",
			   "/k/drivers/net/foo.c", &out);
	s = joined(&out);
	CHECK_STR("flags: a kbuild command line is cleaned for clang", s,
		  "-nostdinc -I/k/./arch/x86/include -I/k/include "
		  "-include /k/./include/linux/kconfig.h -DKBUILD_MODNAME=\"foo\"");
	free(s);
	arg_list_release(&argv);
	arg_list_release(&out);
}

static void test_split(void)
{
	struct arg_list al = { 0 };
	char *s;

	CHECK("split: unbalanced quotes are an error", split_command("cc 'abc", &al) < 0);
	arg_list_release(&al);
	split_command("cc  -DA=\"x y\" 'b c' d\\ e \"\"", &al);
	CHECK("split: five words", al.nr == 5);
	s = joined(&al);
	CHECK_STR("split: quotes and escapes", s, "cc -DA=x y b c d e ");
	free(s);
	arg_list_release(&al);
}

static void test_infer(void)
{
	struct arg_list al = { 0 };
	char *s;

	infer_kernel_flags("/nonexistent", "arch/arm64/kernel/foo.c", NULL, &al);
	s = joined(&al);
	CHECK("infer: arch from an arch/ path", strstr(s, "--target=aarch64-linux-gnu") &&
	      strstr(s, "-I/nonexistent/arch/arm64/include "));
	CHECK("infer: the file's directory is searched", strstr(s, "-I/nonexistent/arch/arm64/kernel"));
	CHECK("infer: __KERNEL__ is defined", strstr(s, "-D__KERNEL__"));
	free(s);
	arg_list_release(&al);
	infer_kernel_flags("/k", "drivers/net/foo.c", "riscv", &al);
	s = joined(&al);
	CHECK("infer: --arch is used for other paths", strstr(s, "--target=riscv64-linux-gnu") &&
	      strstr(s, "-I/k/arch/riscv/include "));
	free(s);
	arg_list_release(&al);
}

int main(void)
{
	test_gcc_only();
	test_clean_args();
	test_split();
	test_infer();
	return test_failures ? 1 : 0;
}
