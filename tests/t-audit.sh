#!/bin/bash
# wqcheck audit on the corpus: known callers of every class with their
# migration advice (both ways), counts that add up, every finding of
# `wqcheck scan` present as a row of the matching class, --subsystem, the
# Markdown, CSV and HTML forms of the same document, the non-reentrance
# conditions (WQ013-WQ015) counted per subsystem in JSON, Markdown and HTML
# as scan finds them, and bad input refused with exit status 2 and one line.
# asan: yes
set -u
T=$(mktemp -d "${TMPDIR:-/tmp}/t-audit.XXXXXX")
trap 'rm -rf "$T"' EXIT
corpus=$TOP/corpus

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }

if [ ! -f "$corpus/MAINTAINERS" ]; then
	echo "skip - audit: corpus/MAINTAINERS missing"
	exit 0
fi
if ! command -v python3 >/dev/null; then
	echo "skip - audit: python3 not installed"
	exit 0
fi

audit() { "$WQCHECK" audit -q "$@"; }

audit --format=json "$corpus" >"$T/audit.json" 2>"$T/audit.err"
rc=$?
# the corpus keeps a file that does not parse: named, listed, exit 2
check "audit --format=json exits 2 on the corpus, naming the file it could not analyse (got $rc)" \
	grep -q "^wqcheck: drivers/base/broken_parse.c: not fully analysed" "$T/audit.err"
[ $rc -eq 2 ] || not_ok "audit --format=json on the corpus: exit 2, not $rc"
if ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/audit.json" 2>/dev/null; then
	not_ok "audit --format=json prints one JSON document" "$(head -c 300 "$T/audit.json")"
	exit 0
fi
ok "audit --format=json prints one JSON document"
check "stderr names only the file that cannot be analysed" \
	test "$(grep -vc 'not fully analysed' "$T/audit.err")" -eq 0

# The document's shape and its sums, in one place.
python3 - "$T/audit.json" "$corpus" >"$T/shape" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
classes = ["legacy", "cpu-dependent", "reentrancy-dependent", "cpu-independent", "unresolved"]
advices = ["WQ_PERCPU", "WQ_UNBOUND", "system_percpu_wq", "system_dfl_wq", "undecided"]
kinds = {"legacy", "queue-on", "alloc_workqueue", "system-wq"}
def say(ok, name):
    print(("ok - " if ok else "not ok - ") + name)
say(d.get("tool") == "wqcheck" and d.get("generated_by") == "wqcheck audit" and
    d.get("tree") == sys.argv[2] and isinstance(d.get("version"), str),
    "tool, version, tree (as given) and generated_by")
say(d.get("classes") == classes, "classes listed in the contract's order")
say(list(d) == ["tool", "version", "tree", "generated_by", "era", "classes", "conditions",
                "summary", "subsystems", "files_not_analysed"],
    "the document's keys are the contract's (checker/products/audit/README.md)")
subs = d["subsystems"]
rows = [c for s in subs for c in s["callers"]]
sm = d["summary"]
say(sm["callers"] == len(rows) and sm["subsystems"] == len(subs) and
    sm["files"] == len({c["file"] for c in rows}),
    "summary callers/subsystems/files = %d/%d/%d match the rows" % (len(rows), len(subs), sm["files"]))
say(all(sm["by_class"][k] == sum(c["class"] == k for c in rows) for k in classes),
    "summary by_class counts the rows of each class")
say(all(sm["migration"][a] == sum(bool(c["migration"]) and c["migration"]["advice"] == a
                                  for c in rows) for a in advices),
    "summary migration counts the rows of each advice")
bad = [s["name"] for s in subs
       if s["counts"]["total"] != len(s["callers"]) or
       any(s["counts"][k] != sum(c["class"] == k for c in s["callers"]) for k in classes)]
say(not bad, "every subsystem's counts equal its rows (%d subsystems)%s" %
    (len(subs), " bad: " + ", ".join(bad) if bad else ""))
