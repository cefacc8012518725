#include "front/conditional.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

struct kconfig {
	char **names;		/* sorted: the CONFIG_ macros autoconf.h defines */
	size_t nr, alloc;
	bool configured;	/* read from an autoconf.h */
	bool unknown;		/* every option unknown (kconfig_unknown()) */
};

static int name_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct kconfig *kconfig_load(const char *root)
{
	struct kconfig *kc = xcalloc(1, sizeof(*kc));
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	char *line, *save = NULL;

	strbuf_addf(&path, "%s/include/generated/autoconf.h", root);
	if (strbuf_read_file(&text, path.buf) == 0 && text.buf) {
		kc->configured = true;
		for (line = strtok_r(text.buf, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			char *name, *end;

			if (strncmp(line, "#define ", 8))
				continue;
			name = line + 8;
			for (end = name; *end && *end != ' ' && *end != '\t'; end++)
				;
			ALLOC_GROW(kc->names, kc->nr, kc->alloc);
			kc->names[kc->nr++] = xstrndup(name, (size_t)(end - name));
		}
		qsort(kc->names, kc->nr, sizeof(*kc->names), name_compare);
	}
	strbuf_release(&path);
	strbuf_release(&text);
	return kc;
}

void kconfig_free(struct kconfig *kc)
{
	size_t i;

	if (!kc)
		return;
	for (i = 0; i < kc->nr; i++)
		free(kc->names[i]);
	free(kc->names);
	free(kc);
}

bool kconfig_configured(const struct kconfig *kc)
{
	return kc && kc->configured;
}

const struct kconfig *kconfig_unknown(void)
{
	static const struct kconfig unknown = { .unknown = true };

	return &unknown;
}

/* 1 or 0; -1 when kc knows no option (kconfig_unknown()). */
static int kconfig_defined(const struct kconfig *kc, const char *name, size_t len)
{
	char buf[256];
	const char *key = buf;

	if (kc->unknown)
		return -1;
	if (len >= sizeof(buf))
		return 0;
	memcpy(buf, name, len);
	buf[len] = '\0';
	/* bsearch() of no array is undefined: an unconfigured tree */
	return kc->nr && bsearch(&key, kc->names, kc->nr, sizeof(*kc->names),
				 name_compare) != NULL;
}

/* A tiny evaluator for the conditions kernel code writes. Values: 0, 1, or -1
 * for "cannot tell without the real preprocessor". */
struct cond_parser {
	const struct lexed_file *lf;
	const struct kconfig *kc;
	size_t pos, end;	/* token range of the condition */
};

static const struct token *cp_peek(struct cond_parser *cp)
{
	while (cp->pos < cp->end && cp->lf->tokens[cp->pos].kind == TOK_COMMENT)
		cp->pos++;
	return cp->pos < cp->end ? &cp->lf->tokens[cp->pos] : NULL;
}

static bool cp_accept(struct cond_parser *cp, const char *s)
{
	const struct token *t = cp_peek(cp);

	if (t && token_is(cp->lf, t, s)) {
		cp->pos++;
		return true;
	}
	return false;
}

static int cp_or(struct cond_parser *cp);

static bool is_config_name(const struct lexed_file *lf, const struct token *t)
{
	return t->kind == TOK_IDENT && t->len > 7 && !memcmp(lf->text + t->offset, "CONFIG_", 7);
}

static int defined_value(struct cond_parser *cp, const struct token *t)
{
	if (is_config_name(cp->lf, t))
		return kconfig_defined(cp->kc, cp->lf->text + t->offset, t->len);
	if (token_is(cp->lf, t, "__KERNEL__"))
		return 1;
	return -1;
}

static int cp_primary(struct cond_parser *cp)
{
	const struct token *t = cp_peek(cp);

	if (!t)
		return -1;
	if (cp_accept(cp, "!")) {
		int v = cp_primary(cp);

		return v < 0 ? -1 : !v;
	}
	if (cp_accept(cp, "(")) {
		int v = cp_or(cp);

		return cp_accept(cp, ")") ? v : -1;
	}
	if (t->kind == TOK_NUMBER) {
		cp->pos++;
		if (t->len == 1 && (cp->lf->text[t->offset] == '0' || cp->lf->text[t->offset] == '1'))
			return cp->lf->text[t->offset] - '0';
		return -1;
	}
	if (token_is(cp->lf, t, "defined")) {
		bool paren;
		const struct token *name;

		cp->pos++;
		paren = cp_accept(cp, "(");
		name = cp_peek(cp);
		if (!name || name->kind != TOK_IDENT)
			return -1;
		cp->pos++;
		if (paren && !cp_accept(cp, ")"))
			return -1;
		return defined_value(cp, name);
	}
	if (token_is(cp->lf, t, "IS_ENABLED") || token_is(cp->lf, t, "IS_BUILTIN") ||
	    token_is(cp->lf, t, "IS_MODULE")) {
		const struct token *name;
		char module[256];
		int builtin, modular;

		cp->pos++;
		if (!cp_accept(cp, "("))
			return -1;
		name = cp_peek(cp);
		if (!name || !is_config_name(cp->lf, name) || name->len + 8 > sizeof(module))
			return -1;
		cp->pos++;
		if (!cp_accept(cp, ")"))
			return -1;
		builtin = kconfig_defined(cp->kc, cp->lf->text + name->offset, name->len);
		memcpy(module, cp->lf->text + name->offset, name->len);
		memcpy(module + name->len, "_MODULE", 7);
		modular = kconfig_defined(cp->kc, module, name->len + 7);
		if (builtin < 0 || modular < 0)
			return -1;
		if (token_is(cp->lf, t, "IS_BUILTIN"))
			return builtin;
		if (token_is(cp->lf, t, "IS_MODULE"))
			return modular;
		return builtin || modular;
	}
	if (is_config_name(cp->lf, t)) {
		cp->pos++;
		/* autoconf.h defines bool options as 1; others we do not evaluate. */
		return kconfig_defined(cp->kc, cp->lf->text + t->offset, t->len) ? -1 : 0;
	}
	return -1;
}

static int cp_and(struct cond_parser *cp)
{
	int v = cp_primary(cp);

	while (cp_accept(cp, "&&")) {
		int w = cp_primary(cp);

		v = (v == 0 || w == 0) ? 0 : (v < 0 || w < 0) ? -1 : 1;
	}
	return v;
}

static int cp_or(struct cond_parser *cp)
{
	int v = cp_and(cp);

	while (cp_accept(cp, "||")) {
		int w = cp_and(cp);

		v = (v == 1 || w == 1) ? 1 : (v < 0 || w < 0) ? -1 : 0;
	}
	return v;
}

/* Value of the condition of the directive whose '#' is token hash. */
static int evaluate_condition(const struct lexed_file *lf, const struct kconfig *kc,
			      size_t hash, size_t *directive_end)
{
	struct cond_parser cp = { .lf = lf, .kc = kc };
	const struct token *word = &lf->tokens[hash + 1];
	size_t end = hash + 1;
	int v;

	while (end < lf->nr_tokens && lf->tokens[end].kind != TOK_DIRECTIVE_END)
		end++;
	*directive_end = end;
	cp.pos = hash + 2;
	cp.end = end;
	if (token_is(lf, word, "ifdef") || token_is(lf, word, "ifndef")) {
		const struct token *name = cp_peek(&cp);

		if (!name || name->kind != TOK_IDENT)
			return -1;
		v = defined_value(&cp, name);
		if (v < 0 && token_is(lf, word, "ifndef")) {
			/* An include guard: #ifndef X followed by #define X. */
			size_t n = end + 1;

			if (n + 2 < lf->nr_tokens && token_is(lf, &lf->tokens[n], "#") &&
			    token_is(lf, &lf->tokens[n + 1], "define") &&
			    lf->tokens[n + 2].len == name->len &&
			    !memcmp(lf->text + lf->tokens[n + 2].offset, lf->text + name->offset,
				    name->len))
				return 1;
		}
		if (v < 0)
			return -1;
		return token_is(lf, word, "ifdef") ? v : !v;
	}
	v = cp_or(&cp);
	if (cp_peek(&cp))
		return -1;	/* something we did not understand follows */
	return v;
}

struct cond_frame {
	enum branch_state parent;	/* state around the #if */
	enum branch_state current;	/* state of the branch being read */
	bool taken;			/* an earlier branch was active */
	bool unknown_taken;		/* an earlier branch may have been */
};

static enum branch_state branch_of(enum branch_state parent, int value, bool taken,
				   bool unknown_taken)
{
	if (parent == BRANCH_INACTIVE || taken)
		return BRANCH_INACTIVE;
	if (value == 0)
		return BRANCH_INACTIVE;
	if (value < 0 || unknown_taken || parent == BRANCH_UNKNOWN)
		return BRANCH_UNKNOWN;
	return BRANCH_ACTIVE;
}

void evaluate_branches(const struct lexed_file *lf, const struct kconfig *kc,
		       enum branch_state *states)
{
	struct cond_frame *stack = NULL;
	size_t depth = 0, alloc = 0, i = 0, end;
	enum branch_state state = BRANCH_ACTIVE;

	while (i < lf->nr_tokens) {
		const struct token *t = &lf->tokens[i];
		const struct token *word;
		int v;

		states[i] = state;
		if (!(t->in_directive && t->directive_index == (int)i) || i + 1 >= lf->nr_tokens) {
			i++;
			continue;
		}
		word = &lf->tokens[i + 1];
		if (token_is(lf, word, "if") || token_is(lf, word, "ifdef") ||
		    token_is(lf, word, "ifndef")) {
			v = evaluate_condition(lf, kc, i, &end);
			ALLOC_GROW(stack, depth, alloc);
			stack[depth].parent = state;
			stack[depth].current = branch_of(state, v, false, false);
			stack[depth].taken = stack[depth].current == BRANCH_ACTIVE;
			stack[depth].unknown_taken = stack[depth].current == BRANCH_UNKNOWN;
			state = stack[depth].current;
			depth++;
		} else if (depth && (token_is(lf, word, "elif") || token_is(lf, word, "else"))) {
			struct cond_frame *f = &stack[depth - 1];

			if (token_is(lf, word, "elif"))
				v = evaluate_condition(lf, kc, i, &end);
			else
				v = 1;
			f->current = branch_of(f->parent, v, f->taken, f->unknown_taken);
			f->taken |= f->current == BRANCH_ACTIVE;
			f->unknown_taken |= f->current == BRANCH_UNKNOWN;
			state = f->current;
		} else if (depth && token_is(lf, word, "endif")) {
			state = stack[--depth].parent;
		}
		/* The directive's own tokens take the state around it. */
		for (i++; i < lf->nr_tokens && lf->tokens[i].directive_index == t->directive_index; i++)
			states[i] = state;
	}
	free(stack);
}
