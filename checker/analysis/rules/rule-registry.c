/* The registry: every rule of rule-list.h, and finding them by id or name
 * (--rules). Apart from rule.c, whose helpers the rules call, so that the
 * rules and the registry that names them are no call cycle. */
#include "analysis/rules/rule.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct rule *const all_rules[] = {
#define RULE(name) &rule_##name,
#include "analysis/rules/rule-list.h"
#undef RULE
};

const size_t nr_all_rules = sizeof(all_rules) / sizeof(all_rules[0]);

const struct rule *rule_find(const char *id)
{
	size_t i;

	for (i = 0; i < nr_all_rules; i++)
		if (!strcasecmp(all_rules[i]->id, id) || !strcasecmp(all_rules[i]->name, id))
			return all_rules[i];
	return NULL;
}

int rule_parse_list(const char *list, const struct rule **out, size_t max, char **bad)
{
	char *copy = xstrdup(list), *tok, *save = NULL;
	size_t n = 0, i;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const struct rule *r = rule_find(tok);

		if (!r) {
			*bad = xstrdup(tok);
			free(copy);
			return -1;
		}
		for (i = 0; i < n; i++)
			if (out[i] == r)
				break;
		if (i == n && n < max)
			out[n++] = r;
	}
	free(copy);
	return (int)n;
}