order = [(-s["counts"]["total"], s["name"]) for s in subs]
say(order == sorted(order), "subsystems sorted by callers, then name")
say(all([(c["file"], c["line"], c["column"]) for c in s["callers"]] ==
        sorted((c["file"], c["line"], c["column"]) for c in s["callers"]) for s in subs),
    "callers sorted by file, line, column")
say(len({s["name"] for s in subs}) == len(subs), "one entry per subsystem")
fields = ["file", "line", "column", "function", "api", "kind", "class", "rule",
          "severity", "message", "work_functions", "evidence", "migration", "migration_status"]
say(all(list(c) == fields for c in rows), "every caller has the contract's fields, in order")
# The corpus is of the 3.6 era: 6.17's migration has no say here.
say(d["era"]["name"] == "legacy" and d["era"]["from_header"] and
    d["summary"]["migration_progress"] is None and
    all(s["migration_progress"] is None for s in subs) and
    all(c["migration_status"] is None for c in rows),
    "legacy era (%s): no migration status or progress" % d["era"]["name"])
say(all(c["kind"] in kinds and c["class"] in classes and c["message"] for c in rows),
    "kinds and classes from the contract, a message on every row")
say(all(set(e) == {"file", "line", "column", "message"} and e["line"] > 0
        for c in rows for e in c["evidence"]), "evidence steps have file, line, column, message")
say(all(c["work_functions"] for c in rows if c["class"] in ("cpu-dependent", "cpu-independent")),
    "cpu-dependent and cpu-independent rows name their work functions")
say(all((c["class"] == "legacy") == (c["kind"] == "legacy") for c in rows),
    "legacy rows and only they are of class legacy")
want = {"cpu-dependent": ("WQ_PERCPU", "system_percpu_wq"),
        "cpu-independent": ("WQ_UNBOUND", "system_dfl_wq"),
        "unresolved": ("undecided", "undecided")}
wrong = []
for c in rows:
    m = c["migration"]
    if c["kind"] == "system-wq":
        if not m or m["advice"] != want[c["class"]][1] or not m["reason"]:
            wrong.append(c)
    elif c["kind"] == "alloc_workqueue":
        unflagged = "names neither" in c["message"]
        if unflagged != bool(m) or (m and m["advice"] != want[c["class"]][0]):
            wrong.append(c)
    elif m:
        wrong.append(c)
say(not wrong, "migration exactly on system_wq users and unflagged alloc_workqueue(), "
    "advice by class%s" % ("".join(" %s:%d" % (c["file"], c["line"]) for c in wrong[:5])))
say(any(s["maintainers"] for s in subs) and any(s["lists"] for s in subs) and
    all(isinstance(s["maintainers"], list) and isinstance(s["lists"], list) for s in subs),
    "subsystems carry their maintainers and lists")
PY
cat "$T/shape"

# row FILE LINE API KIND CLASS RULE ADVICE [WORK-FUNCTION]: that caller is there.
python3 -c '
import json, sys
for s in json.load(open(sys.argv[1]))["subsystems"]:
    for c in s["callers"]:
        print("\t".join([c["file"], str(c["line"]), c["api"], c["kind"], c["class"],
                         c["rule"] or "-", (c["migration"] or {}).get("advice", "-"),
                         ",".join(c["work_functions"]) or "-", s["name"]]))
