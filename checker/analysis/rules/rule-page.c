#include "analysis/rules/rule-page.h"
#include "lib/scd-text.h"

#include <string.h>
#include <strings.h>

const struct rule_page *rule_page_find(const char *id)
{
	size_t i;

	for (i = 0; i < nr_rule_pages; i++)
		if (!strcasecmp(rule_pages[i].id, id))
			return &rule_pages[i];
	return NULL;
}

void rule_page_text(const struct rule_page *page, struct strbuf *out)
{
	scd_to_text(page->source, out);
}

void rule_page_description(const struct rule_page *page, struct strbuf *out)
{
	scd_name_description(page->source, out);
}

const struct rule *rule_without_page(void)
{
	size_t i;

	for (i = 0; i < nr_all_rules; i++)
		if (!rule_page_find(all_rules[i]->id))
			return all_rules[i];
	return NULL;
}
