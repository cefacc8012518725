#!/bin/bash
# Output formats and fix application on a copy of the corpus: JSON and SARIF
# shape, stable fingerprints, deterministic order across -j, the tree left alone
# unless --in-place, and a --diff that applies and leaves nothing to find.
# asan: yes
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/corpus
cp -r "$TOP/corpus" "$tree"
find "$tree" -name '*.o' -delete

check() { # NAME COMMAND...: ok when the command succeeds
	local name=$1
	shift
	if "$@" >"$scratch/check.out" 2>&1; then
		echo "ok - $name"
	else
		echo "not ok - $name"
		sed 's/^/    /' "$scratch/check.out" | head -40
	fi
}

snapshot() { (cd "$tree" && find . -type f -print0 | sort -z | xargs -0 sha1sum); }

before=$(snapshot)
"$WQCHECK" scan -q --format=json "$tree" >"$scratch/a.json"
rc_json=$?
"$WQCHECK" scan -q --format=sarif "$tree" >"$scratch/a.sarif"
"$WQCHECK" scan -q --format=report "$tree" >"$scratch/a.report"
"$WQCHECK" scan -q "$tree" >"$scratch/a.txt"
"$WQCHECK" scan -q --diff "$tree" >"$scratch/a.diff"
# The corpus keeps one file that cannot be analysed (drivers/base/broken_parse.c):
# the scan is incomplete, so the status is 2, not 1.
check "exit status 2 when a file could not be analysed (findings printed all the same)" \
	test "$rc_json" -eq 2
cp -r "$tree" "$scratch/parsable"
rm "$scratch/parsable/drivers/base/broken_parse.c"
"$WQCHECK" scan -q --format=json "$scratch/parsable" >/dev/null 2>&1
check "exit status 1 when there are findings" test $? -eq 1
check "scan and --diff leave the tree untouched" test "$before" = "$(snapshot)"

check "json has the documented fields" python3 - "$scratch/a.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["findings"], "no findings"
keys = {"rule", "file", "line", "column", "end_line", "end_column", "severity",
        "message", "fixable", "in_inactive_branch", "inactive_why", "edits"}
for f in d["findings"]:
    assert keys <= set(f), f
    assert f["end_column"] > f["column"] or f["end_line"] > f["line"], f
    assert f["rule"] in ("WQ001", "WQ002", "WQ003", "WQ004", "WQ005") or f["rule"].startswith("WQ01"), f
assert isinstance(d["files_scanned"], int) and d["files_scanned"] > 30
assert isinstance(d["files_failed"], list)
order = [(f["file"], f["line"], f["column"], f["rule"]) for f in d["findings"]]
assert order == sorted(order), "findings are not sorted"
PY

# JSON's columns are bytes, coccicheck's report keeps Coccinelle's (0-based
# bytes), the text's are gcc's: tab stops of 8, 1-based, one a character.
check "text, report and json agree on the sites, text in gcc's display columns" \
	python3 - "$scratch/a.json" "$scratch/a.txt" "$scratch/a.report" "$tree" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
js = [(f["file"], f["line"], f["column"], f["rule"]) for f in d["findings"]]
def display(f, line, col):
    text = open("%s/%s" % (sys.argv[4], f), "rb").read().split(b"\n")[line - 1]
    return len(text[:col - 1].decode().expandtabs(8)) + 1
shown = [(f, l, display(f, l, c), r) for f, l, c, r in js]
assert any(s[2] != j[2] for s, j in zip(shown, js)), "no tab before any finding: proves nothing"
txt = []
for line in open(sys.argv[2]):
    m = re.match(r"^(\S+?):(\d+):(\d+): (warning|note|error): .* \[(WQ\d+)\]$", line.rstrip("\n"))
    if m:
        txt.append((m[1], int(m[2]), int(m[3]), m[5]))
rep = []
for line in open(sys.argv[3]):
    m = re.match(r"^(\S+?):(\d+):(\d+)-(\d+): .* \[(WQ\d+)\]$", line.rstrip("\n"))
    assert m, line
    rep.append((m[1], int(m[2]), int(m[3]) + 1, m[5]))
assert shown == txt, (shown, txt)
assert js == rep, (js, rep)
PY

# Every line of the text, notes too, is a location vim's quickfix takes
# with its default 'errorformat' (gcc's lines): the file, line and column.
if command -v vim >/dev/null; then
	(cd "$tree" && vim -es -N -u NONE -i NONE -c "cgetfile $scratch/a.txt" \
		-c 'call writefile(map(getqflist(), {_, e -> e.valid . " " . bufname(e.bufnr) . ":" . e.lnum . ":" . e.col}), "'"$scratch/qf"'")' \
		-c 'qa!') </dev/null >/dev/null 2>&1
	check "vim's default errorformat takes every line of the text (notes too) as file:line:col" \
		python3 - "$scratch/a.txt" "$scratch/qf" "$tree" <<'PY'
import os, re, sys
lines = [l.rstrip("\n") for l in open(sys.argv[1])]
qf = [l.rstrip("\n") for l in open(sys.argv[2])]
assert any(": note: " in l and not l.endswith("]") for l in lines), "no note lines: proves nothing"
assert len(qf) == len(lines), (len(qf), len(lines))
for l, q in zip(lines, qf):
    m = re.match(r"^(\S+?):(\d+):(\d+): ", l)
    assert m, l
    assert q == "1 %s:%s:%s" % (m[1], m[2], m[3]), (l, q)
    assert os.path.exists(os.path.join(sys.argv[3], m[1])), m[1]
