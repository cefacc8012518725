#!/bin/bash
# wqcheck series against wqcheck scan on a 6.1 tree with 100 files to convert
# (target: the series adds at most 2 s to the scan).
#
# The tree: a shared clone of the legacy fixture (tests/real/legacy-fixture.sh,
# 31 files with 3.7-era uses) with flush_work() turned back into
# flush_work_sync() in the first call of further .c files, one per directory,
# until 100 files have something to convert; the fixture's generated headers
# and .config are copied in, so that both tools see a configured tree. Then
# ROUNDS rounds of: scan, series (Cc from the tree's get_maintainer.pl, the
# default) and series --cc=maintainers, alternating. Prints each time and the
# medians. Usage: bench/series.sh [ROUNDS]
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
rounds=${1:-3}
want=100
legacy=$("$TOP/tests/real/legacy-fixture.sh")
work=$(mktemp -d "${TMPDIR:-/tmp}/wqcheck-bench-series.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
tree=$work/tree
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@invalid
export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@invalid

git clone -q --shared "$legacy" "$tree"
for d in include/generated arch/x86/include/generated; do
	[ -d "$legacy/$d" ] && mkdir -p "$tree/${d%/*}" && cp -r "$legacy/$d" "$tree/$d"
done
cp "$legacy/.config" "$tree/.config" 2>/dev/null || true

# The files wqcheck would convert, outside the API's own.
converted() {
	"$WQCHECK" scan --rules=WQ001,WQ002,WQ003,WQ004,WQ005 -q "$tree" 2>/dev/null |
		cut -d: -f1 | sort -u |
		grep -v -e '^kernel/workqueue.c$' -e '^include/linux/workqueue.h$' | wc -l
}
# Candidates: .c files calling flush_work() on a code line, not the API's own,
# not already in the fixture, one per directory, in a fixed order.
cut -f2 "$legacy/wqcheck-legacy-manifest.tsv" | sort -u >"$work/taken"
git -C "$tree" grep -l -E '^[[:space:]]+(flush_work\(|[^*/[:space:]].*\bflush_work\()' \
	-- '*.c' ':!kernel/workqueue.c' |
	grep -v -x -F -f "$work/taken" | awk -F/ '{ d = $0; sub("/[^/]*$", "", d) } !seen[d]++' \
	>"$work/candidates"
# A rewrite can land where the scan rightly finds nothing (an inactive
# branch): rewrite, count, and go on until there are enough.
exec 3<"$work/candidates"
n=$(converted)
while [ "$n" -lt "$want" ]; do
	missing=$((want - n))
	while [ "$missing" -gt 0 ] && read -r f <&3; do
		perl -0pi -e 's/^([ \t]+(?![*\/])[^\n]*?)\bflush_work\(/$1flush_work_sync(/m' "$tree/$f"
		git -C "$tree" diff --quiet -- "$f" || missing=$((missing - 1))
	done
	[ "$missing" -eq 0 ] || { echo "bench: too few files to rewrite ($n of $want)" >&2; exit 1; }
	n=$(converted)
done
exec 3<&-
# No "prefix:" in the subject: the series takes its subject prefixes from
# the files' history, and a bench commit should not be one.
git -C "$tree" commit -q -a -m "Bench tree: flush_work_sync() in more files"
converted=$(converted)
echo "tree: $tree, $converted files with something to convert (want $want)"

time_of() {
	local start end
	start=$(date +%s.%N)
	"$@" >/dev/null 2>&1 || [ $? -eq 1 ]
	end=$(date +%s.%N)
	echo "$end - $start" | bc
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

: >"$work/scan" ; : >"$work/series" ; : >"$work/maint"
for r in $(seq "$rounds"); do
	s=$(time_of "$WQCHECK" scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 "$tree")
	p=$(time_of "$WQCHECK" series -q -o "$work/out" "$tree")
	m=$(time_of "$WQCHECK" series -q --cc=maintainers -o "$work/out-m" "$tree")
	echo "$s" >>"$work/scan"; echo "$p" >>"$work/series"; echo "$m" >>"$work/maint"
	printf 'round %d: scan %.2f s, series %.2f s, series --cc=maintainers %.2f s\n' "$r" "$s" "$p" "$m"
done
patches=$(ls "$work/out" | grep -c -v '^0000-')
files=$(grep -h '^+++ b/' "$work"/out/0*.patch | sort -u | wc -l)
s=$(median <"$work/scan"); p=$(median <"$work/series"); m=$(median <"$work/maint")
printf 'series: %d patches, %d files\n' "$patches" "$files"
printf 'median: scan %.2f s, series %.2f s (+%.2f s), series --cc=maintainers %.2f s (+%.2f s)\n' \
	"$s" "$p" "$(echo "$p - $s" | bc)" "$m" "$(echo "$m - $s" | bc)"
if cmp -s <(grep -h '^Cc:' "$work"/out/0*.patch) <(grep -h '^Cc:' "$work"/out-m/0*.patch); then
	echo "Cc lines: the same from get_maintainer.pl and from MAINTAINERS read here"
else
	echo "Cc lines: differ between get_maintainer.pl and MAINTAINERS read here"
fi
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"

