#!/bin/bash
# The words a newcomer reads first: --help lists every rule of the table,
# each command's --help states its own exit status, rule ids match in any
# case and an unknown one lists the valid ids, the text output on a terminal
# (or with -v) ends with a count per severity, JSON's file counts have names
# that cannot be misread (the old names kept for one version), and messages
# quote the expressions they name.
# asan: yes
# timeout: 120
set -u
: "${WQCHECK:?}" "${TOP:?}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else nok "$name" "failed: $*"; fi; }

"$WQCHECK" --help >"$scratch/help"
ids=$(sed -nE 's/^   (WQ[0-9]+) .*/\1/p' "$scratch/help")
check "--help lists the rules of the table" test -n "$ids"
check "--help: scan's line names no range of rules that could go stale" \
	bash -c "! grep -E '^   scan .*WQ[0-9]' '$scratch/help'"
check "--help points at each command's own exit status, 2 always an error" \
	bash -c "grep -q 'describes a command and its exit status' '$scratch/help' &&
		grep -q 'nothing to' '$scratch/help' && grep -q '2 is' '$scratch/help'"
missing=
for c in scan check check-patch diff series validate audit; do
	"$WQCHECK" "$c" --help 2>&1 | grep -q '^Exit status: ' || missing="$missing $c"
done
check "every command's --help states its exit status" test -z "$missing"
[ -n "$missing" ] && echo "    without:$missing"

"$WQCHECK" scan -q --rules=wq001,Flush-Delayed-Work-Sync "$TOP/corpus/drivers/scsi/scx_scan.c" \
	>"$scratch/out" 2>"$scratch/err"
check "--rules: ids and names in any case (wq001, Flush-Delayed-Work-Sync)" \
	bash -c "[ \$(grep -c '\[WQ00[12]\]' '$scratch/out') -ge 2 ] && ! grep -q unknown '$scratch/err'"
"$WQCHECK" scan -q --rules=BOGUS "$TOP/corpus" >"$scratch/out" 2>"$scratch/err"
rc=$?
all_listed=1
for id in $ids; do grep -q "$id" "$scratch/err" || all_listed=0; done
check "--rules=BOGUS: exit 2, one line that lists every valid id" \
	test $rc -eq 2 -a "$(wc -l <"$scratch/err")" -eq 1 -a $all_listed -eq 1

# The count at the end: with -v (a terminal gets it too), not in a pipe.
"$WQCHECK" scan -v -q "$TOP/corpus/drivers/scsi/scx_scan.c" >"$scratch/out" 2>"$scratch/err"
# a note finding ends in its rule; a note of evidence does not
w=$(grep -c '^[^ ].*: warning: ' "$scratch/out") n=$(grep -c '^[^ ].*: note: .*\[WQ[0-9]*\]$' "$scratch/out")
[ "$n" = 1 ] && notes="1 note" || notes="$n notes"
check "scan -v: the last line counts $w warnings, $notes and the files read, parsed with libclang, failed" \
	bash -c "tail -1 '$scratch/err' | grep -qx 'wqcheck: 0 errors, $w warnings, $notes; 1 file read, [0-9]* parsed with libclang, 0 failed'"
"$WQCHECK" scan -q "$TOP/corpus/drivers/scsi/scx_scan.c" >/dev/null 2>"$scratch/err"
check "scan into a pipe: no count line (the findings alone, as before)" test ! -s "$scratch/err"
if command -v script >/dev/null; then
	script -qec "'$WQCHECK' scan -q '$TOP/corpus/drivers/scsi/scx_scan.c'" /dev/null >"$scratch/tty" 2>&1
	check "scan on a terminal: the output ends with the count" \
		bash -c "tr -d '\r' <'$scratch/tty' | tail -1 | grep -q '^wqcheck: 0 errors, $w warnings, $notes;'"
fi

# JSON: files read, parsed with libclang, failed; the old names still there.
"$WQCHECK" scan -q --format=json "$TOP/corpus/drivers/scsi" >"$scratch/json"
python3 - "$scratch/json" >"$scratch/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d["files_read"], int) and d["files_read"] >= 1, d
assert isinstance(d["files_parsed_with_libclang"], int), d
assert d["files_parsed_with_libclang"] <= d["files_read"], d
assert isinstance(d["files_failed"], list), d
assert d["files_scanned"] == d["files_read"], d
assert d["files_parsed"] == d["files_parsed_with_libclang"], d
PY
check "JSON: files_read, files_parsed_with_libclang, files_failed; files_scanned and files_parsed kept" \
	test $? -eq 0
[ -s "$scratch/py" ] && sed 's/^/    /' "$scratch/py"

"$WQCHECK" scan -q "$TOP/corpus/drivers/affinity/aff_hotplug.c" >"$scratch/out" 2>/dev/null
check "WQ010's message quotes the CPU expression (asks for CPU \`cpu\`)" \
	grep -q 'asks for CPU `cpu`, but since 3.7' "$scratch/out"
