#!/bin/bash
# The fix family of wqcheck series on a real tree: the whole tree's series,
# its fix patches (a log that says "This patch changes behavior:" and a
# subject "move INIT_*()" or "queue ... only"), applied with git am on a
# shared clone of TREE, check-patch of each, WQ014/WQ015 rescanned on the
# patched tree, and every "not fixed" reason the series gave, counted.
# Prints a Markdown report on stdout; TREE itself is never written.
#
#   bench/series-fixes.sh TREE [LABEL]
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$TOP/bench/lib.sh"
fix_bench_begin wqcheck-bench-fixes "$@"

fix_bench_series
fixes=$(fix_bench_fixes "$work/out"/0*.patch)
echo "### $label"
echo
printf 'series of the whole tree: %s patches in %.0f s; %s fix patches\n\n' \
	"$(ls "$work/out" | grep -vc 0000-cover)" "$series_secs" "$(echo "$fixes" | grep -c .)"
git clone -q --shared "$tree" "$work/tree"
echo "| patch | file | git am | check-patch | condition left at the site |"
echo "|---|---|---|---|---|"
for p in $fixes; do
	f=$(sed -n 's|^+++ b/||p' "$p" | head -1)
	subj=$(git mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p')
	if git -C "$work/tree" am -q "$p" >/dev/null 2>&1; then am=ok; else am=FAILED; git -C "$work/tree" am --abort; fi
	"$WQCHECK" check-patch -q --tree="$work/tree" "$p" >"$work/cp" 2>&1 && cp=clean || cp="exit $?: $(head -1 "$work/cp")"
	case "$subj" in *"move INIT_"*) rule=WQ015 ;; *) rule=WQ014 ;; esac
	left=$("$WQCHECK" scan -q --rules=$rule "$work/tree/$f" 2>/dev/null | grep -c "\[$rule\]\$" || true)
	echo "| $subj | $f | $am | $cp | $rule findings in the file after: $left |"
done
echo
echo "Not fixed, by reason (the series' stderr):"
echo
echo '```'
sed -n 's/^wqcheck: [^ ]*: \(WQ01[45]\) not fixed: /\1 /p' "$work/err" | sort | uniq -c | sort -rn
echo '```'
