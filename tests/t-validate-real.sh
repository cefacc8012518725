#!/bin/bash
# slow: yes
# timeout: 900
# wqcheck validate on the Linux 6.1 legacy fixture (tests/real/legacy-fixture.sh)
# with real kbuild, gcc and sparse: the series wqcheck series writes for it
# must apply, every touched object must build under the fixture's own
# configuration (x86_64 defconfig + tests/real/config.txt) plus what
# validate --enable-touched adds for the objects only the fix family's
# patches touch (net/smc/smc_llc.o and sound/soc/codecs/rt5651.o, which
# that configuration does not build: INFINIBAND, SMC, SND_SOC and a
# machine driver that selects the codec), and compile to the same code
# modulo the renames, a fix's only in the functions its log names, with no
# new gcc or sparse warning.
# (What kbuild reports of a bad patch, ccache's second run and the
# identities by directory are t-validate-real-probes.sh's: the two run side
# by side.)
#
# Cached under ${WQCHECK_CACHE:-~/.cache/wqcheck}/validate: the series (keyed by
# the fixture's HEAD and the sources that write series) and the prepared
# kbuild output directory (validate keys it by base, .config, compiler).
# Set WQCHECK_REAL=0 to skip.
set -u
# the fixture, the series wqcheck series writes for it (cached), $scratch
. "$TOP/tests/lib/validate-suite.sh" t-validate-real real
manifest=$fixture/wqcheck-legacy-manifest.tsv
head=$(git -C "$fixture" rev-parse HEAD)

# What validate could change in the fixture: the files the series touches
# (compared with HEAD's content after the run), HEAD, its worktree list. The
# status of the whole shared tree is only kept for the failure's detail:
# other suites use the fixture at the same time (cp -al copies, in-tree
# makes, git status refreshing its index), and a before/after comparison of
# it once failed with nothing changed after the run.
touched=$(sed -n 's|^diff --git a/\([^ ]*\) b/\([^ ]*\)$|\1\n\2|p' "$series"/0*.patch | sort -u)
status_before=$(git -C "$fixture" status --porcelain --untracked-files=no 2>&1 | head -n 5)
t0=$(date +%s)
# validate's scratch worktree goes under our own TMPDIR: other runs on the
# fixture may be going on at the same time
mkdir -p "$scratch/tmp"
TMPDIR=$scratch/tmp "$WQCHECK" validate -q -j2 --enable-touched --format=json --series "$series" "$fixture" \
	>"$scratch/v.json" 2>"$scratch/v.err"
rc=$?
secs=$(( $(date +%s) - t0 ))

# the fix family's patches (their logs say they change behaviour): each
# one's objects must be built and changed only where its log says
fixes=$(grep -l '^This patch changes behavior:' "$series"/0*.patch | sed 's|.*/||' | tr '\n' ' ')
summary=$(python3 - "$scratch/v.json" "$manifest" "$fixes" <<'PY' 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
want = sorted(set(l.split("\t")[1][:-2] + ".o" for l in open(sys.argv[2]) if l.strip()))
fixes = sys.argv[3].split()
# (os.path.basename: validate names a patch by its file)
import os
fixed = sorted("%s:%s" % (o["object"], o.get("code_verdict"))
	for p in d["patches"] if os.path.basename(p["patch"]) in fixes for o in p["objects"])
objs = [o for p in d["patches"] for o in p["objects"]]
got = sorted(set(o["object"] for o in objs))
# a fix's object may change, but only in the functions its log names
# (validate's verdict changed_as_named); a rename's must not change at all
bad = sorted(set(o["object"] for o in objs if not (o["built"] and
	(o["code_equal"] is True or o.get("code_verdict") == "changed_as_named")
	and not o["new_warnings"] and not o["new_sparse_warnings"])))
print("patches=%d applied=%s objects=%d missing=%s bad=%s rescan=%s fixes=%s" % (
	len(d["patches"]), all(p["applied"] for p in d["patches"]), len(got),
	sorted(set(want) - set(got)), bad, d["rescan_clean"], " ".join(fixed)))
print("# configuration: %s" % d["config"])
s = d["seconds"]
print("# seconds: total %.0f: worktree %.0f, configure %.0f, prepare %.0f%s, base build %.0f, patches %.0f, rescan %.0f"
	% (s["total"], s["worktree"], s["configure"], s["prepare"],
	   " (cached)" if s["prepared_from_cache"] else "", s["base_build"], s["patches"], s["rescan"]))
for o in objs:
	if not (o["built"] and o["code_equal"]):
		print("#   %s: %s %s %s" % (o["object"], o.get("code_verdict"), o["reason"],
					 o["code_diff_functions"]))
PY
)
verdict=$(echo "$summary" | head -n 1)
echo "$summary" | tail -n +2
case "$rc $verdict" in
"0 patches="*" applied=True objects="*" missing=[] bad=[] rescan=True fixes="*)
	ok_line="ok - $name: the fixture series validates: $verdict, ${secs}s" ;;
