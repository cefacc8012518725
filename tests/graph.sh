#!/bin/bash
# The graph of checker/, two ways, and the house rules it must keep.
#
# Includes, from the #include lines: a module is foo.c with foo.h (and
# foo-priv.h, a header its files share). Calls, from the objects' symbols
# (nm: what each object leaves undefined and which other object defines
# it; data the file uses counts as a call): a node is one file, foo.c.
# The objects are made first (make -C checker, only those out of date).
#
# It fails (exit 1), naming the two files, on:
#   - an include cycle between modules, or a call cycle between files;
#   - an include or a call against the layer order lib < front < analysis
#     < output < products < commands (checker/README.md): a layer may use
#     its own and those below it, never one above;
#   - an include or a call from one product's folder (products/series/)
#     into another's (products/audit/): a product uses the layers below,
#     never a sibling.
# Exit 2: the objects could not be made.
#
#   tests/graph.sh [--dot]   the edges on stdout ("a -> b" an include,
#                            "a => b: symbols" a call; --dot: Graphviz),
#                            the tally and each violation on stderr
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top/checker" || exit 2
objects=$(find lib front analysis output products commands -name '*.c' |
	  sort | sed 's#^\(.*\)\.c$#build/\1.o#')
# shellcheck disable=SC2086
if ! make -s $objects >/dev/null 2>"${TMPDIR:-/tmp}/graph-make.$$"; then
	echo "graph: the objects of checker/ could not be made:" >&2
	sed 's/^/    /' "${TMPDIR:-/tmp}/graph-make.$$" >&2
	rm -f "${TMPDIR:-/tmp}/graph-make.$$"
	exit 2
fi
rm -f "${TMPDIR:-/tmp}/graph-make.$$"
exec python3 - "$@" <<'PY'
import glob, os, re, subprocess, sys

layers = ["lib", "front", "analysis", "output", "products", "commands"]
# analysis/ has floors of its own (analysis/README.md): the finding type,
# then the model of the tree, the edits, the rules asking the model, the
# scan engine, the callers the audit classifies.
analysis_floors = ["finding", "model", "fix", "rules", "scan", "callers"]
bad = []

def layer(node):
    return node.split("/")[0]

# the files directly in analysis/, by floor
analysis_files = {"finding": "finding", "candidates": "scan", "scan": "scan"}

def floor(node):
    """analysis/model/workitem-index -> model; analysis/scan -> scan"""
    parts = node.split("/")
    if parts[0] != "analysis" or len(parts) < 2:
        return None
    return parts[1] if len(parts) > 2 else analysis_files.get(parts[1])

def product(node):
    """products/series/series -> series; None outside a product folder"""
    parts = node.split("/")
    return parts[1] if parts[0] == "products" and len(parts) > 2 else None

def against(a, b, verb, what=""):
    """the house rules for one edge a -> b"""
    la, lb = layer(a), layer(b)
    fa, fb = floor(a), floor(b)
    if lb not in layers or layers.index(lb) > layers.index(la):
        bad.append(f"layer: {a} {verb} {b}{what}")
    elif la == lb == "analysis" and (fa not in analysis_floors or
                                     fb not in analysis_floors or
                                     analysis_floors.index(fb) >
                                     analysis_floors.index(fa)):
        bad.append(f"floor: {a} {verb} {b}{what}")
    elif product(a) and product(b) and product(a) != product(b):
        bad.append(f"sibling: {a} {verb} {b}{what}")

def cycles(edges):
    """Tarjan's strongly connected components of more than one node"""
    index, low, stack, on, comps, n = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1
        stack.append(v); on.add(v)
        for w in sorted(edges.get(v, ())):
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
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return comps

