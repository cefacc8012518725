#!/bin/bash
# Differential test: wqcheck and the semantic patches on the whole corpus.
#   sites   the WQ001-WQ005 findings of `wqcheck scan --format=json` are the
#           sites the report modes of flush_work_sync.cocci, system_nrt_wq.cocci
#           and wq_non_reentrant.cocci print (file, line, columns, rule id);
#   fixes   the corpus after `wqcheck scan --in-place` equals, byte for byte,
#           the corpus after applying the three patch modes in turn.
# Where the two cannot agree (Coccinelle cannot edit a comment, nor move a
# macro's line-continuation backslash), the exact difference is written down,
# with the reason, in semantic-patches/tests/corpus-disagreements.diff: a
# file passes only if its difference is exactly the one written there, and a
# written difference that no longer occurs fails too. Run with --update to
# rewrite that file from the current difference (then read it).
#   reentry the WQ013 and WQ014 findings of wqcheck (corpus/6.17 scanned as
#           the tree it is) are the sites the report modes of
#           prepare_work.cocci and two_workqueues.cocci print, on the corpus
#           and on the scripts' own inputs (semantic-patches/tests/NAME.c,
#           each in a directory of its own in the corpus's tree); where one
#           file cannot show what wqcheck sees, the difference of the two
#           site lists is written down, with the reason, in
#           semantic-patches/tests/reentry-disagreements.diff, and must be
#           exactly that (--update rewrites it too).
set -u
SP=$TOP/semantic-patches
EXPECTED=$SP/tests/corpus-disagreements.diff
REENTRY_EXPECTED=$SP/tests/reentry-disagreements.diff
REENTRY_SCRIPTS="prepare_work two_workqueues"
SCRIPTS="flush_work_sync system_nrt_wq wq_non_reentrant"
name=cocci-diff

if ! command -v spatch >/dev/null; then
	echo "skip - $name: spatch not installed (apt-get install coccinelle)"
	exit 0
fi
if [ ! -x "$WQCHECK" ]; then
	echo "skip - $name: $WQCHECK not built (make checker/wqcheck)"
	exit 0
fi
if [ ! -d "$TOP/corpus" ]; then
	echo "skip - $name: no corpus/"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for d in orig wqcheck spatch; do
	cp -r "$TOP/corpus" "$work/$d"
done

# --- sites ---------------------------------------------------------------------
(cd "$work/orig" && "$WQCHECK" scan --format=json . 2>"$work/wqcheck.err") >"$work/wqcheck.json"
python3 - "$work/wqcheck.json" >"$work/sites.wqcheck" <<'PY'
import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
	if f["rule"] in ("WQ001", "WQ002", "WQ003", "WQ004", "WQ005"):
		# coccicheck columns: 0-based start, end exclusive
		print("%s:%d:%d-%d: [%s]" % (f["file"], f["line"], f["column"] - 1,
					     f["end_column"] - 1, f["rule"]))
PY
for s in $SCRIPTS; do
	(cd "$work/orig" && spatch -D report --very-quiet --no-includes --include-headers \
		--sp-file "$SP/$s.cocci" --dir . 2>>"$work/spatch.err")
done | sed -n 's|^\./\([^:]*:[0-9]*:[0-9]*-[0-9]*\): .*\(\[WQ00[1-5]\]\)$|\1: \2|p' >"$work/sites.cocci"
for rule in WQ001 WQ002 WQ003 WQ004 WQ005; do
	grep -F "[$rule]" "$work/sites.wqcheck" | sort >"$work/w.$rule"
	grep -F "[$rule]" "$work/sites.cocci" | sort >"$work/c.$rule"
	if [ ! -s "$work/w.$rule" ]; then
		echo "not ok - $name: $rule sites: wqcheck finds none in the corpus"
	elif cmp -s "$work/w.$rule" "$work/c.$rule"; then
		echo "ok - $name: $rule sites: wqcheck and the report mode agree on $(wc -l <"$work/w.$rule")"
	else
		echo "not ok - $name: $rule sites: wqcheck and the report mode agree"
		diff -u --label wqcheck --label spatch "$work/w.$rule" "$work/c.$rule" | sed -n '3,30s/^/    /p'
	fi
