/* Unit tests for validate's readers: objdump -dr into per-function code with
 * the renames mapped and section-relative relocations resolved, and make
 * output (kbuild with O=, and the corpus) into per-object diagnostics. */
#include "test-lib.h"
#include "products/validate/validate-priv.h"

#include <stdlib.h>
#include <unistd.h>

static void parse(const char *text, struct vobject_state *st)
{
	memset(st, 0, sizeof(*st));
	disasm_parse(text, NULL, &st->functions, &st->nr_functions);
}

static char *differ(const char *a, const char *b)
{
	struct vobject_state sa, sb;
	struct strlist d = { 0 };
	struct strbuf out = STRBUF_INIT;
	size_t i;

	parse(a, &sa);
	parse(b, &sb);
	compare_code(&sa, &sb, NULL, &d, NULL);
	strbuf_addstr(&out, "");
	for (i = 0; i < d.nr; i++)
		strbuf_addf(&out, "%s%s", i ? " " : "", d.items[i]);
	strlist_release(&d);
	vobject_state_release(&sa);
	vobject_state_release(&sb);
	return strbuf_detach(&out);
}

static const char old_obj[] =
"\nx.o:     file format elf64-x86-64\n\n\nDisassembly of section .text:\n\n"
"0000000000000000 <sdx_remove>:\n"
"   0:\tpush   %rbx\n"
"   1:\tcall   6 <sdx_remove+0x6>\n"
"\t\t\t2: R_X86_64_PLT32\tflush_work_sync-0x4\n"
"   6:\tmov    0x0(%rip),%rdi        # d <sdx_remove+0xd>\n"
"\t\t\t9: R_X86_64_PC32\tsystem_nrt_wq-0x4\n"
"   d:\tcall   12 <sdx_remove+0x12>\n"
"\t\t\te: R_X86_64_PLT32\t.text+0x2c\n"
"  12:\tpop    %rbx\n"
"  13:\tret\n\n"
"0000000000000030 <sdx_helper>:\n"
"  30:\tmov    $0x1,%eax\n"
"  35:\tret\n";

/* the same code after flush_work_sync -> flush_work and system_nrt_wq ->
 * system_wq, laid out 0x20 bytes further (an earlier function grew) */
static const char new_obj[] =
"\nx.o:     file format elf64-x86-64\n\n\nDisassembly of section .text:\n\n"
"0000000000000000 <sdx_probe>:\n"
"   0:\tret\n\n"
"0000000000000020 <sdx_remove>:\n"
"  20:\tpush   %rbx\n"
"  21:\tcall   26 <sdx_remove+0x6>\n"
"\t\t\t22: R_X86_64_PLT32\tflush_work-0x4\n"
"  26:\tmov    0x0(%rip),%rdi        # 2d <sdx_remove+0xd>\n"
"\t\t\t29: R_X86_64_PC32\tsystem_wq-0x4\n"
"  2d:\tcall   32 <sdx_remove+0x12>\n"
"\t\t\t2e: R_X86_64_PLT32\t.text+0x4c\n"
"  32:\tpop    %rbx\n"
"  33:\tret\n\n"
"0000000000000050 <sdx_helper>:\n"
"  50:\tmov    $0x1,%eax\n"
"  55:\tret\n";

static void test_code(void)
{
	char *d;
	struct strbuf changed = STRBUF_INIT;

	d = differ(old_obj, new_obj);
	CHECK_STR("code: renames mapped, layout shift ignored; only the new function differs",
		  d, "sdx_probe");
	free(d);

	strbuf_addstr(&changed, old_obj);
	*strstr(changed.buf, "$0x1,%eax") = '\0';
	strbuf_addstr(&changed, "$0x2,%eax\n  35:\tret\n");
	changed.len = strlen(changed.buf);
	d = differ(old_obj, changed.buf);
	CHECK_STR("code: a changed immediate names its function", d, "sdx_helper");
	free(d);
	strbuf_release(&changed);

	strbuf_addstr(&changed, old_obj);
	*strstr(changed.buf, "flush_work_sync") = 'F';
	d = differ(old_obj, changed.buf);
	CHECK_STR("code: another call target is a difference", d, "sdx_remove");
	free(d);
	strbuf_release(&changed);
}

