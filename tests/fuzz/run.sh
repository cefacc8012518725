#!/bin/bash
# make fuzz: builds the libFuzzer targets (clang) and runs each for
# FUZZ_SECONDS (default 60) from a seed corpus made here: our corpus's C
# files and MAINTAINERS, patches git format-patch writes of it, and, when the
# real-tree cache has a 6.1 tree, some of its files (never committed).
# A crash is saved under tests/fuzz/regressions/<target>/ and fails the
# run. Once fixed, minimise it (the target with -minimize_crash=1) and
# commit it under a name that says what it found: make check replays every
# file there. Never commit one grown from the kernel seeds: that is kernel
# source.
#
#   tests/fuzz/run.sh [SECONDS]
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-${FUZZ_SECONDS:-60}}
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}/fuzz
make -s -C "$top/checker" -j"$(nproc)" fuzzers || exit 2
mkdir -p "$cache"

seeds() {	# TARGET: the seed directory, filled once
	local dir=$cache/seeds-$1 kernel=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}/linux-6.1
	[ -d "$dir" ] && { echo "$dir"; return; }
	mkdir -p "$dir.tmp"
	case $1 in
	source)
		find "$top/corpus" -name '*.[ch]' -size -64k -exec cp -t "$dir.tmp" --backup=numbered {} +
		[ -d "$kernel" ] && cp "$kernel/include/linux/workqueue.h" "$kernel/mm/vmstat.c" \
			"$kernel/kernel/workqueue.c" "$dir.tmp/" 2>/dev/null ;;
	maintainers)
		cp "$top/corpus/MAINTAINERS" "$dir.tmp/corpus"
		cp "$top/corpus/6.17/MAINTAINERS" "$dir.tmp/corpus-6.17"
		[ -f "$kernel/MAINTAINERS" ] && head -c 60000 "$kernel/MAINTAINERS" >"$dir.tmp/kernel" ;;
	kbuild)
		for mk in "$top"/corpus/drivers/*/Makefile "$top"/corpus/6.17/drivers/*/Makefile; do
			d=${mk%/drivers/*}
			{ cat "$d/Kconfig"; printf '\n--\n'; cat "$mk"; printf '\n--\n'
			  cat "$d/.config" 2>/dev/null; } >"$dir.tmp/${mk//\//_}"
		done
		[ -f "$kernel/drivers/net/Kconfig" ] &&
			{ cat "$kernel/drivers/net/Kconfig"; printf '\n--\n'; cat "$kernel/drivers/net/Makefile"; } \
			>"$dir.tmp/kernel-net" ;;
	patch)
		git -C "$top" format-patch -q -o "$dir.tmp" -20 HEAD -- corpus checker/lib >/dev/null 2>&1 ;;
	esac
	mv "$dir.tmp" "$dir"
	echo "$dir"
}

status=0
for t in "$top"/checker/build-fuzz/fuzz-*; do
	[ -x "$t" ] || continue
	name=${t##*/fuzz-}
	crashes=$top/tests/fuzz/regressions/$name
	mkdir -p "$crashes" "$cache/corpus-$name"
	echo "== fuzz-$name for ${secs}s"
	"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
		-artifact_prefix="$crashes/" -print_final_stats=1 \
		"$cache/corpus-$name" "$(seeds "$name")" 2>&1 |
		grep -E '^#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss|cov:|ERROR|SUMMARY' | tail -5
	[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzz-$name: found a problem, saved in $crashes"; status=1; }
done
exit $status
