#!/bin/bash
# slow: yes
# timeout: 600
# wqcheck series on the 6.1 legacy fixture (tests/real/legacy-fixture.sh: a
# real 6.1 tree with the 3.7-era API brought back at real call sites): the
# series applies with git am on the fixture's HEAD and the result rescans
# clean; the fixture itself is untouched.
set -u
T=$(mktemp -d "${TMPDIR:-/tmp}/t-series-legacy.XXXXXX")
FIX=
cleanup() {
	if [ -n "$FIX" ] && [ -d "$T/am" ]; then
		git -C "$FIX" worktree remove --force "$T/am" >/dev/null 2>&1
		git -C "$FIX" worktree prune >/dev/null 2>&1
	fi
	rm -rf "$T"
}
trap cleanup EXIT
ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }

if ! FIX=$("$TOP/tests/real/legacy-fixture.sh" 2>"$T/fixture.err"); then
	echo "skip - series-legacy: fixture: $(tail -1 "$T/fixture.err")"
	FIX=
	exit 0
fi
manifest=$FIX/wqcheck-legacy-manifest.tsv
# Other suites use the fixture at the same time: only what this one could
# change is compared (refs, HEAD, worktrees of ours; then the files the
# series touches against HEAD: a status of the whole shared tree once
# differed for a moment while others copied and built it).
state() { git -C "$FIX" for-each-ref; git -C "$FIX" rev-parse HEAD; git -C "$FIX" worktree list --porcelain | grep -F "$T"; }
before=$(state)
base=$(git -C "$FIX" rev-parse HEAD)

export TMPDIR=$T
start=$(date +%s)
"$WQCHECK" series -q -o "$T/out" --from="Legacy Tester <legacy@example.org>" "$FIX" \
	>"$T/files" 2>"$T/err"
rc=$?
n=$(grep -c -v '/0000-cover-letter.patch$' "$T/files")
check "series-legacy: written (exit 0) in $(( $(date +%s) - start ))s, $n patches" \
	test $rc -eq 0 -a "$n" -gt 0
[ $rc -eq 0 ] || sed 's/^/    /' "$T/err" | head -5
touched=$(cat "$T"/out/0*.patch 2>/dev/null | sed -n 's|^diff --git a/\([^ ]*\) b/\([^ ]*\)$|\1\n\2|p' | sort -u)
# shellcheck disable=SC2086
check "series-legacy: the fixture is untouched (the series' files against HEAD, refs, worktrees)" \
	eval 'test "$before" = "$(state)" && [ -n "$touched" ] &&
		git -C "$FIX" diff --quiet HEAD -- $touched && git -C "$FIX" diff --cached --quiet HEAD -- $touched'
check "series-legacy: no scratch directory left" \
	test -z "$(ls "$T" | grep '^wqcheck-')"
cc_lines() { grep -h '^Cc: ' "$1"/0*.patch; }
check "series-legacy: Cc from the tree's get_maintainer.pl: every patch has some" \
	test "$(grep -L '^Cc: ' "$T"/out/00*.patch | grep -vc 0000-cover)" -eq 0
"$WQCHECK" series -q --cc=maintainers -o "$T/out-m" --from="Legacy Tester <legacy@example.org>" \
	"$FIX" >/dev/null 2>&1
check "series-legacy: --cc=maintainers (MAINTAINERS and .mailmap read here) gives the script's Cc lines, patch by patch" \
	test "$(cc_lines "$T/out")" = "$(cc_lines "$T/out-m")" -a -n "$(cc_lines "$T/out")"
check "series-legacy: cover letter's base-commit is the fixture's HEAD" \
	grep -q "^base-commit: $base\$" "$T/out/0000-cover-letter.patch"
converted=$(sed -n 's/^  total  *//p' "$T/out/0000-cover-letter.patch" | tr -s ' ' '\n' |
	awk '{ s += $1 } END { print s + 0 }')
check "series-legacy: the cover letter counts every legacy use of the manifest ($(wc -l <"$manifest"))" \
	test "$converted" -eq "$(wc -l <"$manifest")"

# git am in a worktree of the fixture that has only the files the series
# touches and what a rescan needs to see a kernel tree checked out (the
# index has them all). Not "git sparse-checkout": that changes the
# fixture's config.
files=$(cat "$T"/out/0*.patch | sed -n 's|^+++ b/||p' | sort -u)
git -C "$FIX" worktree add -q --no-checkout --detach "$T/am" "$base" 2>/dev/null
git -C "$T/am" read-tree "$base"
git -C "$T/am" ls-files -- ':(glob)*' include/linux/ $files | git -C "$T/am" checkout-index -f --stdin
am_ok=1
for p in $(grep -v '/0000-cover-letter.patch$' "$T/files"); do
	if ! git -C "$T/am" -c user.name=t -c user.email=t@t am -q "$p" >"$T/am.err" 2>&1; then
		am_ok=0
		not_ok "series-legacy: git am applies $(basename "$p")" "$(head -3 "$T/am.err")"
		break
	fi
