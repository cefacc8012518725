#!/bin/bash
# check-patch on real mail (tests/mail/: workqueue patches as linux-wireless
# and linux-s390 carried them, v2 and v3 of a series, cover letters, base64
# and quoted-printable replies): the series picked from a thread, the
# sender's numbers, the outcomes a bot tells apart, and --bot's verdict
# lines, on pre-images built from the mails' own hunks in a copy of
# corpus/6.17. On v6.19 (when /work/trees/linux-6.19 or WQCHECK_LINUX_619
# is there) the verdicts the lists' mail gets on the tree it went to.
# asan: yes
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export TMPDIR=$scratch/tmp
mkdir -p "$TMPDIR"
mail=$TOP/tests/mail

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else nok "$name" "failed: $*"; fi; }
run() { "$WQCHECK" "$@" >"$scratch/out" 2>"$scratch/err"; echo $? >"$scratch/rc"; }
rc() { [ "$(cat "$scratch/rc")" = "$1" ]; }
show() { echo "rc=$(cat "$scratch/rc")"; head -c 1500 "$scratch/out"; head -c 800 "$scratch/err"; }

tree=$scratch/tree
cp -a "$TOP/corpus/6.17" "$tree"
all="$mail/iwlwifi-v2-v3.mbox $mail/iwlwifi-transport.eml $mail/rtw88-usb-unbound.eml $mail/ath6kl-invalid-flags.eml $mail/s390-hiperdispatch.eml"
python3 "$mail/preimage.py" "$tree" $all || { nok "setup: pre-images from the mails' hunks"; exit 0; }

run check-patch --tree="$tree" "$mail/iwlwifi-v2-v3.mbox"
if rc 0 && grep -qx 'total: 0 errors, 0 warnings, 0 notes, 3 patches checked (v3)' "$scratch/out" &&
   grep -q 'holds 2 versions of the series; v3 checked' "$scratch/err" &&
   [ "$(grep -c ': a reply, skipped$' "$scratch/err")" -eq 3 ] && [ "$(grep -c 'no diff (a cover letter?), skipped$' "$scratch/err")" -eq 2 ]; then
	ok "real thread (v2, v3, two cover letters, three encoded replies): v3's three patches checked, the rest skipped and said"
else
	nok "real thread: v3 checked" "$(show)"
fi
run check-patch --tree="$tree" --all-versions --format=json "$mail/iwlwifi-v2-v3.mbox"
check "--all-versions: v2 and v3 each checked, three patches each" \
	eval 'rc 0 && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert [(x[\"summary\"][\"version\"], x[\"summary\"][\"patches\"]) for x in d] == [(2, 3), (3, 3)]" "$scratch/out"'

# One mail of the thread at a time, as b4's per-patch hook hands them over.
split() { # N: the Nth mail of the mbox
	awk -v n="$1" '/^From mboxrd@z/ { i++ } i == n' "$mail/iwlwifi-v2-v3.mbox"
}
for i in $(seq 1 11); do split "$i" >"$scratch/mail-$i.eml"; done
run check-patch --tree="$tree" --emacs "$scratch/mail-8.eml"
check "\"[PATCH v3 1/3]\" alone: its line and total (patch 1/3 in the text's note)" \
	eval 'rc 0 && grep -q "^Subject: \[PATCH v3 1/3\]" "$scratch/mail-8.eml" && grep -q "^total: 0 errors, 0 warnings, [0-9]* lines checked" "$scratch/out"'
run check-patch --tree="$tree" "$scratch/mail-10.eml"
check "a real base64 reply (RE: [PATCH v3 1/3]): nothing to check, exit 3, said" \
	eval 'rc 3 && grep -qi "^Content-Transfer-Encoding: base64" "$scratch/mail-10.eml" && grep -qx "total: nothing to check (a reply)" "$scratch/out"'
run check-patch --tree="$tree" "$scratch/mail-11.eml"
check "a real quoted-printable reply: nothing to check, exit 3" \
	eval 'rc 3 && grep -qi "^Content-Transfer-Encoding: quoted-printable" "$scratch/mail-11.eml" && grep -qx "total: nothing to check (a reply)" "$scratch/out"'
run check-patch --tree="$tree" "$scratch/mail-6.eml"
check "a real cover letter ([PATCH v3 0/3]): nothing to check, exit 3" \
	eval 'rc 3 && grep -qx "total: nothing to check (a cover letter)" "$scratch/out"'

# Already applied, and not applying: the s390 patch on its own post-image,
# and the ath6kl fix on a tree whose line moved on.
post=$scratch/post
cp -a "$tree" "$post"
(cd "$post" && git apply "$mail/s390-hiperdispatch.eml") || nok "setup: the s390 patch applies"
run check-patch --tree="$post" "$mail/s390-hiperdispatch.eml"
check "a patch the tree already has: exit 5, said on stderr and in the summary" \
	eval 'rc 5 && grep -q "patch 3/3 \"\[PATCH v2 3/3\] s390: replace use of system_wq with system_dfl_wq\" is already applied" "$scratch/err" && grep -qx "total: already applied (v2)" "$scratch/out"'
