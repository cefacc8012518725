/* A configuration that builds the objects a series touches: what gates an
 * object in the Makefiles, what those symbols need in Kconfig, the plan of
 * symbols to enable, and the words for a symbol that stays unset. The
 * Kconfig reader knows what kconfig-language.txt describes and this needs:
 * config/menuconfig blocks with their type, prompt, default, depends on and
 * select lines, the if/menu/choice blocks around them, source lines, and
 * help texts to skip. Values and ranges are kconfig's business (olddefconfig
 * computes them); this only has to know which symbols to set by hand. */
#include "lib/usage.h"
#include "products/validate/validate-config.h"

#include <ctype.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- expressions ---------------------------------------------------- */

/* KE_LT..KE_GE: PAHOLE_VERSION >= 116, numbers compared as numbers */
enum kexpr_type { KE_SYM, KE_NOT, KE_AND, KE_OR, KE_EQ, KE_NEQ, KE_LT, KE_LE, KE_GT, KE_GE };

static const char *const kexpr_ops[] = {
	[KE_EQ] = "=", [KE_NEQ] = "!=", [KE_LT] = "<", [KE_LE] = "<=", [KE_GT] = ">",
	[KE_GE] = ">=",
};

static bool is_comparison(enum kexpr_type type)
{
	return type == KE_LT || type == KE_LE || type == KE_GT || type == KE_GE;
}

struct kexpr {
	enum kexpr_type type;
	char *sym;			/* KE_SYM; the left side of a comparison */
	char *value;			/* the right side of a comparison */
	struct kexpr *l, *r;		/* KE_NOT uses l */
};

static struct kexpr *kexpr_new(enum kexpr_type type, struct kexpr *l, struct kexpr *r)
{
	struct kexpr *e = xcalloc(1, sizeof(*e));

	e->type = type;
	e->l = l;
	e->r = r;
	return e;
}

static void kexpr_free(struct kexpr *e)
{
	if (!e)
		return;
	kexpr_free(e->l);
	kexpr_free(e->r);
	free(e->sym);
	free(e->value);
	free(e);
}

static struct kexpr *kexpr_copy(const struct kexpr *e)
{
	struct kexpr *c;

	if (!e)
		return NULL;
	c = kexpr_new(e->type, kexpr_copy(e->l), kexpr_copy(e->r));
	c->sym = e->sym ? xstrdup(e->sym) : NULL;
	c->value = e->value ? xstrdup(e->value) : NULL;
	return c;
}

/* a && b, either may be NULL (true) */
static struct kexpr *kexpr_and(struct kexpr *a, struct kexpr *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return kexpr_new(KE_AND, a, b);
}

struct kparser {
	const char *p;
};

