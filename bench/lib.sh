# shellcheck shell=bash disable=SC2034  # sets variables for the scripts that source it
# What several bench scripts do alike, sourced by them (functions only; a
# script calls the ones it needs):
#
#   same_bytes_*   two binaries' outputs compared byte for byte, with each
#                  side's CPU and peak RSS (scan-same-bytes.sh,
#                  audit-same-bytes.sh)
#   fix_bench_*    the whole tree's series and its fix family, on a
#                  scratch clone (fix-warnings.sh, series-fixes.sh)

# same_bytes_begin NAME USAGE MIN ARGS...: at least MIN ARGS, the first two
# (BEFORE AFTER) executables, else one line on stderr and exit 2. Sets
# before and after (absolute), out ($OUT, or a new directory under
# $TMPDIR named after NAME) and the tallies; the caller shifts BEFORE and
# AFTER off its own arguments.
same_bytes_begin() {
	local name=$1 usage=$2 min=$3
	shift 3
	[ $# -ge "$min" ] || { echo "usage: $usage" >&2; exit 2; }
	before=$(realpath "$1") after=$(realpath "$2")
	[ -x "$before" ] && [ -x "$after" ] ||
		{ echo "$name: $before or $after is not an executable" >&2; exit 2; }
	out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")}
	same=0 different=0
}

# same_bytes_run BIN FILE ARGS...: FILE gets the output, FILE.rc the exit
# status, FILE.time "CPU-seconds peak-KiB"; FILE.err the standard error
# when SAME_BYTES_STDERR is "keep" (it is then compared too), else it is
# dropped.
same_bytes_run() {
	local bin=$1 file=$2 err=/dev/null
	shift 2
	[ "${SAME_BYTES_STDERR:-}" = keep ] && err=$file.err
	/usr/bin/time -f '%U %S %M' -o "$file.t" "$bin" "$@" >"$file" 2>"$err"
	echo $? >"$file.rc"
	tail -1 "$file.t" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }' >"$file.time"
	rm -f "$file.t"
}

# same_bytes_verdict B A LABEL-FORMAT LABEL...: B's and A's outputs (and
# exit status, and standard error when kept) compared and counted; one
# line: the verdict, the label (printf's LABEL-FORMAT of LABEL...), A's
# size and exit status, both sides' CPU seconds and peak RSS.
same_bytes_verdict() {
	local b=$1 a=$2 format=$3 verdict bc bk ac ak
	shift 3
	if cmp -s "$b" "$a" && cmp -s "$b.rc" "$a.rc" &&
	   { [ "${SAME_BYTES_STDERR:-}" != keep ] || cmp -s "$b.err" "$a.err"; }; then
		verdict=same
		same=$((same + 1))
	else
		verdict=DIFFERENT
		different=$((different + 1))
	fi
	read -r bc bk <"$b.time"
	read -r ac ak <"$a.time"
	# shellcheck disable=SC2059
	printf "%-9s $format %9d bytes  exit %s  CPU %6.2f s / %6.2f s  peak %4d / %4d MiB\n" \
		"$verdict" "$@" "$(wc -c <"$a")" "$(cat "$a.rc")" \
		"$bc" "$ac" $((bk / 1024)) $((ak / 1024))
}

# same_bytes_end: the total; its status is the script's (0 all the same).
same_bytes_end() {
	echo "$same same, $different different (outputs in $out)"
	[ "$different" -eq 0 ]
}

# fix_bench_begin NAME TREE [LABEL]: WQCHECK (default: checker/wqcheck
# beside TOP, which the caller sets), tree (absolute), label (default:
# TREE's name), work (a new scratch directory named after NAME, removed at
# exit unless KEEP is set) and a fixed git identity for git am.
fix_bench_begin() {
	local name=$1
	shift
	WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
	tree=$(cd "$1" && pwd)
	label=${2:-$(basename "$tree")}
	work=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
	[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
	export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.org
	export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.org
}

# fix_bench_series: the whole tree's series into $work/out (its stderr,
# the "not fixed" reasons, in $work/err); series_secs: its wall seconds.
fix_bench_series() {
	local t0 t1
	t0=$(date +%s.%N)
	"$WQCHECK" series --cc=maintainers -o "$work/out" "$tree" >/dev/null 2>"$work/err" || true
	t1=$(date +%s.%N)
	series_secs=$(echo "$t1 - $t0" | bc)
}

# fix_bench_fixes PATCH...: the fix family among them, one a line: a log
# that changes behaviour and a subject (unfolded: format-patch folds long
# ones) that moves an INIT_* or queues an item on one workqueue.
fix_bench_fixes() {
	local p
	for p in $(grep -l '^This patch changes behavior:' "$@" 2>/dev/null); do
		git mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p' |
			grep -q -E ': move INIT_[A-Z_]*\(\) of |: queue .* only$' && echo "$p" || true
	done
}