/* The differing functions of sa and sb with the 6.17 flags, the expected
 * differences in *expected; both states released. */
static char *differ_states(struct vobject_state *sa, struct vobject_state *sb, char **expected)
{
	struct strlist d = { 0 }, e = { 0 };
	struct conversion_flags f = { .percpu = 0x100, .unbound = 0x2 };
	struct strbuf out = STRBUF_INIT, ex = STRBUF_INIT;
	size_t i;

	compare_code(sa, sb, &f, &d, &e);
	strbuf_addstr(&out, "");
	strbuf_addstr(&ex, "");
	for (i = 0; i < d.nr; i++)
		strbuf_addf(&out, "%s%s", i ? " " : "", d.items[i]);
	for (i = 0; i < e.nr; i++)
		strbuf_addf(&ex, "%s%s", i ? "; " : "", e.items[i]);
	strlist_release(&d);
	strlist_release(&e);
	vobject_state_release(sa);
	vobject_state_release(sb);
	*expected = strbuf_detach(&ex);
	return strbuf_detach(&out);
}

/* differ(), but with the 6.17 flags and the expected differences too */
static char *differ617(const char *a, const char *b, char **expected)
{
	struct vobject_state sa, sb;

	parse(a, &sa);
	parse(b, &sb);
	return differ_states(&sa, &sb, expected);
}

#define HEAD617 "\nx.o:     file format elf64-x86-64\n\n\nDisassembly of section .text:\n\n"

/* alloc_workqueue("a", 0, 0) then alloc_workqueue("b", 0x18, 1), as gcc
 * emits them before the conversion ... */
static const char alloc_before[] = HEAD617
"0000000000000000 <stats_alloc>:\n"
"   0:\tsub    $0x8,%rsp\n"
"   4:\txor    %edx,%edx\n"
"   6:\txor    %esi,%esi\n"
"   8:\tmov    $0x0,%edi\n"
"\t\t\t9: R_X86_64_32\t.rodata.str1.1\n"
"   d:\tcall   12 <stats_alloc+0x12>\n"
"\t\t\te: R_X86_64_PLT32\talloc_workqueue-0x4\n"
"  12:\ttest   %rax,%rax\n"
"  15:\tje     2a <stats_alloc+0x2a>\n"
"  17:\tmov    $0x0,%edi\n"
"\t\t\t18: R_X86_64_32\t.rodata.str1.1+0x2\n"
"  1c:\tmov    $0x1,%edx\n"
"  21:\tmov    $0x18,%esi\n"
"  26:\tcall   2b <stats_alloc+0x2b>\n"
"\t\t\t27: R_X86_64_PLT32\talloc_workqueue-0x4\n"
"  2a:\tret\n"
"  2b:\tnop\n";

/* ... and after it: | WQ_PERCPU in both, the loads scheduled otherwise,
 * the jump target further on, other padding */
static const char alloc_after[] = HEAD617
"0000000000000000 <stats_alloc>:\n"
"   0:\tsub    $0x8,%rsp\n"
"   4:\txor    %edx,%edx\n"
"   6:\tmov    $0x100,%esi\n"
"   b:\tmov    $0x0,%edi\n"
"\t\t\tc: R_X86_64_32\t.rodata.str1.1\n"
"  10:\tcall   15 <stats_alloc+0x15>\n"
"\t\t\t11: R_X86_64_PLT32\talloc_workqueue-0x4\n"
"  15:\ttest   %rax,%rax\n"
"  18:\tje     2d <stats_alloc+0x2d>\n"
"  1a:\tmov    $0x1,%edx\n"
"  1f:\tmov    $0x118,%esi\n"
"  24:\tmov    $0x0,%edi\n"
"\t\t\t25: R_X86_64_32\t.rodata.str1.1+0x2\n"
"  29:\tcall   2e <stats_alloc+0x2e>\n"
"\t\t\t2a: R_X86_64_PLT32\talloc_workqueue-0x4\n"
"  2d:\tret\n"
"  2e:\txchg   %ax,%ax\n"
"  30:\tnopl   0x0(%rax)\n";