static void skip_space(struct kparser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

/* A symbol, a number or a quoted string. */
static char *parse_word(struct kparser *ps)
{
	const char *s;

	skip_space(ps);
	s = ps->p;
	if (*s == '"' || *s == '\'') {
		char q = *s++;
		const char *e = strchr(s, q);

		if (!e)
			return NULL;
		ps->p = e + 1;
		return xstrndup(s, (size_t)(e - s));
	}
	while (isalnum((unsigned char)*ps->p) || *ps->p == '_' || *ps->p == '-')
		ps->p++;
	return ps->p > s ? xstrndup(s, (size_t)(ps->p - s)) : NULL;
}

static struct kexpr *parse_or(struct kparser *ps);

static struct kexpr *parse_unary(struct kparser *ps)
{
	struct kexpr *e;
	char *w;

	skip_space(ps);
	if (*ps->p == '!' && ps->p[1] != '=') {
		ps->p++;
		e = parse_unary(ps);
		return e ? kexpr_new(KE_NOT, e, NULL) : NULL;
	}
	if (*ps->p == '(') {
		ps->p++;
		e = parse_or(ps);
		skip_space(ps);
		if (*ps->p == ')')
			ps->p++;
		return e;
	}
	w = parse_word(ps);
	if (!w)
		return NULL;
	e = kexpr_new(KE_SYM, NULL, NULL);
	e->sym = w;
	skip_space(ps);
	if (*ps->p == '<' || *ps->p == '>') {
		bool or_equal = ps->p[1] == '=';

		e->type = *ps->p == '<' ? (or_equal ? KE_LE : KE_LT) : (or_equal ? KE_GE : KE_GT);
		ps->p += or_equal ? 2 : 1;
	} else if (*ps->p == '=' || (ps->p[0] == '!' && ps->p[1] == '=')) {
		e->type = *ps->p == '=' ? KE_EQ : KE_NEQ;
		ps->p += e->type == KE_EQ ? 1 : 2;
	} else {
		return e;
	}
	e->value = parse_word(ps);
	if (!e->value)
		e->value = xstrdup("");
	return e;
}

static struct kexpr *parse_and(struct kparser *ps)
{
	struct kexpr *e = parse_unary(ps);

	for (;;) {
		skip_space(ps);
		if (ps->p[0] != '&' || ps->p[1] != '&')
			return e;
		ps->p += 2;
		e = kexpr_and(e, parse_unary(ps));
	}
}

static struct kexpr *parse_or(struct kparser *ps)
{
	struct kexpr *e = parse_and(ps), *r;

	for (;;) {
		skip_space(ps);
		if (ps->p[0] != '|' || ps->p[1] != '|')
			return e;
		ps->p += 2;
		r = parse_and(ps);
		e = e && r ? kexpr_new(KE_OR, e, r) : e ? e : r;
	}
}

static struct kexpr *parse_expr(const char *text)
{
	struct kparser ps = { text };

	return parse_or(&ps);
}

/* --- symbols ---------------------------------------------------------- */

struct kdefault {			/* default VALUE [if COND] */
	struct kexpr *value, *cond;
};

struct kdef {				/* one config or menuconfig block */
	char *file;
	unsigned line;
	char type;			/* 'b'ool 't'ristate 's'tring 'i'nt 'h'ex, 0 */
	bool prompt;
	bool in_choice;			/* a choice's member */
	struct kdefault *defaults;	/* default and def_bool lines */
	size_t nr_defaults, alloc_defaults;
	struct kexpr *depends;		/* its own and the enclosing blocks' */
};

struct kselect {
	struct ksym *by;
	struct kexpr *cond;		/* select X if COND */
};

struct ksym {
	char *name;
	struct ksym *next;		/* hash chain */
	struct kdef *defs;
	size_t nr_defs, alloc_defs;
	struct kselect *selected_by;
	size_t nr_selected_by, alloc_selected_by;
	char *value;			/* from the .config; NULL: unset */
	int feasible;			/* plan memo: 0 unknown, 1 busy, 2 yes, 3 no */
	bool planned;
};

#define KCONFIG_BUCKETS 16384

/* A choice block: its members in order and its default, which a defconfig
 * leaves out when it is the one chosen (omap2plus_defconfig and
 * ARCH_OMAP2PLUS). */
struct kchoice {
	struct ksym **members;
	size_t nr, alloc;
	char *def;
};

struct kconfig_db {
	char *srcdir;
	char *srcarch;
	struct ksym *buckets[KCONFIG_BUCKETS];
	size_t nr_defined;
	struct strlist files;		/* every Kconfig read, against loops */
	bool fixed_choices;		/* a bool choice's member is not enabled,
					 * nor is the word size switched */
	struct strlist word_size;	/* 64BIT and what sets it (word_size_symbol) */
	bool word_size_read;
	struct strlist *foreign;	/* while explaining: the other arches named */
	struct strlist explicit_n;	/* "# CONFIG_X is not set" of a defconfig */
	struct kchoice *choices;
	size_t nr_choices, alloc_choices;
};

static unsigned hash_name(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h % KCONFIG_BUCKETS;
}

static struct ksym *sym_find(const struct kconfig_db *kc, const char *name)
{
	struct ksym *s;

	for (s = kc->buckets[hash_name(name)]; s; s = s->next)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

static struct ksym *sym_get(struct kconfig_db *kc, const char *name)
{
	unsigned h = hash_name(name);
	struct ksym *s = sym_find(kc, name);

	if (s)
		return s;
	s = xcalloc(1, sizeof(*s));
	s->name = xstrdup(name);
	s->next = kc->buckets[h];
	kc->buckets[h] = s;
	return s;
}

/* --- reading Kconfig files -------------------------------------------- */

/* The blocks open around the current line: if, menu, choice. */
struct kblock {
	char kind;			/* 'i'f, 'm'enu, 'c'hoice */
	struct kexpr *depends;
	size_t choice;			/* a choice's index in kc->choices */
};

struct kreader {
	struct kconfig_db *kc;
	struct kblock *blocks;
	size_t nr_blocks, alloc_blocks;
	struct ksym *current;		/* the config block being read */
	struct kblock *current_block;	/* or the menu/choice whose attributes follow */
	bool in_comment;		/* a comment's depends on belong to it */
};

static struct kexpr *enclosing_depends(const struct kreader *rd)
{
	struct kexpr *e = NULL;
	size_t i;

	for (i = 0; i < rd->nr_blocks; i++)
		if (rd->blocks[i].depends)
			e = kexpr_and(e, kexpr_copy(rd->blocks[i].depends));
	return e;
}

static void push_block(struct kreader *rd, char kind, struct kexpr *depends)
{
	struct kconfig_db *kc = rd->kc;

	ALLOC_GROW(rd->blocks, rd->nr_blocks, rd->alloc_blocks);
	rd->blocks[rd->nr_blocks].kind = kind;
	rd->blocks[rd->nr_blocks].depends = depends;
	rd->blocks[rd->nr_blocks].choice = kc->nr_choices;
	if (kind == 'c') {
		ALLOC_GROW(kc->choices, kc->nr_choices, kc->alloc_choices);
		memset(&kc->choices[kc->nr_choices++], 0, sizeof(*kc->choices));
	}
	rd->nr_blocks++;
}

static void pop_block(struct kreader *rd, char kind)
{
	/* tolerate a stray end: pop the innermost block of that kind */
	while (rd->nr_blocks) {
		struct kblock *b = &rd->blocks[--rd->nr_blocks];
		char k = b->kind;

		kexpr_free(b->depends);
		if (k == kind)
			break;
	}
}

static int indent_width(const char *line)
{
	int w = 0;

	for (; *line == ' ' || *line == '\t'; line++)
		w = *line == '\t' ? (w / 8 + 1) * 8 : w + 1;
	return w;
}

static bool keyword(const char **p, const char *kw)
{
	size_t n = strlen(kw);

	if (strncmp(*p, kw, n) || (*p)[n] == '_' || isalnum((unsigned char)(*p)[n]))
		return false;
	*p += n;
	while (**p == ' ' || **p == '\t')
		(*p)++;
	return true;
}

static struct kdef *current_def(struct kreader *rd)
{
	return rd->current ? &rd->current->defs[rd->current->nr_defs - 1] : NULL;
}

static void read_kconfig_file(struct kreader *rd, const char *rel);

/* "arch/$SRCARCH/Kconfig" -> "arch/x86/Kconfig" */
static char *expand_source(const struct kconfig_db *kc, const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	while (*path) {
		if (!strncmp(path, "$SRCARCH", 8) || !strncmp(path, "$(SRCARCH)", 10)) {
			strbuf_addstr(&sb, kc->srcarch);
			path += path[1] == '(' ? 10 : 8;
		} else if (!strncmp(path, "$ARCH", 5) || !strncmp(path, "$(ARCH)", 7)) {
			strbuf_addstr(&sb, kc->srcarch);
			path += path[1] == '(' ? 7 : 5;
		} else {
			strbuf_addch(&sb, *path++);
		}
	}
	return strbuf_detach(&sb);
}

/* The type keyword at p, with or without a prompt after it. */
static char type_keyword(const char **p, bool *def)
{
	static const struct { const char *kw; char type; bool def; } types[] = {
		{ "bool", 'b', false }, { "boolean", 'b', false }, { "tristate", 't', false },
		{ "string", 's', false }, { "int", 'i', false }, { "hex", 'h', false },
		{ "def_bool", 'b', true }, { "def_tristate", 't', true },
	};
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (keyword(p, types[i].kw)) {
			*def = types[i].def;
			return types[i].type;
		}
	return 0;
}

/* "y", "!64BIT", "m if FOO": what a symbol without a prompt gets */
static void add_default(struct kdef *d, const char *p)
{
	struct kparser ps = { p };
	struct kexpr *value = parse_or(&ps);

	if (!value)
		return;
	ALLOC_GROW(d->defaults, d->nr_defaults, d->alloc_defaults);
	d->defaults[d->nr_defaults].value = value;
	d->defaults[d->nr_defaults].cond = NULL;
	skip_space(&ps);
	if (keyword(&ps.p, "if"))
		d->defaults[d->nr_defaults].cond = parse_or(&ps);
	d->nr_defaults++;
}

static void add_depends(struct kreader *rd, const char *p)
{
	struct kexpr *e = parse_expr(p);
	struct kdef *d = current_def(rd);

	if (rd->in_comment) {
		kexpr_free(e);
	} else if (d) {
		d->depends = kexpr_and(d->depends, e);
	} else if (rd->current_block) {
		rd->current_block->depends = kexpr_and(rd->current_block->depends, e);
	} else {
		kexpr_free(e);
	}
}

static void add_select(struct kreader *rd, const char *p)
{
	struct kparser ps = { p };
	char *name = parse_word(&ps);
	struct ksym *target;
	struct kselect *sel;

	if (!name || !rd->current) {
		free(name);
		return;
	}
	target = sym_get(rd->kc, name);
	free(name);
	ALLOC_GROW(target->selected_by, target->nr_selected_by, target->alloc_selected_by);
	sel = &target->selected_by[target->nr_selected_by++];
	sel->by = rd->current;
	sel->cond = NULL;
	skip_space(&ps);
	if (keyword(&ps.p, "if"))
		sel->cond = parse_expr(ps.p);
}

static void start_config(struct kreader *rd, const char *name, const char *file, unsigned line)
{
	struct ksym *s = sym_get(rd->kc, name);
	struct kdef *d;

	if (!s->nr_defs)
		rd->kc->nr_defined++;
	ALLOC_GROW(s->defs, s->nr_defs, s->alloc_defs);
	d = &s->defs[s->nr_defs++];
	memset(d, 0, sizeof(*d));
	d->file = xstrdup(file);
	d->line = line;
	d->depends = enclosing_depends(rd);
	d->in_choice = rd->nr_blocks && rd->blocks[rd->nr_blocks - 1].kind == 'c';
	if (d->in_choice) {
		struct kchoice *c = &rd->kc->choices[rd->blocks[rd->nr_blocks - 1].choice];

		ALLOC_GROW(c->members, c->nr, c->alloc);
		c->members[c->nr++] = s;
	}
	rd->current = s;
	rd->current_block = NULL;
	rd->in_comment = false;
}

/* One logical line of a Kconfig file; returns the help text's indentation
 * to skip when it starts one, else -1. */
static int read_kconfig_line(struct kreader *rd, const char *rel, unsigned lineno,
			     const char *line)
{
	const char *p = line;
	struct kdef *d;
	char type;
	bool def;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == '#')
		return -1;
	if (keyword(&p, "config") || keyword(&p, "menuconfig")) {
		struct kparser ps = { p };
		char *name = parse_word(&ps);

		if (name)
			start_config(rd, name, rel, lineno);
		free(name);
		return -1;
	}
	if (keyword(&p, "source")) {
		struct kparser ps = { p };
		char *path = parse_word(&ps), *expanded;

		rd->current = NULL;
		rd->current_block = NULL;
		if (path) {
			expanded = expand_source(rd->kc, path);
			read_kconfig_file(rd, expanded);
			free(expanded);
		}
		free(path);
		return -1;
	}
	if (keyword(&p, "if")) {
		rd->current = NULL;
		rd->current_block = NULL;
		push_block(rd, 'i', parse_expr(p));
		return -1;
	}
	if (keyword(&p, "menu") || keyword(&p, "choice")) {
		char kind = line[strspn(line, " \t")] == 'm' ? 'm' : 'c';

		rd->current = NULL;
		rd->in_comment = false;
		push_block(rd, kind, NULL);
		rd->current_block = &rd->blocks[rd->nr_blocks - 1];
		return -1;
	}
	if (keyword(&p, "endif") || keyword(&p, "endmenu") || keyword(&p, "endchoice")) {
		char kind = line[strspn(line, " \t") + 3] == 'i' ? 'i' :
			    line[strspn(line, " \t") + 3] == 'm' ? 'm' : 'c';

		rd->current = NULL;
		rd->current_block = NULL;
		pop_block(rd, kind);
		return -1;
	}
	if (keyword(&p, "comment")) {
		rd->current = NULL;
		rd->current_block = NULL;
		rd->in_comment = true;
		return -1;
	}
	if (keyword(&p, "mainmenu")) {
		rd->current = NULL;
		rd->current_block = NULL;
		return -1;
	}
	if (keyword(&p, "help") || keyword(&p, "---help---"))
		return indent_width(line);
	if (keyword(&p, "depends")) {
		if (keyword(&p, "on"))
			add_depends(rd, p);
		return -1;
	}
	if (keyword(&p, "visible")) {
		if (keyword(&p, "if"))
			add_depends(rd, p);
		return -1;
	}
	d = current_def(rd);
	if (!d && rd->current_block && rd->current_block->kind == 'c' &&
	    keyword(&p, "default")) {
		struct kparser ps = { p };
		struct kchoice *c = &rd->kc->choices[rd->current_block->choice];

		if (!c->def)
			c->def = parse_word(&ps);
		return -1;
	}
	if (!d)
		return -1;
	if (keyword(&p, "select")) {
		add_select(rd, p);
		return -1;
	}
	if (keyword(&p, "prompt")) {
		d->prompt = true;
		return -1;
	}
	if (keyword(&p, "default")) {
		add_default(d, p);
		return -1;
	}
	type = type_keyword(&p, &def);
	if (type) {
		d->type = type;
		if (def)
			add_default(d, p);
		else if (*p == '"' || *p == '\'')
			d->prompt = true;
	}
	return -1;
}

static void read_kconfig_file(struct kreader *rd, const char *rel)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, logical = STRBUF_INIT;
	const char *line, *eol;
	unsigned lineno = 0, start = 0;
	int help = -1, help_text = -1;

	if (strlist_has(&rd->kc->files, rel) || rd->kc->files.nr > 20000)
		return;
	strlist_add(&rd->kc->files, rel);
	strbuf_addf(&path, "%s/%s", rd->kc->srcdir, rel);
	if (strbuf_read_file(&text, path.buf) < 0) {
		strbuf_release(&path);
		return;
	}
	for (line = text.buf; line && *line; line = eol ? eol + 1 : NULL) {
		size_t len;

		eol = strchr(line, '\n');
		len = eol ? (size_t)(eol - line) : strlen(line);
		lineno++;
		if (help >= 0) {
			/* the help text: lines indented at least as much as
			 * its first one, and blank lines */
			size_t blank = strspn(line, " \t");

			if (blank == len)
				continue;
			if (help_text < 0)
				help_text = indent_width(line);
			if (indent_width(line) >= help_text && help_text > help)
				continue;
			help = help_text = -1;
		}
		if (!logical.len)
			start = lineno;
		if (len && line[len - 1] == '\\') {
			strbuf_add(&logical, line, len - 1);
			strbuf_addch(&logical, ' ');
			continue;
		}
		strbuf_add(&logical, line, len);
		help = read_kconfig_line(rd, rel, start, logical.buf);
		strbuf_reset(&logical);
	}
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&logical);
}

