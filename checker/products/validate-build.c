/* Building the touched objects in the worktree and reading what came out:
 * gcc's and sparse's diagnostics per object, and the disassembly per
 * function with relocations resolved to symbol names. */
#include "lib/usage.h"
#include "products/validate-priv.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Call targets and variables the conversion renames; the comparison treats
 * each pair as one symbol (3.7 made the old one an alias of the new). */
const char *const identity_renames[][2] = {
	{ "flush_work_sync", "flush_work" },
	{ "flush_delayed_work_sync", "flush_delayed_work" },
	{ "system_nrt_wq", "system_wq" },
	{ "system_nrt_freezable_wq", "system_freezable_wq" },
	{ NULL, NULL },
};

/* The header the identity builds -include after the tree's own headers:
 * what 3.7 made the old API mean, so that both sides compile to the same
 * code when the conversion preserved the semantics. */
static const char identities_header[] =
"/* wqcheck validate: the 3.7 identities the code comparison assumes. */\n"
"%s"
"#include <linux/workqueue.h>\n"
"/* 3.7: WQ_NON_REENTRANT is a no-op, every workqueue is non-reentrant */\n"
"#undef WQ_NON_REENTRANT\n"
"#define WQ_NON_REENTRANT 0\n"
"/* schedule_work() and schedule_delayed_work() are their bodies */\n"
"#undef schedule_work\n"
"#define schedule_work(work) queue_work(system_wq, (work))\n"
"#undef schedule_delayed_work\n"
"#define schedule_delayed_work(dwork, delay) queue_delayed_work(system_wq, (dwork), (delay))\n";

static const char *map_symbol(const char *name, size_t len)
{
	size_t i;

	for (i = 0; identity_renames[i][0]; i++)
		if (strlen(identity_renames[i][0]) == len &&
		    !strncmp(identity_renames[i][0], name, len))
			return identity_renames[i][1];
	return NULL;
}

static void add_mapped_symbol(struct strbuf *sb, const char *sym)
{
	size_t n = strcspn(sym, "+-");
	const char *to = n ? map_symbol(sym, n) : NULL;

	if (to) {
		strbuf_addstr(sb, to);
		strbuf_addstr(sb, sym + n);
	} else {
		strbuf_addstr(sb, sym);
	}
}

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
	char *lt, *gt;

	if (insn >= code->len)
		return;
	lt = strchr(code->buf + insn, '<');
	gt = lt ? strchr(lt, '>') : NULL;
	if (!lt || !gt)
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

