#!/bin/bash
# The fixes a series writes for what breaks the non-reentrance conditions,
# and their Fixes: tags from git's own line history. On corpus/6.17 with a
# history in which one commit split &d->poll_work across two workqueues
# (its mod_delayed_work(system_wq, ...) beside the work's own
# schedule_delayed_work()): the patch that puts it back on one names that
# commit as 'Fixes: <12 hex> ("subject")', says which two queueings could
# overlap, and the patched tree has no WQ014 for the item. The same tree
# imported in one commit, or not a git checkout, gets no Fixes: (no guess).
# And corpus/6.17's ev_kick.c, whose event work re-initialises itself
# through the kick it calls (virtio_scsi's shape): the first patch moves
# the INIT_WORK into ev_probe(), for every element of the array, with the
# Fixes: tag of the commit that put it in ev_kick(); the object builds with
# no new warning, the patched tree has no WQ015 there; nc_kick.c, which no
# teardown cancels, gets no patch and the reason on stderr. two_pool.c's
# poll item, on system_long_wq and schedule_*()'s: its schedule_*() call
# becomes queue_delayed_work(system_long_wq, ...), with the Fixes: of the
# commit that split it; its sampler (system_dfl_wq: unbound) is not fixed.
# two_sys_bh.c's cover item, on system_bh_wq twice and system_bh_highpri_wq
# once: that one moves to system_bh_wq; its card item, once on each of two
# per-CPU workqueues, is not fixed.
# The same file with the notifier's queueing a schedule_work(): it becomes
# queue_work(system_bh_wq, ...), and the log says that run is now in
# softirq context.
# validate passes both fixes and fails one whose log stops naming a
# function it changes.
# asan: yes
# timeout: 300
set -u
: "${WQCHECK:?}" "${TOP:?}"
. "$TOP/tests/lib/git-home.sh" t-series-fixes "Fix Tester" fix@example.org
series() { "$WQCHECK" series -q --cc=maintainers -o "$@" >/dev/null 2>"$T/err"; }
f=drivers/percpu/unbound_item.c
kick='	mod_delayed_work(system_wq, \&d->poll_work, 0);'

# --- history: the import, an unrelated change, the commit that split it ----
h=$T/hist
mkdir -p "$h" && cp -r "$TOP/corpus/6.17/." "$h/"
grep -q "^${kick//\\/}\$" "$h/$f" || { not_ok "setup: $f kicks the poll on system_wq"; exit 0; }
(cd "$h" && sed -i "s/^${kick//\\/}\$/\tcancel_delayed_work(\&d->poll_work);/" "$f" &&
 git init -q && git add -A && git commit -qm "Import the tree" &&
 echo "/* polled */" >>"$f" && git commit -qam "percpu: unbound_item: say it is polled" &&
 sed -i "s/^\tcancel_delayed_work(&d->poll_work);\$/$kick/" "$f" &&
 git commit -qam "percpu: unbound_item: kick the poll at once") ||
	{ not_ok "setup: the history"; exit 0; }
split=$(git -C "$h" log -1 --format='%h ("%s")' --abbrev=12)
series "$T/hist-out" "$h"
p=$(grep -l 'This is also a fix' "$T/hist-out"/0*.patch)
check "history: one patch fixes the split item, and names the split commit: Fixes: $split" \
	test "$(echo "$p" | grep -c .)" -eq 1 -a "$(grep -c "^Fixes: $split\$" $p)" -eq 1
check "history: Fixes: sits in the trailers, right above Signed-off-by" \
	bash -c "grep -A1 '^Fixes: ' '$p' | tail -1 | grep -q '^Signed-off-by: '"
check "history: no other patch has a Fixes:" \
	test "$(grep -l '^Fixes: ' "$T/hist-out"/0*.patch | wc -l)" -eq 1
check "history: the log says which two queueings of which item could overlap" \
	grep -q "^  $f:38: &d->poll_work on system_wq; line 26: on system_percpu_wq, with schedule_\*()\$" $p
