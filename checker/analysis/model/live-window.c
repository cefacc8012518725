#include "analysis/model/live-window.h"
#include "analysis/model/code-paths.h"
#include "analysis/model/module-groups.h"
#include "analysis/model/workitem-context.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CALLS 16

static const char *const disabling[] = {
	"disable_irq", "disable_irq_nosync", NULL
};

static const char *const enabling[] = {
	"enable_irq", NULL
};

/* Every guard of d is one of q's: d is on q's path. */
static bool guards_within(const struct code_guards *d, const struct code_guards *q)
{
	size_t i, j;

	for (i = 0; i < d->nr; i++) {
		for (j = 0; j < q->nr; j++)
			if (d->items[i].holds == q->items[j].holds &&
			    !strcmp(d->items[i].text, q->items[j].text))
				break;
		if (j == q->nr)
			return false;
	}
	return true;
}

/* A label between from and to: a goto may join the path past from. */
static bool label_between(const struct source_file *f, size_t from, size_t to)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = from + 1; i + 1 < to; i++) {
		long n, p;

		if (lf->tokens[i].kind != TOK_IDENT || tok_is_ident(lf, (long)i, "default"))
			continue;
		n = token_next_code(lf, (long)i);
		p = token_prev_code(lf, (long)i);
		if (tok_is_punct(lf, n, ":") &&
		    (tok_is_punct(lf, p, ";") || tok_is_punct(lf, p, "{") ||
		     tok_is_punct(lf, p, "}")))
			return true;
	}
	return false;
}

static char *first_argument_text(const struct lexed_file *lf, size_t call, size_t *first,
				 size_t *last)
{
	long open = token_next_code(lf, (long)call);

	if (!tok_is_punct(lf, open, "(") || call_arguments(lf, (size_t)open, first, last, 1) < 1 ||
	    *first > *last)
		return NULL;
	return expression_text(lf, *first, *last);
}

/* The IRQ an enable_irq() at call turns on is the one disabled: the same
 * last name (`c_data->throttle_irq`, `data->throttle_irq`), or any when
 * the handler disabled its own `irq` parameter. */
static bool same_irq(const struct lexed_file *lf, size_t call, const char *disabled_name)
{
	size_t first, last;
	char *text = first_argument_text(lf, call, &first, &last), *name;
	bool same;

	if (!text)
		return false;
	free(text);
	if (!disabled_name)
		return true;
	name = code_last_name(lf, first, last);
	same = name && !strcmp(name, disabled_name);
	free(name);
	return same;
}

/* The definition of b's work function: beside its binding, or in file
 * (a driver may bind in one file what another defines). */
static const struct source_function *work_function_of(const struct workitem_model *m,
						      const struct work_binding *b,
						      const char *file, struct source_file **in)
{
	const struct source_function *w = NULL;

	*in = source_get(&m->a->sc, b->file);
	if (*in)
		w = source_find_function(*in, b->function);
	if (!w && file) {
		*in = source_get(&m->a->sc, file);
		if (*in)
			w = source_find_function(*in, b->function);
	}
	return w;
}

/* Every work function of the item turns the IRQ on only as a tail, and
 * at least one does. */
static bool enabled_only_leaving(const struct workitem_model *m, const struct work_item *it,
				 const char *file, const char *disabled_name)
{
	struct work_binding *const *b;
	size_t nr = 0, i, k, n;
	bool any = false;

	b = workitem_index_lookup(&m->a->idx, it->key, &nr);
	for (i = 0; i < nr; i++) {
		struct source_file *f;
		const struct source_function *w = work_function_of(m, b[i], file, &f);
		const struct source_function *fns[MAX_CALLS];
		size_t toks[MAX_CALLS];

		if (!w)
			return false;
		n = code_calls_reached(f, w, enabling, 3, toks, fns, MAX_CALLS);
		if (n > MAX_CALLS)
			return false;
		for (k = 0; k < n; k++) {
			if (!same_irq(&f->lex, toks[k], disabled_name))
				continue;
			if (!code_is_tail(f, fns[k], toks[k]) ||
			    !code_tail_call_chain(f, w, fns[k]))
				return false;
			any = true;
		}
	}
	return any;
}

