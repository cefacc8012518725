/*
 * Objects that another directory's Makefile lists. kbuild builds
 * virt/kvm/eventfd.o inside arch/x86/kvm/ (its Makefile includes
 * virt/kvm/Makefile.kvm, whose kvm-y names $(KVM)/eventfd.o with
 * KVM = ../../../virt/kvm), amdkfd's objects inside amdgpu/ (AMDKFD_FILES
 * from an included Makefile), nouveau's dispnv50/disp.o from an included
 * Kbuild file. No Makefile of the object's own directory has a rule for
 * it; make builds it only under the name the listing directory gives it,
 * arch/x86/kvm/../../../virt/kvm/eventfd.o, with that directory's flags
 * and gates.
 *
 * So the Makefiles that include others are read here as make would read
 * them, far enough to know their lists: variables (recursive and simple),
 * $(src) and $(srctree), addprefix/addsuffix, include lines, and the
 * ifdef/ifneq blocks around a list, whose CONFIG_ symbols gate it. Every
 * branch is read (the gates say which the configuration takes); functions
 * this does not know expand to nothing, so a list it cannot read is not
 * found rather than found wrongly, and make has the last word when it
 * builds the target.
 */
#include "lib/usage.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"

#include <stdlib.h>
#include <string.h>

#define MAX_INCLUDE_DEPTH 8
#define MAX_FILES 400
#define MAX_EXPANSION 16

struct mkvar {
	char *name;
	char *value;
	bool simple;			/* := : expanded when set */
};

struct mkeval {
	const char *srcdir;
	const char *dir;		/* the directory whose Makefile is read */
	const char *object;		/* what is looked for, normalised */
	struct mkvar *vars;
	size_t nr_vars, alloc_vars;
	struct strlist conds;		/* per open block: its symbol, or "" */
	struct strlist included;	/* files read through include lines */
	size_t files;
	bool found;
	char *target;			/* dir/word as make names it */
	char *list;			/* the list's base: kvm in kvm-y */
	struct strlist gates;
};

/* "a/b/../c/./d" -> "a/c/d"; a leading "./" goes. */
char *vpath_normalize(const char *path)
{
	struct strlist parts = { 0 };
	struct strbuf out = STRBUF_INIT;
	const char *p = path;
	size_t i;

	while (*p) {
		size_t n = strcspn(p, "/");
		char *part = xstrndup(p, n);

		if (!strcmp(part, "..") && parts.nr && strcmp(parts.items[parts.nr - 1], "..")) {
			free(parts.items[--parts.nr]);
			free(part);
		} else if (!n || !strcmp(part, ".")) {
			free(part);
		} else {
			strlist_add_nodup(&parts, part);
		}
		p += n;
		while (*p == '/')
			p++;
	}
	for (i = 0; i < parts.nr; i++)
		strbuf_addf(&out, "%s%s", i ? "/" : "", parts.items[i]);
	strlist_release(&parts);
	if (!out.buf)
		strbuf_addstr(&out, "");
	return strbuf_detach(&out);
}

static struct mkvar *var_find(struct mkeval *ev, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < ev->nr_vars; i++)
		if (strlen(ev->vars[i].name) == len && !strncmp(ev->vars[i].name, name, len))
			return &ev->vars[i];
	return NULL;
}

static void expand(struct mkeval *ev, const char *text, size_t len, struct strbuf *out,
		   int depth);

/* The end of the $( that starts at p (p points after it): its ')' */
static const char *ref_end(const char *p, const char *end)
{
	int level = 1;

	for (; p < end; p++) {
		if (*p == '(')
			level++;
		else if (*p == ')' && !--level)
			return p;
	}
	return NULL;
}

/* The words of text, expanded, each with prefix before and suffix after */
static void affix_words(const char *prefix, const char *suffix, const char *words,
			struct strbuf *out)
{
	const char *p = words;
	bool first = true;

	while (*p) {
		size_t n;

		p += strspn(p, " \t");
		n = strcspn(p, " \t");
		if (!n)
			break;
		strbuf_addf(out, "%s%s%.*s%s", first ? "" : " ", prefix, (int)n, p, suffix);
		first = false;
		p += n;
	}
}

