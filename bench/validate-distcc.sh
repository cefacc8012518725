#!/bin/bash
# wqcheck validate through two local distccd daemons against a local run, on
# the Linux 6.1 legacy fixture (tests/real/legacy-fixture.sh): the series of
# the FILES given (default: the four small files t-validate-distcc.sh
# converts), one patch per file, converted by wqcheck scan --diff. Each run
# has an empty ccache of its own, so that every compile misses and goes out;
# the two kinds of run alternate PAIRS times (default 1).
#
# On one machine the daemons compete with the local compiles for the same
# cores: this shows the mechanism and its overhead (preprocessing here,
# sending, the daemons' compiles), not a speed-up, which needs hosts with
# cores of their own.
#
# Usage: bench/validate-distcc.sh [FILE...]
# Prints per run: wall and CPU (user+sys of validate and its children; the
# daemons' compiles are not its children), where the compiles ran.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
fixture=$("$TOP/tests/real/legacy-fixture.sh")
files=("$@")
[ ${#files[@]} -gt 0 ] ||
	files=(drivers/input/input-poller.c sound/core/misc.c fs/notify/mark.c fs/file_table.c)
w=$(mktemp -d "${TMPDIR:-/tmp}/bench-distcc.XXXXXX")
daemons=$(mktemp -d /tmp/bench-distcc-daemons.XXXXXX)
chmod 1777 "$daemons"
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || true; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
	rm -rf "$w" "$daemons"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

bin=$w/wqcheck
cp "$WQCHECK" "$bin"
mkdir -p "$w/series"
n=0
for f in "${files[@]}"; do
	n=$((n + 1))
	{
		printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
		printf 'From: bench <b@invalid>\nDate: Mon, 20 Aug 2012 00:00:00 +0000\n'
		printf 'Subject: [PATCH %d/%d] %s: use the current workqueue API\n\n---\n' \
			"$n" "${#files[@]}" "$f"
		# exit 1: it found what it converts
		(cd "$fixture" && "$bin" scan -q --diff --rules=WQ001,WQ002,WQ003,WQ004,WQ005 "$f") || true
		printf -- '-- \n2.39.2\n'
	} >"$w/series/$(printf %04d "$n")-bench.patch"
done

hosts=
for d in 1 2; do
	p=$(( 20000 + RANDOM % 20000 ))
	: >"$daemons/d$d.log"
	chmod 666 "$daemons/d$d.log"
	TMPDIR=$daemons distccd --no-detach --daemon --allow 127.0.0.1 --listen 127.0.0.1 \
		--port "$p" --jobs 2 --log-file "$daemons/d$d.log" --log-level info &
	pids+=($!)
	hosts="$hosts 127.0.0.1:$p/2"
done
sleep 1

run() {	# TAG ARGS...
	local tag=$1
	shift
	mkdir -p "$w/tmp-$tag"
	rm -rf "$w/ccache-$tag"
	CCACHE_DIR=$w/ccache-$tag TMPDIR=$w/tmp-$tag /usr/bin/time -f "%e %U %S" -o "$w/$tag.time" \
		"$bin" validate -q --format=json "$@" --series "$w/series" "$fixture" \
		>"$w/$tag.json" 2>"$w/$tag.err" || true
	python3 - "$w/$tag.json" "$w/$tag.time" "$tag" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
wall, user, sys_ = map(float, open(sys.argv[2]).read().split()[-3:])
c = d["coverage"]
s = d["seconds"]
dist = d.get("distcc") or {}
print(f"{sys.argv[3]}: wall {wall:.0f} s, cpu {user + sys_:.0f} s (base build {s['base_build']:.0f} s, "
      f"patches {s['patches']:.0f} s); built {c['built']}/{c['objects_touched']}, "
      f"equal {c['equal'] + c['equal_up_to_conversion']}; exit {d['status']}"
      + (f"; -j{dist['jobs']}, compiles {dist['remote_compiles']} remote, "
         f"{dist['local_compiles']} here ({dist['fallbacks']} after a failure)" if dist else ""))
PY
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); ${#files[@]} patches"
for i in $(seq "${PAIRS:-1}"); do
	run "local-$i" -j2
	run "distcc-$i" --distcc="${hosts# }"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); daemons' compiles: $(cat "$daemons"/d*.log | grep -ac COMPILE_OK)"
