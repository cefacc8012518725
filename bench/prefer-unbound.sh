#!/bin/bash
# --prefer-unbound on a real 6.17+ tree (v6.19): how many WQ020 and WQ022
# sites it moves to system_dfl_wq / WQ_UNBOUND, how many stay per-CPU and
# why, and what it costs against the default scan of the same rules.
# Usage: bench/prefer-unbound.sh TREE   (prints the figures; the sites moved
# are in $OUT/unbound.txt for reading by hand)
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
tree=${1:?usage: bench/prefer-unbound.sh TREE}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/wqcheck-bench-pu.XXXXXX")}
rules=--rules=WQ020,WQ021,WQ022

run() {	# NAME ARGS...: the scan, timed
	local name=$1
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" \
		"$WQCHECK" scan -q "$@" $rules "$tree" >"$out/$name.txt" 2>/dev/null
	read -r wall user sys kb <"$out/$name.time"
	printf '%-16s %7.1f s wall %7.1f s CPU %6d MB\n' "$name" "$wall" \
		"$(echo "$user + $sys" | bc)" $((kb / 1024))
}
run default
run prefer-unbound --prefer-unbound
f=$out/prefer-unbound.txt
grep -E 'use system_dfl_wq \[WQ020\]$|add WQ_UNBOUND \[WQ022\]$' "$f" >"$out/unbound.txt"
echo "WQ020: $(grep -c '\[WQ020\]$' "$f") sites, $(grep -c 'use system_dfl_wq \[WQ020\]$' "$f") to system_dfl_wq"
echo "WQ022: $(grep -c '\[WQ022\]$' "$f") sites ($(grep -c ': note: .*\[WQ022\]$' "$f") notes), $(grep -c 'add WQ_UNBOUND \[WQ022\]$' "$f") to WQ_UNBOUND"
echo "kept per-CPU, by reason:"
grep -o '(kept per-CPU: [^(]*' "$f" | sed 's/(kept per-CPU: //; s/[a-z_0-9]*()/F()/g; s/line [0-9]*/line N/' |
	sort | uniq -c | sort -rn
echo "moved: $out/unbound.txt"