check "history: the fix says it changes behaviour, never that it does not" \
	bash -c "grep -q '^This patch changes behavior:' '$p' && ! grep -q \"doesn't introduce\" '$p'"
git -C "$h" am -q "$T/hist-out"/0[0-9][0-9][1-9]-*.patch 2>"$T/am.err"
check "history: the series applies with git am" test $? -eq 0
"$WQCHECK" scan -q --rules=WQ014 "$h" >"$T/after" 2>&1
check "history: the patched tree has no WQ014 for &d->poll_work" \
	bash -c "! grep -q 'poll_work.*WQ014' '$T/after'"

# --- no history: no Fixes:, no guess -----------------------------------------
n=$T/flat
mkdir -p "$n" && cp -r "$TOP/corpus/6.17/." "$n/"
(cd "$n" && git init -q && git add -A && git commit -qm "Import the tree")
series "$T/flat-out" "$n"
check "one import commit: the fix is written, with no Fixes:" \
	test -n "$(grep -l 'This is also a fix' "$T/flat-out"/0*.patch)" -a \
	-z "$(grep -l '^Fixes: ' "$T/flat-out"/0*.patch)"
rm -rf "$n/.git"
series "$T/nogit-out" "$n"
check "not a git checkout: no Fixes:" \
	test -n "$(ls "$T/nogit-out"/0001-*.patch 2>/dev/null)" -a -z "$(grep -l '^Fixes: ' "$T/nogit-out"/0*.patch)"
# --- WQ015: the INIT_WORK moved out of the live path --------------------------
r=$T/reinit
ev=drivers/reentry/ev_kick.c
mkdir -p "$r" && cp -r "$TOP/corpus/6.17/." "$r/"
init='	INIT_WORK(\&node->work, ev_handle);'
grep -q "^${init//\\/}\$" "$r/$ev" || { not_ok "setup: $ev initialises the work in ev_kick()"; exit 0; }
# the import initialises the items in probe; a later commit moves that into the kick
(cd "$r" && cp "$ev" "$T/ev.c" &&
 sed -i "/^${init//\\/}\$/d" "$ev" &&
 sed -i "s/^\thost->nr = EV_LEN;\$/&\n\tfor (int i = 0; i < EV_LEN; i++)\n\t\tINIT_WORK(\&host->list[i].work, ev_handle);/" "$ev" &&
 git init -q && git add -A && git commit -qm "Import the tree" &&
 cp "$T/ev.c" "$ev" && git commit -qam "reentry: ev_kick: initialise the work where it is kicked") ||
	{ not_ok "setup: the history of ev_kick.c"; exit 0; }
moved=$(git -C "$r" log -1 --format='%h ("%s")' --abbrev=12)
(cd "$r" && make -s "${ev%.c}.o" >"$T/build-before" 2>&1) || { not_ok "setup: $ev builds"; exit 0; }
"$WQCHECK" series --cc=maintainers -o "$T/reinit-out" "$r" >/dev/null 2>"$T/reinit.err"
p1=$(ls "$T/reinit-out"/0001-*.patch)
check "WQ015: the first patch, before the renames, moves INIT_WORK() of node->work to ev_probe()" \
	bash -c "grep -q '^Subject: \[PATCH 1/[0-9]*\] reentry: move INIT_WORK() of node->work to ev_probe()' '$p1' &&
		grep -q '^-	INIT_WORK(&node->work, ev_handle);' '$p1' &&
		grep -q '^+	for (int i = 0; i < EV_LEN; i++)' '$p1' &&
		grep -q '^+		INIT_WORK(&host->list\[i\].work, ev_handle);' '$p1'"
check "WQ015: its log says what breaks the condition and what changes, and names the teardown" \
	bash -c "tr '\n' ' ' <'$p1' | tr -s ' ' | grep -q 'ev_handle(), the item.s own work function, calls it: the item is re-initialised while it runs' &&
		tr '\n' ' ' <'$p1' | tr -s ' ' | grep -q 'ev_cancel_all() cancels them in teardown' &&
		tr '\n' ' ' <'$p1' | tr -s ' ' | grep -q 'INIT_WORK() clears the item.s data, which names the pool the item is running in, so a queueing after it is not sent to that pool and a second run may start on another CPU before this one has returned' &&
		grep -q '^This patch changes behavior: node->work is initialised once' '$p1'"
