#!/usr/bin/env python3
"""Accounts for every line `git grep -nw 'system_percpu_wq|system_dfl_wq|WQ_PERCPU'`
finds in a 6.17+ tree (outside kernel/workqueue.c and include/linux/workqueue.h)
against the rows of `wqcheck audit --format=json` of the same tree: which grep
lines are audit rows (a use of system_percpu_wq/system_dfl_wq, or the
alloc_workqueue() whose flags the WQ_PERCPU line belongs to), and why the others
are not (a comment, a macro definition, a file the audit does not read, ...).

usage: bench/audit-new-names.py TREE AUDIT.json"""
import json, re, subprocess, sys
from collections import Counter, defaultdict

tree, audit = sys.argv[1], sys.argv[2]
doc = json.load(open(audit))
rows = defaultdict(list)
for s in doc["subsystems"]:
    for c in s["callers"]:
        rows[c["file"]].append(c)
grep = subprocess.run(
    ["git", "-C", tree, "grep", "-nw", "-e", "system_percpu_wq", "-e", "system_dfl_wq",
     "-e", "WQ_PERCPU", "--", ".", ":!kernel/workqueue.c", ":!include/linux/workqueue.h"],
    capture_output=True, text=True, check=True).stdout.splitlines()

def text_of(path):
    try:
        return open("%s/%s" % (tree, path), errors="replace").read().splitlines()
    except OSError:
        return []

why = Counter()
examples = defaultdict(list)
rows_seen = set()
for g in grep:
    path, line, text = g.split(":", 2)
    line = int(line)
    names = set(re.findall(r"\b(system_percpu_wq|system_dfl_wq|WQ_PERCPU)\b", text))
    here = [c for c in rows.get(path, []) if c["line"] == line and c["api"] in names]
    # WQ_PERCPU on a continuation line: the alloc_workqueue() row a few lines up
    alloc = [c for c in rows.get(path, []) if c["kind"] == "alloc_workqueue" and
             c["migration_status"] == "converted" and 0 <= line - c["line"] <= 6]
    stripped = text.strip()
    if here or ("WQ_PERCPU" in names and alloc and not (names - {"WQ_PERCPU"})):
        reason = "an audit row"
        for c in here or alloc[-1:]:
            rows_seen.add((path, c["line"], c["column"]))
    elif not path.endswith((".c", ".h")):
        reason = "not C (Documentation, rust/, scripts)"
    elif stripped.startswith(("/*", "*", "//")) or re.match(r".*/\*.*\b(system_percpu_wq|system_dfl_wq|WQ_PERCPU)\b.*", stripped) and not re.search(r"\b(system_percpu_wq|system_dfl_wq|WQ_PERCPU)\b", stripped.split("/*")[0]):
        reason = "a comment"
    elif stripped.startswith("#define") or stripped.endswith("\\"):
        reason = "a macro definition"
    elif "WQ_PERCPU" in names and not (names - {"WQ_PERCPU"}) and re.search(
            r"alloc_ordered_workqueue|create_\w*workqueue|alloc_workqueue_lockdep_map|"
            r"devm_alloc_workqueue|alloc_workqueue_attrs", " ".join(text_of(path)[max(0, line - 7):line])):
        reason = "WQ_PERCPU outside alloc_workqueue() (another allocator)"
    elif "WQ_PERCPU" in names and not (names - {"WQ_PERCPU"}):
        reason = "WQ_PERCPU in a flags value (a variable or a table)"
    else:
        reason = "other"
    why[reason] += 1
    if len(examples[reason]) < 4:
        examples[reason].append("%s:%d: %s" % (path, line, stripped[:90]))

print("%d grep lines; %d audit rows of the new names (%s)" % (
    len(grep), sum(1 for f in rows.values() for c in f
                   if c["api"] in ("system_percpu_wq", "system_dfl_wq")),
    json.dumps((doc["summary"].get("migration_progress") or {}).get("converted_by"))))
for reason, n in why.most_common():
    print("%5d  %s" % (n, reason))
    for e in examples[reason]:
        print("         " + e)