bool queueing_source_off_while_live(const struct workitem_model *m, const struct work_item *it,
				    const struct queueing *q, char **irq)
{
	const struct lexed_file *lf;
	struct code_guards at_q = { 0 };
	struct code_place p;
	bool off = false;
	size_t j;

	*irq = NULL;
	if (!code_place_at(m, q->file, q->line, q->column, &p) || !p.fn || p.fn->is_macro)
		return false;
	lf = &p.f->lex;
	code_guards_at(p.f, p.fn, p.tok, false, &at_q);
	for (j = p.fn->body_open; j < p.tok && !off; j++) {
		struct code_guards at_d = { 0 };
		size_t first, last;
		char *text, *name = NULL;

		if (lf->tokens[j].kind != TOK_IDENT || p.f->dead[j] ||
		    !(tok_is_ident(lf, (long)j, disabling[0]) ||
		      tok_is_ident(lf, (long)j, disabling[1])) ||
		    label_between(p.f, j, p.tok))
			continue;
		text = first_argument_text(lf, j, &first, &last);
		if (!text)
			continue;
		/* the handler's own irq parameter is whatever IRQ it serves */
		if (parameter_index(lf, p.fn, first, last, false) < 0)
			name = code_last_name(lf, first, last);
		code_guards_at(p.f, p.fn, j, false, &at_d);
		off = guards_within(&at_d, &at_q) && enabled_only_leaving(m, it, q->file, name);
		code_guards_release(&at_d);
		if (off)
			*irq = xstrdup(text);
		free(text);
		free(name);
	}
	code_guards_release(&at_q);
	return off;
}

/* Whether every use of function name in f (static, used at least once)
 * is inside w or inside a function that is, levels deep. */
static bool only_inside(const struct source_file *f, const struct source_function *w,
			const char *name, int levels)
{
	const struct lexed_file *lf = &f->lex;
	const struct source_function *fn;
	bool any = false;
	size_t i;

	if (!strcmp(name, w->name))
		return true;
	fn = source_find_function(f, name);
	if (levels <= 0 || !fn || !fn->is_static)
		return false;
	for (i = 0; i < lf->nr_tokens; i++) {
		const struct source_function *in;

		if (lf->tokens[i].kind != TOK_IDENT || i == fn->name_tok || f->dead[i] ||
		    lf->tokens[i].in_directive || !tok_is_ident(lf, (long)i, name))
			continue;
		in = source_function_at(f, i);
		if (!in)
			continue;	/* a prototype */
		if (in == fn || !only_inside(f, w, in->name, levels - 1))
			return false;
		any = true;
	}
	return any;
}

bool queueing_inside_run(const struct workitem_model *m, const struct work_item *it,
			 const struct queueing *q)
{
	struct work_binding *const *b;
	size_t nr = 0, i;

	if (!q->caller)
		return false;
	b = workitem_index_lookup(&m->a->idx, it->key, &nr);
	for (i = 0; i < nr; i++) {
		struct source_file *f;
		const struct source_function *w = work_function_of(m, b[i], q->file, &f);

		if (w && !strcmp(f->path, q->file) && only_inside(f, w, q->caller, 2))
			return true;
	}
	return false;
}

bool queueing_after_idle(const struct workitem_model *m, const struct work_item *it,
			 const struct queueing *q)
{
	struct code_place p;

	return code_place_at(m, q->file, q->line, q->column, &p) && p.fn &&
	       made_idle_before(m, it->key, &p, q->line, q->item_text);
}

static const char *const ordered_allocators[] = {
	"alloc_ordered_workqueue", "create_singlethread_workqueue", NULL
};

/* `name = ALLOC(...)` in f with an ordered ALLOC: the line, or 0. */
static unsigned ordered_allocation_in(const struct source_file *f, const char *name,
				      const char **how)
{
	const struct lexed_file *lf = &f->lex;
	size_t i, j, n;

	for (i = 0; i + 3 < lf->nr_tokens; i++) {
		long eq, call, open;

		if (lf->tokens[i].kind != TOK_IDENT || f->dead[i] || !tok_is_ident(lf, (long)i, name))
			continue;
		eq = token_next_code(lf, (long)i);
		call = token_next_code(lf, eq);
		open = token_next_code(lf, call);
		if (!tok_is_punct(lf, eq, "=") || call < 0 || !tok_is_punct(lf, open, "("))
			continue;
		for (n = 0; ordered_allocators[n]; n++)
			if (tok_is_ident(lf, call, ordered_allocators[n])) {
				*how = ordered_allocators[n];
				return lf->tokens[i].line;
			}
		if (!tok_is_ident(lf, call, "alloc_workqueue"))
			continue;
		for (j = (size_t)open; (long)j < token_match_bracket(lf, (size_t)open); j++)
			if (tok_is_ident(lf, (long)j, "__WQ_ORDERED")) {
				*how = "alloc_workqueue(__WQ_ORDERED)";
				return lf->tokens[i].line;
			}
	}
	return 0;
}

