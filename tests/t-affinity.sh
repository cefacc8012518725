#!/bin/bash
# WQ010-WQ012 on the corpus (corpus/drivers/affinity/): positives are
# found with their evidence chains, negatives are not, the chain reaches
# into other files and headers, and every output format carries it.
# The exact texts are in the files' golden comments (tests/t-golden.sh).
# asan: yes
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$TOP" || exit 1
dir=corpus/drivers/affinity
rules=--rules=WQ010,WQ011,WQ012

if [ ! -d "$dir" ]; then
	echo "skip - affinity corpus: $dir missing"
	exit 0
fi

# check NAME CONDITION...: ok when the command succeeds.
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

# --- positives and negatives -------------------------------------------------
positives=0 pos_files=0 neg_sites=0 neg_reported=0 silent=""
for f in "$dir"/aff_*.c; do
	base=$(basename "$f")
	scan $rules "$f" >"$scratch/out"
	n=$(grep -c '\[WQ01[012]\]$' "$scratch/out")
	case $base in
	aff_neg_*)
		neg_sites=$((neg_sites + $(grep -cE '\b(queue_work_on|queue_delayed_work_on|mod_delayed_work_on|schedule_work_on|schedule_delayed_work_on)\(' "$f")))
		neg_reported=$((neg_reported + n))
		;;
	*)
		if grep -q 'check-exit: 0' "$f"; then
			continue	# helpers of a positive case in another file
		fi
		pos_files=$((pos_files + 1))
		positives=$((positives + n))
		[ "$n" -eq 0 ] && silent="$silent $base"
		;;
	esac
done
check "every positive corpus file has a WQ010-WQ012 finding${silent:+ (silent:$silent)}" \
	test -z "$silent"
check "at least 15 positive findings ($positives in $pos_files files)" test "$positives" -ge 15
check "at least 15 negative *_on() sites ($neg_sites), none reported ($neg_reported)" \
	test "$neg_sites" -ge 15 -a "$neg_reported" -eq 0

# --- severities and rules where the shapes say ------------------------------
scan $rules "$dir/aff_vmstat.c" >"$scratch/vmstat"
check "a per-CPU item re-armed or queued on its own CPU is a note" \
	eval '[ "$(grep -c ": note: .*\[WQ010\]" "$scratch/vmstat")" -eq 2 ] &&
	      ! grep -q ": warning: " "$scratch/vmstat"'
scan $rules "$dir/aff_get_cpu.c" >"$scratch/getcpu"
check "queue_work_on(get_cpu()) of a shared item is a warning" \
	grep -q '^drivers/affinity/aff_get_cpu.c:36:9: warning: .*\[WQ010\]$' "$scratch/getcpu"
scan $rules "$dir" >"$scratch/all"
check "WQ011 only for the items shared by a CPU loop" \
	eval '[ "$(grep "\[WQ011\]$" "$scratch/all" | cut -d: -f1 | sort -u | tr "\n" " ")" = \
		"drivers/affinity/aff_drain_loop.c drivers/affinity/aff_parallel.c " ]'
check "WQ012 only for the work function hopping at once" \
	eval '[ "$(grep "\[WQ012\]$" "$scratch/all" | cut -d: -f1-3)" = "drivers/affinity/aff_hop.c:27:17" ]'

# --- evidence chains across files --------------------------------------------
scan --format=json $rules "$dir/aff_lateeoi_defer.c" >"$scratch/eoi.json"
check "an item initialized in another file is found; JSON carries the chain" \
	python3 - "$scratch/eoi.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
f = [x for x in doc["findings"] if x["rule"] == "WQ010"]
assert len(f) == 1, f
ev = f[0]["evidence"]
assert all(set(e) == {"file", "line", "column", "message"} for e in ev), ev
assert any(e["file"] == "drivers/affinity/aff_lateeoi_work.c" and "INIT_DELAYED_WORK" in e["message"] for e in ev), ev
assert "current one" in ev[-1]["message"] or "current CPU" in ev[-1]["message"], ev
PY
scan --format=json $rules "$dir/aff_deep_main.c" >"$scratch/deep.json"
check "a CPU read two calls deep in another file: work fn -> callee -> accessor" \
	python3 - "$scratch/deep.json" <<'PY'
import json, sys
ev = json.load(open(sys.argv[1]))["findings"][0]["evidence"]
files = [e["file"] for e in ev]
assert files[-2:] == ["drivers/affinity/aff_deep_helpers.c"] * 2, ev
assert "calls aff_deep_account()" in ev[1]["message"], ev
assert ev[-1]["message"].endswith("raw_smp_processor_id()"), ev
PY
scan $rules "$dir/aff_slab.c" >"$scratch/slab"
check "a CPU read inside a header's static inline helper" \
	grep -q '^drivers/affinity/aff_slab.h:[0-9]*:[0-9]*: note: aff_cpu_cache_get() reads the current CPU: this_cpu_ptr()$' "$scratch/slab"
scan $rules "$dir/aff_blk_mq.c" >"$scratch/blk"
check "a subsystem wrapper of queue_work_on() is followed and named" \
	grep -q '^drivers/affinity/aff_blk_core.c:[0-9]*:1: note: aff_kblockd_schedule_work_on() passes its cpu' "$scratch/blk"

# --- formats -----------------------------------------------------------------
check "text: the chain follows as gcc's note lines (unindented)" \
	eval 'grep -A1 "aff_get_cpu.c:36:9: warning" "$scratch/getcpu" | tail -1 |
	      grep -q "^drivers/affinity/aff_get_cpu.c:[0-9]*:[0-9]*: note: "'
scan --format=sarif $rules "$dir/aff_numa.c" >"$scratch/numa.sarif"
check "SARIF: the chain as relatedLocations, WQ010 among the rules" \
	python3 - "$scratch/numa.sarif" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
assert "WQ010" in [r["id"] for r in run["tool"]["driver"]["rules"]]
r = run["results"][0]
assert r["ruleId"] == "WQ010" and len(r["relatedLocations"]) >= 2, r
assert r["relatedLocations"][-1]["message"]["text"].endswith("numa_node_id()"), r
PY
scan --format=json --rules=WQ001 "$dir/aff_get_cpu.c" >"$scratch/wq001.json"
check "without WQ010-WQ012 selected the tree pass does not run" \
	python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["findings"] == []' "$scratch/wq001.json"
"$WQCHECK" scan -j 1 $rules "$dir" >"$scratch/j1" 2>/dev/null
"$WQCHECK" scan -j 4 $rules "$dir" >"$scratch/j4" 2>/dev/null
check "the same findings with -j 1 and -j 4" cmp -s "$scratch/j1" "$scratch/j4"
check "exit status 1 with affinity findings, 0 without" \
	eval '"$WQCHECK" scan $rules "$dir/aff_hop.c" >/dev/null 2>&1; [ $? -eq 1 ] &&
	      "$WQCHECK" scan $rules "$dir/aff_neg_idle.c" >/dev/null 2>&1'
if [ -s "$scratch/stderr" ]; then
	echo "not ok - affinity scans printed nothing on stderr"
	sed 's/^/    /' "$scratch/stderr"
else
	echo "ok - affinity scans printed nothing on stderr"
fi
