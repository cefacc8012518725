#!/bin/bash
# slow: yes
# timeout: 1200
# wqcheck validate builds objects that another directory's Makefile lists,
# on the Linux 6.1 legacy fixture (tests/real/legacy-fixture.sh) with real
# kbuild: virt/kvm/eventfd.o, which virt/kvm/ has no rule for and
# arch/x86/kvm/Makefile builds into kvm.o through the included
# virt/kvm/Makefile.kvm ($(KVM)/eventfd.o, KVM = ../../../virt/kvm), and
# drivers/gpu/drm/i915/selftests/i915_sw_fence.c, a .c file no Makefile
# lists that i915_sw_fence.c #includes under
# #if IS_ENABLED(CONFIG_DRM_I915_SELFTEST). Under the fixture's
# configuration with KVM and the i915 selftests, validate must build
# eventfd.o as arch/x86/kvm/../../../virt/kvm/eventfd.o and the selftest
# inside i915_sw_fence.o, and tell a patch that keeps their code (equal)
# from one that changes it (different, in the function it changes): the
# proof that the patched source itself was compiled. Before, both were
# "not built" (no Makefile rule). Their reasons when the gates are unset
# are tests/unit/test-validate-listing.c's. Cached under
# ${WQCHECK_CACHE:-~/.cache/wqcheck}/validate: the prepared O= directory of
# that configuration (the first run makes it: make prepare of the fixture).
# Set WQCHECK_REAL=0 to skip.
set -u
: "${WQCHECK:?}" "${TOP:?}"
name=t-validate-listed
if [ "${WQCHECK_REAL:-1}" = 0 ]; then
	echo "skip - $name: WQCHECK_REAL=0"
	exit 0
fi
for c in git python3 diff make; do
	command -v $c >/dev/null || { echo "skip - $name: $c is not installed"; exit 0; }
done
. "$TOP/tests/lib/validate-suite.sh" $name

fixture=$("$TOP/tests/real/legacy-fixture.sh" 2>"$scratch/fixture.err") || {
	echo "skip - $name: the legacy fixture cannot be had: $(tail -n 1 "$scratch/fixture.err")"
	exit 0
}
kvm=virt/kvm/eventfd.c
selftest=drivers/gpu/drm/i915/selftests/i915_sw_fence.c

# --- the series --------------------------------------------------------------
# write_patch N SUBJECT FILE SED: the fixture's FILE through sed SED
mkdir -p "$scratch/series"
write_patch() {
	local n=$1 subject=$2 file=$3 script=$4 out=$scratch/series/000$1-test.patch
	mkdir -p "$scratch/b/$(dirname "$file")"
	sed "$script" "$fixture/$file" >"$scratch/b/$file"
	{
		printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
		printf 'From: wqcheck test <t@invalid>\nDate: Mon, 20 Aug 2012 00:00:00 +0000\n'
		printf 'Subject: [PATCH %s/3] %s\n\n---\n' "$n" "$subject"
		printf 'diff --git a/%s b/%s\n' "$file" "$file"
		diff -u --label "a/$file" --label "b/$file" "$fixture/$file" "$scratch/b/$file"
		printf -- '-- \n2.39.2\n'
	} >"$out"
	grep -q '^+++ ' "$out"
}
# 1: a comment before the injection's queueing: the same code
# 2: the resampler signals 2, not 1: irqfd_resampler_ack() changes
# 3: a live selftest's message changes (test_AB: not test_dag, which
#    CONFIG_DRM_I915_SW_FENCE_CHECK_DAG leaves out): i915_sw_fence.o changes
if ! write_patch 1 "KVM: eventfd: say where the injection runs" $kvm \
	's|^\t\t\tschedule_work(&irqfd->inject);|\t\t\t/* in the work item: irqfd_inject() */\n&|' ||
   ! write_patch 2 "KVM: eventfd: signal twice" $kvm \
	's/eventfd_signal(irqfd->resamplefd, 1);/eventfd_signal(irqfd->resamplefd, 2);/' ||
   ! write_patch 3 "drm/i915/selftests: another word" $selftest \
	's/Incorrectly reported fence A was complete before await/Fence A was reported complete before await/'; then
	echo "not ok - $name: the series could not be written from the fixture"
	exit 0
fi

# the fixture's configuration with what builds them: KVM (kvm.o, whose
# kvm-y lists eventfd.o) and the i915 selftests (EXPERT first)
{
	cat "$fixture/.config"
	printf 'CONFIG_KVM=y\nCONFIG_EXPERT=y\nCONFIG_DRM_I915_SELFTEST=y\n'
} >"$scratch/config"
"$WQCHECK" validate -q -j2 --format=json --config="$scratch/config" --series "$scratch/series" \
	"$fixture" >"$scratch/v.json" 2>"$scratch/v.err"
rc=$?
r=$(jq_py x '
for p in d["patches"]:
	for o in p["objects"]:
		fns = sorted(set(f.split(":")[-1].split(".")[0] for f in o["code_diff_functions"]))
		print(p["patch"][:4], o["object"], o["built"], o["code_verdict"], ",".join(fns) or "-",
		      o.get("built_as") or "-")
' "$scratch/v.json" 2>&1)
want="0001 virt/kvm/eventfd.o True equal - arch/x86/kvm/../../../virt/kvm/eventfd.o
0002 virt/kvm/eventfd.o True different irqfd_resampler_ack arch/x86/kvm/../../../virt/kvm/eventfd.o
0003 drivers/gpu/drm/i915/i915_sw_fence.o True different test_AB -"
if [ "$r" = "$want" ] && [ "$rc" = 1 ]; then
	ok "virt/kvm/eventfd.o built as arch/x86/kvm/../../../virt/kvm/eventfd.o, the i915 selftest inside i915_sw_fence.o: equal where the code is kept, different where it is not (exit 1)"
else
	not_ok "objects listed from another directory, and a .c #included from the one above, built and judged" \
		"rc=$rc, want 1" "got:" "$r" "want:" "$want" "$(tail -5 "$scratch/v.err")"
fi
