#!/bin/bash
# wqcheck audit on -j threads gives the document one thread gives: on the
# corpus and on corpus/6.17 (the migration's rows), JSON and Markdown with
# -j 1, 2 and 4 byte for byte, and scan --prefer-unbound (which runs the
# audit's collection) the same with -j 1 and 4. The threads judge the work
# functions in an order of their own, so an answer that hung on the order
# of the questions would show here; under ASan, so would a race that frees
# or overruns.
# asan: yes
set -u
T=$(mktemp -d "${TMPDIR:-/tmp}/t-audit-jobs.XXXXXX")
trap 'rm -rf "$T"' EXIT

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }

# the corpus keeps a file that does not parse: listed, and exit 2
for tree in "$TOP/corpus" "$TOP/corpus/6.17"; do
	name=${tree#"$TOP/"}
	want=0
	[ "$name" = corpus ] && want=2
	if [ ! -f "$tree/MAINTAINERS" ]; then
		echo "skip - audit jobs: $name/MAINTAINERS missing"
		continue
	fi
	for fmt in json md; do
		for j in 1 2 4; do
			"$WQCHECK" audit -q -j $j --format=$fmt "$tree" >"$T/$j.$fmt" 2>"$T/$j.err"
			echo $? >"$T/$j.rc"
		done
		if [ "$(cat "$T/1.rc")" != $want ] || [ ! -s "$T/1.$fmt" ]; then
			not_ok "audit -j 1 --format=$fmt on $name exits $want with a document" \
				"exit $(cat "$T/1.rc")" "$(head -c 300 "$T/1.err")"
			continue
		fi
		for j in 2 4; do
			if [ "$(cat "$T/$j.rc")" = $want ] && cmp -s "$T/1.$fmt" "$T/$j.$fmt"; then
				ok "audit -j $j --format=$fmt on $name: the document of -j 1"
			else
				not_ok "audit -j $j --format=$fmt on $name: the document of -j 1" \
					"exit $(cat "$T/$j.rc")" \
					"$(diff "$T/1.$fmt" "$T/$j.$fmt" | head -5)"
			fi
		done
	done
	# The rows are there to compare: a document without them would agree
	# with itself too.
	rows=$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print(sum(len(s["callers"]) for s in d["subsystems"]))' "$T/1.json" 2>/dev/null || echo 0)
	if [ "${rows:-0}" -ge 5 ]; then
		ok "audit on $name has rows to compare ($rows)"
	else
		not_ok "audit on $name has rows to compare" "got ${rows:-none}"
	fi
	for j in 1 4; do
		"$WQCHECK" scan -q -j $j --prefer-unbound "$tree" >"$T/pu.$j" 2>&1
		echo $? >"$T/pu.$j.rc"
	done
	if cmp -s "$T/pu.1" "$T/pu.4" && cmp -s "$T/pu.1.rc" "$T/pu.4.rc"; then
		ok "scan --prefer-unbound -j 4 on $name: the output of -j 1"
	else
		not_ok "scan --prefer-unbound -j 4 on $name: the output of -j 1" \
			"$(diff "$T/pu.1" "$T/pu.4" | head -5)"
	fi
done