/* $(name ...) or $(name), body the text between the parentheses */
static void expand_ref(struct mkeval *ev, const char *body, size_t len, struct strbuf *out,
		       int depth)
{
	size_t name_len = strcspn(body, " \t)");
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	const struct mkvar *v;

	if (name_len > len)
		name_len = len;
	if (name_len < len && (!strncmp(body, "addprefix ", 10) ||
			       !strncmp(body, "addsuffix ", 10))) {
		const char *args = body + 10, *end = body + len, *comma;
		int level = 0;

		while (args < end && (*args == ' ' || *args == '\t'))
			args++;
		comma = args;

		/* the comma between the two arguments, outside $(...) */
		for (; comma < end; comma++) {
			if (*comma == '(')
				level++;
			else if (*comma == ')')
				level--;
			else if (*comma == ',' && !level)
				break;
		}
		if (comma < end) {
			expand(ev, args, (size_t)(comma - args), &a, depth + 1);
			expand(ev, comma + 1, (size_t)(end - comma - 1), &b, depth + 1);
			if (body[3] == 'p')
				affix_words(a.buf ? a.buf : "", "", b.buf ? b.buf : "", out);
			else
				affix_words("", a.buf ? a.buf : "", b.buf ? b.buf : "", out);
		}
	} else if (name_len == len) {
		if ((len == 3 && (!strncmp(body, "src", 3) || !strncmp(body, "obj", 3))))
			strbuf_addstr(out, ev->dir);
		else if ((len == 7 && !strncmp(body, "srctree", 7)) ||
			 (len == 7 && !strncmp(body, "srcroot", 7)))
			strbuf_addstr(out, ".");
		else if ((v = var_find(ev, body, len)) != NULL && v->simple)
			strbuf_addstr(out, v->value);
		else if (v)
			expand(ev, v->value, strlen(v->value), out, depth + 1);
	}
	/* another function: nothing, so that no wrong name is made */
	strbuf_release(&a);
	strbuf_release(&b);
}

static void expand(struct mkeval *ev, const char *text, size_t len, struct strbuf *out,
		   int depth)
{
	const char *p = text, *end = text + len;

	if (depth > MAX_EXPANSION)
		return;
	while (p < end) {
		if (p[0] == '$' && p + 1 < end && p[1] == '(') {
			const char *close = ref_end(p + 2, end);

			if (!close)
				return;
			expand_ref(ev, p + 2, (size_t)(close - p - 2), out, depth);
			p = close + 1;
		} else if (p[0] == '$' && p + 1 < end && p[1] == '$') {
			strbuf_addch(out, '$');
			p += 2;
		} else {
			strbuf_addch(out, *p++);
		}
	}
	if (!out->buf)
		strbuf_addstr(out, "");
}

static void set_var(struct mkeval *ev, const char *name, const char *op, const char *value)
{
	struct mkvar *v = var_find(ev, name, strlen(name));
	struct strbuf sb = STRBUF_INIT;
	bool simple = !strcmp(op, ":=") || !strcmp(op, "::=");

	if (v && !strcmp(op, "?="))
		return;
	if (!v) {
		ALLOC_GROW(ev->vars, ev->nr_vars, ev->alloc_vars);
		v = &ev->vars[ev->nr_vars++];
		v->name = xstrdup(name);
		v->value = xstrdup("");
		v->simple = simple;
	}
	if (!strcmp(op, "+=")) {
		strbuf_addf(&sb, "%s%s", v->value, *v->value ? " " : "");
		if (v->simple)
			expand(ev, value, strlen(value), &sb, 0);
		else
			strbuf_addstr(&sb, value);
	} else {
		v->simple = simple;
		if (simple)
			expand(ev, value, strlen(value), &sb, 0);
		else
			strbuf_addstr(&sb, value);
	}
	free(v->value);
	v->value = strbuf_detach(&sb);
	if (!v->value)
		v->value = xstrdup("");
}

/* "kvm-y", "kvm-$(CONFIG_KVM_VFIO)", "obj-m", "foo-objs": a kbuild list;
 * its base and gate symbol (NULL when none) */
static bool kbuild_list(const char *lhs, char **base, char **sym)
{
	const char *cfg = strstr(lhs, "-$(CONFIG_"), *dash = strrchr(lhs, '-');

	*sym = NULL;
	if (cfg && cfg[10 + strcspn(cfg + 10, ")")] == ')' &&
	    !cfg[11 + strcspn(cfg + 10, ")")]) {
		*sym = xstrndup(cfg + 10, strcspn(cfg + 10, ")"));
		*base = xstrndup(lhs, (size_t)(cfg - lhs));
		return true;
	}
	if (!strchr(lhs, '$') && dash &&
	    (!strcmp(dash, "-y") || !strcmp(dash, "-m") || !strcmp(dash, "-objs"))) {
		*base = xstrndup(lhs, (size_t)(dash - lhs));
		return true;
	}
	return false;
}

