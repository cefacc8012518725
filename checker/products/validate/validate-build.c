/* Building the touched objects in the worktree and reading what came out:
 * gcc's and sparse's diagnostics per object, and the disassembly per
 * function with relocations resolved to symbol names. */
#include "lib/series-run.h"
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <ctype.h>
#include <errno.h>
#include <dirent.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The object of a path make or gcc printed: its object or source, also
 * under another directory's name for it (amdgpu/../amdkfd/kfd_process.o) */
static ssize_t object_of_path(struct vobject **objs, size_t nr, const char *path, size_t len)
{
	char *raw = xstrndup(path, len), *norm = NULL;
	ssize_t found = -1;
	size_t i;

	if (strstr(raw, "/../") || strstr(raw, "/./"))
		norm = vpath_normalize(raw);
	for (i = 0; i < nr && found < 0; i++)
		if (!strcmp(objs[i]->object, raw) || !strcmp(objs[i]->source, raw) ||
		    (norm && (!strcmp(objs[i]->object, norm) || !strcmp(objs[i]->source, norm))))
			found = (ssize_t)i;
	free(raw);
	free(norm);
	return found;
}

/* What make builds o as: another directory's name for it, or its own */
static const char *make_name(const struct vobject *o)
{
	return o->make_target ? o->make_target : o->object;
}

/* The source under make's name for o: what kbuild hands gcc and sparse */
static char *make_source(const struct vobject *o)
{
	char *s = xstrdup(make_name(o));

	s[strlen(s) - 1] = o->source[strlen(o->source) - 1];
	return s;
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

/*
 * Source positions. A patch that joins or splits lines moves everything
 * after it, and __LINE__ carries positions into the code: WARN_ON() passes
 * its line to warn_slowpath_*(), BUG() and pr_*() print theirs. Debug
 * information moves too, but objdump -d never reads it. So every build
 * -includes a header that makes __LINE__ say nothing about positions:
 * __COUNTER__ first, the number of the expansion, the same on both sides
 * whenever the patch adds or drops no __LINE__ (a conversion never does)
 * and still distinct where a macro pastes it into a name (3.6's
 * MODULE_AUTHOR() makes __mod_author<line>, two of them must differ).
 * A macro that expands __LINE__ twice and needs the same value twice
 * (drm_exec_until_all_locked() makes a label and jumps to it) does not
 * compile so: then 0, the same everywhere. An object that compiles with
 * neither is built as it is, and its comparison keeps the positions. The
 * choice is made at the base and kept for every patch after it.
 * "#pragma GCC system_header" keeps gcc quiet about the redefinition even
 * under -Werror (-Wno-builtin-macro-redefined does not cover __LINE__);
 * sparse keeps its own __LINE__, and its warnings lose their line numbers
 * before they are compared anyway.
 */
static const char *const positions_text[] = {
	[POSITIONS_COUNTER] = "__COUNTER__",
	[POSITIONS_CONSTANT] = "0",
};

const char *vpositions_name(enum vpositions p)
{
	switch (p) {
	case POSITIONS_COUNTER:
		return "__LINE__ as __COUNTER__";
	case POSITIONS_CONSTANT:
		return "__LINE__ as 0";
	case POSITIONS_RAW:
		break;
	}
	return "not neutralised";
}

/* Written only when it says something new: every object built -includes
 * it, and so do what the first build made of the prepared tree (bounds.s,
 * asm-offsets.s); a new mtime on every round would rebuild those on every
 * make. */
static int write_text(const char *path, const char *text)
{
	struct strbuf old = STRBUF_INIT;
	bool same = strbuf_read_file(&old, path) >= 0 && old.buf && !strcmp(old.buf, text);

	strbuf_release(&old);
	if (!same && write_whole_file(path, text, strlen(text), 0644) < 0)
		return error("%s: cannot write it", path);
	return 0;
}

/* The positions header of mode, written to the scratch directory; NULL for
 * POSITIONS_RAW. */
static char *positions_header(const struct vtree *t, enum vpositions mode)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

	if (mode == POSITIONS_RAW)
		return NULL;
	strbuf_addf(&path, "%s/wqcheck-positions-%s.h", t->scratch,
		    mode == POSITIONS_COUNTER ? "counter" : "constant");
	strbuf_addf(&text, "/* wqcheck validate: no source position in the code */\n"
		    "#pragma GCC system_header\n#undef __LINE__\n#define __LINE__ %s\n",
		    positions_text[mode]);
	if (write_text(path.buf, text.buf) < 0) {
		strbuf_release(&path);
		path.buf = NULL;
	}
	strbuf_release(&text);
	return path.buf;
}

