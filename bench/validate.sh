#!/bin/bash
# Times wqcheck validate on the 6.1 legacy fixture's series against building
# the same objects by hand the same way (a worktree at the base, the same
# cached prepared O= directory, make -j2 of the touched objects with gcc, then
# with C=2 CHECK=sparse, git am of the series, the same two makes again).
# Usage: bench/validate.sh SERIES_DIR   (e.g. the one t-validate-real.sh caches)
# Results: bench/RESULTS-validate.md.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
fx=$("$TOP/tests/real/legacy-fixture.sh")
series=$1
prepared=$(ls -d "$cache"/validate/prepared-* | head -n 1)
objs=$(grep -h '^diff --git a/' "$series"/0*.patch | sed 's|^diff --git a/\([^ ]*\)\.c .*|\1.o|' | sort -u)
w=$(mktemp -d "${TMPDIR:-/tmp}/bench-validate.XXXXXX")
cleanup() {
	git -C "$fx" worktree remove --force --force "$w/wt" 2>/dev/null || true
	git -C "$fx" worktree prune
	rm -rf "$w"
}
trap cleanup EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
mkdir -p "$w/tmp"
s=$(now)
TMPDIR=$w/tmp "$TOP/checker/wqcheck" validate -q -j2 --format=json --series "$series" "$fx" >"$w/v.json" || true
echo "wqcheck validate: $(since "$s")s; $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["seconds"])' "$w/v.json")"

s=$(now); git -C "$fx" worktree add -q --detach "$w/wt" HEAD; echo "by hand: worktree $(since "$s")s"
mkdir -p "$w/wt/.wqcheck-build"
cp -a "$prepared/." "$w/wt/.wqcheck-build/"
find "$w/wt/.wqcheck-build" -exec touch -h -d "@$(( $(date +%s) + 1 ))" {} +
cd "$w/wt"
# shellcheck disable=SC2086
{ s=$(now); make -j2 O=.wqcheck-build $objs >/dev/null 2>&1; echo "by hand: base gcc $(since "$s")s"; }
# shellcheck disable=SC2086
{ s=$(now); make -j2 O=.wqcheck-build C=2 CHECK=sparse $objs >/dev/null 2>&1; echo "by hand: base sparse $(since "$s")s"; }
mkdir -p "$w/objects"
s=$(now)
GIT_OBJECT_DIRECTORY=$w/objects GIT_ALTERNATE_OBJECT_DIRECTORIES=$fx/.git/objects \
	git -c user.name=b -c user.email=b@invalid am -q $(ls "$series"/0*-*.patch | grep -v cover-letter)
echo "by hand: git am $(since "$s")s"
# shellcheck disable=SC2086
{ s=$(now); make -j2 O=.wqcheck-build $objs >/dev/null 2>&1; echo "by hand: after gcc $(since "$s")s"; }
# shellcheck disable=SC2086
{ s=$(now); make -j2 O=.wqcheck-build C=2 CHECK=sparse $objs >/dev/null 2>&1; echo "by hand: after sparse $(since "$s")s"; }
echo "objects: $(echo $objs | wc -w), built: $(cd .wqcheck-build && ls $objs 2>/dev/null | wc -l)"
cd /
