#!/bin/bash
# Two wqcheck binaries, the same audit? `audit -q` of each binary on each
# TREE in every format that matters (json, md, html), compared byte for
# byte with its exit status and its standard error; with SUBSYSTEM set
# (a MAINTAINERS section's name), `--subsystem=SUBSYSTEM` too. For a change
# that must only make the audit cheaper (issue 41, item 6); the corpus'
# whole-command comparison is bench/house-same-bytes.sh, the scan's
# bench/scan-same-bytes.sh.
#
#   bench/audit-same-bytes.sh BEFORE AFTER TREE...
#
# Prints one line per tree and format ("same" or "DIFFERENT", the size,
# both binaries' CPU seconds and peak RSS), then a total; outputs are kept
# in $OUT (default: a new directory under $TMPDIR). Exit status: 0 all the
# same, 1 one differs, 2 usage.
set -u
[ $# -ge 3 ] || { echo "usage: bench/audit-same-bytes.sh BEFORE AFTER TREE..." >&2; exit 2; }
before=$(realpath "$1") after=$(realpath "$2")
shift 2
[ -x "$before" ] && [ -x "$after" ] ||
	{ echo "audit-same-bytes: $before or $after is not an executable" >&2; exit 2; }
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/audit-same-bytes.XXXXXX")}
same=0 different=0

# run BIN FILE ARGS...: FILE gets the output, FILE.err the standard error,
# FILE.rc the exit status, FILE.time "CPU-seconds peak-KiB"
run() {
	local bin=$1 file=$2
	shift 2
	/usr/bin/time -f '%U %S %M' -o "$file.t" "$bin" "$@" >"$file" 2>"$file.err"
	echo $? >"$file.rc"
	tail -1 "$file.t" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }' >"$file.time"
	rm -f "$file.t"
}

# check NAME LABEL ARGS...: both binaries, then the verdict line
check() {
	local name=$1 label=$2 side bin b a verdict bc bk ac ak
	shift 2
	for side in before after; do
		bin=$before
		[ "$side" = after ] && bin=$after
		mkdir -p "$out/$side"
		run "$bin" "$out/$side/$name" "$@"
	done
	b=$out/before/$name a=$out/after/$name
	if cmp -s "$b" "$a" && cmp -s "$b.rc" "$a.rc" && cmp -s "$b.err" "$a.err"; then
		verdict=same
		same=$((same + 1))
	else
		verdict=DIFFERENT
		different=$((different + 1))
	fi
	read -r bc bk <"$b.time"
	read -r ac ak <"$a.time"
	printf '%-9s %-34s %9d bytes  exit %s  CPU %6.2f s / %6.2f s  peak %4d / %4d MiB\n' \
		"$verdict" "$label" "$(wc -c <"$a")" "$(cat "$a.rc")" \
		"$bc" "$ac" $((bk / 1024)) $((ak / 1024))
}

for tree in "$@"; do
	[ -d "$tree" ] || { echo "audit-same-bytes: $tree is not a directory" >&2; exit 2; }
	name=$(basename "$(realpath "$tree")")
	for format in json md html; do
		check "$name.$format" "$name $format" audit -q --format="$format" "$tree"
		if [ -n "${SUBSYSTEM:-}" ]; then
			check "$name.section.$format" "$name --subsystem $format" \
				audit -q --format="$format" --subsystem="$SUBSYSTEM" "$tree"
		fi
	done
done
echo "$same same, $different different (outputs in $out)"
[ "$different" -eq 0 ]