check "WQ015: Fixes: names the commit that put the INIT_WORK in ev_kick(): $moved" \
	grep -q "^Fixes: $moved\$" "$p1"
check "WQ015: the cover letter says the first patches are fixes and this one changes behaviour" \
	bash -c "tr '\n' ' ' <'$T/reinit-out/0000-cover-letter.patch' | tr -s ' ' |
		grep -q 'The first patches fix work items that break a non-reentrance condition (one re-initialised while it may be pending or running, or one queued on two workqueues); the renames follow.*Patch 1/[0-9]* changes behavior: node->work is initialised once, in ev_probe()'"
check "WQ015: nc_kick.c, which nothing cancels, gets no patch and the reason on stderr" \
	bash -c "! grep -q 'nc_kick' '$T/reinit-out'/0*.patch &&
		grep -q '^wqcheck: drivers/reentry/nc_kick.c:[0-9]*: WQ015 not fixed: nothing in the file cancels the items' '$T/reinit.err'"
git -C "$r" am -q "$p1" 2>"$T/am2.err"
check "WQ015: the fix applies with git am" test $? -eq 0
(cd "$r" && make -s "${ev%.c}.o" >"$T/build-after" 2>&1)
check "WQ015: the fixed object builds, with no more compiler output than before" \
	test $? -eq 0 -a "$(wc -l <"$T/build-after")" -le "$(wc -l <"$T/build-before")"
"$WQCHECK" scan -q --rules=WQ015 "$r" >"$T/after15" 2>&1
check "WQ015: the patched tree has no WQ015 in ev_kick.c (nc_kick.c's is left)" \
	bash -c "! grep -q '^$ev:.*WQ015' '$T/after15' && grep -q '^drivers/reentry/nc_kick.c:.*WQ015' '$T/after15'"

# --- WQ014: an item on system_long_wq and schedule_*()'s, put on one ---------
w=$T/twowq
tp=drivers/reentry/two_pool.c
mkdir -p "$w" && cp -r "$TOP/corpus/6.17/." "$w/"
long='	queue_delayed_work(system_long_wq, \&d->poll_work, 0);'
grep -q "^${long//\\/}\$" "$w/$tp" || { not_ok "setup: $tp kicks the poll on system_long_wq"; exit 0; }
(cd "$w" && cp "$tp" "$T/tp.c" && sed -i "/^${long//\\/}\$/d" "$tp" &&
 git init -q && git add -A && git commit -qm "Import the tree" &&
 cp "$T/tp.c" "$tp" && git commit -qam "reentry: two_pool: kick the poll on system_long_wq") ||
	{ not_ok "setup: the history of two_pool.c"; exit 0; }
kicked=$(git -C "$w" log -1 --format='%h ("%s")' --abbrev=12)
"$WQCHECK" series --cc=maintainers -o "$T/twowq-out" "$w" >/dev/null 2>"$T/twowq.err"
p2=$(grep -l '^Subject: .*queue d->poll_work on system_long_wq only' "$T/twowq-out"/0*.patch)
check "WQ014: a fix patch queues d->poll_work on system_long_wq only, before the renames" \
	bash -c "[ -n '$p2' ] && case '$p2' in */000[12]-*) true ;; *) false ;; esac &&
		grep -q '^-	schedule_delayed_work(&d->poll_work, 100);' '$p2' &&
		grep -q '^+	queue_delayed_work(system_long_wq, &d->poll_work, 100);' '$p2' &&
		[ \$(grep -c '^[-+]	' '$p2') -eq 2 ]"
