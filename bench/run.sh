#!/bin/bash
# make bench: every benchmark, in turn. Not part of make check: they take
# minutes and their numbers mean something only on a quiet machine (see
# RESULTS.md for what was measured, and on what).
set -u
dir=$(cd "$(dirname "$0")" && pwd)
rc=0
echo "== bench/scan-vs-grep.sh ${BENCH_ROUNDS:-5}"
bash "$dir/scan-vs-grep.sh" "${BENCH_ROUNDS:-5}" || rc=$?
exit $rc
