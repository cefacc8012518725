#!/bin/bash
# slow: yes
# timeout: 600
# The semantic patches on real kernel code: the legacy fixture of
# tests/real/legacy-fixture.sh is Debian's 6.1 tree with real call sites
# turned back into the 3.7-era API (wqcheck-legacy-manifest.tsv lists each).
#   sites   the report modes print exactly the manifest's WQ001-WQ005 sites;
#   fixes   on every file of the manifest, the patch modes (applied in turn)
#           give byte for byte what `wqcheck scan --in-place` gives, except
#           the comment renames of wqcheck-legacy-comments.tsv, which
#           Coccinelle cannot do (semantic-patches/tests/corpus-disagreements.diff,
#           cause 1): such a file may differ only on those comment lines, and
#           only by the names listed there.
# The fixture is shared and read-only: both tools work on copies of the files.
set -u
SP=$TOP/semantic-patches
SCRIPTS="flush_work_sync system_nrt_wq wq_non_reentrant"
name=cocci-legacy

if ! command -v spatch >/dev/null; then
	echo "skip - $name: spatch not installed (apt-get install coccinelle)"
	exit 0
fi
if [ ! -x "$WQCHECK" ]; then
	echo "skip - $name: $WQCHECK not built (make checker/wqcheck)"
	exit 0
fi
err=${TMPDIR:-/tmp}/cocci-legacy.$$
if ! legacy=$(bash "$TOP/tests/real/legacy-fixture.sh" 2>"$err"); then
	echo "skip - $name: no legacy fixture: $(tail -n 1 "$err")"
	rm -f "$err"
	exit 0
fi
rm -f "$err"
manifest=$legacy/wqcheck-legacy-manifest.tsv
comments=$legacy/wqcheck-legacy-comments.tsv
# Beside the fixture for the hard links: under tests/run's scratch in the
# cache (removed even if this suite is killed), else in the cache itself.
scratch_root=${WQCHECK_TEST_SCRATCH:-$(dirname "$legacy")}
mkdir -p "$scratch_root" && work=$(mktemp -d "$scratch_root/cocci-legacy.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

cut -f2 "$manifest" | sort -u >"$work/files"
# wqcheck needs the tree around the files (root, headers, compile database):
# a hard-link copy whose manifest files are replaced by real copies, and only
# those files are named, so only they can be written.
cp -al "$legacy" "$work/wqcheck"
mkdir -p "$work/spatch"
while read -r f; do
	rm -f "$work/wqcheck/$f"
	cp "$legacy/$f" "$work/wqcheck/$f"
	mkdir -p "$work/spatch/$(dirname "$f")"
	cp "$legacy/$f" "$work/spatch/$f"
done <"$work/files"

# --- sites ---------------------------------------------------------------------
awk -F'\t' '$1 ~ /^WQ00[1-5]$/ { print $2 ":" $3 ":" $4 - 1 " [" $1 "]" }' "$manifest" |
	sort >"$work/sites.manifest"
for s in $SCRIPTS; do
	(cd "$work/spatch" && spatch -D report --very-quiet --no-includes --include-headers \
		--sp-file "$SP/$s.cocci" --dir . 2>/dev/null)
done | sed -n 's|^\./\([^:]*:[0-9]*:[0-9]*\)-[0-9]*: .*\(\[WQ00[1-5]\]\)$|\1 \2|p' |
	sort >"$work/sites.cocci"
if cmp -s "$work/sites.manifest" "$work/sites.cocci"; then
	echo "ok - $name: the report modes find the $(wc -l <"$work/sites.manifest") legacy sites, no more"
else
	echo "not ok - $name: the report modes find the $(wc -l <"$work/sites.manifest") legacy sites, no more"
	diff -u --label manifest --label spatch "$work/sites.manifest" "$work/sites.cocci" | sed -n '3,30s/^/    /p'
fi

# --- fixes -----------------------------------------------------------------------
(cd "$work/wqcheck" && xargs "$WQCHECK" scan --in-place <"$work/files" >/dev/null 2>"$work/wqcheck.err")
for s in $SCRIPTS; do
	(cd "$work/spatch" && spatch -D patch --very-quiet --no-includes --include-headers \
		--sp-file "$SP/$s.cocci" --dir . 2>/dev/null) >"$work/$s.patch"
	(cd "$work/spatch" && patch -p1 -s <"$work/$s.patch") ||
		echo "not ok - $name: $s.cocci patch applies to the legacy files"
done
same=0
while read -r f; do
	if cmp -s "$work/wqcheck/$f" "$work/spatch/$f"; then
		same=$((same + 1))
		continue
	fi
	# Allowed: lines holding a comment where renaming the listed legacy
	# names in the spatch line gives the wqcheck line.
	if python3 - "$work/wqcheck/$f" "$work/spatch/$f" "$f" "$comments" <<'PY'
import sys
w, s, f, tsv = sys.argv[1:]
renames = [l.rstrip("\n").split("\t") for l in open(tsv) if l.split("\t")[0] == f]
wl, sl = open(w).read().split("\n"), open(s).read().split("\n")
if not renames or len(wl) != len(sl):
	sys.exit(1)
for a, b in zip(wl, sl):
	if a == b:
		continue
	fixed = b
	for (_, line, col, old, new) in renames:
		fixed = fixed.replace(old, new)
	if fixed != a or ("/*" not in b and "*" not in b.lstrip()[:1] and "//" not in b):
		sys.exit(1)
PY
	then
		echo "ok - $name: $f: differs only by the listed comment renames"
	else
		echo "not ok - $name: $f: fixed the same by wqcheck and spatch"
		diff -u --label "wqcheck/$f" --label "spatch/$f" "$work/wqcheck/$f" "$work/spatch/$f" |
			sed -n '1,30s/^/    /p'
	fi
done <"$work/files"
echo "ok - $name: $same of $(wc -l <"$work/files") legacy files fixed byte for byte the same"