static void note_found(struct mkeval *ev, const char *word, const char *base, const char *sym)
{
	size_t i;

	ev->found = true;
	ev->target = vpath_normalize(ev->dir);
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s/%s", ev->target, word);
		free(ev->target);
		ev->target = strbuf_detach(&sb);
	}
	ev->list = xstrdup(base);
	if (sym)
		strlist_add(&ev->gates, sym);
	for (i = 0; i < ev->conds.nr; i++)
		if (*ev->conds.items[i] && !strlist_has(&ev->gates, ev->conds.items[i]))
			strlist_add(&ev->gates, ev->conds.items[i]);
}

static void list_line(struct mkeval *ev, const char *lhs, const char *rhs)
{
	char *base, *sym;
	struct strbuf words = STRBUF_INIT;
	const char *p;

	if (!kbuild_list(lhs, &base, &sym))
		return;
	expand(ev, rhs, strlen(rhs), &words, 0);
	for (p = words.buf; p && *p && !ev->found;) {
		size_t n;

		p += strspn(p, " \t");
		n = strcspn(p, " \t");
		if (n > 2 && !strncmp(p + n - 2, ".o", 2)) {
			struct strbuf full = STRBUF_INIT;
			char *norm;

			strbuf_addf(&full, "%s/%.*s", ev->dir, (int)n, p);
			norm = vpath_normalize(full.buf);
			if (!strcmp(norm, ev->object)) {
				char *word = xstrndup(p, n);

				note_found(ev, word, base, sym);
				free(word);
			}
			free(norm);
			strbuf_release(&full);
		}
		p += n;
	}
	strbuf_release(&words);
	free(base);
	free(sym);
}

/* The symbol an ifdef/ifneq/ifeq line requires, "" when it is none that
 * this can name (a negation, another test). */
static char *condition_symbol(const char *line)
{
	const char *p;

	if (!strncmp(line, "ifdef ", 6)) {
		p = line + 6;
		p += strspn(p, " \t");
		if (!strncmp(p, "CONFIG_", 7))
			return xstrndup(p + 7, strcspn(p + 7, " \t"));
		return xstrdup("");
	}
	/* ifneq ($(CONFIG_X),) ifneq ($(CONFIG_X),n) ifeq ($(CONFIG_X),y) */
	p = strstr(line, "($(CONFIG_");
	if (p && (!strncmp(line, "ifneq", 5) || !strncmp(line, "ifeq", 4))) {
		size_t n = strcspn(p + 10, ")");
		const char *after = p + 10 + n + 1;

		if ((!strncmp(line, "ifneq", 5) && (!strncmp(after, ",)", 2) ||
						    !strncmp(after, ",n)", 3))) ||
		    (!strncmp(line, "ifeq", 4) && (!strncmp(after, ",y)", 3) ||
						   !strncmp(after, ",m)", 3))))
			return xstrndup(p + 10, n);
	}
	return xstrdup("");
}

static void read_makefile(struct mkeval *ev, const char *rel, int depth);

static void include_line(struct mkeval *ev, const char *args, int depth)
{
	struct strbuf files = STRBUF_INIT;
	const char *p;

	expand(ev, args, strlen(args), &files, 0);
	for (p = files.buf; p && *p;) {
		size_t n;

		p += strspn(p, " \t");
		n = strcspn(p, " \t");
		if (n) {
			char *word = xstrndup(p, n);
			char *rel = vpath_normalize(word);

			/* kbuild's own (scripts/Makefile.*) and generated files
			 * list no object */
			if (*rel && strncmp(rel, "scripts/", 8) && strncmp(rel, "include/", 8) &&
			    rel[0] != '/' && strncmp(rel, "../", 3)) {
				if (!strlist_has(&ev->included, rel))
					strlist_add(&ev->included, rel);
				read_makefile(ev, rel, depth + 1);
			}
			free(rel);
			free(word);
		}
		p += n;
	}
	strbuf_release(&files);
}

