#!/bin/bash
# What a series says, on copies of the corpus: no two patches share a
# subject (two MAINTAINERS sections in one directory get the next path
# component or stem), prefixes from the history where there is one and the
# cover letter's line on the guessed ones, and the prerequisite on a tree
# whose workqueue core is not yet non-reentrant (its kernel/workqueue.c
# still tests WQ_NON_REENTRANT): dbf2576e37da named in the cover letter,
# every patch and scan -v / JSON, and no unconditional "no behavior change".
# asan: yes
# timeout: 600
set -u
. "$TOP/tests/lib/git-home.sh" t-series-words "Corpus Tester" tester@example.org
git config --global init.defaultBranch master

# A git copy of the corpus; $2, when given, runs in it before the commit.
make_repo() {
	mkdir -p "$1" && cp -r "$TOP/corpus/." "$1/" &&
	(cd "$1" && find . -name '*.o' -o -name '.*.o.d' | xargs rm -f &&
	 eval "${2:-:}" && git init -q && git add -A && git commit -qm "Import the corpus")
}
# Each patch's subject, unfolded, without "[PATCH n/m] ".
subjects() {
	local p
	for p in "$1"/0[0-9][0-9][0-9]-*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		git mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p'
	done
}
series() { "$WQCHECK" series -q --cc=maintainers -o "$@" >/dev/null 2>"$T/err"; }
flat() { tr '\n' ' ' <"$1" | tr -s ' '; }
export -f flat

# --- the corpus as it is ---------------------------------------------------------
make_repo "$T/plain" || { not_ok "setup: a git copy of the corpus"; exit 0; }
series "$T/plain-out" "$T/plain"
subjects "$T/plain-out" >"$T/plain-subjects"
n=$(wc -l <"$T/plain-subjects")
check "corpus: $n patches, no two with the same subject" \
	test "$n" -gt 1 -a -z "$(sort "$T/plain-subjects" | uniq -d)"
check "corpus: the cover letter says all $n prefixes were guessed (no history)" \
	grep -q "Subject prefixes: all $n guessed from the" "$T/plain-out/0000-cover-letter.patch"
# (its WQ014 warnings of an item on system_long_wq and schedule_*()'s get
# the fix family's patches first: they change behaviour, the renames not)
nfix=$(grep -l '^This patch changes behavior:' "$T/plain-out"/0*.patch | wc -l)
check "corpus (a non-reentrant core): no prerequisite; the cover letter names the $nfix fixes that change behaviour, the renames do not" \
	bash -c "! grep -q Prerequisite '$T/plain-out/0000-cover-letter.patch' && [ $nfix -ge 1 ] &&
		[ \$(flat '$T/plain-out/0000-cover-letter.patch' | grep -o 'Patch [0-9]*/[0-9]* changes behavior: ' | wc -l) -eq $nfix ] &&
		flat '$T/plain-out/0000-cover-letter.patch' | grep -q 'The other patches rename only and do not change behavior'"
check "corpus: scan -v says the core is non-reentrant and why" \
	bash -c "'$WQCHECK' scan -v -q '$T/plain/drivers/scsi' 2>&1 >/dev/null |
		grep -q 'workqueue core is non-reentrant (kernel/workqueue.c no longer tests WQ_NON_REENTRANT)'"

# --- two sections in one directory: the subjects still differ -------------------
split_sections='printf "\nXYZ QUOTA\nM:\tQuinn Quota <quinn@example.org>\nS:\tMaintained\nF:\tfs/xyz/quota.c\n\nXYZ JOURNAL\nM:\tJo Journal <jo@example.org>\nS:\tMaintained\nF:\tfs/xyz/journal.c\n" >>MAINTAINERS'
make_repo "$T/split" "$split_sections" || { not_ok "setup: the split corpus"; exit 0; }
series "$T/split-out" "$T/split"
subjects "$T/split-out" >"$T/split-subjects"
check "two more sections in fs/xyz/: more patches, still no shared subject" \
	test "$(wc -l <"$T/split-subjects")" -gt "$n" -a -z "$(sort "$T/split-subjects" | uniq -d)"
check "…told apart by the files' stems: xyz: quota / xyz: super, xyz: journal / xyz: super" \
	bash -c "grep -qx 'xyz: quota: use system_wq instead of system_nrt_wq' '$T/split-subjects' &&
		grep -qx 'xyz: super: use system_wq instead of system_nrt_wq' '$T/split-subjects' &&
		grep -qx 'xyz: journal: WQ_NON_REENTRANT is meaningless and going away' '$T/split-subjects' &&
		grep -qx 'xyz: super: WQ_NON_REENTRANT is meaningless and going away' '$T/split-subjects'"
check "no 'treewide:' in a per-subsystem series" bash -c "! grep -q '^treewide:' '$T/split-subjects'"

