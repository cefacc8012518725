/*
 * Options more than one command takes, as parse-options callbacks and
 * table entries: the rule list, the finding level to fail on, -q. One
 * definition each, so the commands cannot disagree on their spelling.
 */
#ifndef WQCHECK_COMMANDS_OPTIONS_H
#define WQCHECK_COMMANDS_OPTIONS_H

#include "analysis/finding.h"
#include "analysis/rule.h"
#include "lib/parse-options.h"

#define RULE_CHOICE_MAX 64

/* The rules --rules named (each use adds to the list), in their order. */
struct rule_choice {
	const struct rule *rules[RULE_CHOICE_MAX];
	size_t nr;
};

void parse_opt_rules(const struct option *opt, const char *arg);
/* Every rule when --rules was not given. */
void rule_choice_default_all(struct rule_choice *choice);

/* --fail-on=LEVEL into a struct fail_on. */
struct fail_on {
	bool set;
	enum severity level;
};
void parse_opt_fail_on(const struct option *opt, const char *arg);

#define OPT_RULES(v, h)	OPT_CALLBACK(0, "rules", (v), "LIST", (h), parse_opt_rules)
#define OPT_FAIL_ON(v, h) \
	OPT_CALLBACK(0, "fail-on", (v), "LEVEL", (h), parse_opt_fail_on)
#define OPT_QUIET(v, h)	OPT_BOOL('q', "quiet", (v), (h))

#endif
