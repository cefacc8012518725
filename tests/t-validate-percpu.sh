#!/bin/bash
# wqcheck validate on corpus/6.17, a tree with system_percpu_wq: the 6.17
# conversion changes only the symbol a relocation names (system_wq ->
# system_percpu_wq, system_unbound_wq -> system_dfl_wq) and an immediate
# (| WQ_PERCPU). Those differences, and only those, are "equal up to the
# conversion"; a wrong name or WQ_PERCPU where WQ_UNBOUND is are
# differences, named by function.
set -u
: "${WQCHECK:?}" "${TOP:?}"

. "$TOP/tests/lib/validate-suite.sh" t-validate-percpu

new_tree() {
	local dir=$scratch/$1
	mkdir -p "$dir"
	git -C "$TOP" archive --format=tar HEAD corpus/6.17 | tar -xf - -C "$dir"
	mv "$dir/corpus/6.17" "$dir/tree"
	(cd "$dir/tree" && git init -q && G add -A -f . && G commit -q -m "6.17 corpus base")
	echo "$dir/tree"
}

series() {	# TREE N OUT
	(cd "$1" && G format-patch -q --cover-letter --base="HEAD~$2" -o "$3" "HEAD~$2" &&
	 G reset -q --hard "HEAD~$2")
}

sysq=drivers/percpu/stats_sysq.c
alloc=drivers/percpu/stats_alloc.c