check "WQ014: its log names the two queueings that could overlap, why system_long_wq, and what changes" \
	bash -c "tr '\n' ' ' <'$p2' | tr -s ' ' | grep -q 'on system_long_wq at line 39 (tp_kick()); on system_percpu_wq, with schedule_\*(), at line 26 (tp_poll())' &&
		tr '\n' ' ' <'$p2' | tr -s ' ' | grep -q 'the workqueue its other queueing names, per-CPU as system_percpu_wq is' &&
		grep -q '^This patch changes behavior: the runs of d->poll_work no longer overlap' '$p2'"
check "WQ014: Fixes: names the commit that split the item: $kicked" \
	grep -q "^Fixes: $kicked\$" "$p2"
check "WQ014: the sampler on system_dfl_wq and schedule_*()'s gets no patch and the reason" \
	bash -c "! grep -q '^[-+].*&d->sample_work' '$T/twowq-out'/0*.patch &&
		grep -q '^wqcheck: $tp:40: WQ014 not fixed: its other workqueue, system_dfl_wq, is unbound: whether the work may leave its CPU' '$T/twowq.err' &&
		grep -q '^wqcheck: drivers/percpu/unbound_item.c:38: WQ014 not fixed: the rename of its system_wq queueing' '$T/twowq.err'"
# two_sys_bh.c: the cover item on the two BH workqueues (omap's shape), two
# of its three queueings on system_bh_wq; the card item once on each of
# system_highpri_wq and system_long_wq; a banner line past 100 columns that
# no fix touches
sb=drivers/reentry/two_sys_bh.c
p3=$(grep -l '^Subject: .*queue s->cover_work on system_bh_wq only' "$T/twowq-out"/0*.patch)
check "WQ014, both system workqueues of one context: the one the fewer queueings name moves to the other (omap's BH pair)" \
	bash -c "[ -n '$p3' ] && grep -q '^-	queue_work(system_bh_highpri_wq, &s->cover_work);' '$p3' &&
		grep -q '^+	queue_work(system_bh_wq, &s->cover_work);' '$p3' &&
		[ \$(grep -c '^[-+]	' '$p3') -eq 2 ] && ! grep -q '^Fixes: ' '$p3'"
check "WQ014, both system workqueues: the log names every queueing, why system_bh_wq, and the priority the moved one loses" \
	bash -c "tr '\n' ' ' <'$p3' | tr -s ' ' | grep -q 'on system_bh_wq at lines 49 (tb_cover_timer()) and 66 (tb_probe()); on system_bh_highpri_wq at line 44 (tb_notify_cover())\.' &&
		tr '\n' ' ' <'$p3' | tr -s ' ' | grep -q 'the workqueue 2 of its 3 queueings name, where its work function already runs\. Both are system workqueues that run their work in softirq context (BH)' &&
		tr '\n' ' ' <'$p3' | tr -s ' ' | grep -q 'This patch changes behavior: .* go to system_bh_wq instead of system_bh_highpri_wq, and run at normal priority'"
check "WQ014, two_pool.c: one pool on each CPU, so the log says the runs overlap only with more than one CPU" \
	bash -c "tr '\n' ' ' <'$p2' | tr -s ' ' | grep -q 'The two queue into each CPU.s same worker pool, which never runs one item twice at once, so the runs overlap only on a machine with more than one CPU: there a run queued from one may start on another CPU' &&
		tr '\n' ' ' <'$p2' | tr -s ' ' | grep -q 'This patch changes behavior: the runs of d->poll_work no longer overlap on a machine with more than one CPU (with one CPU they never did)'"
check "WQ014, the BH pair (omap's shape, whose boards have one CPU): softirq runs do not nest, so only with more than one CPU, in the log and the cover letter" \
	bash -c "tr '\n' ' ' <'$p3' | tr -s ' ' | grep -q 'Both are BH workqueues, whose runs on one CPU are softirq runs, which do not nest, so the runs overlap only on a machine with more than one CPU' &&
		tr '\n' ' ' <'$p3' | tr -s ' ' | grep -q 'the runs of s->cover_work no longer overlap on a machine with more than one CPU (with one CPU they never did)' &&
		tr '\n' ' ' <'$T/twowq-out/0000-cover-letter.patch' | tr -s ' ' | grep -q 's->cover_work is queued on system_bh_wq only, no longer also on system_bh_highpri_wq, so its runs no longer overlap on a machine with more than one CPU\.' &&
		! grep -q 'A work item runs on one worker at a time' '$p2' '$p3'"
