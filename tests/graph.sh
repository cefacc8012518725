#!/bin/bash
# The module graph of checker/, drawn from the #include lines: a module is
# foo.c with foo.h (and foo-priv.h, a header its files share). Prints the edges ("from -> to", or Graphviz with --dot)
# and fails (exit 1) on an include cycle between modules, or on an include
# against the layer order lib < front < analysis < output < products <
# commands
# (checker/README.md).
#
#   tests/graph.sh [--dot]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top/checker" || exit 2
exec python3 - "$@" <<'PY'
import glob, os, re, sys

layers = ["lib", "front", "analysis", "output", "products", "commands"]
edges = {}
for path in sorted(glob.glob("*/**/*.[ch]", recursive=True)):
    layer = path.split("/")[0]
    if layer not in layers:
        continue
    # a private header (validate-priv.h) belongs to its module
    mod = re.sub(r"-priv$", "", os.path.splitext(path)[0])
    edges.setdefault(mod, set())
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\s*#\s*include\s+"([a-z]+/[^"]+)\.h"', line)
        target = re.sub(r"-priv$", "", m.group(1)) if m else None
        if target and target != mod:
            edges[mod].add(target)

bad = []
for a, targets in edges.items():
    for b in targets:
        la, lb = a.split("/")[0], b.split("/")[0]
        if lb not in layers or layers.index(lb) > layers.index(la):
            bad.append(f"layer: {a} includes {b}")

# cycles: Tarjan's strongly connected components
index, low, stack, on, comps, n = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1
    stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            comps.append(sorted(comp))
for v in list(edges):
    if v not in index:
        visit(v)
for c in comps:
    bad.append("cycle: " + " <-> ".join(c))

if "--dot" in sys.argv[1:]:
    print("digraph wqcheck {\n  rankdir=LR;")
    for a in sorted(edges):
        for b in sorted(edges[a]):
            print(f'  "{a}" -> "{b}";')
    print("}")
else:
    for a in sorted(edges):
        for b in sorted(edges[a]):
            print(f"{a} -> {b}")
nr = sum(len(t) for t in edges.values())
print(f"# {len(edges)} modules, {nr} includes, {len(comps)} cycles, "
      f"{sum(1 for b in bad if b.startswith('layer'))} against the layers", file=sys.stderr)
for b in bad:
    print(b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