static bool directive(const char *line, const char *word)
{
	size_t n = strlen(word);

	return !strncmp(line, word, n) && (!line[n] || line[n] == ' ' || line[n] == '\t');
}

static void read_line(struct mkeval *ev, char *line, int depth)
{
	char *eq, *colon, *lhs, *end;
	const char *op;

	while (*line == ' ' || *line == '\t')
		line++;
	if (directive(line, "ifdef") || directive(line, "ifndef") || directive(line, "ifeq") ||
	    directive(line, "ifneq")) {
		bool negated = !strncmp(line, "ifndef", 6);

		strlist_add_nodup(&ev->conds, negated ? xstrdup("") : condition_symbol(line));
		return;
	}
	if (directive(line, "else")) {
		/* the other branch of a gate is no gate */
		if (ev->conds.nr) {
			free(ev->conds.items[ev->conds.nr - 1]);
			ev->conds.items[ev->conds.nr - 1] = xstrdup("");
		}
		return;
	}
	if (directive(line, "endif")) {
		if (ev->conds.nr)
			free(ev->conds.items[--ev->conds.nr]);
		return;
	}
	if (directive(line, "include") || directive(line, "-include") ||
	    directive(line, "sinclude")) {
		include_line(ev, line + strcspn(line, " \t"), depth);
		return;
	}
	eq = strchr(line, '=');
	colon = strchr(line, ':');
	if (!eq || eq == line)
		return;
	/* a rule (a target-specific assignment too), not := or ::= */
	if (colon && colon < eq && colon != eq - 1 && !(colon == eq - 2 && colon[1] == ':'))
		return;
	op = "=";
	end = eq;
	if (eq[-1] == '+' || eq[-1] == '?' || eq[-1] == ':') {
		end = eq - 1;
		op = eq[-1] == '+' ? "+=" : eq[-1] == '?' ? "?=" : ":=";
		if (eq[-1] == ':' && eq - 1 > line && eq[-2] == ':')
			end = eq - 2;
	}
	*end = '\0';
	lhs = line;
	while (end > lhs && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
	eq++;
	while (*eq == ' ' || *eq == '\t')
		eq++;
	if (!*lhs)
		return;
	list_line(ev, lhs, eq);
	if (!strchr(lhs, '$') && !strchr(lhs, ' '))
		set_var(ev, lhs, op, eq);
}

static void read_makefile(struct mkeval *ev, const char *rel, int depth)
{
	struct strbuf path = STRBUF_INIT;
	char *text, *line, *save = NULL;
	size_t conds = ev->conds.nr;

	if (depth > MAX_INCLUDE_DEPTH || ev->files++ > MAX_FILES)
		return;
	strbuf_addf(&path, "%s/%s", ev->srcdir, rel);
	text = makefile_read_file(path.buf);
	strbuf_release(&path);
	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line && !ev->found;
	     line = strtok_r(NULL, "\n", &save))
		read_line(ev, line, depth);
	/* a file that leaves a block open closes it when it ends */
	while (ev->conds.nr > conds)
		free(ev->conds.items[--ev->conds.nr]);
	free(text);
}

static void mkeval_release(struct mkeval *ev)
{
	size_t i;

	for (i = 0; i < ev->nr_vars; i++) {
		free(ev->vars[i].name);
		free(ev->vars[i].value);
	}
	free(ev->vars);
	strlist_release(&ev->conds);
	strlist_release(&ev->included);
	strlist_release(&ev->gates);
	free(ev->target);
	free(ev->list);
}

/* The Makefiles and Kbuild files of the tree that include another or name
 * an object up a ../ path, once a tree: the only ones whose lists can name
 * another directory's object. Relative to srcdir. */
