#!/bin/bash
# timeout: 120
# asan: yes
# The pages of Documentation/ against the program: every rule of the table
# has a page (wqcheck explain lists them all, and a build that lost a page
# fails naming it), each page names its rule as the table does and has the
# sections a rule page promises, every page is valid scdoc that renders
# without a groff warning, explain prints a rule's page and the path of its
# semantic patch, and SARIF carries each rule's page as its help.
set -u
: "${WQCHECK:?}" "${TOP:?}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
doc=$TOP/Documentation

report() { # NAME OK-STATUS [DETAIL FILE]
	if [ "$2" = 0 ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		[ -n "${3-}" ] && sed 's/^/    /' "$3" | head -20
	fi
}

# The rules of the table, as --help lists them: "   WQ001  name  summary".
"$WQCHECK" --help | sed -nE 's/^   (WQ[0-9]+) +([a-z0-9-]+) .*/\1 \2/p' >"$scratch/table"
"$WQCHECK" explain >"$scratch/list" 2>"$scratch/list.err"
rc=$?
cut -d' ' -f1 "$scratch/list" >"$scratch/list.ids"
ok=1
[ $rc = 0 ] && [ -s "$scratch/table" ] && diff <(cut -d' ' -f1 "$scratch/table") "$scratch/list.ids" >"$scratch/d" && ok=0
report "docs: wqcheck explain lists the $(wc -l <"$scratch/table") rules of the table, one line each" $ok "$scratch/d"

# Each rule's page exists and its NAME says the rule's name, as the table.
bad=0
: >"$scratch/bad"
while read -r id name; do
	page=$doc/wqcheck-$id.7.scd
	if [ ! -f "$page" ]; then
		echo "$id: no $page" >>"$scratch/bad"
		continue
	fi
	grep -qx "wqcheck-$id - $name: .*" "$page" ||
		echo "$id: NAME does not say 'wqcheck-$id - $name: ...'" >>"$scratch/bad"
	for s in 'WHAT IT FINDS' 'WHY IT MATTERS' 'EXAMPLE' 'FIX' \
		 'WHEN IT IS SAFE TO LEAVE' 'SILENCING IT' 'SEE ALSO'; do
		grep -qx "# $s" "$page" || echo "$id: no section '$s'" >>"$scratch/bad"
	done
	# why it matters: the kernel change behind it, by commit or release
	grep -qE '[0-9a-f]{12}|Linux [0-9]+\.[0-9]+' "$page" ||
		echo "$id: no kernel commit or release named" >>"$scratch/bad"
done <"$scratch/table"
report "docs: every rule has its page, named as the table names it, with every section" \
	"$([ -s "$scratch/bad" ] && echo 1 || echo 0)" "$scratch/bad"

# A page without its rule is a page for nothing (the rules WQ013-WQ015 came
# with theirs written first: they are allowed until their rule lands).
: >"$scratch/orphans"
for page in "$doc"/wqcheck-WQ*.7.scd; do
	id=$(basename "$page" .7.scd)
	id=${id#wqcheck-}
	grep -q "^$id " "$scratch/table" || case $id in
		WQ013|WQ014|WQ015) ;;
		*) echo "$page: no rule $id in the table" >>"$scratch/orphans" ;;
	esac
done
report "docs: no rule page without its rule" \
	"$([ -s "$scratch/orphans" ] && echo 1 || echo 0)" "$scratch/orphans"

