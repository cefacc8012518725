/* Unit tests of the paths a token sits on (analysis/model/code-paths.h):
 * the conditions it runs under (if, else, `&&`, an earlier `if (c)
 * return;`, the one caller of a static function), and whether only
 * statements that let go follow it. WQ014's live windows and exclusions
 * by state stand on these answers. */
#include "analysis/model/code-paths.h"
#include "test-lib.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

static const char text[] =
	"static void done(struct c *c)\n"
	"{\n"
	"	mutex_lock(&c->lock);\n"
	"	if (c->stop)\n"
	"		goto out;\n"
	"	if (c->ok >= 3)\n"
	"		enable_irq(c->irq);\n"
	"	else\n"
	"		again(c);\n"
	"out:\n"
	"	mutex_unlock(&c->lock);\n"
	"}\n"
	"static void early(struct c *c)\n"
	"{\n"
	"	enable_irq(c->irq);\n"
	"	c->n = read_chip(c);\n"
	"}\n"
	"static void stored(struct c *c)\n"
	"{\n"
	"	atomic_set(&c->busy, 0);\n"
	"	c->n = 0;\n"
	"	return;\n"
	"}\n"
	"static void looped(struct c *c)\n"
	"{\n"
	"	while (c->n--) {\n"
	"		enable_irq(c->irq);\n"
	"	}\n"
	"}\n"
	"void pick(struct c *c)\n"
	"{\n"
	"	if (c->dead)\n"
	"		return;\n"
	"	if (c->on && !atomic_xchg(&c->busy, 1)) {\n"
	"		if (!c->desc.fast)\n"
	"			first(c);\n"
	"		else\n"
	"			second(c);\n"
	"	}\n"
	"}\n"
	"static void cb(struct t *t)\n"
	"{\n"
	"	third(t);\n"
	"}\n"
	"void arm(struct c *c)\n"
	"{\n"
	"	if (!test_and_set_bit(0, &c->flags))\n"
	"		timer_setup(&c->t, cb, 0);\n"
	"}\n";

/* The token of the first call of name in f. */
static size_t call_of(const struct source_file *f, const char *name)
{
	size_t i;

	for (i = 0; i < f->lex.nr_tokens; i++)
		if (tok_is_ident(&f->lex, (long)i, name) &&
		    tok_is_punct(&f->lex, token_next_code(&f->lex, (long)i), "("))
			return i;
	die("no call of %s", name);
}

/* The guards of the first call of name as "text=1 text=0 ". */
static char *guards(const struct source_file *f, const char *name, bool inherit)
{
	size_t tok = call_of(f, name);
	struct code_guards g = { 0 };
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	code_guards_at(f, source_function_at(f, tok), tok, inherit, &g);
	for (i = 0; i < g.nr; i++)
		strbuf_addf(&sb, "%s=%d ", g.items[i].text, g.items[i].holds);
	code_guards_release(&g);
	return strbuf_detach(&sb);
}

/* Whether the call of name in function fn is a tail of it. */
static bool tail(const struct source_file *f, const char *fn, const char *name)
{
	const struct source_function *in = source_find_function(f, fn);
	size_t i;

	if (!in)
		die("no function %s", fn);
	for (i = in->body_open; i < in->body_close; i++)
		if (tok_is_ident(&f->lex, (long)i, name))
			return code_is_tail(f, in, i);
	die("%s is not in %s", name, fn);
}

/* The guards of the first call of a name, as guards() writes them. */
static const struct guard_case {
	const char *name;
	const char *call;
	bool inherit;	/* a static callback takes its setter's guards */
	const char *want;
} guard_cases[] = {
	{ "the then-branch runs under its condition, past the earlier goto's test",
	  "enable_irq", false, "c->ok>=3=1 " },
	{ "the else-branch runs under its condition's opposite", "again", false, "c->ok>=3=0 " },
	{ "a conjunction splits, `!` is taken off, the early return counts", "first", false,
	  "c->desc.fast=0 c->on=1 atomic_xchg(&c->busy,1)=0 c->dead=0 " },
	{ "the else of an inner if inside the outer one", "second", false,
	  "c->desc.fast=1 c->on=1 atomic_xchg(&c->busy,1)=0 c->dead=0 " },
	{ "a static callback handed over once runs under its setter's guards", "third", true,
	  "test_and_set_bit(0,&c->flags)=0 " },
	{ "without inheriting, the callback has none", "third", false, "" },
};

/* Whether a call in a function is a tail of it. */
static const struct tail_case {
	const char *name;
	const char *fn;
	const char *call;
	bool tail;
} tail_cases[] = {
	{ "enable_irq() then else, a label and the unlock: a tail", "done", "enable_irq", true },
	{ "a call read after enable_irq(): not a tail", "early", "enable_irq", false },
	{ "atomic_set(), a plain store and a return: a tail", "stored", "atomic_set", true },
	{ "inside a loop's body: not a tail (the loop goes round again)", "looped", "enable_irq",
	  false },
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

int main(void)
{
	struct source_file *f = source_file_new("d/c.c", xstrdup(text), strlen(text));
	size_t k;

	for (k = 0; k < ARRAY_LEN(guard_cases); k++) {
		const struct guard_case *c = &guard_cases[k];
		char *g = guards(f, c->call, c->inherit);

		CHECK_STR(c->name, g, c->want);
		free(g);
	}
	for (k = 0; k < ARRAY_LEN(tail_cases); k++) {
		const struct tail_case *c = &tail_cases[k];

		CHECK(c->name, tail(f, c->fn, c->call) == c->tail);
	}
	source_file_free(f);
	return test_failures ? 1 : 0;
}
