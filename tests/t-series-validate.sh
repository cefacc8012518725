#!/bin/bash
# timeout: 600
# wqcheck series --validate: writes the series, then proves it exactly as
# wqcheck validate does (same verdicts, same exit status).
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/corpus
cp -r "$TOP/corpus" "$tree"
find "$tree" -name '*.o' -delete
git -C "$tree" init -q && git -C "$tree" add -A &&
	git -C "$tree" -c user.name=t -c user.email=t@example.org commit -qm base

"$WQCHECK" series -q --from="T <t@example.org>" --validate -o "$scratch/out" "$tree" \
	>"$scratch/series.txt" 2>"$scratch/series.err"
rc1=$?
"$WQCHECK" validate -q --series "$scratch/out" "$tree" >"$scratch/validate.txt" 2>&1
rc2=$?
last1=$(tail -1 "$scratch/series.txt")
last2=$(tail -1 "$scratch/validate.txt")
if [ $rc1 -eq $rc2 ] && [ -n "$last1" ] && [ "$last1" = "$last2" ] &&
   grep -q '^[0-9]*/[0-9]* patches applied' "$scratch/series.txt"; then
	echo "ok - series --validate gives validate's verdict (exit $rc1: $last1)"
else
	echo "not ok - series --validate gives validate's verdict ($rc1 vs $rc2)"
	sed 's/^/    /' "$scratch/series.err"
	echo "    series: $last1"
	echo "    validate: $last2"
fi
# The corpus keeps drivers/staging/nrtx off: not built is never a pass.
if [ $rc1 -eq 1 ] && grep -q 'nrtx.o: NOT BUILT under this configuration: CONFIG_STAGING_NRTX' "$scratch/series.txt"; then
	echo "ok - series --validate: an object the config does not build fails the run"
else
	echo "not ok - series --validate: an object the config does not build fails the run (exit $rc1)"
	grep nrtx "$scratch/series.txt" | sed 's/^/    /'
fi
"$WQCHECK" series --config=defconfig "$tree" >/dev/null 2>"$scratch/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ]; then
	echo "ok - series: --config without --validate is a usage error"
else
	echo "not ok - series: --config without --validate is a usage error (exit $rc)"
fi
if [ -z "$(git -C "$tree" status --porcelain)" ] && [ "$(git -C "$tree" worktree list | wc -l)" -eq 1 ]; then
	echo "ok - series --validate: tree untouched, no worktree left"
else
	echo "not ok - series --validate: tree untouched, no worktree left"
fi
. "$TOP/tests/lib/series-truth.sh"
series_truth "$scratch" series-validate
