#!/bin/bash
# check-patch of a 10-file, 10-patch series on the 6.1 tree (target: 3 s).
#
# The series: the legacy fixture's rewrite (tests/real/legacy-fixture.sh) of
# ten .c files, one format-patch-style mail per file, applied to the pristine
# tree of tests/real/kernel-tree.sh (not a git checkout: the pre-image comes
# from TREE's files). Prints the timings of RUNS runs, the findings against
# the fixture's manifest, and the alternatives measured on the fixture's git
# repository. Usage: bench/check-patch.sh [--no-alternatives] [RUNS] [OUT.mbox]
set -eu
alternatives=1
if [ "${1:-}" = --no-alternatives ]; then
	alternatives=0
	shift
fi
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
runs=${1:-5}
tree=$("$TOP/tests/real/kernel-tree.sh")
legacy=$("$TOP/tests/real/legacy-fixture.sh")
manifest=$legacy/wqcheck-legacy-manifest.tsv
out=${2:-$(mktemp)}

# Ten .c files of the manifest, spread over the tree, sorted for stability.
files=$(cut -f2 "$manifest" | grep '\.c$' | sort -u | awk 'NR % 3 == 1' | head -10)
[ "$(echo "$files" | wc -l)" -eq 10 ] || { echo "fewer than 10 files in $manifest" >&2; exit 1; }

# One mail per file, numbered like git format-patch's.
i=0
: >"$out"
for f in $files; do
	i=$((i + 1))
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
	printf 'From: Bench <bench@invalid>\nDate: Mon, 20 Aug 2012 00:00:00 +0000\n'
	printf 'Subject: [PATCH %02d/10] %s: back to the 3.7-era workqueue API\n\n' "$i" "${f%/*}"
	printf 'For the check-patch benchmark.\n---\n'
	git -C "$legacy" diff HEAD~1 HEAD -- "$f"
	printf -- '-- \n2.39.2\n\n'
done >>"$out"

want=$(awk -F'\t' -v list=" $(echo $files) " 'index(list, " " $2 " ") { n++ } END { print n + 0 }' "$manifest")
echo "series: $out (10 patches, 10 files, $(wc -l <"$out") lines); manifest sites in them: $want"
for r in $(seq "$runs"); do
	start=$(date +%s.%N)
	set +e
	"$WQCHECK" check-patch --tree="$tree" "$out" >"$out.findings" 2>"$out.err"
	rc=$?
	set -e
	end=$(date +%s.%N)
	got=$(grep -c '\[WQ0' "$out.findings" || true)
	printf 'run %d: %.2f s, exit %d, %d findings\n' "$r" "$(echo "$end - $start" | bc)" "$rc" "$got"
done
[ "$runs" -eq 0 ] || WQCHECK_TIMING=1 "$WQCHECK" check-patch --tree="$tree" "$out" 2>&1 >/dev/null | grep wqcheck-timing || true
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"

# The alternatives, on a clone of the fixture's git repository (70k files).
[ $alternatives -eq 1 ] || exit 0
alt=$(mktemp -d)
trap 'rm -rf "$alt"' EXIT
# A shared clone, so that the fixture's own .git is never written.
git clone -q --shared --no-checkout "$legacy" "$alt/repo"
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); printf '%.2f s' "$(echo "$e - $s" | bc)"; }
echo "git worktree add (full checkout): $(t git -C "$alt/repo" worktree add --detach "$alt/full" HEAD~1)"
echo "git worktree add --no-checkout + sparse checkout of the 10 files: $(t sh -c "
	git -C '$alt/repo' worktree add --no-checkout --detach '$alt/sparse' HEAD~1 &&
	git -C '$alt/sparse' sparse-checkout set --no-cone $(echo $files) &&
	git -C '$alt/sparse' checkout -q")"
