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
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
same_bytes_begin scan-same-bytes "bench/scan-same-bytes.sh BEFORE AFTER TREE..." 3 "$@"
shift 2

for tree in "$@"; do
	[ -d "$tree" ] || { echo "scan-same-bytes: $tree is not a directory" >&2; exit 2; }
	name=$(basename "$(realpath "$tree")")
	for format in json text; do
		for side in before after; do
			bin=$before
			[ "$side" = after ] && bin=$after
			mkdir -p "$out/$side"
			same_bytes_run "$bin" "$out/$side/$name.$format" scan -q --format="$format" "$tree"
		done
		same_bytes_verdict "$out/before/$name.$format" "$out/after/$name.$format" \
			'%-22s %-4s' "$name" "$format"
	done
done
same_bytes_end
