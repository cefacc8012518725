#!/bin/bash
# Two wqcheck binaries, the same `audit --subsystem`? For a change to how
# a section's audit reads the tree (issue 41, item 6: the section's files,
# then only the files tied to them): `audit -q --subsystem=S` of each
# binary on TREE, json and md, compared byte for byte with the exit status
# and the standard error, for N sections of TREE chosen by
# bench/subsystem-sections.py from BEFORE's whole audit (the most rows,
# WQ010 and WQ013-WQ015 findings, rows with evidence in other directories;
# N=0 or unset: every section with a row).
#
#   bench/subsystem-same-bytes.sh BEFORE AFTER TREE [N]
#
# One line per section and format (bench/lib.sh's same_bytes_verdict),
# then a total; outputs in $OUT (default: a new directory under $TMPDIR).
# Exit status: 0 all the same, 1 one differs, 2 usage.
set -u
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
same_bytes_begin subsystem-same-bytes "bench/subsystem-same-bytes.sh BEFORE AFTER TREE [N]" 3 "$@"
tree=$3 nr=${4:-0}
[ -d "$tree" ] || { echo "subsystem-same-bytes: $tree is not a directory" >&2; exit 2; }
# shellcheck disable=SC2034
SAME_BYTES_STDERR=keep
mkdir -p "$out/before" "$out/after"
whole=$out/whole.json
"$before" audit -q --format=json "$tree" >"$whole"
[ -s "$whole" ] || { echo "subsystem-same-bytes: no whole audit of $tree" >&2; exit 2; }
python3 "$(dirname "$0")/subsystem-sections.py" "$whole" "$nr" >"$out/sections" || exit 2
n=0
while IFS= read -r section; do
	n=$((n + 1))
	for format in json md; do
		for side in before after; do
			bin=$before
			[ "$side" = after ] && bin=$after
			same_bytes_run "$bin" "$out/$side/$n.$format" \
				audit -q --format="$format" --subsystem="$section" "$tree"
		done
		same_bytes_verdict "$out/before/$n.$format" "$out/after/$n.$format" \
			'%-44.44s %-4s' "$section" "$format"
	done
done <"$out/sections"
same_bytes_end
