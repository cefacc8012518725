#include "front/era.h"
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *const era_known_names[] = {
	/* before 3.7: non-reentrancy had to be asked for */
	"flush_work_sync", "flush_delayed_work_sync", "system_nrt_wq",
	"system_nrt_freezable_wq", "WQ_NON_REENTRANT", "INIT_DELAYED_WORK_DEFERRABLE",
	/* 3.7 on */
	"mod_delayed_work_on", "INIT_DEFERRABLE_WORK",
	/* the names 6.17 retires */
	"system_wq", "system_unbound_wq",
	/* 6.17 on: 128ea9f6ccfb, 930c2ea566af */
	"system_percpu_wq", "system_dfl_wq", "WQ_PERCPU",
	/* the flags the per-CPU question is about */
	"WQ_UNBOUND", "WQ_BH", "alloc_workqueue", "alloc_ordered_workqueue",
	NULL
};

static bool known(const char *s, size_t len)
{
	const char *const *n;

	for (n = era_known_names; *n; n++)
		if (strlen(*n) == len && !memcmp(*n, s, len))
			return true;
	return false;
}

static void add_name(char ***list, unsigned *nr, const char *s, size_t len)
{
	unsigned i;

	for (i = 0; i < *nr; i++)
		if (strlen((*list)[i]) == len && !memcmp((*list)[i], s, len))
			return;
	*list = xrealloc(*list, (*nr + 1) * sizeof(**list));
	(*list)[(*nr)++] = xstrndup(s, len);
}

static bool is_binding_macro(const char *s, size_t len)
{
	/* INIT_WORK, INIT_DELAYED_WORK, INIT_DEFERRABLE_WORK, INIT_RCU_WORK,
	 * DECLARE_WORK, DECLARE_DELAYED_WORK, *_ONSTACK...: an INIT_ or
	 * DECLARE_ macro whose name says WORK */
	return (len > 5 && !memcmp(s, "INIT_", 5) && memmem(s, len, "WORK", 4)) ||
	       (len > 8 && !memcmp(s, "DECLARE_", 8) && memmem(s, len, "WORK", 4));
}

/* The identifiers of tokens [from, ...) up to the next ',' or '}' at depth 0. */
static void read_flag_list(const struct lexed_file *lf, long from, struct era *era)
{
	long i;

	for (i = from; i >= 0 && (size_t)i < lf->nr_tokens; i = token_next_code(lf, i)) {
		const struct token *t = &lf->tokens[i];

		if (t->kind == TOK_PUNCT && (token_is(lf, t, ",") || token_is(lf, t, "}")))
			break;
		if (t->kind == TOK_IDENT && t->len > 3 && !memcmp(lf->text + t->offset, "WQ_", 3))
			add_name(&era->bh_allows, &era->nr_bh_allows, lf->text + t->offset, t->len);
	}
}

/* The first system workqueue named in schedule_work()'s body. */
static void read_schedule_work(const struct lexed_file *lf, size_t at, struct era *era)
{
	long i = token_next_code(lf, (long)at), close;
	int braces = 0;

	if (i < 0 || !token_is(lf, &lf->tokens[i], "("))
		return;
	close = token_match_bracket(lf, (size_t)i);
	if (close < 0)
		return;
	i = token_next_code(lf, close);
	if (i < 0 || !token_is(lf, &lf->tokens[i], "{"))
		return;	/* a declaration or a call, not the definition */
	for (; i >= 0 && (size_t)i < lf->nr_tokens; i = token_next_code(lf, i)) {
		const struct token *t = &lf->tokens[i];

		if (token_is(lf, t, "{"))
			braces++;
		else if (token_is(lf, t, "}") && --braces == 0)
			return;
		else if (t->kind == TOK_IDENT && t->len > 7 &&
			 !memcmp(lf->text + t->offset, "system_", 7) &&
			 !memcmp(lf->text + t->offset + t->len - 3, "_wq", 3)) {
			era->schedule_work_wq = xstrndup(lf->text + t->offset, t->len);
			return;
		}
	}
}

