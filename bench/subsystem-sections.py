#!/usr/bin/env python3
"""Which MAINTAINERS sections bench/subsystem-same-bytes.sh compares: from a
whole `audit --format=json` of a tree (argv[1]), argv[2] sections (0: every
section with a row), one name a line. Chosen so that what --subsystem reads
beyond a section's files is asked: the sections with the most rows, the
most WQ010 findings, the most WQ013-WQ015 findings, and the most rows whose
evidence (a binding, a queueing, a wrapper) is in another directory than
the row (an item of the section bound or queued by other files), in turn,
each section once."""
import json
import os
import sys


def main():
    doc = json.load(open(sys.argv[1]))
    want = int(sys.argv[2])
    sections = [s for s in doc["subsystems"] if s["callers"]]
    if want <= 0 or want >= len(sections):
        for s in sections:
            print(s["name"])
        return

    def rows(s):
        return len(s["callers"])

    def wq010(s):
        return sum(1 for c in s["callers"] if c.get("rule") == "WQ010")

    def model(s):
        return s["condition_counts"]["total"]["total"]

    def crossing(s):
        n = 0
        for c in s["callers"]:
            home = os.path.dirname(c["file"])
            if any(os.path.dirname(e["file"]) != home for e in c.get("evidence", [])):
                n += 1
        return n

    orders = [sorted(sections, key=lambda s, k=k: (-k(s), s["name"]))
              for k in (rows, wq010, model, crossing)]
    chosen, seen = [], set()
    while len(chosen) < want and any(orders):
        for order in orders:
            while order and order[0]["name"] in seen:
                order.pop(0)
            if order and len(chosen) < want:
                s = order.pop(0)
                seen.add(s["name"])
                chosen.append(s["name"])
    for name in chosen:
        print(name)


main()
