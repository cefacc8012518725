/* The code of an object, as validate compares it: objdump -dr read into
 * per-function instruction lists that do not depend on where the code sits
 * (addresses dropped, relocations resolved to functions and strings, local
 * branch targets as instruction numbers, independent constant loads in one
 * order), and the comparison of two of them that tells the differences a
 * conversion is expected to make from any other. */
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* What the conversions rename, old name first. 3.7 made the old names of
 * the first four aliases of the new ones; 6.17 added the last two names
 * for the same workqueues. A difference is expected only in that direction:
 * a relocation that names the old symbol before a patch and the new one
 * after it. */
const char *const identity_renames[][2] = {
	{ "flush_work_sync", "flush_work" },
	{ "flush_delayed_work_sync", "flush_delayed_work" },
	{ "system_nrt_wq", "system_wq" },
	{ "system_nrt_freezable_wq", "system_freezable_wq" },
	{ "system_wq", "system_percpu_wq" },
	{ "system_unbound_wq", "system_dfl_wq" },
	{ NULL, NULL },
};


/* An instruction without its address; branch targets keep only <sym+off>
 * (section offsets move when an earlier function changes size). */
static void add_instruction(struct strbuf *sb, const char *insn, size_t len)
{
	size_t i = 0;
	bool space = false;

	while (i < len) {
		if (isxdigit((unsigned char)insn[i]) && (i == 0 || insn[i - 1] == ' ' ||
							 insn[i - 1] == '\t')) {
			size_t j = i;

			while (j < len && isxdigit((unsigned char)insn[j]))
				j++;
			if (j + 1 < len && insn[j] == ' ' && insn[j + 1] == '<') {
				i = j + 1;
				continue;
			}
		}
		if (insn[i] == ' ' || insn[i] == '\t') {
			space = true;
			i++;
			continue;
		}
		if (space && sb->len && sb->buf[sb->len - 1] != '\n')
			strbuf_addch(sb, ' ');
		space = false;
		strbuf_addch(sb, insn[i++]);
	}
	strbuf_addch(sb, '\n');
}

/* Where the functions of each section start, to resolve relocations that
 * name a section (".text+0xa0": a static function) to the function. */
struct func_start {
	char *section;
	char *name;
	unsigned long start;
};

static void collect_starts(const char *text, struct func_start **out, size_t *nr)
{
	struct func_start *fs = NULL;
	size_t n = 0, alloc = 0;
	const char *line = text, *section = "";
	size_t section_len = 0;

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);

		if (!strncmp(line, "Disassembly of section ", 23)) {
			section = line + 23;
			section_len = len - 23 - (line[len - 1] == ':');
		} else if (isxdigit((unsigned char)line[0]) && len > 3 &&
			   line[len - 1] == ':' && line[len - 2] == '>' && strchr(line, '<')) {
			const char *lt = strchr(line, '<');

			ALLOC_GROW(fs, n, alloc);
			fs[n].section = xstrndup(section, section_len);
			fs[n].name = xstrndup(lt + 1, (size_t)(line + len - 2 - lt - 1));
			fs[n].start = strtoul(line, NULL, 16);
			n++;
		}
		line = eol ? eol + 1 : NULL;
	}
	*out = fs;
	*nr = n;
}

/* ".text+0xa0" -> "<e1000e_phc_get_syncdevicetime+0x0>"; a PC-relative
 * relocation's addend is the target minus 4 (x86-64 call, jmp, rip-relative) */
static bool resolve_section_symbol(struct strbuf *sb, const char *type, const char *sym,
				   const struct func_start *fs, size_t nr)
{
	size_t n = strcspn(sym, "+-"), i, best = nr;
	long off;
	unsigned long target;

	if (sym[0] != '.')
		return false;
	off = sym[n] ? strtol(sym + n, NULL, 16) : 0;
	if (strstr(type, "PC32") || strstr(type, "PLT32"))
		off += 4;
	if (off < 0)
		return false;
	target = (unsigned long)off;
	for (i = 0; i < nr; i++)
		if (strlen(fs[i].section) == n && !strncmp(fs[i].section, sym, n) &&
		    fs[i].start <= target && (best == nr || fs[i].start > fs[best].start))
			best = i;
	if (best == nr)
		return false;
	strbuf_addf(sb, "<%s+0x%lx>", fs[best].name, target - fs[best].start);
	return true;
}

/* The string sections of `objdump -s`, to resolve ".rodata.str1.8+0x50"
 * to the string: the pool's order follows the compiler's, not the source. */
struct string_section {
	char *name;
	struct strbuf bytes;
};