# --- wqcheck series: every object equal up to the conversion, exit 0 ----------
tree=$(new_tree good)
"$WQCHECK" series -q --from="T <t@invalid>" -o "$scratch/good.series" "$tree" >/dev/null 2>"$scratch/series.err"
"$WQCHECK" validate -q --format=json --series "$scratch/good.series" "$tree" >"$scratch/good.json" 2>"$scratch/good.err"
rc=$?
r=$(jq_py x '
objs = [o for p in d["patches"] for o in p["objects"]]
kinds = sorted(set(e.split("(): ")[1] for o in objs for e in o["conversion_differences"]))
c = d["coverage"]
print(len(d["patches"]), sorted(set(o["code_verdict"] for o in objs)), kinds,
      c["objects_touched"], c["built"], c["equal_up_to_conversion"], c["different"], c["not_built"])' "$scratch/good.json" 2>&1)
# (the series' first three patches are the fix family's: ev_kick.c's
# INIT_WORK moved to ev_probe(), two_pool.c's poll item on system_long_wq
# only, two_sys_bh.c's cover item on system_bh_wq only; their objects
# change where their logs say)
if [ "$rc $r" = "0 6 ['changed_as_named', 'equal_up_to_conversion'] ['system_unbound_wq -> system_dfl_wq', 'system_wq -> system_percpu_wq', '| WQ_PERCPU'] 7 7 4 0 0" ]; then
	ok "6.17 series: every object of the renames equal up to the conversion (renames and | WQ_PERCPU), the fix's changed where it says, exit 0"
else
	not_ok "6.17 series: every object equal up to the conversion, exit 0" "rc=$rc $r" \
		"$(head -3 "$scratch/good.err" "$scratch/series.err")"
fi
"$WQCHECK" validate -q --series "$scratch/good.series" "$tree" >"$scratch/good.txt" 2>&1
last=$(tail -1 "$scratch/good.txt")
if [ "$last" = "6/6 patches applied; 7 objects touched: 7 built (0 equal, 4 equal up to the conversion, 0 different, 3 changed only where a fix says), 0 not built -> PASS" ] &&
   grep -q 'stats_alloc.o: code equal up to the conversion (| WQ_PERCPU in 1 function)' "$scratch/good.txt"; then
	ok "6.17 series: the text says what the conversion changed, and the coverage last"
else
	not_ok "6.17 series: the text says what the conversion changed, and the coverage last" "$last"
fi
# unb_init() gains WQ_PERCPU in three calls: a 5-byte mov where a 2-byte
# xor was, and the nops aligning a branch target after them change (the
# corpus is built with gcc's default -falign-jumps)
r=$(jq_py x '
print([o["code_verdict"] + " " + ",".join(sorted(o["conversion_differences"]))
       for p in d["patches"] for o in p["objects"] if o["object"].endswith("unbound_choice.o")])' "$scratch/good.json" 2>&1)
if [ "$r" = "['equal_up_to_conversion unb_kick(): system_wq -> system_percpu_wq', 'equal_up_to_conversion unb_crypt_init(): | WQ_PERCPU,unb_init(): | WQ_PERCPU']" ]; then
	ok "6.17 series: three WQ_PERCPU'd calls and the alignment after them, equal up to the conversion"
else
	not_ok "6.17 series: three WQ_PERCPU'd calls and the alignment after them" "$r"
fi

# --- --prefer-unbound: WQ_UNBOUND and system_dfl_wq change the code ----------
tree=$(new_tree unbound)
"$WQCHECK" series -q --prefer-unbound --from="T <t@invalid>" -o "$scratch/unbound.series" "$tree" >/dev/null 2>&1
"$WQCHECK" validate -q --format=json --series "$scratch/unbound.series" "$tree" >"$scratch/unbound.json" 2>&1
rc=$?
r=$(jq_py x '
print(sorted(set(o["object"].split("/")[-1] + " " + ",".join(o["code_diff_functions"])
      for p in d["patches"] for o in p["objects"] if o["code_verdict"] == "different")))' "$scratch/unbound.json" 2>&1)
# (stats_sysq.c's refresh item is also queued through STATS_WQ, a macro for
# system_wq: --prefer-unbound decides per item and does not follow the
# macro's own verdict, so that item stays per-CPU, never split)
if [ "$rc" = 1 ] && [ "$r" = "['unbound_choice.o unb_init', 'unbound_choice.o unb_kick', 'unbound_item.o ui_dev_kick']" ]; then
	ok "6.17 --prefer-unbound: WQ_UNBOUND and system_dfl_wq for system_wq are differences (exit 1)"
else
	not_ok "6.17 --prefer-unbound: WQ_UNBOUND and system_dfl_wq are differences" "rc=$rc $r"
fi

# --- patches that change something else too ----------------------------------
tree=$(new_tree bad)
# 1: system_wq -> system_percpu_wq everywhere: expected only
"$WQCHECK" scan -q --rules=WQ020 --in-place "$tree/$sysq" >/dev/null 2>&1
(cd "$tree" && G commit -q -a -m "percpu: system_percpu_wq")
# 2: system_unbound_wq -> system_dfl_wq, but one to system_highpri_wq
"$WQCHECK" scan -q --rules=WQ021 --in-place "$tree/$sysq" >/dev/null 2>&1
sed -i 's/unbound ? system_dfl_wq :/unbound ? system_highpri_wq :/' "$tree/$sysq"
(cd "$tree" && G commit -q -a -m "percpu: system_dfl_wq, and a wrong one")
# 3: WQ_PERCPU added where the flags lack it: expected only
"$WQCHECK" scan -q --rules=WQ022 --in-place "$tree/$alloc" >/dev/null 2>&1
(cd "$tree" && G commit -q -a -m "percpu: WQ_PERCPU")
# 4: WQ_PERCPU added to flags that say WQ_UNBOUND
sed -i 's/alloc_workqueue("stats_unbound", WQ_UNBOUND, 0)/alloc_workqueue("stats_unbound", WQ_UNBOUND | WQ_PERCPU, 0)/' "$tree/$alloc"
(cd "$tree" && G commit -q -a -m "percpu: WQ_PERCPU on an unbound one")
# 5: a max_active changed beside a WQ_PERCPU the series did not need
sed -i 's/alloc_workqueue("stats_um", STATS_UNBOUND_FLAGS, 0)/alloc_workqueue("stats_um", STATS_UNBOUND_FLAGS, 2)/' "$tree/$alloc"
(cd "$tree" && G commit -q -a -m "percpu: max_active")
changed=$(git -C "$tree" diff --stat HEAD~5 | tail -1)
series "$tree" 5 "$scratch/bad.series"
"$WQCHECK" validate -q --format=json --series "$scratch/bad.series" "$tree" >"$scratch/bad.json" 2>&1
rc=$?
r=$(jq_py x '
for p in d["patches"]:
    o = p["objects"][0]
    print(o["code_verdict"], ",".join(o["code_diff_functions"]) or "-", ",".join(sorted(o["conversion_differences"])) or "-")
print(d["coverage"]["different"], d["coverage"]["equal_up_to_conversion"])' "$scratch/bad.json" 2>&1)
expected="equal_up_to_conversion - stats_kick(): system_wq -> system_percpu_wq,stats_pick_wq(): system_wq -> system_percpu_wq,stats_start(): system_wq -> system_percpu_wq
different stats_pick_wq stats_start(): system_unbound_wq -> system_dfl_wq
equal_up_to_conversion - stats_alloc(): | WQ_PERCPU
different stats_alloc -
different stats_alloc -
2 0"
if [ "$rc" = 1 ] && [ "$r" = "$expected" ]; then
	ok "6.17: a wrong name, WQ_PERCPU on WQ_UNBOUND, a max_active change: different, by function; the rest expected (exit 1)"
else
	not_ok "6.17: changes beyond the conversion are differences" "rc=$rc ($changed)" "$r"
fi
# --- flags computed at run time: gcc adds an "or $0x100" ----------------------
# stats_alloc_with() passes its caller's flags: | WQ_PERCPU is an instruction
# of its own, not an immediate that gained it. The first comparison says
# different; both sides built again with WQ_PERCPU as 0 are the same, so the
# patch changed nothing but WQ_PERCPU. Another flag beside it stays different.
tree=$(new_tree runtime)
sed -i 's/alloc_workqueue("%s", wq_flags, 0, name)/alloc_workqueue("%s", wq_flags | WQ_PERCPU, 0, name)/' "$tree/$alloc"
(cd "$tree" && G commit -q -a -m "percpu: WQ_PERCPU on the caller's flags")
sed -i 's/wq_flags | WQ_PERCPU, 0, name)/wq_flags | WQ_PERCPU | WQ_FREEZABLE, 0, name)/' "$tree/$alloc"
(cd "$tree" && G commit -q -a -m "percpu: and WQ_FREEZABLE")
series "$tree" 2 "$scratch/runtime.series"
"$WQCHECK" validate -q --format=json --series "$scratch/runtime.series" "$tree" >"$scratch/runtime.json" 2>"$scratch/runtime.err"
rc=$?
r=$(jq_py x '
for p in d["patches"]:
    o = p["objects"][0]
    print(o["code_verdict"], o["percpu_held"], ",".join(o["code_diff_functions"]) or "-",
          ",".join(sorted(o["conversion_differences"])) or "-", len(o["code_diff_excerpts"]))' "$scratch/runtime.json" 2>&1)
expected="equal_up_to_conversion True - stats_alloc_with(): | WQ_PERCPU 0
different False stats_alloc_with - 1"
if [ "$rc" = 1 ] && [ "$r" = "$expected" ]; then
	ok "6.17: WQ_PERCPU or'ed into run-time flags: the same code with WQ_PERCPU as 0; another flag beside it: different (exit 1)"
else
	not_ok "6.17: WQ_PERCPU or'ed into run-time flags" "rc=$rc" "$r" "$(cat "$scratch/runtime.err")"
fi
[ -z "$(ls -A "$TMPDIR")" ] && ok "6.17: no scratch directory left behind" ||
	not_ok "6.17: no scratch directory left behind" "$(ls "$TMPDIR")"
