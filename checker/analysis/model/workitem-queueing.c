#include "analysis/model/workitem-queueing.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* `#define NAME other_wq` in f: the name NAME stands for, or NULL. */
static char *object_macro_value(const struct source_file *f, const char *name)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = 0; i + 1 < lf->nr_tokens; i++) {
		const struct token *v = &lf->tokens[i + 1];

		if (!lf->tokens[i].is_directive_name || !tok_is_ident(lf, (long)i, name) ||
		    !v->in_define_body || v->kind != TOK_IDENT ||
		    v->line != lf->tokens[i].line)
			continue;
		if (i + 2 < lf->nr_tokens && lf->tokens[i + 2].in_define_body &&
		    lf->tokens[i + 2].kind != TOK_DIRECTIVE_END &&
		    lf->tokens[i + 2].kind != TOK_COMMENT)
			return NULL;
		return tok_text(lf, i + 1);
	}
	return NULL;
}

/*
 * The member a computed workqueue argument ends in: `gt_to_xe(pf.gt)->
 * usm.pf_wq`, `ucsi->connector[i].wq`, whose head the item shape cannot
 * name (a call, a subscript). A member is named by its last name (see
 * below), so the same last name is the same workqueue whatever reaches
 * it: `xe->usm.pf_wq` at the other site. Not when a CPU picks the
 * instance (a per-CPU accessor, a subscript that names a CPU): each CPU's
 * member is a workqueue of its own. NULL when it ends in no member.
 */
static char *member_tail(const struct lexed_file *lf, size_t first, size_t last)
{
	long dot = token_prev_code(lf, (long)last);
	int square = 0;
	size_t i;

	if (dot < (long)first || lf->tokens[last].kind != TOK_IDENT ||
	    !(tok_is_punct(lf, dot, "->") || tok_is_punct(lf, dot, ".")))
		return NULL;
	for (i = first; i <= last; i++) {
		char *name;
		bool two, cpu;

		if (tok_is_punct(lf, (long)i, "["))
			square++;
		else if (tok_is_punct(lf, (long)i, "]"))
			square--;
		if (lf->tokens[i].kind != TOK_IDENT)
			continue;
		name = tok_text(lf, i);
		cpu = is_cpu_instance_accessor(name, &two) ||
		      (square > 0 && strstr(name, "cpu"));
		free(name);
		if (cpu)
			return NULL;
	}
	return tok_text(lf, last);
}

/*
 * A local the caller sets once, from a member: `wq = EXT4_SB(sb)->
 * dio_unwritten_wq; ... queue_work(wq, ...)`, hinic3's `workq =
 * aeqs->workq`. Its one store (an initialiser or an assignment) before
 * use, and no `&wq` that could store another: the member's last name,
 * as member_tail() reads it. NULL otherwise (two stores may name two
 * workqueues).
 */
static char *local_member(const struct lexed_file *lf, const struct source_function *caller,
			  size_t use)
{
	long i, from = -1, end;
	int stores = 0, depth = 0;

	for (i = (long)caller->body_open; i >= 0 && i < (long)caller->body_close;
	     i = token_next_code(lf, i)) {
		long prev = token_prev_code(lf, i), next = token_next_code(lf, i);

		if ((size_t)i == use || lf->tokens[i].kind != TOK_IDENT ||
		    lf->tokens[i].len != lf->tokens[use].len ||
		    memcmp(lf->text + lf->tokens[i].offset, lf->text + lf->tokens[use].offset,
			   lf->tokens[use].len) ||
		    tok_is_punct(lf, prev, "->") || tok_is_punct(lf, prev, "."))
			continue;
		if (tok_is_punct(lf, prev, "&"))
			return NULL;
		if (tok_is_punct(lf, next, "=")) {
			stores++;
			from = token_next_code(lf, next);
		}
	}
	if (stores != 1 || from < 0 || (size_t)from > use)
		return NULL;
	for (end = from; end >= 0 && end < (long)caller->body_close; end = token_next_code(lf, end)) {
		if (tok_is_punct(lf, end, "(") || tok_is_punct(lf, end, "["))
			depth++;
		else if (tok_is_punct(lf, end, ")") || tok_is_punct(lf, end, "]"))
			depth--;
		else if (depth == 0 && (tok_is_punct(lf, end, ";") || tok_is_punct(lf, end, ",")))
			break;
		if (depth < 0)
			return NULL;
	}
	end = token_prev_code(lf, end);
	return end >= from ? member_tail(lf, (size_t)from, (size_t)end) : NULL;
}