check "WQ014, both system workqueues, as many queueings on each: no patch, and the reason" \
	bash -c "! grep -q '^[-+].*&s->card_work' '$T/twowq-out'/0*.patch &&
		grep -q '^wqcheck: $sb:59: WQ014 not fixed: neither of its workqueues is schedule_\*()'\''s, and as many of its queueings name each' '$T/twowq.err'"
git -C "$w" am -q $(ls "$T/twowq-out"/0*.patch | grep -v cover-letter) 2>"$T/am3.err"
check "WQ014: the series applies with git am" test $? -eq 0
"$WQCHECK" scan -q --rules=WQ014 "$w" >"$T/after14" 2>&1
check "WQ014: the patched tree has no WQ014 for d->poll_work (the sampler's is left)" \
	bash -c "! grep -q '^$tp:.*poll_work.*WQ014' '$T/after14' && grep -q '^$tp:.*sample_work.*WQ014' '$T/after14'"
check "WQ014: the patched tree has no WQ014 for s->cover_work (the card item's is left)" \
	bash -c "! grep -q '^$sb:.*cover_work.*WQ014' '$T/after14' && grep -q '^$sb:.*card_work.*WQ014' '$T/after14'"

# --- WQ014: two pools on one CPU (smc_llc's shape), a power-efficient one ----
# two_pool.c's kick on system_highpri_wq instead (schedule_*()'s pool and
# the high-priority one: they overlap on one CPU too); jack_requeue.c with
# a second system_power_efficient_wq queueing where it is set up (rt5651's
# shape: the requeue on system_long_wq moves, and may then run unbound).
sh=$T/shapes
jr=drivers/reentry/jack_requeue.c
mkdir -p "$sh" && cp -r "$TOP/corpus/6.17/." "$sh/" &&
	sed -i 's/^\tqueue_delayed_work(system_long_wq, &d->poll_work, 0);$/\tqueue_delayed_work(system_highpri_wq, \&d->poll_work, 0);/' "$sh/$tp" &&
	sed -i 's/^\tINIT_WORK(&j->detect_work, jack_detect_work);$/&\n\tqueue_work(system_power_efficient_wq, \&j->detect_work);/' "$sh/$jr" &&
	grep -q 'system_highpri_wq, &d->poll_work' "$sh/$tp" &&
	[ "$(grep -c 'system_power_efficient_wq, &j->detect_work' "$sh/$jr")" -eq 2 ] &&
	(cd "$sh" && git init -q && git add -A && git commit -qm "Import the tree") ||
	{ not_ok "setup: two_pool.c on system_highpri_wq, jack_requeue.c queued twice on system_power_efficient_wq"; exit 0; }
"$WQCHECK" series --cc=maintainers -o "$T/shapes-out" "$sh" >/dev/null 2>"$T/shapes.err"
p5=$(grep -l '^Subject: .*queue d->poll_work on system_highpri_wq only' "$T/shapes-out"/0*.patch)
check "WQ014, schedule_*()'s beside system_highpri_wq: two pools, so the runs may overlap on the same CPU too, and no \"more than one CPU\"" \
	bash -c "[ -n '$p5' ] && tr '\n' ' ' <'$p5' | tr -s ' ' | grep -q 'The two queue into different worker pools, so a run queued from one may start, on another CPU or on the same one, while a run queued from the other is still going' &&
		tr '\n' ' ' <'$p5' | tr -s ' ' | grep -q 'This patch changes behavior: the runs of d->poll_work no longer overlap, and' &&
		! grep -q 'more than one CPU' '$p5'"