struct kconfig_db *kconfig_db_read(const char *srcdir, const char *srcarch)
{
	struct kconfig_db *kc;
	struct kreader rd = { 0 };
	struct strbuf top = STRBUF_INIT;

	strbuf_addf(&top, "%s/Kconfig", srcdir);
	if (access(top.buf, R_OK)) {
		strbuf_release(&top);
		return NULL;
	}
	strbuf_release(&top);
	kc = xcalloc(1, sizeof(*kc));
	kc->srcdir = xstrdup(srcdir);
	kc->srcarch = xstrdup(srcarch);
	rd.kc = kc;
	read_kconfig_file(&rd, "Kconfig");
	while (rd.nr_blocks)
		pop_block(&rd, 0);
	free(rd.blocks);
	return kc;
}

void kconfig_db_free(struct kconfig_db *kc)
{
	size_t b, i;

	if (!kc)
		return;
	for (b = 0; b < KCONFIG_BUCKETS; b++) {
		struct ksym *s = kc->buckets[b], *next;

		for (; s; s = next) {
			next = s->next;
			for (i = 0; i < s->nr_defs; i++) {
				size_t j;

				for (j = 0; j < s->defs[i].nr_defaults; j++) {
					kexpr_free(s->defs[i].defaults[j].value);
					kexpr_free(s->defs[i].defaults[j].cond);
				}
				free(s->defs[i].defaults);
				free(s->defs[i].file);
				kexpr_free(s->defs[i].depends);
			}
			free(s->defs);
			for (i = 0; i < s->nr_selected_by; i++)
				kexpr_free(s->selected_by[i].cond);
			free(s->selected_by);
			free(s->value);
			free(s->name);
			free(s);
		}
	}
	strlist_release(&kc->files);
	strlist_release(&kc->explicit_n);
	strlist_release(&kc->word_size);
	for (b = 0; b < kc->nr_choices; b++) {
		free(kc->choices[b].members);
		free(kc->choices[b].def);
	}
	free(kc->choices);
	free(kc->srcdir);
	free(kc->srcarch);
	free(kc);
}

size_t kconfig_nr_symbols(const struct kconfig_db *kc)
{
	return kc ? kc->nr_defined : 0;
}

bool kconfig_defines(const struct kconfig_db *kc, const char *symbol)
{
	const struct ksym *s = kc ? sym_find(kc, symbol) : NULL;

	return s && s->nr_defs;
}

void kconfig_set_values(struct kconfig_db *kc, const char *dotconfig)
{
	const char *line, *eol;
	size_t b;

	for (b = 0; b < KCONFIG_BUCKETS; b++) {
		struct ksym *s;

		for (s = kc->buckets[b]; s; s = s->next) {
			free(s->value);
			s->value = NULL;
			s->feasible = 0;
			s->planned = false;
		}
	}
	for (line = dotconfig; line && *line; line = eol ? eol + 1 : NULL) {
		const char *eq;
		char *name;
		struct ksym *s;
		size_t len;

		eol = strchr(line, '\n');
		len = eol ? (size_t)(eol - line) : strlen(line);
		if (strncmp(line, "CONFIG_", 7))
			continue;
		eq = memchr(line, '=', len);
		if (!eq)
			continue;
		name = xstrndup(line + 7, (size_t)(eq - line - 7));
		s = sym_get(kc, name);
		free(name);
		free(s->value);
		s->value = xstrndup(eq + 1, (size_t)(line + len - eq - 1));
		if (s->value[0] == '"' && len > 1) {
			size_t n = strlen(s->value);

			memmove(s->value, s->value + 1, n);
			if (n > 1 && s->value[n - 2] == '"')
				s->value[n - 2] = '\0';
		}
	}
}

