#!/bin/bash
# wqcheck validate on real v3.6.5 with gcc 12, as a new user would run it:
# the series `wqcheck series` writes for the tree, validated with no
# --config (defconfig plus the touched objects' Kconfig symbols), against
# --config=allmodconfig, and against building the same objects twice by
# hand with make (at the base, then after git am of the whole series) in a
# worktree sharing validate's prepared O= directory and configuration (as
# validate does on its second run: both sides start from the cache).
#
# The tree: a shared clone of the v3.6.5 repository (V365_REPO, default the
# mirror this workplace keeps) under the cache, with one local commit,
# include/linux/compiler-gcc12.h copied from compiler-gcc4.h (3.6 knows no
# gcc past 4); every make gets KCFLAGS=-fno-pie -fno-stack-protector
# -fcommon (gcc 12's defaults that 3.6 predates).
#
# Usage: bench/validate-v3.6.5.sh [STEP...]   steps: cover allmodconfig hand
# speed cross (default: the first three, in that order; hand needs cover's
# configuration). speed validates the patches that touch only host objects
# (cover.json says which) without ccache, builds what that run built by hand
# (as hand does), then validates again with an empty ccache and with the one
# that run filled: item 6 of issue 17. pairs alternates a first run and
# the hand build PAIRS times (default 3) and prints the median ratios
# (FAIR=1: the hand build with sparse, make C=1, and an empty ccache, as
# validate has them: issue 31's bar). cross
# validates only the patches that touch objects of other arches (cover.json
# says which: "arch" other than x86), with the cross compilers installed
# (make deps CROSS="arm sh powerpc").
# Prints one line per step: touched, built, equal, seconds (wall) and CPU
# seconds (user+sys of everything it ran). Results: bench/RESULTS-validate.md.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
repo=${V365_REPO:-/work/.mirror/yuhc+linux-3.6.5/repo}
tree=$cache/linux-3.6.5
kcflags="KCFLAGS=-fno-pie -fno-stack-protector -fcommon"
steps=${*:-cover allmodconfig hand}
# sub_series NAME any|none: the cover letter and every patch that touches
# an object of another arch (any), or only objects of the host's (none)
sub_series() {
	rm -rf "$out/$1-series"
	mkdir -p "$out/$1-series"
	cp "$out/series/0000-cover-letter.patch" "$out/$1-series/"
	python3 - "$out/cover.json" "$2" <<'PY' | while read -r p; do cp "$out/series/$p" "$out/$1-series/"; done
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["patches"]:
    foreign = any(o["arch"] != d["arch"] for o in p["objects"])
    if foreign == (sys.argv[2] == "any"):
        print(p["patch"])
PY
}
out=${OUT:-$cache/bench-v3.6.5}
mkdir -p "$out"

if [ ! -d "$tree/.git" ]; then
	git clone -q --shared "$repo" "$tree"
fi
if [ ! -f "$tree/include/linux/compiler-gcc12.h" ]; then
	cp "$tree/include/linux/compiler-gcc4.h" "$tree/include/linux/compiler-gcc12.h"
	git -C "$tree" add include/linux/compiler-gcc12.h
	git -C "$tree" -c user.name=bench -c user.email=bench@invalid \
		commit -q -m "compiler-gcc12.h from compiler-gcc4.h (to build with gcc 12)"
fi
rm -rf "$out/series"
"$WQCHECK" series -q --cc=maintainers --from="Bench <bench@invalid>" -o "$out/series" "$tree" >/dev/null

# The whole machine's busy CPU seconds (user, nice, system, irq, softirq,
# steal): validate's makes run in bubblewrap's PID namespace, whose
# children's CPU never reaches their parent's rusage, so time(1) sees only
# wqcheck's own; on a quiet machine the machine's count is both sides' CPU.
machine_cpu() {
	awk -v hz="$(getconf CLK_TCK)" '/^cpu / { printf "%.2f", ($2 + $3 + $4 + $7 + $8 + $9) / hz }' /proc/stat
}
# cpu_run NAME CMD...: wall and user+sys seconds of CMD and its children,
# and the machine's CPU meanwhile, as "wall user sys machine" in
# $out/NAME.time.
cpu_run() {
	local name=$1 before rc=0
	shift
	before=$(machine_cpu)
	/usr/bin/time -f "%e %U %S" -o "$out/$name.time" "$@" || rc=$?
	sed -i "\$ s/\$/ $(echo "$(machine_cpu) - $before" | bc)/" "$out/$name.time"
	return $rc
}
cpu_of() {
	tail -n 1 "$out/$1.time" |
		awk '{ printf "wall %.0f s, cpu %.0f s (machine %.0f s)", $1, $2 + $3, $4 }'
}

