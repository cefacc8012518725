#!/bin/bash
# timeout: 600
# wqcheck validate on the corpus: series made here (scan --in-place per
# subsystem, or wqcheck series) in a scratch git copy of corpus/, validated
# with the corpus's kbuild look-alike, gcc and sparse.
set -u
: "${WQCHECK:?}" "${TOP:?}"

. "$TOP/tests/lib/validate-suite.sh" t-validate

# A git repository holding a pristine copy of the corpus at its root.
new_tree() {
	local dir=$scratch/$1
	mkdir -p "$dir"
	git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$dir"
	mv "$dir/corpus" "$dir/tree"
	(cd "$dir/tree" && git init -q && G add -A -f . && G commit -q -m "corpus base")
	echo "$dir/tree"
}

# convert DIR...: one commit per directory with wqcheck scan --in-place.
convert() {
	local tree=$1 d
	shift
	for d in "$@"; do
		"$WQCHECK" scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 --in-place "$tree/$d" >/dev/null 2>&1
		(cd "$tree" && G commit -q -a -m "$d: use the current workqueue API")
	done
}

# series TREE N OUT: the last N commits as a format-patch series, then the
# tree goes back to the base (the series is what validate gets).
series() {
	(cd "$1" && G format-patch -q --cover-letter --base="HEAD~$2" -o "$3" "HEAD~$2" &&
	 G reset -q --hard "HEAD~$2")
}

untouched() {	# TREE HEAD [OBJECTS]: nothing left behind, nothing changed
	local tree=$1 head=$2 objects=$3 why=
	[ "$(git -C "$tree" rev-parse HEAD)" = "$head" ] || why="HEAD moved"
	[ -z "$(git -C "$tree" status --porcelain --ignored)" ] || why="$why; status: $(git -C "$tree" status --porcelain --ignored | head -3 | tr '\n' ' ')"
	[ "$(git -C "$tree" worktree list | wc -l)" -eq 1 ] || why="$why; worktrees: $(git -C "$tree" worktree list | tr '\n' ' ')"
	[ -z "$(ls -A "$TMPDIR")" ] || why="$why; scratch left: $(ls "$TMPDIR")"
	[ "$(git -C "$tree" count-objects)" = "$objects" ] || why="$why; objects written: $(git -C "$tree" count-objects), was $objects"
	echo "$why"
}

jq_py() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2" "$3"; }

# --- a good series: exit 0, every object built and equal --------------------
tree=$(new_tree good)
head=$(git -C "$tree" rev-parse HEAD)
convert "$tree" drivers/hid drivers/mmc drivers/md fs/nfsx
series "$tree" 4 "$scratch/good.series"
objects=$(git -C "$tree" count-objects)
"$WQCHECK" validate -q --format=json --series "$scratch/good.series" "$tree" >"$scratch/good.json" 2>"$scratch/good.err"
rc=$?
check=$(jq_py x '
objs = [o for p in d["patches"] for o in p["objects"]]
bad = [o["object"] for o in objs if not (o["built"] and o["code_equal"] is True and not o["new_warnings"] and not o["new_sparse_warnings"])]
print("patches=%d applied=%d objects=%d bad=%s rescan=%s" % (len(d["patches"]), sum(p["applied"] for p in d["patches"]), len(objs), bad, d["rescan_clean"]))' "$scratch/good.json" 2>&1)
case "$rc $check" in
"0 patches=4 applied=4 objects="[4-9]*" bad=[] rescan=True") ok "good series: exit 0, every object built and equal ($check)" ;;
*) not_ok "good series: exit 0, every object built and equal" "rc=$rc $check" "$(head -5 "$scratch/good.err")" ;;
esac
why=$(untouched "$tree" "$head" "$objects")
[ -z "$why" ] && ok "good series: tree untouched, worktree and scratch removed" || not_ok "good series: tree untouched" "$why"

# the text report says the same; git, seen through a shim, applies the four
# patches (no object touched twice, so nothing is built between them) with
# one git am
mkdir -p "$scratch/shim"
printf '#!/bin/sh\nfor a; do [ "$a" = am ] && echo "$*" >>"%s" && break; done\nexec %s "$@"\n' \
	"$scratch/am.log" "$(command -v git)" >"$scratch/shim/git"