const char *kconfig_value(const struct kconfig_db *kc, const char *symbol)
{
	const struct ksym *s = sym_find(kc, symbol);

	return s ? s->value : NULL;
}

/* --- evaluating and planning ------------------------------------------ */

/* n 0, m 1, y 2 */
static int sym_tristate(const struct kconfig_db *kc, const char *name)
{
	const struct ksym *s;

	if (!strcmp(name, "y"))
		return 2;
	if (!strcmp(name, "m"))
		return 1;
	if (!strcmp(name, "n"))
		return 0;
	s = sym_find(kc, name);
	if (!s || !s->value || !*s->value || !strcmp(s->value, "n"))
		return 0;
	return !strcmp(s->value, "m") ? 1 : 2;
}

static const char *sym_string(const struct kconfig_db *kc, const char *name)
{
	const struct ksym *s;

	if (!strcmp(name, "y") || !strcmp(name, "m") || !strcmp(name, "n"))
		return name;
	s = sym_find(kc, name);
	return s && s->value ? s->value : "n";
}

/* A comparison's side: a symbol's value, else the word itself (116) */
static const char *compared_value(const struct kconfig_db *kc, const char *word)
{
	const struct ksym *s = sym_find(kc, word);

	if (s && s->value)
		return s->value;
	return s && s->nr_defs ? "" : word;
}

/* <0, 0, >0: as numbers when both are (kconfig's hex too), else as text */
static int compare_values(const char *a, const char *b)
{
	char *ea, *eb;
	long long na = strtoll(a, &ea, 0), nb = strtoll(b, &eb, 0);

	if (*a && *b && !*ea && !*eb)
		return na < nb ? -1 : na > nb;
	return strcmp(a, b);
}

static int kexpr_eval(const struct kconfig_db *kc, const struct kexpr *e)
{
	int a, b;

	if (!e)
		return 2;
	switch (e->type) {
	case KE_SYM:
		return sym_tristate(kc, e->sym);
	case KE_NOT:
		return 2 - kexpr_eval(kc, e->l);
	case KE_AND:
		a = kexpr_eval(kc, e->l);
		b = kexpr_eval(kc, e->r);
		return a < b ? a : b;
	case KE_OR:
		a = kexpr_eval(kc, e->l);
		b = kexpr_eval(kc, e->r);
		return a > b ? a : b;
	case KE_EQ:
		return strcmp(sym_string(kc, e->sym), sym_string(kc, e->value)) ? 0 : 2;
	case KE_NEQ:
		return strcmp(sym_string(kc, e->sym), sym_string(kc, e->value)) ? 2 : 0;
	case KE_LT:
	case KE_LE:
	case KE_GT:
	case KE_GE:
		a = compare_values(compared_value(kc, e->sym), compared_value(kc, e->value));
		b = e->type == KE_LT ? a < 0 : e->type == KE_LE ? a <= 0 :
		    e->type == KE_GT ? a > 0 : a >= 0;
		return b ? 2 : 0;
	}
	return 0;
}

static bool sym_feasible(struct kconfig_db *kc, struct ksym *s);

/* A bool member of a choice (ARM's system type before multiplatform:
 * ARCH_OMAP2PLUS, ARCH_TEGRA, ...): enabling one by hand does not switch
 * the choice reliably, so under fixed_choices it is what the configuration
 * already made it. */
static bool choice_member(const struct ksym *s)
{
	size_t i;

	for (i = 0; i < s->nr_defs; i++)
		if (!s->defs[i].in_choice || s->defs[i].type == 't')
			return false;
	return s->nr_defs > 0;
}

static bool is_const(const char *name)
{
	return !strcmp(name, "y") || !strcmp(name, "m") || !strcmp(name, "n");
}

/* The symbols e reads, each once. */
static void kexpr_symbols(const struct kexpr *e, struct strlist *out)
{
	if (!e)
		return;
	if ((e->type == KE_SYM || e->type == KE_EQ || e->type == KE_NEQ ||
	     is_comparison(e->type)) && !is_const(e->sym) &&
	    !strlist_has(out, e->sym))
		strlist_add(out, e->sym);
	kexpr_symbols(e->l, out);
	kexpr_symbols(e->r, out);
}

/* Is s the word size, or does setting it switch the word size? 64BIT, the
 * symbols its defaults read (powerpc's 64BIT is "default y if PPC64", and
 * PPC64 a plain prompt, not a choice: enabling it for a pSeries driver
 * turns ppc6xx_defconfig into a 64-bit build), and what selects any of
 * those. A board configuration keeps its word size as its CPU family
 * choice: another defconfig of the arch has the other one. */
static bool word_size_symbol(struct kconfig_db *kc, const struct ksym *s)
{
	size_t i, j, k;

	if (!kc->word_size_read) {
		kc->word_size_read = true;
		strlist_add(&kc->word_size, "64BIT");
		for (i = 0; i < kc->word_size.nr && i < 64; i++) {
			const struct ksym *w = sym_find(kc, kc->word_size.items[i]);

			for (j = 0; w && j < w->nr_defs; j++)
				for (k = 0; k < w->defs[j].nr_defaults; k++) {
					kexpr_symbols(w->defs[j].defaults[k].value, &kc->word_size);
					kexpr_symbols(w->defs[j].defaults[k].cond, &kc->word_size);
				}
			for (j = 0; w && j < w->nr_selected_by; j++)
				if (!strlist_has(&kc->word_size, w->selected_by[j].by->name))
					strlist_add(&kc->word_size, w->selected_by[j].by->name);
		}
	}
	return strlist_has(&kc->word_size, s->name);
}

/* Could e become true by enabling symbols? Negations and comparisons with
 * anything but y/m/n are taken as they are now: the plan only enables. */
static bool kexpr_feasible(struct kconfig_db *kc, const struct kexpr *e)
{
	if (!e || kexpr_eval(kc, e))
		return true;
	switch (e->type) {
	case KE_SYM:
		if (is_const(e->sym))
			return false;
		return sym_feasible(kc, sym_get(kc, e->sym));
	case KE_AND:
		return kexpr_feasible(kc, e->l) && kexpr_feasible(kc, e->r);
	case KE_OR:
		return kexpr_feasible(kc, e->l) || kexpr_feasible(kc, e->r);
	case KE_EQ:
	case KE_NEQ:
		if (!is_const(e->sym) && (e->type == KE_EQ ? strcmp(e->value, "n") != 0 :
					  !strcmp(e->value, "n")))
			return sym_feasible(kc, sym_get(kc, e->sym));
		return false;
	case KE_NOT:
	case KE_LT:
	case KE_LE:
	case KE_GT:
	case KE_GE:
		return false;
	}
	return false;
}

/* The default that could make s y or m, or NULL. */
static const struct kdefault *feasible_default(struct kconfig_db *kc, const struct kdef *d)
{
	size_t i;

	for (i = 0; i < d->nr_defaults; i++)
		if (kexpr_feasible(kc, d->defaults[i].value) &&
		    kexpr_feasible(kc, d->defaults[i].cond))
			return &d->defaults[i];
	return NULL;
}

