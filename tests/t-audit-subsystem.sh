#!/bin/bash
# audit --subsystem=S reads the section's files and, of the others, only
# those tied to them by a name (model/section-ties.h): its rows must be
# the whole audit's rows of S, for every section with a row, on corpus/
# and corpus/6.17, and on tests/audit/subsystem/ laid over corpus/6.17:
# the case made for it, a driver (TIEWIRE DRIVER) whose items other
# sections' files bind, queue (on the driver's own workqueue, and through
# a wrapper defined in one of them) and re-arm from a work function of
# a third; a reading that skipped any of those files would change rows.
# asan: yes
set -u
T=$(mktemp -d "${TMPDIR:-/tmp}/t-audit-subsystem.XXXXXX")
trap 'rm -rf "$T"' EXIT

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }

if ! command -v python3 >/dev/null; then
	echo "skip - audit --subsystem: python3 not installed"
	exit 0
fi

fixture=$T/tiewire
cp -r "$TOP/corpus/6.17" "$fixture" && cp -r "$TOP/tests/audit/subsystem/." "$fixture" || {
	not_ok "the fixture tree is laid out"
	exit 0
}

for tree in "$TOP/corpus" "$TOP/corpus/6.17" "$fixture"; do
	label=${tree#"$TOP/"}
	[ "$tree" = "$fixture" ] && label="corpus/6.17 + tests/audit/subsystem"
	if [ ! -f "$tree/MAINTAINERS" ]; then
		echo "skip - $label: no MAINTAINERS"
		continue
	fi
	"$WQCHECK" audit -q --format=json "$tree" >"$T/whole.json" 2>/dev/null
	python3 -c '
import json, sys
for s in json.load(open(sys.argv[1]))["subsystems"]:
    if s["callers"]:
        print(s["name"])' "$T/whole.json" >"$T/sections"
	nr=$(wc -l <"$T/sections")
	if [ "$nr" -eq 0 ]; then
		not_ok "$label: the whole audit has sections with rows"
		continue
	fi
	bad=
	i=0
	while IFS= read -r section; do
		i=$((i + 1))
		"$WQCHECK" audit -q --format=json --subsystem="$section" "$tree" \
			>"$T/$i.json" 2>"$T/$i.err"
		if ! python3 -c '
import json, sys
whole = [s for s in json.load(open(sys.argv[1]))["subsystems"]
         if s["name"] == sys.argv[3]][0]
part = json.load(open(sys.argv[2]))["subsystems"]
keys = ("callers", "counts", "condition_counts", "migration_progress")
sys.exit(not (len(part) == 1 and
              all(part[0][k] == whole[k] for k in keys)))' \
			"$T/whole.json" "$T/$i.json" "$section" 2>>"$T/$i.err"; then
			bad="$bad${bad:+, }$section"
		fi
	done <"$T/sections"
	if [ -z "$bad" ]; then
		ok "$label: audit --subsystem's rows are the whole audit's, for each of $nr sections"
	else
		not_ok "$label: audit --subsystem's rows differ from the whole audit's" "$bad"
	fi
done

# the case made for it: rows that other sections' files decide
"$WQCHECK" audit -q --format=json --subsystem="TIEWIRE DRIVER" "$fixture" >"$T/tie.json" 2>/dev/null
if python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["subsystems"]
rows = s[0]["callers"] if len(s) == 1 else []
ev = {e["file"].split("/")[2] for r in rows for e in r.get("evidence", [])
      if e["file"].startswith("drivers/net/")}
sys.exit(not (len(rows) >= 3 and ev >= {"tiewire", "tiehub"}))' "$T/tie.json"; then
	ok "TIEWIRE DRIVER's rows name evidence in another section's files"
else
	not_ok "TIEWIRE DRIVER's rows name evidence in another section's files" \
		"$(head -c 400 "$T/tie.json")"
fi
