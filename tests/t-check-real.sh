#!/bin/bash
# wqcheck check and check-patch on the real 6.1 tree: make C=2
# CHECK="wqcheck check" on objects of the pristine tree (no legacy API: no
# WQ001-WQ005) and of the legacy fixture (exactly the manifest's sites),
# and check-patch of a 10-patch series built from the fixture's rewrite,
# applied to the pristine tree (exactly the manifest's sites, under 3 s
# when the machine is not overloaded; the time is printed).
set -u
real=$TOP/tests/real
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if ! tree=$("$real/kernel-tree.sh" 2>"$scratch/why"); then
	echo "skip - check on the 6.1 tree: $(tail -n 1 "$scratch/why")"
	exit 0
fi

# kbuild's make, serialized with the other users of the cached trees.
kmake() { flock "$cache/.lock" make -j1 "$@"; }

objects="kernel/workqueue.o mm/vmstat.o drivers/net/virtio_net.o"
kmake -C "$tree" C=2 CHECK="$WQCHECK check" $objects >"$scratch/out" 2>"$scratch/err"
rc=$?
checked=$(grep -c '^  CHECK   \(kernel/workqueue\|mm/vmstat\|drivers/net/virtio_net\)\.c$' "$scratch/out")
if [ $rc -eq 0 ] && [ "$checked" -eq 3 ] && ! grep -q '\[WQ00[1-5]\]' "$scratch/err"; then
	echo "ok - 6.1: make C=2 CHECK=\"wqcheck check\" checks $objects, no legacy findings, make succeeds"
else
	echo "not ok - 6.1: make C=2 CHECK=\"wqcheck check\" $objects (exit $rc, $checked checked)"
	grep -v '^  ' "$scratch/out" "$scratch/err" | head -20 | sed 's/^/    /'
fi

if ! legacy=$("$real/legacy-fixture.sh" 2>"$scratch/why"); then
	echo "skip - check on the legacy fixture: $(tail -n 1 "$scratch/why")"
	exit 0
fi
manifest=$legacy/wqcheck-legacy-manifest.tsv
# The manifest's sites as gcc and sparse print them: its byte columns as
# display columns of the fixture's lines (tab stops of 8, 1-based).
sites() { # FILE...: "FILE:LINE:COL: RULE" of the manifest's sites there (WQ00x only with -l)
	local legacy_only=0
	[ "$1" = -l ] && { legacy_only=1; shift; }
	python3 - "$legacy" "$manifest" "$legacy_only" "$@" <<'PY'
import sys
root, manifest, legacy_only, files = sys.argv[1], sys.argv[2], sys.argv[3] == "1", set(sys.argv[4:])
for row in open(manifest):
    f = row.rstrip("\n").split("\t")
    if len(f) < 4 or f[1] not in files or (legacy_only and not f[0].startswith("WQ00")):
        continue
    text = open("%s/%s" % (root, f[1]), "rb").read().split(b"\n")[int(f[2]) - 1]
    col = len(text[:int(f[3]) - 1].decode("utf-8", "replace").expandtabs(8)) + 1
    print("%s:%s:%d: %s" % (f[1], f[2], col, f[0]))
PY
}

# make C=2 on three fixture objects: the findings are the manifest's sites.
files="drivers/net/virtio_net.c drivers/usb/core/hub.c fs/quota/dquot.c"
want=$(sites $files | sort)
kmake -C "$legacy" C=2 CHECK="$WQCHECK check" $(echo "$files" | sed 's/\.c\b/.o/g') \
	>"$scratch/out" 2>"$scratch/err"