static bool bool_like(const struct kdef *d)
{
	return d->type == 'b' || d->type == 't' || !d->type;
}

/* Can s become y or m by enabling symbols: a prompt whose dependencies can
 * be met, a default that can be true, or a selector that can be set. */
static bool sym_feasible(struct kconfig_db *kc, struct ksym *s)
{
	size_t i;
	bool ok = false;

	if (sym_tristate(kc, s->name))
		return true;
	if (!s->nr_defs ||
	    (kc->fixed_choices && (choice_member(s) || word_size_symbol(kc, s))))
		return false;
	if (s->feasible)
		return s->feasible == 2;
	s->feasible = 1;	/* a cycle through select: not this way */
	for (i = 0; i < s->nr_defs && !ok; i++) {
		const struct kdef *d = &s->defs[i];

		if (bool_like(d) && kexpr_feasible(kc, d->depends))
			ok = d->prompt || feasible_default(kc, d);
	}
	for (i = 0; i < s->nr_selected_by && !ok; i++)
		ok = kexpr_feasible(kc, s->selected_by[i].cond) &&
		     sym_feasible(kc, s->selected_by[i].by);
	s->feasible = ok ? 2 : 3;
	return ok;
}

static void sym_enable(struct kconfig_db *kc, struct ksym *s, struct strlist *enable);

static void kexpr_enable(struct kconfig_db *kc, const struct kexpr *e, struct strlist *enable)
{
	if (!e || kexpr_eval(kc, e))
		return;
	switch (e->type) {
	case KE_SYM:
		if (!is_const(e->sym))
			sym_enable(kc, sym_get(kc, e->sym), enable);
		break;
	case KE_EQ:
	case KE_NEQ:
		if (kexpr_feasible(kc, e))
			sym_enable(kc, sym_get(kc, e->sym), enable);
		break;
	case KE_AND:
		kexpr_enable(kc, e->l, enable);
		kexpr_enable(kc, e->r, enable);
		break;
	case KE_OR:
		/* one side is enough: the first that can be had */
		if (kexpr_feasible(kc, e->l))
			kexpr_enable(kc, e->l, enable);
		else
			kexpr_enable(kc, e->r, enable);
		break;
	case KE_NOT:
	case KE_LT:
	case KE_LE:
	case KE_GT:
	case KE_GE:
		break;
	}
}

static void sym_enable(struct kconfig_db *kc, struct ksym *s, struct strlist *enable)
{
	size_t i;

	if (s->planned || sym_tristate(kc, s->name) || !sym_feasible(kc, s))
		return;
	s->planned = true;
	for (i = 0; i < s->nr_defs; i++) {
		const struct kdef *d = &s->defs[i];
		const struct kdefault *def = d->prompt ? NULL : feasible_default(kc, d);

		if (!bool_like(d) || !kexpr_feasible(kc, d->depends) || (!d->prompt && !def))
			continue;
		kexpr_enable(kc, d->depends, enable);
		if (d->prompt) {
			if (!strlist_has(enable, s->name))
				strlist_add(enable, s->name);
		} else {
			kexpr_enable(kc, def->value, enable);
			kexpr_enable(kc, def->cond, enable);
		}
		return;
	}
	for (i = 0; i < s->nr_selected_by; i++) {
		const struct kselect *sel = &s->selected_by[i];

		if (kexpr_feasible(kc, sel->cond) && sym_feasible(kc, sel->by)) {
			sym_enable(kc, sel->by, enable);
			kexpr_enable(kc, sel->cond, enable);
			return;
		}
	}
}

bool kconfig_plan(struct kconfig_db *kc, const char *symbol, struct strlist *enable)
{
	struct ksym *s = sym_get(kc, symbol);

	if (sym_tristate(kc, symbol))
		return true;
	if (!sym_feasible(kc, s))
		return false;
	sym_enable(kc, s, enable);
	return true;
}

/* --- cross compilers ------------------------------------------------- */

static const struct cross_toolchain {
	const char *arch;		/* SRCARCH */
	const char *prefix;		/* CROSS_COMPILE */
	const char *package;		/* Debian's */
} cross_toolchains[] = {
	{ "arm", "arm-linux-gnueabi-", "gcc-arm-linux-gnueabi" },
	{ "arm", "arm-linux-gnueabihf-", "gcc-arm-linux-gnueabihf" },
	{ "arm64", "aarch64-linux-gnu-", "gcc-aarch64-linux-gnu" },
	{ "powerpc", "powerpc-linux-gnu-", "gcc-powerpc-linux-gnu" },
	{ "powerpc", "powerpc64-linux-gnu-", "gcc-powerpc64-linux-gnu" },
	{ "sh", "sh4-linux-gnu-", "gcc-sh4-linux-gnu" },
	{ "mips", "mips-linux-gnu-", "gcc-mips-linux-gnu" },
	{ "s390", "s390x-linux-gnu-", "gcc-s390x-linux-gnu" },
	{ "riscv", "riscv64-linux-gnu-", "gcc-riscv64-linux-gnu" },
	{ "sparc", "sparc64-linux-gnu-", "gcc-sparc64-linux-gnu" },
	{ "m68k", "m68k-linux-gnu-", "gcc-m68k-linux-gnu" },
	{ "alpha", "alpha-linux-gnu-", "gcc-alpha-linux-gnu" },
	{ "parisc", "hppa-linux-gnu-", "gcc-hppa-linux-gnu" },
};

bool program_on_path(const char *program)
{
	const char *path = getenv("PATH"), *p, *colon;
	struct strbuf sb = STRBUF_INIT;
	bool found = false;

	for (p = path ? path : "/usr/bin:/bin"; p && !found; p = colon ? colon + 1 : NULL) {
		colon = strchr(p, ':');
		strbuf_reset(&sb);
		strbuf_add(&sb, p, colon ? (size_t)(colon - p) : strlen(p));
		strbuf_addf(&sb, "/%s", program);
		found = !access(sb.buf, X_OK);
	}
	strbuf_release(&sb);
	return found;
}

const char *cross_compile_prefix(const char *arch)
{
	size_t i;

	for (i = 0; i < sizeof(cross_toolchains) / sizeof(cross_toolchains[0]); i++) {
		char gcc[64];

		if (strcmp(cross_toolchains[i].arch, arch))
			continue;
		snprintf(gcc, sizeof(gcc), "%sgcc", cross_toolchains[i].prefix);
		if (program_on_path(gcc))
			return cross_toolchains[i].prefix;
	}
	return NULL;
}

void cross_compile_advice(struct strbuf *sb, const char *arch)
{
	const char *prefix = cross_compile_prefix(arch);
	size_t i;

	if (prefix) {
		strbuf_addf(sb, "make ARCH=%s CROSS_COMPILE=%s builds it", arch, prefix);
		return;
	}
	for (i = 0; i < sizeof(cross_toolchains) / sizeof(cross_toolchains[0]); i++)
		if (!strcmp(cross_toolchains[i].arch, arch))
			break;
	if (i == sizeof(cross_toolchains) / sizeof(cross_toolchains[0])) {
		strbuf_addf(sb, "no cross compiler for ARCH=%s is known here", arch);
		return;
	}
	strbuf_addf(sb, "no %sgcc on PATH: make deps CROSS=%s installs %s", cross_toolchains[i].prefix,
		    arch, cross_toolchains[i].package);
}

/* --- explaining ------------------------------------------------------- */

