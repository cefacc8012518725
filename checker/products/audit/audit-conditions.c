/* The non-reentrance conditions in the audit. A work item runs on one
 * worker at a time only while, once queued, its function is not changed
 * (WQ013), it is not queued on another workqueue (WQ014) and it is not
 * re-initialised (WQ015) (Documentation/core-api/workqueue.rst). The rows
 * of those findings are of class reentrancy-dependent, as WQ011 and WQ012
 * are; a maintainer also wants to see which condition a subsystem breaks
 * and how surely, so each is counted on its own, warnings and notes
 * apart. The names come from the rules; the meanings are the legend of
 * the Markdown and HTML forms, one line each. */
#include "products/audit/audit.h"
#include "analysis/rules/rule.h"

#include <string.h>

static const struct {
	const char *rule;
	const char *meaning;
} conditions[NR_AUDIT_CONDITIONS] = {
	{ "WQ013",
	  "the work function of an item that may be pending or running is "
	  "changed (PREPARE_*WORK, .func =, a second INIT_* with another "
	  "function): the old and the new work may run at once" },
	{ "WQ014",
	  "one item is queued on two workqueues: its two runs may overlap on "
	  "two CPUs" },
	{ "WQ015",
	  "an item that may be pending or running is re-initialised "
	  "(INIT_*WORK): its pending list is corrupted, runs are lost or "
	  "doubled" },
};

static int condition_of(const char *rule)
{
	int i;

	for (i = 0; rule && i < NR_AUDIT_CONDITIONS; i++)
		if (!strcmp(conditions[i].rule, rule))
			return i;
	return -1;
}

void audit_condition_count(struct audit_condition_counts *c,
			   const struct audit_row *r)
{
	int i = condition_of(r->rule);

	if (i < 0)
		return;
	/* The rules report warnings and notes; anything graver is a warning. */
	if (r->severity == SEVERITY_NOTE)
		c->note[i]++;
	else
		c->warning[i]++;
}

json_t *audit_conditions_json(void)
{
	json_t *list = json_array();
	int i;

	for (i = 0; i < NR_AUDIT_CONDITIONS; i++) {
		const struct rule *rule = rule_find(conditions[i].rule);
		json_t *o = json_object();

		json_object_set_new(o, "rule", json_string(conditions[i].rule));
		json_object_set_new(o, "name",
				    json_string(rule ? rule->name : ""));
		json_object_set_new(o, "meaning",
				    json_string(conditions[i].meaning));
		json_array_append_new(list, o);
	}
	return list;
}

static json_t *tally_json(size_t warning, size_t note)
{
	json_t *o = json_object();

	json_object_set_new(o, "warning", json_integer((json_int_t)warning));
	json_object_set_new(o, "note", json_integer((json_int_t)note));
	json_object_set_new(o, "total",
			    json_integer((json_int_t)(warning + note)));
	return o;
}

json_t *audit_condition_counts_json(const struct audit_condition_counts *c)
{
	json_t *o = json_object();
	size_t warning = 0, note = 0;
	int i;

	for (i = 0; i < NR_AUDIT_CONDITIONS; i++) {
		json_object_set_new(o, conditions[i].rule,
				    tally_json(c->warning[i], c->note[i]));
		warning += c->warning[i];
		note += c->note[i];
	}
	json_object_set_new(o, "total", tally_json(warning, note));
	return o;
}

long long audit_condition_tally(json_t *counts, const char *rule,
				const char *key)
{
	return (long long)json_integer_value(
		json_object_get(json_object_get(counts, rule), key));
}

/* Whether subsystem a comes before b: more warnings, then more notes. */
static bool condition_before(json_t *a, json_t *b)
{
	long long wa = audit_condition_tally(a, "total", "warning"),
		  wb = audit_condition_tally(b, "total", "warning");

	if (wa != wb)
		return wa > wb;
	return audit_condition_tally(a, "total", "note") >
	       audit_condition_tally(b, "total", "note");
}

size_t audit_condition_order(json_t *doc, size_t *order)
{
	json_t *subsystems = json_object_get(doc, "subsystems"), *s;
	size_t i, j, nr = 0;

	json_array_foreach(subsystems, i, s) {
		json_t *counts = json_object_get(s, "condition_counts");

		if (!audit_condition_tally(counts, "total", "total"))
			continue;
		/* insertion: stable, and the lists are short */
		for (j = nr; j > 0; j--) {
			json_t *q = json_object_get(
				json_array_get(subsystems, order[j - 1]),
				"condition_counts");

			if (!condition_before(counts, q))
				break;
			order[j] = order[j - 1];
		}
		order[j] = i;
		nr++;
	}
	return nr;
}