static int write_identities(const struct vtree *t)
{
	struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT;
	int rc;

	/* Without kbuild (the corpus), CC carries the -include: it comes first
	 * on the command line, before the tree's own -include of autoconf.h. */
	strbuf_addf(&path, "%s/include/generated/autoconf.h", t->srcdir);
	strbuf_addf(&sb, identities_header,
		    !t->kbuild && !access(path.buf, R_OK) ? "#include <generated/autoconf.h>\n" : "");
	rc = write_text(t->shim, sb.buf);
	strbuf_release(&sb);
	strbuf_release(&path);
	return rc;
}

/* make -k -Otarget EXTRA... OBJECTS...; extra ends with NULL and may hold
 * NULLs before the end (size extra_nr). */
static int make_objects(struct vtree *t, struct vobject **objs, size_t nr,
			const char *const *extra, size_t extra_nr, struct strbuf *out)
{
	const char **targets = xcalloc(nr + extra_nr + 5, sizeof(*targets));
	size_t n = 0, i;
	int rc;

	targets[n++] = "-k";
	targets[n++] = "-Otarget";
	/* Every object built is removed first, so none needs kbuild's
	 * command-line check to be rebuilt; without it, what the prepared
	 * tree holds (bounds.s, asm-offsets.s, modpost) is not rebuilt for
	 * the -include this build adds, nor on every make by trees older
	 * than make 4.3 (their saved commands never compare equal with its
	 * escaping of '#'): 2 s of CPU a make on 3.6. */
	targets[n++] = "KBUILD_NOCMDDEP=1";
	/* prepare's scripts/checksyscalls.sh runs on every make (it is
	 * phony): a shell loop into gcc -E that only warns about the arch's
	 * missing syscalls, nothing an object or its verdict reads, and half
	 * of what a make costs before it compiles (2 s of CPU on 3.6, per
	 * make). Kbuild calls it cmd_syscalls in 3.6 and 6.19 alike. */
	targets[n++] = "cmd_syscalls=:";
	for (i = 0; i < extra_nr; i++)
		if (extra[i])
			targets[n++] = extra[i];
	for (i = 0; i < nr; i++)
		targets[n++] = make_name(objs[i]);
	targets[n] = NULL;
	rc = run_make_objects(t, targets, out);
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

/* One objdump per object: -s first prints every section's contents (the
 * string pools a relocation into .rodata.str* is resolved against), then
 * -dr the code. Two runs would read the object twice and cost a process
 * more each, and on 82 objects a side that is a second of CPU. */
static int disassemble(const struct vtree *t, const struct vobject *o, struct vobject_state *st)
{
	struct strbuf out = STRBUF_INIT, objdump = STRBUF_INIT;
	char *p = object_path(t, o);
	const char *code;
	int rc;

	/* another arch's object: its binutils' objdump */
	vtree_tool(t, "objdump", &objdump);
	rc = run_commandv(NULL, &out, objdump.buf, "-s", "-dr", "--no-show-raw-insn", p,
			  (char *)NULL);
	if (!rc) {
		const char *all = out.buf ? out.buf : "";

		code = strstr(all, "\nDisassembly of section ");
		code = code ? code + 1 : all + strlen(all);
		disasm_parse(code, all, &st->functions, &st->nr_functions);
	} else {
		error("%s -s -dr %s failed: %s", objdump.buf, p, out.buf ? out.buf : "");
	}
	free(p);
	strbuf_release(&objdump);
	strbuf_release(&out);
	return rc ? -1 : 0;
}

/* The make argument that adds "-include FIRST [-include SECOND]" to every
 * compile: KCFLAGS for kbuild (it follows the kernel's own -include of
 * kconfig.h and compiler_types.h), CC elsewhere (the corpus's Makefile
 * takes no KCFLAGS); the user's own KCFLAGS or CC kept in front, since the
 * last one on make's command line wins. NULL when there is nothing to add. */
static char *include_make_arg(const struct vtree *t, const char *first, const char *second)
{
	const char *var = t->kbuild ? "KCFLAGS=" : "CC=";
	const char *user = t->kbuild ? "" : t->distcc ? "distcc gcc" : "gcc";
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = strlen(var);

	if (!first && !second)
		return NULL;
	for (i = 0; i < t->make_args.nr; i++)
		if (!strncmp(t->make_args.items[i], var, n))
			user = t->make_args.items[i] + n;
	strbuf_addf(&sb, "%s%s", var, user);
	if (first)
		strbuf_addf(&sb, "%s-include %s", sb.len > n ? " " : "", first);
	if (second)
		strbuf_addf(&sb, "%s-include %s", sb.len > n ? " " : "", second);
	return strbuf_detach(&sb);
}

/* The line at line (length len), after the line before it when that one
 * is a tool's (the linker's "multiple definition" before collect2's
 * "error:"), not make's. */
static char *with_previous(const char *out, const char *line, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	const char *prev = line;

	if (prev > out) {
		for (prev = line - 1; prev > out && prev[-1] != '\n'; prev--)
			;
		if (strncmp(prev, "make", 4) && prev[0] != ' ' && prev < line - 1)
			strbuf_add(&sb, prev, (size_t)(line - 1 - prev));
	}
	strbuf_addf(&sb, "%s%.*s", sb.len ? "; " : "", (int)len, line);
	return strbuf_detach(&sb);
}

/* make's own words when no compiler diagnostic names why o was not built:
 * the "***" line that names it ("No rule to make target ...", a recipe
 * that failed); when make stopped before it ("Target 'x.o' not remade
 * because of errors": a host tool of scripts/ that does not build), the
 * first error of the run; else NULL. */
static char *make_failure(const char *out, const struct vobject *o)
{
	const char *line, *eol, *first_error = NULL, *first_stop = NULL;
	size_t first_len = 0, stop_len = 0;
	bool stopped = false;

	for (line = out; line && *line; line = eol ? eol + 1 : NULL) {
		size_t len;
		char *l;

		eol = strchr(line, '\n');
		len = eol ? (size_t)(eol - line) : strlen(line);
		l = xstrndup(line, len);
		if (strstr(l, "***") && (strstr(l, make_name(o)) || strstr(l, o->source))) {
			free(l);
			return with_previous(out, line, len);
		}
		if (strstr(l, "not remade because of errors") && strstr(l, make_name(o)))
			stopped = true;
		/* a recipe of another target that failed: make's own line,
		 * after what the recipe said */
		if (!first_stop && strstr(l, "***")) {
			first_stop = line;
			stop_len = len;
		}
		if (!first_error && (strstr(l, "error:") || strstr(l, "Error:") ||
				     strstr(l, "multiple definition of") ||
				     strstr(l, "undefined reference to"))) {
			first_error = line;
			first_len = len;
		}
		free(l);
	}
	if (stopped && (first_error || first_stop)) {
		struct strbuf sb = STRBUF_INIT;
		char *e = first_error ? with_previous(out, first_error, first_len)
				      : with_previous(out, first_stop, stop_len);

		strbuf_addf(&sb, "make stopped before it: %s", e);
		free(e);
		return strbuf_detach(&sb);
	}
	return NULL;
}

/*
 * Sparse at the reference state only where it can matter. The new sparse
 * warnings of an object are its warnings now less those of its reference
 * (the base, or the state after the patch that touched it before): an
 * object with none now has none new, whatever its reference had, and on
 * v3.6.5 two objects in three have none. So the base is built without
 * sparse, and the reference of an object that has warnings now is checked
 * afterwards, with the very command line kbuild gave sparse now (kept by
 * the CHECK wrapper below; the flags are the same at both states, the
 * positions and identities headers included), on the reference's sources.
 * The record's name is the source path without the ../ and ./ that lead
 * it, every / made a %, all by the shell's own expansions: kbuild runs the
 * wrapper for every object, and a command substitution into sed was two
 * processes more each time.
 */
static const char check_wrapper[] =
"#!/bin/sh\n"
"# wqcheck validate: sparse, its command line kept for the reference state\n"
"for src; do :; done\n"
"while :; do case $src in ../*) src=${src#../} ;; *) break ;; esac; done\n"
"src=${src#./} key=\n"
"while :; do\n"
"\tcase $src in\n"
"\t*/*) key=$key${src%%%%/*}%%; src=${src#*/} ;;\n"
"\t*) key=$key$src; break ;;\n"
"\tesac\n"
"done\n"
"printf '%%s\\000' \"$PWD\" \"$@\" >\"%s/$key\"\n"
"exec sparse \"$@\"\n";

static char *check_dir(const struct vtree *t)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/check", t->scratch);
	return strbuf_detach(&sb);
}

