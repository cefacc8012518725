#!/bin/bash
# The 6.17 migration rules on a real tree (v6.18/v6.19; fetch a mirror):
# wqcheck scan --rules=WQ020,WQ021,WQ022 against the floor,
#   git grep -nwE 'system_wq|system_unbound_wq|alloc_workqueue'
# alternating, ROUNDS times (default 3), medians; peak memory; the sites per
# rule against bench/percpu-truth.py and git grep; the whole-tree series and
# whether git am applies it and leaves no site.
#
#   bench/percpu-scan.sh TREE [ROUNDS]
set -eu
tree=$(cd "$1" && pwd)
rounds=${2:-3}
top=$(cd "$(dirname "$0")/.." && pwd)
wq=$top/checker/wqcheck
tmp=$(mktemp -d "${TMPDIR:-/tmp}/percpu-bench.XXXXXX")
trap 'git -C "$tree" worktree remove --force "$tmp/wt" 2>/dev/null; rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
secs() { /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >"$tmp/out" 2>/dev/null || true; tail -n 1 "$tmp/time"; }

echo "# machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# tree: $tree ($(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$tree/Makefile" | paste -sd.))"
for ((r = 0; r < rounds; r++)); do
	secs "$wq" scan -q --rules=WQ020,WQ021,WQ022 "$tree" >>"$tmp/scan"
	cp "$tmp/out" "$tmp/findings"
	(cd "$tree" && secs git grep -nwE 'system_wq|system_unbound_wq|alloc_workqueue' -- '*.c' '*.h') >>"$tmp/grep"
done
s=$(cut -d' ' -f1 "$tmp/scan" | median)
g=$(cut -d' ' -f1 "$tmp/grep" | median)
m=$(cut -d' ' -f2 "$tmp/scan" | sort -n | tail -1)
echo "scan median ${s}s, git grep median ${g}s, ratio $(echo "scale=2; $s / $g" | bc), scan peak RSS $((m / 1024)) MB"

for r in WQ020 WQ021 WQ022; do
	echo "$r: $(grep -c "\[$r\]" "$tmp/findings") findings ($(grep "\[$r\]" "$tmp/findings" | grep -c ' note: ') notes)"
done
for n in system_wq system_unbound_wq; do
	(cd "$tree" && git grep -nw "$n" -- '*.c' '*.h') | grep -v '^kernel/workqueue.c:\|^include/linux/workqueue.h:' |
		cut -d: -f1,2 | sort -u >"$tmp/grep-$n"
done
grep '\[WQ020\]' "$tmp/findings" | cut -d: -f1,2 | sort -u >"$tmp/found-system_wq"
grep '\[WQ021\]' "$tmp/findings" | cut -d: -f1,2 | sort -u >"$tmp/found-system_unbound_wq"
for n in system_wq system_unbound_wq; do
	echo "$n: git grep lines $(wc -l <"$tmp/grep-$n"), found $(wc -l <"$tmp/found-$n"), lines not found (read them: comments?) $(comm -23 "$tmp/grep-$n" "$tmp/found-$n" | wc -l), found but not in git grep $(comm -13 "$tmp/grep-$n" "$tmp/found-$n" | wc -l)"
done
python3 "$top/bench/percpu-truth.py" "$tree" | sort -u >"$tmp/truth"
grep '\[WQ022\]' "$tmp/findings" | cut -d: -f1,2 | sort -u >"$tmp/found-wq022"
echo "alloc_workqueue calls whose flags as written name neither flag: $(wc -l <"$tmp/truth"); WQ022 found $(wc -l <"$tmp/found-wq022"); not found $(comm -23 "$tmp/truth" "$tmp/found-wq022" | wc -l) (flags through a name that holds WQ_UNBOUND/WQ_PERCPU?); found but not in the truth $(comm -13 "$tmp/truth" "$tmp/found-wq022" | wc -l)"
comm -23 "$tmp/truth" "$tmp/found-wq022" | sed 's/^/  not found: /'

/usr/bin/time -f "%e %M" -o "$tmp/series.time" "$wq" series -q --rules=WQ020,WQ021,WQ022 \
	--from="wqcheck bench <bench@example.org>" --cc=maintainers -o "$tmp/series" "$tree" >/dev/null
read -r st sm <"$tmp/series.time"
n=$(ls "$tmp/series" | grep -vc cover-letter)
echo "series: $n patches in ${st}s, peak RSS $((sm / 1024)) MB"
# a worktree of the tree, with the tree's sparse checkout if it has one
# (a mirror may lack a few huge blobs)
git -C "$tree" worktree add -q --no-checkout --detach "$tmp/wt" HEAD
if [ -f "$(git -C "$tree" rev-parse --git-dir)/info/sparse-checkout" ]; then
	wtdir=$(git -C "$tmp/wt" rev-parse --git-dir)
	mkdir -p "$wtdir/info"
	cp "$(git -C "$tree" rev-parse --git-dir)/info/sparse-checkout" "$wtdir/info/"
	git -C "$tmp/wt" config core.sparseCheckout true
fi
git -C "$tmp/wt" read-tree -mu HEAD
if git -C "$tmp/wt" -c user.name=b -c user.email=b@example.org am -q $(ls "$tmp/series"/*.patch | grep -v cover-letter); then
	left=$("$wq" scan -q --rules=WQ020,WQ021,WQ022 "$tmp/wt" | grep -vc ' note: ' || true)
	echo "series: git am applies all $n; a rescan finds $left fixable sites left"
else
	echo "series: git am failed"
fi
