#!/bin/bash
# The non-reentrance rules (WQ013-WQ015) on a real tree: findings per rule
# and severity, time and peak RSS of the model pass, and the whole scan
# with every rule against git grep of the workqueue API names on the same
# tree, in pairs (farm-bench --vs). Figures go to bench/RESULTS.md.
#
# usage: bench/reentry.sh TREE [RUNS]   (env WQCHECK; TREE a git checkout)
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
tree=${1:?usage: bench/reentry.sh TREE [RUNS]}
runs=${2:-3}
out=$(mktemp -d "${TMPDIR:-/tmp}/wqcheck-bench-re.XXXXXX")
trap 'rm -rf "$out"' EXIT

echo "# $(cd "$tree" && sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' Makefile | paste -sd.)" \
	"at $tree; load $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
/usr/bin/time -f '%e %U %S %M' -o "$out/time" \
	"$WQCHECK" scan -q --rules=WQ013,WQ014,WQ015 "$tree" >"$out/findings" 2>/dev/null
read -r wall user sys kb < <(tail -1 "$out/time")
echo "WQ013-WQ015: ${wall}s wall, $(echo "$user + $sys" | bc)s CPU, $((kb / 1024)) MB peak"
grep -oE ': (warning|note): .*\[WQ01[345]\]$' "$out/findings" |
	sed -E 's/^: (warning|note): .*\[(WQ01[345])\]$/\2 \1/' | sort | uniq -c |
	awk '{ printf "  %s %-8s %d\n", $2, $3, $1 }'
# The speed bar of issue 29: every rule, against git grep of the names.
names='queue_work|queue_delayed_work|mod_delayed_work|schedule_work|schedule_delayed_work|INIT_WORK|INIT_DELAYED_WORK|PREPARE_WORK|PREPARE_DELAYED_WORK|system_wq|system_unbound_wq|alloc_workqueue'
farm-bench -n "$runs" --timeout 3000 --vs "git -C $tree grep -c -w -E $names" \
	-- "$WQCHECK" scan -q "$tree"