chmod +x "$scratch/shim/git"
PATH=$scratch/shim:$PATH "$WQCHECK" validate -q --series "$scratch/good.series" "$tree" >"$scratch/good.txt" 2>&1
rc=$?
ams=$(grep -c ' am ' "$scratch/am.log" 2>/dev/null)
patches=$(grep -o '\.patch' "$scratch/am.log" 2>/dev/null | wc -l)
[ "$ams $patches" = "1 4" ] && ok "good series: the four patches applied by one git am" ||
	not_ok "good series: the four patches applied by one git am" "git am runs: $ams, patches named: $patches" "$(cat "$scratch/am.log" 2>/dev/null)"
if [ $rc -eq 0 ] && grep -q 'drivers/md/dmx-crypt.o: code equal' "$scratch/good.txt" &&
   grep -q '4/4 patches applied.*-> PASS' "$scratch/good.txt"; then
	ok "good series: text summary"
else
	not_ok "good series: text summary" "rc=$rc" "$(tail -5 "$scratch/good.txt")"
fi
# the last line is the coverage, each object once, as the JSON counts it
want=$(jq_py x '
c = d["coverage"]
objs = set(o["object"] for p in d["patches"] for o in p["objects"])
assert c["objects_touched"] == len(objs) and c["built"] == len(objs), c
print("4/4 patches applied; %d objects touched: %d built (%d equal, %d equal up to the conversion, %d different), 0 not built -> PASS" %
      (c["objects_touched"], c["built"], c["equal"], c["equal_up_to_conversion"], c["different"]))' "$scratch/good.json" 2>&1)
last=$(tail -1 "$scratch/good.txt")
[ "$last" = "$want" ] && ok "good series: the last line is the coverage ($last)" ||
	not_ok "good series: the last line is the coverage" "got:  $last" "want: $want"

# WQCHECK_TIMING=1: one stderr line a phase, from the checkout to the
# worktree's removal, wall and CPU never going back; none without it
WQCHECK_TIMING=1 "$WQCHECK" validate -q --format=json --series "$scratch/good.series" "$tree" \
	>"$scratch/timed.json" 2>"$scratch/timed.err"
rc=$?
timing=$(python3 - "$scratch/timed.err" "$scratch/good.err" <<'PY' 2>&1
import re, sys
lines = [l for l in open(sys.argv[1]) if l.startswith("wqcheck-timing:")]
untimed = [l for l in open(sys.argv[2]) if "wqcheck-timing" in l]
rows = [re.match(r"wqcheck-timing: +([0-9.]+) s \(cpu ([0-9.]+) s, children ([0-9.]+) s\) (.*)", l)
        for l in lines]
assert rows and all(rows), lines[:3]
vals = [tuple(float(r.group(i)) for i in (1, 2, 3)) for r in rows]
assert all(a <= b for x, y in zip(vals, vals[1:]) for a, b in zip(x, y)), "went back"
print("%d lines, first=%s, last=%s, children=%s, untimed=%d" % (len(rows),
      rows[0].group(4).split()[0], rows[-1].group(4), vals[-1][2] > 0, len(untimed)))
PY
)
case "$rc $timing" in
"0 "*" lines, first=checking, last=worktree removed, children=True, untimed=0")
	ok "WQCHECK_TIMING=1: the phases on stderr in order, wall and CPU rising ($timing)" ;;
*) not_ok "WQCHECK_TIMING=1: the phases on stderr in order, wall and CPU rising" "rc=$rc $timing" ;;
esac

# --- a tree whose objects are only in the caller's alternates ---------------
# (GIT_ALTERNATE_OBJECT_DIRECTORIES): validate's own objects dir for git am
# keeps them reachable
alt=$scratch/alt
cp -a "$tree" "$scratch/alt-tree"
mkdir -p "$alt"
(cd "$scratch/alt-tree" && G repack -q -a -d && mv .git/objects/pack "$alt/" && mkdir .git/objects/pack)
GIT_ALTERNATE_OBJECT_DIRECTORIES=$alt "$WQCHECK" validate -q --format=json \
	--series "$scratch/good.series" "$scratch/alt-tree" >"$scratch/alt.json" 2>"$scratch/alt.err"
rc=$?
a=$(jq_py x 'print(all(p["applied"] for p in d["patches"]), len(d["patches"]))' "$scratch/alt.json" 2>&1)
[ "$rc $a" = "0 True 4" ] && ok "a tree whose objects are in the caller's alternates: the series applies and passes" ||
	not_ok "a tree whose objects are in the caller's alternates" "rc=$rc $a" "$(head -3 "$scratch/alt.err")"

