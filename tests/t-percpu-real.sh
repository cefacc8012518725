#!/bin/bash
# slow: yes
# timeout: 2400
# The 6.17 migration (WQ020-WQ022) on a real tree: the fixture of
# tests/real/percpu-fixture.sh (Debian's linux-source-6.12 with the 6.17
# workqueue API, configured, the objects holding its sites built).
#  - the era is read from the fixture's own include/linux/workqueue.h: 6.17+;
#  - the built objects hold at least 40 fixable sites across at least 10
#    MAINTAINERS sections (found by wqcheck, sections read here from MAINTAINERS);
#  - the whole-tree series applies with git am on a copy, and a rescan of the
#    copy finds no fixable WQ020-WQ022 site;
#  - a sample of those objects compiles before and after the series;
#  - a tree whose header has no 6.17 API gets no WQ020-WQ022 fix: the same
#    6.12 sources under the header without it, and the 6.1 tree of
#    kernel-tree.sh.
# The first run makes the fixture (8 minutes on a lightly loaded 2-core
# machine, 18 under a load of 15); later runs reuse it: about 2 minutes of CPU,
# 6 to 11 minutes of wall time on this loaded machine.
set -u
: "${TOP:?}" "${WQCHECK:?}"
. "$TOP/tests/real/lib.sh"

rules=WQ020,WQ021,WQ022
names=("era 6.17+ from the fixture's header" "at least 40 sites in the built objects"
	"at least 10 MAINTAINERS sections"
	"no WQ020-WQ022 fix on the same 6.12 sources under a header without the 6.17 API"
	"no WQ020-WQ022 fix on the 6.1 tree"
	"series written, fixture untouched"
	"sample compiles before the series" "series applies with git am"
	"rescan after the series finds no fixable site" "sample compiles after the series")