/* "CHECK=<scratch>/wqcheck-check" into arg, the script written first */
static int write_check_wrapper(const struct vtree *t, struct strbuf *arg)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	char *dir = check_dir(t);
	int rc = 0;

	strbuf_addf(&path, "%s/wqcheck-check", t->scratch);
	strbuf_addf(&text, check_wrapper, dir);
	if ((mkdir(dir, 0777) < 0 && errno != EEXIST) || write_text(path.buf, text.buf) < 0 ||
	    chmod(path.buf, 0755) < 0)
		rc = error("%s: cannot write it", path.buf);
	strbuf_addf(arg, "CHECK=%s", path.buf);
	free(dir);
	strbuf_release(&path);
	strbuf_release(&text);
	return rc;
}

/* One make over objs (with sparse, C=1, when sparse is set), with the
 * make arguments extra (nr_extra of them, NULL where none), then each
 * object's state: compiled, its gcc (and sparse) diagnostics or its first
 * error, and its code unless no_code[i] is set. */
static void make_and_read(struct vtree *t, struct vobject **objs, struct vobject_state **st,
			  size_t nr, const char *const *extra, size_t nr_extra, const bool *no_code,
			  bool sparse)
{
	struct strlist *warn = xcalloc(nr + 1, sizeof(*warn));
	struct strlist *sparse_out = xcalloc(nr + 1, sizeof(*sparse_out));
	char **errors = xcalloc(nr + 1, sizeof(*errors));
	const char **args = xcalloc(nr_extra + 3, sizeof(*args));
	struct strbuf out = STRBUF_INIT, check = STRBUF_INIT;
	size_t i;

	/* C=1 checks every file it compiles, and every object was
	 * removed, so every one is compiled. */
	remove_objects(t, objs, nr);
	if (sparse && write_check_wrapper(t, &check) < 0)
		sparse = false;
	args[0] = sparse ? "C=1" : NULL;
	args[1] = sparse ? check.buf : NULL;
	for (i = 0; i < nr_extra; i++)
		args[i + 2] = extra[i];
	make_objects(t, objs, nr, args, nr_extra + 2, &out);
	vdistcc_account(t, objs, nr);
	make_output_parse(out.buf ? out.buf : "", objs, nr, warn, sparse_out, errors);
	for (i = 0; i < nr; i++) {
		char *p = object_path(t, objs[i]);

		vobject_state_release(st[i]);
		st[i]->compiled = !access(p, R_OK);
		if (st[i]->compiled) {
			st[i]->sparse_checked = sparse;
			st[i]->warnings = warn[i];
			st[i]->sparse_warnings = sparse_out[i];
			memset(&warn[i], 0, sizeof(warn[i]));
			memset(&sparse_out[i], 0, sizeof(sparse_out[i]));
			if (!no_code[i])
				disassemble(t, objs[i], st[i]);
		} else {
			st[i]->error = errors[i] ? errors[i] : make_failure(out.buf ? out.buf : "", objs[i]);
			if (!st[i]->error)
				st[i]->error = xstrdup("make did not build it");
			errors[i] = NULL;
		}
		free(p);
		free(errors[i]);
		strlist_release(&warn[i]);
		strlist_release(&sparse_out[i]);
	}
	free(args);
	free(errors);
	free(warn);
	free(sparse_out);
	strbuf_release(&out);
	strbuf_release(&check);
}

