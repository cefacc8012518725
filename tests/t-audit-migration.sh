#!/bin/bash
# wqcheck audit and 6.17's migration, on a copy of corpus/6.17 made of the
# files this suite knows (other suites may add files to the corpus): users of
# system_percpu_wq and system_dfl_wq and alloc_workqueue()s that say
# WQ_PERCPU or WQ_UNBOUND counted converted, system_wq / system_unbound_wq
# users and alloc_workqueue()s that say neither counted pending, per
# MAINTAINERS subsystem, in JSON, Markdown and CSV; every WQ020-WQ022 finding
# of scan on the pending row it belongs to; and on the same files under a
# 3.6-era workqueue.h none of it.
# asan: yes
set -u
T=$(mktemp -d "${TMPDIR:-/tmp}/t-audit-migration.XXXXXX")
trap 'rm -rf "$T"' EXIT
src=$TOP/corpus/6.17

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }

if ! command -v python3 >/dev/null; then
	echo "skip - audit migration: python3 not installed"
	exit 0
fi
# corpus/6.17's files, and one of tests/audit/6.17/ (a second subsystem,
# kept out of the corpus, whose series other suites count).
files="Makefile Kconfig MAINTAINERS include kernel drivers/percpu/stats_alloc.c
drivers/percpu/stats_sysq.c drivers/percpu/stats_converted.c"
tree=$T/6.17
for f in $files; do
	if [ ! -e "$src/$f" ]; then
		not_ok "corpus/6.17 has $f"
		exit 0
	fi
	mkdir -p "$tree/$(dirname "$f")"
	cp -R "$src/$f" "$tree/$f"
done
mkdir -p "$tree/net/qstats"
cp "$TOP/tests/audit/6.17/net/qstats/qstats.c" "$tree/net/qstats/"

"$WQCHECK" audit -q --format=json "$tree" >"$T/audit.json" 2>"$T/audit.err"
rc=$?
if [ $rc -ne 0 ] || ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/audit.json" 2>/dev/null; then
	not_ok "audit --format=json of the 6.17 corpus exits 0 with a document (rc $rc)" \
		"$(head -3 "$T/audit.err")"
	exit 0
fi
ok "audit --format=json of the 6.17 corpus exits 0 with a document"
"$WQCHECK" scan -q --format=json "$tree" >"$T/scan.json" 2>/dev/null

python3 - "$T/audit.json" "$T/scan.json" "$tree" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
scan = json.load(open(sys.argv[2]))["findings"]
tree = sys.argv[3]
def say(ok, name, *detail):
    print(("ok - " if ok else "not ok - ") + name)
    if not ok:
        for l in detail:
            print("    " + str(l))
subs = {s["name"]: s for s in d["subsystems"]}
rows = [dict(c, subsystem=s["name"]) for s in d["subsystems"] for c in s["callers"]]
sm = d["summary"]
pr = sm["migration_progress"]

say(d["era"] == {"name": "6.17+", "from_header": True, "source": "include/linux/workqueue.h"},
    "the era is 6.17+, read from include/linux/workqueue.h", d["era"])

# Converted against pending, per subsystem: the files' sites, counted by hand
# (stats_alloc.c 4/7, stats_sysq.c 0/7, stats_converted.c 8/0, qstats.c 1/3).
want = {"PERCPU STATISTICS DRIVER": {"converted": 12, "pending": 14},
        "THE REST": {"converted": 1, "pending": 3}}
got = {n: s["migration_progress"] for n, s in subs.items()}
say(got == want, "per subsystem: PERCPU 12 converted / 14 pending, THE REST 1 / 3", got)
say(pr and pr["converted"] == 13 and pr["pending"] == 17 and
    pr["converted_by"] == {"system_percpu_wq": 3, "system_dfl_wq": 3, "WQ_PERCPU": 3,
                           "WQ_UNBOUND": 2, "flags_value": 2} and
    pr["pending_by"] == {"system_wq": 6, "system_unbound_wq": 3, "alloc_workqueue": 8},
    "summary: 13 converted, 17 pending, by name and flag", pr)
bad = [n for n, s in subs.items()
       if s["migration_progress"] != {k: sum(c["migration_status"] == k for c in s["callers"])
                                      for k in ("converted", "pending")}]
say(not bad and pr["converted"] == sum(c["migration_status"] == "converted" for c in rows) and
    pr["pending"] == sum(c["migration_status"] == "pending" for c in rows) and
    sum(pr["converted_by"].values()) == pr["converted"] and
    sum(pr["pending_by"].values()) == pr["pending"],
    "progress counts equal the rows' statuses (summary, by name, every subsystem)", bad)

# The users of the new names, against the names in the files' code (comments
# and strings stripped): each use is one converted row.
def code(path):
    t = open(path).read()
    t = re.sub(r"/\*.*?\*/", " ", t, flags=re.S)
    t = re.sub(r"//[^\n]*", " ", t)
    return re.sub(r'"(\\.|[^"\\])*"', '""', t)
