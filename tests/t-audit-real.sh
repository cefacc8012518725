#!/bin/bash
# slow: yes
# timeout: 600
# wqcheck audit over the whole Linux 6.1 tree: thousands of callers grouped
# by MAINTAINERS section with their maintainers, every finding of `wqcheck
# scan` present as a row of the matching class, the known per-CPU users
# (mm/vmstat.c's vmstat_update and mm_percpu_wq) classified cpu-dependent,
# the migration advice given both ways, the non-reentrance conditions
# counted per subsystem as scan finds them, within a time and memory budget;
# and on the legacy fixture, its manifest's sites exactly the legacy rows.
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
tree=$cache/linux-6.1

if [ ! -f "$tree/Makefile" ] || [ ! -d "$tree/include/linux" ]; then
	# kernel-tree.sh unpacks (and caches) it when it can.
	tree=$(bash "$TOP/tests/real/kernel-tree.sh" 2>"$scratch/tree.err") || {
		echo "skip - audit of the 6.1 tree: $(tail -1 "$scratch/tree.err")"
		exit 0
	}
fi

/usr/bin/time -f '%e %M' -o "$scratch/audit.time" \
	"$WQCHECK" audit -q -j 2 --format=json "$tree" >"$scratch/audit.json" 2>"$scratch/audit.err"
rc=$?
if [ $rc -ne 0 ] || ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' \
	"$scratch/audit.json" 2>/dev/null; then
	echo "not ok - audit of the 6.1 tree exits 0 with a JSON document (rc $rc)"
	sed 's/^/    /' "$scratch/audit.err" | head -5
	exit 0
fi
echo "ok - audit of the 6.1 tree exits 0 with a JSON document"
read -r secs kb < <(tail -1 "$scratch/audit.time")
echo "# audit of the 6.1 tree: ${secs}s wall, $((kb / 1024)) MB max RSS, $(($(wc -c <"$scratch/audit.json") / 1024)) KB of JSON"
# Its time is a benchmark's business (bench/audit.sh), not a test's: a
# loaded machine would fail it. Memory does not depend on the load.
if [ "$kb" -le 1536000 ]; then
	echo "ok - 6.1 audit within 1500 MB ($((kb / 1024)) MB)"
else
	echo "not ok - 6.1 audit took $((kb / 1024)) MB (budget 1500)"
fi

"$WQCHECK" scan -q -j 2 --format=json "$tree" >"$scratch/scan.json" 2>/dev/null

python3 - "$scratch/audit.json" "$scratch/scan.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
scan = json.load(open(sys.argv[2]))["findings"]
def say(ok, name, detail=()):
    print(("ok - " if ok else "not ok - ") + name)
    for l in (detail if not ok else ()):
        print("    " + l)
subs = d["subsystems"]
rows = [(s, c) for s in subs for c in s["callers"]]
sm = d["summary"]
say(sm["callers"] >= 2000 and sm["callers"] == len(rows),
    "thousands of callers: %d in %d files" % (sm["callers"], sm["files"]))
kinds = {c["kind"] for _, c in rows}
say({"queue-on", "alloc_workqueue", "system-wq"} <= kinds,
    "queue-on, alloc_workqueue and system-wq callers all found (%s)" % ", ".join(sorted(kinds)))
named = [s for s in subs if s["name"] not in ("(no MAINTAINERS entry)", "THE REST")]
with_people = [s for s in named if s["maintainers"]]
say(len(subs) >= 200 and len(with_people) >= 0.9 * len(named),
    "%d subsystems, %d of the %d named ones with maintainers" %
    (len(subs), len(with_people), len(named)))
say(all(s["counts"]["total"] == len(s["callers"]) for s in subs) and
    sum(sm["by_class"].values()) == sm["callers"], "counts per subsystem equal its rows")
cls = lambda r: ("cpu-dependent" if r == "WQ010" else
                 "reentrancy-dependent" if r in ("WQ011", "WQ012", "WQ013", "WQ014", "WQ015")
                 else "legacy")
have = {(c["file"], c["line"], c["column"], c["rule"]): c["class"] for _, c in rows}
missing = [f for f in scan if have.get((f["file"], f["line"], f["column"], f["rule"])) != cls(f["rule"])]
affinity = [f for f in scan if f["rule"] in ("WQ010", "WQ011", "WQ012")]
say(affinity and not missing,
    "every one of scan's %d findings (%d WQ010-WQ012) is a row of the matching class" %
    (len(scan), len(affinity)),
    ["missing %s:%d:%d %s" % (f["file"], f["line"], f["column"], f["rule"]) for f in missing[:10]])