done

# --- reentry sites ------------------------------------------------------------------
# wqcheck reads the era of a file from its tree: corpus/6.17 is a tree of its
# own (its workqueue.h has system_percpu_wq), as the scripts see it too.
reentry_sites() {	# JSON PREFIX: WQ013/WQ014 sites, coccicheck columns
	python3 - "$1" "$2" <<'PY'
import json, sys
prefix = sys.argv[2]
for f in json.load(open(sys.argv[1]))["findings"]:
	if f["rule"] in ("WQ013", "WQ014"):
		print("%s%s:%d:%d-%d: [%s]" % (prefix, f["file"], f["line"], f["column"] - 1,
					       f["end_column"] - 1, f["rule"]))
PY
}
cp -r "$TOP/corpus" "$work/reentry"
for s in $REENTRY_SCRIPTS; do
	mkdir -p "$work/reentry/wqcheck-cocci-tests/$s"
	cp "$SP/tests/$s.c" "$work/reentry/wqcheck-cocci-tests/$s/"
done
(cd "$work/reentry" && "$WQCHECK" scan --format=json --rules=WQ013,WQ014 . \
	2>>"$work/wqcheck.err") >"$work/wqcheck-reentry.json"
reentry_sites "$work/wqcheck-reentry.json" "" | grep -v '^6\.17/' >"$work/reentry.wqcheck"
(cd "$work/reentry/6.17" && "$WQCHECK" scan --format=json --rules=WQ013,WQ014 . \
	2>>"$work/wqcheck.err") >"$work/wqcheck-617.json"
reentry_sites "$work/wqcheck-617.json" "6.17/" >>"$work/reentry.wqcheck"
sort -o "$work/reentry.wqcheck" "$work/reentry.wqcheck"
for s in $REENTRY_SCRIPTS; do
	(cd "$work/reentry" && spatch -D report --very-quiet --no-includes --include-headers \
		--sp-file "$SP/$s.cocci" --dir . 2>>"$work/spatch.err")
done | sed -n 's|^\./\([^:]*:[0-9]*:[0-9]*-[0-9]*\): .*\(\[WQ01[34]\]\)$|\1: \2|p' |
	sort >"$work/reentry.cocci"
# -site: wqcheck only; +site: the scripts only.
{ comm -23 "$work/reentry.wqcheck" "$work/reentry.cocci" | sed 's/^/-/'
  comm -13 "$work/reentry.wqcheck" "$work/reentry.cocci" | sed 's/^/+/'; } >"$work/reentry.actual"
if [ "${1:-}" = --update ]; then
	{ sed -n '/^#/p' "$REENTRY_EXPECTED" 2>/dev/null; cat "$work/reentry.actual"; } >"$work/reentry.new"
	cp "$work/reentry.new" "$REENTRY_EXPECTED"
	echo "# $name: wrote $REENTRY_EXPECTED; read it before committing"
fi
for rule in WQ013 WQ014; do
	w=$(grep -c "\[$rule\]" "$work/reentry.wqcheck")
	c=$(grep -c "\[$rule\]" "$work/reentry.cocci")
	both=$(comm -12 "$work/reentry.wqcheck" "$work/reentry.cocci" | grep -c "\[$rule\]")
	if [ "$w" -eq 0 ] || [ "$both" -eq 0 ]; then
		echo "not ok - $name: $rule sites: wqcheck ($w) and the report mode ($c) share none"
	else
		echo "ok - $name: $rule sites: wqcheck and the report mode agree on $both (wqcheck $w, spatch $c)"
	fi
done
if cmp -s <(sed '/^#/d' "$REENTRY_EXPECTED" 2>/dev/null) "$work/reentry.actual"; then
	echo "ok - $name: WQ013/WQ014 sites: the only differences are the documented ones"