void disasm_parse(const char *text, const char *sections, struct vfunction **out, size_t *nr)
{
	struct string_section *strs = NULL;
	size_t nr_strs = 0, last_insn = (size_t)-1;

	struct vfunction *fns = NULL;
	size_t n = 0, alloc = 0;
	struct strbuf code = STRBUF_INIT;
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
				fns[n - 1].code = strbuf_detach(&code);
			last_insn = (size_t)-1;
			strbuf_addf(&name, "%s:%.*s", section, (int)(line + len - 2 - lt - 1), lt + 1);
			ALLOC_GROW(fns, n, alloc);
			fns[n].name = strbuf_detach(&name);
			fns[n].code = NULL;
			n++;
		} else if (n) {
			while (*p == ' ' || *p == '\t')
				p++;
			while (isxdigit((unsigned char)*p))
				p++;
			if (*p == ':' && p > line) {
				p++;
				while (*p == ' ' || *p == '\t')
					p++;
				if (!strncmp(p, "R_", 2)) {
					const char *sym = p + strcspn(p, " \t");
					size_t tl = (size_t)(sym - p);
					char *s;

					while (*sym == ' ' || *sym == '\t')
						sym++;
					char *type = xstrndup(p, tl);

					s = xstrndup(sym, (size_t)(line + len - sym));
					if (last_insn != (size_t)-1)
						drop_placeholder(&code, last_insn);
					strbuf_addf(&code, "  reloc %s ", type);
					if (!resolve_string(&code, type, s, strs, nr_strs) &&
					    !resolve_section_symbol(&code, type, s, starts, nr_starts))
						add_mapped_symbol(&code, s);
					free(type);
					strbuf_addch(&code, '\n');
					free(s);
				} else {
					last_insn = code.len;
					add_instruction(&code, p, (size_t)(line + len - p));
				}
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	if (n)
		fns[n - 1].code = strbuf_detach(&code);
	strbuf_release(&code);
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
	for (size_t i = 0; i < n; i++)
		if (!fns[i].code)
			fns[i].code = xstrdup("");
	qsort(fns, n, sizeof(*fns), compare_functions);
	*out = fns;
	*nr = n;
}

static void add_function_name(struct strlist *l, const char *key)
{
	const char *colon = strrchr(key, ':');
	const char *name = colon ? colon + 1 : key;

	if (!strlist_has(l, name))
		strlist_add(l, name);
}

void compare_code(const struct vobject_state *a, const struct vobject_state *b,
		  struct strlist *differ)
{
	size_t i = 0, j = 0;

	while (i < a->nr_functions || j < b->nr_functions) {
		int c = i == a->nr_functions ? 1 : j == b->nr_functions ? -1 :
			strcmp(a->functions[i].name, b->functions[j].name);

		if (c < 0) {
			add_function_name(differ, a->functions[i++].name);
		} else if (c > 0) {
			add_function_name(differ, b->functions[j++].name);
		} else {
			if (strcmp(a->functions[i].code, b->functions[j].code))
				add_function_name(differ, a->functions[i].name);
			i++;
			j++;
		}
	}
}

void vobject_state_release(struct vobject_state *st)
{
	size_t i;

	free(st->error);
	strlist_release(&st->warnings);
	strlist_release(&st->sparse_warnings);
	for (i = 0; i < st->nr_functions; i++) {
		free(st->functions[i].name);
		free(st->functions[i].code);
	}
	free(st->functions);
	memset(st, 0, sizeof(*st));
}

/* "../drivers/x.c" (kbuild O= prints sources through srctree) -> "drivers/x.c" */
static const char *strip_srctree(const char *p)
{
	while (!strncmp(p, "../", 3) || !strncmp(p, "./", 2))
		p += p[1] == '/' ? 2 : 3;
	return p;
}

static ssize_t object_of_path(struct vobject **objs, size_t nr, const char *path, size_t len)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if ((strlen(objs[i]->object) == len && !strncmp(objs[i]->object, path, len)) ||
		    (strlen(objs[i]->source) == len && !strncmp(objs[i]->source, path, len)))
			return (ssize_t)i;
	return -1;
}

/* "file:line:col: warning: msg" -> "file: warning: msg": line numbers move
 * with every patch, the message and file say what the warning is. */
static bool diagnostic(const char *line, size_t len, struct strbuf *norm, bool *is_error,
		       const char **file, size_t *file_len)
{
	const char *p = strip_srctree(line), *colon = memchr(p, ':', (size_t)(line + len - p));
	const char *rest;

	if (!colon || colon == p)
		return false;
	*file = p;
	*file_len = (size_t)(colon - p);
	rest = colon + 1;
	while (isdigit((unsigned char)*rest)) {
		while (isdigit((unsigned char)*rest))
			rest++;
		if (*rest != ':')
			return false;
		rest++;
	}
	if (*rest != ' ')
		return false;
	rest++;
	if (!strncmp(rest, "warning: ", 9))
		*is_error = false;
	else if (!strncmp(rest, "error: ", 7) || !strncmp(rest, "fatal error: ", 13))
		*is_error = true;
	else
		return false;
	strbuf_reset(norm);
	strbuf_add(norm, p, (size_t)(colon - p));
	strbuf_addstr(norm, ": ");
	strbuf_add(norm, rest, (size_t)(line + len - rest));
	return true;
}