' "$T/audit.json" >"$T/rows"
row() {
	local want="$1	$2	$3	$4	$5	$6	$7" fn=${8:-}
	if awk -F'\t' -v w="$want" -v fn="$fn" '
		$1"\t"$2"\t"$3"\t"$4"\t"$5"\t"$6"\t"$7 == w && (fn == "" || index(","$8",", ","fn",")) { f = 1 }
		END { exit !f }' "$T/rows"; then
		ok "$1:$2 $3 is $5${6:+ ($6)}, advice $7"
	else
		not_ok "$1:$2 $3 is $5${6:+ ($6)}, advice $7" \
			"$(awk -F'\t' -v f="$1" -v l="$2" '$1 == f && $2 == l' "$T/rows")"
	fi
}
row drivers/mmc/host/sdx_host.c 54 flush_work_sync legacy legacy WQ001 -
row drivers/net/phy/phy_poll.c 39 system_nrt_wq legacy legacy WQ003 -
row fs/xyz/super.c 32 WQ_NON_REENTRANT legacy legacy WQ005 -
row crypto/cryptd_x.c 40 queue_work_on queue-on cpu-dependent WQ010 - cryptd_drain
row crypto/cryptd_x.c 40 queue_work_on queue-on reentrancy-dependent WQ011 - cryptd_drain
row drivers/affinity/aff_hop.c 27 queue_work_on queue-on reentrancy-dependent WQ012 - aff_scan_fn
row drivers/affinity/aff_blk_mq.c 27 aff_kblockd_schedule_work_on queue-on cpu-dependent WQ010 - aff_hctx_run
row drivers/affinity/aff_neg_unbound.c 41 queue_work_on queue-on cpu-dependent - - aff_ub_fn
row drivers/affinity/aff_neg_plain.c 79 queue_work_on queue-on cpu-independent - - aff_nq_log
# 6.17's migration, both ways, for both kinds.
row mm/vmstat_x.c 36 schedule_delayed_work system-wq cpu-dependent - system_percpu_wq vmstat_update
row drivers/affinity/aff_neg_plain.c 51 system_wq system-wq cpu-dependent - system_percpu_wq aff_nq_stat
row sound/core/timer_wq.c 70 schedule_work system-wq cpu-independent - system_dfl_wq snd_timer_tick_work
row sound/usb/usb_audio_clean.c 50 system_wq system-wq cpu-independent - system_dfl_wq snd_usb_clock_work
row drivers/misc/ops_table.c 62 system_wq system-wq unresolved - undecided
row drivers/affinity/aff_vmstat.c 46 alloc_workqueue alloc_workqueue cpu-dependent - WQ_PERCPU aff_vmstat_update
row net/cephx/messenger.c 53 alloc_workqueue alloc_workqueue cpu-independent - WQ_UNBOUND cephx_con_work
row fs/xyz/super.c 32 alloc_workqueue alloc_workqueue cpu-independent - WQ_UNBOUND xyz_sync_work
row drivers/affinity/aff_blk_core.c 19 alloc_workqueue alloc_workqueue unresolved - undecided
row drivers/net/loopback_stats.c 50 alloc_workqueue alloc_workqueue cpu-independent - - lo_fold_stats
check "an unresolved row says why (work item a parameter of its caller)" \
	grep -q 'parameter of aff_kblockd_schedule_work_on()' "$T/audit.json"
check "kernel/workqueue.c and include/linux/workqueue.h are not callers" \
	test "$(awk -F'\t' '$1 == "kernel/workqueue.c" || $1 == "include/linux/workqueue.h"' "$T/rows" | wc -l)" -eq 0
check "the vmstat row's evidence reaches the CPU read" \
	python3 -c '
import json, sys
for s in json.load(open(sys.argv[1]))["subsystems"]:
    for c in s["callers"]:
        if c["file"] == "mm/vmstat_x.c" and c["line"] == 36:
            sys.exit(not any("reads the current CPU" in e["message"] for e in c["evidence"]) or
                     not any("is the work function of" in e["message"] for e in c["evidence"]))
sys.exit(1)' "$T/audit.json"

# Every finding of scan is a row of the matching class.
"$WQCHECK" scan -q --format=json "$corpus" >"$T/scan.json" 2>/dev/null
python3 - "$T/scan.json" "$T/audit.json" >"$T/findings" <<'PY'
import json, sys
scan = json.load(open(sys.argv[1]))["findings"]
rows = {(c["file"], c["line"], c["column"], c["rule"]): c["class"]
        for s in json.load(open(sys.argv[2]))["subsystems"] for c in s["callers"]}
