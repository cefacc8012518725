#!/bin/bash
# Times, alternating round by round on the legacy fixture (the whole 6.1 tree
# with the 3.7-era API brought back, tests/real/legacy-fixture.sh):
#   wqcheck  wqcheck scan -q --rules=WQ001,...,WQ005 TREE
#   grep     git grep -l -F -w -e NAME... -- '*.c' '*.h'   (the floor: the five
#            names, whole words, in the files wqcheck scans; the fixture is a
#            git checkout made once by legacy-fixture.sh)
#   spatch   spatch -D report --sp-file semantic-patches/flush_work_sync.cocci
#            -j 2 over the tree, with the options make coccicheck would give it
#            (the .cocci's "Options:" line and the tree's .cocciconfig:
#            --timeout 200 --use-gitgrep), run from the tree's root
# Prints each run, then medians, ratios against the targets (wqcheck <= 3x
# grep, <= 0.5x spatch, peak RSS <= 500 MB) and the load average, which
# matters on a shared machine.
#
# usage: bench/scan-vs-grep.sh [ROUNDS]   (default 5; env WQCHECK, JOBS)
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/real/lib.sh"
rounds=${1:-5}
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
jobs=${JOBS:-2}
cocci=$TOP/semantic-patches/flush_work_sync.cocci
names=(flush_work_sync flush_delayed_work_sync system_nrt_wq system_nrt_freezable_wq WQ_NON_REENTRANT)

[ -x "$WQCHECK" ] || { echo "bench: no wqcheck at $WQCHECK (make)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
fixture=$("$TOP/tests/real/legacy-fixture.sh") || { echo "bench: no fixture" >&2; exit 2; }

tools=(wqcheck grep)
if [ -f "$cocci" ] && command -v spatch >/dev/null; then
	tools+=(spatch)
	cocci_options=$(sed -n 's|^// Options: *||p' "$cocci")
	cocciconfig_options=$(sed -n 's/^[[:space:]]*options = //p' "$fixture/.cocciconfig" | tr '\n' ' ')
else
	echo "# spatch: skipped: ${cocci#$TOP/} absent or spatch not installed"
fi

run_wqcheck() { "$WQCHECK" scan -q -j "$jobs" --rules=WQ001,WQ002,WQ003,WQ004,WQ005 "$fixture"; }
# shellcheck disable=SC2046,SC2086
run_grep() { git -C "$fixture" grep -l -F -w $(printf -- '-e %s ' $names_list) -- '*.c' '*.h'; }
# shellcheck disable=SC2086
run_spatch() {
	(cd "$fixture" && spatch -D report --very-quiet -j "$jobs" $cocci_options $cocciconfig_options \
		--sp-file "$cocci" --dir .)
}

export WQCHECK jobs fixture cocci cocci_options cocciconfig_options
export -f run_wqcheck run_grep run_spatch
export names_list="${names[*]}"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "# fixture $fixture, $(git -C "$fixture" ls-files '*.c' '*.h' | wc -l) C files, jobs $jobs, $rounds rounds (+1 warm-up)"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 0 "$rounds"); do
	for tool in "${tools[@]}"; do
		/usr/bin/time -f 'WQTIME %e %M' -o "$out/time" bash -c "run_$tool" >"$out/$tool.out" 2>"$out/$tool.err"
		rc=$?
		read -r _ secs rss < <(grep '^WQTIME' "$out/time")
		echo "round $round  $tool  ${secs}s  peak RSS $((rss / 1024)) MB  exit $rc  $(wc -l <"$out/$tool.out") lines out"
		[ "$rc" -le 1 ] || sed 's/^/    /' "$out/$tool.err" | head -n 5
		if [ "$round" -gt 0 ]; then
			echo "$secs" >>"$out/$tool.secs"
			echo "$((rss / 1024))" >>"$out/$tool.rss"
		fi
	done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
maxof() { sort -g "$1" | tail -n 1; }
for tool in "${tools[@]}"; do
	printf '%-8s median %8.2fs  max peak RSS %5d MB\n' "$tool" "$(median "$out/$tool.secs")" "$(maxof "$out/$tool.rss")"
done
w=$(median "$out/wqcheck.secs")
g=$(median "$out/grep.secs")
awk -v w="$w" -v g="$g" 'BEGIN { printf "wqcheck / git grep = %.2f  (target <= 3)\n", w / g }'
if [ -f "$out/spatch.secs" ]; then
	s=$(median "$out/spatch.secs")
	awk -v w="$w" -v s="$s" 'BEGIN { printf "wqcheck / spatch   = %.2f  (target <= 0.5)\n", w / s }'
fi
awk -v r="$(maxof "$out/wqcheck.rss")" 'BEGIN { printf "wqcheck peak RSS   = %d MB  (target <= 500)\n", r }'
