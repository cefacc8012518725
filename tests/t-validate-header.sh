#!/bin/bash
# wqcheck validate on a series that converts a local header (a .h file next
# to the .c files that #include it, as kernel/rcu/tasks.h is to update.c in
# the 6.17 series of the percpu fixture): the header's users are the objects
# it touches, judged like the others; and since validate knows them, the
# series still gets the one final build of the objects no later patch
# touches (before, any header in a series meant a make per patch: 226 on
# the fixture). A header change beyond the conversion is a difference in
# the user, named by function.
set -u
: "${WQCHECK:?}" "${TOP:?}"

. "$TOP/tests/lib/validate-suite.sh" t-validate-header

sysq=drivers/percpu/stats_sysq.c
alloc=drivers/percpu/stats_alloc.c
local_h=drivers/percpu/stats_local.h

# corpus/6.17 with a local header whose inline function stats_sysq.c calls
new_tree() {
	local dir=$scratch/$1
	mkdir -p "$dir"
	git -C "$TOP" archive --format=tar HEAD corpus/6.17 | tar -xf - -C "$dir"
	mv "$dir/corpus/6.17" "$dir/tree"
	cat >"$dir/tree/$local_h" <<'EOF'
/* SPDX-License-Identifier: GPL-2.0 */
#include <linux/workqueue.h>

static inline void stats_local_kick(struct work_struct *w)
{
	queue_work(system_wq, w);
}
EOF
	sed -i 's|^#include <linux/workqueue.h>$|&\n#include "stats_local.h"|' "$dir/tree/$sysq"
	cat >>"$dir/tree/$sysq" <<'EOF'

void stats_local(struct work_struct *w)
{
	stats_local_kick(w);
}
EOF
	(cd "$dir/tree" && git init -q && G add -A -f . && G commit -q -m "6.17 corpus base")
	echo "$dir/tree"
}

series() {	# TREE N OUT
	(cd "$1" && G format-patch -q --cover-letter --base="HEAD~$2" -o "$3" "HEAD~$2" &&
	 G reset -q --hard "HEAD~$2")
}

# 1: the header and its user converted (WQ020, WQ021); 2: WQ022 elsewhere
make_series() {	# TREE OUT HEADER_NAME
	local tree=$1
	sed -i "s/queue_work(system_wq, w)/queue_work($3, w)/" "$tree/$local_h"
	"$WQCHECK" scan -q --rules=WQ020,WQ021 --in-place "$tree/$sysq" >/dev/null 2>&1
	(cd "$tree" && G commit -q -a -m "percpu: system_percpu_wq, system_dfl_wq")
	"$WQCHECK" scan -q --rules=WQ022 --in-place "$tree/$alloc" >/dev/null 2>&1
	(cd "$tree" && G commit -q -a -m "percpu: WQ_PERCPU")
	series "$tree" 2 "$2"
}

tree=$(new_tree good)
make_series "$tree" "$scratch/good.series" system_percpu_wq
# make as it is, each run's arguments logged: which objects each build names
real_make=$(command -v make)
mkdir -p "$scratch/bin"
printf '#!/bin/sh\necho "$*" >>"%s"\nexec "%s" "$@"\n' "$scratch/make.log" "$real_make" >"$scratch/bin/make"
chmod +x "$scratch/bin/make"
# (no sandbox: the shim logs outside what bubblewrap lets make write)
PATH=$scratch/bin:$PATH "$WQCHECK" validate -q --format=json --sandbox=never \
	--series "$scratch/good.series" "$tree" \
	>"$scratch/good.json" 2>"$scratch/good.err"
rc=$?
r=$(jq_py x '
for p in d["patches"]:
    for o in p["objects"]:
        print(o["object"], o["code_verdict"], ",".join(sorted(o["conversion_differences"])))' "$scratch/good.json" 2>&1)
expected="drivers/percpu/stats_sysq.o equal_up_to_conversion stats_kick(): system_wq -> system_percpu_wq,stats_local(): system_wq -> system_percpu_wq,stats_pick_wq(): system_unbound_wq -> system_dfl_wq,stats_pick_wq(): system_wq -> system_percpu_wq,stats_start(): system_unbound_wq -> system_dfl_wq,stats_start(): system_wq -> system_percpu_wq
drivers/percpu/stats_alloc.o equal_up_to_conversion stats_alloc(): | WQ_PERCPU"
if [ "$rc" = 0 ] && [ "$r" = "$expected" ]; then
	ok "a local header's change is judged in the object that includes it, equal up to the conversion (exit 0)"
else
	not_ok "a local header's change is judged in the object that includes it" "rc=$rc" "$r" \
		"$(tail -n 3 "$scratch/good.err")"
fi
# one final build of both objects, not a make per patch: every make that
# names one of them names both (the base's, the last touches')
builds=$(grep -E 'stats_(sysq|alloc)\.o' "$scratch/make.log" 2>/dev/null)
if [ -n "$builds" ] && ! echo "$builds" | grep -vq 'stats_sysq\.o.*stats_alloc\.o\|stats_alloc\.o.*stats_sysq\.o'; then
	ok "a series with a local header keeps the one final build ($(echo "$builds" | wc -l) makes, each of both objects)"
else
	not_ok "a series with a local header keeps the one final build" "$builds"
fi

# the header's inline function queues on another workqueue: a difference
tree=$(new_tree bad)
make_series "$tree" "$scratch/bad.series" system_highpri_wq
"$WQCHECK" validate -q --format=json --series "$scratch/bad.series" "$tree" >"$scratch/bad.json" 2>&1
rc=$?
r=$(jq_py x '
print([(o["object"], o["code_verdict"], o["code_diff_functions"])
       for p in d["patches"] for o in p["objects"]])' "$scratch/bad.json" 2>&1)
if [ "$rc" = 1 ] &&
   [ "$r" = "[('drivers/percpu/stats_sysq.o', 'different', ['stats_local']), ('drivers/percpu/stats_alloc.o', 'equal_up_to_conversion', [])]" ]; then
	ok "system_wq -> system_highpri_wq in the header: its user differs in that function (exit 1)"
else
	not_ok "system_wq -> system_highpri_wq in the header is a difference" "rc=$rc $r"
fi
[ -z "$(ls -A "$TMPDIR")" ] && ok "no scratch directory left behind" ||
	not_ok "no scratch directory left behind" "$(ls "$TMPDIR")"