p6=$(grep -l '^Subject: .*queue j->detect_work on' "$T/shapes-out"/0*.patch)
check "WQ014, onto system_power_efficient_wq: the log says the moved requeue may then run unbound, as the others already may" \
	bash -c "[ -n '$p6' ] && grep -q '^-		queue_work(system_long_wq, &j->detect_work);' '$p6' &&
		tr '\n' ' ' <'$p6' | tr -s ' ' | grep -q 'unless workqueue.power_efficient makes system_power_efficient_wq unbound, so a run queued from one may start on another CPU (with that setting, on any CPU)' &&
		tr '\n' ' ' <'$p6' | tr -s ' ' | grep -q 'go to system_power_efficient_wq instead of system_long_wq, which runs them unbound, on any CPU, when workqueue.power_efficient is set, as it runs those queued at lines 23 (jack_plug_event()) and 46 (jack_setup())\.' &&
		tr '\n' ' ' <'$p6' | tr -s ' ' | grep -q 'the runs of j->detect_work no longer overlap (before, they could with more than one CPU, or with workqueue.power_efficient set)'"

# --- a finding in an #if branch is not fixed, and stderr says why, truly -----
# corpus/drivers/reentry/re_reinit_ifdef.c (ctrlchar.c's shape under
# #ifdef CONFIG_RE_SYSRQ) in corpus/6.17, with its autoconf.h (the option
# unset) and without one: only the first may say the configuration does
# not build the branch; the second says only what a reading with every
# option unset leaves out. Each reason one statement: where the line is,
# and which code the fixes change. (Under #if 0 the tree rules find
# nothing: no reason to read there.)
for conf in with without; do
	i=$T/ifdef-$conf
	mkdir -p "$i" && cp -r "$TOP/corpus/6.17/." "$i/" &&
		cp "$TOP/corpus/drivers/reentry/re_reinit_ifdef.c" "$i/drivers/reentry/"
	[ $conf = with ] || rm "$i/include/generated/autoconf.h"
	(cd "$i" && git init -q && git add -A && git commit -qm "Import the tree") ||
		{ not_ok "setup: the #ifdef tree $conf autoconf.h"; continue; }
	"$WQCHECK" series --cc=maintainers -o "$T/ifdef-$conf-out" "$i" >/dev/null 2>"$T/ifdef-$conf.err"
done
why='^wqcheck: drivers/reentry/re_reinit_ifdef.c:33: WQ015 not fixed: it is in an #if branch'
check "WQ015 in #ifdef CONFIG_RE_SYSRQ, autoconf.h without it: not fixed, the configuration read does not build it" \
	bash -c "grep -q '$why this configuration does not build, and the fixes change only code this configuration builds\$' '$T/ifdef-with.err' &&
		! grep -q 're_reinit_ifdef' '$T/ifdef-with-out'/0*.patch"
check "WQ015 in #ifdef CONFIG_RE_SYSRQ, no autoconf.h: not fixed, and stderr claims no configuration's build, only the reading's" \
	bash -c "grep -q '$why that a reading with every CONFIG_ option unset leaves out (the tree has no include/generated/autoconf.h to read instead), and the fixes change only code that reading compiles\$' '$T/ifdef-without.err' &&
		! grep -q 'does not build\|no configuration builds' '$T/ifdef-without.err' &&
		! grep -q 're_reinit_ifdef' '$T/ifdef-without-out'/0*.patch"
check "an #if branch's reason is one statement: no \", and ..., and\" run-on" \
	bash -c "! grep 'not fixed: it is in an #if branch' '$T'/ifdef-*.err | grep -q ', and .*, and '"

# --- WQ014: schedule_*() beside a BH workqueue: the runs change context ------
# two_sys_bh.c with the notifier's queueing a schedule_work(): the item is
# on system_bh_wq twice and schedule_*()'s once; the fix queues that one on
# system_bh_wq too, and its run then runs in softirq context, no longer in
# process context: the log and the cover letter must say so.
b=$T/bh
mkdir -p "$b" && cp -r "$TOP/corpus/6.17/." "$b/"
sed -i 's/^\tqueue_work(system_bh_highpri_wq, &s->cover_work);$/\tschedule_work(\&s->cover_work);/' "$b/$sb"
(cd "$b" && grep -q '^	schedule_work(&s->cover_work);$' "$sb" && git init -q && git add -A &&
 git commit -qm "Import the tree") || { not_ok "setup: $sb's notifier calls schedule_work()"; exit 0; }