sed -i 's/alloc_workqueue("ath6kl_wq", 0, 0)/alloc_workqueue("ath6kl_wq", WQ_SYSFS, 0)/' "$post/drivers/net/wireless/ath/ath6kl/usb.c"
run check-patch --tree="$post" "$mail/ath6kl-invalid-flags.eml"
check "a patch whose lines the tree changed: does not apply, exit 4, the hunk named" \
	eval 'rc 4 && grep -q "drivers/net/wireless/ath/ath6kl/usb.c: hunk #1 (@@ .*) does not match" "$scratch/err"'

# WQ023 on the real patch that set WQ_UNBOUND on a WQ_BH workqueue, as
# corpus/6.17's kernel/workqueue.c refuses it (the tests of the real core).
run check-patch --tree="$tree" "$mail/rtw88-usb-unbound.eml"
check "rtw88's WQ_BH | WQ_UNBOUND: WQ023 (an error), the core's test named, exit 1" \
	eval 'rc 1 && grep -q "^drivers/net/wireless/realtek/rtw88/usb.c:968:[0-9]*: error: alloc_workqueue() with WQ_BH and WQ_UNBOUND \[WQ023\]$" "$scratch/out" &&
	      grep -q "^kernel/workqueue.c:[0-9]*:[0-9]*: note: __WQ_BH_ALLOWS admits only WQ_BH, WQ_HIGHPRI and WQ_PERCPU$" "$scratch/out"'

# --bot: one verdict a series, tab-separated.
run check-patch --bot --tree="$post" $all
cut -f1-4 "$scratch/out" >"$scratch/verdicts"
cat >"$scratch/want" <<'EOV'
20251120100850.66192-1-marco.crivellari@suse.com	v2	clean	-
20260210143332.206146-1-marco.crivellari@suse.com	v3	clean	-
20260707102301.148845-1-marco.crivellari@suse.com	v1	clean	-
20251118102032.54375-3-marco.crivellari@suse.com	v2	findings	WQ023@drivers/net/wireless/realtek/rtw88/usb.c:968
20260612060536.247232-1-wuyankun@uniontech.com	v2	does-not-apply	-
20250917153859.363593-4-marco.crivellari@suse.com	v2	already-applied	-
EOV
if rc 1 && diff <(head -6 "$scratch/verdicts") "$scratch/want" >"$scratch/d" &&
   grep -qx 'total: 6 series: 1 findings, 3 clean, 0 nothing to check, 1 do not apply, 1 already applied; 0 threads of replies only' "$scratch/out" &&
   [ "$(cut -f5 "$scratch/out" | head -1)" = "[PATCH v2 0/3] Replace uses of system_wq and system_unbound_wq" ]; then
	ok "--bot: six series of five inputs, one verdict line each (message-id, version, outcome, findings, subject), replies not judged; rtw88's WQ_BH | WQ_UNBOUND is WQ023, exit 1"
else
	nok "--bot: one verdict line a series" "$(cat "$scratch/d")" "$(show)"
fi
run check-patch --bot --format=json --tree="$post" "$mail/s390-hiperdispatch.eml" "$scratch/mail-10.eml"
check "--bot --format=json: an object a series, its reason; a reply alone is no series" \
	eval 'rc 0 && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d) == 1 and d[0][\"outcome\"] == \"already-applied\" and \"already applied\" in d[0][\"reason\"], d" "$scratch/out"'

# --bot on a public-inbox archive: a git repository, one commit a mail.
inbox=$scratch/inbox.git
git init -q --bare "$inbox" && work=$scratch/inbox-work && git init -q "$work" &&
for i in $(seq 1 11); do
	sed 1d "$scratch/mail-$i.eml" >"$work/m"
	git -C "$work" add m && git -C "$work" -c user.name=t -c user.email=t@invalid commit -q -m "mail $i"
done && git -C "$work" push -q "$inbox" HEAD:refs/heads/master 2>/dev/null
run check-patch --bot --tree="$tree" "$inbox"
check "--bot on a public-inbox archive: v2 and v3 of its 11 mails, a verdict each" \
	eval 'rc 0 && [ "$(grep -c "	clean	" "$scratch/out")" -eq 2 ] && grep -q "^total: 2 series" "$scratch/out"'
run check-patch --bot --tree="$tree" --range=HEAD~6..HEAD "$inbox"
check "--bot --range: only the last 6 mails (v3's), one verdict" \
	eval 'rc 0 && [ "$(grep -c "	v3	clean	" "$scratch/out")" -eq 1 ] && grep -q "^total: 1 series" "$scratch/out"'
