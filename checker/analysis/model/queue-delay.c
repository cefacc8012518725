#include "analysis/model/queue-delay.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The delayed calls and their delay's argument. */
static const struct {
	const char *name;
	int arg;
} delayed_calls[] = {
	{ "queue_delayed_work", 2 },
	{ "mod_delayed_work", 2 },
	{ "queue_delayed_work_on", 3 },
	{ "mod_delayed_work_on", 3 },
	{ "schedule_delayed_work", 1 },
	{ "schedule_delayed_work_on", 2 },
};

/* The calls queueing at once. */
static const char *const immediate_calls[] = {
	"queue_work", "queue_work_on", "queue_work_node", "queue_rcu_work",
	"enable_and_queue_work", "schedule_work", "schedule_work_on", NULL
};

/* A value read from tokens: ms at the least, or unknown. */
struct value {
	double ms;
	bool known;
	bool jiffies;	/* a count of jiffies (a literal), not yet ms */
};

struct reader {
	const struct source_file *f;
	size_t i, end;	/* the next token, one past the last */
	int depth;	/* macros followed */
};

static struct value read_sum(struct reader *r);

static bool at_punct(struct reader *r, const char *p)
{
	return r->i < r->end && tok_is_punct(&r->f->lex, (long)r->i, p);
}

static void skip_comments(struct reader *r)
{
	const struct lexed_file *lf = &r->f->lex;

	while (r->i < r->end && lf->tokens[r->i].kind == TOK_COMMENT)
		r->i++;
}

static void advance(struct reader *r)
{
	r->i++;
	skip_comments(r);
}

static struct value unknown(void)
{
	struct value v = { 0, false, false };

	return v;
}

/* The body of `#define name ...` in f: [*first, *end), or false. */
static bool macro_body(const struct source_file *f, const char *name, size_t *first,
		       size_t *end)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		size_t j;

		if (!t->is_directive_name || !tok_is_ident(lf, (long)i, name) ||
		    i < 1 || !tok_is_ident(lf, (long)i - 1, "define") ||
		    (i + 1 < lf->nr_tokens && tok_is_punct(lf, (long)i + 1, "(") &&
		     lf->tokens[i + 1].offset == t->offset + t->len))
			continue;
		for (j = i + 1; j < lf->nr_tokens && lf->tokens[j].kind != TOK_DIRECTIVE_END; j++)
			;
		*first = i + 1;
		*end = j;
		return *first < *end;
	}
	return false;
}

/* In ms: a jiffies count is at least that many ms (HZ is at most 1000). */
static struct value as_ms(struct value v)
{
	v.jiffies = false;
	return v;
}

static struct value read_call(struct reader *r, const char *name)
{
	static const struct {
		const char *name;
		double scale;	/* ms per unit of the argument */
	} conv[] = {
		{ "msecs_to_jiffies", 1 }, { "secs_to_jiffies", 1000 },
		{ "usecs_to_jiffies", 0.001 }, { "round_jiffies_relative", -1 },
		{ "round_jiffies_up_relative", -1 }, { "nsecs_to_jiffies", 0.000001 },
	};
	struct value v;
	size_t k;

	for (k = 0; k < sizeof(conv) / sizeof(conv[0]); k++)
		if (!strcmp(name, conv[k].name))
			break;
	if (k == sizeof(conv) / sizeof(conv[0]))
		return unknown();
	advance(r);		/* ( */
	v = read_sum(r);
	if (!at_punct(r, ")"))
		return unknown();
	advance(r);
	if (conv[k].scale < 0)		/* jiffies in, jiffies out */
		return v;
	v.ms *= conv[k].scale;
	v.jiffies = false;
	return v;
}

static struct value read_primary(struct reader *r)
{
	const struct lexed_file *lf = &r->f->lex;
	struct value v = unknown();