# --- no cover letter: the base is the tree's HEAD -----------------------------
tree=$(new_tree nocover)
convert "$tree" drivers/char
(cd "$tree" && G format-patch -q -o "$scratch/nocover.series" HEAD~1 && G reset -q --hard HEAD~1)
"$WQCHECK" validate -q --format=json --series "$scratch/nocover.series" "$tree" >"$scratch/nocover.json" 2>&1
rc=$?
base=$(jq_py x 'print(d["base"], d["base_from"])' "$scratch/nocover.json" 2>&1)
if [ $rc -eq 0 ] && [ "$base" = "$(git -C "$tree" rev-parse HEAD) HEAD of the tree" ]; then
	ok "series without a cover letter: validated at the tree's HEAD"
else
	not_ok "series without a cover letter" "rc=$rc base=$base"
fi

# --- a real semantic change: the function is named, exit 1 -------------------
tree=$(new_tree semantic)
convert "$tree" drivers/mmc
sed -i 's/host->timeouts++;/host->timeouts--;/' "$tree/drivers/mmc/host/sdx_host.c"
(cd "$tree" && G commit -q -a --amend -m "mmc: convert, and a slip")
series "$tree" 1 "$scratch/semantic.series"
"$WQCHECK" validate -q --format=json --series "$scratch/semantic.series" "$tree" >"$scratch/semantic.json" 2>&1
rc=$?
diffs=$(jq_py x 'print(" ".join(f for p in d["patches"] for o in p["objects"] for f in o["code_diff_functions"]))' "$scratch/semantic.json" 2>&1)
if [ $rc -eq 1 ] && [ "$diffs" = "sdx_timeout" ]; then
	ok "semantic change: exit 1, code differs in sdx_timeout only (the renames still map)"
else
	not_ok "semantic change: exit 1, code differs in sdx_timeout only" "rc=$rc functions=$diffs"
fi

# --- a slip that a later patch undoes is still caught in the patch that made it
tree=$(new_tree slip)
convert "$tree" drivers/mmc
sed -i 's/host->timeouts++;/host->timeouts--;/' "$tree/drivers/mmc/host/sdx_host.c"
(cd "$tree" && G commit -q -a --amend -m "mmc: convert, and a slip")
sed -i 's/host->timeouts--;/host->timeouts++;/' "$tree/drivers/mmc/host/sdx_host.c"
(cd "$tree" && G commit -q -a -m "mmc: undo the slip")
convert "$tree" drivers/hid
series "$tree" 3 "$scratch/slip.series"
"$WQCHECK" validate -q --format=json --series "$scratch/slip.series" "$tree" >"$scratch/slip.json" 2>&1
rc=$?
diffs=$(jq_py x 'print(["/".join(f for o in p["objects"] for f in o["code_diff_functions"]) for p in d["patches"]])' "$scratch/slip.json" 2>&1)
if [ $rc -eq 1 ] && [ "$diffs" = "['sdx_timeout', 'sdx_timeout', '']" ]; then
	ok "per-patch verdicts: a slip undone by a later patch is reported in both"
else
	not_ok "per-patch verdicts: a slip undone by a later patch is reported in both" "rc=$rc $diffs"
fi

# --- two objects touched twice, interleaved: one state between serves both --
# sdx_host.o is touched by patches 1 and 3, hidx-core.o by 2 and 4: built
# once after patch 2 (after their first touch, before their second), then
# after patch 4; so git am runs twice, and each slip is still its patch's.
tree=$(new_tree interleaved)
sed -i 's/host->timeouts++;/host->timeouts--;/' "$tree/drivers/mmc/host/sdx_host.c"
(cd "$tree" && G commit -q -a -m "mmc: a slip")
sed -i 's/hdev->outhead++;/hdev->outhead--;/' "$tree/drivers/hid/hidx-core.c"
(cd "$tree" && G commit -q -a -m "hid: a slip")
sed -i 's/host->timeouts--;/host->timeouts++;/' "$tree/drivers/mmc/host/sdx_host.c"
(cd "$tree" && G commit -q -a -m "mmc: undo the slip")
sed -i 's/hdev->outhead--;/hdev->outhead++;/' "$tree/drivers/hid/hidx-core.c"
(cd "$tree" && G commit -q -a -m "hid: undo the slip")
series "$tree" 4 "$scratch/interleaved.series"
: >"$scratch/am.log"
PATH=$scratch/shim:$PATH "$WQCHECK" validate -q --format=json --series "$scratch/interleaved.series" \
	"$tree" >"$scratch/interleaved.json" 2>&1