void make_output_parse(const char *output, struct vobject **objs, size_t nr,
		       struct strlist *warnings, struct strlist *sparse, char **errors)
{
	const char *line = output;
	struct strbuf norm = STRBUF_INIT;
	ssize_t current = -1;
	bool checking = false;

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		const char *p = line, *file;
		size_t file_len;
		bool is_error;

		while (*p == ' ')
			p++;
		/* "  CC      drivers/x.o", "  CC [M]  drivers/x.o", "  CHECK   ../drivers/x.c" */
		if (p > line && (!strncmp(p, "CC ", 3) || !strncmp(p, "CHECK ", 6))) {
			const char *path = p + strcspn(p, " ");

			while (*path == ' ')
				path++;
			if (!strncmp(path, "[M]", 3))
				path += 3;
			while (*path == ' ')
				path++;
			path = strip_srctree(path);
			current = object_of_path(objs, nr, path, (size_t)(line + len - path));
			checking = *p == 'C' && p[1] == 'H';
		} else if (diagnostic(line, len, &norm, &is_error, &file, &file_len)) {
			ssize_t o = object_of_path(objs, nr, file, file_len);

			if (o < 0)
				o = current;
			if (o >= 0 && checking && sparse) {
				/* sparse's errors are diagnostics, not a failed build */
				strlist_add(&sparse[o], norm.buf);
			} else if (o >= 0) {
				if (is_error && !errors[o])
					errors[o] = xstrdup(norm.buf);
				else if (!is_error)
					strlist_add(&warnings[o], norm.buf);
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	strbuf_release(&norm);
}

static char *object_path(const struct vtree *t, const struct vobject *o)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/%s", t->objdir, o->object);
	return strbuf_detach(&sb);
}

static int write_identities(const struct vtree *t)
{
	struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT;
	FILE *fp;
	int rc = 0;

	/* Without kbuild (the corpus), CC carries the -include: it comes first
	 * on the command line, before the tree's own -include of autoconf.h. */
	strbuf_addf(&path, "%s/include/generated/autoconf.h", t->srcdir);
	strbuf_addf(&sb, identities_header,
		    !t->kbuild && !access(path.buf, R_OK) ? "#include <generated/autoconf.h>\n" : "");
	fp = fopen(t->shim, "w");
	if (!fp || fputs(sb.buf, fp) < 0)
		rc = error("%s: cannot write it", t->shim);
	if (fp && fclose(fp))
		rc = error("%s: cannot write it", t->shim);
	strbuf_release(&sb);
	strbuf_release(&path);
	return rc;
}

static int make_objects(struct vtree *t, struct vobject **objs, size_t nr, const char *extra1,
			const char *extra2, struct strbuf *out)
{
	const char **targets = xcalloc(nr + 5, sizeof(*targets));
	size_t n = 0, i;
	int rc;

	targets[n++] = "-k";
	targets[n++] = "-Otarget";
	if (extra1)
		targets[n++] = extra1;
	if (extra2)
		targets[n++] = extra2;
	for (i = 0; i < nr; i++)
		targets[n++] = objs[i]->object;
	targets[n] = NULL;
	rc = run_make_targets(t, targets, out);
	free(targets);
	return rc;
}

static void remove_objects(const struct vtree *t, struct vobject **objs, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		char *p = object_path(t, objs[i]);

		unlink(p);
		free(p);
	}
}

static int disassemble(const struct vtree *t, const struct vobject *o, struct vobject_state *st)
{
	struct strbuf out = STRBUF_INIT;
	char *p = object_path(t, o);
	int rc;

	struct strbuf sections = STRBUF_INIT;

	rc = run_commandv(NULL, &out, "objdump", "-dr", "--no-show-raw-insn", p, (char *)NULL);
	if (!rc)
		rc = run_commandv(NULL, &sections, "objdump", "-s", p, (char *)NULL);
	if (!rc)
		disasm_parse(out.buf ? out.buf : "", sections.buf, &st->functions,
			     &st->nr_functions);
	else
		error("objdump -dr %s failed: %s", p, out.buf ? out.buf : "");
	free(p);
	strbuf_release(&out);
	strbuf_release(&sections);
	return rc ? -1 : 0;
}