else
	echo "not ok - $name: WQ013/WQ014 sites: the only differences are the documented ones"
	diff -u --label documented --label now <(sed '/^#/d' "$REENTRY_EXPECTED" 2>/dev/null) \
		"$work/reentry.actual" | sed -n '3,40s/^/    /p'
fi

# --- fixes -----------------------------------------------------------------------
(cd "$work/wqcheck" && "$WQCHECK" scan --in-place . >/dev/null 2>>"$work/wqcheck.err")
patch_ok=yes
for s in $SCRIPTS; do
	(cd "$work/spatch" && spatch -D patch --very-quiet --no-includes --include-headers \
		--sp-file "$SP/$s.cocci" --dir . 2>>"$work/spatch.err") >"$work/$s.patch"
	if ! (cd "$work/spatch" && patch -p1 -s <"$work/$s.patch" >"$work/patch.out" 2>&1); then
		echo "not ok - $name: $s.cocci patch applies to the corpus"
		sed 's/^/    /' "$work/patch.out"
		patch_ok=no
	fi
done
[ "$patch_ok" = yes ] && echo "ok - $name: the three patch modes apply to the corpus in turn"

# The actual difference, file by file, in the form of $EXPECTED.
(cd "$work" && diff -r -q wqcheck spatch) | sed -n 's|^Files wqcheck/\(.*\) and spatch/.* differ$|\1|p' |
	sort >"$work/differ"
: >"$work/actual"
while read -r f; do
	diff -u --label "wqcheck/$f" --label "spatch/$f" "$work/wqcheck/$f" "$work/spatch/$f" >>"$work/actual"
done <"$work/differ"
if [ "${1:-}" = --update ]; then
	{ sed -n '/^#/p' "$EXPECTED" 2>/dev/null; cat "$work/actual"; } >"$work/new"
	cp "$work/new" "$EXPECTED"
	echo "# $name: wrote $EXPECTED ($(wc -l <"$work/differ") files); read it before committing"
fi

# Split a diff into one file per corpus file: DIR/<path with / as %>.
split_diff() {	# DIFF DIR
	mkdir -p "$2"
	awk -v dir="$2" '/^#/ { next }
		/^--- wqcheck\// { f = substr($2, 9); gsub("/", "%", f); out = dir "/" f }
		out { print > out }' "$1"
}
split_diff "$work/actual" "$work/actual.d"
split_diff "$EXPECTED" "$work/expected.d"

changed=$( (cd "$work" && diff -r -q orig wqcheck; diff -r -q orig spatch) |
	sed -n 's|^Files orig/\(.*\) and [a-z]*/.* differ$|\1|p' | sort -u)
same=0
for f in $changed; do
	key=${f//\//%}
	if [ -f "$work/expected.d/$key" ]; then
		if [ -f "$work/actual.d/$key" ] && cmp -s "$work/actual.d/$key" "$work/expected.d/$key"; then
			echo "ok - $name: $f: the only difference is the documented one"
		elif [ -f "$work/actual.d/$key" ]; then
			echo "not ok - $name: $f: the only difference is the documented one"
			diff -u --label documented --label now "$work/expected.d/$key" "$work/actual.d/$key" |
				sed -n '3,40s/^/    /p'
		else
			echo "not ok - $name: $f: documented difference no longer occurs (update $EXPECTED)"
		fi
	elif [ -f "$work/actual.d/$key" ]; then
		echo "not ok - $name: $f: fixed the same by wqcheck and spatch"
		sed -n '1,40s/^/    /p' "$work/actual.d/$key"
	else
		same=$((same + 1))
	fi
done
echo "ok - $name: $same fixed files byte for byte identical"
for e in "$work"/expected.d/*; do
	[ -e "$e" ] || continue
	f=$(basename "$e")
	f=${f//%//}
	case " $(echo $changed) " in
	*" $f "*) ;;
	*) echo "not ok - $name: $f: documented difference, but neither tool changes the file" ;;
	esac
done
