#!/bin/bash
# Two wqcheck binaries, the same findings? `scan -q --format=json` and the
# text output of each binary on each TREE, every rule, compared byte for
# byte with the exit status. For a change that must only make the scan
# cheaper (issue 39: libclang asked for fewer files); the whole-command
# comparison of the corpus is bench/house-same-bytes.sh.
#
#   bench/scan-same-bytes.sh BEFORE AFTER TREE...
#
# Prints one line per tree and format ("same" or "DIFFERENT", the size,
# both binaries' CPU seconds and peak RSS), then a total; outputs are kept
# in $OUT (default: a new directory under $TMPDIR). Exit status: 0 all the
# same, 1 one differs, 2 usage.
set -u
[ $# -ge 3 ] || { echo "usage: bench/scan-same-bytes.sh BEFORE AFTER TREE..." >&2; exit 2; }
before=$(realpath "$1") after=$(realpath "$2")
shift 2
[ -x "$before" ] && [ -x "$after" ] ||
	{ echo "scan-same-bytes: $before or $after is not an executable" >&2; exit 2; }
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/scan-same-bytes.XXXXXX")}
same=0 different=0

# run BIN FILE ARGS...: FILE gets the output, FILE.rc the exit status,
# FILE.time "CPU-seconds peak-KiB"
run() {
	local bin=$1 file=$2
	shift 2
	/usr/bin/time -f '%U %S %M' -o "$file.t" "$bin" "$@" >"$file" 2>/dev/null
	echo $? >"$file.rc"
	tail -1 "$file.t" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }' >"$file.time"
	rm -f "$file.t"
}

for tree in "$@"; do
	[ -d "$tree" ] || { echo "scan-same-bytes: $tree is not a directory" >&2; exit 2; }
	name=$(basename "$(realpath "$tree")")
	for format in json text; do
		for side in before after; do
			bin=$before
			[ "$side" = after ] && bin=$after
			mkdir -p "$out/$side"
			run "$bin" "$out/$side/$name.$format" scan -q --format="$format" "$tree"
		done
		b=$out/before/$name.$format a=$out/after/$name.$format
		if cmp -s "$b" "$a" && cmp -s "$b.rc" "$a.rc"; then
			verdict=same
			same=$((same + 1))
		else
			verdict=DIFFERENT
			different=$((different + 1))
		fi
		read -r bc bk <"$b.time"
		read -r ac ak <"$a.time"
		printf '%-9s %-22s %-4s %9d bytes  exit %s  CPU %6.2f s / %6.2f s  peak %4d / %4d MiB\n' \
			"$verdict" "$name" "$format" "$(wc -c <"$a")" "$(cat "$a.rc")" \
			"$bc" "$ac" $((bk / 1024)) $((ak / 1024))
	done
done
echo "$same same, $different different (outputs in $out)"
[ "$different" -eq 0 ]