/* The identity build's make argument: KCFLAGS for kbuild (it follows the
 * kernel's own -include of compiler_types.h), CC elsewhere. */
static char *identities_make_arg(const struct vtree *t)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!t->kbuild) {
		strbuf_addf(&sb, "CC=gcc -include %s", t->shim);
		return strbuf_detach(&sb);
	}
	strbuf_addstr(&sb, "KCFLAGS=");
	for (i = 0; i < t->make_args.nr; i++)
		if (!strncmp(t->make_args.items[i], "KCFLAGS=", 8))
			strbuf_addf(&sb, "%s ", t->make_args.items[i] + 8);
	strbuf_addf(&sb, "-include %s", t->shim);
	return strbuf_detach(&sb);
}

int build_objects(struct vtree *t, struct vobject **all, size_t nr_all,
		  struct vobject_state *states)
{
	struct vobject **objs = xcalloc(nr_all + 1, sizeof(*objs));
	struct vobject **ids = xcalloc(nr_all + 1, sizeof(*ids));
	struct vobject_state **st = xcalloc(nr_all + 1, sizeof(*st));
	struct strlist *warn = xcalloc(nr_all + 1, sizeof(*warn));
	struct strlist *sparse = xcalloc(nr_all + 1, sizeof(*sparse));
	char **errors = xcalloc(nr_all + 1, sizeof(*errors));
	struct strbuf out = STRBUF_INIT;
	size_t nr = 0, nr_ids = 0, i;
	int rc = 0;

	for (i = 0; i < nr_all; i++) {
		memset(&states[i], 0, sizeof(states[i]));
		if (all[i]->not_built)
			continue;
		st[nr] = &states[i];
		objs[nr++] = all[i];
		if (all[i]->identities)
			ids[nr_ids++] = all[i];
	}
	if (!nr)
		goto out;

	if (nr_ids) {
		char *arg = identities_make_arg(t);

		if (write_identities(t) < 0) {
			free(arg);
			rc = -1;
			goto out;
		}
		remove_objects(t, ids, nr_ids);
		make_objects(t, ids, nr_ids, arg, NULL, &out);
		free(arg);
		for (i = 0; i < nr; i++) {
			char *p;

			if (!objs[i]->identities)
				continue;
			p = object_path(t, objs[i]);
			if (!access(p, R_OK))
				disassemble(t, objs[i], st[i]);
			free(p);
		}
		strbuf_reset(&out);
	}

	/* One make for gcc and sparse: C=1 checks every file it compiles,
	 * and every object was removed, so every one is compiled. */
	remove_objects(t, objs, nr);
	make_objects(t, objs, nr, "C=1", "CHECK=sparse", &out);
	make_output_parse(out.buf ? out.buf : "", objs, nr, warn, sparse, errors);
	for (i = 0; i < nr; i++) {
		char *p = object_path(t, objs[i]);

		st[i]->compiled = !access(p, R_OK);
		st[i]->warnings = warn[i];
		st[i]->sparse_warnings = sparse[i];
		memset(&warn[i], 0, sizeof(warn[i]));
		memset(&sparse[i], 0, sizeof(sparse[i]));
		if (!st[i]->compiled) {
			char *why = errors[i] ? errors[i] : xstrdup("make did not build it");

			errors[i] = NULL;
			/* the identity build's code belongs to a file that
			 * does not build: drop it */
			vobject_state_release(st[i]);
			st[i]->error = why;
		} else if (!objs[i]->identities) {
			disassemble(t, objs[i], st[i]);
		}
		free(p);
	}
out:
	for (i = 0; i < nr_all; i++) {
		free(errors[i]);
		strlist_release(&warn[i]);
		strlist_release(&sparse[i]);
	}
	free(errors);
	free(warn);
	free(sparse);
	free(objs);
	free(ids);
	free(st);
	strbuf_release(&out);
	return rc;
}
