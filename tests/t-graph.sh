#!/bin/bash
# The graph of checker/ (tests/graph.sh): no include or call cycle, nothing
# against the layer order, no product using a sibling; and the check itself
# catches each, naming the two files, on a copy with one of each put in.
# timeout: 600
set -u
: "${TOP:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/t-graph.XXXXXX")
trap 'rm -rf "$T"' EXIT

ok() { echo "ok - graph: $1"; }
nok() { echo "not ok - graph: $1"; shift; for l in "$@"; do echo "    $l"; done; }

if bash "$TOP/tests/graph.sh" >"$T/edges" 2>"$T/err"; then
	ok "checker/ has no cycle, no use against the layers, no product using a sibling ($(grep '^# ' "$T/err" | sed 's/^# //' | paste -sd ';' | sed 's/;/; /'))"
else
	nok "checker/ has no cycle, no use against the layers, no product using a sibling" \
		"$(sed 's/^/    /' "$T/err")"
fi
grep -q '^commands/wqcheck -> ' "$T/edges" &&
	ok "the includes are drawn (commands/wqcheck includes modules)" ||
	nok "the includes are drawn (commands/wqcheck includes modules)"
grep -q '^commands/wqcheck => commands/cmd-scan: cmd_scan$' "$T/edges" &&
	ok "the calls are drawn (commands/wqcheck calls cmd_scan())" ||
	nok "the calls are drawn (commands/wqcheck calls cmd_scan())"

# A copy with its objects (times kept: only the files changed below are
# compiled again), and one violation of each kind planted in .c files.
mkdir -p "$T/copy/tests"
cp "$TOP/tests/graph.sh" "$T/copy/tests/"
tar -C "$TOP" --exclude=checker/build-asan --exclude=checker/build-fuzz \
	-cf - checker | tar -C "$T/copy" -xf -
c=$T/copy/checker
plant_first() { sed -i "1i $2" "$c/$1"; }
plant_last() { printf '%s\n' "$2" >>"$c/$1"; }
# includes: against the layers, a cycle, into a sibling product
plant_first front/lexer.c '#include "output/report.h"'
plant_first lib/needles.c '#include "lib/regex-size.h"'
plant_first lib/regex-size.c '#include "lib/needles.h"'
plant_first products/series/series-scan.c '#include "products/review/check-patch.h"'
# and analysis/'s floors: the model including a rule's header
plant_first analysis/model/workqueue-names.c '#include "analysis/rules/rule.h"'
# calls: against the layers, a cycle, into a sibling product
plant_last lib/strbuf.c 'struct rule;
const struct rule *rule_find(const char *id);
void graph_upward(void);
void graph_upward(void) { (void)rule_find("WQ001"); }'
plant_last analysis/model/module-groups.c 'struct rule;
const struct rule *rule_find(const char *id);
void graph_floor(void);
void graph_floor(void) { (void)rule_find("WQ013"); }'
plant_last products/audit/audit-html.c 'void graph_there(void);
void graph_here(void);
void graph_here(void) { graph_there(); }'
plant_last products/audit/audit-json.c 'void graph_here(void);
void graph_there(void);
void graph_there(void) { graph_here(); }'
plant_last products/series/series.c 'struct kbuild_check;
int kbuild_check_run(struct kbuild_check *kc);
int graph_sibling(void);
int graph_sibling(void) { return kbuild_check_run(NULL); }'
bash "$T/copy/tests/graph.sh" >/dev/null 2>"$T/err2"
rc=$?
[ $rc -eq 1 ] && ok "a planted violation fails the check (exit 1)" ||
	nok "a planted violation fails the check (exit $rc)" "$(cat "$T/err2")"
expect() {	# NAME PATTERN: the violation is named with its two files
	grep -q "$2" "$T/err2" && ok "$1" || nok "$1" "no line matches: $2" "$(cat "$T/err2")"
}
expect "an include against the layers is named" \
	'^layer: front/lexer includes output/report$'
expect "an include cycle is named" \
	'^cycle: lib/needles <-> lib/regex-size$'
expect "an include into a sibling product is named" \
	'^sibling: products/series/series-scan includes products/review/check-patch$'
expect "an upward call is named" \
	'^layer: lib/strbuf calls analysis/rules/rule-registry (rule_find)$'
expect "a model file including a rule's header is named" \
	'^floor: analysis/model/workqueue-names includes analysis/rules/rule$'
expect "a model file calling a rule is named" \
	'^floor: analysis/model/module-groups calls analysis/rules/rule-registry (rule_find)$'
expect "a call cycle is named" \
	'^call cycle: products/audit/audit-html -> products/audit/audit-json (graph_there); products/audit/audit-json -> products/audit/audit-html (graph_here)$'
expect "a call into a sibling product is named" \
	'^sibling: products/series/series calls products/review/kbuild-check (kbuild_check_run)$'
# (the upward calls close cycles too: strbuf and the model are called from
# the rules they now call; two cycles with the audit pair)
grep -q '^# calls: .* 2 cycles, 2 upward, 1 into a sibling product$' "$T/err2" &&
	ok "the tally counts the planted calls" ||
	nok "the tally counts the planted calls" "$(grep '^# ' "$T/err2")"