rc=$?
got=$(sed -n 's/^\([^ ]*:[0-9]*:[0-9]*:\) warning: .*\[\(WQ00[1-5]\)\]$/\1 \2/p' "$scratch/err" | sort)
if [ $rc -eq 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
	echo "ok - legacy fixture: make C=2 CHECK=\"wqcheck check\" prints exactly the manifest's $(echo "$want" | wc -l) sites in sparse's format, exit 0"
else
	echo "not ok - legacy fixture: make C=2 CHECK=\"wqcheck check\" (exit $rc)"
	diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
	grep -v '^  ' "$scratch/err" | head -10 | sed 's/^/    /'
fi

# check-patch: the benchmark's 10-patch series on the pristine tree.
WQCHECK=$WQCHECK "$TOP/bench/check-patch.sh" --no-alternatives 0 "$scratch/series.mbox" >"$scratch/bench" 2>&1
files=$(grep '^diff --git' "$scratch/series.mbox" | sed 's|^diff --git a/\([^ ]*\) .*|\1|' | sort -u)
want=$(sites -l $files | sort)
start=$(date +%s.%N)
"$WQCHECK" check-patch --tree="$tree" "$scratch/series.mbox" >"$scratch/out" 2>"$scratch/err"
rc=$?
secs=$(echo "$(date +%s.%N) - $start" | bc)
got=$(sed -n 's/^\([^ ]*:[0-9]*:[0-9]*:\) warning: .*\[\(WQ00[1-5]\)\]$/\1 \2/p' "$scratch/out" | sort)
if [ $rc -eq 1 ] && [ -n "$want" ] && [ "$got" = "$want" ] && [ "$(echo "$files" | wc -l)" -eq 10 ]; then
	echo "ok - check-patch of a 10-patch, 10-file series on 6.1: exactly the manifest's $(echo "$want" | wc -l) sites, exit 1"
else
	echo "not ok - check-patch of a 10-patch series on 6.1 (exit $rc)"
	diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
	head -5 "$scratch/err" | sed 's/^/    /'
fi
echo "# check-patch of the 10-file series: ${secs}s (target 3 s; load $(cut -d' ' -f1 /proc/loadavg) on $(nproc) CPUs)"
if [ "$(echo "$secs < 3" | bc)" -eq 1 ]; then
	echo "ok - check-patch of the 10-file series within 3 s"
elif [ "$(cut -d. -f1 /proc/loadavg)" -ge "$(nproc)" ]; then
	echo "skip - check-patch within 3 s: took ${secs}s with load $(cut -d' ' -f1 /proc/loadavg) on $(nproc) CPUs"
else
	echo "not ok - check-patch of the 10-file series took ${secs}s (target 3 s)"
fi

# Every patch checked alone against the fixture (already applied there, as
# b4 prep leaves a branch): --terse --showfile, the sites of its file.
n=0 bad=0
csplit -s -z -f "$scratch/mail." "$scratch/series.mbox" '/^From 0000000000000000000000000000000000000000 /' '{*}'
for m in "$scratch"/mail.*; do
	n=$((n + 1))
	f=$(sed -n 's|^diff --git a/\([^ ]*\) .*|\1|p' "$m" | head -1)
	w=$(awk -F'\t' -v f="$f" '$2 == f && $1 ~ /^WQ00/' "$manifest" | wc -l)
	"$WQCHECK" check-patch --tree="$legacy" --terse --showfile --no-summary - <"$m" >"$scratch/out" 2>&1
	# the manifest's legacy sites; the fixture's system_nrt_wq beside
	# schedule_*() is also a WQ014 (two workqueues on a 3.6-era core)
	g=$(grep -c "^$f:[0-9]*: WARNING: .*\[WQ00[0-9]\]\$" "$scratch/out")
	[ "$g" -eq "$w" ] || { bad=$((bad + 1)); echo "    $f: want $w, got $g"; }
done
if [ $n -eq 10 ] && [ $bad -eq 0 ]; then
	echo "ok - b4-style: each of the 10 patches alone on stdin, on a tree that already holds it"
else
	echo "not ok - b4-style per-patch check ($bad of $n wrong)"
fi

# A series that only edits lines near the legacy sites of the fixture passes.
f=drivers/net/virtio_net.c
line=$(awk -F'\t' -v f="$f" '$2 == f { print $3; exit }' "$manifest")
mkdir -p "$scratch/near/${f%/*}"
cp "$legacy/$f" "$scratch/near/$f"
sed -i "$((line - 1))s/\$/ \/* nearby *\//" "$scratch/near/$f"
(cd "$scratch/near" && diff -u "$legacy/$f" "$f" | sed -e "1s|^--- [^\t]*|--- a/$f|" -e "2s|^+++ [^\t]*|+++ b/$f|") >"$scratch/near.patch"
"$WQCHECK" check-patch --tree="$legacy" "$scratch/near.patch" >"$scratch/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$scratch/out")" = "total: 0 errors, 0 warnings, 0 notes, 1 patch checked" ] &&
   grep -q '^+.*nearby' "$scratch/near.patch"; then
	echo "ok - a nearby edit in virtio_net.c (which has a legacy site): exit 0, only the summary line"
else
	echo "not ok - a nearby edit in virtio_net.c (exit $rc)"
	head -5 "$scratch/out" | sed 's/^/    /'
fi
