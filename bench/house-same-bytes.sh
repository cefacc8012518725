#!/bin/bash
# Two wqcheck binaries, the same bytes out? Runs scan (text, json), series
# (plain and --prefer-unbound), audit (md, json, html) and check-patch (text,
# json) of the series with each binary on each TREE, and compares every
# output, its exit status included, byte for byte. Made for a change that
# moves code and must not change behaviour (issue 27, the house).
#
#   bench/house-same-bytes.sh BEFORE AFTER [TREE...]
#
# TREE defaults to the repository's corpus/ and corpus/6.17/. On a tree
# of at most 200 C files check-patch also reads one patch that adds a copy
# of every C file (under house-copy/), so that it has findings to report. A TREE must be in a git
# repository (series writes patches against its HEAD). The series are made
# with a fixed identity and date (GIT_AUTHOR_DATE, GIT_COMMITTER_DATE), so
# their commit ids can be compared too, and with --cc=maintainers, so that
# the Cc: lines come from the tree's MAINTAINERS and not from a script.
# Prints one line per output ("same" or "DIFFERENT", with its size and
# the time each binary took), then a total; outputs are kept in $OUT
# (default: a new directory under $TMPDIR). Exit status: 0 every output
# the same, 1 one differs, 2 usage.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: bench/house-same-bytes.sh BEFORE AFTER [TREE...]" >&2; exit 2; }
before=$(realpath "$1") after=$(realpath "$2")
shift 2
[ -x "$before" ] && [ -x "$after" ] ||
	{ echo "house-same-bytes: $before or $after is not an executable" >&2; exit 2; }
[ $# -gt 0 ] || set -- "$TOP/corpus" "$TOP/corpus/6.17"
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/house-same-bytes.XXXXXX")}
jobs=${JOBS:-2}
export GIT_AUTHOR_DATE='1764750000 +0000' GIT_COMMITTER_DATE='1764750000 +0000'
from='wqcheck bench <bench@example.org>'
same=0 different=0

# run SIDE TAG NAME ARGS...: one command of one binary; its standard output
# in $out/SIDE/TAG/NAME, its exit status in NAME.rc, its seconds in NAME.s
run() {
	local side=$1 tag=$2 name=$3 bin start
	shift 3
	bin=$before
	[ "$side" = after ] && bin=$after
	mkdir -p "$out/$side/$tag"
	start=$(date +%s.%N)
	"$bin" "$@" >"$out/$side/$tag/$name" 2>/dev/null
	echo $? >"$out/$side/$tag/$name.rc"
	echo "$(date +%s.%N) - $start" | bc >"$out/$side/$tag/$name.s"
}

# compare TAG NAME: the file (or directory) NAME of both sides, and its
# exit status
compare() {
	local tag=$1 name=$2 b=$out/before/$1/$2 a=$out/after/$1/$2 size
	size=$(du -sb "$a" | cut -f1)
	if diff -r "$b" "$a" >/dev/null 2>&1 &&
	   { [ -d "$a" ] || cmp -s "$b.rc" "$a.rc"; }; then
		same=$((same + 1))
		printf 'same       %-8s %-26s %9d bytes  exit %s  %6.1f s / %6.1f s\n' \
			"$tag" "$name" "$size" "$(cat "$a.rc" 2>/dev/null || echo -)" \
			"$(cat "$b.s" 2>/dev/null || echo 0)" "$(cat "$a.s" 2>/dev/null || echo 0)"
	else
		different=$((different + 1))
		echo "DIFFERENT  $tag $name: diff -r $b $a"
	fi
}

trees=("$@")
for tree in "${trees[@]}"; do
	tree=$(realpath "$tree")
	tag=$(basename "$tree")
	for side in before after; do
		d=$out/$side/$tag
		run "$side" "$tag" scan.txt scan -q -j "$jobs" "$tree"
		run "$side" "$tag" scan.json scan -q -j "$jobs" --format=json "$tree"
		run "$side" "$tag" audit.md audit -q -j "$jobs" --format=md "$tree"
		run "$side" "$tag" audit.json audit -q -j "$jobs" --format=json "$tree"
		run "$side" "$tag" audit.html audit -q -j "$jobs" --format=html "$tree"
		# the series is written where both binaries write it, so that
		# the paths check-patch prints are the same; then kept by side
		for how in plain prefer-unbound; do
			opt=
			[ $how = prefer-unbound ] && opt=--prefer-unbound
			s=$out/series-$how
			rm -rf "$s" "$d/series-$how"
			run "$side" "$tag" "series-$how.log" series -q -j "$jobs" \
				--cc=maintainers --from="$from" $opt -o "$s" "$tree"
			# the patches as a reviewer gets them (the cover letter
			# applies nothing)
			patches=$(ls "$s"/0*.patch 2>/dev/null | grep -v 0000-cover)
			if [ -n "$patches" ]; then
				(cd "$tree" && run "$side" "$tag" "check-patch-$how.txt" \
					check-patch --tree="$tree" $patches)
				(cd "$tree" && run "$side" "$tag" "check-patch-$how.json" \
					check-patch --tree="$tree" --format=json $patches)
			fi
			[ -d "$s" ] && mv "$s" "$d/series-$how"
		done
		# a patch that adds a copy of every C file of a small tree
		# under house-copy/: check-patch then reports what the scan
		# does, as added lines
		if [ "$(git -C "$tree" ls-files -- '*.c' | wc -l)" -le 200 ]; then
			p=$out/house-copy-$tag.patch
			[ -f "$p" ] || (cd "$tree" && git ls-files -- '*.c' |
				while read -r f; do
					git diff --no-index /dev/null "$f" |
					sed "s#^diff --git a/\\(.*\\) b/#diff --git a/house-copy/\\1 b/house-copy/#; s#^+++ b/#+++ b/house-copy/#"
				done >"$p")
			(cd "$tree" && run "$side" "$tag" check-patch-copy.txt \
				check-patch --tree="$tree" "$p")
			(cd "$tree" && run "$side" "$tag" check-patch-copy.json \
				check-patch --tree="$tree" --format=json "$p")
		fi
	done
	for name in scan.txt scan.json audit.md audit.json audit.html \
		    series-plain.log series-plain series-prefer-unbound.log \
		    series-prefer-unbound check-patch-plain.txt \
		    check-patch-plain.json check-patch-prefer-unbound.txt \
		    check-patch-prefer-unbound.json check-patch-copy.txt \
		    check-patch-copy.json; do
		[ -e "$out/after/$tag/$name" ] || [ -e "$out/before/$tag/$name" ] ||
			continue
		compare "$tag" "$name"
	done
done
echo "# $same the same, $different different (outputs in $out)"
[ $different -eq 0 ]