def one_loop(edges, comp):
    """a shortest path from comp's first node back to it, inside comp"""
    start, inside = comp[0], set(comp)
    prev, todo = {start: None}, [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(edges.get(v, ())):
            if w == start:
                path = [v]
                while prev[path[-1]]:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in inside and w not in prev:
                prev[w] = v; todo.append(w)
    return comp + [start]

# --- includes ---------------------------------------------------------------
includes = {}
for path in sorted(glob.glob("*/**/*.[ch]", recursive=True)):
    if layer(path) not in layers:
        continue
    # a private header (validate-priv.h) belongs to its module
    mod = re.sub(r"-priv$", "", os.path.splitext(path)[0])
    includes.setdefault(mod, set())
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\s*#\s*include\s+"([a-z]+/[^"]+)\.h"', line)
        target = re.sub(r"-priv$", "", m.group(1)) if m else None
        if target and target != mod:
            includes[mod].add(target)
for a in sorted(includes):
    for b in sorted(includes[a]):
        against(a, b, "includes")
include_cycles = cycles(includes)
for c in include_cycles:
    bad.append("cycle: " + " <-> ".join(c))

# --- calls ------------------------------------------------------------------
defined, undefined = {}, {}
nodes = [os.path.splitext(p)[0]
         for p in sorted(glob.glob("*/**/*.c", recursive=True))
         if layer(p) in layers]
# one nm for all: "build/lib/strbuf.o: NAME TYPE ..."
out = subprocess.run(["nm", "-P", "-A"] + [f"build/{n}.o" for n in nodes],
                     check=True, capture_output=True, text=True).stdout
for n in nodes:
    undefined[n] = set()
for line in out.splitlines():
    obj, _, rest = line.partition(": ")
    fields = rest.split()
    if len(fields) < 2 or not obj.startswith("build/"):
        continue
    node = obj[len("build/"):-len(".o")]
    if fields[1] == "U":
        undefined[node].add(fields[0])
    elif fields[1].isupper():           # global: T, D, B, R, C...
        defined.setdefault(fields[0], node)
calls = {}
for a in sorted(undefined):
    calls.setdefault(a, {})
    for sym in undefined[a]:
        b = defined.get(sym)
        if b and b != a:
            calls[a].setdefault(b, set()).add(sym)
for a in sorted(calls):
    for b in sorted(calls[a]):
        against(a, b, "calls", " (" + ", ".join(sorted(calls[a][b])) + ")")
call_cycles = cycles({a: set(t) for a, t in calls.items()})
for c in call_cycles:
    loop = one_loop(calls, c)
    steps = [f"{x} -> {y} ({', '.join(sorted(calls[x][y]))})"
             for x, y in zip(loop, loop[1:])]
    bad.append("call cycle: " + "; ".join(steps))

if "--dot" in sys.argv[1:]:
    print("digraph wqcheck {\n  rankdir=LR;")
    for a in sorted(includes):
        for b in sorted(includes[a]):
            print(f'  "{a}" -> "{b}";')
    for a in sorted(calls):
        for b in sorted(calls[a]):
            print(f'  "{a}" -> "{b}" [style=dashed];')
    print("}")
else:
    for a in sorted(includes):
        for b in sorted(includes[a]):
            print(f"{a} -> {b}")
    for a in sorted(calls):
        for b in sorted(calls[a]):
            print(f"{a} => {b}: {' '.join(sorted(calls[a][b]))}")

def count(prefix, verb):
    prefixes = ("layer:", "floor:") if prefix == "layer:" else (prefix,)
    return sum(1 for b in bad if b.startswith(prefixes) and f" {verb} " in b)
nr_includes = sum(len(t) for t in includes.values())
nr_calls = sum(len(t) for t in calls.values())
print(f"# includes: {len(includes)} modules, {nr_includes} edges, "
      f"{len(include_cycles)} cycles, {count('layer:', 'includes')} against "
      f"the layers, {count('sibling:', 'includes')} into a sibling product",
      file=sys.stderr)
print(f"# calls: {len(calls)} files, {nr_calls} edges, {len(call_cycles)} "
      f"cycles, {count('layer:', 'calls')} upward, "
      f"{count('sibling:', 'calls')} into a sibling product", file=sys.stderr)
for b in bad:
    print(b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