uses = 0
for f in ("drivers/percpu/stats_alloc.c", "drivers/percpu/stats_sysq.c",
          "drivers/percpu/stats_converted.c", "net/qstats/qstats.c"):
    uses += len(re.findall(r"\b(system_percpu_wq|system_dfl_wq)\b", code(tree + "/" + f)))
new = [c for c in rows if c["api"] in ("system_percpu_wq", "system_dfl_wq")]
say(len(new) == uses == 6 and all(c["migration_status"] == "converted" and c["kind"] == "system-wq"
                                  for c in new),
    "every use of system_percpu_wq / system_dfl_wq in code is a converted row (%d of %d)" %
    (len(new), uses))

# Known rows: FILE LINE API CLASS RULE ADVICE STATUS [WORK FUNCTION].
known = [
    ("drivers/percpu/stats_converted.c", 65, "system_percpu_wq", "cpu-dependent", None,
     "system_percpu_wq", "converted", "conv_percpu_fn"),
    ("drivers/percpu/stats_converted.c", 66, "system_percpu_wq", "cpu-independent", None,
     "system_dfl_wq", "converted", "conv_fold_fn"),
    ("drivers/percpu/stats_converted.c", 67, "system_dfl_wq", "cpu-independent", None,
     "system_dfl_wq", "converted", "conv_dfl_fn"),
    ("drivers/percpu/stats_converted.c", 68, "system_dfl_wq", "cpu-dependent", None,
     "system_percpu_wq", "converted", "conv_sample_fn"),
    ("drivers/percpu/stats_converted.c", 55, "alloc_workqueue", "cpu-independent", None,
     "WQ_UNBOUND", "converted", "conv_fold_fn"),
    ("drivers/percpu/stats_converted.c", 56, "alloc_workqueue", "cpu-dependent", None,
     "WQ_PERCPU", "converted", "conv_percpu_fn"),
    ("drivers/percpu/stats_converted.c", 58, "alloc_workqueue", "cpu-independent", None,
     None, "converted", "conv_fold_fn"),
    ("drivers/percpu/stats_converted.c", 72, "schedule_work", "cpu-independent", None,
     "system_dfl_wq", None, "conv_fold_fn"),
    ("drivers/percpu/stats_converted.c", 73, "system_percpu_wq", "cpu-independent", None,
     "system_dfl_wq", "converted", "conv_fold_fn"),
    ("drivers/percpu/stats_alloc.c", 22, "alloc_workqueue", "unresolved", "WQ022",
     "undecided", "pending", None),
    ("drivers/percpu/stats_alloc.c", 34, "alloc_workqueue", "unresolved", None,
     None, "converted", None),
    ("drivers/percpu/stats_sysq.c", 18, "system_wq", "unresolved", "WQ020",
     "undecided", "pending", None),
    ("drivers/percpu/stats_sysq.c", 33, "system_wq", "cpu-independent", "WQ020",
     "system_dfl_wq", "pending", "stats_refresh"),
    ("drivers/percpu/stats_sysq.c", 54, "system_wq", "unresolved", "WQ020",
     "undecided", "pending", None),
    ("net/qstats/qstats.c", 50, "alloc_workqueue", "cpu-dependent", "WQ022",
     "WQ_PERCPU", "pending", "qstats_cpu"),
    ("net/qstats/qstats.c", 56, "system_wq", "cpu-independent", "WQ020",
     "system_dfl_wq", "pending", "qstats_tally"),
    ("net/qstats/qstats.c", 57, "system_unbound_wq", "cpu-independent", "WQ021",
     "system_dfl_wq", "pending", "qstats_scan"),
    ("net/qstats/qstats.c", 58, "system_dfl_wq", "cpu-independent", None,
     "system_dfl_wq", "converted", "qstats_scan"),
    ("net/qstats/qstats.c", 60, "schedule_delayed_work", "cpu-independent", None,
     "system_dfl_wq", None, "qstats_age"),
]
for f, line, api, cls, rule, advice, status, fn in known:
    hit = [c for c in rows if c["file"] == f and c["line"] == line and c["api"] == api]
    c = hit[0] if len(hit) == 1 else None
    good = (c and c["class"] == cls and c["rule"] == rule and
            (c["migration"] or {}).get("advice") == advice and
            c["migration_status"] == status and (fn is None or fn in c["work_functions"]))
    say(good, "%s:%d %s: %s%s, advice %s, %s" % (f, line, api, cls, " (%s)" % rule if rule else "",
                                                  advice, status),
        *[json.dumps({k: x[k] for k in ("class", "rule", "migration", "migration_status",
                                         "work_functions")}) for x in hit])

sched = [c for c in rows if c["api"] in ("schedule_work", "schedule_delayed_work")]
say(sched and all("on system_percpu_wq" in c["message"] for c in sched),
    "schedule_work() & co queue on system_percpu_wq, as the tree's header says")