summary() {
	python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
objs = {}
for p in d["patches"]:
    for o in p["objects"]:
        if o["object"] not in objs or not o["built"]:
            objs[o["object"]] = o
built = [o for o in objs.values() if o["built"]]
equal = [o for o in built if o["code_equal"] and not o["new_warnings"] and not o["new_sparse_warnings"]]
other = [o for o in objs.values() if o.get("arch", d.get("arch")) != d.get("arch") or
         (not o["built"] and "only for ARCH=" in (o["reason"] or ""))]
x86 = len(objs) - len(other)
ids = {id(o) for o in other}
built_x86 = [o for o in built if id(o) not in ids]
print(f"config: {d['config']}; touched {len(objs)}, built {len(built)}, equal {len(equal)}; "
      f"other arches {len(other)} ({len(built) - len(built_x86)} built); "
      f"built {len(built_x86)}/{x86} = {100 * len(built_x86) // max(1, x86)}% of the rest; "
      f"phases {json.dumps({k: round(v) for k, v in d['seconds'].items() if isinstance(v, float)})}")
PY
}

# hand_build SERIES JSON NAME [fair]: the host arch's objects JSON's
# validate run built, made twice by hand with make in a worktree sharing
# that run's configuration and prepared O= directory (no ccache): at the
# base, then after git am of the series. The configuration: the newest
# covered-*.config enabling as many symbols as JSON's says (the one the run
# used or made). With fair, what a maintainer does for the same proof:
# both makes with sparse (C=1) and ccache in front, from an empty cache, as
# validate's first run has it.
hand_build() {
	local series=$1 json=$2 name=$3 fair=${4:-} config= objs prepared= w d n extra=
	n=$(python3 -c 'import json, re, sys
print(re.search(r"\+ (\d+) symbol", json.load(open(sys.argv[1]))["config"]).group(1))' "$json")
	for d in $(ls -t "$cache"/validate/covered-*.config); do
		if head -n 1 "$d" | grep -q "touched objects: $n\$"; then
			config=$d
			break
		fi
	done
	[ -n "$config" ] || { echo "no covered configuration with $n symbols" >&2; exit 2; }
	objs=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(sorted({o["object"] for p in d["patches"] for o in p["objects"]
                       if o["built"] and o["arch"] == d["arch"]})))' "$json")
	for d in "$cache"/validate/prepared-*; do
		tail -n +2 "$config" | cmp -s - "$d/.config" && prepared=$d
	done
	[ -n "$prepared" ] || { echo "no prepared build for $config" >&2; exit 2; }
	w=$(mktemp -d "${TMPDIR:-/tmp}/bench-v365.XXXXXX")
	[ -n "$fair" ] && extra="C=1 CC=ccache\\ gcc"
	# the worktree is timed too: validate's time has its own
	cat >"$w/hand.sh" <<EOF
set -e
export CCACHE_DIR=$w/ccache
git -C "$tree" worktree add -q --detach "$w/wt" HEAD
mkdir -p "$w/wt/.wqcheck-build"
cd "$w/wt"
cp -a "$prepared/." .wqcheck-build/
find .wqcheck-build -exec touch -h -d "@\$(( \$(date +%s) + 1 ))" {} +
make -j2 -k O=.wqcheck-build $extra "$kcflags" $objs >"$w/base.log" 2>&1 || true
GIT_OBJECT_DIRECTORY=$w/objects GIT_ALTERNATE_OBJECT_DIRECTORIES=$(git -C "$tree" rev-parse --path-format=absolute --git-common-dir)/objects \
	git -c user.name=b -c user.email=b@invalid am -q \$(ls "$series"/0*-*.patch | grep -v cover-letter)
make -j2 -k O=.wqcheck-build $extra "$kcflags" $objs >"$w/after.log" 2>&1 || true
EOF
	mkdir -p "$w/objects"
	cpu_run "$name" bash "$w/hand.sh"
	echo "by hand (worktree, prepared copy, make of $(echo $objs | wc -w) objects, git am, make again): $(cpu_of "$name")"
	git -C "$tree" worktree remove --force --force "$w/wt"
	rm -rf "$w"
}