rc=$?
ams=$(grep -c ' am ' "$scratch/am.log")
diffs=$(jq_py x 'print(["/".join(f for o in p["objects"] for f in o["code_diff_functions"]) for p in d["patches"]])' \
	"$scratch/interleaved.json" 2>&1)
if [ $rc -eq 1 ] && [ "$ams" = 2 ] &&
   [ "$diffs" = "['sdx_timeout', 'hidx_output_report', 'sdx_timeout', 'hidx_output_report']" ]; then
	ok "interleaved touches: one build between serves both objects (git am runs: $ams), every slip its patch's"
else
	not_ok "interleaved touches: one build between serves both objects" "rc=$rc git am runs: $ams $diffs" \
		"$(cat "$scratch/am.log")"
fi

# --- new gcc and sparse warnings ---------------------------------------------
tree=$(new_tree warnings)
convert "$tree" drivers/char
cat >>"$tree/drivers/char/tty_flip_wq.c" <<'EOT'

int tty_flip_debug;

static int tty_flip_unused(void)
{
	int unused_here;

	return 0;
}
EOT
(cd "$tree" && G commit -q -a --amend -m "char: convert, and debris")
series "$tree" 1 "$scratch/warnings.series"
"$WQCHECK" validate -q --format=json --series "$scratch/warnings.series" "$tree" >"$scratch/warnings.json" 2>&1
rc=$?
w=$(jq_py x '
o = d["patches"][0]["objects"][0]
print("gcc:", any("unused variable" in w for w in o["new_warnings"]), "sparse:", any("tty_flip_debug" in w for w in o["new_sparse_warnings"]))' "$scratch/warnings.json" 2>&1)
if [ $rc -eq 1 ] && [ "$w" = "gcc: True sparse: True" ]; then
	ok "new gcc and sparse warnings: reported, exit 1"
else
	not_ok "new gcc and sparse warnings: reported, exit 1" "rc=$rc $w" "$(head -c 600 "$scratch/warnings.json")"
fi

# --- sparse at the reference, only where the patched state has warnings -----
# The base is built without sparse; an object with sparse warnings after a
# patch has its reference checked afterwards on the reference's sources. A
# warning the base has and the patch keeps is not new; one the patch adds
# is, and so at an intermediate state: after patch 1 adds one, patch 2
# (touching the same file) keeps it and adds none.
tree=$(new_tree sparse-ref)
printf '\nint tty_flip_base_debug;\n' >>"$tree/drivers/char/tty_flip_wq.c"
(cd "$tree" && G commit -q -a -m "base: a sparse warning of its own")
convert "$tree" drivers/char
series "$tree" 1 "$scratch/sparse-kept.series"
"$WQCHECK" validate -q --format=json --series "$scratch/sparse-kept.series" "$tree" \
	>"$scratch/sparse-kept.json" 2>&1
rc=$?
w=$(jq_py x '
objs = [o for p in d["patches"] for o in p["objects"]]
o = [o for o in objs if o["object"] == "drivers/char/tty_flip_wq.o"][0]
print(o["built"], o["code_equal"], [w for o in objs for w in o["new_sparse_warnings"]])' \
	"$scratch/sparse-kept.json" 2>&1)
if [ $rc -eq 0 ] && [ "$w" = "True True []" ]; then
	ok "sparse: a warning the base has and the patch keeps is not new (exit 0)"
else
	not_ok "sparse: a warning the base has and the patch keeps is not new (exit 0)" "rc=$rc $w" \
		"$(head -c 600 "$scratch/sparse-kept.json")"
fi

tree=$(new_tree sparse-added)
printf '\nint tty_flip_base_debug;\n' >>"$tree/drivers/char/tty_flip_wq.c"
(cd "$tree" && G commit -q -a -m "base: a sparse warning of its own")
printf '\nint tty_flip_added_debug;\n' >>"$tree/drivers/char/tty_flip_wq.c"
(cd "$tree" && G commit -q -a -m "char: a sparse warning more")
convert "$tree" drivers/char
series "$tree" 2 "$scratch/sparse-added.series"
"$WQCHECK" validate -q --format=json --series "$scratch/sparse-added.series" "$tree" \
	>"$scratch/sparse-added.json" 2>&1
rc=$?
w=$(jq_py x '
def new(p):
    return [w for o in p["objects"] if o["object"] == "drivers/char/tty_flip_wq.o"
            for w in o["new_sparse_warnings"]]
first, second = d["patches"]
print(len(new(first)), all("tty_flip_added_debug" in w for w in new(first)), new(second))' \
	"$scratch/sparse-added.json" 2>&1)
if [ $rc -eq 1 ] && [ "$w" = "1 True []" ]; then
	ok "sparse: a warning a patch adds is new, the base's is not; the next patch keeps it: not new"
else
	not_ok "sparse: a warning a patch adds is new, the base's is not; the next patch keeps it: not new" \
		"rc=$rc $w" "$(head -c 600 "$scratch/sparse-added.json")"
fi

# --- a conversion that leaves a site: the rescan finds it, exit 1 ----------
tree=$(new_tree partial)
sed -i '0,/flush_work_sync(&(hdev)->out_work)/s//flush_work(\&(hdev)->out_work)/' "$tree/drivers/hid/hidx-core.c"
(cd "$tree" && G commit -q -a -m "hid: convert one of two")
series "$tree" 1 "$scratch/partial.series"
"$WQCHECK" validate -q --format=json --series "$scratch/partial.series" "$tree" >"$scratch/partial.json" 2>&1
rc=$?
r=$(jq_py x 'print(d["rescan_clean"], d["rescan_rules"], [f.split(":")[0] for f in d["rescan_findings"]], d["patches"][0]["objects"][0]["code_equal"])' "$scratch/partial.json" 2>&1)
[ "$rc $r" = "1 False ['WQ001'] ['drivers/hid/hidx-core.c'] True" ] &&
	ok "rescan: a site the series left is found, exit 1" ||
	not_ok "rescan: a site the series left is found, exit 1" "rc=$rc $r"

# --- a patch that does not apply: named with its hunk, exit 2 ----------------
# The three go to git am in one run (no object is touched twice): the first
# stays applied and judged, the second is named, the third never applied.
tree=$(new_tree noapply)
head=$(git -C "$tree" rev-parse HEAD)
convert "$tree" drivers/hid drivers/mmc drivers/md
series "$tree" 3 "$scratch/noapply.series"
objects=$(git -C "$tree" count-objects)
p2=$(ls "$scratch"/noapply.series/0002-*.patch)
sed -i 's/^ static bool sdx_redetect(struct sdx_host \*host)$/ static bool sdx_redetect_renamed(struct sdx_host *host)/' "$p2"
"$WQCHECK" validate -q --format=json --series "$scratch/noapply.series" "$tree" >"$scratch/noapply.json" 2>"$scratch/noapply.err"
rc=$?
a=$(jq_py x '
first = d["patches"][0]["objects"]
print([p["applied"] for p in d["patches"]], all(o["built"] and o["code_equal"] for o in first) and len(first) > 0,
      d["patches"][1].get("apply_error", ""))' "$scratch/noapply.json" 2>&1)
case "$rc|$a|$(cat "$scratch/noapply.err")" in
"2|[True, False, False] True drivers/mmc/host/sdx_host.c:"*": hunk @@ -"*"does not apply|"*"0002-"*"does not apply"*)
	ok "patch that does not apply: exit 2, patch and hunk named" ;;
*) not_ok "patch that does not apply: exit 2, patch and hunk named" "rc=$rc $a" "$(cat "$scratch/noapply.err")" ;;
esac
why=$(untouched "$tree" "$head" "$objects")
[ -z "$why" ] && ok "patch that does not apply: tree untouched, worktree removed" || not_ok "patch that does not apply: tree untouched" "$why"

# --- an object the configuration does not build -----------------------------
tree=$(new_tree notbuilt)
convert "$tree" drivers/staging/nrtx
series "$tree" 1 "$scratch/notbuilt.series"
"$WQCHECK" validate -q --format=json --series "$scratch/notbuilt.series" "$tree" >"$scratch/notbuilt.json" 2>&1
rc=$?
o=$(jq_py x 'o = d["patches"][0]["objects"][0]; print(o["object"], o["built"], o["code_equal"], o["reason"])' "$scratch/notbuilt.json" 2>&1)
case "$rc $o" in
"1 drivers/staging/nrtx/nrtx.o False None CONFIG_STAGING_NRTX is not set"*) ok "object not built: reported with its CONFIG_ symbol, not a pass (exit 1)" ;;
*) not_ok "object not built: reported with its CONFIG_ symbol, not a pass" "rc=$rc $o" ;;
esac
c=$(jq_py x 'c = d["coverage"]; print(c["objects_touched"], c["built"], c["not_built"], c["not_built_by_reason"])' "$scratch/notbuilt.json" 2>&1)
[ "$c" = "1 0 1 {'not enabled by the configuration': 1}" ] &&
	ok "object not built: the coverage counts it by reason" ||
	not_ok "object not built: the coverage counts it by reason" "$c"
