#!/bin/bash
# timeout: 600
# wqcheck validate's plan (issue 41, item 7): before it builds, the patches,
# the objects they touch, the configuration, the architectures and an
# estimate; --dry-run prints it and stops, touching nothing. The estimate
# comes from the last run on the tree: none before the first run, and after
# it an estimate near what the run took.
set -u
: "${WQCHECK:?}" "${TOP:?}"

. "$TOP/tests/lib/validate-suite.sh" t-validate-plan
export WQCHECK_CACHE=$scratch/cache

dir=$scratch/plan
mkdir -p "$dir"
git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$dir"
tree=$dir/corpus
(cd "$tree" && git init -q && G add -A -f . && G commit -q -m "corpus base") || exit 1
"$WQCHECK" scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 --in-place "$tree/drivers/hid" >/dev/null 2>&1
(cd "$tree" && G commit -q -a -m "hid: use the current workqueue API" &&
 G format-patch -q --cover-letter --base=HEAD~1 -o "$scratch/series" HEAD~1 &&
 G reset -q --hard HEAD~1) || exit 1
head=$(git -C "$tree" rev-parse HEAD)
want_objects=$(grep -h '^+++ b/.*\.c$' "$scratch"/series/0001-*.patch | sed 's|^+++ b/||; s|\.c$|.o|' | sort | xargs)
[ -n "$want_objects" ] || { not_ok "setup: the series touches C files"; exit 0; }

start=$(date +%s.%N)
"$WQCHECK" validate --dry-run --series "$scratch/series" "$tree" >"$scratch/dry.out" 2>"$scratch/dry.err"
rc=$?
secs=$(echo "$(date +%s.%N) - $start" | bc)
got_objects=$(sed -n 's/^  objects: [0-9]* (\(.*\))$/\1/p' "$scratch/dry.err" | tr -d ',' | tr ' ' '\n' | sort | xargs)
if [ $rc -eq 0 ] && [ ! -s "$scratch/dry.out" ] && grep -qx '  patches: 1' "$scratch/dry.err" &&
   [ "$got_objects" = "$want_objects" ] &&
   grep -qx "  configuration: $([ -f "$tree/.config" ] && echo "the tree's .config" ||
	echo 'defconfig, plus the Kconfig symbols that build the objects')" "$scratch/dry.err" &&
   grep -q '^  architectures: .* (the host)$' "$scratch/dry.err" &&
   grep -q '^  estimate: none yet' "$scratch/dry.err"; then
	ok "--dry-run: the plan (1 patch, objects $want_objects, configuration, architectures, no estimate yet), exit 0 in ${secs}s"
else
	not_ok "--dry-run: the plan, exit 0" "rc=$rc objects: want '$want_objects', got '$got_objects'" \
		"$(cat "$scratch/dry.out" "$scratch/dry.err" | head -12)"
fi
[ -z "$(ls "$WQCHECK_CACHE"/validate 2>/dev/null | grep -v '^last-run' | grep -i prepared)" ] &&
	ok "--dry-run builds nothing (no prepared build in the cache)" ||
	not_ok "--dry-run builds nothing" "$(ls "$WQCHECK_CACHE"/validate)"
why=""
[ "$(git -C "$tree" rev-parse HEAD)" = "$head" ] || why="HEAD moved"
[ "$(git -C "$tree" worktree list | wc -l)" -eq 1 ] || why="$why; a worktree left"
[ -z "$(ls -A "$TMPDIR")" ] || why="$why; scratch left: $(ls "$TMPDIR")"
[ -z "$why" ] && ok "--dry-run leaves the tree, its worktrees and the scratch as they were" ||
	not_ok "--dry-run leaves the tree as it was" "$why"

# A real run, then the plan again: an estimate from it, near what it took
# (the plan prints whole seconds: a run of 0.4 s is "about 0 s").
start=$(date +%s.%N)
"$WQCHECK" validate -q --series "$scratch/series" "$tree" >"$scratch/run.out" 2>&1
rc=$?
took=$(echo "$(date +%s.%N) - $start" | bc)
"$WQCHECK" validate --dry-run --series "$scratch/series" "$tree" >/dev/null 2>"$scratch/dry2.err"
est=$(sed -n 's/^  estimate: about \([0-9.]*\) s .*/\1/p' "$scratch/dry2.err")
if [ $rc -eq 0 ] && [ -n "$est" ] &&
   python3 -c 'import sys; e, t = float(sys.argv[1]), float(sys.argv[2]); sys.exit(not (t / 3 - 0.5 <= e <= t * 1.5 + 0.5))' "$est" "$took"; then
	ok "after a run of ${took}s the plan estimates ${est}s (within a third and one and a half of it, give or take the half second it rounds)"
else
	not_ok "after a run the plan estimates what it took" "run rc=$rc took=${took}s estimate='$est'" \
		"$(tail -3 "$scratch/run.out")" "$(grep estimate "$scratch/dry2.err")"
fi
