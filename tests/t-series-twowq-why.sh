#!/bin/bash
# WQ014's fix gives no patch for an item whose two workqueues it does not
# move queueings between, and the reason on stderr must be true of the
# workqueues it names (a reader takes it as a statement about them). On
# corpus/6.17 with two_why.c: schedule_*()'s workqueue named at a call
# beside system_highpri_wq; system_power_efficient_wq, a driver's own,
# system_percpu_wq beside a schedule_*() that is still on system_wq (the
# header changed so); system_freezable_wq beside system_long_wq; a BH one
# beside a process-context one. On corpus/ (the 3.7 merge window: the
# non-reentrant core, system_nrt_wq and system_nrt_freezable_wq still
# allocated) with nrt_why.c: schedule_*() beside each of the two 3.7 made
# redundant. Their reasons say what the series' conversions do, and that
# is checked: after git am, d->nrt has no WQ014; a second series on the
# result fixes d->frz. No reason says "not a per-CPU system workqueue" of
# a per-CPU one.
# asan: yes
# timeout: 300
set -u
: "${WQCHECK:?}" "${TOP:?}"
. "$TOP/tests/lib/git-home.sh" t-series-twowq-why "Why Tester" why@example.org
# the reason the series gave for FILE:LINE in ERR, or nothing
why() { sed -n "s|^wqcheck: drivers/reentry/$2: WQ014 not fixed: ||p" "$1"; }
says() { local r=$1; shift; for w in "$@"; do case $r in *"$w"*) ;; *) return 1 ;; esac; done; }
repo() { (cd "$1" && git init -q && git add -A && git commit -qm "Import the tree"); }

# one item a function: each queued by tw_kick() and tw_poke()
item() {	# NAME
	printf 'static void tw_%s(struct work_struct *w)\n{\n' "$1"
	printf '\tstruct tw_dev *d = container_of(w, struct tw_dev, %s);\n\n\td->n++;\n}\n\n' "$1"
}
{
	printf '// SPDX-License-Identifier: GPL-2.0\n#include <linux/workqueue.h>\n\n'
	printf 'struct tw_dev {\n\tint n;\n\tstruct work_struct named, pe, own, frz, bh, pc;\n};\n\n'
	printf 'static struct workqueue_struct *tw_wq;\n\n'
	for i in named pe own frz bh pc; do item $i; done
	printf 'void tw_kick(struct tw_dev *d)\n{\n'
	printf '\tschedule_work(&d->named);\n\tschedule_work(&d->pe);\n\tschedule_work(&d->own);\n'
	printf '\tschedule_work(&d->pc);\n\tqueue_work(system_long_wq, &d->frz);\n'
	printf '\tqueue_work(system_long_wq, &d->bh);\n\tqueue_work(system_long_wq, &d->bh);\n}\n\n'
	printf 'void tw_poke(struct tw_dev *d)\n{\n'
	printf '\tqueue_work(system_percpu_wq, &d->named);\n'
	printf '\tqueue_work(system_highpri_wq, &d->named);\n'
	printf '\tqueue_work(system_power_efficient_wq, &d->pe);\n'
	printf '\tqueue_work(tw_wq, &d->own);\n'
	printf '\tqueue_work(system_percpu_wq, &d->pc);\n'
	printf '\tqueue_work(system_freezable_wq, &d->frz);\n'
	printf '\tqueue_work(system_bh_wq, &d->bh);\n}\n\n'
	printf 'void tw_setup(struct tw_dev *d)\n{\n'
	for i in named pe own frz bh pc; do printf '\tINIT_WORK(&d->%s, tw_%s);\n' $i $i; done
	printf '}\n\nvoid tw_teardown(struct tw_dev *d)\n{\n'
	for i in named pe own frz bh pc; do printf '\tcancel_work_sync(&d->%s);\n' $i; done
	printf '}\n'
} >"$T/two_why.c"
# the line of two_why.c's queueing of WQ on ITEM
at() { grep -n "^	queue_work($1, &d->$2);\$" "$T/two_why.c" | cut -d: -f1; }

# --- 6.17+: schedule_*() on system_percpu_wq --------------------------------
a=$T/a
mkdir -p "$a" && cp -r "$TOP/corpus/6.17/." "$a/" && cp "$T/two_why.c" "$a/drivers/reentry/" &&
	repo "$a" || { not_ok "setup: corpus/6.17 with two_why.c"; exit 0; }
"$WQCHECK" series --cc=maintainers -o "$T/a-out" "$a" >/dev/null 2>"$T/a.err"
check "6.17+: no patch touches two_why.c (every item there is left, with a reason)" \
	bash -c "! grep -q 'two_why' '$T/a-out'/0*.patch"
r=$(why "$T/a.err" two_why.c:$(at system_highpri_wq named))
check "schedule_*()'s workqueue also named at a call: said so, not \"not per-CPU\"" \
	says "$r" "queued on system_percpu_wq, schedule_*()'s workqueue here, by name (line $(at system_percpu_wq named))" \
	"and on system_highpri_wq"
r=$(why "$T/a.err" two_why.c:$(at system_power_efficient_wq pe))
check "system_power_efficient_wq: per-CPU unless the boot makes it unbound" \
	says "$r" "system_power_efficient_wq, is per-CPU unless workqueue.power_efficient makes it unbound"
r=$(why "$T/a.err" two_why.c:$(at tw_wq own))
check "a driver's own (tw_wq), as written: none of the kernel's per-CPU system workqueues" \
	says "$r" "its other workqueue, tw_wq, is none of the kernel's per-CPU system workqueues"
r=$(why "$T/a.err" two_why.c:$(at system_freezable_wq frz))
check "system_freezable_wq beside system_long_wq: the freezing named, of the right one" \
	says "$r" "system_freezable_wq, is frozen during suspend and the other, system_long_wq, is not"