static const char *object_stem(const struct vobject *o, size_t *len)
{
	const char *base = strrchr(o->object, '/');

	base = base ? base + 1 : o->object;
	*len = strlen(base) - 2;	/* ".o" */
	return base;
}

static bool same_stem(const struct vobject *a, const struct vobject *b)
{
	size_t la, lb;
	const char *sa = object_stem(a, &la), *sb = object_stem(b, &lb);

	return la == lb && !strncmp(sa, sb, la);
}

/* Does the Makefile (or Kbuild) of o's directory set CFLAGS_<stem>.o? */
static bool makefile_sets_flags(const struct vtree *t, const struct vobject *o)
{
	static const char *const files[] = { "Makefile", "Kbuild" };
	const char *dir_end = strrchr(o->object, '/');
	size_t len, i;
	const char *stem = object_stem(o, &len);
	struct strbuf var = STRBUF_INIT;
	bool sets = false;

	strbuf_addf(&var, "CFLAGS_%.*s.o", (int)len, stem);
	for (i = 0; !sets && i < sizeof(files) / sizeof(files[0]); i++) {
		struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

		strbuf_addf(&path, "%s/%.*s%s%s", t->srcdir,
			    dir_end ? (int)(dir_end - o->object) : 0, o->object,
			    dir_end ? "/" : "", files[i]);
		sets = strbuf_read_file(&text, path.buf) >= 0 && text.buf &&
		       strstr(text.buf, var.buf);
		strbuf_release(&path);
		strbuf_release(&text);
	}
	strbuf_release(&var);
	return sets;
}

