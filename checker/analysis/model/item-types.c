#include "analysis/model/item-types.h"
#include "analysis/model/declared-struct.h"
#include "front/flags.h"
#include "front/parse.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* libclang costs a third of a second a file: a run asks it of this many
 * files at most, and only for pairs the tokens leave open. */
#define MAX_PARSES 12
/* Helpers forwarding their parameter to the helper that queues it. */
#define FORWARD_DEPTH 3

struct item_type_reader {
	struct parser *parser;
	struct parsed_file *pf;		/* the last file parsed */
	char *pf_path;
	struct strmap answers;		/* "path:line:col" -> type, "" unknown;
					 * "set\t..." -> a site's types */
	int parses;
};

struct type_set {
	char **names;
	size_t nr, alloc;
	bool unknown;		/* a caller whose argument says nothing */
};

static struct item_type_reader *reader(const struct workitem_model *m)
{
	struct workitem_model *mm = (struct workitem_model *)m;

	/* a cache of answers: the model's facts are unchanged by it */
	if (!mm->types)
		mm->types = xcalloc(1, sizeof(*mm->types));
	return mm->types;
}

static void args_for(const struct workitem_model *m, const char *rel, const char *abs,
		     struct arg_list *args)
{
	if (!m->db || !compile_db_lookup(m->db, abs, args))
		infer_kernel_flags(m->root, rel, m->a->sc.arch, args);
	/* past any number of errors: a missing generated header must not
	 * stop clang before the code asked about */
	arg_list_add(args, "-ferror-limit=0");
	arg_list_add(args, "-w");
}

/* The type of the name at token t of f (the structure it points to), or
 * NULL; call is the '(' of the function's call t is an argument of, or -1.
 * Its declaration's tokens answer where they can; libclang is asked only
 * for the names they leave open. */
static const char *type_at(const struct workitem_model *m, const struct source_file *f, size_t t,
			   long call)
{
	struct item_type_reader *r = reader(m);
	const char *rel = f->path;
	unsigned line = f->lex.tokens[t].line, col = f->lex.tokens[t].column;
	struct strbuf key = STRBUF_INIT;
	char *type;

	strbuf_addf(&key, "%s:%u:%u", rel, line, col);
	type = strmap_get(&r->answers, key.buf);
	if (type) {
		strbuf_release(&key);
		return *type ? type : NULL;
	}
	type = declared_struct(&m->a->sc, f, t, call);
	if (type) {
		strmap_put(&r->answers, key.buf, type);
		strbuf_release(&key);
		return type;
	}
	if (!r->pf_path || strcmp(r->pf_path, rel)) {
		struct arg_list args = { 0 };
		struct strbuf abs = STRBUF_INIT;
		char *reason = NULL;

		parsed_file_free(r->pf);
		r->pf = NULL;
		free(r->pf_path);
		r->pf_path = xstrdup(rel);
		if (m->use_clang && r->parses < MAX_PARSES) {
			if (!r->parser)
				r->parser = parser_new();
			strbuf_addf(&abs, "%s/%s", m->root, rel);
			args_for(m, rel, abs.buf, &args);
			r->pf = parse_file(r->parser, abs.buf, (const char *const *)args.args,
					   args.nr, &reason);
			r->parses++;
			free(reason);
			arg_list_release(&args);
			strbuf_release(&abs);
		}
	}
	type = r->pf ? parsed_type_at(r->pf, line, col) : NULL;
	if (!type)
		type = xstrdup("");
	strmap_put(&r->answers, key.buf, type);
	strbuf_release(&key);
	return *type ? type : NULL;
}

static void set_add(struct type_set *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->names[i], name))
			return;
	ALLOC_GROW(s->names, s->nr, s->alloc);
	s->names[s->nr++] = xstrdup(name);
}

static void set_release(struct type_set *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->names[i]);
	free(s->names);
	memset(s, 0, sizeof(*s));
}

