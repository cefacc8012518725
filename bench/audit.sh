#!/bin/bash
# Times, alternating round by round on the pristine 6.1 tree
# (tests/real/kernel-tree.sh):
#   scan        wqcheck scan -q -j 2 --format=json TREE       (the baseline: all rules)
#   audit-json  wqcheck audit -q -j 2 --format=json TREE
#   audit-md    wqcheck audit -q -j 2 --format=md TREE
#   audit-html  wqcheck audit -q -j 2 -o OUT.html TREE        (when built with the renderer)
# with /usr/bin/time -v (wall clock and maximum resident set size), and the
# size of each output. Prints each run, then medians and the ratios against
# scan, and the load average, which matters on a shared machine.
#
# usage: bench/audit.sh [ROUNDS] [TREE]   (default BENCH_ROUNDS or 3, and the
#        6.1 tree; env WQCHECK, JOBS, RUNS: which of the runs, e.g.
#        RUNS="scan audit-json")
# On a 6.17+ tree (a v6.19 checkout, say) it also prints the audit's
# migration counts: users of the new names, converted and pending.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-${BENCH_ROUNDS:-3}}
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
jobs=${JOBS:-2}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

[ -x "$WQCHECK" ] || { echo "bench: no wqcheck at $WQCHECK (make)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
if [ -n "${2:-}" ]; then
	tree=$2
	[ -f "$tree/MAINTAINERS" ] || { echo "bench: $tree: not a kernel tree" >&2; exit 2; }
else
	tree=$(bash "$TOP/tests/real/kernel-tree.sh") || { echo "bench: no 6.1 tree" >&2; exit 2; }
fi

read -r -a runs <<<"${RUNS:-scan audit-json audit-md audit-html}"
run() {
	case $1 in
	scan) "$WQCHECK" scan -q -j "$jobs" --format=json "$tree" >"$scratch/out" ;;
	audit-json) "$WQCHECK" audit -q -j "$jobs" --format=json "$tree" >"$scratch/out" ;;
	audit-md) "$WQCHECK" audit -q -j "$jobs" --format=md "$tree" >"$scratch/out" ;;
	audit-html) "$WQCHECK" audit -q -j "$jobs" -o "$scratch/out.html" "$tree" &&
		mv "$scratch/out.html" "$scratch/out" ;;
	esac
}

echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
	for name in "${runs[@]}"; do
		/usr/bin/time -v -o "$scratch/time" bash -c "$(declare -f run); \
			WQCHECK='$WQCHECK' jobs='$jobs' tree='$tree' scratch='$scratch' run $name" \
			2>/dev/null
		wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$scratch/time" |
		       awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
		rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$scratch/time")
		cpu=$(sed -n 's/.*\(User\|System\) time (seconds): //p' "$scratch/time" |
		      awk '{ s += $1 } END { print s }')
		[ "$name" = audit-json ] && cp "$scratch/out" "$scratch/audit.json"
		size=$(stat -c %s "$scratch/out" 2>/dev/null || echo 0)
		echo "round $r $name ${wall}s (cpu ${cpu}s) $((rss / 1024))MB $((size / 1024))KB"
		echo "$name $wall $rss $size $cpu" >>"$scratch/all"
	done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"

awk '
	{ n[$1]++; wall[$1, n[$1]] = $2; cpu[$1, n[$1]] = $5
	  rss[$1] = $3 > rss[$1] ? $3 : rss[$1]; size[$1] = $4 }
	function median(name, arr,   i, j, t, k) {
		k = n[name]
		for (i = 1; i <= k; i++) v[i] = arr[name, i]
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
			if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
	}
	END {
		base = median("scan", wall); bcpu = median("scan", cpu); brss = rss["scan"]
		printf "| run | median wall | x scan | median CPU (user+sys) | x scan | peak RSS | x scan | output |\n"
		printf "|---|---:|---:|---:|---:|---:|---:|---:|\n"
		for (r = 1; r <= 4; r++) {
			name = r == 1 ? "scan" : r == 2 ? "audit-json" : r == 3 ? "audit-md" : "audit-html"
			if (!n[name]) continue
			m = median(name, wall); c = median(name, cpu)
			printf "| %s | %.2f s | %.2f | %.2f s | %.2f | %d MB | %.2f | %d KB |\n", name, m, m / base,
				c, c / bcpu, rss[name] / 1024, rss[name] / brss, size[name] / 1024
		}
	}' "$scratch/all"

# The migration's counts, when the audit ran on a 6.17+ tree.
if [ -s "$scratch/audit.json" ] && command -v jq >/dev/null; then
	jq -r 'select(.summary.migration_progress) | .summary.migration_progress as $p |
		"# era \(.era.name): \($p.converted) converted, \($p.pending) pending; " +
		"converted by \($p.converted_by | tojson), pending by \($p.pending_by | tojson); " +
		"users of system_percpu_wq/system_dfl_wq: \($p.converted_by.system_percpu_wq + $p.converted_by.system_dfl_wq)"' \
		"$scratch/audit.json"
fi
