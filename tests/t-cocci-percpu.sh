#!/bin/bash
# timeout: 300
# The 6.17 semantic patches (system_wq.cocci, system_unbound_wq.cocci,
# wq_percpu.cocci) against wqcheck's rules WQ020-WQ022 on corpus/6.17, the
# corpus tree whose include/linux/workqueue.h has the 6.17 names:
#   sites     the report modes print the WQ020/WQ021/WQ022 findings of
#             `wqcheck scan --format=json`: file, line, columns, rule, fix or
#             note, and the same message (wqcheck adds a remark for an #if
#             branch the configuration does not build: that part is not
#             compared);
#   fixes     the three patch modes applied in turn give the same code as
#             `wqcheck scan --in-place` (the same tokens once comments and
#             layout are set aside), and the only byte differences are the
#             ones written down, with their reason, in
#             semantic-patches/tests/percpu-disagreements.diff (a difference
#             not written there fails, and so does one written there that no
#             longer occurs; --update rewrites the file from what occurs);
#             a second patch run finds nothing left;
#   untouched the workqueue core and its header, and the lines that must not
#             match (comments, strings, members, flags that already say
#             WQ_UNBOUND or WQ_PERCPU, alloc_ordered_workqueue(),
#             create_*workqueue()) are not changed by the patch modes;
#   era       with a workqueue.h from before 6.17 the scripts find nothing,
#             as wqcheck finds nothing.
set -u
SP=$TOP/semantic-patches
EXPECTED=$SP/tests/percpu-disagreements.diff
SCRIPTS="system_wq system_unbound_wq wq_percpu"
OPTS="--very-quiet --no-includes --include-headers"
name=cocci-percpu

if ! command -v spatch >/dev/null; then
	echo "skip - $name: spatch not installed (apt-get install coccinelle)"
	exit 0
fi
if [ ! -x "$WQCHECK" ]; then
	echo "skip - $name: $WQCHECK not built (make checker/wqcheck)"
	exit 0
fi
if [ ! -f "$TOP/corpus/6.17/include/linux/workqueue.h" ]; then
	echo "skip - $name: no corpus/6.17/"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for d in orig wqcheck spatch old-era; do
	cp -r "$TOP/corpus/6.17" "$work/$d"
done