static void read_header(const struct lexed_file *lf, struct era *era)
{
	size_t i;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		const char *s = lf->text + t->offset;

		if (t->kind != TOK_IDENT)
			continue;
		if (known(s, t->len))
			add_name(&era->names, &era->nr_names, s, t->len);
		if (t->is_directive_name && is_binding_macro(s, t->len))
			add_name(&era->binding_macros, &era->nr_binding_macros, s, t->len);
		if (!t->in_directive && t->len == 14 && !memcmp(s, "__WQ_BH_ALLOWS", 14)) {
			long eq = token_next_code(lf, (long)i);

			if (eq >= 0 && token_is(lf, &lf->tokens[eq], "=") && !era->nr_bh_allows)
				read_flag_list(lf, token_next_code(lf, eq), era);
		}
		if (!era->schedule_work_wq && !t->in_directive && t->len == 13 &&
		    !memcmp(s, "schedule_work", 13))
			read_schedule_work(lf, i, era);
	}
}

/* A test of the flag in code ("flags & WQ_NON_REENTRANT"): the core
 * before dbf2576e37da, which made the flag a no-op and dropped that test. */
static bool tests_non_reentrant(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while ((p = memmem(p, (size_t)(end - p), "WQ_NON_REENTRANT", 16))) {
		const char *q = p;

		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q > text && q[-1] == '&' && (q - 1 == text || q[-2] != '&'))
			return true;
		p += 16;
	}
	return false;
}

/* Whether the core is already non-reentrant: its kernel/workqueue.c still
 * testing WQ_NON_REENTRANT says not; a header without the flag, or a core
 * that no longer tests it, says it is. */
static void read_core(const char *root, struct era *era)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

	if (era->from_header && !era_has(era, "WQ_NON_REENTRANT")) {
		era->core = CORE_NON_REENTRANT;
		era->core_source = "include/linux/workqueue.h has no WQ_NON_REENTRANT";
		return;
	}
	strbuf_addf(&path, "%s/kernel/workqueue.c", root);
	if (strbuf_read_file(&text, path.buf) == 0) {
		if (tests_non_reentrant(text.buf ? text.buf : "", text.len)) {
			era->core = CORE_REENTRANT;
			era->core_source = "kernel/workqueue.c still tests WQ_NON_REENTRANT";
		} else {
			era->core = CORE_NON_REENTRANT;
			era->core_source = "kernel/workqueue.c no longer tests WQ_NON_REENTRANT";
		}
	}
	strbuf_release(&text);
	strbuf_release(&path);
}

void era_read(const char *root, struct era *era)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

	memset(era, 0, sizeof(*era));
	era->name = "unknown";
	strbuf_addf(&path, "%s/include/linux/workqueue.h", root);
	if (strbuf_read_file(&text, path.buf) < 0) {
		struct strbuf why = STRBUF_INIT;

		strbuf_addf(&why, "no include/linux/workqueue.h (%s): the built-in table",
			    strerror(errno));
		era->source = strbuf_detach(&why);
		strbuf_release(&path);
		strbuf_release(&text);
		return;
	}
	era_from_text(era, text.buf ? text.buf : "", text.len);
	read_core(root, era);
	era_read_alloc_checks(root, era);
	strbuf_release(&text);
	strbuf_release(&path);
}

void era_from_text(struct era *era, const char *text, size_t len)
{
	struct lexed_file lf = { 0 };

	era->from_header = true;
	if (!era->source)
		era->source = xstrdup("include/linux/workqueue.h");
	lex_file(&lf, text, len);
	read_header(&lf, era);
	lexed_file_release(&lf);
	if (era_has(era, "system_percpu_wq"))
		era->name = "6.17+";
	else if (era_has(era, "system_nrt_wq") || era_has(era, "flush_work_sync"))
		era->name = "legacy";	/* 3.6, or 3.7's deprecated wrappers */
	else if (era_has(era, "system_wq"))
		era->name = "3.7-6.16";
}

bool era_has(const struct era *era, const char *name)
{
	unsigned i;

	if (!era->from_header)
		return true;
	for (i = 0; i < era->nr_names; i++)
		if (!strcmp(era->names[i], name))
			return true;
	return false;
}

bool era_bh_allows(const struct era *era, const char *flag)
{
	unsigned i;

	if (!era->nr_bh_allows)
		return true;
	for (i = 0; i < era->nr_bh_allows; i++)
		if (!strcmp(era->bh_allows[i], flag))
			return true;
	return false;
}

static void free_list(char **list, unsigned nr)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		free(list[i]);
	free(list);
}

void era_release(struct era *era)
{
	free(era->source);
	free_list(era->names, era->nr_names);
	free_list(era->binding_macros, era->nr_binding_macros);
	free_list(era->bh_allows, era->nr_bh_allows);
	free(era->schedule_work_wq);
	era_alloc_checks_release(era);
	memset(era, 0, sizeof(*era));
}