cls = lambda r: ("cpu-dependent" if r == "WQ010" else
                 "reentrancy-dependent" if r in ("WQ011", "WQ012", "WQ013", "WQ014", "WQ015")
                 else "legacy")
missing = [f for f in scan if rows.get((f["file"], f["line"], f["column"], f["rule"])) != cls(f["rule"])]
rules = sorted({f["rule"] for f in scan})
print(("ok - " if scan and not missing else "not ok - ") +
      "all %d findings of scan (%s) are rows of the matching class" % (len(scan), ",".join(rules)))
for f in missing[:10]:
    print("    missing: %s:%d:%d %s" % (f["file"], f["line"], f["column"], f["rule"]))
extra = sum(1 for k in rows if k[3] and not any(
    (f["file"], f["line"], f["column"], f["rule"]) == k for f in scan))
print(("ok - " if not extra else "not ok - ") + "no row claims a rule scan did not report (%d)" % extra)
PY
cat "$T/findings"

# --subsystem
audit --format=json --subsystem="CRYPTO API" "$corpus" >"$T/crypto.json" 2>/dev/null
check "--subsystem with an exact name keeps that section only" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d["subsystems"]
sys.exit(not (len(s) == 1 and s[0]["name"] == "CRYPTO API" and
              d["summary"]["callers"] == len(s[0]["callers"]) > 0 and
              all(c["file"].startswith("crypto/") for c in s[0]["callers"])))' "$T/crypto.json"
audit --format=json --subsystem=libcephx "$corpus" >"$T/ceph.json" 2>/dev/null
check "--subsystem with a unique case-insensitive part of a name" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["subsystems"]
sys.exit(not (len(s) == 1 and s[0]["name"] == "CEPHX COMMON CODE (LIBCEPHX)"))' "$T/ceph.json"
for bad in USB no-such-subsystem; do
	audit --subsystem=$bad "$corpus" >"$T/out" 2>"$T/err"
	rc=$?
	check "--subsystem=$bad: exit 2, one line on stderr, nothing on stdout (rc $rc)" \
		test $rc -eq 2 -a "$(wc -l <"$T/err")" -eq 1 -a ! -s "$T/out"
done

# CSV and Markdown: the same rows.
audit --format=csv "$corpus" >"$T/audit.csv" 2>/dev/null
check "csv: RFC 4180 parses, header and 12 columns, one row per caller" python3 -c '
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
d = json.load(open(sys.argv[2]))
want = [(s["name"], c["file"], str(c["line"]), c["class"], c["message"])
        for s in d["subsystems"] for c in s["callers"]]
got = [(r[0], r[1], r[2], r[7], r[10]) for r in rows[1:]]
sys.exit(not (rows[0] == ["subsystem", "file", "line", "column", "function", "api", "kind",
                          "class", "rule", "advice", "message", "migration_status"] and
              all(len(r) == 12 for r in rows) and got == want and
              any("," in r[10] for r in rows[1:])))' "$T/audit.csv" "$T/audit.json"
check "csv: lines end in CRLF" test "$(grep -c $'\r$' "$T/audit.csv")" -eq "$(wc -l <"$T/audit.csv")"
audit "$corpus" >"$T/audit.md" 2>/dev/null
check "md is the default: a section per subsystem, a table row per caller" python3 -c '
import json, sys
md = open(sys.argv[1]).read().splitlines()
d = json.load(open(sys.argv[2]))
heads = [l[3:] for l in md if l.startswith("## ")]
names = [s["name"] for s in d["subsystems"]]
table = [l for l in md if l.startswith("| ") and ".c:" in l.split("|")[1] or
         l.startswith("| ") and ".h:" in l.split("|")[1]]
sys.exit(not (md[0].startswith("# ") and all(n in heads for n in names) and
              len(table) == d["summary"]["callers"]))' "$T/audit.md" "$T/audit.json"