static void parse_string_sections(const char *dump, struct string_section **out, size_t *nr)
{
	struct string_section *ss = NULL;
	size_t n = 0, alloc = 0;
	const char *line = dump;
	bool in = false;

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);

		if (!strncmp(line, "Contents of section ", 20)) {
			const char *name = line + 20;
			size_t nl = len - 20 - (line[len - 1] == ':');

			in = !strncmp(name, ".rodata.str", 11);
			if (in) {
				ALLOC_GROW(ss, n, alloc);
				ss[n].name = xstrndup(name, nl);
				memset(&ss[n].bytes, 0, sizeof(ss[n].bytes));
				n++;
			}
		} else if (in && line[0] == ' ') {
			/* " 0000 48656c6c 6f000000 ...  Hello..." */
			const char *p = line + 1;
			int group;

			p += strspn(p, "0123456789abcdef");
			for (group = 0; group < 4 && *p == ' ' && p[1] != ' '; group++) {
				p++;
				while (isxdigit((unsigned char)p[0]) && isxdigit((unsigned char)p[1])) {
					char byte = (char)strtol((char[]){ p[0], p[1], 0 }, NULL, 16);

					strbuf_addch(&ss[n - 1].bytes, byte);
					p += 2;
				}
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	*out = ss;
	*nr = n;
}

static bool resolve_string(struct strbuf *sb, const char *type, const char *sym,
			   const struct string_section *ss, size_t nr)
{
	size_t n = strcspn(sym, "+-"), i, start;
	long off;

	if (strncmp(sym, ".rodata.str", 11))
		return false;
	off = sym[n] ? strtol(sym + n, NULL, 16) : 0;
	if (strstr(type, "PC32") || strstr(type, "PLT32"))
		off += 4;
	for (i = 0; i < nr; i++) {
		const struct strbuf *b = &ss[i].bytes;

		if (strlen(ss[i].name) != n || strncmp(ss[i].name, sym, n))
			continue;
		if (off < 0 || (size_t)off >= b->len)
			return false;
		for (start = (size_t)off; start > 0 && b->buf[start - 1]; start--)
			;
		strbuf_addch(sb, '"');
		for (size_t k = start; k < b->len && b->buf[k]; k++)
			strbuf_addf(sb, isprint((unsigned char)b->buf[k]) ? "%c" : "\\x%02x",
				    (unsigned char)b->buf[k]);
		strbuf_addf(sb, "\"+0x%zx", (size_t)off - start);
		return true;
	}
	return false;
}

/* A relocated instruction shows a placeholder target (the next address,
 * named after whatever symbol is nearest): drop it, the relocation says. */
static void drop_placeholder(struct strbuf *code, size_t insn)
{
	char *lt, *gt, *eol;

	if (insn >= code->len)
		return;
	/* only in the instruction's own line: the relocation lines after it
	 * hold resolved targets of their own */
	eol = strchr(code->buf + insn, '\n');
	lt = strchr(code->buf + insn, '<');
	gt = lt ? strchr(lt, '>') : NULL;
	if (!lt || !gt || (eol && gt > eol))
		return;
	if (lt > code->buf + insn && lt[-1] == ' ')
		lt--;
	if (lt > code->buf + insn && lt[-1] == '#') {
		lt--;
		if (lt > code->buf + insn && lt[-1] == ' ')
			lt--;
	}
	memmove(lt, gt + 1, code->len - (size_t)(gt + 1 - code->buf) + 1);
	code->len -= (size_t)(gt + 1 - lt);
}

static int compare_functions(const void *a, const void *b)
{
	return strcmp(((const struct vfunction *)a)->name, ((const struct vfunction *)b)->name);
}

/* One instruction with the relocation lines that follow it. */
struct insn {
	unsigned long addr;
	struct strbuf text;
};

/* The register a 32- or 64-bit general-purpose register name means, as
 * 1..16, or 0 for anything else (byte and word registers included: a run
 * holding one is left as it is). */
static int gpr_number(const char *name, size_t len)
{
	static const char *const regs[] = {
		"ax", "bx", "cx", "dx", "si", "di", "bp",
	};
	size_t i;

	if (len == 3 && (name[0] == 'r' || name[0] == 'e'))
		for (i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
			if (!strncmp(name + 1, regs[i], 2))
				return (int)i + 1;
	if (len >= 2 && name[0] == 'r' && isdigit((unsigned char)name[1])) {
		char *end;
		long n = strtol(name + 1, &end, 10);

		if (n >= 8 && n <= 15 && (end == name + len || (end == name + len - 1 && *end == 'd')))
			return (int)n + 1;
	}
	return 0;
}

/* "mov $0x18,%esi", "movabs $0x..,%rax", "xor %eax,%eax": a register set
 * to a constant, reading nothing. Returns the register, or 0. */
static int constant_load(const char *insn)
{
	const char *p = insn, *reg;
	size_t n = strcspn(p, " \n");

	if ((n == 3 && !strncmp(p, "xor", 3)) || (n == 4 && !strncmp(p, "xorl", 4))) {
		const char *comma;

		p += n;
		if (*p++ != ' ' || *p != '%')
			return 0;
		comma = strchr(p, ',');
		if (!comma || strncmp(p, comma + 1, (size_t)(comma - p)) ||
		    (comma[1 + (comma - p)] != '\n' && comma[1 + (comma - p)] != '\0'))
			return 0;
		return gpr_number(p + 1, (size_t)(comma - p - 1));
	}
	if (!((n == 3 && !strncmp(p, "mov", 3)) || (n == 4 && !strncmp(p, "movl", 4)) ||
	      (n == 4 && !strncmp(p, "movq", 4)) || (n == 6 && !strncmp(p, "movabs", 6))))
		return 0;
	p += n;
	if (strncmp(p, " $", 2))
		return 0;
	p += 2;
	p += strspn(p, "0123456789abcdefx");
	if (strncmp(p, ",%", 2))
		return 0;
	reg = p + 2;
	return gpr_number(reg, strcspn(reg, "\n"));
}

static int compare_by_register(const void *a, const void *b)
{
	int ra = constant_load(((const struct insn *)a)->text.buf);
	int rb = constant_load(((const struct insn *)b)->text.buf);

	if (ra != rb)
		return ra < rb ? -1 : 1;
	/* never equal within a run, but keep qsort total anyway */
	return ((const struct insn *)a)->addr < ((const struct insn *)b)->addr ? -1 : 1;
}

/*
 * Consecutive loads of constants into distinct registers, none of them a
 * branch target but the first, can run in any order: none reads what
 * another writes (xor reg,reg leaves the same flags whichever register it
 * clears). The compiler orders them as its scheduler likes, and a changed
 * constant changes its liking (xor is 2 bytes, mov 5), so each such run is
 * put in register order.
 */
static void order_constant_loads(struct insn *in, size_t n, const bool *target)
{
	size_t i = 0, j, k;

	while (i < n) {
		unsigned seen = 0;
		bool distinct = true;

		if (!constant_load(in[i].text.buf)) {
			i++;
			continue;
		}
		for (j = i; j < n && (j == i || !target[j]); j++) {
			int r = constant_load(in[j].text.buf);

			if (!r)
				break;
			if (seen & (1u << r))
				distinct = false;
			seen |= 1u << r;
		}
		if (distinct && j - i > 1)
			qsort(in + i, j - i, sizeof(*in), compare_by_register);
		k = j > i ? j : i + 1;
		i = k;
	}
}

static ssize_t insn_at(const struct insn *in, size_t n, unsigned long addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (in[mid].addr == addr)
			return (ssize_t)mid;
		if (in[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The address of the local branch target an instruction names ("jne
 * <f+0x2a>" inside f: start + 0x2a), and where its "<" is; false when it
 * names none. */
static bool local_target(const struct insn *in, const char *fname, unsigned long start,
			 unsigned long *addr, char **lt_out, char **end_out)
{
	size_t fl = strlen(fname);
	char *lt = strchr(in->text.buf, '<');
	char *eol = strchr(in->text.buf, '\n');
	unsigned long off = 0;
	char *end;

	if (!lt || (eol && lt > eol) || strncmp(lt + 1, fname, fl))
		return false;
	end = lt + 1 + fl;
	if (!strncmp(end, "+0x", 3))
		off = strtoul(end + 3, &end, 16);
	if (*end != '>')
		return false;
	*addr = start + off;
	if (lt_out)
		*lt_out = lt;
	if (end_out)
		*end_out = end;
	return true;
}

/* "jne <f+0x2a>" inside f -> "jne <#7>", the instruction's number: offsets
 * move when an earlier instruction changes size, numbers do not. */
static void number_targets(struct insn *in, size_t n, const char *fname, unsigned long start,
			   bool *target)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned long addr;
		char *lt, *end;
		ssize_t at;

		if (!local_target(&in[i], fname, start, &addr, &lt, &end))
			continue;
		at = insn_at(in, n, addr);
		if (at < 0)
			continue;
		target[at] = true;
		strbuf_reset(&sb);
		strbuf_add(&sb, in[i].text.buf, (size_t)(lt - in[i].text.buf));
		strbuf_addf(&sb, "<#%zd>", at);
		strbuf_addstr(&sb, end + 1);
		strbuf_release(&in[i].text);
		in[i].text = sb;
		memset(&sb, 0, sizeof(sb));
	}
}

/* The nops that pad a function to the next one's alignment: how many
 * depends on the function's size, not on what it does. */
static bool padding(const struct insn *in)
{
	const char *eol = strchr(in->text.buf, '\n');
	char *nop = strstr(in->text.buf, "nop");

	if (eol && eol[1])
		return false;	/* relocated: not padding */
	return (nop && (!eol || nop < eol)) || !strncmp(in->text.buf, "xchg %ax,%ax\n", 13);
}

/*
 * Nops that align a branch target (gcc's -falign-jumps, -falign-loops, on
 * by default outside the kernel's x86 flags): how many, and which nop
 * instruction fills them, depend on the size of the code before, so a
 * changed immediate (xor is 2 bytes, mov 5) changes them. A run of
 * unrelocated nops that nothing branches into, followed by a branch
 * target, is such padding and is dropped; other nops stay.
 */
static size_t drop_alignment(struct insn *in, size_t n, const char *fname, unsigned long start)
{
	bool *target = xcalloc(n + 1, sizeof(*target));
	size_t i, j, out = 0;

	for (i = 0; i < n; i++) {
		unsigned long addr;
		ssize_t at;

		if (local_target(&in[i], fname, start, &addr, NULL, NULL) &&
		    (at = insn_at(in, n, addr)) >= 0)
			target[at] = true;
	}
	for (i = 0; i < n; i = j) {
		bool drop;

		for (j = i; j < n && padding(&in[j]) && !target[j]; j++)
			;
		drop = j > i && j < n && target[j];
		if (j == i)
			j++;
		for (; i < j; i++) {
			if (drop)
				strbuf_release(&in[i].text);
			else
				in[out++] = in[i];
		}
	}
	free(target);
	return out;
}

static char *finish_function(const char *key, unsigned long start, struct insn *in, size_t n)
{
	const char *colon = strrchr(key, ':');
	const char *fname = colon ? colon + 1 : key;
	bool *target;
	struct strbuf code = STRBUF_INIT;
	size_t i;

	while (n && padding(&in[n - 1]))
		strbuf_release(&in[--n].text);
	n = drop_alignment(in, n, fname, start);
	target = xcalloc(n + 1, sizeof(*target));

	number_targets(in, n, fname, start, target);
	order_constant_loads(in, n, target);
	for (i = 0; i < n; i++) {
		strbuf_add(&code, in[i].text.buf, in[i].text.len);
		strbuf_release(&in[i].text);
	}
	free(target);
	if (!code.buf)
		return xstrdup("");
	return strbuf_detach(&code);
}

void disasm_parse(const char *text, const char *sections, struct vfunction **out, size_t *nr)
{
	struct string_section *strs = NULL;
	size_t nr_strs = 0;
	struct vfunction *fns = NULL;
	size_t n = 0, alloc = 0;
	struct insn *in = NULL;
	size_t nr_in = 0, alloc_in = 0;
	unsigned long start = 0;
	char *section = xstrdup("");
	const char *line = text;
	struct func_start *starts;
	size_t nr_starts;

	collect_starts(text, &starts, &nr_starts);
	if (sections)
		parse_string_sections(sections, &strs, &nr_strs);

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		const char *p = line;

		if (!strncmp(line, "Disassembly of section ", 23)) {
			free(section);
			section = xstrndup(line + 23, len - 23 - (line[len - 1] == ':'));
		} else if (isxdigit((unsigned char)line[0]) && len > 3 &&
			   line[len - 1] == ':' && line[len - 2] == '>' && strchr(line, '<')) {
			const char *lt = strchr(line, '<');
			struct strbuf name = STRBUF_INIT;

			if (n)
				fns[n - 1].code = finish_function(fns[n - 1].name, start, in, nr_in);
			nr_in = 0;
			start = strtoul(line, NULL, 16);
			strbuf_addf(&name, "%s:%.*s", section, (int)(line + len - 2 - lt - 1), lt + 1);
			ALLOC_GROW(fns, n, alloc);
			fns[n].name = strbuf_detach(&name);
			fns[n].code = NULL;
			n++;
		} else if (n) {
			unsigned long addr;

			while (*p == ' ' || *p == '\t')
				p++;
			addr = strtoul(p, NULL, 16);
			while (isxdigit((unsigned char)*p))
				p++;
			if (*p == ':' && p > line) {
				p++;
				while (*p == ' ' || *p == '\t')
					p++;
				if (!strncmp(p, "R_", 2) && nr_in) {
					struct strbuf *code = &in[nr_in - 1].text;
					const char *sym = p + strcspn(p, " \t");
					size_t tl = (size_t)(sym - p);
					char *type, *s;

					while (*sym == ' ' || *sym == '\t')
						sym++;
					type = xstrndup(p, tl);
					s = xstrndup(sym, (size_t)(line + len - sym));
					drop_placeholder(code, 0);
					strbuf_addf(code, "  reloc %s ", type);
					if (!resolve_string(code, type, s, strs, nr_strs) &&
					    !resolve_section_symbol(code, type, s, starts, nr_starts))
						strbuf_addstr(code, s);
					strbuf_addch(code, '\n');
					free(type);
					free(s);
				} else if (strncmp(p, "R_", 2)) {
					ALLOC_GROW(in, nr_in, alloc_in);
					in[nr_in].addr = addr;
					memset(&in[nr_in].text, 0, sizeof(in[nr_in].text));
					add_instruction(&in[nr_in].text, p, (size_t)(line + len - p));
					nr_in++;
				}
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	if (n)
		fns[n - 1].code = finish_function(fns[n - 1].name, start, in, nr_in);
	free(in);
	free(section);
	for (size_t i = 0; i < nr_starts; i++) {
		free(starts[i].section);
		free(starts[i].name);
	}
	free(starts);
	for (size_t i = 0; i < nr_strs; i++) {
		free(strs[i].name);
		strbuf_release(&strs[i].bytes);
	}
	free(strs);
	qsort(fns, n, sizeof(*fns), compare_functions);
	*out = fns;
	*nr = n;
}

/* --- the comparison --------------------------------------------------- */

void conversion_flags_read(const char *srcdir, struct conversion_flags *f)
{
	static const struct {
		const char *name;
		size_t offset;
	} names[] = {
		{ "WQ_PERCPU", offsetof(struct conversion_flags, percpu) },
		{ "WQ_UNBOUND", offsetof(struct conversion_flags, unbound) },
	};
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	size_t i;

	memset(f, 0, sizeof(*f));
	strbuf_addf(&path, "%s/include/linux/workqueue.h", srcdir);
	if (strbuf_read_file(&text, path.buf) < 0 || !text.buf) {
		strbuf_release(&path);
		return;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i].name);
		const char *p;

		/* "WQ_PERCPU = 1 << 8," in enum wq_flags */
		for (p = text.buf; (p = strstr(p, names[i].name)); p += n) {
			const char *q = p + n;
			unsigned long v, shift;
			char *end;

			if (p > text.buf && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
				continue;
			q += strspn(q, " \t");
			if (q[0] != '=' || q[1] == '=')
				continue;
			q += 1 + strspn(q + 1, " \t(");
			v = strtoul(q, &end, 0);
			if (end == q)
				continue;
			q = end + strspn(end, " \t");
			if (!strncmp(q, "<<", 2)) {
				q += 2 + strspn(q + 2, " \t");
				shift = strtoul(q, &end, 0);
				if (end == q || shift >= 32)
					continue;
				v <<= shift;
			}
			*(unsigned long *)((char *)f + names[i].offset) = v;
			break;
		}
	}
	strbuf_release(&path);
	strbuf_release(&text);
}

/* An instruction and its relocation lines, within a function's code. */
struct unit {
	const char *p;
	size_t len, first_len;
};

static size_t split_units(const char *code, struct unit **out)
{
	struct unit *u = NULL;
	size_t n = 0, alloc = 0;
	const char *line = code;

	while (*line) {
		const char *eol = strchr(line, '\n');
		const char *next = eol ? eol + 1 : line + strlen(line);

		if (!strncmp(line, "  reloc ", 8) && n) {
			u[n - 1].len = (size_t)(next - u[n - 1].p);
		} else {
			ALLOC_GROW(u, n, alloc);
			u[n].p = line;
			u[n].len = (size_t)(next - line);
			u[n].first_len = u[n].len;
			n++;
		}
		line = next;
	}
	*out = u;
	return n;
}

static const char *rename_of(const char *old, size_t old_len, const char *new, size_t new_len)
{
	size_t i;

	/* 64-bit powerpc's ELFv1 calls the code of f ".f" (f names its
	 * function descriptor): "bl .flush_work_sync" */
	if (old_len > 1 && new_len > 1 && old[0] == '.' && new[0] == '.') {
		old++;
		new++;
		old_len--;
		new_len--;
	}

	for (i = 0; identity_renames[i][0]; i++)
		if (strlen(identity_renames[i][0]) == old_len &&
		    !strncmp(identity_renames[i][0], old, old_len) &&
		    strlen(identity_renames[i][1]) == new_len &&
		    !strncmp(identity_renames[i][1], new, new_len))
			return identity_renames[i][0];
	return NULL;
}

/* A string literal's text, before and after, whose only difference is
 * old names for new ones: the source a WARN_ON() or drm_WARN_ON() quotes
 * ("queue_delayed_work(system_unbound_wq, ...)"). b and a point at the
 * opening quote, bl and al are what is left of their lines; the renames
 * made go to found. */
static bool renamed_string(const char *b, size_t bl, const char *a, size_t al,
			   struct strlist *found)
{
	const char *eb = NULL, *ea = NULL, *p;
	struct strbuf text = STRBUF_INIT;
	size_t i, n;
	bool ok;

	/* the closing quote: the last one, before "+0x<offset>" */
	for (p = b + 1; p + 4 <= b + bl; p++)
		if (!strncmp(p, "\"+0x", 4))
			eb = p;
	for (p = a + 1; p + 4 <= a + al; p++)
		if (!strncmp(p, "\"+0x", 4))
			ea = p;
	if (*b != '"' || *a != '"' || !eb || !ea || b + bl - eb != a + al - ea ||
	    memcmp(eb, ea, (size_t)(b + bl - eb)))
		return false;
	strbuf_add(&text, b + 1, (size_t)(eb - b - 1));
	for (i = 0; identity_renames[i][0]; i++) {
		const char *old = identity_renames[i][0], *new = identity_renames[i][1];
		size_t ol = strlen(old), at = 0;
		bool renamed = false;

		while (at < text.len && (p = strstr(text.buf + at, old))) {
			size_t pos = (size_t)(p - text.buf);
			bool word = (!pos || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
				    !(isalnum((unsigned char)p[ol]) || p[ol] == '_');

			if (word) {
				struct strbuf sb = STRBUF_INIT;

				strbuf_add(&sb, text.buf, pos);
				strbuf_addstr(&sb, new);
				strbuf_addstr(&sb, p + ol);
				strbuf_release(&text);
				text = sb;
				at = pos + strlen(new);
				renamed = true;
			} else {
				at = pos + 1;
			}
		}
		if (renamed) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "%s -> %s", old, new);
			if (!strlist_has(found, sb.buf))
				strlist_add(found, sb.buf);
			strbuf_release(&sb);
		}
	}
	n = (size_t)(ea - a - 1);
	ok = text.len == n && !memcmp(text.buf, a + 1, n);
	strbuf_release(&text);
	return ok;
}

/* The same instruction whose relocations name the same symbols but for
 * old names before and their new names after. */
static bool renamed_only(const struct unit *b, const struct unit *a, struct strlist *why)
{
	const char *pb = b->p + b->first_len, *pa = a->p + a->first_len;
	const char *eb = b->p + b->len, *ea = a->p + a->len;
	struct strlist found = { 0 };
	bool ok = true;

	if (b->first_len != a->first_len || memcmp(b->p, a->p, b->first_len))
		return false;
	while (ok && pb < eb && pa < ea) {
		size_t lb = strcspn(pb, "\n") + 1, la = strcspn(pa, "\n") + 1;
		const char *sb, *sa;
		size_t nb, na, prefix;

		if (lb == la && !memcmp(pb, pa, lb))
			goto next;
		/* "  reloc R_X86_64_PC32 system_wq-0x4" */
		sb = pb + 8 + strcspn(pb + 8, " ") + 1;
		sa = pa + 8 + strcspn(pa + 8, " ") + 1;
		prefix = (size_t)(sb - pb);
		if (prefix == (size_t)(sa - pa) && !memcmp(pb, pa, prefix) && *sb == '"') {
			if (!renamed_string(sb, lb - 1 - prefix, sa, la - 1 - prefix, &found)) {
				ok = false;
				break;
			}
			goto next;
		}
		nb = strcspn(sb, "+-\n");
		na = strcspn(sa, "+-\n");
		if (prefix != (size_t)(sa - pa) || memcmp(pb, pa, prefix) ||
		    lb - prefix - nb != la - prefix - na ||
		    memcmp(sb + nb, sa + na, lb - prefix - nb) || !rename_of(sb, nb, sa, na)) {
			ok = false;
			break;
		}
		{
			struct strbuf sbuf = STRBUF_INIT;

			strbuf_addf(&sbuf, "%.*s -> %.*s", (int)nb, sb, (int)na, sa);
			if (!strlist_has(&found, sbuf.buf))
				strlist_add(&found, sbuf.buf);
			strbuf_release(&sbuf);
		}
next:
		pb += lb;
		pa += la;
	}
	ok = ok && pb == eb && pa == ea && found.nr;
	for (size_t i = 0; ok && i < found.nr; i++)
		strlist_add(why, found.items[i]);
	strlist_release(&found);
	return ok;
}

/* Where the digits of an immediate start at line[i], or 0: x86's "$0x100",
 * arm's and sh's "#256", arm64's "#0x100", powerpc's bare operand after a
 * comma ("li r4,256", not an offset "16(r1)"). */
static size_t immediate_at(const char *line, size_t len, size_t i)
{
	size_t d;

	if ((line[i] == '$' || line[i] == '#') && i + 1 < len &&
	    isdigit((unsigned char)line[i + 1]))
		return i + 1;
	if (line[i] != ',' || i + 1 >= len || !isdigit((unsigned char)line[i + 1]))
		return 0;
	for (d = i + 1; d < len && isalnum((unsigned char)line[d]); d++)
		;
	if (d < len && line[d] != ' ' && line[d] != '\t' && line[d] != ',')
		return 0;		/* an offset, "16(r1)", or a name */
	return strtoul(line + i + 1, NULL, 0) || line[i + 1] == '0' ? i + 1 : 0;
}

/* arm's and arm64's objdump restate an immediate in a comment ("#256\t@
 * 0x100", "#0x100\t// #256"): the length of line without such a comment. */
static size_t without_number_comment(const char *line, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		const char *c = line + i;
		size_t skip;

		if (line[i] != '\t' && line[i] != ' ')
			continue;
		skip = !strncmp(c + 1, "@ ", 2) ? 3 : !strncmp(c + 1, "// #", 4) ? 5 : 0;
		if (!skip || i + skip >= len)
			continue;
		c += skip;
		if (!isdigit((unsigned char)*c))
			continue;
		while (c < line + len && isalnum((unsigned char)*c))
			c++;
		if (c == line + len) {
			while (i && (line[i - 1] == ' ' || line[i - 1] == '\t'))
				i--;
			return i;
		}
	}
	return len;
}

/* The instruction line with "xor %esi,%esi" as "mov $0x0,%esi" and every
 * immediate as "$", the immediates' values in imm[]. */
static size_t immediates(const char *line, size_t len, struct strbuf *tmpl, unsigned long *imm,
			 size_t max)
{
	struct strbuf zero = STRBUF_INIT;
	size_t n = 0, i = 0;

	if (!strncmp(line, "xor", 3) && constant_load(line)) {
		const char *comma = memchr(line, ',', len);

		strbuf_addstr(&zero, "mov $0x0,");
		strbuf_add(&zero, comma + 1, (size_t)(line + len - comma - 1));
		line = zero.buf;
		len = zero.len;
	}
	while (len && line[len - 1] == '\n')
		len--;
	len = without_number_comment(line, len);
	strbuf_reset(tmpl);
	while (i < len) {
		size_t at = immediate_at(line, len, i);

		if (at) {
			char *end;
			unsigned long v = strtoul(line + at, &end, 0);

			if (n < max)
				imm[n] = v;
			n++;
			strbuf_addch(tmpl, '$');
			i = (size_t)(end - line);
			continue;
		}
		strbuf_addch(tmpl, line[i++]);
	}
	strbuf_release(&zero);
	return n;
}

/* The same instruction but for one immediate that gained WQ_PERCPU, from
 * flags that named neither WQ_PERCPU nor WQ_UNBOUND. */
static bool percpu_added_only(const struct unit *b, const struct unit *a,
			      const struct conversion_flags *f, struct strlist *why)
{
	struct strbuf tb = STRBUF_INIT, ta = STRBUF_INIT;
	unsigned long ib[4], ia[4];
	size_t nb, na, i, differ = 0;
	bool ok;

	if (!f || !f->percpu)
		return false;
	if (b->len - b->first_len != a->len - a->first_len ||
	    memcmp(b->p + b->first_len, a->p + a->first_len, b->len - b->first_len))
		return false;
	nb = immediates(b->p, b->first_len, &tb, ib, 4);
	na = immediates(a->p, a->first_len, &ta, ia, 4);
	ok = nb == na && nb <= 4 && tb.len == ta.len && !memcmp(tb.buf, ta.buf, tb.len);
	for (i = 0; ok && i < nb; i++) {
		if (ib[i] == ia[i])
			continue;
		differ++;
		ok = ia[i] == (ib[i] | f->percpu) && !(ib[i] & (f->percpu | f->unbound));
	}
	ok = ok && differ == 1;
	if (ok)
		strlist_add(why, "| WQ_PERCPU");
	strbuf_release(&tb);
	strbuf_release(&ta);
	return ok;
}

static int compare_ulong(const void *x, const void *y)
{
	unsigned long a = *(const unsigned long *)x, b = *(const unsigned long *)y;

	return a < b ? -1 : a > b;
}

/* Every immediate of st's code (relocations aside), sorted. */
static size_t all_immediates(const struct vobject_state *st, unsigned long **out)
{
	struct strbuf tmpl = STRBUF_INIT;
	unsigned long *v = NULL;
	size_t n = 0, alloc = 0, i;

	for (i = 0; i < st->nr_functions; i++) {
		const char *line = st->functions[i].code;

		while (line && *line) {
			size_t len = strcspn(line, "\n"), k, m;
			unsigned long imm[4];

			if (strncmp(line, "  reloc ", 8)) {
				m = immediates(line, len, &tmpl, imm, 4);
				for (k = 0; k < m && k < 4; k++) {
					ALLOC_GROW(v, n, alloc);
					v[n++] = imm[k];
				}
			}
			line += len + !!line[len];
		}
	}
	strbuf_release(&tmpl);
	if (n)
		qsort(v, n, sizeof(*v), compare_ulong);
	*out = v;
	return n;
}

/* How many times x is in v[0..n) */
static size_t occurrences(const unsigned long *v, size_t n, unsigned long x)
{
	size_t c = 0, i;

	for (i = 0; i < n; i++)
		c += v[i] == x;
	return c;
}

/*
 * An immediate that joins WQ_PERCPU to WQ_UNBOUND where the code before had
 * the same flags without WQ_PERCPU: after has more of v (both flags set)
 * than before, and fewer of v less WQ_PERCPU. Counting every immediate
 * with both bits set was not enough: once gcc placed the code apart around
 * the new constant, an unrelated mask or offset with those two bits (0x3ff,
 * 0xffffffff) may come once more after than before (dm-crypt.o, crypt_ctr,
 * on v6.19 with the whole default series' configuration).
 */
bool percpu_meets_unbound(const struct vobject_state *before, const struct vobject_state *after,
			  const struct conversion_flags *flags)
{
	unsigned long *b, *a;
	size_t nb, na, i;
	bool meets = false;

	if (!flags->percpu || !flags->unbound)
		return false;
	nb = all_immediates(before, &b);
	na = all_immediates(after, &a);
	for (i = 0; i < na && !meets; i++) {
		unsigned long v = a[i], was = v & ~flags->percpu;

		if (!(v & flags->percpu) || !(v & flags->unbound) || (i && a[i - 1] == v))
			continue;
		meets = occurrences(a, na, v) > occurrences(b, nb, v) &&
			occurrences(a, na, was) < occurrences(b, nb, was);
	}
	free(b);
	free(a);
	return meets;
}

/* Whether before and after differ only as the conversion expects; what
 * they differ in goes to why. */
static bool differs_as_expected(const char *before, const char *after,
				const struct conversion_flags *f, struct strlist *why)
{
	struct unit *ub, *ua;
	size_t nb = split_units(before, &ub), na = split_units(after, &ua), i;
	bool ok = nb == na;

	for (i = 0; ok && i < nb; i++) {
		if (ub[i].len == ua[i].len && !memcmp(ub[i].p, ua[i].p, ub[i].len))
			continue;
		ok = renamed_only(&ub[i], &ua[i], why) || percpu_added_only(&ub[i], &ua[i], f, why);
	}
	free(ub);
	free(ua);
	return ok;
}

static void add_function_name(struct strlist *l, const char *key)
{
	const char *colon = strrchr(key, ':');
	const char *name = colon ? colon + 1 : key;

	if (!strlist_has(l, name))
		strlist_add(l, name);
}

void compare_code(const struct vobject_state *a, const struct vobject_state *b,
		  const struct conversion_flags *flags, struct strlist *differ,
		  struct strlist *expected)
{
	size_t i = 0, j = 0, k;

	while (i < a->nr_functions || j < b->nr_functions) {
		int c = i == a->nr_functions ? 1 : j == b->nr_functions ? -1 :
			strcmp(a->functions[i].name, b->functions[j].name);

		if (c < 0) {
			add_function_name(differ, a->functions[i++].name);
		} else if (c > 0) {
			add_function_name(differ, b->functions[j++].name);
		} else {
			const struct vfunction *fa = &a->functions[i], *fb = &b->functions[j];
			struct strlist why = { 0 };

			if (strcmp(fa->code, fb->code)) {
				if (!differs_as_expected(fa->code, fb->code, flags, &why)) {
					add_function_name(differ, fa->name);
				} else if (expected) {
					const char *colon = strrchr(fa->name, ':');

					for (k = 0; k < why.nr; k++) {
						struct strbuf sb = STRBUF_INIT;

						strbuf_addf(&sb, "%s(): %s", colon ? colon + 1 : fa->name,
							    why.items[k]);
						if (!strlist_has(expected, sb.buf))
							strlist_add(expected, sb.buf);
						strbuf_release(&sb);
					}
				}
			}
			strlist_release(&why);
			i++;
			j++;
		}
	}
}
