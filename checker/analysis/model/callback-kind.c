#include "analysis/model/callback-kind.h"

#include <stdlib.h>
#include <string.h>

/* The parameters are (int, void *): what request_irq() calls. */
static bool irq_parameters(const struct lexed_file *lf, const struct source_function *fn)
{
	long j, comma = -1;

	for (j = (long)fn->params_open + 1; j < (long)fn->params_close; j++)
		if (tok_is_punct(lf, j, ",")) {
			if (comma >= 0)
				return false;
			comma = j;
		}
	return comma >= 0 && tok_is_ident(lf, token_next_code(lf, (long)fn->params_open), "int") &&
	       tok_is_ident(lf, token_next_code(lf, comma), "void");
}

/* The one parameter is `struct irq_data *d`: what an irq_chip calls. */
static bool irq_data_parameter(const struct lexed_file *lf, const struct source_function *fn)
{
	long j = token_next_code(lf, (long)fn->params_open);

	if (!tok_is_ident(lf, j, "struct") || !tok_is_ident(lf, token_next_code(lf, j), "irq_data"))
		return false;
	for (; j >= 0 && j < (long)fn->params_close; j = token_next_code(lf, j))
		if (tok_is_punct(lf, j, ","))
			return false;
	return true;
}

/* fn is set as an irq_chip method in its file: `.irq_startup = fn` in a
 * table, or `chip->irq_startup = fn` at probe (the irq_* members of
 * struct irq_chip; an irq_domain's ops take other parameters). */
static bool set_as_irq_chip_method(const struct lexed_file *lf, const struct source_function *fn)
{
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		long eq, member, dot;
		const struct token *m;

		if (i == fn->name_tok || lf->tokens[i].kind != TOK_IDENT ||
		    !tok_is_ident(lf, (long)i, fn->name))
			continue;
		eq = token_prev_code(lf, (long)i);
		member = token_prev_code(lf, eq);
		dot = token_prev_code(lf, member);
		if (!tok_is_punct(lf, eq, "=") || member < 0 ||
		    !(tok_is_punct(lf, dot, ".") || tok_is_punct(lf, dot, "->")))
			continue;
		m = &lf->tokens[member];
		if (m->kind == TOK_IDENT && m->len > 4 && !memcmp(lf->text + m->offset, "irq_", 4))
			return true;
	}
	return false;
}

enum callback_kind function_callback_kind(const struct lexed_file *lf,
					  const struct source_function *fn)
{
	long j;
	int back;

	if (fn->is_macro)
		return CALLBACK_NONE;
	for (j = (long)fn->params_open; j < (long)fn->params_close; j++)
		if (tok_is_ident(lf, j, "timer_list") || tok_is_ident(lf, j, "hrtimer"))
			return CALLBACK_TIMER;
	/* The return type: the few tokens before the name (static, inline,
	 * a __section attribute at most). */
	for (j = token_prev_code(lf, (long)fn->name_tok), back = 0; j >= 0 && back < 4;
	     j = token_prev_code(lf, j), back++) {
		if (tok_is_ident(lf, j, "irqreturn_t"))
			return irq_parameters(lf, fn) ? CALLBACK_IRQ : CALLBACK_NONE;
		if (tok_is_punct(lf, j, ";") || tok_is_punct(lf, j, "}"))
			break;
	}
	if (irq_data_parameter(lf, fn) && set_as_irq_chip_method(lf, fn))
		return CALLBACK_IRQ_CHIP;
	return CALLBACK_NONE;
}

enum callback_kind function_callback_kind_via_caller(const struct source_file *f,
						     const struct source_function *fn,
						     const char **via)
{
	const struct lexed_file *lf = &f->lex;
	const struct source_function *caller = NULL, *in;
	size_t i;

	*via = NULL;
	if (fn->is_macro || !fn->is_static)
		return CALLBACK_NONE;
	for (i = 0; i < lf->nr_tokens; i++) {
		if (lf->tokens[i].kind != TOK_IDENT || i == fn->name_tok || f->dead[i] ||
		    lf->tokens[i].in_directive || !tok_is_ident(lf, (long)i, fn->name))
			continue;
		in = source_function_at(f, i);
		if (!in)
			continue;	/* a prototype */
		/* a call, from one function only (not handed over as a
		 * pointer, which may run it from anywhere) */
		if (!tok_is_punct(lf, token_next_code(lf, (long)i), "(") || in == fn ||
		    (caller && caller != in))
			return CALLBACK_NONE;
		caller = in;
	}
	if (!caller)
		return CALLBACK_NONE;
	*via = caller->name;
	return function_callback_kind(lf, caller);
}

const char *callback_kind_name(enum callback_kind k)
{
	switch (k) {
	case CALLBACK_TIMER:
		return "a timer callback";
	case CALLBACK_IRQ:
		return "an interrupt handler";
	case CALLBACK_IRQ_CHIP:
		return "an irq_chip method";
	default:
		return "";
	}
}

bool function_runs_once(const struct source_file *f, const struct source_function *fn)
{
	const struct lexed_file *lf = &f->lex;
	long j;
	int back;
	size_t i;

	for (j = token_prev_code(lf, (long)fn->name_tok), back = 0; j >= 0 && back < 6;
	     j = token_prev_code(lf, j), back++) {
		if (tok_is_ident(lf, j, "__init"))
			return true;
		if (tok_is_punct(lf, j, ";") || tok_is_punct(lf, j, "}"))
			break;
	}
	/* late_initcall(fn), module_init(fn), ... */
	for (i = 0; i < lf->nr_tokens; i++) {
		long open, arg, close;
		char *name;
		bool init;

		if (lf->tokens[i].kind != TOK_IDENT || !tok_is_ident(lf, (long)i, fn->name))
			continue;
		arg = (long)i;
		open = token_prev_code(lf, arg);
		close = token_next_code(lf, arg);
		if (!tok_is_punct(lf, open, "(") || !tok_is_punct(lf, close, ")") ||
		    (j = token_prev_code(lf, open)) < 0 || lf->tokens[j].kind != TOK_IDENT)
			continue;
		name = tok_text(lf, (size_t)j);
		init = strstr(name, "initcall") || !strcmp(name, "module_init");
		free(name);
		if (init)
			return true;
	}
	return false;
}
