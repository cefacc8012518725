#!/bin/bash
# make bench: every bench/*.sh, in turn (scan-vs-grep.sh with BENCH_ROUNDS
# rounds, default 5). Not part of make check: they take minutes, and their
# numbers mean something only on a quiet machine (the RESULTS*.md files say
# what was measured, and on what).
set -u
dir=$(cd "$(dirname "$0")" && pwd)
rc=0
for bench in "$dir"/*.sh; do
	name=$(basename "$bench")
	[ "$name" = run.sh ] && continue
	args=()
	[ "$name" = scan-vs-grep.sh ] && args=("${BENCH_ROUNDS:-5}")
	echo "== bench/$name ${args[*]}"
	bash "$bench" "${args[@]}" || { echo "== bench/$name failed"; rc=1; }
done
exit $rc
