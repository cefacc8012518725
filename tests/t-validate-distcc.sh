#!/bin/bash
# slow: yes
# timeout: 900
# wqcheck validate --distcc through two real distccd daemons on 127.0.0.1
# (their own ports, --allow 127.0.0.1, their own log files), on the Linux 6.1
# legacy fixture (tests/real/legacy-fixture.sh) with real kbuild: a two-patch
# series of four small objects validated here, then through the daemons,
# then through them again with one daemon killed mid-run. The daemons' logs
# must show they compiled the touched objects, the report must count them,
# and every run must give the same verdicts. The daemons are stopped on every
# way out. Set WQCHECK_REAL=0 to skip.
set -u
: "${WQCHECK:?}" "${TOP:?}"
name=t-validate-distcc
if [ "${WQCHECK_REAL:-1}" = 0 ]; then
	echo "skip - $name: WQCHECK_REAL=0"
	exit 0
fi
for c in distcc distccd sparse objdump gcc make git python3; do
	command -v $c >/dev/null || { echo "skip - $name: $c is not installed"; exit 0; }
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
pids=()
stop_daemons() {
	local p
	# each daemon leads a process group of its own (distccd makes one):
	# its workers go with it
	for p in "${pids[@]}"; do
		kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null
	done
	for p in "${pids[@]}"; do
		wait "$p" 2>/dev/null
	done
	pids=()
}
trap 'stop_daemons; rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM HUP

fixture=$("$TOP/tests/real/legacy-fixture.sh" 2>"$scratch/fixture.err") || {
	echo "skip - $name: the legacy fixture cannot be had: $(tail -n 1 "$scratch/fixture.err")"
	exit 0
}

# --- the series: four small files, their conversions by wqcheck scan --diff
files=(drivers/input/input-poller.c sound/core/misc.c fs/notify/mark.c fs/file_table.c)
mkdir -p "$scratch/series"
write_patch() {	# N SUBJECT FILE...
	local n=$1 subject=$2
	shift 2
	{
		printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
		printf 'From: wqcheck test <t@invalid>\nDate: Mon, 20 Aug 2012 00:00:00 +0000\n'
		printf 'Subject: [PATCH %s/2] %s\n\n---\n' "$n" "$subject"
		(cd "$fixture" && "$WQCHECK" scan -q --diff --rules=WQ001,WQ002,WQ003,WQ004,WQ005 "$@")
		printf -- '-- \n2.39.2\n'
	} >"$scratch/series/000$n-test.patch"
	grep -q '^+++ ' "$scratch/series/000$n-test.patch"
}
if ! write_patch 1 "input, ALSA: use the current workqueue API" "${files[@]:0:2}" ||
   ! write_patch 2 "fsnotify, fs: use the current workqueue API" "${files[@]:2:2}"; then
	echo "not ok - $name: wqcheck scan --diff made no conversion of ${files[*]}"
	exit 0
fi

