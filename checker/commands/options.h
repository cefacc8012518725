/*
 * Options more than one command takes, as parse-options callbacks and
 * table entries: the rule list, the finding level to fail on, -q, -j, and
 * the others below. One definition each, so the commands cannot disagree
 * on their spelling.
 */
#ifndef WQCHECK_COMMANDS_OPTIONS_H
#define WQCHECK_COMMANDS_OPTIONS_H

#include "analysis/finding.h"
#include "analysis/rules/rule.h"
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
/* For --help (struct command_usage's more): the rules the command runs,
 * one line a family with its ids, from the registry so that it cannot
 * drift from it; runs: which (NULL: every rule). */
void usage_rule_families(FILE *fp, bool (*runs)(const struct rule *rule));
/* usage_rule_families() of every rule. */
void usage_all_rules(FILE *fp);

/* --fail-on=LEVEL into a struct fail_on. */
struct fail_on {
	bool set;
	enum severity level;
};
void parse_opt_fail_on(const struct option *opt, const char *arg);

#define OPT_RULES(v, h)	OPT_CALLBACK(0, "rules", (v), "LIST", (h), parse_opt_rules)
#define OPT_FAIL_ON(v, h) \
	OPT_CALLBACK_WORDS(0, "fail-on", (v), "LEVEL", (h), parse_opt_fail_on, \
			   "note warning error")
#define OPT_QUIET(v, h)	OPT_BOOL('q', "quiet", (v), (h))

/*
 * Options whose spelling several commands share; the help says what each
 * command does with the value.
 */
#define OPT_ARCH(v, h)	OPT_STRING(0, "arch", (v), "ARCH", (h))
#define OPT_COMPILE_DB(v, h)	OPT_STRING('p', NULL, (v), "DIR", (h))
#define OPT_INDEX(v, h)	OPT_STRING(0, "index", (v), "FILE", (h))
#define OPT_IN_PLACE(v, h)	OPT_BOOL(0, "in-place", (v), (h))
#define OPT_CONFIG(v, h)	OPT_STRING(0, "config", (v), "WHICH", (h))
#define OPT_MAKE_ARG(v, h) \
	OPT_STRING_LIST(0, "make-arg", (v), "ARG", (h))

/* Options several commands share whole, help included. */
#define OPT_QUIET_PROGRESS(v)	OPT_QUIET((v), "no progress display")
#define OPT_JOBS_ALL_CPUS(v) \
	OPT_JOBS((v), "parallel jobs (default: all CPUs)")
#define OPT_BASELINE(v) \
	OPT_STRING(0, "baseline", (v), "FILE", \
		   "report only findings not in FILE, the JSON or SARIF of\n" \
		   "an earlier run (matched by fingerprint)")
#define OPT_PREFER_UNBOUND(v) \
	OPT_BOOL(0, "prefer-unbound", (v), \
		 "WQ020, WQ022: system_dfl_wq / WQ_UNBOUND where the\n" \
		 "work queued there is proved not to need its CPU")

/* --baseline=FILE read, or one line on stderr and exit 2. */
struct baseline;
struct scan_result;
void baseline_load_or_die(struct baseline *b, const char *path, const char *root);
/* One line on stderr: how many findings the baseline matched, how many are
 * new. */
void baseline_summary(const struct scan_result *res);

#endif
