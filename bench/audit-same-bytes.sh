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
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
same_bytes_begin audit-same-bytes "bench/audit-same-bytes.sh BEFORE AFTER TREE..." 3 "$@"
shift 2
# the audit's standard error is compared too (same_bytes_run)
# shellcheck disable=SC2034
SAME_BYTES_STDERR=keep

# check NAME LABEL ARGS...: both binaries, then the verdict line
check() {
	local name=$1 label=$2 side bin
	shift 2
	for side in before after; do
		bin=$before
		[ "$side" = after ] && bin=$after
		mkdir -p "$out/$side"
		same_bytes_run "$bin" "$out/$side/$name" "$@"
	done
	same_bytes_verdict "$out/before/$name" "$out/after/$name" '%-34s' "$label"
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
same_bytes_end