/* Can o's identities ride on kbuild's per-object flags, CFLAGS_<stem>.o
 * given on make's command line, in the make that builds the others
 * plainly? Not when a Makefile of an object of objs with o's name sets
 * them (the command line would replace its value in every directory). */
static bool identities_ride(const struct vtree *t, const struct vobject *o,
			    struct vobject **objs, size_t nr)
{
	size_t i;

	/* CFLAGS_<stem>.o would not reach it: kbuild names its flags
	 * CFLAGS_../amdkfd/kfd_process.o there */
	if (!t->kbuild || o->make_target)
		return false;
	for (i = 0; i < nr; i++)
		if (same_stem(objs[i], o) && makefile_sets_flags(t, objs[i]))
			return false;
	return true;
}

/* CFLAGS_<stem>.o=... for the riders of objs with o's name: make expands
 * the value where kbuild uses it, in the directory's own make, so only
 * theirs get the -include and an object of that name in another
 * directory, built plainly, none. NULL when an earlier rider said it. */
static char *rider_flags(const struct vtree *t, struct vobject **objs, size_t nr,
			 const bool *ride, size_t k)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len, i;
	const char *stem = object_stem(objs[k], &len);

	for (i = 0; i < k; i++)
		if (ride[i] && same_stem(objs[i], objs[k]))
			return NULL;
	strbuf_addf(&sb, "CFLAGS_%.*s.o=$(if $(filter", (int)len, stem);
	for (i = k; i < nr; i++)
		if (ride[i] && same_stem(objs[i], objs[k])) {
			const char *dir_end = strrchr(objs[i]->object, '/');

			strbuf_addf(&sb, " %.*s", dir_end ? (int)(dir_end - objs[i]->object) : 1,
				    dir_end ? objs[i]->object : ".");
		}
	strbuf_addf(&sb, ",$(obj)),-include %s)", t->shim);
	return strbuf_detach(&sb);
}