# --- two daemons on free loopback ports ---------------------------------------
# distccd started as root drops to the distccd user before it opens its
# log, and compiles in its TMPDIR as that user: both in a directory of /tmp
# it can reach (ours, under TMPDIR, it may not), removed on the way out
daemons=$(mktemp -d /tmp/$name-daemons.XXXXXX)
chmod 1777 "$daemons"
trap 'stop_daemons; rm -rf "$scratch" "$daemons"' EXIT
free_port() {
	local p
	for _ in $(seq 50); do
		p=$(( 20000 + RANDOM % 20000 ))
		(exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
	done
	return 1
}
start_daemon() {	# N: daemon N on a free port, its port in port[N]
	local n=$1 p log=$daemons/d$1.log
	p=$(free_port) || return 1
	: >"$log"
	chmod 666 "$log"
	TMPDIR=$daemons distccd --no-detach --daemon --allow 127.0.0.1 --listen 127.0.0.1 \
		--port "$p" --jobs 2 --log-file "$log" --log-level info &
	pids[$n]=$!
	port[$n]=$p
	# ready when it accepts a connection
	for _ in $(seq 50); do
		(exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}
declare -a port
if ! start_daemon 1 || ! start_daemon 2; then
	echo "not ok - $name: two distccd daemons on 127.0.0.1"
	exit 0
fi
hosts="127.0.0.1:${port[1]}/2 127.0.0.1:${port[2]}/2"

# one run: validate's JSON into $scratch/$1.json; through the daemons, a
# ccache of its own (when ccache is installed), empty, so that every compile
# misses and goes out; here (the reference, tag local), the caller's ccache:
# where the compiles ran is not what it proves, and a warm cache serves it
run() {
	local tag=$1 ccache_dir=$scratch/ccache-$1
	shift
	[ "$tag" = local ] && ccache_dir=${CCACHE_DIR:-$(ccache --get-config cache_dir 2>/dev/null)}
	mkdir -p "$scratch/tmp-$tag"
	CCACHE_DIR=${ccache_dir:-$scratch/ccache-$tag} TMPDIR=$scratch/tmp-$tag "$WQCHECK" validate -q \
		--format=json "$@" --series "$scratch/series" "$fixture" \
		>"$scratch/$tag.json" 2>"$scratch/$tag.err"
	echo $? >"$scratch/$tag.rc"
}
# the verdicts, with where the compiles ran left out
verdicts() {
	python3 - "$scratch/$1.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["patches"]:
	for o in p["objects"]:
		print(p["patch"], o["object"], o["built"], o["code_verdict"], o["new_warnings"],
		      o["new_sparse_warnings"])
print("coverage", json.dumps(d["coverage"], sort_keys=True), "status", d["status"])
PY
}
distcc_counts() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["distcc"] or {}
print(d.get("jobs"), d.get("objects_built_remotely"), d.get("remote_compiles"),
      d.get("local_compiles"), d.get("fallbacks"))' "$scratch/$1.json" 2>&1
}
# compiles of the touched sources in daemon N's log
compiled_by() {
	grep -a 'COMPILE_OK' "$daemons/d$1.log" | grep -cE "$(IFS='|'; echo "${files[*]}")"
}

run local -j2 --sandbox=never
verdicts local >"$scratch/local.v" 2>&1
if [ "$(cat "$scratch/local.rc")" != 0 ] || [ "$(grep -c ' True equal' "$scratch/local.v")" != 4 ]; then
	echo "not ok - $name: the series validates here (the reference)"
	echo "    rc=$(cat "$scratch/local.rc") $(head -c 600 "$scratch/local.v")"
	sed 's/^/    /' "$scratch/local.err" | tail -3
	exit 0
fi
echo "ok - $name: the series validates here: 4 objects built, equal, exit 0"

# --- through both daemons ----------------------------------------------------
run farm --distcc="$hosts"
verdicts farm >"$scratch/farm.v" 2>&1
read -r jobs remote_objs remote local fallbacks <<<"$(distcc_counts farm)"
by1=$(compiled_by 1) by2=$(compiled_by 2)
if ! cmp -s "$scratch/local.v" "$scratch/farm.v"; then
	echo "not ok - $name: through two distccd daemons, the same verdicts as here"
	diff "$scratch/local.v" "$scratch/farm.v" | head -8 | sed 's/^/    /'
	sed 's/^/    /' "$scratch/farm.err" | tail -3
elif [ "$jobs" != 4 ] || [ "$remote_objs" != 4 ] || [ "$((by1 + by2))" -lt 8 ] ||
     [ "$remote" -lt 8 ]; then
	echo "not ok - $name: through two distccd daemons, the daemons compiled the objects and the report says so"
	echo "    report: jobs=$jobs objects remote=$remote_objs compiles remote=$remote here=$local fallbacks=$fallbacks; daemons' logs: $by1 + $by2"
else
	echo "ok - $name: through two distccd daemons (-j$jobs from their slots): the same verdicts; their logs show $by1 + $by2 compiles of the touched sources, the report $remote remote ($remote_objs of 4 objects)"
fi

# --- one daemon killed mid-run -----------------------------------------------
# Daemon 1 is listed first with the most slots: the base's compiles go
# there; once its log shows a new one, it is killed with its workers (its
# process group) while the run goes on: what it was compiling and what
# comes after go to daemon 2 or fall back to a compile here.
before=$(grep -ac 'COMPILE_OK' "$daemons/d1.log")
run kill --distcc="127.0.0.1:${port[1]}/4 127.0.0.1:${port[2]}/1" &
runner=$!
killed=
for _ in $(seq 1200); do
	if [ "$(grep -ac 'COMPILE_OK' "$daemons/d1.log")" -gt "$before" ]; then
		kill -KILL -- "-${pids[1]}" 2>/dev/null
		wait "${pids[1]}" 2>/dev/null
		unset 'pids[1]'
		killed=yes
		break
	fi
	kill -0 "$runner" 2>/dev/null || break
	sleep 0.1
done
wait "$runner"
verdicts kill >"$scratch/kill.v" 2>&1
read -r jobs remote_objs remote local fallbacks <<<"$(distcc_counts kill)"
if [ -z "$killed" ]; then
	echo "not ok - $name: one daemon killed mid-run: daemon 1 never compiled (log: $(tail -n 2 "$daemons/d1.log" | tr '\n' ' '))"
elif ! cmp -s "$scratch/local.v" "$scratch/kill.v"; then
	echo "not ok - $name: one daemon killed mid-run: the same verdicts as here"
	diff "$scratch/local.v" "$scratch/kill.v" | head -8 | sed 's/^/    /'
	sed 's/^/    /' "$scratch/kill.err" | tail -3
elif [ "$((remote + local))" -lt 8 ]; then
	echo "not ok - $name: one daemon killed mid-run: every compile accounted for"
	echo "    remote=$remote here=$local fallbacks=$fallbacks"
else
	echo "ok - $name: one daemon killed mid-run: the same verdicts; compiles $remote remote, $local here ($fallbacks after a host failed)"
fi
stop_daemons