# the same object under a configuration that builds it passes
sed 's/^# CONFIG_STAGING_NRTX is not set$/CONFIG_STAGING_NRTX=y/' "$tree/.config" >"$scratch/nrtx.config"
"$WQCHECK" validate -q --format=json --config="$scratch/nrtx.config" --series "$scratch/notbuilt.series" "$tree" >"$scratch/nrtx.json" 2>&1
rc=$?
o=$(jq_py x 'o = d["patches"][0]["objects"][0]; print(o["built"], o["code_equal"])' "$scratch/nrtx.json" 2>&1)
[ "$rc $o" = "0 True True" ] && ok "--config=FILE that enables it: built and equal" ||
	not_ok "--config=FILE that enables it: built and equal" "rc=$rc $o"

# --- wqcheck series output ----------------------------------------------------
if "$WQCHECK" series --help >/dev/null 2>&1; then
	tree=$(new_tree series)
	head=$(git -C "$tree" rev-parse HEAD)
	# the legacy conversion's patches (the corpus' WQ014 fixes, which
	# change code on purpose, are t-series-fixes' and t-validate-trust's)
	"$WQCHECK" series -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 -o "$scratch/wqseries" "$tree" >/dev/null 2>&1
	objects=$(git -C "$tree" count-objects)
	"$WQCHECK" validate -q --format=json --series "$scratch/wqseries" "$tree" >"$scratch/wqseries.json" 2>&1
	rc=$?
	r=$(jq_py x '
objs = [o for p in d["patches"] for o in p["objects"]]
built = [o for o in objs if o["built"]]
notb = sorted(set(o["object"] + ":" + o["reason"].split(" ")[0] for o in objs if not o["built"]))
print(len(d["patches"]), all(p["applied"] for p in d["patches"]), len(built), all(o["code_equal"] and not o["new_warnings"] and not o["new_sparse_warnings"] for o in built), d["rescan_clean"], notb)' "$scratch/wqseries.json" 2>&1)
	# every object but the one whose CONFIG_ the corpus leaves off passes
	case "$rc $r" in
	"1 "*" True "*" True True ['drivers/staging/nrtx/nrtx.o:CONFIG_STAGING_NRTX']") ok "wqcheck series output: every built object equal, nrtx.o not built (exit 1): $r" ;;
	*) not_ok "wqcheck series output validates" "rc=$rc $r" ;;
	esac
	c=$(jq_py x '
c = d["coverage"]
objs = set(o["object"] for p in d["patches"] for o in p["objects"])
print(c["objects_touched"] == len(objs), c["built"] == len(objs) - 1,
      c["equal"] + c["equal_up_to_conversion"] == c["built"], c["different"], c["not_built_by_reason"])' "$scratch/wqseries.json" 2>&1)
	[ "$c" = "True True True 0 {'not enabled by the configuration': 1}" ] &&
		ok "wqcheck series output: coverage counts every object once, the one not built by reason" ||
		not_ok "wqcheck series output: coverage" "$c"
	why=$(untouched "$tree" "$head" "$objects")
	[ -z "$why" ] && ok "wqcheck series output: tree untouched" || not_ok "wqcheck series output: tree untouched" "$why"
else
	echo "skip - wqcheck series output: wqcheck series is not built"
fi

# --- --full builds everything after the last patch ---------------------------
"$WQCHECK" validate -q --full --format=json --series "$scratch/good.series" "$scratch/good/tree" >"$scratch/full.json" 2>&1
rc=$?
f=$(jq_py x 'print(d.get("full_build"))' "$scratch/full.json" 2>&1)
[ "$rc $f" = "0 True" ] && ok "--full: everything builds after the last patch" || not_ok "--full" "rc=$rc full_build=$f"

# --- --make-arg reaches make: a compiler that fails is a base that does not build
"$WQCHECK" validate -q --make-arg CC=false --series "$scratch/good.series" "$scratch/good/tree" >"$scratch/cc.txt" 2>"$scratch/cc.err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'DOES NOT COMPILE at the base' "$scratch/cc.txt" && grep -q 'base does not build' "$scratch/cc.err"; then
	ok "--make-arg CC=false: the base does not build, exit 2"
else
	not_ok "--make-arg CC=false: the base does not build, exit 2" "rc=$rc" "$(cat "$scratch/cc.err")"
fi

# --- an object the base does not compile: its own verdict, not a broken base --
# hidx-core.c gets an error of its own at the base (a compiler the old driver
# does not suit); the series converts it and sdx_host.c: sdx_host.o is judged,
# hidx-core.o "does not compile at the base and after the series alike", exit 1.
tree=$(new_tree basefail)
sed -i '1i int wqcheck_base_error = wqcheck_undeclared;' "$tree/drivers/hid/hidx-core.c"
(cd "$tree" && G commit -q -a -m "hidx: does not compile")
convert "$tree" drivers/hid drivers/mmc
series "$tree" 2 "$scratch/basefail.series"
"$WQCHECK" validate -q --format=json --series "$scratch/basefail.series" "$tree" >"$scratch/basefail.json" 2>"$scratch/basefail.err"
rc=$?
r=$(jq_py x '
objs = {o["object"]: o for p in d["patches"] for o in p["objects"]}
h = objs.get("drivers/hid/hidx-core.o", {})
m = objs.get("drivers/mmc/host/sdx_host.o", {})
print(h.get("built"), (h.get("reason") or "").split(":")[0], "wqcheck_undeclared" in (h.get("reason") or ""), m.get("built"), m.get("code_equal"))' "$scratch/basefail.json" 2>&1)
case "$rc $r" in
"1 False does not compile at the base and after the series alike True True True")
	ok "an object the base does not compile: the same error after the series, its own verdict (exit 1)" ;;
*) not_ok "an object the base does not compile: its own verdict" "rc=$rc $r" "$(head -3 "$scratch/basefail.err")" ;;
esac