	if (r->i >= r->end)
		return v;
	if (at_punct(r, "(")) {
		advance(r);
		v = read_sum(r);
		if (!at_punct(r, ")"))
			return unknown();
		advance(r);
		return v;
	}
	if (lf->tokens[r->i].kind == TOK_NUMBER) {
		char *text = tok_text(lf, r->i);

		v.ms = strtod(text, NULL);
		v.known = true;
		v.jiffies = true;
		free(text);
		advance(r);
		return v;
	}
	if (lf->tokens[r->i].kind == TOK_IDENT) {
		char *name = tok_text(lf, r->i);
		size_t first, end;

		advance(r);
		if (!strcmp(name, "HZ")) {
			v.ms = 1000;
			v.known = true;
		} else if (at_punct(r, "(")) {
			v = read_call(r, name);
		} else if (r->depth < 4 && macro_body(r->f, name, &first, &end)) {
			struct reader m = { r->f, first, end, r->depth + 1 };

			skip_comments(&m);
			v = read_sum(&m);
			if (m.i != m.end)
				v = unknown();
		} else {
			/* a variable or a field (`ctrl->kato`): nothing known,
			 * but a multiple of HZ
			 * below stays seconds when it is not zero */
			v.ms = 1;
			v.known = false;
			while (at_punct(r, "->") || at_punct(r, ".")) {
				advance(r);
				if (r->i < r->end && lf->tokens[r->i].kind == TOK_IDENT)
					advance(r);
			}
		}
		free(name);
		return v;
	}
	return v;
}

static struct value read_product(struct reader *r)
{
	struct value v = read_primary(r);

	while (at_punct(r, "*") || at_punct(r, "/")) {
		bool times = at_punct(r, "*");
		struct value w;

		advance(r);
		w = read_primary(r);
		if (times) {
			/* `kato * HZ`, `HD_DELAY_INTERVAL * factor`: a
			 * duration times a count wqcheck cannot read, which
			 * is taken as one (zero would be no delay at all) */
			bool seconds = (!v.known && w.known && w.ms > 0 && !w.jiffies) ||
				       (!w.known && v.known && v.ms > 0 && !v.jiffies);

			v.ms *= w.ms;
			v.known = (v.known && w.known) || seconds;
			v.jiffies = v.jiffies && w.jiffies;
		} else {
			v.known = v.known && w.known && w.ms > 0;
			if (v.known)
				v.ms /= w.ms;
			v.jiffies = v.jiffies && w.jiffies;
		}
	}
	return v;
}

static struct value read_sum(struct reader *r)
{
	struct value v = read_product(r);

	while (at_punct(r, "+") || at_punct(r, "-")) {
		bool plus = at_punct(r, "+");
		struct value w;

		advance(r);
		w = read_product(r);
		v.known = v.known && w.known && plus;
		v.ms += w.ms;
	}
	return v;
}

void queue_delay_of(const struct workitem_model *m, const struct queueing *q,
		    struct queue_delay *out)
{
	struct source_file *f;
	size_t first[6], last[6], k, n;
	long tok, open;
	struct value v;

	memset(out, 0, sizeof(*out));
	out->known = true;
	for (k = 0; immediate_calls[k]; k++)
		if (!strcmp(q->api, immediate_calls[k]))
			return;
	out->known = false;
	for (k = 0; k < sizeof(delayed_calls) / sizeof(delayed_calls[0]); k++)
		if (!strcmp(q->api, delayed_calls[k].name))
			break;
	if (k == sizeof(delayed_calls) / sizeof(delayed_calls[0]))
		return;		/* a wrapper: its delay is its caller's guess */
	f = source_get(&m->a->sc, q->file);
	tok = f ? token_at_position(&f->lex, q->line, q->column) : -1;
	open = tok < 0 ? -1 : token_next_code(&f->lex, tok);
	if (open < 0 || !tok_is_punct(&f->lex, open, "("))
		return;
	n = call_arguments(&f->lex, (size_t)open, first, last, 6);
	if (n <= (size_t)delayed_calls[k].arg || first[delayed_calls[k].arg] >
						     last[delayed_calls[k].arg])
		return;
	{
		size_t a = (size_t)delayed_calls[k].arg;
		struct reader r = { f, first[a], last[a] + 1, 0 };

		skip_comments(&r);
		v = as_ms(read_sum(&r));
		if (r.i != r.end)
			v = unknown();
	}
	out->text = expression_text(&f->lex, first[delayed_calls[k].arg],
				    last[delayed_calls[k].arg]);
	out->known = v.known;
	out->ms = v.known && v.ms > 0 ? (long)v.ms : 0;
}

void queue_delay_release(struct queue_delay *d)
{
	free(d->text);
	d->text = NULL;
}
