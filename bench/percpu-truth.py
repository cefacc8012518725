#!/usr/bin/env python3
"""Ground truth for WQ022, independent of wqcheck: every alloc_workqueue(
call in TREE's tracked .c/.h files (the workqueue core and its header left
out) whose second argument, as written, names neither WQ_PERCPU nor
WQ_UNBOUND. Comments and strings are blanked first; a call inside a #define
counts like any other. Prints file:line, one per call.

    bench/percpu-truth.py TREE
"""
import re
import subprocess
import sys

tree = sys.argv[1]
files = subprocess.run(["git", "-C", tree, "grep", "-lw", "alloc_workqueue", "--",
                        "*.c", "*.h"], capture_output=True, text=True).stdout.split()
skip = {"kernel/workqueue.c", "include/linux/workqueue.h"}
token = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)

for path in files:
    if path in skip:
        continue
    text = open(f"{tree}/{path}", encoding="latin-1").read()
    # blank comments and strings, keeping every byte's line
    code = token.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    for m in re.finditer(r"\balloc_workqueue\s*\(", code):
        i, depth, args, cur = m.end(), 1, [], []
        while i < len(code) and depth:
            c = code[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            if depth == 1 and c == ",":
                args.append("".join(cur))
                cur = []
            elif depth:
                cur.append(c)
            i += 1
        args.append("".join(cur))
        if len(args) < 2:
            continue
        flags = args[1]
        if re.search(r"\bWQ_(PERCPU|UNBOUND)\b", flags):
            continue
        line = code.count("\n", 0, m.start()) + 1
        print(f"{path}:{line}")