for step in $steps; do
	echo "load before $step: $(cut -d' ' -f1-3 /proc/loadavg)"
	case $step in
	cover)
		# the first run fills the caches (configuration, prepared O=
		# directory) that the measured one and the hand build share
		if [ -z "${WARM:-}" ]; then
			cpu_run cover-cold "$WQCHECK" validate -q -j2 --format=json --make-arg "$kcflags" \
				--series "$out/series" "$tree" >"$out/cover-cold.json" || true
			echo "cover, first run (cold caches): $(cpu_of cover-cold); $(summary "$out/cover-cold.json")"
		fi
		cpu_run cover "$WQCHECK" validate -q -j2 --format=json --make-arg "$kcflags" \
			--series "$out/series" "$tree" >"$out/cover.json" || true
		echo "cover (no --config): $(cpu_of cover); $(summary "$out/cover.json")" ;;
	speed)
		# issue 17 item 6: validate against the hand build, on the
		# patches that touch host objects only (the others' cross
		# builds have no hand build here: the cross step), after cover
		# (whose report says which): without ccache, by hand (the
		# objects that run built, its configuration and prepared
		# build), with an empty ccache (a first run) and with the
		# ccache that run filled (a second run of the same series:
		# what a maintainer revalidating gets)
		sub_series host none
		WQCHECK_NO_CCACHE=1 cpu_run speed-noccache "$WQCHECK" validate -q -j2 --format=json \
			--make-arg "$kcflags" --series "$out/host-series" "$tree" >"$out/speed-noccache.json" || true
		echo "validate, no ccache ($(ls "$out/host-series" | grep -vc cover-letter) patches): $(cpu_of speed-noccache); $(summary "$out/speed-noccache.json")"
		hand_build "$out/host-series" "$out/speed-noccache.json" speed-hand
		rm -rf "$out/ccache"
		CCACHE_DIR=$out/ccache cpu_run speed-cold "$WQCHECK" validate -q -j2 --format=json \
			--make-arg "$kcflags" --series "$out/host-series" "$tree" >"$out/speed-cold.json" || true
		echo "validate, empty ccache: $(cpu_of speed-cold); $(summary "$out/speed-cold.json")"
		CCACHE_DIR=$out/ccache cpu_run speed-warm "$WQCHECK" validate -q -j2 --format=json \
			--make-arg "$kcflags" --series "$out/host-series" "$tree" >"$out/speed-warm.json" || true
		echo "validate, the ccache of the run before: $(cpu_of speed-warm); $(summary "$out/speed-warm.json")"
		rm -rf "$out/ccache" ;;
	pairs)
		# item 6 again, as pairs: a first run (an empty ccache) and the
		# hand build one after the other, PAIRS times (default 3), so
		# that both sides see the same machine (the page cache, other
		# engineers' builds, memory reclaim during checkouts move a
		# single run by 10-20 s); the median of the ratios
		sub_series host none
		: >"$out/pairs.ratios"
		for i in $(seq "${PAIRS:-3}"); do
			rm -rf "$out/ccache"
			CCACHE_DIR=$out/ccache cpu_run pair-cold-$i "$WQCHECK" validate -q -j2 --format=json \
				--make-arg "$kcflags" --series "$out/host-series" "$tree" >"$out/pair-cold-$i.json" || true
			hand_build "$out/host-series" "$out/pair-cold-$i.json" pair-hand-$i ${FAIR:+fair} >/dev/null
			python3 - "$out/pair-cold-$i.time" "$out/pair-hand-$i.time" <<'PY' | tee -a "$out/pairs.ratios"
import sys
v, h = ([float(x) for x in open(f).read().split("\n")[-2].split()] for f in sys.argv[1:3])
# CPU: the machine's (time(1) misses validate's sandboxed makes)
print("%.3f %.3f validate wall %.0f s cpu %.0f s, by hand wall %.0f s cpu %.0f s"
      % (v[0] / h[0], v[3] / h[3], v[0], v[3], h[0], h[3]))
PY
		done
		rm -rf "$out/ccache"
		python3 -c '
import statistics, sys
r = [l.split() for l in open(sys.argv[1])]
print("pairs: %d, median validate/hand: cpu %.2fx, wall %.2fx" % (len(r),
      statistics.median(float(x[1]) for x in r), statistics.median(float(x[0]) for x in r)))' "$out/pairs.ratios" ;;
	allmodconfig)
		cpu_run allmodconfig "$WQCHECK" validate -q -j2 --format=json --config=allmodconfig \
			--make-arg "$kcflags" --series "$out/series" "$tree" >"$out/allmodconfig.json" || true
		echo "allmodconfig: $(cpu_of allmodconfig); $(summary "$out/allmodconfig.json")" ;;
	hand)
		hand_build "$out/series" "$out/cover.json" hand ;;
	cross)
		sub_series cross any
		cpu_run cross "$WQCHECK" validate -q -j2 --format=json --make-arg "$kcflags" \
			--series "$out/cross-series" "$tree" >"$out/cross.json" || true
		echo "cross ($(ls "$out/cross-series" | grep -vc cover-letter) patches): $(cpu_of cross); $(summary "$out/cross.json")"
		python3 - "$out/cross.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("other arches:", json.dumps(d["coverage"]["other_arches"], sort_keys=True))
for b in d["other_arch_builds"]:
    print("  ARCH=%s %s: %s" % (b["arch"], b["config"], b["failed"] or "prepared"))
seen = set()
for p in d["patches"]:
    for o in p["objects"]:
        if o["arch"] == d["arch"] or o["object"] in seen:
            continue
        seen.add(o["object"])
        print("  %s [%s %s]: %s" % (o["object"], o["arch"], o["arch_config"],
              o["code_verdict"] if o["built"] else "not built: " + o["reason"]))
PY
		;;
	*) echo "unknown step $step" >&2; exit 2 ;;
	esac
done
