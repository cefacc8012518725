#!/bin/bash
# The non-reentrance conditions (WQ013-WQ015) on the corpus: each broken
# condition is found with its evidence in every format, none of the kept
# ones gives a warning, which names are one workqueue comes from the tree's
# kernel/workqueue.c, check-patch fails a patch that moves one queue site
# of an item to another workqueue, and our own --prefer-unbound series
# never does that. The exact texts are the files' golden comments
# (tests/t-golden.sh).
# asan: yes
# timeout: 300
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$TOP" || exit 1
dir=corpus/drivers/reentry
rules=--rules=WQ013,WQ014,WQ015

check() {
	local name=$1
	shift
	if "$@"; then
		echo "ok - $name"
	else
		echo "not ok - $name"
	fi
}

scan() { "$WQCHECK" scan "$@" 2>>"$scratch/stderr"; }

# finding has|lacks JSON RULE SEVERITY TEXT...: whether the scan's JSON
# has a finding of RULE with SEVERITY (* any) whose message holds every
# TEXT, or lacks one (a JSON that cannot be read does neither).
cat >"$scratch/finding.py" <<'PY'
import json, sys
want, path, rule, sev = sys.argv[1:5]
texts = sys.argv[5:]
fs = json.load(open(path))["findings"]
hit = any(f["rule"] == rule and sev in ("*", f["severity"]) and
          all(t in f["message"] for t in texts) for f in fs)
sys.exit(0 if hit == (want == "has") else 1)
PY
finding() { python3 "$scratch/finding.py" "$@"; }

# The negatives hold for the reason they state: flip it and each is a
# finding. flip NAME RULES PATTERN EDIT...: the command EDIT, given the file
# last, changes a fresh copy of $flip (restored from $flip_orig after);
# scanned with RULES, a line of the output matches PATTERN.
flip() {
	local name=$1 rules=$2 pattern=$3
	shift 3
	cp "$flip_orig" "$flip"
	"$@" "$flip"
	scan --rules="$rules" "$flip" >"$scratch/flip"
	check "$name" grep -q "$pattern" "$scratch/flip"
	cp "$flip_orig" "$flip"
}
flip_orig=$scratch/flip.orig