/* Builds objs (none of them not_built) with their positions mode, each
 * once: those that need the identities with the identities header (their
 * code, gcc's and sparse's diagnostics all from that build, which both
 * sides of an object share), the others plainly, in one make where the
 * identities can ride on per-object flags; an object that the identities
 * keep from compiling is built again plainly, for its real error or its
 * diagnostics, and has no code to compare. Fills st[i]. */
static int build_round(struct vtree *t, struct vobject **objs, struct vobject_state **st,
		       size_t nr, enum vpositions mode, bool sparse)
{
	struct vobject **batch = xcalloc(nr + 1, sizeof(*batch));
	struct vobject_state **batch_st = xcalloc(nr + 1, sizeof(*batch_st));
	bool *no_code = xcalloc(nr + 1, sizeof(*no_code));
	bool *apart = xcalloc(nr + 1, sizeof(*apart));
	bool *ride = xcalloc(nr + 1, sizeof(*ride));
	char **extra = xcalloc(nr + 2, sizeof(*extra));
	char *positions = positions_header(t, mode);
	size_t nr_batch = 0, nr_extra = 1, nr_ids = 0, i;
	int rc = 0;

	if (mode != POSITIONS_RAW && !positions) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < nr; i++)
		nr_ids += objs[i]->identities;
	if (nr_ids && write_identities(t) < 0) {
		rc = -1;
		goto out;
	}
	/* the plain ones, and the identities that ride along */
	extra[0] = include_make_arg(t, positions, NULL);
	for (i = 0; i < nr; i++) {
		ride[i] = objs[i]->identities && identities_ride(t, objs[i], objs, nr);
		apart[i] = objs[i]->identities && !ride[i];
	}
	for (i = 0; i < nr; i++) {
		if (apart[i])
			continue;
		if (ride[i]) {
			char *arg = rider_flags(t, objs, nr, ride, i);

			if (arg)
				extra[nr_extra++] = arg;
		}
		batch_st[nr_batch] = st[i];
		batch[nr_batch++] = objs[i];
	}
	if (nr_batch)
		make_and_read(t, batch, batch_st, nr_batch, (const char *const *)extra, nr_extra,
			      no_code, sparse);
	/* the identities that cannot ride: a make of their own */
	nr_batch = 0;
	for (i = 0; i < nr; i++)
		if (apart[i]) {
			batch_st[nr_batch] = st[i];
			batch[nr_batch++] = objs[i];
		}
	if (nr_batch) {
		char *arg = include_make_arg(t, positions, t->shim);

		make_and_read(t, batch, batch_st, nr_batch, (const char *const *)&arg, 1, no_code,
			      sparse);
		free(arg);
	}
	/* the identities' failure: built plainly, for the diagnostics only
	 * (no code that compares like with like) */
	nr_batch = 0;
	for (i = 0; i < nr; i++)
		if (objs[i]->identities && !st[i]->compiled) {
			no_code[nr_batch] = true;
			batch_st[nr_batch] = st[i];
			batch[nr_batch++] = objs[i];
		}
	if (nr_batch)
		make_and_read(t, batch, batch_st, nr_batch, (const char *const *)extra, 1, no_code,
			      sparse);
out:
	for (i = 0; i < nr_extra; i++)
		free(extra[i]);
	free(extra);
	free(batch);
	free(batch_st);
	free(no_code);
	free(apart);
	free(ride);
	free(positions);
	return rc;
}

int build_objects(struct vtree *t, struct vobject **all, size_t nr_all,
		  struct vobject_state *states, bool sparse)
{
	struct vobject **objs = xcalloc(nr_all + 1, sizeof(*objs));
	struct vobject_state **st = xcalloc(nr_all + 1, sizeof(*st));
	enum vpositions mode;
	size_t nr, i;
	int rc = 0;