vm = [c for _, c in rows if c["file"] == "mm/vmstat.c" and "vmstat_update" in c["work_functions"]]
say(vm and all(c["class"] == "cpu-dependent" for c in vm),
    "mm/vmstat.c: the %d callers running vmstat_update() are cpu-dependent" % len(vm),
    ["%d %s %s" % (c["line"], c["api"], c["class"]) for c in vm])
pcpu = [c for _, c in rows if c["file"] == "mm/vmstat.c" and c["kind"] == "alloc_workqueue"]
say(pcpu and all((c["migration"] or {}).get("advice") == "WQ_PERCPU" for c in pcpu),
    "mm/vmstat.c: alloc_workqueue(\"mm_percpu_wq\") needs WQ_PERCPU")
m = sm["migration"]
say(all(m[k] > 0 for k in ("WQ_PERCPU", "WQ_UNBOUND", "system_percpu_wq", "system_dfl_wq")),
    "migration advice both ways: %s" % ", ".join("%s %d" % kv for kv in m.items()))
unflagged = [c for _, c in rows if c["kind"] == "alloc_workqueue" and "names neither" in c["message"]]
say(unflagged and all(c["migration"] for c in unflagged) and
    sum(m.values()) == len(unflagged) + sum(c["kind"] == "system-wq" for _, c in rows),
    "every unflagged alloc_workqueue() (%d) and system_wq user has advice" % len(unflagged))
dep = [c for _, c in rows if c["class"] == "cpu-dependent"]
reads = lambda e: "current CPU" in e["message"] or "with the current one" in e["message"]
say(dep and all(any(reads(e) for e in c["evidence"]) for c in dep),
    "every cpu-dependent row (%d) carries its CPU-read evidence" % len(dep))
# The non-reentrance conditions: each subsystem's count of each, warnings
# and notes apart, is scan's WQ013-WQ015 findings in its files.
conds = ["WQ013", "WQ014", "WQ015"]
owner = {c["file"]: s["name"] for s, c in rows}
sev = lambda f: "note" if f["severity"] == "note" else "warning"
reent = [f for f in scan if f["rule"] in conds]
want = {}
for f in reent:
    w = want.setdefault(owner.get(f["file"]), {})
    w[(f["rule"], sev(f))] = w.get((f["rule"], sev(f)), 0) + 1
bad = [s["name"] for s in subs
       if any(s["condition_counts"][r][k] != want.get(s["name"], {}).get((r, k), 0)
              for r in conds for k in ("warning", "note")) or
       s["condition_counts"]["total"]["total"] != sum(want.get(s["name"], {}).values())]
say(reent and not bad and sm["by_condition"]["total"]["total"] == len(reent),
    "every subsystem's WQ013-WQ015 counts equal scan's findings in its files (%s)" %
    ", ".join("%s %d" % (r, sm["by_condition"][r]["total"]) for r in conds),
    ["%s: %s" % (n, json.dumps(s["condition_counts"]["total"])) for s in subs
     for n in [s["name"]] if n in bad][:10])
PY

# The legacy fixture: its manifest's WQ001-WQ005 sites are exactly the
# legacy rows. The suite makes it (or waits for another run making it: the
# script takes the cache's lock) rather than depend on another suite.
if ! fixture=$(bash "$TOP/tests/real/legacy-fixture.sh" 2>"$scratch/fixture.err"); then
	echo "skip - audit of the legacy fixture: $(tail -n 1 "$scratch/fixture.err")"
	exit 0
fi
manifest=$fixture/wqcheck-legacy-manifest.tsv
"$WQCHECK" audit -q -j 2 --format=json "$fixture" >"$scratch/legacy.json" 2>/dev/null
python3 - "$scratch/legacy.json" "$manifest" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = set()
for line in open(sys.argv[2]):
    f = line.rstrip("\n").split("\t")
    if len(f) >= 4 and f[0].startswith("WQ"):
        want.add((f[0], f[1], int(f[2]), int(f[3])))
got = {(c["rule"], c["file"], c["line"], c["column"]): (s["name"], c["class"])
       for s in d["subsystems"] for c in s["callers"] if c["kind"] == "legacy"}
ok = want and set(got) == want and all(v[1] == "legacy" for v in got.values())
subs = {v[0] for v in got.values()}
print(("ok - " if ok else "not ok - ") +
      "legacy fixture: the %d manifest sites are exactly the legacy rows, under %d subsystems"
      % (len(want), len(subs)))
if not ok:
    for k in sorted(want - set(got))[:10]:
        print("    missing %s %s:%d:%d" % k)
    for k in sorted(set(got) - want)[:10]:
        print("    extra %s %s:%d:%d" % k)
PY
