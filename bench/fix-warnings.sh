#!/bin/bash
# Every WQ014/WQ015 warning of a real tree against the series' fix family:
# which warning got a fix patch, and for each patch: git am on a scratch
# clone, wqcheck check-patch, the kernel's own scripts/checkpatch.pl,
# series-truth.pl (the log against its hunks), and the patched tree
# rescanned (the warning gone, no new one). A warning without a patch gets
# the series' "not fixed" reason, and whether the whole series (the renames
# too) ends it. Prints a Markdown report on stdout; TREE is never written
# (git clone --shared of it into a scratch directory, removed at exit).
#
#   bench/fix-warnings.sh TREE [LABEL]
#   env WQCHECK: the binary (default checker/wqcheck); KEEP=1 keeps the scratch
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$TOP/bench/lib.sh"
fix_bench_begin wqcheck-fix-warnings "$@"

# "path:line RULE" of each warning; the (path, rule) pairs' counts
warnings() {
	"$WQCHECK" scan -q --rules=WQ014,WQ015 "$1" 2>/dev/null |
		sed -n 's/^\([^: ]*\):\([0-9]*\):[0-9]*: warning: .*\[\(WQ01[45]\)\]$/\1:\2 \3/p'
}
count() {	# FILE "path RULE": how many warnings of that rule in that file
	awk -v k="$2" '{ split($1, a, ":"); if (a[1] " " $2 == k) n++ } END { print n + 0 }' "$1"
}
subject() { git mailinfo /dev/null /dev/null <"$1" | sed -n 's/^Subject: //p'; }

warnings "$tree" >"$work/before"
fix_bench_series
patches=$(ls "$work/out"/0*.patch | grep -v 0000-cover-letter)
# the fix family (they come first)
# shellcheck disable=SC2086
fixes=$(fix_bench_fixes $patches)
git clone -q --shared "$tree" "$work/tree"
git -C "$work/tree" checkout -q -b fixes

echo "### $label"
echo
printf '%s WQ014/WQ015 warnings; the series of the whole tree: %s patches in %.0f s, %s of them fixes\n\n' \
	"$(wc -l <"$work/before")" "$(echo "$patches" | wc -l)" "$series_secs" \
	"$(echo "$fixes" | grep -c . || true)"
echo "| patch | file | git am | check-patch | checkpatch.pl |"
echo "|---|---|---|---|---|"
for p in $fixes; do
	f=$(sed -n 's|^+++ b/||p' "$p" | head -1)
	if git -C "$work/tree" am -q "$p" >/dev/null 2>&1; then am=ok; else am=FAILED; git -C "$work/tree" am --abort; fi
	"$WQCHECK" check-patch -q --tree="$work/tree" "$p" >"$work/cp" 2>&1 && cp=clean ||
		cp="exit $?: $(head -1 "$work/cp")"
	kp=$(cd "$work/tree" && perl scripts/checkpatch.pl --no-color "$p" 2>&1 |
		sed -n 's/^total: \(.*\), [0-9]* lines checked$/\1/p')
	echo "| $(basename "$p" .patch | cut -c1-4): $(subject "$p") | $f | $am | $cp | ${kp:-?} |"
done
echo
truth=$(perl "$TOP/tests/lib/series-truth.pl" "$work/out" 2>&1) || true
echo "series-truth.pl (every patch of the series, its log against its hunks): $truth"
echo
warnings "$work/tree" >"$work/after-fixes"
# the rest of the series, for the warnings a rename ends
rest=$(for p in $patches; do echo "$fixes" | grep -qx "$p" || echo "$p"; done)
# shellcheck disable=SC2086
git -C "$work/tree" am -q $rest >/dev/null 2>&1 && rest_am=ok ||
	{ rest_am=FAILED; git -C "$work/tree" am --abort; }
warnings "$work/tree" >"$work/after-all"

echo "| warning | fix patch | after the fixes | after the whole series | not fixed because (the series' stderr) |"
echo "|---|---|---|---|---|"
while read -r at rule; do
	path=${at%%:*}
	p=$(for q in $fixes; do grep -qx "+++ b/$path" "$q" && basename "$q" .patch | cut -c1-4; done | paste -sd, -)
	b=$(count "$work/before" "$path $rule")
	a=$(count "$work/after-fixes" "$path $rule")
	z=$(count "$work/after-all" "$path $rule")
	why=$(sed -n "s|^wqcheck: $at: $rule not fixed: ||p" "$work/err" | head -1)
	echo "| $at $rule | ${p:--} | $rule in the file: $b -> $a | $z | ${why:-${p:+}} |"
done <"$work/before"
echo
# a new warning: a (path, rule) whose count grew
new() {
	awk '{ split($1, a, ":"); k = a[1] " " $2 } FNR == NR { n[k]++; next } { m[k]++ }
		END { for (k in m) if (m[k] > n[k]) print k ": " n[k] + 0 " -> " m[k] }' "$work/before" "$1"
}
echo "New warnings after the fixes: $(new "$work/after-fixes" | paste -sd';' - | sed 's/^$/none/')."
echo "The rest of the series ($(echo "$rest" | wc -l) patches) applied: $rest_am; new warnings after it: $(new "$work/after-all" | paste -sd';' - | sed 's/^$/none/')."
