#include "rule.h"

#include <string.h>

const struct rule *const all_rules[] = {
#define RULE(name) &rule_##name,
#include "rule-list.h"
#undef RULE
};

const size_t nr_all_rules = sizeof(all_rules) / sizeof(all_rules[0]);

const struct rule *rule_find(const char *id)
{
	size_t i;

	for (i = 0; i < nr_all_rules; i++)
		if (!strcmp(all_rules[i]->id, id) || !strcmp(all_rules[i]->name, id))
			return all_rules[i];
	return NULL;
}
