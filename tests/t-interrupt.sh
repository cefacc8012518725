#!/bin/bash
# Interrupts, as a user or a CI job sends them: wqcheck validate and wqcheck
# series on a git copy of the corpus, stopped by SIGTERM or SIGINT, sent to
# the process alone or to its whole process group (a terminal's Ctrl-C
# reaches make, gcc and a child between fork and exec alike), at moments
# spread over a whole run. Every run must end within 15 s of the signal,
# leave no scratch directory in TMPDIR, and leave the tree exactly as it was:
# HEAD, status, the worktree list and entries, refs, .git/config.
#
# WQCHECK_INTERRUPT_MOMENTS (default 6) moments per command, signal and
# target: 8 combinations, so 48 runs by default; 22 gives the 176 runs of
# the full test (44 per signal and target).
# slow: yes
# timeout: 900
set -u
: "${WQCHECK:?}" "${TOP:?}"
moments=${WQCHECK_INTERRUPT_MOMENTS:-6}

T=$(mktemp -d "${TMPDIR:-/tmp}/t-interrupt.XXXXXX")
trap 'rm -rf "$T"' EXIT
export HOME=$T/home GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
G() { git -c user.name=t -c user.email=t@invalid -c commit.gpgsign=false "$@"; }

for c in git make gcc sparse objdump setsid; do
	command -v $c >/dev/null || { echo "skip - interrupt: $c not installed"; exit 0; }
done

tree=$T/tree
mkdir -p "$T/src"
git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$T/src"
mv "$T/src/corpus" "$tree"
(cd "$tree" && git init -q && G add -A -f . && G commit -q -m "corpus base")

# What must not change, as one text.
state() {
	git -C "$tree" rev-parse HEAD
	git -C "$tree" status --porcelain --ignored
	git -C "$tree" worktree list --porcelain
	ls -A "$tree/.git/worktrees" 2>/dev/null
	git -C "$tree" for-each-ref
	cat "$tree/.git/config"
}
before=$(state)

mkdir -p "$T/tmp-setup"
TMPDIR=$T/tmp-setup "$WQCHECK" series -q --from="T <t@invalid>" -o "$T/series" "$tree" >/dev/null 2>&1
if ! ls "$T/series"/0001-*.patch >/dev/null 2>&1; then
	echo "not ok - interrupt: wqcheck series wrote no series to interrupt validate with"
	exit 0
fi

# A script's background job starts with SIGINT ignored, which no terminal
# does to wqcheck: env --default-signal gives it the default a user's
# command has. setsid and env exec in place, so $! is wqcheck's pid.
run() {	# KIND OUTDIR: runs it in a session of its own; its pid in $pid
	local kind=$1 out=$2 i
	if [ "$kind" = series ]; then
		setsid env --default-signal=INT,TERM "$WQCHECK" series -q \
			"--from=T <t@invalid>" -o "$out" "$tree" >/dev/null 2>&1 </dev/null &
	else
		setsid env --default-signal=INT,TERM "$WQCHECK" validate -q -j 2 \
			--series "$T/series" "$tree" >/dev/null 2>&1 </dev/null &
	fi
	pid=$!
	# the moments count from wqcheck's start, not setsid's
	for ((i = 0; i < 200; i++)); do
		[ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$(readlink -f "$WQCHECK")" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.01
	done
}

now_ms() { date +%s%3N; }

# How long an undisturbed run of each takes: the moments spread over it.
declare -A length
for kind in series validate; do
	export TMPDIR=$T/tmp-measure
	mkdir -p "$TMPDIR"
	start=$(now_ms)
	run $kind "$T/measure-out"
	wait "$pid"
	length[$kind]=$(( $(now_ms) - start ))
	rm -rf "$T/measure-out" "$TMPDIR"
	echo "# interrupt: an undisturbed $kind run takes ${length[$kind]} ms"
done

hung=0 left=0 changed=0 runs=0
report() {	# NAME WHY...
	local name=$1
	shift
	if [ $# -eq 0 ]; then
		echo "ok - $name"
	else
		echo "not ok - $name"
		printf '    %s\n' "$@"
	fi
}

for kind in series validate; do
	for sig in TERM INT; do
		for target in process group; do
			fails=()
			for ((i = 0; i < moments; i++)); do
				# spread over [0, 1.1 x length): the last one
				# may come after the end, which must be harmless
				at=$(( length[$kind] * 11 * i / (10 * moments) ))
				export TMPDIR=$T/tmp-$runs
				mkdir -p "$TMPDIR"
				run $kind "$T/out-$runs"
				sleep "$(printf '%d.%03d' $((at / 1000)) $((at % 1000)))"
				if [ $target = group ]; then
					kill -s $sig -- "-$pid" 2>/dev/null
				else
					kill -s $sig "$pid" 2>/dev/null
				fi
				sent=$(now_ms)
				while kill -0 "$pid" 2>/dev/null &&
				      [ $(( $(now_ms) - sent )) -lt 15000 ]; do
					sleep 0.05
				done
				if kill -0 "$pid" 2>/dev/null; then
					hung=$((hung + 1))
					fails+=("at ${at} ms: still running 15 s after SIG$sig")
					kill -KILL -- "-$pid" 2>/dev/null
				fi
				wait "$pid" 2>/dev/null
				# a process group's stragglers (make, gcc) die with it
				sleep 0.1
				if [ -n "$(ls -A "$TMPDIR")" ]; then
					left=$((left + 1))
					fails+=("at ${at} ms: left in TMPDIR: $(ls "$TMPDIR" | tr '\n' ' ')")
				fi
				now=$(state)
				if [ "$now" != "$before" ]; then
					changed=$((changed + 1))
					fails+=("at ${at} ms: the tree changed: $(diff <(echo "$before") <(echo "$now") | grep '^[<>]' | head -3 | tr '\n' ' ')")
					# the next run starts from the tree as it was
					git -C "$tree" worktree prune
					rm -rf "$tree/.git/worktrees"
					before=$(state)
				fi
				rm -rf "$TMPDIR" "$T/out-$runs"
				runs=$((runs + 1))
			done
			report "interrupt: $kind, SIG$sig to the $target, $moments moments: ends within 15 s, leaves nothing, changes nothing" "${fails[@]}"
		done
	done
done
echo "# interrupt: $runs interrupted runs: $hung hung, $left left something behind, $changed changed the tree"