# --- each condition broken, each kept ---------------------------------------
for pair in func_changed:WQ013 two_wq:WQ014 reinit_live:WQ015; do
	file=$dir/re_${pair%%:*}.c rule=${pair#*:}
	scan $rules "$file" >"$scratch/out"
	n=$(grep -c ": warning: .*\[$rule\]$" "$scratch/out")
	check "$rule: $(basename "$file") has at least 3 warnings ($n)" test "$n" -ge 3
done
for f in "$dir"/re_neg_*.c; do
	scan $rules "$f" >"$scratch/out"
	n=$(grep -c ': warning: .*\[WQ01[345]\]$' "$scratch/out")
	check "no warning in $(basename "$f") ($n)" test "$n" -eq 0
done

# --- condition 3 and 1 the ways upstream fixed them (issue 39) -----------------
scan --rules=WQ013,WQ015 --format=json "$dir/re_reinit_kinds.c" >"$scratch/kinds.json"
for want in \
	"WQ015|rk_kick(), which the item's work function rk_node_fn() calls at line 38 with its own item" \
	"WQ013|in rk_retry_timer(), a timer callback, and queues it" \
	"WQ013|in rk_ka_timer(), a timer callback, and queues it" \
	"WQ015|rk_retry_timer() is a timer callback, which runs again" \
	"WQ015|rk_get_work() takes back from the list work_free_list" \
	"WQ015|rk_console_input() passes it &rk_sysrq_obj" \
	"WQ015|clears RK_QUEUED at line 180 and goes on running" \
	"WQ015|the pending test at line 205 says it is not queued"; do
	check "re_reinit_kinds.c: a ${want%%|*} warning says: ${want#*|}" \
		finding has "$scratch/kinds.json" "${want%%|*}" warning "${want#*|}"
done
check "re_reinit_kinds.c: a work function initialising a static item is a note saying why" \
	finding has "$scratch/kinds.json" WQ015 note \
	"rk_watchdog_fn() is a work function: its own runs do not overlap"
check "re_reinit_kinds.c: two timers giving one item the same function are no WQ013" \
	finding lacks "$scratch/kinds.json" WQ013 '*' rk_pair
scan --rules=WQ013,WQ015 "$dir/re_neg_reinit_kinds.c" >"$scratch/negk"
check "re_neg_reinit_kinds.c: no finding at all ($(grep -c '\[WQ01' "$scratch/negk"))" \
	test ! -s "$scratch/negk"
cp -r corpus "$scratch/c"
flip=$scratch/c/drivers/reentry/re_neg_reinit_kinds.c
cp "$flip" "$flip_orig"
flip "a work function passing true where the INIT's branch wants it: a WQ015 warning" WQ015 \
	'warning: INIT_WORK re-initialises &io->work in nk_map_continue(), which the item.s work function nk_io_wait() calls' \
	sed -i 's/nk_map_continue(io, false);/nk_map_continue(io, true);/'
flip "a work function passing the enum constant the INIT's branch tests for: a WQ015 warning" WQ015 \
	'warning: INIT_DELAYED_WORK re-initialises &hub->init_work in nk_hub_activate()' \
	sed -i 's/nk_hub_activate(hub, NK_INIT2);/nk_hub_activate(hub, NK_INIT);/'
flip "a flag the work clears before its last statement: a WQ015 warning" WQ015 \
	'warning: .*only while NK_QUEUED is clear, but the work function nk_unblock() clears NK_QUEUED' \
	sed -i '/^\tl->level++;$/d; s/^\tl->flags &= ~NK_QUEUED;$/&\n\tl->level++;/'

# --- the independent strict reading's points (issue 39): what the messages
# say and what is no finding, each beside a look-alike ----------------------
scan --rules=WQ013,WQ015 --format=json "$dir/re_strict_kinds.c" >"$scratch/strict.json"
for want in \
	"WQ015|warning|rs_kick_event()|the run hands ev back only at line 45 (rs_vq_add_buf()), after this INIT_*, so nothing can queue the item before it" \
	"WQ015|warning|rs_kick_event()|cancel_work_sync() at drivers/reentry/re_strict_kinds.c:70 then sees an idle item" \
	"WQ015|warning|rs_port_probe()|can queue it again before this INIT_*, which then hits a queued item" \
	"WQ013|warning|rs_fip_retry_timer()|rs_fip_wq is ordered (alloc_ordered_workqueue() at drivers/reentry/re_strict_kinds.c:136), so a run queued while the other runs waits for it" \
	"WQ013|warning|rs_pcpu_retry_timer()|the two runs are no longer kept apart" \
	"WQ015|warning|rs_card_intr()|only while card->service is clear, a state of each object rs_card_intr() is called for, but &rs_card_bh is one static item" \
	"WQ013|warning|rs_vcn_switch()|not right after its INIT_*, and the item is queued elsewhere" \
	"WQ015|note|&sc->refill_work|line 254 disables the item" \
	"WQ015|note|rs_post_read()|which the item's work function rs_decrypt_fn() calls" \
	"WQ015|warning|rs_dma_halt()|rs_dma_halt() is called only from rs_dma_misc_thread(), an interrupt handler, which runs again" \
	"WQ013|warning|rs_fd_start()|that run starts as rs_fd_done() after the running rs_fd_start(): every queueing puts it on rs_fd_wq, an ordered workqueue"; do
	IFS='|' read -r rule sev where text <<<"$want"
	check "re_strict_kinds.c: a $rule says: $text" \
		finding has "$scratch/strict.json" "$rule" "$sev" "$where" "$text"
done
check "re_strict_kinds.c: the ordered workqueue's WQ013 no longer says the runs are not kept apart" \
	finding lacks "$scratch/strict.json" WQ013 '*' rs_fip_wq "no longer kept apart"
scan --rules=WQ013,WQ015 "$dir/re_neg_strict_kinds.c" >"$scratch/negs"
check "re_neg_strict_kinds.c: no finding at all ($(grep -c '\[WQ01' "$scratch/negs"))" \
	test ! -s "$scratch/negs"
flip=$scratch/c/drivers/reentry/re_neg_strict_kinds.c
cp "$flip" "$flip_orig"
# ns_dma_halt() called from an interrupt handler instead of its probe.
from_irq_thread() {
	printf 'irqreturn_t ns_dma_misc_thread(int vec, void *data)\n{\n\treturn ns_dma_halt(data);\n}\n' >>"$1"
	sed -i '/^void ns_dma_probe(/,/^}$/d' "$1"
}
flip "an item not created disabled, queued before its INIT_*: a WQ015 warning" WQ015 \
	'warning: INIT_WORK re-initialises &sc->refill_work after queue_work() queued it' \
	sed -i '/^\tdisable_work_sync(&sc->refill_work);$/d'
flip "the same stages under a switch that does not step its counter: a WQ015 finding" WQ015 \
	'INIT_WORK re-initialises &ctx->work in ns_post_read(), which the item.s work function ns_decrypt_fn() calls' \
	sed -i 's/^\tswitch (++ctx->cur_step) {$/\tswitch (ctx->cur_step) {/'
flip "the helper called only from an interrupt handler instead: a WQ015 warning" WQ015 \
	'warning: INIT_WORK re-initialises &d->work in ns_dma_halt(), .*is called only from ns_dma_misc_thread(), an interrupt handler' \
	from_irq_thread
flip "the same .func set outside set-up while the item is queued elsewhere: a WQ013 warning" WQ013 \
	'warning: .func = gives struct ns_vcn.idle_work the work function ns_vcn_v1_idle_fn() in ns_vcn_v1_switch()' \
	sed -i 's/^int ns_vcn_v1_sw_init(/int ns_vcn_v1_switch(/'

# --- the strict reading of v5.15, an LTS tree no rule was refined on -------
# Its five wrong warnings are kept in re_neg_lts_kinds.c (no warning, each
# WQ014 a note naming what serialises the runs), its right ones and the one
# it found missing in re_lts_kinds.c, each beside the flip that breaks it.
scan --rules=WQ013,WQ014,WQ015 --format=json "$dir/re_neg_lts_kinds.c" >"$scratch/lts-neg.json"
check "re_neg_lts_kinds.c: an INIT under a static once-flag, reached from its own run, is no WQ015" \
	finding lacks "$scratch/lts-neg.json" WQ015 '*' nl_get_type
for want in \
	"nl_hotplug()'s whole body runs under mutex_lock(&ap->scan_mutex)" \
	"nl_reset_task()'s whole body runs under nl_lock_timeout(&adapter->crit_lock) (mutex_trylock() inside; the run leaves when it fails) (after it only nl_close(), under mutex_trylock(&adapter->crit_lock), tried until it holds it)" \
	"nl_query_work() writes what the two runs share only under spin_lock_bh(&mc->query_lock) in nl_query_work(); mutex_lock(&mc->mc_lock) in nl_query_work()" \
	"queued by nl_event_query() here on nl_mld_wq, starts"; do
	check "re_neg_lts_kinds.c: a WQ014 note says: $want" \
		finding has "$scratch/lts-neg.json" WQ014 note "$want"
done
check "re_neg_lts_kinds.c: a file's static workqueue is named, not keyed" \
	finding lacks "$scratch/lts-neg.json" WQ014 '*' "var nl_"
flip=$scratch/c/drivers/reentry/re_neg_lts_kinds.c
cp "$flip" "$flip_orig"
flip "the once-flag set back after its block: a WQ015 warning" WQ015 \
	'warning: INIT_WORK re-initialises &nl_notify_work in nl_get_type()' \
	sed -i 's/^\tmutex_unlock(&init_mutex);$/\tinit_done = false;\n&/'
flip "a debug print whose argument writes after the unlock: a WQ014 warning" WQ014 \
	"warning: .*no lock is held across nl_hotplug()'s body" \
	sed -i 's/^\tNL_DPRINTK("EXIT\\n");$/\tNL_DPRINTK("EXIT %d\\n", ap->scans++);/'
flip "a trylock helper that says 0 when it fails too: a WQ014 warning" WQ014 \
	"warning: .*no lock is held across nl_reset_task()'s body" \
	sed -i 's/^\treturn -1;$/\treturn 0;/'
cp "$dir/re_lts.h" "$scratch/re_lts.h.orig"
sed -i 's/^\tif (atomic_dec_and_test(&idev->refcnt))$/\tidev->queries = 0;\n&/' \
	"$scratch/c/drivers/reentry/re_lts.h"
scan --rules=WQ014 "$flip" >"$scratch/flip"
check "a put that also writes the object's state: a WQ014 warning" \
	grep -q "warning: .*no lock is held across nl_query_work()'s body" "$scratch/flip"
cp "$scratch/re_lts.h.orig" "$scratch/c/drivers/reentry/re_lts.h"

scan --rules=WQ013,WQ014,WQ015 --format=json "$dir/re_lts_kinds.c" >"$scratch/lts.json"
for want in \
	"WQ015|lk_irq_startup()|lk_irq_startup() is an irq_chip method, which the interrupt core calls for each interrupt line of the chip" \
	"WQ015|lk_irq_startup()|lk_poll_fn() queues the item again as it runs" \
	"WQ015|lk_start_timer()|every queueing of the item is in lk_start_timer() after this INIT_*" \
	"WQ015|lk_start_timer()|cancel_delayed_work_sync() at drivers/reentry/re_lts_kinds.c:124 then sees an idle item" \
	"WQ015|lk_get_type()|can queue it again before this INIT_*" \
	"WQ014|lk_hotplug()|no lock is held across lk_hotplug()'s body"; do
	IFS='|' read -r rule where text <<<"$want"
	check "re_lts_kinds.c: a $rule warning says: $text" \
		finding has "$scratch/lts.json" "$rule" warning "$where" "$text"
done
check "re_lts_kinds.c: the timer helper's message names no queueing before its INIT_*" \
	finding lacks "$scratch/lts.json" WQ015 '*' lk_start_timer "can queue it again before this INIT_*"
flip=$scratch/c/drivers/reentry/re_lts_kinds.c
cp "$flip" "$flip_orig"
flip "the timer helper also called outside its work and set-up: the queueing before the INIT_* is named again" WQ015 \
	'warning: INIT_DELAYED_WORK re-initialises &priv->dat.work in lk_start_timer(), .*while it runs, queue_delayed_work() at .* can queue it again before this INIT_\*' \
	sed -i 's/^void lk_dat_free(struct lk_priv \*priv)$/void lk_dat_kick(struct lk_priv *priv)\n{\n\tlk_start_timer(priv);\n}\n\n&/'
sed -i '/^\tdev->irq.irq_startup = lk_irq_startup;$/d' "$flip"
scan --rules=WQ015 "$flip" >"$scratch/flip"
check "the startup set in no irq_chip: no WQ015 for it" \
	test "$(grep -c 'in lk_irq_startup()' "$scratch/flip")" -eq 0
cp "$flip_orig" "$flip"

# A work function swapped for an empty stub and restored from its saved
# value (i915's selftests) is no finding; a working function swapped in is
# a note, a stub never restored a warning; the stub given a body, a note.
scan --rules=WQ013 "$dir/re_neg_func_stub.c" >"$scratch/stub"
check "re_neg_func_stub.c: a swap for an empty stub and back is no finding ($(grep -c '\[WQ013\]' "$scratch/stub"))" \
	test ! -s "$scratch/stub"
scan --rules=WQ013 "$dir/re_func_stub.c" >"$scratch/stub"
check "re_func_stub.c: a working function swapped in and restored is a note" \
	grep -q 'note: .func = gives struct sl_rps.work the work function sl_measure_rps_work() in sl_live_rps_measure()' "$scratch/stub"
check "re_func_stub.c: a stub never restored is a warning" \
	grep -q 'warning: .func = gives struct sl_rps.work the work function sl_dummy_rps_work() in sl_rps_quiet()' "$scratch/stub"
flip=$scratch/c/drivers/reentry/re_neg_func_stub.c
cp "$flip" "$flip_orig"
stub_body() {
	sed -i '/^static void sb_dummy_rps_work(struct work_struct \*wrk)$/,/^}$/s/^{$/{\n\tsb_touch(wrk);/' "$1"
	sed -i 's/^extern void sb_wait_for_idle(struct sb_rps \*rps);$/&\nextern void sb_touch(struct work_struct *w);/' "$1"
}
flip "the stub given a body: the swap is a note again" WQ013 \
	'note: .func = gives struct sb_rps.work the work function sb_dummy_rps_work()' \
	stub_body

# A per-request .func dispatch that lets go of its object with the
# queueing (afs, bcachefs) is a stage hand-off, no finding; one that goes
# on touching the object after it stays a note.
scan --rules=WQ013 "$dir/re_neg_func_dispatch.c" >"$scratch/disp"
check "re_neg_func_dispatch.c: a dispatch queued as the function's last act is no finding ($(grep -c '\[WQ013\]' "$scratch/disp"))" \
	test ! -s "$scratch/disp"
scan --rules=WQ013 "$dir/re_func_dispatch.c" >"$scratch/disp"
check "re_func_dispatch.c: a dispatch that touches the object after its queueing is a note" \
	grep -q 'note: .func = gives struct ld_subreq.work the work function ld_write_worker() and ld_issue_write() queues it at line' "$scratch/disp"

# A struct defined in a .c file is that file's type: another driver's
# struct of the same name (ext4's and f2fs's bio_post_read_ctx) is another
# item. The same two drivers with the struct in one shared header: one
# item, queued in one and given another function in the other, a warning.
local=$dir/local
scan --rules=WQ013,WQ014,WQ015 "$local/re_neg_local_read.c" "$local/re_neg_local_post.c" >"$scratch/local"
check "two drivers' file-local structs of one name are two items: no finding ($(grep -c '\[WQ01' "$scratch/local"))" \
	test ! -s "$scratch/local"
local=$scratch/c/drivers/reentry/local
printf 'struct lc_post_ctx {\n\tstruct work_struct work;\n\tint step;\n\tbool verity;\n};\n' >"$local/lc.h"
sed -i '/^struct lc_post_ctx {$/,/^};$/d; s/^#include <linux\/workqueue.h>$/&\n#include "lc.h"/' \
	"$local/re_neg_local_read.c" "$local/re_neg_local_post.c"
(cd "$scratch/c" && scan --rules=WQ013 drivers/reentry/local/re_neg_local_read.c \
	drivers/reentry/local/re_neg_local_post.c) >"$scratch/local"
check "the struct in one header both include: one item, a WQ013 warning" \
	grep -q 'warning: .func = gives struct lc_post_ctx.work the work function lc_verity_fn() in lc_post_switch(), not right after its INIT_\*, and the item is queued elsewhere (queue_work() at drivers/reentry/local/re_neg_local_read.c' "$scratch/local"

# One mutex across every function's body makes condition 1 a note naming it;
# without it in one of them, a warning.
scan --rules=WQ013 "$dir/re_neg_func.c" >"$scratch/locked"
check "PREPARE_WORK with both bodies under one mutex: a note that names it" \
	grep -q 'note: PREPARE_WORK gives &l->work .*under mutex_lock(&l->lock), so the two runs serialise' "$scratch/locked"
flip=$scratch/c/drivers/reentry/re_neg_func.c
cp "$flip" "$flip_orig"
flip "the same with one body unlocked: a warning" WQ013 \
	'warning: PREPARE_WORK gives &l->work the work function re_locked_second()' \
	sed -i '/^static void re_locked_second(struct work_struct \*work)$/,/^}$/{/mutex_/d}'
# An INIT_* choosing its function by a condition (`ok ? f : g`) is an INIT
# of the item on the queueing's path (target_core_transport.c): both sites
# start a fresh item, no WQ014; queued before that INIT, the pair is a finding.
flip=$scratch/c/drivers/reentry/re_neg_wq014_chosen.c
cp "$flip" "$flip_orig"
queue_before_init() {
	sed -i '/^\tqueue_work(ch_completion_wq, &cmd->work);$/d' "$1"
	sed -i 's/^\tcmd->status = 1;$/&\n\tqueue_work(ch_completion_wq, \&cmd->work);/' "$1"
}
flip "the conditional INIT_* after the queueing instead: a WQ014 finding" WQ014 \
	'schedule_work() queues &cmd->work on system_wq .*but it is also queued on ch_completion_wq' \
	queue_before_init
# --- WQ015 in a timer callback: when the timer fires again (v7.0 reading) -----
scan --rules=WQ015 "$dir/re_neg_timer_rearm.c" >"$scratch/oneshot"
check "re_neg_timer_rearm.c: the one-shot timer re-armed ahead of now is a note saying why" \
	grep -q 'note: .*tn_disc_timer() is the callback of the one-shot timer disc_timer, which fires again only after mod_timer() re-arms it ahead of now .*: timing' "$scratch/oneshot"
check "re_neg_timer_rearm.c: no longer says the callback runs again whenever its source fires" \
	test "$(grep -c 'whenever its source fires' "$scratch/oneshot")" -eq 0
scan --rules=WQ015 "$dir/re_timer_rearm.c" >"$scratch/rearm"
for fn in tr_poll_timer tr_kick_timer tr_helper_timer; do
	check "re_timer_rearm.c: $fn() (re-armed by itself, to now, or by a helper) stays a warning" \
		grep -q "warning: INIT_WORK re-initialises .* in $fn(), .*$fn() is a timer callback, which runs again" "$scratch/rearm"
done
for pair in retry_timer:tr_fip_ka_timer ka_timer:tr_fip_retry_timer; do
	check "re_timer_rearm.c: one-shot ${pair%%:*} beside a second timer queueing the item is a warning naming ${pair#*:}()" \
		grep -q "warning: .*the one-shot timer ${pair%%:*}, .*; but ${pair#*:}() (a timer callback) also queues it (queue_work() at .*): when ${pair%%:*} fires while that queueing is pending, the INIT_\* here re-initialises a queued item" "$scratch/rearm"
done
# The note holds for the reason it states: each flip makes it a warning.
flip=$scratch/c/drivers/reentry/re_neg_timer_rearm.c
cp "$flip" "$flip_orig"
flip "the one-shot timer's item also queued by its work: a WQ015 warning naming that queueing" WQ015 \
	'warning: .*; but tn_disc_fn() also queues it' \
	sed -i 's/^\tmod_timer(&port->disc_timer, round_jiffies(tov));$/&\n\tqueue_work(tn_wq, \&port->disc_work);/'
flip "the one-shot timer re-armed to now: a WQ015 warning" WQ015 \
	'warning: .*tn_disc_timer() is a timer callback, which runs again' \
	sed -i 's/^\ttov = jiffies + msecs_to_jiffies(TN_DISC_TOV);$/\ttov = jiffies;/'
flip "the timer re-armed by its own callback: a WQ015 warning" WQ015 \
	'warning: .*tn_disc_timer() is a timer callback, which runs again' \
	sed -i 's/^\tqueue_work(tn_wq, &port->disc_work);$/&\n\tmod_timer(\&port->disc_timer, jiffies + HZ);/'

# --- WQ014 through an ops table (v7.0 reading, xe's TLB fence timeout) -------
scan --rules=WQ014 "$dir/re_neg_wq014_ops.c" >"$scratch/ops"
check "re_neg_wq014_ops.c: calls through ops that only compute and flush, writes under the lock: a note naming both" \
	grep -q 'note: .*op_fence_timeout() writes what the two runs share only under spin_lock_irq(&c->pending_lock) .*what it calls through pointers (->fence_delay() is op_fence_delay() in drivers/reentry/re_neg_wq014_ops.c, ->fence_flush() is op_fence_flush() in drivers/reentry/re_neg_wq014_ops.c) writes nothing' "$scratch/ops"
check "re_neg_wq014_ops.c: no longer says no lock lets the runs touch its state" \
	test "$(grep -c 'can touch its state at the same time' "$scratch/ops")" -eq 0
scan --rules=WQ014 "$dir/re_wq014_ops.c" >"$scratch/ops-w"
for fn in ow_reset_timeout ow_hook_timeout; do
	check "re_wq014_ops.c: $fn() (an ops function that writes, or one no table sets) stays a warning" \
		grep -q "warning: .*no lock is held across $fn()'s body, so the two runs can touch its state" "$scratch/ops-w"
done
flip=$scratch/c/drivers/reentry/re_neg_wq014_ops.c
cp "$flip" "$flip_orig"
flip "the ops function writing the client's state outside the lock: a WQ014 warning" WQ014 \
	"warning: .*no lock is held across op_fence_timeout()'s body" \
	sed -i 's/^\tOP_FLUSH_WORK(&c->reply_worker);$/&\n\tc->timeouts = 0;/'
flip "the ops function's macro writing what it is given: a WQ014 warning" WQ014 \
	"warning: .*no lock is held across op_fence_timeout()'s body" \
	sed -i 's/^#define OP_FLUSH_WORK(w)\tflush_work(w)$/#define OP_FLUSH_WORK(w)\tdo { flush_work(w); (w)->data = 0; } while (0)/'

# --- WQ015 on a free-list object its run put back (v7.0 reading, iwcm) -------
scan --rules=WQ013,WQ014,WQ015 "$dir/re_neg_pool_ordered.c" >"$scratch/pool"
check "re_neg_pool_ordered.c: reused after its run put it back, on one ordered workqueue: no finding ($(grep -c '\[WQ01' "$scratch/pool"))" \
	test ! -s "$scratch/pool"
flip=$scratch/c/drivers/reentry/re_neg_pool_ordered.c
cp "$flip" "$flip_orig"
flip "the same pool on a workqueue that is not ordered: a WQ015 note saying the new run can start beside it" WQ015 \
	'note: INIT_WORK re-initialises &work->work in pe_event_handler(), .*puts back as it runs .*its workqueue is not one ordered workqueue, so the new run can start beside it' \
	sed -i 's/alloc_ordered_workqueue("pe_wq", WQ_MEM_RECLAIM)/alloc_workqueue("pe_wq", WQ_MEM_RECLAIM, 0)/'

# --- an #if branch's mark says only what is known (v6.8 reading, ctrlchar.c) --
# With the corpus's autoconf.h (CONFIG_RE_SYSRQ unset) the branch is one
# this configuration does not build; in a copy without one, every option
# reads as unset and the mark may not say what a configuration builds,
# only that the tree has none; #if 0 no configuration builds. Each path
# that marks: the tree rules' (WQ015) and the file scan's (WQ001), lexical
# and libclang's.
ifdef=drivers/reentry/re_reinit_ifdef.c
built='(in an #if branch this configuration does not build)'
none='(in an #if branch, and the tree has no configuration to say whether it is built)'
never='(in an #if branch no configuration builds)'
printf '%s\n' '#include <linux/workqueue.h>' '' '#if 0' \
	'void re_mark_never(struct work_struct *w)' '{' '	flush_work_sync(w);' '}' '#endif' \
	'#ifdef CONFIG_RE_MARK' 'void re_mark_unset(struct work_struct *w)' '{' \
	'	flush_work_sync(w);' '}' '#endif' '' 'void re_mark_built(struct work_struct *w)' '{' \
	'	flush_work_sync(w);' '}' >"$scratch/c/drivers/reentry/re_mark.c"
scan --rules=WQ015 "corpus/$ifdef" >"$scratch/mark-built"
check "configured, the option unset: WQ015 in #ifdef CONFIG_RE_SYSRQ is marked as not built by this configuration" \
	grep -qF "$built [WQ015]" "$scratch/mark-built"
scan --rules=WQ001 "$scratch/c/drivers/reentry/re_mark.c" >"$scratch/mark-built1"
check "configured: WQ001 in #if 0 and in #ifdef CONFIG_RE_MARK both marked as not built by this configuration" \
	test "$(grep -cF "$built [WQ001]" "$scratch/mark-built1")" -eq 2
rm "$scratch/c/include/generated/autoconf.h"
scan --rules=WQ015 "$scratch/c/$ifdef" >"$scratch/mark-none"
check "no configuration: WQ015 in #ifdef CONFIG_RE_SYSRQ still a warning, not said to be unbuilt, said the tree has none" \
	bash -c "grep -q '^$ifdef:33:9: warning: .*\\[WQ015\\]\$' '$scratch/mark-none' &&
		! grep -q 'this configuration does not build\\|no configuration builds' '$scratch/mark-none' &&
		grep -qF '$none [WQ015]' '$scratch/mark-none'"
for clang in never always; do
	scan --clang=$clang --rules=WQ001 "$scratch/c/drivers/reentry/re_mark.c" >"$scratch/mark-none1"
	check "no configuration, --clang=$clang: WQ001 in #if 0 is built by no configuration, in #ifdef CONFIG_RE_MARK the tree has none to say" \
		bash -c "grep -qF 'drivers/reentry/re_mark.c:6:9: warning: flush_work_sync' '$scratch/mark-none1' &&
			grep '^drivers/reentry/re_mark.c:6:' '$scratch/mark-none1' | grep -qF '$never [WQ001]' &&
			grep '^drivers/reentry/re_mark.c:12:' '$scratch/mark-none1' | grep -qF '$none [WQ001]' &&
			! grep -q 'this configuration does not build' '$scratch/mark-none1'"
done
"$WQCHECK" scan --format=json --rules=WQ015 "$scratch/c/$ifdef" >"$scratch/mark-none.json" 2>>"$scratch/stderr"
check "no configuration: the JSON still says in_inactive_branch (the reading's, as before)" \
	python3 -c "import json,sys; fs=json.load(open(sys.argv[1]))['findings']; sys.exit(not (fs and all(f['in_inactive_branch'] for f in fs)))" "$scratch/mark-none.json"
# JSON's inactive_why: what the text's mark says, as a field (re_mark.c's
# line 6 in #if 0, 12 in #ifdef CONFIG_RE_MARK, 18 built)
why_json() {	# JSON: "line:inactive_why" of each finding
	python3 -c "import json,sys
for f in json.load(open(sys.argv[1]))['findings']:
    print('%d:%s:%s' % (f['line'], f['in_inactive_branch'], f['inactive_why']))" "$1"
}
"$WQCHECK" scan --format=json --rules=WQ001 "$scratch/c/drivers/reentry/re_mark.c" >"$scratch/mark-none1.json" 2>>"$scratch/stderr"
check "no configuration: JSON's inactive_why is \"never\" in #if 0, \"unconfigured\" in #ifdef CONFIG_RE_MARK, null where built" \
	test "$(why_json "$scratch/mark-none1.json" | tr '\n' ' ')" = "6:True:never 12:True:unconfigured 18:False:None "
check "no configuration: WQ015's JSON in #ifdef CONFIG_RE_SYSRQ says \"unconfigured\"" \
	test "$(why_json "$scratch/mark-none.json" | tr '\n' ' ')" = "33:True:unconfigured "
"$WQCHECK" scan --format=sarif --rules=WQ001 "$scratch/c/drivers/reentry/re_mark.c" >"$scratch/mark-none1.sarif" 2>>"$scratch/stderr"
check "no configuration: SARIF's properties carry inactive_why too" \
	python3 -c "import json,sys
r=json.load(open(sys.argv[1]))['runs'][0]['results']
sys.exit(sorted(x['properties']['inactive_why'] or '-' for x in r) != ['-', 'never', 'unconfigured'])" "$scratch/mark-none1.sarif"
cp corpus/include/generated/autoconf.h "$scratch/c/include/generated/autoconf.h"
"$WQCHECK" scan --format=json --rules=WQ001 "$scratch/c/drivers/reentry/re_mark.c" >"$scratch/mark-built1.json" 2>>"$scratch/stderr"
check "configured: JSON's inactive_why is \"configuration\" in #if 0 and #ifdef CONFIG_RE_MARK alike, null where built" \
	test "$(why_json "$scratch/mark-built1.json" | tr '\n' ' ')" = "6:True:configuration 12:True:configuration 18:False:None "
rm "$scratch/c/drivers/reentry/re_mark.c"

# --- WQ015: a static item passed from a loop (v6.8 reading, sclp_vt220.c) ----
# sq_ctrl.c's helpers re-initialise what their callers pass; sq_vt.c (the
# same directory) passes one static item from a loop over its input: the
# warning names that loop. Its other loop flushes each turn: not named,
# until the flush goes.
sq=drivers/reentry/sysrq
scan --rules=WQ015 "corpus/$sq/sq_ctrl.c" >"$scratch/sq"
check "WQ015: a helper's caller in another file of its directory passing a static item from a loop is named" \
	grep -q "^$sq/sq_ctrl.c:28:9: warning: INIT_WORK re-initialises &sw->work in sq_schedule(), .*; sq_vt_input() ($sq/sq_vt.c:27) passes it &sq_vt_work, one static object, from inside a loop that waits for nothing: a later turn that calls sq_schedule() again re-initialises the item an earlier turn queued" "$scratch/sq"
check "WQ015: a loop that flushes the item after each call is not named (still a warning by its other caller)" \
	bash -c "grep -q '^$sq/sq_ctrl.c:34:9: warning: INIT_WORK re-initialises &sw->work in sq_schedule_quiet(), .*sq_ctrl_replay() passes it &sq_ctrl_quiet' '$scratch/sq' &&
		! grep '^$sq/sq_ctrl.c:34:' '$scratch/sq' | grep -q 'inside a loop'"
cp "$scratch/c/$sq/sq_vt.c" "$scratch/sq_vt.orig"
sed -i '/^\t\tflush_work(&sq_vt_quiet.work);$/d' "$scratch/c/$sq/sq_vt.c"
scan --rules=WQ015 "$scratch/c/$sq/sq_ctrl.c" >"$scratch/sq-flip"
check "WQ015: without the flush, that loop is named too" \
	bash -c "grep '^$sq/sq_ctrl.c:34:' '$scratch/sq-flip' | grep -q 'sq_vt_replay() ($sq/sq_vt.c:39) passes it &sq_vt_quiet, one static object, from inside a loop that waits for nothing'"
cp "$scratch/sq_vt.orig" "$scratch/c/$sq/sq_vt.c"

# --- WQ014: what a finding means (DESIGN.md 1c, the strict reading) ----------
# Each kind the code rules out has a kept case (re_neg_wq014_*: no finding
# at all) and its negative (re_wq014_*: the same shape where the overlap is
# real, a warning).
for kind in window state types member; do
	scan --rules=WQ014 "$dir/re_neg_wq014_$kind.c" >"$scratch/out"
	n=$(grep -c '\[WQ014\]$' "$scratch/out")
	check "WQ014 $kind: the kept case gives no finding ($n)" test "$n" -eq 0
	scan --rules=WQ014 "$dir/re_wq014_$kind.c" >"$scratch/out"
	n=$(grep -c ': warning: .*\[WQ014\]$' "$scratch/out")
	check "WQ014 $kind: its negative is a warning ($n)" test "$n" -ge 1
done
# A member reached through a call, a subscript or a local set once is the
# one workqueue (the same last name); a CPU's instance and a local stored
# twice stay unknown.
scan --rules=WQ014 "$dir/re_wq014_member.c" >"$scratch/out"
check "WQ014 member: a subscript naming a CPU stays a workqueue wqcheck cannot name" \
	grep -q 'note: queue_work() queues &con->cpu_kick on `con->pools\[cpu\].wq`, a value computed at the call' "$scratch/out"
check "WQ014 member: a local stored twice stays a workqueue wqcheck cannot name" \
	grep -q 'note: queue_work() queues &con->kick on `wq`, a local variable of mn_kick()' "$scratch/out"
scan --no-clang --rules=WQ014 "$dir/re_neg_wq014_types.c" >"$scratch/out"
check "WQ014 types: without libclang the helpers' callers' types are unknown and the pair stays" \
	grep -q '\[WQ014\]$' "$scratch/out"
scan --rules=WQ014 "$dir/re_wq014_severity.c" >"$scratch/sev"
check "WQ014 severity: a body under one mutex is a note naming it" \
	grep -q ':63:[0-9]*: note: .*whole body runs under mutex_lock(&d->lock), so the two runs take turns' "$scratch/sev"
check "WQ014 severity: every queueing delayed half a second or more is a note, timing only" \
	grep -q ':64:[0-9]*: note: .*only timing allows it: run B starts `HZ` (1000 ms or more)' "$scratch/sev"
check "WQ014 severity: unlocked state queued at once is a warning" \
	grep -q ':65:[0-9]*: warning: .*no lock is held across sv_reset_fn().s body' "$scratch/sev"
# The lock or the writes read through calls (issue 39, the strict reading
# on v6.19 and 6.12): a lock held in the body's one callee (another file
# of the directory, or of the one above), taken through a helper macro, a
# locked report after the unlock, a re-arm through a wrapper; writes only
# to the run's own or under a lock it takes. Each is a note that says
# which; each look-alike in re_wq014_held.c writes shared state outside
# any lock and stays a warning.
scan --rules=WQ014 "$dir/re_neg_wq014_held.c" "$dir/held/re_neg_wq014_expire.c" >"$scratch/held"
for want in \
	"hn_trigger_event()'s whole body runs under mutex_lock(&hd_event_lock), taken in hd_table_event()" \
	"hn_batt_poll()'s whole body runs under mutex_lock(&b->lock), taken in hn_batt_update()" \
	"hn_jack_detect()'s whole body runs under hn_dapm_mutex_lock(dapm) (mutex_lock(&dapm->mutex) inside) (after it only hd_jack_report(), under mutex_lock(&jack->mutex))" \
	"hn_decay_fn()'s whole body runs under mutex_lock(&hn_ce_mutex)" \
	"hn_dirtytime_fn() writes nothing the two runs share" \
	"hn_ecache_work() writes what the two runs share only under spin_lock_bh(&net->dying_lock) in hn_evict_list()" \
	"he_expire_automounts()'s whole body runs under hd_ns_lock() (mutex_lock(&hd_ns_mutex) inside), taken in hd_mark_expired()"; do
	check "WQ014 held: a note says: ${want%%(*}...: ${want#*) }" \
		bash -c 'grep -F -- "$1" "$2" | grep -q ": note: .*run A, queued by .* when run B, queued by"' _ "$want" "$scratch/held"
done
check "WQ014 held: no warning in the kept cases ($(grep -c ': warning: ' "$scratch/held"))" \
	test "$(grep -c ': warning: ' "$scratch/held")" -eq 0
scan --rules=WQ014 "$dir/re_wq014_held.c" >"$scratch/held-neg"
for item in '&p->trigger_event' '&b->work' '&c->jack_work' '&hw_decay_work' \
	'&hw_dirtytime_work' '&net->dwork' '&hw_op_work'; do
	check "WQ014 held: the look-alike $item stays a warning, no lock across its body" \
		bash -c 'grep -F -- " queues $1 on " "$2" | grep -q ": warning: .*no lock is held across [a-z_]*().s body, so the two runs"' _ "$item" "$scratch/held-neg"
done
scan --rules=WQ014 "$dir"/re_*.c >"$scratch/all"
n=$(grep -c '\[WQ014\]$' "$scratch/all")
# run A and run B in either order: the other site's run first, or the
# work's own requeue first (queued "here") when only that site is a run's
m=$(grep '\[WQ014\]$' "$scratch/all" | grep -c -e 'run A, queued by [a-z_0-9]*() at [^ ]*:[0-9]*.* on .*, can still be \(in [a-z_0-9]*()\|running\) when run B, queued by [a-z_0-9]*() here' \
	-e 'run A, queued by [a-z_0-9]*() here (the work queueing itself again) on .*, can still be \(in [a-z_0-9]*()\|running\) when run B, queued by [a-z_0-9]*() at [^ ]*:[0-9]*')
check "WQ014: every message writes its interleaving down, run A and run B ($m of $n)" \
	test "$n" -ge 8 -a "$m" -eq "$n"
# The harmful order: the run the work queued itself is in its body when
# the interrupt's run starts; the other order meets only its tail.
scan --rules=WQ014 corpus/6.17/drivers/reentry/jack_requeue.c >"$scratch/order"
check "WQ014: the work's own requeue is run A when the other site is not a run" \
	grep -q 'jack_requeue.c:[0-9]*:[0-9]*: warning: .*run A, queued by jack_detect_work() here (the work queueing itself again) on system_long_wq, can still be in jack_detect_work() when run B, queued by jack_plug_event() at ' "$scratch/order"
check "WQ014: a power-efficient workqueue shares the CPU's pool unless workqueue.power_efficient" \
	grep -q "jack_requeue.c:.*starts on another CPU (the two workqueues share each CPU's worker pool unless workqueue.power_efficient is set" "$scratch/order"
check "WQ014: two normal per-CPU workqueues need two CPUs, no power_efficient clause" \
	bash -c 'grep "re_two_wq.c:.*system_long_wq" "$1" | grep -q "share each CPU.s worker pool, so the overlap needs two CPUs)" && ! grep "re_two_wq.c:" "$1" | grep -q power_efficient' _ "$scratch/all"

# --- the evidence in each format ---------------------------------------------
scan --rules=WQ014 --format=json "$dir/re_two_wq.c" >"$scratch/json"
check "json: every WQ014 finding names the other queue site as evidence" python3 - "$scratch/json" <<'PY'
import json, sys
fs = [f for f in json.load(open(sys.argv[1]))["findings"] if f["rule"] == "WQ014"]
ok = fs and all(f["evidence"] and f["evidence"][0]["line"] != f["line"] and
                "is queued on" in f["evidence"][0]["message"] for f in fs)
sys.exit(0 if ok else 1)
PY
scan --rules=WQ014 --format=sarif "$dir/re_two_wq.c" >"$scratch/sarif"
check "sarif: WQ014 results carry relatedLocations and the rule's description" python3 - "$scratch/sarif" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
rs = [r for r in run["results"] if r["ruleId"] == "WQ014"]
rules = {r["id"] for r in run["tool"]["driver"]["rules"]}
ok = rs and all(r.get("relatedLocations") for r in rs) and {"WQ013", "WQ014", "WQ015"} <= rules
sys.exit(0 if ok else 1)
PY
scan --rules=WQ013 "$dir/re_func_changed.c" >"$scratch/text"
check "text: a PREPARE_* in the running work function says so and names the other function" \
	grep -q 'inside re_fsm_start(), the item.s own work function' "$scratch/text"

# --- which names are one workqueue: from the tree ------------------------------
cp -r corpus/6.17 "$scratch/t617"
scan --rules=WQ014 "$scratch/t617/drivers/percpu/unbound_item.c" >"$scratch/two"
check "6.17 corpus: system_wq beside schedule_delayed_work() is WQ014 (two allocations)" \
	grep -q 'allocates system_wq and system_percpu_wq as two workqueues' "$scratch/two"
sed -i 's/^\tsystem_percpu_wq = alloc_workqueue("events", WQ_PERCPU, 0);/\tsystem_percpu_wq = system_wq;/' \
	"$scratch/t617/kernel/workqueue.c"
scan --rules=WQ014 "$scratch/t617/drivers/percpu/unbound_item.c" >"$scratch/one"
check "a core that makes system_percpu_wq an alias of system_wq: no WQ014" \
	test ! -s "$scratch/one" -a -s "$scratch/two"

# --- check-patch: a half-done conversion adds a WQ014 -------------------------
git init -q "$scratch/t" && cp -r corpus/6.17/. "$scratch/t/" &&
	git -C "$scratch/t" add -A && git -C "$scratch/t" -c user.name=t -c user.email=t@invalid \
		commit -qm base || echo "not ok - a git copy of the 6.17 corpus"
item=$scratch/t/drivers/percpu/unbound_item.c
(cd "$scratch/t" && sed -i 's/queue_work(system_wq, &d->flush_work)/queue_work(system_dfl_wq, \&d->flush_work)/' \
	drivers/percpu/unbound_item.c &&
	sed -i '/^void ui_dev_setup/i void ui_dev_again(struct ui_dev *d)\n{\n\tschedule_work(\&d->flush_work);\n}\n' \
		drivers/percpu/unbound_item.c &&
	git diff >"$scratch/half.patch" && git checkout -q -- .)
"$WQCHECK" check-patch --tree="$scratch/t" --rules=WQ014 "$scratch/half.patch" >"$scratch/cp" 2>&1
rc=$?
check "check-patch: one site moved to system_dfl_wq beside a schedule_work() is a WQ014 (exit $rc)" \
	test $rc -eq 1 -a "$(grep -c '\[WQ014\]$' "$scratch/cp")" -ge 1
(cd "$scratch/t" && sed -i 's/mod_delayed_work(system_wq,/mod_delayed_work(system_percpu_wq,/' \
	drivers/percpu/unbound_item.c && git diff >"$scratch/fix.patch" && git checkout -q -- .)
"$WQCHECK" check-patch --tree="$scratch/t" --rules=WQ014 "$scratch/fix.patch" >"$scratch/cp2" 2>&1
rc=$?
check "check-patch: the conversion that ends a WQ014 adds none (exit $rc)" test $rc -eq 0

# A rename of one queue site of an item already on two workqueues rewrites
# the line of a WQ014 the tree had: not the patch's (issue 29's v6.19
# series: nvmet ka_work). A third workqueue is.
(cd "$scratch/t" && sed -i 's/mod_delayed_work(system_wq,/mod_delayed_work(system_unbound_wq,/' \
	drivers/percpu/unbound_item.c && git diff >"$scratch/rename.patch" &&
	"$WQCHECK" scan --rules=WQ014 drivers/percpu/unbound_item.c >"$scratch/renamed" 2>&1
	git checkout -q -- .)
"$WQCHECK" check-patch --tree="$scratch/t" --rules=WQ014 "$scratch/rename.patch" >"$scratch/cp3" 2>&1
rc=$?
check "check-patch: renaming a site of an item already on two workqueues adds no WQ014 (exit $rc)" \
	test $rc -eq 0 -a -n "$(grep 'mod_delayed_work() queues.*system_unbound_wq.*\[WQ014\]$' "$scratch/renamed")"
(cd "$scratch/t" && sed -i '/^void ui_dev_setup/i void ui_dev_third(struct ui_dev *d)\n{\n\tqueue_delayed_work(system_dfl_wq, \&d->poll_work, 0);\n}\n' \
	drivers/percpu/unbound_item.c && git diff >"$scratch/third.patch" && git checkout -q -- .)
"$WQCHECK" check-patch --tree="$scratch/t" --rules=WQ014 "$scratch/third.patch" >"$scratch/cp4" 2>&1
rc=$?
check "check-patch: a third workqueue for an item already on two is a WQ014 (exit $rc)" \
	test $rc -eq 1 -a "$(grep -c 'system_dfl_wq.*\[WQ014\]$' "$scratch/cp4")" -ge 1
check "check-patch leaves the tree as it was" test -z "$(git -C "$scratch/t" status --porcelain)"
# The same judged by wqcheck diff, the pre-image read from the base commit.
git clone -q "$scratch/t" "$scratch/d"
(cd "$scratch/d" && git apply "$scratch/rename.patch" &&
	git -c user.name=t -c user.email=t@invalid commit -qam rename &&
	git apply "$scratch/third.patch" &&
	git -c user.name=t -c user.email=t@invalid commit -qam third)
"$WQCHECK" diff --tree="$scratch/d" --rules=WQ014 HEAD~2..HEAD~1 >"$scratch/d1" 2>&1
rc=$?
check "diff: the rename commit adds no WQ014 (exit $rc)" test $rc -eq 0
"$WQCHECK" diff --tree="$scratch/d" --rules=WQ014 HEAD~1..HEAD >"$scratch/d2" 2>&1
rc=$?
check "diff: the third workqueue's commit adds a WQ014 (exit $rc)" \
	test $rc -eq 1 -a "$(grep -c 'system_dfl_wq.*\[WQ014\]$' "$scratch/d2")" -ge 1

# --- the rename that ends a WQ014 says so ------------------------------------
"$WQCHECK" scan --rules=WQ020 "$scratch/t/drivers/percpu/unbound_item.c" >"$scratch/wq020" 2>&1
check "WQ020 where the item is also schedule_*()d: its evidence says the rename ends a WQ014" \
	grep -q 'note: &d->poll_work is also queued with schedule_\*() here, on system_percpu_wq: this conversion ends a WQ014' "$scratch/wq020"
"$WQCHECK" series -q --from="T <t@invalid>" -o "$scratch/plain" "$scratch/t" >/dev/null 2>&1
check "series: the system_wq patch's log says it is also a fix, the others' do not" \
	test "$(grep -l 'This is also a fix' "$scratch/plain"/*.patch | wc -l)" -eq 1 -a \
	-n "$(grep -l 'This is also a fix' "$scratch/plain"/*system_wq-with-system_percpu*.patch)"

# --- our own series keeps every item on one workqueue --------------------------
"$WQCHECK" series -q --prefer-unbound --from="T <t@invalid>" -o "$scratch/series" \
	"$scratch/t" >/dev/null 2>"$scratch/series.err"
rc=$?
check "series --prefer-unbound on the 6.17 corpus (exit $rc)" test $rc -eq 0
check "series --prefer-unbound keeps the poll item's system_wq site per-CPU" \
	grep -q '^+.*mod_delayed_work(system_percpu_wq, &d->poll_work' "$scratch/series"/*.patch
check "series --prefer-unbound moves the flush item, queued on system_wq only" \
	grep -q '^+.*queue_work(system_dfl_wq, &d->flush_work' "$scratch/series"/*.patch
ls "$scratch/series"/*.patch | grep -v 0000- >"$scratch/patches"
"$WQCHECK" check-patch --tree="$scratch/t" --rules=WQ013,WQ014,WQ015 \
	$(cat "$scratch/patches") >"$scratch/own" 2>&1
rc=$?
check "check-patch of our own series: no WQ013-WQ015 added (exit $rc)" \
	test $rc -eq 0 -a "$(grep -c ': \(warning\|error\): .*\[WQ01[345]\]$' "$scratch/own")" -eq 0
check "check-patch of our own series: the patch that ends the poll item's split says so, a note" \
	grep -q 'note: the change ends a split the tree had \[WQ014\]$' "$scratch/own"

if [ -s "$scratch/stderr" ] && grep -qv '^wqcheck: ' "$scratch/stderr"; then
	echo "not ok - unexpected stderr"
	sed 's/^/    /' "$scratch/stderr"
fi
. "$TOP/tests/lib/series-truth.sh"
series_truth "$scratch" reentry