/* Whether the tree reading found workqueue calls in path (no list of
 * them: yes). */
static bool reading_mentions(const struct tree_reading *a, const char *path)
{
	size_t lo = 0, hi = a->all.nr;

	if (!a->mentions)
		return true;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(a->all.paths[mid], path);

		if (!c)
			return a->mentions[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool queueing_on_ordered_wq(const struct workitem_model *m, const struct queueing *q,
			    char **where)
{
	const char *const *files;
	struct source_file *f;
	const char *name, *slash, *how = NULL;
	char *dir, *path = NULL;
	size_t nr = 0, i;
	unsigned line = 0;

	*where = NULL;
	if (q->wq.kind == WQ_REF_UNKNOWN || q->wq.implied || !q->wq.text)
		return false;
	/* the last name of `fnic_fip_queue` or `port->wq` */
	name = q->wq.text + strlen(q->wq.text);
	while (name > q->wq.text && (isalnum((unsigned char)name[-1]) || name[-1] == '_'))
		name--;
	if (!*name)
		return false;
	if ((f = source_get(&m->a->sc, q->file)) && (line = ordered_allocation_in(f, name, &how)))
		path = xstrdup(q->file);
	slash = strrchr(q->file, '/');
	dir = slash ? xstrndup(q->file, (size_t)(slash - q->file)) : xstrdup("");
	files = line ? NULL : source_dir_files(&m->a->sc, dir, &nr);
	for (i = 0; i < nr && !line; i++)
		if (strcmp(files[i], q->file) && ends_with(files[i], ".c") &&
		    reading_mentions(m->a, files[i]) && (f = source_get(&m->a->sc, files[i])) &&
		    (line = ordered_allocation_in(f, name, &how)))
			path = xstrdup(files[i]);
	free(dir);
	if (line) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s%s at %s:%u", how, strchr(how, '(') ? "" : "()", path, line);
		*where = strbuf_detach(&sb);
	}
	free(path);
	return line != 0;
}

char *item_all_on_one_ordered_wq(const struct workitem_model *m, const struct work_item *it)
{
	char *where = NULL;
	size_t i;

	if (!it || !it->nr_queueings || !it->queueings[0]->wq.id)
		return NULL;
	for (i = 1; i < it->nr_queueings; i++)
		if (!it->queueings[i]->wq.id ||
		    strcmp(it->queueings[i]->wq.id, it->queueings[0]->wq.id))
			return NULL;
	if (!queueing_on_ordered_wq(m, it->queueings[0], &where)) {
		free(where);
		return NULL;
	}
	return where;
}

static bool is_statement_word(const struct lexed_file *lf, long i)
{
	static const char *const words[] = {
		"if", "while", "for", "switch", "return", "sizeof", "typeof", NULL
	};
	size_t k;

	for (k = 0; words[k]; k++)
		if (tok_is_ident(lf, i, words[k]))
			return true;
	return false;
}

unsigned object_handed_on_after(const struct source_file *f, const struct source_function *fn,
				size_t tok, const char *base, char **callee)
{
	const struct lexed_file *lf = &f->lex;
	size_t first[8], last[8], j, n, k;

	*callee = NULL;
	if (fn->is_macro || !base)
		return 0;
	for (j = fn->body_open; j < fn->body_close && j < lf->nr_tokens; j++) {
		long open = token_next_code(lf, (long)j);

		if (lf->tokens[j].kind != TOK_IDENT || f->dead[j] || !tok_is_punct(lf, open, "(") ||
		    is_statement_word(lf, (long)j))
			continue;
		n = call_arguments(lf, (size_t)open, first, last, 8);
		for (k = 0; k < n && k < 8; k++)
			if (first[k] == last[k] && tok_is_ident(lf, (long)first[k], base))
				break;
		if (k == n || k == 8)
			continue;
		if (j < tok)
			return 0;
		*callee = tok_text(lf, j);
		return lf->tokens[j].line;
	}
	return 0;
}

unsigned sync_cancel_in_file(const struct source_file *f, const char *member, const char **api)
{
	static const char *const sync[] = {
		"cancel_work_sync", "cancel_delayed_work_sync", "flush_work",
		"flush_delayed_work", "disable_work_sync", "disable_delayed_work_sync", NULL
	};
	const struct lexed_file *lf = &f->lex;
	size_t i, k, first, last;

	for (i = 0; i < lf->nr_tokens; i++) {
		long open;
		char *name;
		bool same;

		if (lf->tokens[i].kind != TOK_IDENT || f->dead[i])
			continue;
		for (k = 0; sync[k] && !tok_is_ident(lf, (long)i, sync[k]); k++)
			;
		/* a call, not a prototype */
		if (sync[k] && !source_function_at(f, i))
			continue;
		open = token_next_code(lf, (long)i);
		if (!sync[k] || !tok_is_punct(lf, open, "(") ||
		    call_arguments(lf, (size_t)open, &first, &last, 1) < 1 || first > last)
			continue;
		name = code_last_name(lf, first, last);
		same = name && !strcmp(name, member);
		free(name);
		if (same) {
			*api = sync[k];
			return lf->tokens[i].line;
		}
	}
	return 0;
}

static const char *const disabling_work[] = {
	"disable_work", "disable_work_sync", "disable_delayed_work",
	"disable_delayed_work_sync", NULL
};

static const char *const enabling_work[] = {
	"enable_work", "enable_delayed_work", NULL
};

/* The call at token call (one of names) is given item key: its first
 * argument names it. */
static bool call_of_item(const struct source_file *f, size_t call, const char *const *names,
			 const char *key)
{
	const struct lexed_file *lf = &f->lex;
	struct item_shape shape;
	long open = token_next_code(lf, (long)call);
	size_t k, first, last;
	bool same;

	for (k = 0; names[k] && !tok_is_ident(lf, (long)call, names[k]); k++)
		;
	if (!names[k] || !tok_is_punct(lf, open, "(") ||
	    call_arguments(lf, (size_t)open, &first, &last, 1) < 1 || first > last)
		return false;
	workitem_shape(f, first, last, &shape);
	same = shape.key && !strcmp(shape.key, key);
	item_shape_release(&shape);
	return same;
}

static bool enabled_in(const struct source_file *f, const char *key)
{
	size_t i;

	for (i = 0; i < f->lex.nr_tokens; i++)
		if (f->lex.tokens[i].kind == TOK_IDENT && !f->dead[i] &&
		    call_of_item(f, i, enabling_work, key))
			return true;
	return false;
}

bool item_created_disabled(const struct workitem_model *m, const char *key,
			   const struct work_binding *except, char **where)
{
	struct work_binding *const *b;
	struct source_file *f = source_get(&m->a->sc, except->file);
	size_t nr = 0, i;
	unsigned line = 0;
	const char *file = NULL;

	*where = NULL;
	b = workitem_index_lookup(&m->a->idx, key, &nr);
	if (!f || enabled_in(f, key))
		return false;
	for (i = 0; i < nr; i++) {
		struct code_place op;
		long close, semi, next;

		/* another module's object of the same type (cifs beside
		 * ksmbd, both on struct smbdirect_socket) */
		if (b[i] == except || (m->modules &&
				       !module_groups_linked_together(m->modules, except->file,
								      b[i]->file)))
			continue;
		if (strncmp(b[i]->how, "INIT_", 5) || !code_place_of(m, b[i], &op))
			return false;
		close = token_next_code(&op.f->lex, (long)op.tok);
		if (!tok_is_punct(&op.f->lex, close, "("))
			return false;
		close = token_match_bracket(&op.f->lex, (size_t)close);
		semi = token_next_code(&op.f->lex, close);
		next = token_next_code(&op.f->lex, semi);
		if (!tok_is_punct(&op.f->lex, semi, ";") || next < 0 ||
		    !call_of_item(op.f, (size_t)next, disabling_work, key) ||
		    enabled_in(op.f, key))
			return false;
		line = op.f->lex.tokens[next].line;
		file = b[i]->file;
	}
	if (line) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s:%u", file, line);
		*where = strbuf_detach(&sb);
	}
	return line != 0;
}