audit -o "$T/out.md" --format=md "$corpus" 2>/dev/null
check "-o FILE writes the same as stdout" cmp -s "$T/audit.md" "$T/out.md"
audit -o "$T/out.json" "$corpus" 2>/dev/null
check "-o FILE.json picks json" cmp -s "$T/audit.json" "$T/out.json"
if audit -o "$T/audit.html" "$corpus" 2>"$T/html.err"; then
	check "-o FILE.html writes one self-contained HTML page" \
		sh -c "grep -qi '<!DOCTYPE html' '$T/audit.html' && ! grep -qiE '<(script|link)[^>]+(src|href)=\"?https?:' '$T/audit.html'"
else
	check "--format=html without the renderer: exit 2, one line" \
		test "$(wc -l <"$T/html.err")" -eq 1
fi
"$WQCHECK" audit -q -j 1 --format=json "$corpus" >"$T/j1.json" 2>/dev/null
check "-j 1 gives the same document as the default" cmp -s "$T/audit.json" "$T/j1.json"

# The non-reentrance conditions (WQ013-WQ015): per subsystem and in the
# summary, warnings and notes apart, in JSON, Markdown and HTML, each equal
# to what `wqcheck scan` finds in the files of that subsystem. On the corpus
# (drivers/reentry/ breaks each condition, with its negatives) and on
# corpus/6.17, a tree of its own.
conditions_check() {
	local label=$1 scan=$2 json=$3 md=$4 html=$5 tree=$6
	python3 - "$label" "$scan" "$json" "$md" "$html" "$tree" <<'PY'
import json, re, sys
from collections import Counter
from html.parser import HTMLParser
label, scan, doc, md, page, tree = sys.argv[1:]
rules = ["WQ013", "WQ014", "WQ015"]
def say(ok, name, detail=()):
    print(("ok - " if ok else "not ok - ") + "%s: %s" % (label, name))
    if not ok:
        for l in list(detail)[:8]:
            print("    " + str(l))
findings = [f for f in json.load(open(scan))["findings"] if f["rule"] in rules]
d = json.load(open(doc))
subs = d["subsystems"]
# Which subsystem owns a file: the audit's grouping of its rows, every kind.
owner = {c["file"]: s["name"] for s in subs for c in s["callers"]}
unowned = sorted({f["file"] for f in findings if f["file"] not in owner})
say(not unowned, "every file with a WQ013-WQ015 finding is in a subsystem", unowned)
sev = lambda f: "note" if f["severity"] == "note" else "warning"
want = Counter((owner.get(f["file"]), f["rule"], sev(f)) for f in findings)
def counts(name):
    c = {r: {"warning": want[(name, r, "warning")], "note": want[(name, r, "note")]}
         for r in rules}
    for r in rules:
        c[r]["total"] = c[r]["warning"] + c[r]["note"]
    c["total"] = {k: sum(c[r][k] for r in rules) for k in ("warning", "note", "total")}
    return c
# The corpus must break each condition, warnings and notes both, or the
# comparisons below would prove little.
need = {"corpus": [(r, "warning") for r in rules] + [("WQ013", "note"), ("WQ015", "note")],
        "6.17": [("WQ014", "warning")]}[label]
got = Counter((f["rule"], sev(f)) for f in findings)
say(all(got[k] for k in need), "scan finds %s" % ", ".join("%s %ss" % k for k in need),
    ["%s %s: %d" % (k[0], k[1], got[k]) for k in need])
say(d.get("conditions") and [c["rule"] for c in d["conditions"]] == rules and
    all(c["name"] and c["meaning"] for c in d["conditions"]),
    "the document lists WQ013, WQ014, WQ015 with a name and a meaning")
bad = [(s["name"], s.get("condition_counts"), counts(s["name"])) for s in subs
       if s.get("condition_counts") != counts(s["name"])]
say(not bad, "every subsystem's condition_counts equal scan's findings in its files "
    "(%d findings, %d subsystems)" % (len(findings), len(subs)), bad)
total = {r: {k: sum(counts(s["name"])[r][k] for s in subs)
             for k in ("warning", "note", "total")} for r in rules + ["total"]}
say(d["summary"].get("by_condition") == total and
    total["total"]["total"] == len(findings),
    "summary by_condition = %s" % json.dumps(total["total"]),
    [json.dumps(d["summary"].get("by_condition"))])
rows = [c for s in subs for c in s["callers"]]
say(all((c["rule"] is None) == (c["severity"] is None) for c in rows) and
    all(c["severity"] in (None, "note", "warning", "error") for c in rows),
    "a row has a severity exactly when it has a rule")
# What Markdown and HTML must show: the subsystems that break a condition,
# most warnings first, then most notes, then in the document's order.
shown = sorted((i for i, s in enumerate(subs) if counts(s["name"])["total"]["total"]),
               key=lambda i: (-counts(subs[i]["name"])["total"]["warning"],
                              -counts(subs[i]["name"])["total"]["note"], i))
def line(c):
    return [c[r][k] for r in rules for k in ("warning", "note")] + \
           [c["total"][k] for k in ("warning", "note", "total")]
expect = [[subs[i]["name"]] + line(counts(subs[i]["name"])) for i in shown] + \
         [["total"] + line(total)]
summary = [[r, total[r]["warning"], total[r]["note"], total[r]["total"]] for r in rules] + \
          [["total", total["total"]["warning"], total["total"]["note"], total["total"]["total"]]]

# Markdown: the summary's table (condition, rule, warnings, notes, total,
# meaning) and the table by subsystem.
lines = open(md).read().splitlines()
def md_table(start):
    out, i = [], start
    while i < len(lines) and not lines[i].startswith("|"):
        i += 1
    i += 2
    while i < len(lines) and lines[i].startswith("|"):
        out.append([x.strip().replace("\\|", "|")
                    for x in re.split(r"(?<!\\)\|", lines[i].strip()[1:-1])])
        i += 1
    return out
cells = lambda row: [row[0].strip("*")] + [int(x) for x in row[1:]]
try:
    top = md_table(next(i for i, l in enumerate(lines) if l.startswith("Non-reentrance conditions")))
    got = [[r[1] or "total"] + [int(x) for x in r[2:5]] for r in top]
    say(got == summary and all(r[5] for r in top[:-1]),
        "md: the summary counts each condition, with its meaning", top)
    by = md_table(lines.index("## Non-reentrance conditions by subsystem"))
    say([cells(r) for r in by] == expect, "md: the table by subsystem (%d rows)" % len(expect),
        ["got  %s" % r for r in by] + ["want %s" % r for r in expect])
except (StopIteration, ValueError, IndexError) as e:
    say(False, "md: the conditions' tables are there", [repr(e)])

# HTML: the tables #by-condition and #conditions, read as a browser would.
class Tables(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.cur, self.row, self.cell = {}, None, None, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and a.get("id") in ("by-condition", "conditions"):
            self.cur = self.tables.setdefault(a["id"], [])
        elif self.cur is not None and tag == "tbody":
            self.body = True
        elif self.cur is not None and tag == "tr" and getattr(self, "body", False):
            self.row = []
            self.cur.append(self.row)
        elif self.row is not None and tag in ("td", "th"):
            self.cell = []
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr":
            self.row = None
        elif tag == "table":
            self.cur, self.body = None, False
    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
p = Tables()
p.feed(open(page).read())
top = p.tables.get("by-condition", [])
try:
    got = [[r[0].split()[0]] + [int(x) for x in r[2:5]] for r in top]
    say(got == summary and all(r[1] for r in top[:-1]),
        "html: the summary counts each condition, with its meaning", top)
    by = [[r[0]] + [int(x) for x in r[1:]] for r in p.tables.get("conditions", [])]
    say(by == expect, "html: the table by subsystem (%d rows)" % len(expect),
        ["got  %s" % r for r in by] + ["want %s" % r for r in expect])
except (ValueError, IndexError) as e:
    say(False, "html: the conditions' tables are there", [repr(e)])
PY
}
conditions_check corpus "$T/scan.json" "$T/audit.json" "$T/audit.md" "$T/audit.html" "$corpus"
t617=$corpus/6.17
"$WQCHECK" scan -q --format=json "$t617" >"$T/scan617.json" 2>/dev/null
for f in json md html; do
	audit --format=$f "$t617" >"$T/audit617.$f" 2>/dev/null
done
conditions_check 6.17 "$T/scan617.json" "$T/audit617.json" "$T/audit617.md" \
	"$T/audit617.html" "$t617"
audit --format=json --subsystem="WORKQUEUE REENTRANCY EXAMPLES" "$corpus" \
	>"$T/reentry.json" 2>/dev/null
check "--subsystem: the summary's conditions are that subsystem's" python3 -c '
import json, sys
d, all_ = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
mine = [s for s in all_["subsystems"] if s["name"] == "WORKQUEUE REENTRANCY EXAMPLES"][0]
sys.exit(not (d["summary"]["by_condition"] == mine["condition_counts"] and
              mine["condition_counts"]["total"]["total"] <
              all_["summary"]["by_condition"]["total"]["total"]))' \
	"$T/reentry.json" "$T/audit.json"

# Bad input: exit 2, one line on stderr.
mkdir -p "$T/nomaint/include/linux" && touch "$T/nomaint/Makefile" "$T/nomaint/Kconfig"
bad() {
	local name=$1
	shift
	"$WQCHECK" audit "$@" >"$T/out" 2>"$T/err"
	local rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && [ ! -s "$T/out" ]; then
		ok "$name: exit 2 and one line"
	else
		not_ok "$name: exit 2 and one line (rc $rc)" "$(head -3 "$T/err")"
	fi
}
bad "missing tree" "$T/no-such-tree"
bad "not a kernel tree" "$T"
bad "tree without MAINTAINERS" "$T/nomaint"
bad "no TREE" --format=json
bad "unknown format" --format=pdf "$corpus"
bad "unknown option" --frobnicate "$corpus"
bad "output not writable" -o "$T/no/such/dir/x.md" "$corpus"
check "the failed -o left no file" test ! -e "$T/no/such/dir/x.md"

# --subsystem reads what its section needs (issue 41): the per-file rules
# on its files alone, the callers of the others left unjudged; the section
# it prints is the whole audit's, every section of the corpus, and only
# the section owning the file that cannot be analysed exits 2 for it.
python3 - "$WQCHECK" "$T/audit.json" "$corpus" <<'PY' >"$T/sections" 2>&1
import json, subprocess, sys
wq, whole, corpus = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3]
bad, listing = [], []
for s in whole["subsystems"]:
    p = subprocess.run([wq, "audit", "-q", "--format=json", "--subsystem=" + s["name"], corpus],
                       capture_output=True, text=True)
    d = json.loads(p.stdout)
    if d["subsystems"] != [s]:
        bad.append("%s: differs from the whole audit's section" % s["name"])
    failed = [f["file"] for f in d["files_not_analysed"]]
    if (p.returncode == 2) != bool(failed) or p.returncode not in (0, 2):
        bad.append("%s: exit %d, files not analysed %s" % (s["name"], p.returncode, failed))
    if failed:
        listing.append(s["name"])
# the corpus' one file that does not parse is its owner's alone
if len(listing) != 1:
    bad.append("sections listing drivers/base/broken_parse.c: %s" % listing)
print("%d sections" % len(whole["subsystems"]))
for b in bad:
    print(b)
PY
if [ "$(wc -l <"$T/sections")" -eq 1 ] && grep -q '^[1-9][0-9]* sections$' "$T/sections"; then
	ok "--subsystem of each section prints the whole audit's section ($(cat "$T/sections")), exit 2 for the one owning the failed file only"
else
	not_ok "--subsystem of each section prints the whole audit's section" "$(head -5 "$T/sections")"
fi