/* The workqueue argument [first, last] of a call in caller. */
void queueing_wq_ref(const struct workqueue_names *names, const struct source_file *f,
		     const struct source_function *caller, size_t first, size_t last,
		     struct wq_ref *out)
{
	const struct lexed_file *lf = &f->lex;
	struct item_shape shape;
	const char *key;

	out->text = expression_text(lf, first, last);
	out->line = lf->tokens[first].line;
	out->column = lf->tokens[first].column;
	if (first == last && lf->tokens[first].kind == TOK_IDENT) {
		char *value = object_macro_value(f, out->text);
		const char *name = value ? value : out->text;

		if (workqueue_is_allocated(names, name) ||
		    strmap_get(&names->alias, name) || !strncmp(name, "system_", 7)) {
			out->kind = WQ_REF_NAMED;
			out->id = xstrdup(workqueue_canonical(names, name));
			free(value);
			return;
		}
		free(value);
	}
	workitem_shape(f, first, last, &shape);
	key = shape.key;
	if (key && !shape.is_parameter && !strncmp(key, "var ", 4)) {
		out->kind = WQ_REF_NAMED;
		out->id = xstrdup(workqueue_canonical(names, key + 4));
	} else if (key && !shape.is_parameter && !strncmp(key, "file ", 5)) {
		out->kind = WQ_REF_NAMED;
		out->id = xstrdup(key);
	} else if (key && !shape.is_parameter && !shape.per_cpu &&
		   !strncmp(key, "struct ", 7) && strchr(key, '.')) {
		/* `priv->mdev->wq` and `mdev->wq` are one member reached two
		 * ways, which lexical keys cannot tell: a member is named by
		 * its last name, so two members are two workqueues only when
		 * they are named apart. */
		out->kind = WQ_REF_MEMBER;
		out->id = xstrdup(strrchr(key, '.') + 1);
	} else if ((out->id = member_tail(lf, first, last))) {
		out->kind = WQ_REF_MEMBER;
	} else if (key && caller && !shape.is_parameter && !strchr(key, '.') &&
		   first == last && (out->id = local_member(lf, caller, first))) {
		out->kind = WQ_REF_MEMBER;
	} else {
		struct strbuf why = STRBUF_INIT;

		out->kind = WQ_REF_UNKNOWN;
		if (shape.is_parameter && caller)
			strbuf_addf(&why, "a parameter of %s()", caller->name);
		else if (key && caller && !strchr(key, '.'))
			strbuf_addf(&why, "a local variable of %s()", caller->name);
		else
			strbuf_addstr(&why, "a value computed at the call");
		out->why_unknown = strbuf_detach(&why);
	}
	item_shape_release(&shape);
}

/* The item's key, or NULL with *later set when it is the work function's
 * own parameter: the item the function is bound to, when that is one
 * item, which the index tells once it is finished (resolve_later()). */
char *queueing_item_key(const struct source_file *f, const struct source_function *caller,
			size_t first, size_t last, struct item_shape *later)
{
	struct item_shape shape;
	char *key = NULL;

	memset(later, 0, sizeof(*later));
	workitem_shape(f, first, last, &shape);
	if (shape.key && !shape.is_parameter) {
		key = shape.key;
		shape.key = NULL;
	} else if (shape.own_parameter && caller) {
		*later = shape;
		return NULL;
	}
	item_shape_release(&shape);
	return key;
}

void queueing_release(struct queueing *q)
{
	free(q->path);
	free(q->caller);
	free(q->item_key);
	free(q->item_text);
	free(q->wq.id);
	free(q->wq.text);
	free(q->wq.why_unknown);
	item_shape_release(&q->own);
}
