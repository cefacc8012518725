#!/bin/bash
# timeout: 120
# asan: yes
# --baseline on a scratch copy of the corpus: a second scan with the first
# one's SARIF (or JSON) as baseline reports nothing new after unrelated lines
# are added above findings, then exactly the finding a change adds; the exit
# status counts new findings only and the summary says how many matched;
# wqcheck check leaves the baseline's findings out too, wqcheck audit marks
# them; a baseline of
# another tree, an unreadable one or one without fingerprints this version
# reads is one line on stderr and exit 2.
set -u
: "${WQCHECK:?}" "${TOP:?}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/corpus
cp -r "$TOP/corpus" "$tree"
find "$tree" -name '*.o' -delete
# the corpus keeps a file that does not parse (exit 2 on purpose): not here
rm -f "$tree/drivers/base/broken_parse.c"

report() { # NAME STATUS [DETAIL FILE]
	if [ "$2" = 0 ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		[ -n "${3-}" ] && sed 's/^/    /' "$3" | head -20
	fi
}

"$WQCHECK" scan -q --format=sarif "$tree" >"$scratch/base.sarif"
rc_sarif=$?
"$WQCHECK" scan -q --format=json "$tree" >"$scratch/base.json"
rc_json=$?
n=$(jq '.findings | length' "$scratch/base.json")
ok=1
[ $rc_sarif = 1 ] && [ $rc_json = 1 ] && [ "$n" -gt 20 ] &&
	[ "$(jq '[.findings[].fingerprints["wqcheck/v1"]] | unique | length' "$scratch/base.json")" = "$n" ] &&
	[ "$(jq -c '[.findings[].fingerprints["wqcheck/v1"]]' "$scratch/base.json")" = \
	  "$(jq -c '[.runs[0].results[].partialFingerprints["wqcheck/v1"]]' "$scratch/base.sarif")" ] && ok=0
report "baseline: a first scan has $n findings, JSON and SARIF with the same distinct fingerprints" $ok

# Unrelated lines above findings: at the top of three files with findings,
# and right above one finding's own line.
for f in $(jq -r '.findings[].file' "$scratch/base.json" | sort -u | head -3); do
	sed -i '1i /* an unrelated comment, added above every finding of the file */' "$tree/$f"
done
f=$(jq -r '.findings[0].file' "$scratch/base.json")
line=$(jq -r '.findings[0].line' "$scratch/base.json")
sed -i "$((line + 1))i\\
	/* and one right above the finding */" "$tree/$f"
"$WQCHECK" scan -q --format=json "$tree" >"$scratch/shifted.json"
moved=$(jq --arg f "$f" '[.findings[] | select(.file == $f)][0].line' "$scratch/shifted.json")

for kind in sarif json; do
	"$WQCHECK" scan -q --baseline="$scratch/base.$kind" "$tree" >"$scratch/out" 2>"$scratch/err"
	rc=$?
	ok=1
	[ $rc = 0 ] && [ ! -s "$scratch/out" ] &&
		grep -qx "wqcheck: 0 findings new, $n matched the baseline $scratch/base.$kind" "$scratch/err" && ok=0
	cat "$scratch/out" >>"$scratch/err"
	report "baseline: with the $kind baseline, 0 new findings after lines added above them ($f:$line now at $moved), exit $rc" $ok "$scratch/err"
done

# A new finding: exactly it is reported, as new, and the status is 1.
printf '\nstatic void wqcheck_baseline_new(struct work_struct *w)\n{\n\tflush_work_sync(w);\n}\n' >>"$tree/$f"
"$WQCHECK" scan -q --baseline="$scratch/base.sarif" "$tree" >"$scratch/out" 2>"$scratch/err"
rc=$?
ok=1
[ $rc = 1 ] && [ "$(wc -l <"$scratch/out")" = 1 ] && grep -q "^$f:.*flush_work_sync().*\[WQ001\]$" "$scratch/out" &&
	grep -qx "wqcheck: 1 finding new, $n matched the baseline $scratch/base.sarif" "$scratch/err" && ok=0
cat "$scratch/err" >>"$scratch/out"
report "baseline: a finding added since is the one reported, exit $rc" $ok "$scratch/out"

"$WQCHECK" scan -q --format=sarif --baseline="$scratch/base.json" "$tree" >"$scratch/new.sarif" 2>/dev/null
"$WQCHECK" scan -q --format=json --baseline="$scratch/base.json" "$tree" >"$scratch/new.json" 2>/dev/null
ok=1
[ "$(jq -c '[.runs[0].results[].baselineState]' "$scratch/new.sarif")" = '["new"]' ] &&
	[ "$(jq -c '.runs[0].properties.baseline | [.matched, .new]' "$scratch/new.sarif")" = "[$n,1]" ] &&
	[ "$(jq -c '.baseline | [.matched, .new]' "$scratch/new.json")" = "[$n,1]" ] &&
	[ "$(jq '.findings | length' "$scratch/new.json")" = 1 ] && ok=0
report "baseline: SARIF marks the result new and both documents count matched and new" $ok

# The reported finding keeps the fingerprint a full scan gives it.
"$WQCHECK" scan -q --format=json "$tree" >"$scratch/full.json"
fp=$(jq -r '.findings[0].fingerprints["wqcheck/v1"]' "$scratch/new.json")
jq -e --arg fp "$fp" '[.findings[].fingerprints["wqcheck/v1"]] | index($fp) != null' "$scratch/full.json" >/dev/null
report "baseline: a new finding's fingerprint is the one a full scan gives it" $?

# wqcheck check (kbuild's $(CHECK)): the baseline's findings are not
# printed, the new one is, and --fail-on counts only it.
"$WQCHECK" check --baseline="$scratch/base.sarif" --fail-on=warning "$tree/$f" 2>"$scratch/check"
rc=$?
ok=1
[ $rc = 1 ] && [ "$(grep -c ': warning: ' "$scratch/check")" = 1 ] &&
	grep -q 'flush_work_sync() is redundant' "$scratch/check" && ok=0
report "baseline: wqcheck check prints only the new finding; --fail-on counts it (exit $rc)" $ok "$scratch/check"

# wqcheck audit: no caller left out, each finding marked matched or new.
"$WQCHECK" audit -q --format=json --baseline="$scratch/base.sarif" "$tree" >"$scratch/audit.json" 2>"$scratch/audit.err"
rc=$?
ok=1
[ $rc = 0 ] && [ "$(jq -c '.summary.baseline | [.matched, .new]' "$scratch/audit.json")" = "[$n,1]" ] &&
	[ "$(jq -r '[.subsystems[].callers[] | select(.baseline == "new") | "\(.file) \(.rule)"] | join(",")' "$scratch/audit.json")" = "$f WQ001" ] &&
	grep -qx "wqcheck: 1 finding new, $n matched the baseline $scratch/base.sarif" "$scratch/audit.err" && ok=0
cat "$scratch/audit.err" >>"$scratch/audit.json"
report "baseline: wqcheck audit marks the $n findings of the baseline matched and the added one new (exit $rc)" $ok "$scratch/audit.err"

# Bad baselines: one line on stderr, exit 2.
bad() { # NAME EXPECTED-TEXT BASELINE [PATH]
	local err rc
	err=$("$WQCHECK" scan -q --baseline="$3" "${4:-$tree}" 2>&1 >/dev/null)
	rc=$?
	if [ $rc = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && [[ $err == *"$2"* ]]; then
		echo "ok - baseline: $1: $err"
	else
		echo "not ok - baseline: $1 (exit $rc): $err"
	fi
}
bad "a baseline of another tree" "a baseline of another tree" "$scratch/base.sarif" "$tree/6.17"
jq 'del(.findings[].fingerprints)' "$scratch/base.json" >"$scratch/old.json"
bad "a JSON without fingerprints" "fingerprints this wqcheck cannot read" "$scratch/old.json"
jq '.runs[0].results[].partialFingerprints = {"wqcheck/v9": "x"}' "$scratch/base.sarif" >"$scratch/v9.sarif"
bad "fingerprints of another scheme" "cannot read (it has wqcheck/v9)" "$scratch/v9.sarif"
jq '.runs[0].tool.driver.name = "sparse"' "$scratch/base.sarif" >"$scratch/other.sarif"
bad "another tool's SARIF" "not of wqcheck" "$scratch/other.sarif"
echo 'not json' >"$scratch/garbage"
bad "a file that is not JSON" "not a JSON or SARIF file" "$scratch/garbage"
bad "a missing file" "not a JSON or SARIF file" "$scratch/missing.sarif"
err=$("$WQCHECK" scan --diff --baseline="$scratch/base.sarif" "$tree" 2>&1 >/dev/null)
rc=$?
[ $rc = 2 ] && [[ $err == *"--baseline goes with the findings"* ]]
report "baseline: not with --diff (exit $rc: $err)" $?
