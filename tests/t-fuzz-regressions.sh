#!/bin/bash
# The fuzz targets' inputs replayed under gcc's ASan+UBSan, without
# libFuzzer (checker/build-asan/fuzz-*-replay, built by make check): every
# input a fuzzer once crashed on (tests/fuzz/regressions/<target>/), and the
# seeds make fuzz starts from that live in the repository (the corpus's C
# files and MAINTAINERS, patches of the corpus). Any sanitizer report fails.
set -u
: "${TOP:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/t-fuzz.XXXXXX")
trap 'rm -rf "$T"' EXIT
bin=$TOP/checker/build-asan

replay() {	# TARGET NAME INPUT...
	local target=$1 name=$2
	shift 2
	if [ ! -x "$bin/fuzz-$target-replay" ]; then
		echo "not ok - fuzz: $target: $name (checker/build-asan/fuzz-$target-replay not built)"
		return
	fi
	if [ $# -eq 0 ]; then
		echo "ok - fuzz: $target: $name (none yet)"
		return
	fi
	# The RSS limit is libFuzzer's: an input that once ran the fuzzer out of
	# memory fails here within seconds instead of taking the machine.
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:hard_rss_limit_mb=2048 timeout 120 \
		"$bin/fuzz-$target-replay" "$@" >"$T/out" 2>&1
	local rc=$?
	if [ $rc -eq 0 ] && ! grep -q 'ERROR: \|runtime error\|rss limit' "$T/out"; then
		echo "ok - fuzz: $target: $name, $(tail -n 1 "$T/out" | sed 's/replayed //')"
	else
		echo "not ok - fuzz: $target: $name (exit $rc)"
		grep -m 5 'ERROR: \|runtime error\|#[0-3] ' "$T/out" | sed 's/^/    /'
	fi
}

for target in source maintainers patch kbuild; do
	mapfile -t kept < <(find "$TOP/tests/fuzz/regressions/$target" -type f 2>/dev/null | sort)
	replay $target "every kept crash input" "${kept[@]}"
done
mapfile -t sources < <(find "$TOP/corpus" -name '*.[ch]' | sort)
replay source "the corpus's C files as seeds" "${sources[@]}"
replay maintainers "the corpus's MAINTAINERS as seeds" "$TOP/corpus/MAINTAINERS" "$TOP/corpus/6.17/MAINTAINERS"
# kbuild: a Kconfig, "--", a Makefile, "--", a .config, from the corpus trees
n=0
for top in "$TOP/corpus" "$TOP/corpus/6.17"; do
	for mk in "$top"/drivers/*/Makefile; do
		n=$((n + 1))
		{ cat "$top/Kconfig"; printf '\n--\n'; cat "$mk"; printf '\n--\n'
		  cat "$top/.config" 2>/dev/null; } >"$T/kbuild-$n"
	done
done
replay kbuild "the corpus's Kconfig and Makefiles as seeds" "$T"/kbuild-*
if git -C "$TOP" rev-parse -q --verify HEAD >/dev/null 2>&1 &&
   git -C "$TOP" format-patch -q -o "$T/patches" -10 HEAD -- corpus checker/lib >/dev/null 2>&1; then
	mapfile -t patches < <(find "$T/patches" -type f | sort)
	replay patch "patches of the repository as seeds" "${patches[@]}"
else
	echo "ok - fuzz: patch: no history to make patch seeds from; the kept inputs ran above"
fi