# --- interrupted: SIGTERM removes the worktree --------------------------------
if [ -d "$scratch/wqseries" ]; then
	tree=$scratch/series/tree
	"$WQCHECK" validate -q --series "$scratch/wqseries" "$tree" >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 50); do
		[ "$(git -C "$tree" worktree list | wc -l)" -gt 1 ] && break
		sleep 0.1
	done
	sleep 1
	kill -TERM $pid
	wait $pid
	rc=$?
	why=$(untouched "$tree" "$(git -C "$tree" rev-parse HEAD)" "$objects")
	[ $rc -eq 143 ] && [ -z "$why" ] && ok "SIGTERM: killed by the signal, worktree and scratch removed" ||
		not_ok "SIGTERM: worktree and scratch removed" "rc=$rc $why"
fi

# --- usage errors --------------------------------------------------------------
"$WQCHECK" validate "$scratch/good/tree" >/dev/null 2>"$scratch/u1"; rc1=$?
"$WQCHECK" validate --series "$scratch/good.series" "$scratch/nonexistent" >/dev/null 2>"$scratch/u2"; rc2=$?
"$WQCHECK" validate --config=defconfig --series "$scratch/good.series" "$scratch/good/tree" >/dev/null 2>"$scratch/u3"; rc3=$?
"$WQCHECK" validate --series "$scratch/nonexistent" "$scratch/good/tree" >/dev/null 2>"$scratch/u4"; rc4=$?
if [ "$rc1 $rc2 $rc3 $rc4" = "2 2 2 2" ] && grep -q -- '--series' "$scratch/u1" && grep -q 'nonexistent' "$scratch/u2" &&
   grep -q 'no Kconfig' "$scratch/u3" && grep -q 'nonexistent' "$scratch/u4"; then
	ok "usage errors: exit 2 with one line"
else
	not_ok "usage errors: exit 2 with one line" "rc=$rc1 $rc2 $rc3 $rc4" "$(cat "$scratch"/u[1-4])"
fi
[ -z "$(ls -A "$TMPDIR")" ] && ok "no scratch directory left behind" || not_ok "no scratch directory left behind" "$(ls "$TMPDIR")"