# Every page is scdoc that renders as a man page without a groff warning.
: >"$scratch/render"
for page in "$doc"/*.scd; do
	if ! scdoc <"$page" >"$scratch/page.man" 2>"$scratch/err"; then
		echo "$page: $(cat "$scratch/err")" >>"$scratch/render"
	elif command -v man >/dev/null; then
		MANWIDTH=80 man --warnings -l "$scratch/page.man" >"$scratch/page.txt" 2>"$scratch/err"
		[ -s "$scratch/err" ] && echo "$page: $(head -3 "$scratch/err")" >>"$scratch/render"
		grep -q '^NAME' "$scratch/page.txt" || echo "$page: no NAME rendered" >>"$scratch/render"
	fi
done
if ! command -v scdoc >/dev/null; then
	echo "skip - docs: pages render: scdoc is not installed (make check installs it)"
else
	report "docs: all $(ls "$doc"/*.scd | wc -l) pages are scdoc that man renders without a warning" \
		"$([ -s "$scratch/render" ] && echo 1 || echo 0)" "$scratch/render"
fi

# Underline in scdoc starts at an '_' after a non-word character: an
# identifier like __get_cpu_var written bare would lose its underscores.
python3 - "$doc"/*.scd >"$scratch/underline" <<'PY'
import re, sys
for path in sys.argv[1:]:
    literal = False
    for n, line in enumerate(open(path), 1):
        if line.startswith("```"):
            literal = not literal
            continue
        if literal:
            continue
        # what is meant: _WORD_ spans (placeholders such as _DIR_)
        rest = re.sub(r"(?<![A-Za-z0-9\\])_[^_\s][^_]*?_(?![A-Za-z0-9])", "", line)
        if re.search(r"(?<![A-Za-z0-9\\_])_[A-Za-z_]", rest):
            print(f"{path}:{n}: {line.rstrip()}")
PY
report "docs: no identifier loses an underscore to scdoc's underline" \
	"$([ -s "$scratch/underline" ] && echo 1 || echo 0)" "$scratch/underline"

# explain RULE: the page as text, by id or name, with its semantic patch.
"$WQCHECK" explain WQ014 >"$scratch/wq014" 2>&1
rc=$?
ok=1
[ $rc = 0 ] && grep -qx 'wqcheck-WQ014 - two-workqueues: one work item queued on two workqueues' "$scratch/wq014" &&
	grep -qx 'WHY IT MATTERS' "$scratch/wq014" && grep -q 'drm_probe_helper.c' "$scratch/wq014" &&
	! grep -q '^```' "$scratch/wq014" && ok=0
report "docs: wqcheck explain WQ014 prints its page as text" $ok "$scratch/wq014"

"$WQCHECK" explain wq-non-reentrant >"$scratch/wq005" 2>&1
cocci=$(sed -n 's/^Semantic patch: //p' "$scratch/wq005")
ok=1
[ "$cocci" = "$TOP/semantic-patches/wq_non_reentrant.cocci" ] && [ -f "$cocci" ] &&
	grep -qx 'wqcheck-WQ005 - wq-non-reentrant: .*' "$scratch/wq005" && ok=0
report "docs: explain by name, and the rule's .cocci found beside the binary ($cocci)" $ok "$scratch/wq005"

err=$("$WQCHECK" explain WQ999 2>&1 >/dev/null)
rc=$?
ok=1
[ $rc = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && [[ $err == *"unknown rule 'WQ999'"* ]] && ok=0
report "docs: an unknown rule is one line, exit 2 ($err)" $ok

# SARIF: each rule's help is its page, helpUri names the page.
"$WQCHECK" scan -q --format=sarif "$TOP/corpus/drivers/affinity/aff_hop.c" >"$scratch/a.sarif"
python3 - "$scratch/a.sarif" "$scratch/list.ids" >"$scratch/sarif" 2>&1 <<'PY'
import json, sys
rules = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["rules"]
ids = open(sys.argv[2]).read().split()
assert [r["id"] for r in rules] == ids, ([r["id"] for r in rules], ids)
for r in rules:
    assert r["fullDescription"]["text"], r["id"]
    assert r["help"]["text"].startswith("NAME\n"), r["id"]
    assert f"wqcheck-{r['id']} - {r['name']}: " in r["help"]["text"], r["id"]
    assert r["helpUri"].startswith("file:///") and \
        f"/wqcheck-{r['id']}.7" in r["helpUri"], r["helpUri"]
PY
report "docs: SARIF's rules carry fullDescription, their page as help, helpUri naming it" $? "$scratch/sarif"

# A build whose table has a rule without a page fails naming it: link the
# objects of today's sources again with the pages of every rule but WQ005.
objs=$TOP/checker/build
if [ "$WQCHECK" = "$TOP/checker/wqcheck" ] && [ -f "$objs/gen/rule-pages.o" ]; then
	sh "$doc/embed-pages.sh" $(ls "$doc"/wqcheck-WQ*.7.scd | grep -v WQ005) >"$scratch/pages.c"
	libdir=$(${LLVM_CONFIG:-llvm-config-14} --libdir 2>/dev/null || echo /usr/lib/llvm-14/lib)
	if cc -std=c11 -I"$TOP/checker" -c -o "$scratch/pages.o" "$scratch/pages.c" &&
	   cc -o "$scratch/wqcheck" $(cd "$TOP/checker" && find . -name '*.c' ! -path './build*' ! -path './gen/*' |
		sed "s|^\./\(.*\)\.c$|$objs/\1.o|") \
		"$scratch/pages.o" -L"$libdir" -Wl,-rpath,"$libdir" -lclang -ljansson -lpthread \
		>"$scratch/link" 2>&1; then
		err=$("$scratch/wqcheck" explain 2>&1 >/dev/null)
		rc=$?
		ok=1
		[ $rc != 0 ] && [[ $err == *"WQ005"*"wqcheck-WQ005.7.scd is missing"* ]] && ok=0
		report "docs: a rule without a page fails the build's explain, naming it (exit $rc: $err)" $ok
	else
		report "docs: a rule without a page fails the build's explain (could not link)" 1 "$scratch/link"
	fi
fi
