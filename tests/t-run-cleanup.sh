#!/bin/bash
# timeout: 60
# tests/run removes what its suites leave, however they end: a copy of it
# runs two made-up suites, one that ignores SIGTERM past its one-second
# timeout (so SIGKILL skips its EXIT trap) and one that ends without
# removing its scratch, each with a directory in its TMPDIR and one under
# WQCHECK_TEST_SCRATCH in a cache of this suite's own. Afterwards nothing of
# theirs may exist, no process of theirs may run, the run must end with its
# tally; a run interrupted by SIGTERM must leave nothing either; the cache
# scratch of a run that is gone (SIGKILLed, say) goes, that of a live one
# stays.
set -u
: "${TOP:?}"

. "$TOP/tests/lib/run-copy.sh" run-cleanup
export WQCHECK_TEST_KILL_AFTER=1 WQCHECK_TEST_JOBS=2
export RECORD=$T/record
scratch_root=$T/cache/test-scratch
host=$(uname -n)
# A process that runs (a zombie does not: SIGKILL's victims whose parent,
# timeout, went with them wait for init to reap them).
running() { ps -o stat= -p "$1" 2>/dev/null | grep -qv '^Z'; }

# Each suite records what it made: its scratch, its TMPDIR, its pid.
cat >"$top/tests/t-stubborn.sh" <<'EOF'
# timeout: 1
trap '' TERM
d=$(mktemp -d) && echo data >"$d/file"
mkdir -p "$WQCHECK_TEST_SCRATCH" && c=$(mktemp -d "$WQCHECK_TEST_SCRATCH/x.XXXXXX")
trap 'rm -rf "$d" "$c"' EXIT
printf 'path %s\npath %s\ntmpdir %s\npid %s\n' "$d" "$c" "$TMPDIR" $$ >>"$RECORD"
echo working
while :; do sleep 1; done
EOF
cat >"$top/tests/t-tidy.sh" <<'EOF'
d=$(mktemp -d)
mkdir -p "$WQCHECK_TEST_SCRATCH" && c=$(mktemp -d "$WQCHECK_TEST_SCRATCH/x.XXXXXX")
printf 'path %s\npath %s\ntmpdir %s\npid %s\n' "$d" "$c" "$TMPDIR" $$ >>"$RECORD"
echo "ok - tidy: left its scratch"
EOF

# The cache scratch of a run that is gone, of a live one (this shell's pid)
# and of another host's.
dead=$(sh -c 'echo $$')
mkdir -p "$scratch_root/run-$host-$dead-0/x" "$scratch_root/run-$host-$$-0" \
	"$scratch_root/run-elsewhere.invalid-$dead-0"

start=$(date +%s)
TMPDIR=$T/tmp timeout 50 bash "$top/tests/run" >"$T/out" 2>&1
rc=$?
took=$(( $(date +%s) - start ))

check "a run with a failed suite exits 1 (status $rc)" [ "$rc" = 1 ]
check "the run ended with its tally, 1 passed, 1 failed" \
	[ "$(tail -n 1 "$T/out")" = "1 passed, 1 failed" ]
check "the run took ${took}s, under 20s" [ "$took" -lt 20 ]
check "the suite past its time fails with its last line" \
	grep -qx "not ok - t-stubborn: timed out after 1s, killed; its last line: working" "$T/out"
check "each suite recorded what it made" [ "$(grep -c '^pid ' "$RECORD")" = 2 ]

left=$(sed -n 's/^\(path\|tmpdir\) //p' "$RECORD" | while read -r p; do
	[ -e "$p" ] && echo "$p"
done)
check "nothing the suites made is left${left:+: $left}" [ -z "$left" ]
check "each suite had a TMPDIR of its own" \
	[ "$(sed -n 's/^tmpdir //p' "$RECORD" | sort -u | wc -l)" = 2 ]
check "the suites' TMPDIRs were inside the run's TMPDIR" \
	[ -z "$(sed -n 's/^tmpdir //p' "$RECORD" | grep -v "^$T/tmp/")" ]
check "the run left nothing in its TMPDIR" [ -z "$(ls -A "$T/tmp")" ]
alive=$(sed -n 's/^pid //p' "$RECORD" | while read -r p; do
	running "$p" && echo "$p"
done)
check "no suite is still running${alive:+: $alive}" [ -z "$alive" ]
check "the scratch of a run that is gone was removed" \
	[ ! -e "$scratch_root/run-$host-$dead-0" ]
kept() { [ -d "$scratch_root/run-$host-$$-0" ] && [ -d "$scratch_root/run-elsewhere.invalid-$dead-0" ]; }
check "the scratch of a live run and another host's stayed" kept
rm -rf "$scratch_root"/run-*

# Interrupted: SIGTERM to the run's process group (as a CI job's cancel
# sends it) while the stubborn suite, given time enough, works. The run
# stops it and removes its scratch.
sed -i 's/^# timeout: 1$/# timeout: 40/' "$top/tests/t-stubborn.sh"
rm -f "$top/tests/t-tidy.sh" "$RECORD"
start=$(date +%s)
TMPDIR=$T/tmp timeout 50 bash "$top/tests/run" >"$T/out" 2>&1 &
run=$!
for i in $(seq 100); do
	grep -q '^pid ' "$RECORD" 2>/dev/null && break
	sleep 0.1
done
kill -TERM "$run"	# timeout: it signals its group
wait "$run"
rc=$?
took=$(( $(date +%s) - start ))
check "an interrupted run exits 143 (status $rc)" [ "$rc" = 143 ]
check "the interrupted run took ${took}s, under 20s" [ "$took" -lt 20 ]
left=$(sed -n 's/^\(path\|tmpdir\) //p' "$RECORD" | while read -r p; do
	[ -e "$p" ] && echo "$p"
done)
nothing_left() {
	[ -s "$RECORD" ] && [ -z "$left" ] && [ -z "$(ls -A "$T/tmp")" ] &&
		[ -z "$(ls -A "$scratch_root")" ]
}
check "an interrupted run leaves nothing${left:+: $left}" nothing_left
pid=$(sed -n 's/^pid //p' "$RECORD")
stopped() { [ -n "$pid" ] && ! running "$pid"; }
check "the interrupted suite is not running" stopped