static void kexpr_print(struct strbuf *sb, const struct kexpr *e, int outer)
{
	int prec = e->type == KE_OR ? 1 : e->type == KE_AND ? 2 : 3;

	if (prec < outer)
		strbuf_addch(sb, '(');
	switch (e->type) {
	case KE_SYM:
		strbuf_addstr(sb, e->sym);
		break;
	case KE_EQ:
	case KE_NEQ:
		strbuf_addf(sb, "%s%s%s", e->sym, kexpr_ops[e->type], e->value);
		break;
	case KE_LT:
	case KE_LE:
	case KE_GT:
	case KE_GE:
		strbuf_addf(sb, "%s %s %s", e->sym, kexpr_ops[e->type], e->value);
		break;
	case KE_NOT:
		strbuf_addch(sb, '!');
		kexpr_print(sb, e->l, 3);
		break;
	case KE_AND:
	case KE_OR:
		kexpr_print(sb, e->l, prec);
		strbuf_addstr(sb, e->type == KE_AND ? " && " : " || ");
		kexpr_print(sb, e->r, prec);
		break;
	}
	if (prec < outer)
		strbuf_addch(sb, ')');
}

/* Which arches' Kconfig files define name (arch/<a>/Kconfig*, arch/<a>/
 * at any depth), for the reader who wonders where a symbol lives and for
 * validate, which builds such an object with that arch's cross compiler. */
static void arches_defining(const struct kconfig_db *kc, const char *name, struct strlist *arches)
{
	struct strbuf dir = STRBUF_INIT, out = STRBUF_INIT, needle = STRBUF_INIT;
	const char *p, *eol;
	int rc;

	strbuf_addf(&dir, "%s/arch", kc->srcdir);
	strbuf_addf(&needle, "^[[:space:]]*(menu)?config[[:space:]]+%s[[:space:]]*$", name);
	rc = run_commandv(dir.buf, &out, "grep", "-rlE", "--include=Kconfig*", needle.buf, ".",
			  (char *)NULL);
	for (p = !rc ? out.buf : NULL; p && *p; p = eol ? eol + 1 : NULL) {
		char *arch;

		eol = strchr(p, '\n');
		if (!strncmp(p, "./", 2))
			p += 2;
		arch = xstrndup(p, strcspn(p, "/\n"));
		if (*arch && !strlist_has(arches, arch))
			strlist_add(arches, arch);
		free(arch);
	}
	strbuf_release(&dir);
	strbuf_release(&out);
	strbuf_release(&needle);
}

/* Of the arches that define a symbol, the one to name: the first whose
 * cross compiler is installed, else the first. */
static const char *preferred_arch(const struct strlist *arches)
{
	size_t i;

	for (i = 0; i < arches->nr; i++)
		if (cross_compile_prefix(arches->items[i]))
			return arches->items[i];
	return arches->nr ? arches->items[0] : NULL;
}

static void explain_sym(struct kconfig_db *kc, const char *name, struct strbuf *sb, int depth);

/* "ARM || ARM64" unmet on x86: the arches that define its symbols, for
 * kc->foreign (the words stay the expression's). */
static void foreign_leaves(struct kconfig_db *kc, const struct kexpr *e)
{
	if (!e || !kc->foreign)
		return;
	if (e->type == KE_SYM && !is_const(e->sym) && !kconfig_defines(kc, e->sym)) {
		struct strlist arches = { 0 };
		size_t i;

		arches_defining(kc, e->sym, &arches);
		for (i = 0; i < arches.nr; i++)
			if (strcmp(arches.items[i], kc->srcarch) &&
			    !strlist_has(kc->foreign, arches.items[i]))
				strlist_add(kc->foreign, arches.items[i]);
		strlist_release(&arches);
		return;
	}
	if (e->type == KE_OR || e->type == KE_AND) {
		foreign_leaves(kc, e->l);
		foreign_leaves(kc, e->r);
	}
}

/* The unmet parts of e: "SH_DREAMCAST (not defined for ARCH=x86; ...)",
 * "!64BIT (64BIT=y)". Only what cannot be enabled is explained further:
 * that is where the chain ends. */
static void explain_unmet(struct kconfig_db *kc, const struct kexpr *e, struct strbuf *sb,
			  int depth, struct strlist *seen)
{
	struct strbuf term = STRBUF_INIT;

	if (!e || kexpr_eval(kc, e))
		return;
	if (e->type == KE_AND) {
		explain_unmet(kc, e->l, sb, depth, seen);
		explain_unmet(kc, e->r, sb, depth, seen);
		return;
	}
	/* a menu's depends on and the entry's own often repeat a symbol */
	kexpr_print(&term, e, 2);
	if (strlist_has(seen, term.buf)) {
		strbuf_release(&term);
		return;
	}
	strbuf_addstr(sb, seen->nr ? " && " : "");
	strbuf_addstr(sb, term.buf);
	strlist_add(seen, term.buf);
	strbuf_release(&term);
	if (e->type == KE_SYM && !is_const(e->sym) && depth < 3 &&
	    !sym_feasible(kc, sym_get(kc, e->sym))) {
		strbuf_addstr(sb, " (");
		explain_sym(kc, e->sym, sb, depth + 1);
		strbuf_addch(sb, ')');
	} else if (e->type == KE_NOT && e->l->type == KE_SYM) {
		strbuf_addf(sb, " (%s=%s)", e->l->sym, sym_string(kc, e->l->sym));
	} else if (is_comparison(e->type)) {
		strbuf_addf(sb, " (%s=%s)", e->sym, compared_value(kc, e->sym));
	} else if (e->type == KE_OR) {
		foreign_leaves(kc, e);
	}
}

static void explain_sym(struct kconfig_db *kc, const char *name, struct strbuf *sb, int depth)
{
	const struct ksym *s = sym_find(kc, name);
	size_t i;

	if (!s || !s->nr_defs) {
		struct strlist arches = { 0 };
		const char *arch;

		arches_defining(kc, name, &arches);
		arch = preferred_arch(&arches);
		if (arch && strcmp(arch, kc->srcarch)) {
			strbuf_addf(sb, "not defined for ARCH=%s; only for ARCH=%s, arch/%s "
				    "defines it; ", kc->srcarch, arch, arch);
			cross_compile_advice(sb, arch);
			if (kc->foreign && !strlist_has(kc->foreign, arch))
				strlist_add(kc->foreign, arch);
		} else {
			/* not another arch's: the tree lacks it (a driver
			 * backported without its MFD core) */
			strbuf_addf(sb, "defined by no Kconfig file of the tree for %s",
				    kc->srcarch);
		}
		strlist_release(&arches);
		return;
	}
	if (kc->fixed_choices && !sym_tristate(kc, name) &&
	    word_size_symbol(kc, s)) {
		strbuf_addf(sb, "it would switch the word size this configuration keeps "
			    "(64BIT=%s), %s:%u; a %d-bit arch/%s/configs/ defconfig may",
			    sym_string(kc, "64BIT"), s->defs[0].file, s->defs[0].line,
			    sym_tristate(kc, "64BIT") ? 32 : 64, kc->srcarch);
		return;
	}
	if (kc->fixed_choices && choice_member(s) && !sym_tristate(kc, name)) {
		strbuf_addf(sb, "a choice member this configuration does not take, %s:%u; "
			    "another arch/%s/configs/ defconfig may", s->defs[0].file,
			    s->defs[0].line, kc->srcarch);
		return;
	}
	for (i = 0; i < s->nr_defs; i++) {
		const struct kdef *d = &s->defs[i];
		struct strlist seen = { 0 };

		if (!kexpr_eval(kc, d->depends)) {
			strbuf_addstr(sb, "unmet dependency ");
			explain_unmet(kc, d->depends, sb, depth, &seen);
			strbuf_addf(sb, ", %s:%u", d->file, d->line);
			strlist_release(&seen);
			return;
		}
	}
	for (i = 0; i < s->nr_defs; i++) {
		const struct kdef *d = &s->defs[i];
		struct strlist seen = { 0 };

		if (!d->prompt && d->nr_defaults && !feasible_default(kc, d)) {
			strbuf_addstr(sb, "no prompt, and its default is not met: ");
			explain_unmet(kc, d->defaults[0].value, sb, depth, &seen);
			strbuf_addf(sb, ", %s:%u", d->file, d->line);
			strlist_release(&seen);
			return;
		}
	}
	for (i = 0; i < s->nr_defs; i++)
		if (s->defs[i].prompt || s->defs[i].nr_defaults)
			break;
	if (i == s->nr_defs) {
		strbuf_addstr(sb, "no prompt: only select sets it");
		if (!s->nr_selected_by) {
			strbuf_addstr(sb, ", and nothing selects it");
			return;
		}
		strbuf_addstr(sb, "; selected by ");
		for (i = 0; i < s->nr_selected_by && i < 3; i++) {
			strbuf_addf(sb, "%s%s", i ? ", " : "", s->selected_by[i].by->name);
			if (depth < 2 && !sym_feasible(kc, s->selected_by[i].by)) {
				strbuf_addstr(sb, " (");
				explain_sym(kc, s->selected_by[i].by->name, sb, depth + 1);
				strbuf_addch(sb, ')');
			}
		}
		if (s->nr_selected_by > 3)
			strbuf_addf(sb, " and %zu more", s->nr_selected_by - 3);
		return;
	}
	strbuf_addf(sb, "its dependencies are met but it is %s", sym_string(kc, name));
}