run check-patch --range=HEAD "$mail/s390-hiperdispatch.eml"
check "--range without --bot: usage error, exit 2" rc 2
check "no scratch directory left" eval '[ -z "$(ls "$TMPDIR")" ]'

# --- on v6.19, the tree the mail went to ---------------------------------
t619=${WQCHECK_LINUX_619:-/work/trees/linux-6.19}
if [ ! -f "$t619/kernel/workqueue.c" ]; then
	echo "skip - v6.19 verdicts: no v6.19 tree at $t619 (WQCHECK_LINUX_619)"
	exit 0
fi
run check-patch --bot --tree="$t619" $all
cut -f1-4 "$scratch/out" >"$scratch/verdicts"
cp "$scratch/out" "$scratch/v619"
v() { grep "^$1	" "$scratch/verdicts" | cut -f3-4; }
both="findings	WQ014@drivers/net/wireless/intel/iwlwifi/iwl-trans.h:1095,WQ014@drivers/net/wireless/intel/iwlwifi/mvm/tdls.c:237"
check "v6.19: iwlwifi v2 and v3 add a WQ014 (iwl-trans.h's site left on system_unbound_wq) and end tdls.c's split" \
	eval '[ "$(v 20251120100850.66192-1-marco.crivellari@suse.com)" = "$both" ] &&
	      [ "$(v 20260210143332.206146-1-marco.crivellari@suse.com)" = "$both" ]'
run check-patch --tree="$t619" "$mail/iwlwifi-v2-v3.mbox"
check "v6.19: v3 3/3 ends the split of &mvm->tdls_cs.dwork (system_wq beside schedule_delayed_work()), a note attributed to it" \
	eval 'rc 1 && grep -q "^drivers/net/wireless/intel/iwlwifi/mvm/tdls.c:237:[0-9]*: note: the change ends a split the tree had \[WQ014\]$" "$scratch/out" &&
	      grep -q "note: added by patch 3/3 \"\[PATCH v3 3/3\]" "$scratch/out" && grep -qx "total: 0 errors, 1 warnings, 1 notes, 3 patches checked (v3)" "$scratch/out"'
check "v6.19: rtw88's WQ_BH | WQ_UNBOUND is WQ023 (read from v6.19's kernel/workqueue.c)" \
	eval '[ "$(v 20251118102032.54375-3-marco.crivellari@suse.com)" = "findings	WQ023@drivers/net/wireless/realtek/rtw88/usb.c:968" ]'
check "v6.19: the iwl-trans.c follow-up adds WQ014 on iwl-trans.h, a file it does not touch (its evidence added)" \
	eval '[ "$(v 20260707102301.148845-1-marco.crivellari@suse.com)" = "findings	WQ014@drivers/net/wireless/intel/iwlwifi/iwl-trans.h:1095" ]'
check "v6.19: the merged s390 patch is already applied, the ath6kl fix does not apply" \
	eval '[ "$(v 20250917153859.363593-4-marco.crivellari@suse.com)" = "already-applied	-" ] &&
	      [ "$(v 20260612060536.247232-1-wuyankun@uniontech.com)" = "does-not-apply	-" ]'

# The s390 patch on the tree it was written for: v6.19 with the patch
# reversed (hard links, the one file written anew). Its item was split
# already (system_wq and schedule_delayed_work()'s system_percpu_wq): the
# patch re-chooses one of its sites and leaves it split, a note.
rev=$scratch/t619
mkdir -p "$rev" && for d in "$t619"/*; do cp -al "$d" "$rev/" 2>/dev/null || cp -a "$d" "$rev/"; done
if (cd "$rev" && patch -R -s -p1 <"$mail/s390-hiperdispatch.eml"); then
	run check-patch --tree="$rev" "$mail/s390-hiperdispatch.eml"
	check "v6.19 before the s390 patch: moving one site of an already-split item is a WQ014 note, exit 0" \
		eval 'rc 0 && grep -q "^arch/s390/kernel/hiperdispatch.c:268:[0-9]*: note: the change moves a queue site of an item the tree already had split, and leaves it split \[WQ014\]$" "$scratch/out" &&
		      grep -qx "total: 0 errors, 0 warnings, 1 notes, 1 patch checked (v2)" "$scratch/out"'
	sed -i 's/schedule_delayed_work(&hd_capacity_work, HD_DELAY_INTERVAL)/mod_delayed_work(system_dfl_wq, \&hd_capacity_work, HD_DELAY_INTERVAL)/' "$rev/arch/s390/kernel/hiperdispatch.c"
	run check-patch --tree="$rev" "$mail/s390-hiperdispatch.eml"
	check "the same patch when the other site is on system_dfl_wq already: it ends the split, said in a note" \
		eval 'rc 0 && grep -q "note: the change ends a split the tree had \[WQ014\]$" "$scratch/out"'
else
	nok "v6.19: the s390 patch reverses"
fi
exit 0
