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
# usage: bench/audit.sh [ROUNDS]   (default BENCH_ROUNDS or 3; env WQCHECK, JOBS)
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-${BENCH_ROUNDS:-3}}
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
jobs=${JOBS:-2}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

[ -x "$WQCHECK" ] || { echo "bench: no wqcheck at $WQCHECK (make)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
tree=$(bash "$TOP/tests/real/kernel-tree.sh") || { echo "bench: no 6.1 tree" >&2; exit 2; }

runs=(scan audit-json audit-md audit-html)
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
		size=$(stat -c %s "$scratch/out" 2>/dev/null || echo 0)
		echo "round $r $name ${wall}s $((rss / 1024))MB $((size / 1024))KB"
		echo "$name $wall $rss $size" >>"$scratch/all"
	done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"

awk '
	{ n[$1]++; wall[$1, n[$1]] = $2; rss[$1] = $3 > rss[$1] ? $3 : rss[$1]; size[$1] = $4 }
	function median(name,   i, j, t, k) {
		k = n[name]
		for (i = 1; i <= k; i++) v[i] = wall[name, i]
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
			if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
	}
	END {
		base = median("scan"); brss = rss["scan"]
		printf "| run | median wall | x scan | peak RSS | x scan | output |\n|---|---:|---:|---:|---:|---:|\n"
		for (r = 1; r <= 4; r++) {
			name = r == 1 ? "scan" : r == 2 ? "audit-json" : r == 3 ? "audit-md" : "audit-html"
			if (!n[name]) continue
			m = median(name)
			printf "| %s | %.2f s | %.2f | %d MB | %.2f | %d KB |\n", name, m, m / base,
				rss[name] / 1024, rss[name] / brss, size[name] / 1024
		}
	}' "$scratch/all"