r=$(why "$T/a.err" two_why.c:$(at system_bh_wq bh))
check "system_bh_wq beside system_long_wq: the two contexts" \
	says "$r" "system_long_wq runs its work in process context and system_bh_wq in softirq (BH) context"
r=$(why "$T/a.err" two_pool.c:40)
check "two_pool.c's sampler: system_dfl_wq is unbound" \
	says "$r" "its other workqueue, system_dfl_wq, is unbound"
check "6.17+: the item on system_percpu_wq only (schedule_*() and by name) has no finding to fix" \
	bash -c "! grep -q 'two_why.c:$(at system_percpu_wq pc):' '$T/a.err'"

# --- 6.17 before the header moved schedule_*() to system_percpu_wq ---------
b=$T/b
mkdir -p "$b" && cp -r "$TOP/corpus/6.17/." "$b/" && cp "$T/two_why.c" "$b/drivers/reentry/" &&
	sed -i 's/return queue_work(system_percpu_wq, work);/return queue_work(system_wq, work);/' \
		"$b/include/linux/workqueue.h" &&
	grep -q 'return queue_work(system_wq, work);' "$b/include/linux/workqueue.h" && repo "$b" ||
	{ not_ok "setup: corpus/6.17 whose schedule_work() queues on system_wq"; exit 0; }
"$WQCHECK" series --cc=maintainers -o "$T/b-out" "$b" >/dev/null 2>"$T/b.err"
r=$(why "$T/b.err" two_why.c:$(at system_percpu_wq pc))
check "system_percpu_wq beside schedule_*()'s system_wq: a second workqueue of the tree's, not \"not per-CPU\"" \
	says "$r" "its other workqueue is system_percpu_wq, which this tree allocates beside system_wq, schedule_*()'s"

# --- the 3.7 merge window: system_nrt_wq, system_nrt_freezable_wq ----------
c=$T/c
mkdir -p "$c" && cp -r "$TOP/corpus/." "$c/" && rm -rf "$c/6.17" &&
cat >"$c/drivers/reentry/nrt_why.c" <<'EOC' && repo "$c" || { not_ok "setup: corpus/ with nrt_why.c"; exit 0; }
// SPDX-License-Identifier: GPL-2.0
#include <linux/workqueue.h>

struct nw_dev {
	int n;
	struct work_struct nrt, frz;
};

static void nw_nrt(struct work_struct *w)
{
	struct nw_dev *d = container_of(w, struct nw_dev, nrt);

	d->n++;
}

static void nw_frz(struct work_struct *w)
{
	struct nw_dev *d = container_of(w, struct nw_dev, frz);

	d->n++;
}

void nw_kick(struct nw_dev *d)
{
	schedule_work(&d->nrt);
	schedule_work(&d->frz);
}

void nw_poke(struct nw_dev *d)
{
	queue_work(system_nrt_wq, &d->nrt);
	queue_work(system_nrt_freezable_wq, &d->frz);
}

void nw_setup(struct nw_dev *d)
{
	INIT_WORK(&d->nrt, nw_nrt);
	INIT_WORK(&d->frz, nw_frz);
}

void nw_teardown(struct nw_dev *d)
{
	cancel_work_sync(&d->nrt);
	cancel_work_sync(&d->frz);
}
EOC
"$WQCHECK" series --cc=maintainers -o "$T/c-out" "$c" >/dev/null 2>"$T/c.err"
r=$(why "$T/c.err" nrt_why.c:$(grep -n "system_nrt_wq, &d->nrt" "$c/drivers/reentry/nrt_why.c" | cut -d: -f1))
check "system_nrt_wq: one 3.7 made redundant, which this series converts onto schedule_*()'s" \
	says "$r" "its other workqueue, system_nrt_wq, is one of the workqueues 3.7 made redundant" \
	"this series converts it to system_wq (WQ003), which puts the item on one workqueue, system_wq"
r=$(why "$T/c.err" nrt_why.c:$(grep -n "system_nrt_freezable_wq, &d->frz" "$c/drivers/reentry/nrt_why.c" | cut -d: -f1))
check "system_nrt_freezable_wq: converted to system_freezable_wq, and then run the series again" \
	says "$r" "system_nrt_freezable_wq, is one of the workqueues 3.7 made redundant" \
	"converts it to system_freezable_wq (WQ004), after which the item is on system_freezable_wq and system_wq"
check "no reason says \"not a per-CPU system workqueue\"" \
	bash -c "! grep -q 'not a per-CPU system' '$T/a.err' '$T/b.err' '$T/c.err'"
git -C "$c" am -q $(ls "$T/c-out"/0*.patch | grep -v cover-letter) 2>"$T/am.err"
check "the 3.7 series applies with git am" test $? -eq 0
"$WQCHECK" scan -q --rules=WQ014 "$c" >"$T/c-after" 2>&1
check "as its reason says: after the series, d->nrt is on one workqueue (no WQ014), d->frz still on two" \
	bash -c "! grep -q 'nrt_why.c:.*d->nrt.*WQ014' '$T/c-after' && grep -q 'nrt_why.c:.*d->frz.*WQ014' '$T/c-after'"
"$WQCHECK" series --cc=maintainers -o "$T/c2-out" "$c" >/dev/null 2>"$T/c2.err"
p=$(grep -l '^Subject: .*queue d->frz on system_freezable_wq only' "$T/c2-out"/0*.patch 2>/dev/null)
check "as its reason says: the series run again on the result fixes d->frz" \
	bash -c "[ -n '$p' ] && grep -q '^+	queue_work(system_freezable_wq, &d->frz);' '$p'"

. "$TOP/tests/lib/series-truth.sh"
series_truth "$T" series-twowq-why