	for (i = 0; i < nr_all; i++)
		memset(&states[i], 0, sizeof(states[i]));
	/* the modes in order: an object that does not compile in one, and
	 * has not compiled before, tries the next */
	for (mode = POSITIONS_COUNTER; mode <= POSITIONS_RAW && !rc; mode++) {
		nr = 0;
		for (i = 0; i < nr_all; i++)
			if (!all[i]->not_built && all[i]->positions == mode) {
				st[nr] = &states[i];
				objs[nr++] = all[i];
			}
		if (!nr)
			continue;
		rc = build_round(t, objs, st, nr, mode, sparse);
		for (i = 0; i < nr && !rc; i++) {
			if (st[i]->compiled) {
				objs[i]->positions_chosen = true;
			} else if (!objs[i]->positions_chosen && mode < POSITIONS_RAW) {
				vobject_state_release(st[i]);
				objs[i]->positions = mode + 1;
			}
		}
	}
	free(objs);
	free(st);
	return rc;
}

/* The command line sparse had for source in the last build that checked
 * it: its directory, then its arguments; false when none was kept. */
static bool check_record(const struct vtree *t, const char *source, struct strbuf *rec)
{
	struct strbuf key = STRBUF_INIT, path = STRBUF_INIT;
	char *dir = check_dir(t), *p;
	bool found;

	strbuf_addf(&key, "%s", strip_srctree(source));
	for (p = key.buf; *p; p++)
		if (*p == '/')
			*p = '%';
	strbuf_addf(&path, "%s/%s", dir, key.buf);
	found = strbuf_read_file(rec, path.buf) >= 0 && rec->len;
	if (!found) {
		/* an absolute source path: the key is its tail */
		DIR *d = opendir(dir);
		struct dirent *de;
		size_t n;

		while (d && !found && (de = readdir(d))) {
			n = strlen(de->d_name);
			if (n > key.len && de->d_name[n - key.len - 1] == '%' &&
			    !strcmp(de->d_name + n - key.len, key.buf)) {
				strbuf_reset(&path);
				strbuf_addf(&path, "%s/%s", dir, de->d_name);
				strbuf_reset(rec);
				found = strbuf_read_file(rec, path.buf) >= 0 && rec->len;
			}
		}
		if (d)
			closedir(d);
	}
	free(dir);
	strbuf_release(&key);
	strbuf_release(&path);
	return found;
}

static bool needs_reference(const struct vobject *o, const struct vobject_state *now)
{
	return now->compiled && now->sparse_warnings.nr && o->state.compiled &&
	       !o->state.sparse_checked && o->state_commit;
}