# --- history: the prefix it uses, and the cover letter's count ----------------
(cd "$T/plain" && echo "/* tuned */" >>drivers/scsi/scx_scan.c &&
 git commit -qam "scsi: scx: tune the scan" && git checkout -q HEAD~1 -- drivers/scsi/scx_scan.c &&
 git commit -qm "scsi: scx: untune the scan")
series "$T/hist-out" "$T/plain"
subjects "$T/hist-out" >"$T/hist-subjects"
check "history: the prefix its subjects use (scsi: scx), the cover letter counts 1 from history" \
	bash -c "grep -q '^scsi: scx: use flush' '$T/hist-subjects' &&
		flat '$T/hist-out/0000-cover-letter.patch' | grep -q 'Subject prefixes: 1 from the files. git history, [0-9]* guessed'"

# --- a core that is not yet non-reentrant (3.6's) ------------------------------
reentrant_core='sed -i "0,/^}/s//}\n\nstatic bool wqx_reentrant(struct workqueue_struct *wq)\n{\n\treturn !(wq->flags \& WQ_NON_REENTRANT);\n}/" kernel/workqueue.c'
make_repo "$T/old" "$reentrant_core" || { not_ok "setup: the 3.6-like corpus"; exit 0; }
grep -q 'flags & WQ_NON_REENTRANT' "$T/old/kernel/workqueue.c" || { not_ok "setup: the core's test of the flag"; exit 0; }
series "$T/old-out" "$T/old"
cover=$T/old-out/0000-cover-letter.patch
check "3.6-like core: the cover letter names dbf2576e37da as the prerequisite, says why" \
	bash -c "flat '$cover' | grep -q 'Prerequisite: commit dbf2576e37da (\"workqueue: make all workqueues non-reentrant\")' &&
		flat '$cover' | grep -q 'kernel/workqueue.c still tests WQ_NON_REENTRANT'"
check "3.6-like core: no unconditional 'None of the patches changes behavior'" \
	bash -c "! flat '$cover' | grep -q 'None of the patches changes behavior'"
# WQ014's fix says one workqueue keeps the runs apart: not before dbf2576e37da
"$WQCHECK" series --cc=maintainers -o "$T/old-out2" "$T/old" >/dev/null 2>"$T/old.err"
check "3.6-like core: no WQ014 fix, and stderr says the workqueues are not yet non-reentrant" \
	bash -c "! grep -q '^This patch changes behavior:' '$T/old-out'/0*.patch &&
		grep -q 'WQ014 not fixed: the tree.s workqueues are not yet non-reentrant (dbf2576e37da)' '$T/old.err'"
nold=$(ls "$T/old-out" | grep -vc '^0000-')
check "3.6-like core: all $nold patches depend on dbf2576e37da, none claims no change outright" \
	bash -c "[ \$(grep -l 'This patch depends on commit dbf2576e37da' '$T/old-out'/0*.patch | wc -l) -eq $nold ] &&
		! grep -q \"^This patch doesn't introduce\" '$T/old-out'/0*.patch"
"$WQCHECK" scan -v -q "$T/old/drivers/scsi" >/dev/null 2>"$T/v"
check "3.6-like core: scan -v says it is not yet non-reentrant, names dbf2576e37da" \
	grep -q 'workqueue core is not yet non-reentrant (kernel/workqueue.c still tests WQ_NON_REENTRANT).*dbf2576e37da' "$T/v"
if command -v jq >/dev/null; then
	"$WQCHECK" scan -q --format=json "$T/old/drivers/scsi" >"$T/json"
	check "3.6-like core: JSON's era says core_non_reentrant false, prerequisite dbf2576e37da" \
		test "$(jq -r '[.era.core_non_reentrant, .era.prerequisite] | map(tostring) | join(" ")' "$T/json")" = "false dbf2576e37da"
else
	echo "skip - JSON era: jq not installed (make check installs it)"
fi
# validate's report on that tree: equal code proves the rename only.
"$WQCHECK" series -q --rules=WQ005 -o "$T/old-wq5" "$T/old/drivers/net" >/dev/null 2>&1
"$WQCHECK" validate --series "$T/old-wq5" "$T/old" >"$T/validate" 2>&1
check "3.6-like core: validate says equal code proves the rename, not the semantics" \
	grep -q '^note: the workqueue core is not yet non-reentrant .*equal code proves the rename, not the semantics.*dbf2576e37da' "$T/validate"
"$WQCHECK" series -q --rules=WQ005 -o "$T/plain-wq5" "$T/plain/drivers/net" >/dev/null 2>&1
"$WQCHECK" validate --series "$T/plain-wq5" "$T/plain" >"$T/validate-plain" 2>&1
check "a non-reentrant core: validate has no such note" \
	bash -c "tail -1 '$T/validate-plain' | grep -q 'patches applied' && ! grep -q 'proves the rename, not the semantics' '$T/validate-plain'"
check "no scratch directory left" test "$(ls "${TMPDIR:-/tmp}" | grep -c '^wqcheck-')" -eq 0
. "$TOP/tests/lib/series-truth.sh"
series_truth "$T" series-words