done
[ $am_ok = 1 ] && ok "series-legacy: git am applies all $n patches on the fixture's HEAD"
"$WQCHECK" scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 $(printf "$T/am/%s " $files) \
	>"$T/rescan" 2>/dev/null
left=$(grep ': warning: ' "$T/rescan" | grep -v -e '^include/linux/workqueue\.h:' \
	-e '^kernel/workqueue\.c:')
check "series-legacy: rescanning the patched files finds nothing" test -z "$left"
[ -n "$left" ] && echo "$left" | head -5 | sed 's/^/    /'
renamed=$(grep -L '^This patch changes behavior:' "$T"/out/0*.patch | grep -v 0000-cover |
	xargs cat | sed -n 's|^+++ b/||p' | sort -u)
check "series-legacy: the renames touch exactly the manifest's files" \
	test "$(echo "$renamed")" = "$(cut -f2 "$manifest" | sort -u)"
# The fix family's patches come first: on 6.1 the one WQ015 with a place to
# set its item up once, virtio_scsi's (upstream moved it after v7.0), and
# two WQ014 items on two system workqueues of one context whose other
# queueings already say which: smc_llc's event work, schedule_work() at
# line 330 beside system_highpri_wq at 2068, goes to system_highpri_wq;
# rt5651's jack work, on system_power_efficient_wq twice (its IRQ and
# enable_jack_detect) and system_long_wq once (its own requeue), goes to
# system_power_efficient_wq. (Their objects are not in the fixture's
# configuration: t-validate-real builds them with validate
# --enable-touched.) No WQ014 fix for qcom-cpufreq-hw's two workqueues,
# which cannot overlap (its IRQ stays off until the work's last statement;
# tests/real/reentry-strict-6.19.txt), nor for those the renames of
# system_nrt_wq put on one workqueue.
fixes=$(grep -l '^This patch changes behavior:' "$T"/out/0*.patch | grep -v 0000-cover)
fixed=$(cat $fixes /dev/null | sed -n 's|^+++ b/||p' | sort | tr '\n' ' ')
numbers=$(echo "$fixes" | sed 's|.*/||; s|-.*||' | tr '\n' ' ')
check "series-legacy: the fixes come first: virtio_scsi's INIT_WORK in virtscsi_probe(), smc_llc's and rt5651's items each on one workqueue" \
	test "$fixed|$numbers" = "drivers/scsi/virtio_scsi.c net/smc/smc_llc.c sound/soc/codecs/rt5651.c |0001 0002 0003 "
smc=$(grep -l '^+++ b/net/smc/smc_llc.c$' $fixes /dev/null)
rt=$(grep -l '^+++ b/sound/soc/codecs/rt5651.c$' $fixes /dev/null)
flat() { tr '\n' ' ' <"$1" | tr -s ' '; }
export -f flat
check "series-legacy: smc_llc's fix turns the schedule_work() of smc_llc_flow_stop() into queue_work(system_highpri_wq, ...), and its log names both queueings" \
	bash -c "grep -q '^-		schedule_work(&lgr->llc_event_work);' '$smc' &&
		grep -q '^+		queue_work(system_highpri_wq, &lgr->llc_event_work);' '$smc' &&
		[ \$(grep -c '^[-+]	' '$smc') -eq 2 ] &&
		flat '$smc' | grep -q 'on system_highpri_wq at line 2068 (smc_llc_enqueue()); on system_wq, with schedule_\*(), at line 330 (smc_llc_flow_stop())\.' &&
		flat '$smc' | grep -q 'go to system_highpri_wq instead of system_wq, and run at high priority'"
check "series-legacy: rt5651's fix moves its requeue from system_long_wq to system_power_efficient_wq, and its log counts the queueings" \
	bash -c "grep -q '^-		queue_work(system_long_wq, &rt5651->jack_detect_work);' '$rt' &&
		grep -q '^+		queue_work(system_power_efficient_wq, &rt5651->jack_detect_work);' '$rt' &&
		[ \$(grep -c '^[-+]	' '$rt') -eq 2 ] &&
		flat '$rt' | grep -q 'on system_power_efficient_wq at lines 1843 (rt5651_irq()) and 1965 (rt5651_enable_jack_detect()); on system_long_wq at line 1835 (rt5651_jack_detect_work())\.' &&
		flat '$rt' | grep -q 'the workqueue 2 of its 3 queueings name, where its work function already runs'"
git -C "$FIX" worktree remove --force "$T/am" >/dev/null 2>&1
git -C "$FIX" worktree prune >/dev/null 2>&1
check "series-legacy: after git am in a worktree of it, the fixture is as it was" \
	test "$before" = "$(state)"
. "$TOP/tests/lib/series-truth.sh"
series_truth "$T" series-legacy
exit 0