/* The name an argument starts from: `x` of `&x->a.b`, `(x)`, `*x`. */
static long base_token(const struct lexed_file *lf, size_t first, size_t last)
{
	size_t i;

	for (i = first; i <= last; i++) {
		if (tok_is_punct(lf, (long)i, "&") || tok_is_punct(lf, (long)i, "(") ||
		    tok_is_punct(lf, (long)i, "*") || lf->tokens[i].kind == TOK_COMMENT)
			continue;
		return lf->tokens[i].kind == TOK_IDENT ? (long)i : -1;
	}
	return -1;
}

/* The parameter index of fn named at token t, or -1. */
static int param_of(const struct lexed_file *lf, const struct source_function *fn, long t)
{
	return t < 0 ? -1 : parameter_index(lf, fn, (size_t)t, (size_t)t, false);
}

/* The token naming fn's parameter k. */
static long param_token(const struct lexed_file *lf, const struct source_function *fn, int k)
{
	size_t i;
	int depth = 0, at = 0;
	long name = -1;

	for (i = fn->params_open + 1; i < fn->params_close; i++) {
		if (tok_is_punct(lf, (long)i, "(") || tok_is_punct(lf, (long)i, "["))
			depth++;
		else if (tok_is_punct(lf, (long)i, ")") || tok_is_punct(lf, (long)i, "]"))
			depth--;
		else if (!depth && tok_is_punct(lf, (long)i, ","))
			at++;
		else if (at == k && !depth && lf->tokens[i].kind == TOK_IDENT)
			name = (long)i;		/* the last name is the parameter's */
	}
	return name;
}

static void types_passed(const struct workitem_model *m, const char *path,
			 const struct source_function *fn, int param, const char *own,
			 int depth, struct type_set *out);

/* The structures the argument param of one call of a helper (at token i of
 * g, in caller) belongs to. */
static void argument_types(const struct workitem_model *m, const struct source_file *g,
			   const struct source_function *caller, size_t i, int param,
			   const char *own, int depth, struct type_set *out)
{
	const struct lexed_file *lf = &g->lex;
	long open = token_next_code(lf, (long)i), b;
	size_t first[8], last[8], n;
	const char *type;
	int forwarded;

	n = tok_is_punct(lf, open, "(") ? call_arguments(lf, (size_t)open, first, last, 8) : 0;
	if (n <= (size_t)param || n > 8 || first[param] > last[param]) {
		out->unknown = true;
		return;
	}
	b = base_token(lf, first[param], last[param]);
	forwarded = param_of(lf, caller, b);
	if (forwarded >= 0 && (size_t)b == last[param]) {
		/* handed on as it came: what its own callers pass */
		if (depth <= 0)
			out->unknown = true;
		else
			types_passed(m, g->path, caller, forwarded, own, depth - 1, out);
		return;
	}
	type = b < 0 ? NULL : type_at(m, g, (size_t)b, open);
	if (!type)
		out->unknown = true;
	else if (strcmp(type, own))
		set_add(out, type);
	/* else an object of the parameter's own type (taken back off a list
	 * the helper filled): it came through the helper once already */
}

static void types_passed(const struct workitem_model *m, const char *path,
			 const struct source_function *fn, int param, const char *own,
			 int depth, struct type_set *out)
{
	const char *const *files = &path;
	size_t nr = 1, k, i;
	char *dir = NULL;
	bool any = false;

	if (!fn->is_static) {
		const char *slash = strrchr(path, '/');

		dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
		files = source_dir_files(&m->a->sc, dir, &nr);
	}
	for (k = 0; k < nr && !out->unknown; k++) {
		struct source_file *g = source_get(&m->a->sc, files[k]);
		const struct lexed_file *lf;

		if (!g)
			continue;
		lf = &g->lex;
		for (i = 0; i < lf->nr_tokens && !out->unknown; i++) {
			const struct source_function *caller;

			if (lf->tokens[i].kind != TOK_IDENT || g->dead[i] ||
			    lf->tokens[i].in_directive || !tok_is_ident(lf, (long)i, fn->name) ||
			    (!strcmp(g->path, path) && i == fn->name_tok))
				continue;
			caller = source_function_at(g, i);
			if (!caller)
				continue;	/* a prototype */
			if (!tok_is_punct(lf, token_next_code(lf, (long)i), "(")) {
				out->unknown = true;	/* handed over as a pointer */
				break;
			}
			any = true;
			argument_types(m, g, caller, i, param, own, depth, out);
		}
	}
	if (!any)
		out->unknown = true;
	free(dir);
}