ok() { echo "ok - $name: $1"; }
notok() {
	echo "not ok - $name: $1"
	[ $# -gt 1 ] && [ -s "$2" ] && sed -n '1,30s/^/    /p' "$2"
	return 0
}

spatch_in() {	# DIR MODE SCRIPT: spatch on a tree, as make coccicheck runs it
	(cd "$1" && spatch -D "$2" $OPTS --sp-file "$SP/$3.cocci" --dir . 2>>"$work/spatch.err")
}

# --- the shared block ---------------------------------------------------------------
for s in $SCRIPTS; do
	sed -n '/^# --- wq617 begin/,/^# --- wq617 end ---$/p' "$SP/$s.cocci" >"$work/block.$s"
done
if [ -s "$work/block.system_wq" ] &&
   cmp -s "$work/block.system_wq" "$work/block.system_unbound_wq" &&
   cmp -s "$work/block.system_wq" "$work/block.wq_percpu"; then
	ok "wq617 block identical in the three scripts"
else
	notok "wq617 block identical in the three scripts"
fi

# --- sites -----------------------------------------------------------------------
# One line per site: file:line:col-col: [rule] fix|note message, in
# coccicheck's columns (0-based start, end exclusive).
(cd "$work/orig" && "$WQCHECK" scan --format=json --rules=WQ020,WQ021,WQ022 . \
	2>"$work/wqcheck.err") >"$work/wqcheck.json"
python3 - "$work/wqcheck.json" "$work/edits.wqcheck" >"$work/sites.wqcheck" <<'PY'
import json, sys
edits = set()
for f in json.load(open(sys.argv[1]))["findings"]:
	if f["rule"] in ("WQ020", "WQ021", "WQ022"):
		msg = f["message"]
		if f["in_inactive_branch"]:
			msg = "(message not compared: an inactive #if branch)"
		print("%s:%d:%d-%d: [%s] %s %s" % (f["file"], f["line"], f["column"] - 1,
			f["end_column"] - 1, f["rule"],
			"fix" if f["fixable"] else "note", msg))
		for e in f.get("edits", []):
			for line in range(e["line"], e["end_line"] + 1):
				edits.add("%s:%d" % (f["file"], line))
with open(sys.argv[2], "w") as out:
	for e in sorted(edits):
		out.write(e + "\n")
PY
for s in $SCRIPTS; do
	spatch_in "$work/orig" report "$s"
done | python3 -c '
import re, sys
wqcheck = {}
for l in open(sys.argv[1]):
	pos, rest = l.split(": [", 1)
	wqcheck[pos] = rest
for l in sys.stdin:
	m = re.match(r"\./([^:]*:\d+:\d+-\d+): (.*) \[(WQ02[0-2])\]$", l.rstrip("\n"))
	if not m:
		print("malformed: " + l.rstrip("\n"))
		continue
	pos, msg, rule = m.groups()
	kind = "note" if "so no fix is offered" in msg else "fix"
	if wqcheck.get(pos, "").endswith("(message not compared: an inactive #if branch)\n"):
		msg = "(message not compared: an inactive #if branch)"
	print("%s: [%s] %s %s" % (pos, rule, kind, msg))
' "$work/sites.wqcheck" >"$work/sites.cocci"
for rule in WQ020 WQ021 WQ022; do
	grep -F "[$rule]" "$work/sites.wqcheck" | sort >"$work/w.$rule"
	grep -F "[$rule]" "$work/sites.cocci" | sort >"$work/c.$rule"
	n=$(wc -l <"$work/w.$rule")
	notes=$(grep -c "\] note " "$work/w.$rule")
	if [ "$n" -eq 0 ]; then
		notok "$rule sites: wqcheck finds none in corpus/6.17" "$work/wqcheck.err"
	elif cmp -s "$work/w.$rule" "$work/c.$rule"; then
		ok "$rule sites: the report mode prints wqcheck's $n findings ($notes notes), same messages"
	else
		diff -u --label wqcheck --label spatch "$work/w.$rule" "$work/c.$rule" | sed -n '3,$p' >"$work/out"
		notok "$rule sites: the report mode prints wqcheck's $n findings ($notes notes), same messages" "$work/out"
	fi
done
if grep -q '^malformed: ' "$work/sites.cocci"; then
	grep '^malformed: ' "$work/sites.cocci" >"$work/out"
	notok "report lines are ./file:line:col-col: message [WQ02n]" "$work/out"
fi

# --- fixes -----------------------------------------------------------------------
(cd "$work/wqcheck" && "$WQCHECK" scan --in-place --rules=WQ020,WQ021,WQ022 . \
	>/dev/null 2>>"$work/wqcheck.err")
: >"$work/minus"
for s in $SCRIPTS; do
	spatch_in "$work/spatch" patch "$s" >"$work/$s.patch"
	if [ ! -s "$work/$s.patch" ]; then
		notok "$s.cocci: patch mode prints a patch for corpus/6.17" "$work/spatch.err"
	elif (cd "$work/spatch" && patch -p1 -s <"$work/$s.patch" >"$work/out" 2>&1); then
		ok "$s.cocci: its patch applies with patch -p1 ($(grep -c '^+++ ' "$work/$s.patch") files)"
	else
		notok "$s.cocci: its patch applies with patch -p1" "$work/out"
	fi
	# the lines each patch takes away, as file:line of the tree it was made
	# on; each patch changes lines of its own, so they are lines of orig
	awk '/^--- /{ f = $2; sub(/^[ab]\//, "", f); sub(/^\.\//, "", f); next }
	     /^\+\+\+ /{ next }
	     /^@@ /{ split($2, a, ","); n = -a[1]; next }
	     /^-/{ print f ":" n; n++; next } /^ /{ n++ }' "$work/$s.patch" >>"$work/minus"
done
for s in $SCRIPTS; do
	spatch_in "$work/spatch" patch "$s" >"$work/again"
	if [ -s "$work/again" ]; then
		notok "$s.cocci: a second patch run finds nothing left" "$work/again"
	else
		ok "$s.cocci: a second patch run finds nothing left"
	fi
done

# The same code: every file's tokens, comments dropped, are the same.
python3 - "$work/wqcheck" "$work/spatch" >"$work/out" <<'PY'
import os, re, sys
tok = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|' + r"'(?:\\.|[^'\\\n])*'" +
		 r'|[A-Za-z_0-9]+|\S', re.S)
def code(path):
	return [t for t in tok.findall(open(path).read()) if not t.startswith(("/*", "//"))]
bad = 0
for d, _, files in os.walk(sys.argv[1]):
	for f in files:
		a = os.path.join(d, f)
		b = os.path.join(sys.argv[2], os.path.relpath(a, sys.argv[1]))
		if code(a) != code(b):
			print(os.path.relpath(a, sys.argv[1]))
			bad += 1
sys.exit(1 if bad else 0)
PY
if [ $? -eq 0 ]; then
	ok "fixes: the patch modes give wqcheck's code, token for token"
else
	notok "fixes: the patch modes give wqcheck's code, token for token (files differ)" "$work/out"
fi

# Byte for byte: the difference is the documented one.
: >"$work/actual"
(cd "$work" && diff -r -q wqcheck spatch) | sed -n 's|^Files wqcheck/\(.*\) and spatch/.* differ$|\1|p' |
	sort | while read -r f; do
	diff -u --label "wqcheck/$f" --label "spatch/$f" "$work/wqcheck/$f" "$work/spatch/$f"
done >"$work/actual"
if [ "${1:-}" = --update ]; then
	{ sed -n '/^#/p' "$EXPECTED" 2>/dev/null; cat "$work/actual"; } >"$work/new"
	cp "$work/new" "$EXPECTED"
	echo "# $name: wrote $EXPECTED; read it before committing"
fi
changed=$( (cd "$work" && diff -r -q orig wqcheck; diff -r -q orig spatch) |
	sed -n 's|^Files orig/\(.*\) and [a-z]*/.* differ$|\1|p' | sort -u | wc -l)
if [ ! -f "$EXPECTED" ]; then
	notok "fixes: $(basename "$EXPECTED") exists (run with --update, then read it)"
elif diff -u <(sed '/^#/d' "$EXPECTED") "$work/actual" >"$work/out"; then
	ok "fixes: of $changed changed files, the bytes differ only as percpu-disagreements.diff documents ($(grep -c '^--- ' "$work/actual") files)"
else
	notok "fixes: the bytes differ only as percpu-disagreements.diff documents (- documented, + now)" "$work/out"
fi

# --- untouched -------------------------------------------------------------------
for f in kernel/workqueue.c include/linux/workqueue.h; do
	if grep -qw 'system_wq\|system_unbound_wq\|alloc_workqueue' "$work/orig/$f" &&
	   cmp -s "$work/orig/$f" "$work/spatch/$f"; then
		ok "untouched: $f (the workqueue core, which uses the old names)"
	else
		notok "untouched: $f (the workqueue core, which uses the old names)"
	fi
done
# Lines that must not match, from the sources themselves: a comment or a
# string naming the old names or the call, a member named system_wq, flags
# that already say which, and the allocators that say which themselves.
(cd "$work/orig" && grep -rnE \
	'(/\*|^ \*|//|").*(system_wq|system_unbound_wq|alloc_workqueue)|(->|\*)system_wq\b|alloc_workqueue\(.*WQ_(UNBOUND|PERCPU)|alloc_ordered_workqueue|create_[a-z_]*workqueue' \
	--include='*.c' drivers) | cut -d: -f1,2 | sort -u >"$work/negative"
sort -u "$work/minus" -o "$work/minus"
hit=$(comm -12 "$work/negative" "$work/minus")
if [ "$(wc -l <"$work/negative")" -ge 8 ] && [ -z "$hit" ]; then
	ok "untouched: none of the $(wc -l <"$work/negative") lines that must not match is changed"
else
	echo "$hit" >"$work/out"
	notok "untouched: none of the $(wc -l <"$work/negative") (at least 8) lines that must not match is changed" "$work/out"
fi
if [ -s "$work/minus" ] && [ -s "$work/edits.wqcheck" ] &&
   [ -z "$(comm -23 "$work/minus" "$work/edits.wqcheck")" ]; then
	ok "untouched: the patches change only lines wqcheck's fixes edit"
else
	comm -23 "$work/minus" "$work/edits.wqcheck" >"$work/out"
	notok "untouched: the patches change only lines wqcheck's fixes edit" "$work/out"
fi

# --- era -------------------------------------------------------------------------
# A tree from before 6.17: the outer corpus's workqueue.h (3.x-era names).
cp "$TOP/corpus/include/linux/workqueue.h" "$work/old-era/include/linux/workqueue.h"
n=$("$WQCHECK" scan -q --rules=WQ020,WQ021,WQ022 "$work/old-era" 2>/dev/null | grep -c '\[WQ02' || true)
for s in $SCRIPTS; do
	spatch_in "$work/old-era" report "$s"
done >"$work/out"
if [ "$n" -eq 0 ] && [ ! -s "$work/out" ] &&
   ! grep -qw 'system_percpu_wq\|WQ_PERCPU' "$work/old-era/include/linux/workqueue.h"; then
	ok "era: with a workqueue.h before 6.17, wqcheck and the scripts find nothing"
else
	notok "era: with a workqueue.h before 6.17, wqcheck ($n) and the scripts find nothing" "$work/out"
fi