static const struct strlist *including_makefiles(const char *srcdir)
{
	static struct strlist found;
	static char *for_srcdir;
	struct strbuf out = STRBUF_INIT;
	char *line, *save = NULL;

	if (for_srcdir && !strcmp(for_srcdir, srcdir))
		return &found;
	strlist_release(&found);
	free(for_srcdir);
	for_srcdir = xstrdup(srcdir);
	if (run_commandv(srcdir, &out, "grep", "-rlE", "--include=Makefile",
			 "--include=Kbuild", "^[[:space:]]*-?include[[:space:]]|\\.\\./[^ ]*\\.o",
			 ".", (char *)NULL) > 1) {
		strbuf_release(&out);
		return &found;
	}
	for (line = strtok_r(out.buf ? out.buf : (char *)"", "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *rel = vpath_normalize(line);

		if (strchr(rel, '/') && strncmp(rel, "tools/", 6) && strncmp(rel, "scripts/", 8) &&
		    strncmp(rel, "Documentation/", 14) && strncmp(rel, "samples/", 8) &&
		    strncmp(rel, "usr/", 4))
			strlist_add(&found, rel);
		free(rel);
	}
	strbuf_release(&out);
	return &found;
}

/* Is the directory of a Makefile what kbuild reads there? A Makefile
 * beside a Kbuild file is not. */
static bool makefile_of_dir(const char *srcdir, const char *rel)
{
	const char *slash = strrchr(rel, '/');
	struct strbuf kbuild = STRBUF_INIT;
	char *r;
	bool yes = true;

	if (!strcmp(slash + 1, "Makefile")) {
		strbuf_addf(&kbuild, "%s/%.*sKbuild", srcdir, (int)(slash - rel + 1), rel);
		r = makefile_read_file(kbuild.buf);
		yes = !r;
		free(r);
		strbuf_release(&kbuild);
	}
	return yes;
}

bool vlisting_find(const struct vtree *t, const char *object, struct vlisting *out)
{
	const struct strlist *files = including_makefiles(t->srcdir);
	struct strlist included = { 0 };
	struct mkeval *evs = xcalloc(files->nr + 1, sizeof(*evs));
	size_t i, best = files->nr;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < files->nr; i++) {
		const char *rel = files->items[i];
		char *dir = xstrndup(rel, (size_t)(strrchr(rel, '/') - rel));
		struct mkeval *ev = &evs[i];
		size_t arch_len = t->arch ? strlen(t->arch) : 0, j;

		/* another arch's directory is another build */
		if (!strncmp(dir, "arch/", 5) && t->arch &&
		    (strncmp(dir + 5, t->arch, arch_len) || dir[5 + arch_len] != '/')) {
			free(dir);
			continue;
		}
		if (!makefile_of_dir(t->srcdir, rel)) {
			free(dir);
			continue;
		}
		ev->srcdir = t->srcdir;
		ev->dir = dir;
		ev->object = object;
		read_makefile(ev, rel, 0);
		for (j = 0; j < ev->included.nr; j++)
			if (!strlist_has(&included, ev->included.items[j]))
				strlist_add(&included, ev->included.items[j]);
	}
	/* the directory kbuild descends into, not a Makefile it includes
	 * (amd/display/Makefile, read inside amdgpu's) */
	for (i = 0; i < files->nr; i++)
		if (evs[i].found && !strlist_has(&included, files->items[i]) &&
		    (best == files->nr || strlen(evs[i].dir) > strlen(evs[best].dir)))
			best = i;
	if (best < files->nr) {
		struct mkeval *ev = &evs[best];

		out->dir = xstrdup(ev->dir);
		out->makefile = xstrdup(files->items[best]);
		out->target = ev->target;
		ev->target = NULL;
		out->list = ev->list;
		ev->list = NULL;
		out->gates = ev->gates;
		memset(&ev->gates, 0, sizeof(ev->gates));
	}
	for (i = 0; i < files->nr; i++) {
		free((char *)evs[i].dir);
		mkeval_release(&evs[i]);
	}
	free(evs);
	strlist_release(&included);
	return best < files->nr;
}

void vlisting_gates(const struct vtree *t, const char *object, struct strlist *gates)
{
	struct vlisting l;
	size_t i;

	if (!vlisting_find(t, object, &l))
		return;
	for (i = 0; i < l.gates.nr; i++)
		if (!strlist_has(gates, l.gates.items[i]))
			strlist_add(gates, l.gates.items[i]);
	if (strcmp(l.list, "obj") && strcmp(l.list, "lib")) {
		struct strbuf composite = STRBUF_INIT;

		/* kvm.o: obj-$(CONFIG_KVM) += kvm.o, and the directories above */
		strbuf_addf(&composite, "%s/%s.o", l.dir, l.list);
		makefile_gates(t->srcdir, composite.buf, t->kconfig, gates);
		strbuf_release(&composite);
	}
	vlisting_release(&l);
}

void vlisting_release(struct vlisting *l)
{
	free(l->dir);
	free(l->makefile);
	free(l->target);
	free(l->list);
	strlist_release(&l->gates);
	memset(l, 0, sizeof(*l));
}