on = [c for c in rows if c["file"].endswith("stats_converted.c") and c["line"] == 73 and
      c["kind"] == "system-wq"]
say(on and "names a CPU" in on[0]["migration"]["reason"],
    "queue_work_on(cpu, system_percpu_wq, w): system_dfl_wq only with the CPU as a hint")
bh = [c for c in rows if c["file"].endswith("stats_converted.c") and c["line"] == 58]
say(bh and "BH" in bh[0]["message"], "a BH workqueue is not offered WQ_UNBOUND")
checked = [c for c in new if c["class"] == "cpu-dependent"]
say(checked and all(any("reads the current CPU" in e["message"] for e in c["evidence"])
                    for c in checked),
    "a cpu-dependent user of a new name carries the CPU read as evidence")

# Comments, strings and a member named system_wq are not callers.
neg = [(c["file"], c["line"]) for c in rows
       if (c["file"], c["line"]) in {("drivers/percpu/stats_converted.c", 64),
                                     ("drivers/percpu/stats_converted.c", 76),
                                     ("drivers/percpu/stats_sysq.c", 14),
                                     ("drivers/percpu/stats_sysq.c", 60)}]
say(not neg, "no row for a comment, a string or a member declaration", neg)

# Every WQ020-WQ022 finding of scan is on the pending row of its site, once.
mig = [f for f in scan if f["rule"] in ("WQ020", "WQ021", "WQ022")]
miss = []
for f in mig:
    hit = [c for c in rows if (c["file"], c["line"], c["column"]) ==
           (f["file"], f["line"], f["column"]) and c["rule"] == f["rule"]]
    if len(hit) != 1 or hit[0]["migration_status"] != "pending" or \
       hit[0]["kind"] not in ("system-wq", "alloc_workqueue"):
        miss.append("%s:%d:%d %s" % (f["file"], f["line"], f["column"], f["rule"]))
say(len(mig) == 17 and not miss,
    "all %d WQ020-WQ022 findings of scan are pending rows, one each" % len(mig), *miss[:5])
say(all(c["migration_status"] == "pending" for c in rows if c["rule"] in ("WQ020", "WQ021", "WQ022"))
    and not [c for c in rows if c["kind"] == "legacy"],
    "no legacy row: the 6.17 rules' sites are migration rows")
PY
[ $? -eq 0 ] || not_ok "the document has the era and migration fields (the checks stopped)"

# Markdown and CSV say the same.
"$WQCHECK" audit -q "$tree" >"$T/audit.md" 2>/dev/null
check "md: the summary says 13 converted, 17 pending" \
	grep -q '13 converted, 17 pending (43% done)' "$T/audit.md"
check "md: a progress table row per subsystem, most pending first" python3 -c '
import sys
md = open(sys.argv[1]).read()
part = md.split("## Migration progress by subsystem")[1].split("\n## ")[0]
rows = [l for l in part.splitlines() if l.startswith("| ") and "---" not in l][1:]
sys.exit(rows != ["| PERCPU STATISTICS DRIVER | 12 | 14 | 46% |", "| THE REST | 1 | 3 | 25% |"])' "$T/audit.md"
check "md: each subsystem section says its progress" \
	grep -q '^28 callers. Migration: 12 converted, 14 pending.$' "$T/audit.md"
"$WQCHECK" audit -q --format=csv "$tree" >"$T/audit.csv" 2>/dev/null
check "csv: the migration_status column matches the JSON" python3 -c '
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
d = json.load(open(sys.argv[2]))
want = [c["migration_status"] or "" for s in d["subsystems"] for c in s["callers"]]
sys.exit(rows[0][-1] != "migration_status" or [r[-1] for r in rows[1:]] != want)' \
	"$T/audit.csv" "$T/audit.json"

# The same files under a 3.6-era header: the 6.17 names mean nothing there.
cp "$TOP/corpus/include/linux/workqueue.h" "$tree/include/linux/workqueue.h"
"$WQCHECK" audit -q --format=json "$tree" >"$T/legacy.json" 2>/dev/null
check "legacy header: no system_percpu_wq/system_dfl_wq row, no status, no progress" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
rows = [c for s in d["subsystems"] for c in s["callers"]]
sys.exit(not (d["era"]["name"] == "legacy" and rows and
              d["summary"]["migration_progress"] is None and
              all(s["migration_progress"] is None for s in d["subsystems"]) and
              not any(c["api"] in ("system_percpu_wq", "system_dfl_wq") for c in rows) and
              all(c["migration_status"] is None for c in rows) and
              not any(c["rule"] in ("WQ020", "WQ021", "WQ022") for c in rows)))' "$T/legacy.json"
"$WQCHECK" audit -q "$tree" >"$T/legacy.md" 2>/dev/null
check "legacy header: no migration progress in the Markdown" \
	sh -c "! grep -q 'Migration progress' '$T/legacy.md'"
