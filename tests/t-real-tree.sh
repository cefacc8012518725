#!/bin/bash
# wqcheck scan over the whole Debian linux-source-6.1 tree (tests/real/
# kernel-tree.sh), without and with its compile database: the run completes,
# nothing crashes, 6.1 has none of the legacy APIs so WQ001-WQ005 find
# nothing (i915's intel_display_power_flush_work_sync() is the one look-alike),
# every C file is scanned, and the files that failed are listed and few.
set -u
: "${TOP:?}" "${WQCHECK:?}"
. "$TOP/tests/real/lib.sh"

# How many files may fail to be analysed before the suite fails.
max_failed=${WQCHECK_REAL_MAX_FAILED:-5}
legacy_rules=WQ001,WQ002,WQ003,WQ004,WQ005
modes=("no-db" "compile-db")
names=("scan completes" "no WQ001-WQ005 findings" "every C file scanned" "files_failed listed and few")

skip_all() {
	local mode name
	for mode in "${modes[@]}"; do
		for name in "${names[@]}"; do
			echo "skip - real-tree $mode: $name: $1"
		done
	done
	exit 0
}

command -v jq >/dev/null || skip_all "jq not installed"
[ -x "$WQCHECK" ] || skip_all "no wqcheck binary at $WQCHECK"
log=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$log" "$work"' EXIT
t0=$(date +%s)
tree=$("$TOP/tests/real/kernel-tree.sh" 2>"$log") ||
	skip_all "kernel tree not available: $(grep -v '^wqcheck-cache:' "$log" | tail -n 1)"
echo "# real-tree: $tree ready in $(( $(date +%s) - t0 ))s"

# The files a walk of the tree finds: regular .c and .h files, no dot-files
# (the kernel's build stamps such as .checked-atomic-*.h are dot-files).
min() { if [ "$1" -le "$2" ]; then echo "$1"; else echo "$2"; fi; }
max() { if [ "$1" -ge "$2" ]; then echo "$1"; else echo "$2"; fi; }
count_files() { (cd "$tree" && find . -name '.?*' -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print | wc -l); }

for mode in "${modes[@]}"; do
	args=(scan -q --format=json)
	[ "$mode" = compile-db ] && args+=(-p "$tree")
	out=$work/$mode.json
	err=$work/$mode.err
	# Counted before and after: another run may build in the tree meanwhile.
	files_before=$(count_files)
	wq_timed "$WQCHECK" "${args[@]}" "$tree" >"$out" 2>"$err"
	rc=$?
	files_after=$(count_files)
	echo "# real-tree $mode: wqcheck ${args[*]} took ${WQ_SECS}s, peak RSS ${WQ_RSS_MB} MB, exit $rc"

	if [ "$rc" -le 1 ] && jq -e '.findings and .files_scanned' "$out" >/dev/null 2>&1; then
		echo "ok - real-tree $mode: scan completes"
	else
		echo "not ok - real-tree $mode: scan completes"
		echo "    exit status $rc (0 or 1 expected); stderr:"
		head -n 10 "$err" | sed 's/^/    /'
		for name in "${names[@]:1}"; do
			echo "skip - real-tree $mode: $name: the scan did not complete"
		done
		continue
	fi

	legacy=$(jq -r --arg rules "$legacy_rules" '.findings[] | select(.rule as $r | $rules | split(",") | index($r))
		| "\(.file):\(.line):\(.column): \(.rule) \(.message)"' "$out")
	if [ -z "$legacy" ]; then
		echo "ok - real-tree $mode: no WQ001-WQ005 findings"
	else
		echo "not ok - real-tree $mode: no WQ001-WQ005 findings"
		echo "$legacy" | head -n 20 | sed 's/^/    false positive: /'
	fi
	others=$(jq '[.findings[] | select(.rule | test("^WQ00[1-5]$") | not)] | length' "$out")
	echo "# real-tree $mode: $others findings of the other rules (not judged here)"

	scanned=$(jq '.files_scanned' "$out")
	if [ "$scanned" -ge "$(min "$files_before" "$files_after")" ] &&
	   [ "$scanned" -le "$(max "$files_before" "$files_after")" ]; then
		echo "ok - real-tree $mode: every C file scanned"
	else
		echo "not ok - real-tree $mode: every C file scanned"
		echo "    files_scanned $scanned, the tree has $files_before .c/.h files ($files_after after the scan)"
	fi

	failed=$(jq '.files_failed | length' "$out")
	echo "# real-tree $mode: files_failed $failed"
	jq -r '.files_failed[] | "\(.file): \(.reason)"' "$out" | head -n 20 | sed 's/^/#     /'
	if [ "$failed" -le "$max_failed" ]; then
		echo "ok - real-tree $mode: files_failed listed and few"
	else
		echo "not ok - real-tree $mode: files_failed listed and few"
		echo "    $failed files failed, at most $max_failed allowed (WQCHECK_REAL_MAX_FAILED)"
	fi
done
