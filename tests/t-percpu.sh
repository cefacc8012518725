#!/bin/bash
# The 6.17 migration (WQ020-WQ022) end to end on corpus/6.17, a 6.17-era
# tree of our own, copied into a scratch git repository: the era comes from
# the tree's workqueue.h (and gates the rules both ways), the default series
# is the 6.17 one in upstream's words, applies with git am and leaves no
# fixable site, and check-patch fails a patch that adds an old name.
# asan: yes
set -u
: "${WQCHECK:?}" "${TOP:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/t-percpu.XXXXXX")
trap 'rm -rf "$T"' EXIT
export TMPDIR=$T/tmp HOME=$T/home GIT_CONFIG_NOSYSTEM=1
mkdir -p "$TMPDIR" "$HOME"
G() { git -c user.name=t -c user.email=t@invalid -c commit.gpgsign=false "$@"; }
ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }
command -v jq >/dev/null || { echo "skip - percpu: jq not installed"; exit 0; }

tree=$T/tree
mkdir -p "$T/src"
git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$T/src"
mv "$T/src/corpus/6.17" "$tree"
(cd "$tree" && git init -q && G add -A && G commit -q -m "6.17 corpus")
base=$(git -C "$tree" rev-parse HEAD)

# --- the era, from the tree itself -------------------------------------------
"$WQCHECK" scan -q --format=json "$tree" >"$T/scan.json" 2>"$T/scan.err"
rc=$?
check "percpu: scan of the 6.17 tree finds the uses (exit 1)" test $rc -eq 1
check "percpu: JSON says the era came from include/linux/workqueue.h" \
	test "$(jq -r '.era.name + " " + .era.source' "$T/scan.json")" = "6.17+ include/linux/workqueue.h"
check "percpu: the era knows what schedule_work() queues on" \
	test "$(jq -r '.era.schedule_work_queues_on' "$T/scan.json")" = system_percpu_wq
# (the non-reentrance rules, WQ013-WQ015, hold in every era since 3.7)
# (and WQ023, the flags alloc_workqueue() refuses, which the 6.17 corpus has)
check "percpu: only WQ020-WQ023 (and WQ013-WQ015) fire on a 6.17 tree" \
	test -z "$(jq -r '.findings[].rule' "$T/scan.json" | grep -v '^WQ0\(2[0123]\|1[345]\)$')"
check "percpu: the workqueue core's own uses are not findings" \
	test -z "$(jq -r '.findings[].file' "$T/scan.json" | grep -E '^(kernel/workqueue.c|include/linux/workqueue.h)$')"
"$WQCHECK" scan -q -v "$tree" >/dev/null 2>"$T/v.err"
check "percpu: -v says the era, from where, and which rules are off and why" bash -c "
	grep -q '^wqcheck: era 6.17+, from include/linux/workqueue.h, which declares .*system_percpu_wq' '$T/v.err' &&
	grep -q '^wqcheck: rules for it: .*WQ020 WQ021 WQ022 WQ023; off: WQ001 (retired: the tree has system_percpu_wq)' '$T/v.err'"
"$WQCHECK" scan -q -v "$T/src/corpus" >/dev/null 2>"$T/v-legacy.err"
check "percpu: -v on a legacy tree: WQ020-WQ022 off, the names they need missing" \
	grep -q '^wqcheck: rules for it: WQ001 .*off: WQ020 (the tree lacks system_percpu_wq) WQ021 (the tree lacks system_dfl_wq) WQ022 (the tree lacks WQ_PERCPU)$' "$T/v-legacy.err"
n20=$(jq '[.findings[] | select(.rule == "WQ020")] | length' "$T/scan.json")
n21=$(jq '[.findings[] | select(.rule == "WQ021")] | length' "$T/scan.json")
n22=$(jq '[.findings[] | select(.rule == "WQ022" and .fixable)] | length' "$T/scan.json")
check "percpu: WQ020, WQ021 and fixable WQ022 all found (got $n20, $n21, $n22)" \
	test "$n20" -gt 0 -a "$n21" -gt 0 -a "$n22" -gt 0

# The same 6.17 sources under the legacy corpus's 3.6-era header: no WQ02x.
legacy=$T/legacy
mkdir -p "$legacy"
git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$legacy"
cp "$tree/drivers/percpu/"*.c "$legacy/corpus/drivers/misc/"
"$WQCHECK" scan -q --format=json --rules=WQ020,WQ021,WQ022 "$legacy/corpus/drivers/misc" >"$T/legacy.json" 2>/dev/null
check "percpu: a tree without system_percpu_wq gets no WQ020-WQ022 (no fix that would not compile)" \
	test "$(jq '.findings | length' "$T/legacy.json")" = 0