static bool helper_shape(const struct workitem_model *m, const struct queueing *q,
			 struct source_file **f, const struct source_function **fn, int *param);

/* q is in a helper queueing a member of its own parameter: the helper,
 * the parameter's index and its type. */
static bool helper_site(const struct workitem_model *m, const struct queueing *q,
			struct source_file **f, const struct source_function **fn, int *param,
			const char **own)
{
	long p;

	if (!helper_shape(m, q, f, fn, param))
		return false;
	p = param_token(&(*f)->lex, *fn, *param);
	*own = p < 0 ? NULL : type_at(m, *f, (size_t)p, -1);
	return *own != NULL;
}

/* Whether some call of fn passes, as its argument param, a member of
 * another object (`&d->reset_work`), directly or through helpers that
 * hand their own parameter on: only then may the callers' types differ
 * (a helper given whole objects, `ap`, queues the one item of each). */
static bool passed_members(const struct workitem_model *m, const char *path,
			   const struct source_function *fn, int param, int depth)
{
	const char *const *files = &path;
	size_t nr = 1, k, i;
	char *dir = NULL;
	bool found = false;

	if (!fn->is_static) {
		const char *slash = strrchr(path, '/');

		dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
		files = source_dir_files(&m->a->sc, dir, &nr);
	}
	for (k = 0; k < nr && !found; k++) {
		struct source_file *g = source_get(&m->a->sc, files[k]);
		const struct lexed_file *lf;

		if (!g || !memmem(g->text, g->len, fn->name, strlen(fn->name)))
			continue;
		lf = &g->lex;
		for (i = 0; i < lf->nr_tokens && !found; i++) {
			const struct source_function *caller;
			size_t first[8], last[8], n, j;
			long open, b;
			int fwd;

			if (lf->tokens[i].kind != TOK_IDENT || g->dead[i] ||
			    !tok_is_ident(lf, (long)i, fn->name))
				continue;
			caller = source_function_at(g, i);
			open = token_next_code(lf, (long)i);
			if (!caller || !tok_is_punct(lf, open, "("))
				continue;
			n = call_arguments(lf, (size_t)open, first, last, 8);
			if (n <= (size_t)param || n > 8 || first[param] > last[param])
				continue;
			for (j = first[param]; j <= last[param] && !found; j++)
				found = tok_is_punct(lf, (long)j, "->") ||
					tok_is_punct(lf, (long)j, ".");
			b = base_token(lf, first[param], last[param]);
			fwd = param_of(lf, caller, b);
			if (!found && fwd >= 0 && depth > 0 && caller != fn)
				found = passed_members(m, g->path, caller, fwd, depth - 1);
		}
	}
	free(dir);
	return found;
}

/* The same read from the tokens alone, before libclang is asked. */
static bool helper_shape(const struct workitem_model *m, const struct queueing *q,
			 struct source_file **f, const struct source_function **fn, int *param)
{
	const struct lexed_file *lf;
	long t, p;
	size_t first[6], last[6], n, k;

	*f = source_get(&m->a->sc, q->file);
	if (!*f)
		return false;
	lf = &(*f)->lex;
	t = token_at_position(lf, q->line, q->column);
	if (t < 0)
		return false;
	*fn = source_function_at(*f, (size_t)t);
	if (!*fn || (*fn)->is_macro)
		return false;
	n = tok_is_punct(lf, token_next_code(lf, t), "(") ?
		    call_arguments(lf, (size_t)token_next_code(lf, t), first, last, 6) : 0;
	/* the argument whose text is the item's */
	for (k = 0; k < n && k < 6; k++) {
		char *text = first[k] <= last[k] ? expression_text(lf, first[k], last[k]) : NULL;
		bool item = text && !strcmp(text, q->item_text);

		free(text);
		if (item)
			break;
	}
	if (k >= n || k >= 6)
		return false;
	p = base_token(lf, first[k], last[k]);
	/* a member of the parameter (`&sw->work`), not the parameter */
	if (p < 0 || (size_t)p == last[k] || !tok_is_punct(lf, token_next_code(lf, p), "->"))
		return false;
	*param = param_of(lf, *fn, p);
	return *param >= 0 && passed_members(m, q->file, *fn, *param, FORWARD_DEPTH);
}