static void replace_in(struct strbuf *sb, const char *from, const char *to)
{
	char *at = strstr(sb->buf, from);
	struct strbuf out = STRBUF_INIT;

	if (!at)
		return;
	strbuf_add(&out, sb->buf, (size_t)(at - sb->buf));
	strbuf_addstr(&out, to);
	strbuf_addstr(&out, at + strlen(from));
	strbuf_release(sb);
	*sb = out;
}

/* | WQ_PERCPU as other arches' objdump prints it: arm's "#264\t@ 0x108",
 * arm64's "#0x108 ... // #264", powerpc's "li r4,264" (cross-built objects
 * of the 6.17 fixture were reported different before these were read). */
#define ARCH_FN(insn) HEAD617 "00000000 <cross_alloc>:\n" \
	"   0:\tmov\tr2, #1\n   4:\t" insn "\n   8:\tb\t0 <alloc_wq>\n" \
	"\t\t\t8: R_ARM_JUMP24\talloc_wq\n"

static void test_other_arches(void)
{
	static const char *const cases[][4] = {
		/* name, before, after (WQ_PERCPU), after (another flag too) */
		{ "arm", "mov\tr1, #8", "mov\tr1, #264\t@ 0x108", "mov\tr1, #280\t@ 0x118" },
		{ "arm64", "mov\tw1, #0x8                   \t// #8",
		  "mov\tw1, #0x108                 \t// #264",
		  "mov\tw1, #0x118                 \t// #280" },
		{ "powerpc", "li      r4,8", "li      r4,264", "li      r4,280" },
		{ "arm, flags 0", "mov\tr1, #0", "mov\tr1, #256\t@ 0x100", "mov\tr1, #257\t@ 0x101" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf b = STRBUF_INIT, a = STRBUF_INIT, x = STRBUF_INIT, name = STRBUF_INIT;
		char *d, *e;

		strbuf_addf(&b, ARCH_FN("%s"), cases[i][1]);
		strbuf_addf(&a, ARCH_FN("%s"), cases[i][2]);
		strbuf_addf(&x, ARCH_FN("%s"), cases[i][3]);
		d = differ617(b.buf, a.buf, &e);
		strbuf_addf(&name, "%s: | WQ_PERCPU in the immediate is the expected difference",
			    cases[i][0]);
		CHECK_STR(name.buf, d, "");
		strbuf_reset(&name);
		strbuf_addf(&name, "%s: ... and is named", cases[i][0]);
		CHECK_STR(name.buf, e, "cross_alloc(): | WQ_PERCPU");
		free(d);
		free(e);
		d = differ617(b.buf, x.buf, &e);
		strbuf_reset(&name);
		strbuf_addf(&name, "%s: another flag besides WQ_PERCPU is a difference",
			    cases[i][0]);
		CHECK_STR(name.buf, d, "cross_alloc");
		free(d);
		free(e);
		strbuf_release(&b);
		strbuf_release(&a);
		strbuf_release(&x);
		strbuf_release(&name);
	}
}

static void test_conversion(void)
{
	struct strbuf b = STRBUF_INIT;
	char *d, *e;

	d = differ617(alloc_before, alloc_after, &e);
	CHECK_STR("6.17: | WQ_PERCPU through xor/mov, another schedule, a moved target, padding",
		  d, "");
	CHECK_STR("6.17: the expected difference is named", e, "stats_alloc(): | WQ_PERCPU");
	free(d);
	free(e);

	strbuf_addstr(&b, alloc_before);
	replace_in(&b, "$0x18,%esi", "$0x1a,%esi");
	strbuf_addstr(&b, "");
	d = differ617(b.buf, alloc_after, &e);
	CHECK_STR("6.17: WQ_PERCPU added to flags with WQ_UNBOUND is a difference", d, "stats_alloc");
	free(d);
	free(e);
	strbuf_release(&b);

	strbuf_addstr(&b, alloc_after);
	replace_in(&b, "$0x118,%esi", "$0x138,%esi");
	d = differ617(alloc_before, b.buf, &e);
	CHECK_STR("6.17: another flag besides WQ_PERCPU is a difference", d, "stats_alloc");
	free(d);
	free(e);
	strbuf_release(&b);

	strbuf_addstr(&b, alloc_after);
	replace_in(&b, "je     2d <stats_alloc+0x2d>", "je     1a <stats_alloc+0x1a>");
	d = differ617(alloc_before, b.buf, &e);
	CHECK_STR("code: a branch to another instruction is a difference", d, "stats_alloc");
	free(d);
	free(e);
	strbuf_release(&b);

	/* the renames, one way only */
	strbuf_addstr(&b, old_obj);
	replace_in(&b, "system_nrt_wq-0x4", "system_wq-0x4");
	replace_in(&b, "flush_work_sync-0x4", "flush_work-0x4");
	{
		struct strbuf a = STRBUF_INIT;

		strbuf_addstr(&a, b.buf);
		replace_in(&a, "system_wq-0x4", "system_percpu_wq-0x4");
		d = differ617(b.buf, a.buf, &e);
		CHECK_STR("6.17: system_wq -> system_percpu_wq is expected", d, "");
		CHECK_STR("6.17: and named", e, "sdx_remove(): system_wq -> system_percpu_wq");
		free(d);
		free(e);
		d = differ617(a.buf, b.buf, &e);
		CHECK_STR("6.17: system_percpu_wq -> system_wq is a difference", d, "sdx_remove");
		free(d);
		free(e);
		strbuf_release(&a);
		strbuf_addstr(&a, b.buf);
		replace_in(&a, "system_wq-0x4", "system_highpri_wq-0x4");
		d = differ617(b.buf, a.buf, &e);
		CHECK_STR("6.17: system_wq -> system_highpri_wq is a difference", d, "sdx_remove");
		free(d);
		free(e);
		strbuf_release(&a);
	}
	strbuf_release(&b);
}

/* alloc_workqueue("t", 0, 0) and a branch target gcc aligns (-falign-jumps,
 * as outside the kernel's x86 flags), before and after | WQ_PERCPU: the
 * 5-byte mov where a 2-byte xor was moves the target, and the alignment
 * nops before it change count and form (unb_init() of corpus/6.17) */
static const char align_before[] = HEAD617
"0000000000000000 <unb_init>:\n"
"   0:\tsub    $0x8,%rsp\n"
"   4:\txor    %edx,%edx\n"
"   6:\txor    %esi,%esi\n"
"   8:\tmov    $0x0,%edi\n"
"\t\t\t9: R_X86_64_32\t.rodata.str1.1\n"
"   d:\tcall   12 <unb_init+0x12>\n"
"\t\t\te: R_X86_64_PLT32\talloc_workqueue-0x4\n"
"  12:\ttest   %rax,%rax\n"
"  15:\tje     20 <unb_init+0x20>\n"
"  17:\txor    %eax,%eax\n"
"  19:\tadd    $0x8,%rsp\n"
"  1d:\tret\n"
"  1e:\txchg   %ax,%ax\n"
"  20:\tmov    $0xfffffff4,%eax\n"
"  25:\tjmp    19 <unb_init+0x19>\n"
"  27:\tnop\n";

static const char align_after[] = HEAD617
"0000000000000000 <unb_init>:\n"
"   0:\tsub    $0x8,%rsp\n"
"   4:\txor    %edx,%edx\n"
"   6:\tmov    $0x100,%esi\n"
"   b:\tmov    $0x0,%edi\n"
"\t\t\tc: R_X86_64_32\t.rodata.str1.1\n"
"  10:\tcall   15 <unb_init+0x15>\n"
"\t\t\t11: R_X86_64_PLT32\talloc_workqueue-0x4\n"
"  15:\ttest   %rax,%rax\n"
"  18:\tje     30 <unb_init+0x30>\n"
"  1a:\txor    %eax,%eax\n"
"  1c:\tadd    $0x8,%rsp\n"
"  20:\tret\n"
"  21:\tcs nopw 0x0(%rax,%rax,1)\n"
"  2b:\tnopl   0x0(%rax,%rax,1)\n"
"  30:\tmov    $0xfffffff4,%eax\n"
"  35:\tjmp    1c <unb_init+0x1c>\n"
"  37:\tnopw   0x0(%rax,%rax,1)\n";

static void test_alignment(void)
{
	struct strbuf b = STRBUF_INIT;
	char *d, *e;

	d = differ617(align_before, align_after, &e);
	CHECK_STR("code: other nops aligning a branch target are no difference", d, "");
	CHECK_STR("code: the | WQ_PERCPU beside them is named", e, "unb_init(): | WQ_PERCPU");
	free(d);
	free(e);

	/* a nop that nothing branches past is code: one more is a difference */
	strbuf_addstr(&b, align_after);
	replace_in(&b, "   4:\txor    %edx,%edx\n", "   3:\tnop\n   4:\txor    %edx,%edx\n");
	d = differ617(align_before, b.buf, &e);
	CHECK_STR("code: a nop added before an instruction no branch targets is a difference",
		  d, "unb_init");
	free(d);
	free(e);
	strbuf_release(&b);

	/* nops before a target, but the target itself moved */
	strbuf_addstr(&b, align_after);
	replace_in(&b, "jmp    1c <unb_init+0x1c>", "jmp    1a <unb_init+0x1a>");
	d = differ617(align_before, b.buf, &e);
	CHECK_STR("code: with alignment dropped, a branch to another instruction still differs",
		  d, "unb_init");
	free(d);
	free(e);
	strbuf_release(&b);
}

static void test_make_output(void)
{
	struct vobject a = { .object = "drivers/x/a.o", .source = "drivers/x/a.c" };
	struct vobject b = { .object = "fs/b.o", .source = "fs/b.c" };
	struct vobject *objs[] = { &a, &b };
	struct strlist warn[2] = { { 0 } }, sparse[2] = { { 0 } };
	char *errors[2] = { NULL, NULL };
	const char out[] =
		"  CC [M]  drivers/x/a.o\n"
		"../drivers/x/a.c: In function 'f':\n"
		"../drivers/x/a.c:12:7: warning: unused variable 'u' [-Wunused-variable]\n"
		"   12 |   int u;\n"
		"../include/linux/y.h:3:1: warning: header thing\n"
		"  CHECK   ../drivers/x/a.c\n"
		"../drivers/x/a.c:40:5: warning: symbol 'g' was not declared. Should it be static?\n"
		"  CC      fs/b.o\n"
		"../fs/b.c:7:1: error: expected ';' before '}' token\n";

	make_output_parse(out, objs, 2, warn, sparse, errors);
	CHECK("make output: a.o has two gcc warnings", warn[0].nr == 2);
	CHECK_STR("make output: line numbers dropped, srctree prefix too", warn[0].nr ? warn[0].items[0] : NULL,
		  "drivers/x/a.c: warning: unused variable 'u' [-Wunused-variable]");
	CHECK_STR("make output: a header's warning goes to the object being compiled",
		  warn[0].nr > 1 ? warn[0].items[1] : NULL, "include/linux/y.h: warning: header thing");
	CHECK("make output: the CHECK section is sparse's", sparse[0].nr == 1 && !sparse[1].nr);
	CHECK_STR("make output: b.o's error", errors[1], "fs/b.c: error: expected ';' before '}' token");
	CHECK("make output: no error for a.o", !errors[0]);
	strlist_release(&warn[0]);
	strlist_release(&warn[1]);
	strlist_release(&sparse[0]);
	strlist_release(&sparse[1]);
	free(errors[1]);
}

static void test_subtract(void)
{
	struct strlist before = { 0 }, after = { 0 }, out = { 0 };

	strlist_add(&before, "w1");
	strlist_add(&after, "w1");
	strlist_add(&after, "w1");
	strlist_add(&after, "w2");
	strlist_subtract(&after, &before, &out);
	CHECK("warnings: a duplicate is new, as a multiset", out.nr == 2 &&
	      !strcmp(out.items[0], "w1") && !strcmp(out.items[1], "w2"));
	strlist_release(&before);
	strlist_release(&after);
	strlist_release(&out);
}


/* objdump -s of a .rodata.str1.1 holding str (and its NUL) */
static void string_section(struct strbuf *sb, const char *str)
{
	size_t n = strlen(str) + 1, i;

	strbuf_addstr(sb, "Contents of section .rodata.str1.1:\n");
	for (i = 0; i < n; i++) {
		if (i % 16 == 0)
			strbuf_addf(sb, "%s %04zx", i ? "\n" : "", i);
		if (i % 4 == 0)
			strbuf_addch(sb, ' ');
		strbuf_addf(sb, "%02x", (unsigned char)str[i]);
	}
	strbuf_addch(sb, '\n');
}

/* A drm_WARN_ON() quoting its condition: the string of the code. */
static void warn_code(struct vobject_state *st, const char *wq, const char *quoted)
{
	struct strbuf text = STRBUF_INIT, sections = STRBUF_INIT;

	strbuf_addf(&text, HEAD617
		    "0000000000000000 <put_async>:\n"
		    "   0:\tmov    0x0(%%rip),%%rdi        # 7 <put_async+0x7>\n"
		    "\t\t\t3: R_X86_64_PC32\t%s-0x4\n"
		    "   7:\tmov    $0x0,%%rsi\n"
		    "\t\t\ta: R_X86_64_32S\t.rodata.str1.1\n"
		    "   e:\tret\n", wq);
	string_section(&sections, quoted);
	memset(st, 0, sizeof(*st));
	disasm_parse(text.buf, sections.buf, &st->functions, &st->nr_functions);
	strbuf_release(&text);
	strbuf_release(&sections);
}

static char *differ_warn(const char *quoted_after, char **expected)
{
	struct vobject_state sa, sb;

	warn_code(&sa, "system_unbound_wq",
		  "drm_WARN_ON(!queue_delayed_work(system_unbound_wq, &pd->work, 1))");
	warn_code(&sb, "system_dfl_wq", quoted_after);
	return differ_states(&sa, &sb, expected);
}

/* The source a WARN quotes is renamed with the code: the string of the
 * condition differs by exactly the new name (i915's intel_display_power.o). */
static void test_quoted_renames(void)
{
	char *d, *e;

	d = differ_warn("drm_WARN_ON(!queue_delayed_work(system_dfl_wq, &pd->work, 1))", &e);
	CHECK_STR("quoted rename: the WARN's string renamed like the code is expected", d, "");
	CHECK_STR("quoted rename: said as the rename", e,
		  "put_async(): system_unbound_wq -> system_dfl_wq");
	free(d);
	free(e);
	d = differ_warn("drm_WARN_ON(!queue_delayed_work(system_dfl_wq, &pd->work, 2))", &e);
	CHECK_STR("quoted rename: another change in the string is a difference", d, "put_async");
	free(d);
	free(e);
	d = differ_warn("drm_WARN_ON(!queue_delayed_work(system_dfl_wq_x, &pd->work, 1))", &e);
	CHECK_STR("quoted rename: only whole names are renamed", d, "put_async");
	free(d);
	free(e);
}

/* An immediate with WQ_PERCPU and WQ_UNBOUND both set that was not there
 * before: WQ_PERCPU added to an unbound workqueue. */
static void test_percpu_meets_unbound(void)
{
	struct conversion_flags f = { .percpu = 0x100, .unbound = 0x2 };
	struct vobject_state b, a, a2, c;

	parse(HEAD617 "0000000000000000 <f>:\n   0:\tmov    $0xa,%esi\n   5:\tret\n", &b);
	parse(HEAD617 "0000000000000000 <f>:\n   0:\tmov    $0x10a,%esi\n   5:\tret\n", &a);
	parse(HEAD617 "0000000000000000 <f>:\n   0:\tmov    $0x108,%esi\n"
	      "   5:\tmov    $0xa,%edx\n   a:\tret\n", &a2);
	CHECK("percpu meets unbound: 0xa -> 0x10a is said", percpu_meets_unbound(&b, &a, &f));
	CHECK("percpu meets unbound: 0x108 beside the same 0xa is not",
	      !percpu_meets_unbound(&b, &a2, &f));
	vobject_state_release(&a2);
	/* dm-crypt on v6.19: the flags built at run time gain an or $0x100,
	 * or $0x20 becomes or $0x120, and the code placed apart loads a mask
	 * with both bits once more; no flags word gained WQ_PERCPU beside
	 * WQ_UNBOUND */
	parse(HEAD617 "0000000000000000 <f>:\n   0:\tor     $0x20,%esi\n"
	      "   3:\tmov    $0xffffffff,%eax\n   8:\tret\n", &c);
	parse(HEAD617 "0000000000000000 <f>:\n   0:\tor     $0x100,%esi\n"
	      "   3:\tor     $0x120,%esi\n   6:\tmov    $0xffffffff,%eax\n"
	      "   b:\tmov    $0xffffffff,%edx\n  10:\tret\n", &a2);
	CHECK("percpu meets unbound: a mask with both bits once more is not",
	      !percpu_meets_unbound(&c, &a2, &f));
	vobject_state_release(&c);
	vobject_state_release(&a2);
	f.percpu = 0;
	CHECK("percpu meets unbound: a tree without WQ_PERCPU never",
	      !percpu_meets_unbound(&b, &a, &f));
	vobject_state_release(&b);
	vobject_state_release(&a);
}

/* The excerpt a maintainer reads: only the lines that differ, moved ones
 * as a "-" and a "+", under where they are. */
static void test_excerpt(void)
{
	struct vobject_state b, a;
	struct strbuf sb = STRBUF_INIT;

	parse(HEAD617 "0000000000000000 <probe>:\n"
	      "   0:\txor    %esi,%esi\n   2:\tmov    $0x0,%rdi\n   9:\tlea    0x20(%rbx),%r13\n"
	      "   d:\tcall   12 <probe+0x12>\n  12:\tret\n", &b);
	parse(HEAD617 "0000000000000000 <probe>:\n"
	      "   0:\tmov    $0x100,%esi\n   5:\tlea    0x20(%rbx),%r13\n   9:\tmov    $0x0,%rdi\n"
	      "  10:\tcall   15 <probe+0x15>\n  15:\tret\n", &a);
	code_excerpt(&b, &a, "probe", &sb);
	CHECK_STR("excerpt: the changed and the moved lines only", sb.buf,
		  "probe(), 5 lines of code before:\n"
		  "@@ line 1\n- xor %esi,%esi\n- mov $0x0,%rdi\n+ mov $0x100,%esi\n"
		  "@@ line 3\n+ mov $0x0,%rdi\n");
	vobject_state_release(&b);
	vobject_state_release(&a);
	/* one instruction more renumbers the branch targets after it */
	parse(HEAD617 "0000000000000000 <probe>:\n"
	      "   0:\ttest   %edi,%edi\n   2:\tje     9 <probe+0x9>\n   4:\tmov    $0x2,%esi\n"
	      "   9:\tret\n", &b);
	parse(HEAD617 "0000000000000000 <probe>:\n"
	      "   0:\ttest   %edi,%edi\n   2:\tje     f <probe+0xf>\n   4:\tmov    $0x2,%esi\n"
	      "   9:\tor     $0x100,%esi\n   f:\tret\n", &a);
	code_excerpt(&b, &a, "probe", &sb);
	CHECK_STR("excerpt: renumbered branch targets are not differences", sb.buf,
		  "probe(), 4 lines of code before:\n@@ line 3\n+ or $0x100,%esi\n");
	code_excerpt(&b, &a, "gone", &sb);
	CHECK_STR("excerpt: a function on neither side", sb.buf, "gone(): on neither side\n");
	strbuf_release(&sb);
	vobject_state_release(&b);
	vobject_state_release(&a);
}

/* 64-bit powerpc (ELFv1) calls functions by their dot symbols: the rename
 * of ".flush_work_sync" to ".flush_work" is the conversion's (hvsi.o). */
#define PPC64_CLOSE(callee)							\
	"\nhvsi.o:     file format elf64-powerpc\n\n\nDisassembly of section .text:\n\n" \
	"0000000000000000 <.hvsi_close>:\n"					\
	"   0:\t48 00 00 01 \tbl      0 <.hvsi_close>\n"			\
	"\t\t\t0: R_PPC64_REL24\t" callee "\n"					\
	"   4:\t60 00 00 00 \tnop\n"						\
	"   8:\t4e 80 00 20 \tblr\n"

static void test_dot_symbols(void)
{
	char *d, *e;

	d = differ617(PPC64_CLOSE(".flush_work_sync"), PPC64_CLOSE(".flush_work"), &e);
	CHECK_STR("ppc64 dot symbols: .flush_work_sync -> .flush_work is expected", d, "");
	CHECK_STR("ppc64 dot symbols: said as the rename", e,
		  ".hvsi_close(): .flush_work_sync -> .flush_work");
	free(d);
	free(e);
	d = differ617(PPC64_CLOSE(".flush_work_sync"), PPC64_CLOSE(".flush_workqueue"), &e);
	CHECK_STR("ppc64 dot symbols: another function is a difference", d, ".hvsi_close");
	free(d);
	free(e);
}

/* distcc's log: where each compile of a touched object ran, whatever else
 * (prepare, host tools, other files) it holds, a line still being written
 * left for the next read. */
static void test_distcc_log(void)
{
	static const char log1[] =
		"distcc[10] compile ../scripts/mod/empty.c on 127.0.0.1:4000/2 completed ok\n"
		"distcc[11] compile from ../drivers/md/dm-crypt.c to drivers/md/dm-crypt.o\n"
		"distcc[11] compile ../drivers/md/dm-crypt.c on 127.0.0.1:4000/2 completed ok\n"
		"distcc[12] (dcc_build_somewhere) Warning: failed to distribute ../fs/aio.c to "
		"127.0.0.1:4001/2, running locally instead\n"
		"distcc[12] compile ../fs/aio.c on localhost completed ok\n"
		"distcc[13] compile ../fs/aio.c on 127.0";
	static const char log2[] = ".0.1:4001/2 completed ok\n";
	char dir[] = "/tmp/wqcheck-unit-distcc-XXXXXX";
	struct vobject crypt = { .object = "drivers/md/dm-crypt.o", .source = "drivers/md/dm-crypt.c" };
	struct vobject aio = { .object = "fs/aio.o", .source = "fs/aio.c" };
	struct vobject *objs[] = { &crypt, &aio };
	struct vdistcc d = { 0 };
	struct vtree t = { .distcc = &d };
	struct strbuf path = STRBUF_INIT;
	FILE *fp;

	if (!mkdtemp(dir)) {
		CHECK("distcc log: a scratch dir", false);
		return;
	}
	strbuf_addf(&path, "%s/distcc.log", dir);
	d.log = path.buf;
	fp = fopen(path.buf, "w");
	fputs(log1, fp);
	fclose(fp);
	vdistcc_account(&t, objs, 2);
	CHECK("distcc log: the remote compile counted", crypt.remote_builds == 1 && !crypt.local_builds);
	CHECK("distcc log: the fallback counted, and the local compile",
	      aio.fallbacks == 1 && aio.local_builds == 1 && !aio.remote_builds);
	CHECK("distcc log: totals, nothing of other files", d.remote == 1 && d.local == 1 &&
	      d.fallbacks == 1);
	fp = fopen(path.buf, "a");
	fputs(log2, fp);
	fclose(fp);
	vdistcc_account(&t, objs, 2);
	CHECK("distcc log: a line finished later is read once", aio.remote_builds == 1 &&
	      d.remote == 2 && crypt.remote_builds == 1);
	unlink(path.buf);
	rmdir(dir);
	strbuf_release(&path);
}

/* What a series changes besides C sources, each file once. */
static void test_build_changes(void)
{
	struct vpatch p[2] = { 0 };
	struct vseries s = { .patches = p, .nr_patches = 2 };
	struct strlist out = { 0 };
	struct strbuf all = STRBUF_INIT;
	size_t i;

	strlist_add(&p[0].files, "drivers/md/dm-crypt.c");
	strlist_add(&p[0].files, "drivers/md/Makefile");
	strlist_add(&p[1].files, "drivers/md/dm.h");
	strlist_add(&p[1].files, "scripts/mod/modpost.c");
	strlist_add(&p[1].files, "drivers/md/Makefile");
	strlist_add(&p[1].files, "drivers/md/Kconfig");
	vtrust_build_changes(&s, &out);
	for (i = 0; i < out.nr; i++)
		strbuf_addf(&all, "%s%s", i ? " " : "", out.items[i]);
	CHECK_STR("build changes: not .c/.h, or a tool the build runs, once each", all.buf,
		  "drivers/md/Makefile scripts/mod/modpost.c drivers/md/Kconfig");
	strbuf_release(&all);
	strlist_release(&out);
	strlist_release(&p[0].files);
	strlist_release(&p[1].files);
}

int main(void)
{
	test_code();
	test_conversion();
	test_other_arches();
	test_alignment();
	test_make_output();
	test_subtract();
	test_quoted_renames();
	test_percpu_meets_unbound();
	test_excerpt();
	test_dot_symbols();
	test_distcc_log();
	test_build_changes();
	return test_failures ? 1 : 0;
}
