#include "commands/options.h"
#include "output/baseline.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void parse_opt_rules(const struct option *opt, const char *arg)
{
	struct rule_choice *choice = opt->value;
	const struct rule *named[RULE_CHOICE_MAX];
	char *bad = NULL;
	int n = rule_parse_list(arg, named, RULE_CHOICE_MAX, &bad), i;
	size_t k;

	if (n < 0) {
		struct strbuf ids = STRBUF_INIT;
		size_t r;

		for (r = 0; r < nr_all_rules; r++)
			strbuf_addf(&ids, "%s%s", r ? ", " : "", all_rules[r]->id);
		usage_die("unknown rule '%s' (rules: %s; ids or names, any case)",
			  bad, ids.buf);
	}
	if (!n)
		usage_die("--rules needs at least one rule");
	/* --rules again adds to the list; a rule named twice is run once. */
	for (i = 0; i < n; i++) {
		for (k = 0; k < choice->nr && choice->rules[k] != named[i]; k++)
			;
		if (k == choice->nr && choice->nr < RULE_CHOICE_MAX)
			choice->rules[choice->nr++] = named[i];
	}
}

void rule_choice_default_all(struct rule_choice *choice)
{
	size_t i;

	if (choice->nr)
		return;
	for (i = 0; i < nr_all_rules && i < RULE_CHOICE_MAX; i++)
		choice->rules[choice->nr++] = all_rules[i];
}

void parse_opt_fail_on(const struct option *opt, const char *arg)
{
	struct fail_on *f = opt->value;

	if (severity_parse(arg, &f->level) < 0)
		usage_die("--fail-on takes note, warning or error, not '%s'", arg);
	f->set = true;
}

void baseline_load_or_die(struct baseline *b, const char *path, const char *root)
{
	struct strbuf err = STRBUF_INIT;

	if (baseline_load(b, path, root, &err) < 0)
		die("--baseline: %s", err.buf);
	strbuf_release(&err);
}

void baseline_summary(const struct scan_result *res)
{
	fprintf(stderr, "wqcheck: %zu finding%s new, %zu matched the baseline %s\n",
		res->baseline_new, res->baseline_new == 1 ? "" : "s",
		res->baseline_matched, res->baseline);
}

/* "  WQ010-WQ012  CPU affinity: ...": consecutive rules of one family. */
void usage_rule_families(FILE *fp, bool (*runs)(const struct rule *rule))
{
	size_t i, j;

	fputs("Rules it runs ('wqcheck explain RULE' says more):\n", fp);
	for (i = 0; i < nr_all_rules; i = j) {
		const char *family = all_rules[i]->family ? all_rules[i]->family : "";
		const char *last = all_rules[i]->id, *line, *nl;
		char ids[32];

		if (runs && !runs(all_rules[i])) {
			j = i + 1;
			continue;
		}
		for (j = i + 1; j < nr_all_rules; j++) {
			if (strcmp(all_rules[j]->family ? all_rules[j]->family : "", family) ||
			    (runs && !runs(all_rules[j])))
				break;
			last = all_rules[j]->id;
		}
		if (last == all_rules[i]->id)
			snprintf(ids, sizeof(ids), "%s", last);
		else
			snprintf(ids, sizeof(ids), "%s-%s", all_rules[i]->id, last);
		/* the family's continuation lines under its first */
		for (line = family; line; line = nl ? nl + 1 : NULL) {
			nl = strchr(line, '\n');
			fprintf(fp, "  %-13s%.*s\n", line == family ? ids : "",
				nl ? (int)(nl - line) : (int)strlen(line), line);
		}
	}
}

void usage_all_rules(FILE *fp)
{
	usage_rule_families(fp, NULL);
}