skip_from() {	# skip_from N REASON: skips names[N] and the rest
	local i
	for ((i = $1; i < ${#names[@]}; i++)); do
		echo "skip - percpu-real: ${names[$i]}: $2"
	done
	exit 0
}
ok() { echo "ok - percpu-real: $1"; }
not_ok() { echo "not ok - percpu-real: $1"; shift; local l; for l in "$@"; do echo "    $l"; done; }

command -v jq >/dev/null || skip_from 0 "jq not installed"
[ -x "$WQCHECK" ] || skip_from 0 "no wqcheck binary"
work=$(mktemp -d "${TMPDIR:-/tmp}/t-percpu-real.XXXXXX")
trap 'rm -rf "$work"' EXIT

t0=$(date +%s)
fixture=$("$TOP/tests/real/percpu-fixture.sh" 2>"$work/fixture.err") ||
	skip_from 0 "6.17-API fixture not available: $(grep -v '^wqcheck-cache:' "$work/fixture.err" | tail -n 1)"
objects=$(cat "$fixture/wqcheck-percpu-objects.txt")
site_files=$(printf '%s\n' $objects | grep -vx kernel/workqueue.o | sed 's/\.o$/.c/')
echo "# percpu-real: $fixture ready in $(( $(date +%s) - t0 ))s, $(echo $objects | wc -w) objects"

# --- the era, from the tree itself -------------------------------------------
wq_timed "$WQCHECK" scan -q --format=json "--rules=$rules" "$fixture" >"$work/scan.json" 2>"$work/scan.err"
rc=$?
echo "# percpu-real: scan of the whole fixture took ${WQ_SECS}s, exit $rc"
era=$(jq -r '[.era.name, .era.source, (.era.from_header | tostring)] | join(" ")' "$work/scan.json" 2>/dev/null)
if [ "$rc" -eq 1 ] && [ "$era" = "6.17+ include/linux/workqueue.h true" ] &&
	grep -qw system_percpu_wq "$fixture/include/linux/workqueue.h"; then
	ok "${names[0]}"
else
	not_ok "${names[0]}" "exit $rc, era: ${era:-none}" "$(head -n 3 "$work/scan.err")"
fi

# --- the sites the built objects hold ----------------------------------------
# Fixable and in a branch the config compiles: what make proves below.
printf '%s\n' $site_files >"$work/site-files"
jq -r '.findings[] | select(.fixable and (.in_inactive_branch | not)) |
	[.rule, .file, .line] | @tsv' "$work/scan.json" 2>/dev/null |
	awk -F'\t' 'NR == FNR { want[$1] = 1; next } $2 in want' "$work/site-files" - >"$work/sites"
n=$(wc -l <"$work/sites")
per_rule=$(cut -f1 "$work/sites" | sort | uniq -c | awk '{ printf "%s %s, ", $2, $1 }')
files_with=$(cut -f2 "$work/sites" | sort -u | wc -l)
# Every built object holds a compiled site: the fixture's list is what it says.
nfiles=$(wc -l <"$work/site-files")
if [ "$n" -ge 40 ] && [ "$files_with" -eq "$nfiles" ]; then
	ok "${names[1]} ($n: ${per_rule%, }; in all $nfiles files)"
else
	not_ok "${names[1]}" "$n sites (${per_rule%, }) in $files_with of the $nfiles files; without one:" \
		"$(cut -f2 "$work/sites" | sort -u | comm -13 - <(sort "$work/site-files") | head -n 5)"
fi

# The MAINTAINERS section of each file: the one whose F: pattern matching it
# is the longest (get_maintainer.pl's most specific), X: excluded.
cut -f2 "$work/sites" | sort -u >"$work/site-files-with"
cat >"$work/sections.py" <<'PY'
import os, re, sys

tree = sys.argv[1]
sections, cur = [], None
for line in open(f"{tree}/MAINTAINERS", encoding="utf-8", errors="replace"):
    m = re.match(r"^([A-Z]):\s*(\S.*?)\s*$", line)
    if m:
        if cur is not None and m.group(1) in "FX":
            cur[m.group(1)].append(m.group(2))
    elif re.match(r"^[A-Z0-9]", line):
        cur = {"name": line.strip(), "F": [], "X": []}
        sections.append(cur)

def compile_pattern(pat):
    """get_maintainer.pl's file_match_pattern(), compiled once"""
    if not pat.endswith("/") and os.path.isdir(f"{tree}/{pat}"):
        pat += "/"
    rx = re.compile(re.escape(pat).replace(r"\*", ".*").replace(r"\?", "."))
    return rx, pat.endswith("/"), pat.count("/"), len(pat)

def matches(p, path):
    rx, is_dir, slashes, _ = p
    return bool(rx.match(path)) and (is_dir or path.count("/") == slashes)

for s in sections:
    s["F"] = [compile_pattern(p) for p in s["F"]]
    s["X"] = [compile_pattern(p) for p in s["X"]]

for path in open(sys.argv[2]).read().split():
    best, name = -1, "(none)"
    for s in sections:
        if any(matches(x, path) for x in s["X"]):
            continue
        for pat in s["F"]:
            if matches(pat, path) and pat[3] > best:
                best, name = pat[3], s["name"]
    print(f"{path}\t{name}")
PY
python3 "$work/sections.py" "$fixture" "$work/site-files-with" >"$work/sections"
nsec=$(cut -f2 "$work/sections" | grep -vx -e '(none)' -e 'THE REST' | sort -u | wc -l)
if [ "$nsec" -ge 10 ]; then
	ok "${names[2]} ($nsec)"
	cut -f2 "$work/sections" | sort | uniq -c | sort -rn | head -n 5 |
		awk '{ c = $1; $1 = ""; printf "# percpu-real: %2d files in%s\n", c, $0 }'
else
	not_ok "${names[2]}" "$nsec sections:" "$(cut -f2 "$work/sections" | sort -u | head -n 12)"
fi

# --- a tree without the 6.17 API: no fix that would not compile ---------------
# Debian's linux-source-6.12 (6.12.118 on) carries the 6.17 API as stable
# backports: the 6.12 tree without it is made here, the fixture's site files
# under its header with the 6.17 names taken out (the declarations and
# WQ_PERCPU removed, the uses in its inline functions renamed back).
pre=$work/pre
mkdir -p "$pre/include/linux"
(cd "$fixture" && cp -al --parents Makefile Kconfig MAINTAINERS $site_files "$pre")
sed -e '/^extern struct workqueue_struct \*system_\(percpu\|dfl\)_wq;/d' \
	-e '/^\tWQ_PERCPU\t/d' -e 's| /\* use system_percpu_wq, this will be removed \*/||' \
	-e 's/\bsystem_percpu_wq\b/system_wq/g' -e 's/\bsystem_dfl_wq\b/system_unbound_wq/g' \
	"$fixture/include/linux/workqueue.h" >"$pre/include/linux/workqueue.h"
"$WQCHECK" scan -q --format=json "--rules=$rules" "$pre" >"$work/pre.json" 2>"$work/pre.err"
rc=$?
pre_era=$(jq -r '.era.name + " " + (.era.from_header | tostring)' "$work/pre.json" 2>/dev/null)
pre_found=$(jq '.findings | length' "$work/pre.json" 2>/dev/null)
if [ "$rc" -eq 0 ] && [ "${pre_found:-x}" = 0 ] && [ "$pre_era" = "3.7-6.16 true" ] &&
	! grep -qwE 'system_percpu_wq|system_dfl_wq|WQ_PERCPU' "$pre/include/linux/workqueue.h"; then
	ok "${names[3]} (era $pre_era; $n sites under the 6.17 header)"
else
	not_ok "${names[3]}" "exit $rc, era ${pre_era:-?}, ${pre_found:-?} findings" \
		"$(head -n 3 "$work/pre.err")"
fi

# The 6.1 tree: only its sources are read, an unpacked tree as it is, without
# waiting for the lock a build in it may hold.
old=$WQ_TREE
if [ ! -f "$old/Makefile" ] || [ ! -f "$old/include/linux/workqueue.h" ]; then
	old=$("$TOP/tests/real/kernel-tree.sh" 2>"$work/old.err") || old=
fi
if [ -z "$old" ]; then
	echo "skip - percpu-real: ${names[4]}: 6.1 tree not available: $(tail -n 1 "$work/old.err")"
else
	wq_timed "$WQCHECK" scan -q --format=json "--rules=$rules" "$old" >"$work/old.json" 2>"$work/old.err"
	rc=$?
	echo "# percpu-real: scan of the 6.1 tree took ${WQ_SECS}s"
	old_era=$(jq -r '.era.name + " " + (.era.from_header | tostring)' "$work/old.json" 2>/dev/null)
	old_found=$(jq '.findings | length' "$work/old.json" 2>/dev/null)
	if [ "$rc" -eq 0 ] && [ "${old_found:-x}" = 0 ] && [ "${old_era%% *}" != "6.17+" ] &&
		! grep -qw system_percpu_wq "$old/include/linux/workqueue.h"; then
		ok "${names[4]} (era $old_era)"
	else
		not_ok "${names[4]}" "exit $rc, era ${old_era:-?}, ${old_found:-?} findings"
	fi
fi

# --- the series ----------------------------------------------------------------
head_before=$(git -C "$fixture" rev-parse HEAD)
wq_timed "$WQCHECK" series -q "--rules=$rules" --from="T <t@invalid>" --cc=maintainers \
	-o "$work/out" "$fixture" >"$work/series.out" 2>"$work/series.err"
rc=$?
patches=$(ls "$work/out"/[0-9]*.patch 2>/dev/null | grep -v cover-letter)
np=$(echo $patches | wc -w)
echo "# percpu-real: series took ${WQ_SECS}s, exit $rc, $np patches"
# What series could have written: the files its patches touch (worktree and
# index against HEAD) and HEAD. Not a git status of the whole shared fixture:
# other suites copy it with cp -al and build beside it at the same time, and
# one such status once read changed files that were not (t-validate-real).
t0=$(date +%s)
touched=$(sed -n 's|^+++ b/||p' $patches /dev/null | sort -u)
dirty=
if [ -n "$touched" ]; then
	dirty=$( (git -C "$fixture" diff --name-only HEAD -- $touched
		git -C "$fixture" diff --cached --name-only HEAD -- $touched) | sort -u | head -n 3)
fi
echo "# percpu-real: the $(echo $touched | wc -w) touched files read against HEAD in $(( $(date +%s) - t0 ))s"
if [ "$rc" -eq 0 ] && [ "$np" -gt 0 ] && [ -z "$dirty" ] &&
	[ "$(git -C "$fixture" rev-parse HEAD)" = "$head_before" ]; then
	ok "${names[5]} ($np patches)"
else
	not_ok "${names[5]}" "exit $rc, $np patches; fixture changes: ${dirty:-none}" \
		"$(head -n 3 "$work/series.err")"
	skip_from 6 "no series"
fi

# --- a copy to apply it to and build in ----------------------------------------
# Under the fixture's lock: a run making the fixture may be building there.
tree=$work/tree
t0=$(date +%s)
flock "$WQ_CACHE/.lock-linux-6.12" bash -c ". '$TOP/tests/real/lib.sh' && wq_work_copy '$fixture' '$tree'" \
	2>"$work/copy.err" || skip_from 6 "cannot copy the fixture: $(tail -n 1 "$work/copy.err")"
echo "# percpu-real: work copy made in $(( $(date +%s) - t0 ))s"

# A sample of the objects holding sites, one in eight (all with
# WQCHECK_PERCPU_ALL=1: 53 objects, about 6 minutes a side on a loaded 2-core
# machine).
if [ "${WQCHECK_PERCPU_ALL:-0}" = 1 ]; then
	sample=$(cut -f2 "$work/sites" | sort -u | sed 's/\.c$/.o/')
else
	sample=$(cut -f2 "$work/sites" | sort -u | sed 's/\.c$/.o/' | awk 'NR % 8 == 1')
fi
build_sample() {	# build_sample LOG: rebuilds the sample in the copy
	local o stale=
	(cd "$tree" && rm -f $sample)
	wq_timed make -C "$tree" -j"$WQ_JOBS" $sample >"$work/$1" 2>&1
	local rc=$?
	for o in $sample; do
		[ -f "$tree/$o" ] || stale="$stale $o"
	done
	echo "# percpu-real: make of $(echo $sample | wc -w) objects ($1) took ${WQ_SECS}s, exit $rc"
	[ "$rc" -eq 0 ] && [ -z "$stale" ] && return 0
	BUILD_ERR="make exit $rc; not built:${stale:- none}"
	return 1
}
if build_sample make-before.log; then
	ok "${names[6]} ($(echo $sample | wc -w) objects)"
else
	not_ok "${names[6]}" "$BUILD_ERR" "$(grep -E 'error|Error' "$work/make-before.log" | head -n 8)"
fi

# --- git am, rescan -----------------------------------------------------------
wq_timed git -c user.name=t -c user.email=t@invalid -c commit.gpgsign=false -c gc.auto=0 \
	-C "$tree" am -q $patches >"$work/am.out" 2>&1
rc=$?
applied=$(git -C "$tree" rev-list --count "$head_before..HEAD")
echo "# percpu-real: git am of $np patches took ${WQ_SECS}s"
if [ "$rc" -eq 0 ] && [ "$applied" -eq "$np" ]; then
	ok "${names[7]} ($applied commits)"
else
	not_ok "${names[7]}" "exit $rc, $applied of $np applied" "$(head -n 5 "$work/am.out")"
	skip_from 8 "the series did not apply"
fi
wq_timed "$WQCHECK" scan -q --format=json "--rules=$rules" "$tree" >"$work/after.json" 2>"$work/after.err"
rc=$?
echo "# percpu-real: rescan took ${WQ_SECS}s"
left=$(jq '[.findings[] | select(.fixable)] | length' "$work/after.json" 2>/dev/null)
notes=$(jq '[.findings[] | select(.fixable | not)] | length' "$work/after.json" 2>/dev/null)
untouched=$(git -C "$tree" diff --name-only "$head_before" HEAD -- $(cut -f2 "$work/sites" | sort -u) | wc -l)
if [ "$rc" -le 1 ] && [ "${left:-x}" = 0 ] && [ "$untouched" -eq "$files_with" ]; then
	ok "${names[8]} (${notes} notes without a fix left; all $files_with site files changed)"
else
	not_ok "${names[8]}" "exit $rc, ${left:-?} fixable left, $untouched of $files_with site files changed" \
		"$(jq -r '.findings[] | select(.fixable) | "\(.rule) \(.file):\(.line)"' "$work/after.json" 2>/dev/null | head -n 10)"
fi

if build_sample make-after.log; then
	ok "${names[9]} ($(echo $sample | wc -w) objects)"
else
	not_ok "${names[9]}" "$BUILD_ERR" "$(grep -E 'error|Error' "$work/make-after.log" | head -n 8)"
fi