# ... and without any workqueue.h, the built-in table: every rule.
rm "$legacy/corpus/include/linux/workqueue.h"
"$WQCHECK" scan -q --format=json --rules=WQ020 "$legacy/corpus/drivers/misc" >"$T/none.json" 2>/dev/null
check "percpu: a tree without workqueue.h falls back to the built-in table, and says so" \
	bash -c "[ \"\$(jq -r .era.from_header '$T/none.json')\" = false ] &&
		 jq -r .era.source '$T/none.json' | grep -q 'built-in' &&
		 [ \"\$(jq '.findings | length' '$T/none.json')\" -gt 0 ]"

# ... an unreadable one (a directory where the header should be): the same,
# with the reason, and no crash.
mkdir "$legacy/corpus/include/linux/workqueue.h"
"$WQCHECK" scan -q --format=json --rules=WQ020 "$legacy/corpus/drivers/misc" >"$T/dir.json" 2>"$T/dir.err"
rc=$?
check "percpu: an unreadable workqueue.h: the built-in table, the reason in JSON, exit 1 (findings)" \
	bash -c "[ $rc -eq 1 ] && [ \"\$(jq -r .era.from_header '$T/dir.json')\" = false ] &&
		 [ -n \"\$(jq -r .era.source '$T/dir.json')\" ]"
rmdir "$legacy/corpus/include/linux/workqueue.h"

# A future tree whose header no longer has system_wq: its leftover users are
# still WQ020, with the fix to the name that stays.
future=$T/future
cp -r "$tree" "$future"
sed -i '/system_wq\b/d' "$future/include/linux/workqueue.h"
grep -qw system_wq "$future/include/linux/workqueue.h" && echo "# (header still names system_wq)"
"$WQCHECK" scan -q --format=json --rules=WQ020 "$future" >"$T/future.json" 2>"$T/future.err"
rc=$?
check "percpu: a tree where system_wq is gone: era 6.17+, its leftover users still WQ020 with a fix, exit 1" \
	bash -c "[ $rc -eq 1 ] && [ \"\$(jq -r .era.name '$T/future.json')\" = 6.17+ ] &&
		 [ \"\$(jq '[.findings[] | select(.fixable)] | length' '$T/future.json')\" -gt 0 ] &&
		 ! jq -r '.era.names[]' '$T/future.json' | grep -qx system_wq"
check "percpu: ... and the tree is untouched" \
	bash -c "diff -r -q '$tree/drivers' '$future/drivers' >/dev/null"

# --- the series ----------------------------------------------------------------
"$WQCHECK" series -q --from="T <t@invalid>" --cc=maintainers -o "$T/out" "$tree" >/dev/null 2>"$T/series.err"
rc=$?
check "percpu: the default series on a 6.17 tree (exit 0)" test $rc -eq 0
# Subject: lines unfolded (format-patch folds long ones)
subjects=$(cat "$T/out"/0*.patch 2>/dev/null |
	perl -0ne 'while (/^Subject: (.*(?:\n .*)*)/mg) { ($s = $1) =~ s/\n / /g; print "$s\n" }' |
	sed 's/^\[PATCH [0-9/]*\] //')
check "percpu: the fixes first (ev_kick.c's INIT_WORK, two_pool.c's poll item, two_sys_bh.c's cover item), then subjects in upstream's words, one per API" test "$subjects" = "workqueue: move users to system_percpu_wq, system_dfl_wq and WQ_PERCPU
reentry: move INIT_WORK() of node->work to ev_probe()
reentry: queue d->poll_work on system_long_wq only
reentry: queue s->cover_work on system_bh_wq only
percpu: replace use of system_wq with system_percpu_wq
percpu: replace use of system_unbound_wq with system_dfl_wq
percpu: add WQ_PERCPU to alloc_workqueue users"
check "percpu: the commit message says why (the 6.17 commit)" \
	grep -q '930c2ea566af' "$T/out"/0*-percpu-add-WQ_PERCPU-to-alloc_workqueue-users.patch
check "percpu: Cc from MAINTAINERS" \
	grep -q '^Cc: Pat Percpu <pat@example.org>' "$T/out"/0*-percpu-replace-use-of-system_wq-with-system_percpu_w.patch
check "percpu: the tree is untouched by series" \
	test "$(git -C "$tree" rev-parse HEAD) $(git -C "$tree" status --porcelain)" = "$base "
G -C "$tree" am -q $(ls "$T/out"/*.patch | grep -v cover-letter) 2>"$T/am.err"
check "percpu: git am applies the series in order" test $? -eq 0
"$WQCHECK" scan -q --format=json "$tree" >"$T/after.json" 2>/dev/null
check "percpu: after the series a rescan finds no fixable site" \
	test "$(jq '[.findings[] | select(.fixable)] | length' "$T/after.json")" = 0
check "percpu: what is left of the migration is the note without a fix" \
	test "$(jq -r '[.findings[] | select(.rule | test("^WQ02[012]$")) | .rule + " " + .severity] | unique | join(",")' "$T/after.json")" = "WQ022 note"
check "percpu: no converted line is longer than 80 columns" \
	bash -c "! git -C '$tree' diff '$base' | grep '^+[^+]' | expand | cut -c2- | grep -q '.\{81\}'"

check "percpu: the default series is behaviour-preserving: system_wq users stay per-CPU, no WQ_UNBOUND added" \
	bash -c "grep -q 'queue_work(system_percpu_wq, &s->pack_work)' '$tree/drivers/percpu/unbound_choice.c' &&
		 ! git -C '$tree' diff '$base' | grep '^+' | grep -q 'WQ_UNBOUND'"

# --- --prefer-unbound: unbound only where proved -------------------------------
pu=$T/pu
git clone -q "$tree" "$pu" && git -C "$pu" reset -q --hard "$base"
"$WQCHECK" series -q --prefer-unbound --cc=maintainers --from="T <t@invalid>" -o "$T/pu-out" "$pu" >/dev/null 2>"$T/pu.err"
rc=$?
check "percpu: series --prefer-unbound (exit 0)" test $rc -eq 0
G -C "$pu" am -q $(ls "$T/pu-out"/*.patch | grep -v cover-letter) 2>"$T/pu-am.err"
check "percpu: --prefer-unbound: the series applies with git am" test $? -eq 0
f=$pu/drivers/percpu/unbound_choice.c
check "percpu: --prefer-unbound: work that reads no CPU moves to system_dfl_wq / WQ_UNBOUND" \
	bash -c "grep -q 'queue_work(system_dfl_wq, &s->pack_work)' '$f' &&
		 grep -q 'alloc_workqueue(\"unb\", WQ_MEM_RECLAIM | WQ_UNBOUND' '$f'"
check "percpu: --prefer-unbound: a CPU read (direct, two calls deep, through an ops table) keeps it per-CPU" \
	bash -c "grep -q 'queue_work(system_percpu_wq, &s->tick_work)' '$f' &&
		 grep -q 'queue_work(system_percpu_wq, &s->deep_work)' '$f' &&
		 grep -q 'queue_work(system_percpu_wq, &s->sample_work)' '$f' &&
		 grep -q 'alloc_workqueue(\"unb_tick\", WQ_PERCPU' '$f'"
check "percpu: --prefer-unbound: an item also queued on a chosen CPU, a BH workqueue, or the per-CPU branch of a choice stays per-CPU" \
	bash -c "grep -q 'queue_work(system_percpu_wq, &s->spread_work)' '$f' &&
		 grep -q 'alloc_workqueue(\"unb_bh\", WQ_BH | WQ_PERCPU' '$f' &&
		 grep -q 'WQ_CPU_INTENSIVE | WQ_PERCPU, 1);' '$f'"
check "percpu: --prefer-unbound: the commit log says what was checked and where" \
	bash -c "grep -q 'none is queued on a chosen CPU' '$T/pu-out'/0*-percpu-replace-use-of-system_wq-*.patch &&
		 grep -q '^  drivers/percpu/unbound_choice.c:[0-9]*: system_dfl_wq' '$T/pu-out'/0*-percpu-replace-use-of-system_wq-*.patch &&
		 grep -q '^  drivers/percpu/unbound_choice.c:[0-9]*: WQ_UNBOUND' '$T/pu-out'/0*-percpu-add-WQ_PERCPU-*.patch"
"$WQCHECK" scan -q --format=json "$pu" >"$T/pu-after.json" 2>/dev/null
check "percpu: --prefer-unbound: a rescan finds no fixable site" \
	test "$(jq '[.findings[] | select(.fixable)] | length' "$T/pu-after.json")" = 0

# --- one answer per site: the audit's advice and the series' conversion ------
# Where the audit advises system_dfl_wq / WQ_UNBOUND at a pending site the
# default series keeps per-CPU, the audit says so and how to get the
# unbound form, and the default series' cover letter says the same from its
# side; --prefer-unbound's series writes it (checked above: pack_work).
ua=$T/ua
git clone -q "$tree" "$ua" && git -C "$ua" reset -q --hard "$base"
"$WQCHECK" audit --format=json "$ua" >"$T/audit.json" 2>/dev/null
"$WQCHECK" audit "$ua" >"$T/audit.md" 2>/dev/null
differs=$(jq '[.subsystems[].callers[] | select(.migration.series != null)] | length' "$T/audit.json")
expected=$(jq '[.subsystems[].callers[] | select(.migration_status == "pending" and
	((.rule == "WQ020" and .migration.advice == "system_dfl_wq") or
	 (.rule == "WQ022" and .migration.advice == "WQ_UNBOUND")))] | length' "$T/audit.json")
check "percpu: audit: the $differs pending sites advised unbound, and only they, say what the series writes ($expected expected)" \
	test "$differs" -gt 0 -a "$differs" = "$expected"
check "percpu: audit: pack_work's row says the series keeps it per-CPU and --prefer-unbound moves it" \
	bash -c "jq -r '.subsystems[].callers[] | select(.file == \"drivers/percpu/unbound_choice.c\" and .line == 118) |
		.migration.series' '$T/audit.json' | grep -q 'keeps it per-CPU (system_percpu_wq.*--prefer-unbound writes system_dfl_wq' &&
		grep -q 'unbound_choice.c:118 .*system_dfl_wq (pending); series: per-CPU, --prefer-unbound: unbound where proved' '$T/audit.md' &&
		tr '\n' ' ' <'$T/audit.md' | grep -q \"$differs pending sites advised system_dfl_wq or WQ_UNBOUND here\""
check "percpu: the default series' cover letter says where the audit differs and how to get its answer" \
	bash -c "tr '\n' ' ' <'$T/out/0000-cover-letter.patch' | tr -s ' ' |
		grep -q 'stays per-CPU (system_percpu_wq, WQ_PERCPU), as today. Where its work reads no CPU, wqcheck audit advises system_dfl_wq or WQ_UNBOUND instead; wqcheck series --prefer-unbound writes those' &&
		! tr '\n' ' ' <'$T/pu-out/0000-cover-letter.patch' | grep -q 'wqcheck audit advises'"

# --- check-patch: a patch adding an old name fails, with the replacement ------
cat >"$tree/drivers/percpu/newcode.c" <<'EOF'
#include <linux/workqueue.h>

static struct workqueue_struct *new_wq;

void newcode_init(struct work_struct *w)
{
	new_wq = alloc_workqueue("newcode", WQ_MEM_RECLAIM, 0);
	queue_work(system_wq, w);
	queue_work(system_unbound_wq, w);
}
EOF
(cd "$tree" && G add drivers/percpu/newcode.c && G commit -q -m "percpu: new code" &&
 G format-patch -q -1 -o "$T/new" && G reset -q --hard HEAD~1)
"$WQCHECK" check-patch --tree="$tree" "$T/new"/*.patch >"$T/cp.text" 2>&1
rc=$?
# the text wraps a finding's explanation as notes: its whole message, from
# JSON, one line a finding with the line of code it is on
"$WQCHECK" check-patch --tree="$tree" --format=json "$T/new"/*.patch 2>/dev/null |
	python3 -c 'import json, sys
for f in json.load(sys.stdin)["findings"]:
    print(f["rule"], f["line_text"] if "line_text" in f else "", f["message"])' >"$T/cp.out"
check "percpu: check-patch fails a patch that adds the old names (exit 1)" test $rc -eq 1
for r in "WQ020.*system_percpu_wq" "WQ021.*system_dfl_wq" "WQ022.*WQ_PERCPU"; do
	check "percpu: check-patch names the replacement: $r" \
		bash -c "grep -E 'system_wq|system_unbound_wq|alloc_workqueue' '$T/cp.out' | grep -q '${r%%.*}' &&
			 grep '${r%%.*}' '$T/cp.out' | grep -q '${r#*.\*}'"
done
ls "$TMPDIR" | grep -q . && not_ok "percpu: no scratch directory left" "$(ls "$TMPDIR")" ||
	ok "percpu: no scratch directory left"
. "$TOP/tests/lib/series-truth.sh"
series_truth "$T" percpu