/* sparse on objs[idx[0..n)] with the worktree at their references' commit */
static void check_references(struct vtree *host, struct vobject **objs, const size_t *idx,
			     size_t n)
{
	static const char *const english[] = { "LC_ALL=C", NULL };
	struct series_job *jobs = xcalloc(n + 1, sizeof(*jobs));
	struct strbuf *recs = xcalloc(n + 1, sizeof(*recs));
	struct strbuf *outs = xcalloc(n + 1, sizeof(*outs));
	const char ***argvs = xcalloc(n + 1, sizeof(*argvs));
	const char ***wrapped = xcalloc(n + 1, sizeof(*wrapped));
	size_t k, nr_jobs = 0;

	for (k = 0; k < n; k++) {
		const char *p, *end;
		size_t argc = 0;
		char *source = make_source(objs[idx[k]]);
		bool kept = check_record(host, source, &recs[k]);

		free(source);
		if (!kept)
			continue;
		end = recs[k].buf + recs[k].len;
		for (p = recs[k].buf; p < end; p += strlen(p) + 1)
			argc++;
		argvs[k] = xcalloc(argc + 2, sizeof(*argvs[k]));
		argvs[k][0] = "sparse";
		argc = 1;
		p = recs[k].buf;
		jobs[nr_jobs].dir = p;
		for (p += strlen(p) + 1; p < end; p += strlen(p) + 1)
			argvs[k][argc++] = p;
		/* sparse reads what the sources #include: in the sandbox */
		jobs[nr_jobs].argv = wrapped[k] = vsandbox_argv(host, argvs[k]);
		jobs[nr_jobs].env = english;
		jobs[nr_jobs].out = jobs[nr_jobs].err = &outs[k];
		nr_jobs++;
	}
	series_run_jobs(jobs, nr_jobs, host->jobs > 0 ? host->jobs : 1);
	for (k = 0; k < n; k++) {
		struct vobject *o = objs[idx[k]];
		struct strlist warn = { 0 }, sparse = { 0 };
		struct strbuf text = STRBUF_INIT;
		char *err = NULL;

		if (!argvs[k])
			continue;	/* no command kept: its warnings all count as new */
		/* as make shows it, for the same attribution */
		strbuf_addf(&text, "  CHECK   %s\n%s", o->source, outs[k].buf ? outs[k].buf : "");
		make_output_parse(text.buf, &o, 1, &warn, &sparse, &err);
		strlist_release(&o->state.sparse_warnings);
		o->state.sparse_warnings = sparse;
		o->state.sparse_checked = true;
		strlist_release(&warn);
		free(err);
		strbuf_release(&text);
	}
	for (k = 0; k < n; k++) {
		free(argvs[k]);
		free(wrapped[k]);
		strbuf_release(&recs[k]);
		strbuf_release(&outs[k]);
	}
	free(argvs);
	free(wrapped);
	free(recs);
	free(outs);
	free(jobs);
}

void sparse_references(struct vtree *host, struct vobject **objs,
		       const struct vobject_state *now, size_t nr)
{
	size_t *idx = xcalloc(nr + 1, sizeof(*idx));
	bool *done = xcalloc(nr + 1, sizeof(*done));
	size_t i, j, n;

	for (i = 0; i < nr; i++) {
		const char *commit;
		char *diff;

		if (done[i] || !needs_reference(objs[i], &now[i]))
			continue;
		/* every object with the same reference commit at once */
		commit = objs[i]->state_commit;
		for (j = i, n = 0; j < nr; j++)
			if (!done[j] && needs_reference(objs[j], &now[j]) &&
			    !strcmp(objs[j]->state_commit, commit)) {
				done[j] = true;
				idx[n++] = j;
			}
		vtree_progress(host, "sparse at %.12s: %zu object%s with sparse warnings now", commit,
			       n, n == 1 ? "" : "s");
		diff = vtree_files_at(host, commit);
		if (!diff)
			continue;	/* said why; their warnings all count as new */
		check_references(host, objs, idx, n);
		vtree_files_back(host, diff);
		free(diff);
	}
	free(idx);
	free(done);
}

int build_by_tree(struct vtree *host, struct vobject **objs, size_t nr,
		  struct vobject_state *states, bool sparse)
{
	struct vobject **sub = xcalloc(nr + 1, sizeof(*sub));
	struct vobject_state *st = xcalloc(nr + 1, sizeof(*st));
	size_t *where = xcalloc(nr + 1, sizeof(*where));
	size_t k, i, n;
	int rc = 0;

	for (k = 0; k <= host->nr_targets; k++) {
		struct vtree *t = k ? host->targets[k - 1] : NULL;

		for (i = n = 0; i < nr; i++)
			if (objs[i]->tree == t) {
				where[n] = i;
				sub[n++] = objs[i];
			}
		if (!n)
			continue;
		if (t)
			vtree_progress(host, "ARCH=%s (%s): building %zu object%s", t->arch,
				       t->defconfig, n, n == 1 ? "" : "s");
		if (build_objects(t ? t : host, sub, n, st, sparse) < 0 && !t)
			rc = -1;
		for (i = 0; i < n; i++)
			states[where[i]] = st[i];
	}
	free(sub);
	free(st);
	free(where);
	return rc;
}