"$WQCHECK" series --cc=maintainers -o "$T/bh-out" "$b" >/dev/null 2>"$T/bh.err"
p4=$(grep -l '^Subject: .*queue s->cover_work on system_bh_wq only' "$T/bh-out"/0*.patch)
check "WQ014, schedule_*() beside system_bh_wq: the schedule_work() becomes queue_work(system_bh_wq, ...)" \
	bash -c "[ -n '$p4' ] && grep -q '^-	schedule_work(&s->cover_work);' '$p4' &&
		grep -q '^+	queue_work(system_bh_wq, &s->cover_work);' '$p4' &&
		[ \$(grep -c '^[-+]	' '$p4') -eq 2 ]"
check "WQ014, schedule_*() beside system_bh_wq: the log says the moved run is now in softirq context, as the others already are" \
	bash -c "tr '\n' ' ' <'$p4' | tr -s ' ' | grep -q 'the workqueue its other queueings name, per-CPU' &&
		tr '\n' ' ' <'$p4' | tr -s ' ' | grep -q 'go to system_bh_wq instead of system_percpu_wq\. From that line the work then runs in softirq context (BH) instead of process context, as it already does when queued at lines 49 (tb_cover_timer()) and 66 (tb_probe())\.' &&
		tr '\n' ' ' <'$T/bh-out/0000-cover-letter.patch' | tr -s ' ' | grep -q 'no longer also on system_percpu_wq, so its runs no longer overlap; those it queued with schedule_\*() now run in softirq context (BH)\.'"
check "WQ014, two per-CPU workqueues of process context: no word of softirq in the log" \
	bash -c "[ -n '$p2' ] && ! grep -qi 'softirq' '$p2'"

# --- validate proves the fix: it builds, no new warning, only where it says ---
if command -v sparse >/dev/null && command -v objdump >/dev/null; then
	v=$T/reinit-v
	git clone -q "$r" "$v" && git -C "$v" reset -q --hard HEAD~1
	"$WQCHECK" validate --series "$T/reinit-out" "$v" >"$T/validate" 2>&1
	rc=$?
	check "validate passes the series (exit $rc): each fix changes only the functions its log names" \
		bash -c "[ $rc -eq 0 ] && grep -q '^  drivers/reentry/ev_kick.o: code changed only where the fix says, in .*ev_probe().*, 0 new warnings, 0 new sparse warnings' '$T/validate' &&
			grep -q '^  drivers/reentry/two_pool.o: code changed only where the fix says, in tp_poll(), 0 new warnings, 0 new sparse warnings' '$T/validate' &&
			grep -q '^  drivers/reentry/two_sys_bh.o: code changed only where the fix says, in tb_notify_cover(), 0 new warnings, 0 new sparse warnings' '$T/validate' &&
			tail -1 '$T/validate' | grep -q '3 changed only where a fix says.*-> PASS'"
	# the same fix, its log no longer naming ev_probe(): its change there is not the fix's
	mkdir -p "$T/unnamed" && cp "$T/reinit-out"/*.patch "$T/unnamed/"
	sed -i '1,/^---$/s/ev_probe()/the probe function/g' "$T/unnamed"/0001-*.patch
	"$WQCHECK" validate --series "$T/unnamed" "$v" >"$T/validate2" 2>&1
	rc=$?
	check "WQ015: a fix whose log does not name a function it changes fails validate (exit $rc)" \
		bash -c "[ $rc -eq 1 ] && grep -q '^  drivers/reentry/ev_kick.o: CODE DIFFERS in .*ev_probe()' '$T/validate2'"
	rm -rf "$T/unnamed"
else
	echo "skip - WQ015: validate of the fix: needs sparse and objdump (make check installs them)"
fi

. "$TOP/tests/lib/series-truth.sh"
series_truth "$T" series-fixes
