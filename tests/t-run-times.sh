#!/bin/bash
# timeout: 60
# tests/run's order file ($cache/test-times, "name mode seconds"): a run of
# a few suites (a PATTERN) orders its suites by it but leaves it byte for
# byte as it was, so that the next full run starts in the order the last
# full run timed, not in that of someone's one suite under their load; a
# full run writes every suite's seconds and keeps the lines of suites it
# did not run. A copy of tests/run runs two made-up suites in a cache of
# this suite's own, its order file seeded with a slow time for the one
# whose name sorts last.
set -u
: "${TOP:?}"

. "$TOP/tests/lib/run-copy.sh" run-times
export WQCHECK_TEST_JOBS=1
times=$T/cache/test-times
printf 'echo "ok - alpha"\n' >"$top/tests/t-alpha.sh"
printf 'sleep 1\necho "ok - beta"\n' >"$top/tests/t-beta.sh"
printf 't-alpha plain 5\nt-beta plain 90\nt-gone plain 40\n' >"$times"
cp "$times" "$T/seeded"

TMPDIR=$T/tmp timeout 50 bash "$top/tests/run" alpha >"$T/out" 2>&1
rc=$?
check "a run of one suite passes (status $rc)" \
	[ "$rc" = 0 -a "$(tail -n 1 "$T/out")" = "1 passed, 0 failed" ]
check "a run of one suite leaves the order file as it was" cmp -s "$T/seeded" "$times"

TMPDIR=$T/tmp timeout 50 bash "$top/tests/run" >"$T/out" 2>&1
rc=$?
check "a full run passes (status $rc)" \
	[ "$rc" = 0 -a "$(tail -n 1 "$T/out")" = "2 passed, 0 failed" ]
check "a full run starts the suite the file calls slowest first" \
	[ "$(grep -m 1 -x '# t-[a-z]*' "$T/out")" = "# t-beta" ]
secs() { sed -n "s/^$1 plain \([0-9]*\)\$/\1/p" "$times"; }
# alpha took under its seeded 5 s, beta its sleep and under its seeded 90
timed() {
	local a b
	a=$(secs t-alpha) b=$(secs t-beta)
	[ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt 5 ] && [ "$b" -ge 1 ] && [ "$b" -lt 90 ]
}
check "a full run writes the seconds it timed (t-alpha $(secs t-alpha), t-beta $(secs t-beta))" timed
check "a full run keeps the line of a suite it did not run" grep -qx 't-gone plain 40' "$times"