*)	ok_line="not ok - $name: the fixture series validates"
	echo "$ok_line"
	echo "    rc=$rc $verdict"
	sed 's/^/    /' "$scratch/v.err" | tail -5
	ok_line= ;;
esac
[ -n "$ok_line" ] && echo "$ok_line"
# Each fix patch's objects built and changed only where its log says; the
# configuration says what validate added (an object it could not enable
# would be "not built" above, with the dependency that stops it).
nfix=$(echo $fixes | wc -w)
fixed=${verdict##* fixes=}
nnamed=$(echo "$fixed" | tr ' ' '\n' | grep -c ':changed_as_named$')
config=$(echo "$summary" | sed -n 's/^# configuration: //p')
if [ "$nfix" -ge 1 ] && [ "$nnamed" -eq "$nfix" ] && [ "$(echo $fixed | wc -w)" -eq "$nfix" ] &&
   echo "$config" | grep -qE '^\.config of the tree \+ [1-9][0-9]* symbols? for the touched objects$'; then
	echo "ok - $name: the $nfix fix patches' objects built and changed only where their logs say ($config)"
else
	echo "not ok - $name: the $nfix fix patches' objects built and changed only where their logs say"
	echo "    $fixed; configuration: $config"
fi

# Others use the fixture at the same time (builds of its objects, their own
# series and worktrees): check what validate could have touched, the files
# of the series (worktree and index against HEAD), HEAD and our own
# worktree; t-validate.sh checks the object store.
why=
if [ -z "$touched" ]; then
	why="no file named by the series' diffs"
else
	# shellcheck disable=SC2086
	changed=$(git -C "$fixture" diff --name-only HEAD -- $touched 2>&1; git -C "$fixture" diff --cached --name-only HEAD -- $touched 2>&1)
	[ -z "$changed" ] || why="the series' files differ from HEAD: $(echo "$changed" | sort -u | head -3 | tr '\n' ' ')"
fi
[ "$(git -C "$fixture" rev-parse HEAD)" = "$head" ] || why="$why; HEAD moved"
! git -C "$fixture" worktree list --porcelain | grep -qF "$scratch/tmp/" || why="$why; our worktree is left"
[ -z "$(ls -A "$scratch/tmp")" ] || why="$why; scratch left: $(ls "$scratch/tmp")"
if [ -z "$why" ]; then
	echo "ok - $name: the fixture is untouched and its worktree removed"
else
	echo "not ok - $name: the fixture is untouched and its worktree removed"
	echo "    ${why#; }"
	echo "    the fixture's status before validate (whole tree, others' runs too): ${status_before:-clean}" |
		tr '\n' ' '
	echo
fi


# validate links the worktree's files to its checkout of the base in the
# cache (checkout-<commit>, validate-checkout.c): nothing it ran (git am,
# kbuild, the WQ_PERCPU-held header) may have written through a link.
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
entry=$cache/validate/checkout-$head
if [ ! -f "$entry/index" ]; then
	echo "ok - $name: no cached checkout of the base to compare (validate checked it out: TMPDIR on another file system)"
elif GIT_INDEX_FILE=$entry/index git -C "$fixture" -c core.trustctime=false --work-tree="$entry/tree" \
		diff --quiet --no-ext-diff 2>"$scratch/entry.err" &&
     GIT_INDEX_FILE=$entry/index git -C "$fixture" diff --cached --quiet "$head" 2>>"$scratch/entry.err"; then
	echo "ok - $name: validate's cached checkout of the base is still the commit's"
else
	echo "not ok - $name: validate's cached checkout of the base is still the commit's"
	GIT_INDEX_FILE=$entry/index git -C "$fixture" -c core.trustctime=false --work-tree="$entry/tree" \
		diff --stat 2>&1 | tail -n 5 | sed 's/^/    /'
	sed 's/^/    /' "$scratch/entry.err" | head -n 3
fi