/* The types of q's item as "\ta\tb\t", or "" when they are not known. */
static const char *site_types(const struct workitem_model *m, const struct queueing *q)
{
	struct item_type_reader *r = reader(m);
	struct strbuf key = STRBUF_INIT, sb = STRBUF_INIT;
	const struct source_function *fn;
	struct type_set set = { 0 };
	struct source_file *f;
	const char *own;
	char *found;
	int param;
	size_t i;

	strbuf_addf(&key, "set\t%s:%u:%u", q->file, q->line, q->column);
	found = strmap_get(&r->answers, key.buf);
	if (found) {
		strbuf_release(&key);
		return found;
	}
	if (helper_site(m, q, &f, &fn, &param, &own)) {
		char *own_copy = xstrdup(own);

		types_passed(m, q->file, fn, param, own_copy, FORWARD_DEPTH, &set);
		free(own_copy);
	}
	if (!set.unknown && set.nr) {
		strbuf_addch(&sb, '\t');
		for (i = 0; i < set.nr; i++)
			strbuf_addf(&sb, "%s\t", set.names[i]);
	}
	set_release(&set);
	found = strbuf_detach(&sb);
	strmap_put(&r->answers, key.buf, found);
	strbuf_release(&key);
	return found;
}

/* Whether the "\ta\tb\t" lists x and y share a name. */
static bool share(const char *x, const char *y)
{
	const char *p;

	for (p = x; *p && p[1]; p = strchr(p + 1, '\t')) {
		size_t n = strcspn(p + 1, "\t");
		struct strbuf one = STRBUF_INIT;
		bool in;

		strbuf_addf(&one, "\t%.*s\t", (int)n, p + 1);
		in = strstr(y, one.buf) != NULL;
		strbuf_release(&one);
		if (in)
			return true;
	}
	return false;
}

static void add_list(struct strbuf *sb, const char *list)
{
	const char *p;
	bool first = true;

	for (p = list; *p && p[1]; p = strchr(p + 1, '\t')) {
		strbuf_addf(sb, "%s%.*s", first ? "" : ", ", (int)strcspn(p + 1, "\t"), p + 1);
		first = false;
	}
}

bool queueings_of_other_types(const struct workitem_model *m, const struct queueing *a,
			      const struct queueing *b, char **why)
{
	const char *ta, *tb;
	struct strbuf sb = STRBUF_INIT;
	const struct source_function *fa, *fb;
	struct source_file *sa, *sb_file;
	int pa, pb;

	*why = NULL;
	if (!m->use_clang || !a->caller || !b->caller ||
	    !helper_shape(m, a, &sa, &fa, &pa) || !helper_shape(m, b, &sb_file, &fb, &pb))
		return false;
	ta = site_types(m, a);
	if (!*ta)
		return false;
	tb = site_types(m, b);
	if (!*tb || share(ta, tb))
		return false;
	strbuf_addf(&sb, "%s() is given members of ", a->caller);
	add_list(&sb, ta);
	strbuf_addf(&sb, ", %s() of ", b->caller);
	add_list(&sb, tb);
	*why = strbuf_detach(&sb);
	return true;
}

void item_types_release(struct workitem_model *m)
{
	struct item_type_reader *r = m->types;

	if (!r)
		return;
	parsed_file_free(r->pf);
	parser_free(r->parser);
	free(r->pf_path);
	strmap_release(&r->answers, free);
	free(r);
	m->types = NULL;
}