char *kconfig_explain(struct kconfig_db *kc, const char *symbol)
{
	struct strbuf sb = STRBUF_INIT;

	if (sym_tristate(kc, symbol))
		return NULL;
	explain_sym(kc, symbol, &sb, 0);
	return strbuf_detach(&sb);
}

char *kconfig_explain_arches(struct kconfig_db *kc, const char *symbol, struct strlist *arches)
{
	char *r;

	kc->foreign = arches;
	r = kconfig_explain(kc, symbol);
	kc->foreign = NULL;
	return r;
}

void kconfig_fix_choices(struct kconfig_db *kc, bool fixed)
{
	size_t b;

	if (kc->fixed_choices == fixed)
		return;
	kc->fixed_choices = fixed;
	/* what can be enabled depends on it: the plan's memo goes */
	for (b = 0; b < KCONFIG_BUCKETS; b++) {
		struct ksym *s;

		for (s = kc->buckets[b]; s; s = s->next)
			s->feasible = 0;
	}
}

bool kconfig_feasible(struct kconfig_db *kc, const char *symbol)
{
	return sym_feasible(kc, sym_get(kc, symbol));
}

/* --- a defconfig's values ------------------------------------------------ */

/* One round of what kconfig computes from a defconfig's lines: a symbol
 * with no value and not "is not set" takes its first default whose
 * condition holds (or y/m from a selector that is set), when its
 * dependencies hold. Returns whether anything changed. */
static bool expand_round(struct kconfig_db *kc)
{
	bool changed = false;
	size_t b, i, j;

	for (b = 0; b < KCONFIG_BUCKETS; b++) {
		struct ksym *s;

		for (s = kc->buckets[b]; s; s = s->next) {
			int v = 0;

			if (s->value || !s->nr_defs || strlist_has(&kc->explicit_n, s->name))
				continue;
			for (i = 0; i < s->nr_defs && !v; i++) {
				const struct kdef *d = &s->defs[i];

				if (!bool_like(d) || !kexpr_eval(kc, d->depends))
					continue;
				for (j = 0; j < d->nr_defaults; j++)
					if (kexpr_eval(kc, d->defaults[j].cond)) {
						v = kexpr_eval(kc, d->defaults[j].value);
						break;
					}
				if (v == 1 && d->type != 't')
					v = 2;
			}
			for (i = 0; i < s->nr_selected_by && v < 2; i++)
				if (sym_tristate(kc, s->selected_by[i].by->name) &&
				    kexpr_eval(kc, s->selected_by[i].cond)) {
					int sv = sym_tristate(kc, s->selected_by[i].by->name);

					v = sv > v ? sv : v;
				}
			if (v) {
				s->value = xstrdup(v == 2 ? "y" : "m");
				changed = true;
			}
		}
	}
	/* a visible choice with no member chosen takes its default, else
	 * its first member whose dependencies hold */
	for (b = 0; b < kc->nr_choices; b++) {
		const struct kchoice *c = &kc->choices[b];
		struct ksym *pick = NULL;

		for (i = 0; i < c->nr && sym_tristate(kc, c->members[i]->name) < 2; i++)
			;
		if (i < c->nr)
			continue;
		for (i = 0; i < c->nr && !pick; i++) {
			struct ksym *m = c->members[i];

			if (m->value || strlist_has(&kc->explicit_n, m->name) ||
			    !kexpr_eval(kc, m->defs[0].depends))
				continue;
			if (!c->def || !strcmp(c->def, m->name))
				pick = m;
		}
		for (i = 0; i < c->nr && !pick && c->def; i++)
			if (!c->members[i]->value &&
			    !strlist_has(&kc->explicit_n, c->members[i]->name) &&
			    kexpr_eval(kc, c->members[i]->defs[0].depends))
				pick = c->members[i];
		if (pick) {
			pick->value = xstrdup("y");
			changed = true;
		}
	}
	return changed;
}

void kconfig_set_defconfig(struct kconfig_db *kc, const char *text)
{
	const char *line, *eol;
	int round;

	kconfig_set_values(kc, text);
	strlist_release(&kc->explicit_n);
	for (line = text; line && *line; line = eol ? eol + 1 : NULL) {
		size_t len;

		eol = strchr(line, '\n');
		len = eol ? (size_t)(eol - line) : strlen(line);
		if (len > 9 + 11 && !strncmp(line, "# CONFIG_", 9) &&
		    !strncmp(line + len - 11, " is not set", 11)) {
			char *name = xstrndup(line + 9, len - 9 - 11);

			strlist_add(&kc->explicit_n, name);
			free(name);
		}
	}
	/* a symbol's default often reads another's: until nothing changes */
	for (round = 0; round < 32 && expand_round(kc); round++)
		;
}

/* --- Makefiles -------------------------------------------------------- */

char *makefile_read_file(const char *path)
{
	struct strbuf text = STRBUF_INIT;
	size_t j, k, braces;

	if (strbuf_read_file(&text, path) < 0 || !text.buf) {
		strbuf_release(&text);
		return NULL;
	}
	/* ${VAR} as $(VAR), make's other spelling (obj-${CONFIG_USB4} in
	 * drivers/thunderbolt/): braces opened so are closed so, outside
	 * a recipe's $${shell} */
	for (j = k = 0, braces = 0; j < text.len; j++) {
		if (text.buf[j] == '$' && text.buf[j + 1] == '$') {
			text.buf[k++] = text.buf[j++];
			text.buf[k++] = text.buf[j];
		} else if (text.buf[j] == '$' && text.buf[j + 1] == '{') {
			text.buf[k++] = '$';
			text.buf[k++] = '(';
			j++;
			braces++;
		} else if (text.buf[j] == '}' && braces) {
			text.buf[k++] = ')';
			braces--;
		} else if (text.buf[j] == '\n') {
			text.buf[k++] = '\n';
			braces = 0;
		} else if (text.buf[j] == '\\' && text.buf[j + 1] == '\n') {
			text.buf[k++] = ' ';
			j++;
		} else if (text.buf[j] == '#') {
			while (j < text.len && text.buf[j] != '\n')
				j++;
			if (j < text.len)
				text.buf[k++] = '\n';
		} else {
			text.buf[k++] = text.buf[j];
		}
	}
	text.buf[k] = '\0';
	return strbuf_detach(&text);
}

