/*
 * Each rule's page, Documentation/wqcheck-<ID>.7.scd, built into the
 * program (gen/rule-pages.c, written from those files at build time): the
 * same text is the man page wqcheck-<ID>(7), what `wqcheck explain <ID>`
 * prints, and SARIF's help for the rule.
 */
#ifndef WQCHECK_RULE_PAGE_H
#define WQCHECK_RULE_PAGE_H

#include "analysis/rules/rule.h"
#include "lib/strbuf.h"

struct rule_page {
	const char *id;		/* "WQ014" */
	const char *source;	/* the page in scdoc(5) syntax */
};

/* Generated: every Documentation/wqcheck-WQ*.7.scd, in the order of ids. */
extern const struct rule_page rule_pages[];
extern const size_t nr_rule_pages;

/* The page of the rule with this id, or NULL. */
const struct rule_page *rule_page_find(const char *id);
/* The page as text for a terminal, appended to out. */
void rule_page_text(const struct rule_page *page, struct strbuf *out);
/* Its one-line description (the NAME section's, after "name - "). */
void rule_page_description(const struct rule_page *page, struct strbuf *out);
/* The first rule of the table that has no page, or NULL: the build checks
 * that there is none (wqcheck explain fails naming it). */
const struct rule *rule_without_page(void);
/* The man page's name: "wqcheck-WQ014" (section 7). */
#define RULE_PAGE_PREFIX "wqcheck-"

#endif