PY
else
	echo "skip - vim's errorformat: vim is not installed"
fi

check "sarif 2.1.0 with rules, results and fingerprints, columns in UTF-16 units" \
	python3 - "$scratch/a.sarif" "$scratch/a.json" "$tree" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
d = json.load(open(sys.argv[2]))
assert s["version"] == "2.1.0"
run = s["runs"][0]
ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
assert {"WQ001", "WQ002", "WQ003", "WQ004", "WQ005"} <= ids, ids
assert len(run["results"]) == len(d["findings"])
fps = [r["partialFingerprints"]["wqcheck/v1"] for r in run["results"]]
assert len(set(fps)) == len(fps), "fingerprints collide"
# SARIF's columns: UTF-16 code units (its default columnKind), 1-based
assert run["columnKind"] == "utf16CodeUnits", run.get("columnKind")
for r, f in zip(run["results"], d["findings"]):
    assert r["ruleId"] in ids
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uriBaseId"] == "SRCROOT"
    assert loc["region"]["startLine"] >= 1
    text = open("%s/%s" % (sys.argv[3], f["file"]), "rb").read().split(b"\n")[f["line"] - 1]
    units = len(text[:f["column"] - 1].decode().encode("utf-16-le")) // 2 + 1
    assert loc["region"]["startColumn"] == units, (f, loc["region"])
PY

# Fingerprints survive unrelated lines added above a finding.
first=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["findings"][0]["file"])' "$scratch/a.json")
cp -r "$tree" "$scratch/shifted"
sed -i '1i /* an unrelated comment */\n' "$scratch/shifted/$first"
"$WQCHECK" scan -q --format=sarif "$scratch/shifted" >"$scratch/b.sarif"
check "sarif fingerprints are stable when lines shift" python3 - "$scratch/a.sarif" "$scratch/b.sarif" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["runs"][0]["results"]
b = json.load(open(sys.argv[2]))["runs"][0]["results"]
fa = sorted(r["partialFingerprints"]["wqcheck/v1"] for r in a)
fb = sorted(r["partialFingerprints"]["wqcheck/v1"] for r in b)
assert fa == fb
la = sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in a)
lb = sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in b)
assert la != lb, "the lines did not shift: the test proves nothing"
PY

"$WQCHECK" scan -q -j 1 --format=json "$tree" >"$scratch/j1.json"
"$WQCHECK" scan -q -j 4 --format=json "$tree" >"$scratch/j4.json"
check "output is the same with -j 1 and -j 4" cmp "$scratch/j1.json" "$scratch/j4.json"

# The diff applies to a pristine copy and the result is the --in-place result.
cp -r "$tree" "$scratch/applied"
check "--diff applies with git apply" git -C "$scratch/applied" apply "$scratch/a.diff"
cp -r "$tree" "$scratch/inplace"
"$WQCHECK" scan -q --in-place "$scratch/inplace" >/dev/null 2>&1
check "--in-place writes what --diff shows" diff -r "$scratch/applied" "$scratch/inplace"
rm "$scratch/inplace/drivers/base/broken_parse.c"
"$WQCHECK" scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 "$scratch/inplace" >"$scratch/rescan" 2>/dev/null
rc=$?
check "after the fixes a rescan finds nothing for WQ001-WQ005 (exit $rc)" test $rc -eq 0 -a ! -s "$scratch/rescan"

# The lexical decisions (which branches are built, which names are shadowed)
# must agree with libclang's wherever the scan skips libclang.
"$WQCHECK" scan -q --clang=always --format=json "$tree" | grep -v '"files_parsed' >"$scratch/always.json"
grep -v '"files_parsed' "$scratch/a.json" >"$scratch/auto.json"
check "--clang=auto finds what --clang=always finds" diff "$scratch/always.json" "$scratch/auto.json"
"$WQCHECK" scan -q --clang=never --format=json "$tree" | grep -v '"files_parsed' >"$scratch/never.json"
# One decision is libclang's alone: which structure a helper's callers pass
# their items from (WQ014, re_neg_wq014_types.c). Without libclang that
# pair stays a finding (t-reentry asserts it); every other site is the same.
without_types() {
	python3 - "$1" <<'PY2'
import json, sys
d = json.load(open(sys.argv[1]))
d["findings"] = [f for f in d["findings"]
		 if not (f["rule"] == "WQ014" and f["file"].endswith("re_neg_wq014_types.c"))]
print(json.dumps(d, indent=1, sort_keys=True))
PY2
}
without_types "$scratch/always.json" >"$scratch/always-lex.json"
without_types "$scratch/never.json" >"$scratch/never-lex.json"
check "--clang=never finds the same sites on the corpus (but the types only libclang reads)" \
	diff "$scratch/always-lex.json" "$scratch/never-lex.json"
check "--clang=never keeps the WQ014 pair only libclang's types rule out" \
	bash -c "grep -q re_neg_wq014_types.c '$scratch/never.json' && ! grep -q re_neg_wq014_types.c '$scratch/always.json'"