char *makefile_read(const char *srcdir, const char *dir, char **which)
{
	static const char *const names[] = { "Kbuild", "Makefile" };
	struct strbuf path = STRBUF_INIT;
	char *text = NULL;
	size_t i;

	for (i = 0; i < 2 && !text; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s%s%s/%s", srcdir, *dir ? "/" : "", dir, names[i]);
		text = makefile_read_file(path.buf);
	}
	if (text)
		*which = xstrdup(path.buf + strlen(srcdir) + 1);
	strbuf_release(&path);
	return text;
}

/* The symbol in "obj-$(CONFIG_FOO)" or "foo-$(CONFIG_BAR)", and the part
 * before its dash; the -y / -m / -objs forms have no symbol. */
static bool split_lhs(const char *lhs, char **base, char **sym)
{
	const char *cfg = strstr(lhs, "-$(CONFIG_"), *dash = strrchr(lhs, '-');

	*sym = NULL;
	if (cfg) {
		*sym = xstrndup(cfg + 10, strcspn(cfg + 10, ")"));
		*base = xstrndup(lhs, (size_t)(cfg - lhs));
		return true;
	}
	if (dash && (!strcmp(dash, "-y") || !strcmp(dash, "-m") || !strcmp(dash, "-objs"))) {
		*base = xstrndup(lhs, (size_t)(dash - lhs));
		return true;
	}
	return false;
}

static bool is_builtin_list(const char *base)
{
	static const char *const lists[] = { "obj", "lib", "core", "drivers", "libs", "head",
					     "net", "init", NULL };
	size_t i;

	for (i = 0; lists[i]; i++)
		if (!strcmp(base, lists[i]))
			return true;
	return false;
}

static bool gates_of(const char *srcdir, const char *dir, const char *target,
		     const struct kconfig_db *kc, int depth, struct strlist *syms);

/* Does lhs (listing target) lead to a built list? Adds its symbols. */
enum gate_pass {
	GATE_SET,		/* lines whose symbol is already y or m */
	GATE_DEFINED,		/* whose symbol this arch defines */
	GATE_ANY,
};

static bool gates_of_line(const char *srcdir, const char *dir, const char *lhs,
			  const struct kconfig_db *kc, enum gate_pass pass, int depth,
			  struct strlist *syms)
{
	char *base, *sym;
	bool ok = false;
	size_t mark = syms->nr;

	if (!split_lhs(lhs, &base, &sym))
		return false;
	if (sym && kc && pass == GATE_SET && sym_tristate(kc, sym) == 0)
		goto out;	/* a later pass takes it */
	if (sym && kc && pass == GATE_DEFINED && !kconfig_defines(kc, sym))
		goto out;
	if (sym && !strlist_has(syms, sym))
		strlist_add(syms, sym);
	if (is_builtin_list(base)) {
		ok = true;
	} else if (strcmp(base, "subdir") && strcmp(base, "always") && strcmp(base, "extra") &&
		   strcmp(base, "hostprogs") && strcmp(base, "targets") && depth < 5) {
		struct strbuf composite = STRBUF_INIT;

		strbuf_addf(&composite, "%s.o", base);
		ok = gates_of(srcdir, dir, composite.buf, kc, depth + 1, syms);
		if (!ok) {
			/* dvb-net-$(CONFIG_DVB_NET) := dvb_net.o, and
			 * dvb-core-objs := ... $(dvb-net-y) ... */
			strbuf_reset(&composite);
			strbuf_addf(&composite, "$(%s-y)", base);
			ok = gates_of(srcdir, dir, composite.buf, kc, depth + 1, syms);
		}
		strbuf_release(&composite);
	}
out:
	if (!ok)
		while (syms->nr > mark)
			free(syms->items[--syms->nr]);
	free(base);
	free(sym);
	return ok;
}

static bool gates_of(const char *srcdir, const char *dir, const char *target,
		     const struct kconfig_db *kc, int depth, struct strlist *syms)
{
	char *which = NULL, *text = makefile_read(srcdir, dir, &which);
	char *line, *save = NULL;
	bool ok = false;
	int pass;		/* enum gate_pass */

	if (!text)
		return false;
	/* obj-$(CONFIG_USB) += usb/ and obj-$(CONFIG_USB_OTG_UTILS) += usb/:
	 * either will do; first a line whose symbol is set, then one whose
	 * symbol this arch defines, then any */
	for (pass = kc ? GATE_SET : GATE_ANY; pass <= GATE_ANY && !ok; pass++) {
		struct strbuf copy = STRBUF_INIT;

		strbuf_addstr(&copy, text);
		save = NULL;
		for (line = strtok_r(copy.buf, "\n", &save); line && !ok;
		     line = strtok_r(NULL, "\n", &save)) {
			char *op = strchr(line, '='), *lhs = line, *w, *wsave = NULL;
			bool found = false;

			if (!op)
				continue;
			while (*lhs == ' ' || *lhs == '\t')
				lhs++;
			if (op > lhs && (op[-1] == '+' || op[-1] == ':' || op[-1] == '?'))
				op[-1] = '\0';
			*op = '\0';
			for (w = lhs + strlen(lhs); w > lhs && (w[-1] == ' ' || w[-1] == '\t'); w--)
				w[-1] = '\0';
			/* arch/x86/Makefile: core-$(CONFIG_KVM) += arch/x86/kvm/ */
			for (w = strtok_r(op + 1, " \t", &wsave); w && !found;
			     w = strtok_r(NULL, " \t", &wsave))
				found = !strcmp(w, target) ||
					(*dir && !strncmp(w, dir, strlen(dir)) &&
					 w[strlen(dir)] == '/' && !strcmp(w + strlen(dir) + 1, target));
			if (found)
				ok = gates_of_line(srcdir, dir, lhs, kc, pass, depth, syms);
		}
		strbuf_release(&copy);
	}
	free(text);
	free(which);
	return ok;
}

bool makefile_gates(const char *srcdir, const char *object, const struct kconfig_db *kc,
		    struct strlist *symbols)
{
	char *dir = xstrndup(object, strrchr(object, '/') ? (size_t)(strrchr(object, '/') - object) : 0);
	const char *target = object + (*dir ? strlen(dir) + 1 : 0);
	bool listed;

	listed = gates_of(srcdir, dir, target, kc, 0, symbols);
	/* a big driver's Makefile lists the objects of its subdirectories */
	while (!listed && strchr(dir, '/')) {
		*strrchr(dir, '/') = '\0';
		target = object + strlen(dir) + 1;
		listed = gates_of(srcdir, dir, target, kc, 0, symbols);
	}
	if (!listed) {
		free(dir);
		return false;
	}
	/* the directories above it: obj-$(CONFIG_BAR) += dir/ */
	while (strchr(dir, '/')) {
		char *slash = strrchr(dir, '/');
		struct strbuf sub = STRBUF_INIT;

		strbuf_addf(&sub, "%s/", slash + 1);
		*slash = '\0';
		gates_of(srcdir, dir, sub.buf, kc, 0, symbols);
		strbuf_release(&sub);
	}
	free(dir);
	return true;
}

bool kconfig_choice_tristate(const struct kconfig_db *kc, const char *symbol)
{
	const struct ksym *s = sym_find(kc, symbol);
	size_t i;

	for (i = 0; s && i < s->nr_defs; i++)
		if (s->defs[i].in_choice && s->defs[i].type == 't')
			return true;
	return false;
}
