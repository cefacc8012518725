#!/bin/bash
# slow: yes
# timeout: 900
# The semantic patches with the kernel's own machinery, unchanged: copy them
# into scripts/coccinelle/api/ of a copy of Debian's linux-source-6.1 tree
# (tests/real/kernel-tree.sh), copy the corpus into a subdirectory, and run
#   make coccicheck COCCI=scripts/coccinelle/api/X.cocci MODE=M M=wqcheck-corpus
# for each script and each of the four modes. Checked: exit status 0; report
# lines are file:line:col-col: message [WQnnn] and the same sites spatch
# finds run by hand; each block context stars starts on a reported line and
# each reported line starts one; org lists
# exactly the reported positions; the patch applies with patch -p1 at the
# tree root and a second patch run finds nothing left; report-only scripts
# print no patch.
set -u
SP=$TOP/semantic-patches
name=cocci-kernel

if ! command -v spatch >/dev/null; then
	echo "skip - $name: spatch not installed (apt-get install coccinelle)"
	exit 0
fi
if ! tree=$(bash "$TOP/tests/real/kernel-tree.sh" 2>"${TMPDIR:-/tmp}/cocci-kernel-tree.$$"); then
	reason=$(tail -n 1 "${TMPDIR:-/tmp}/cocci-kernel-tree.$$")
	rm -f "${TMPDIR:-/tmp}/cocci-kernel-tree.$$"
	echo "skip - $name: no Linux 6.1 tree: ${reason:-kernel-tree.sh failed}"
	exit 0
fi
rm -f "${TMPDIR:-/tmp}/cocci-kernel-tree.$$"
corpus=$TOP/corpus
[ -d "$corpus" ] || corpus=$SP/tests

# A hard-link copy: cheap, on the cache's file system, and coccicheck only
# reads. The corpus and the scripts are real copies; patch mode rewrites them.
# Under tests/run's scratch in the cache (removed even if this suite is
# killed), else beside the tree.
scratch_root=${WQCHECK_TEST_SCRATCH:-$(dirname "$tree")}
mkdir -p "$scratch_root" && work=$(mktemp -d "$scratch_root/cocci-kernel.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cp -al "$tree" "$work/linux"
linux=$work/linux
rm -rf "$linux/wqcheck-corpus"
cp -r "$corpus" "$linux/wqcheck-corpus"
cp -r "$corpus" "$work/pristine"
mkdir -p "$linux/scripts/coccinelle/api"
for s in "$SP"/*.cocci; do
	rm -f "$linux/scripts/coccinelle/api/$(basename "$s")"
	cp "$s" "$linux/scripts/coccinelle/api/"
done

ok() { echo "ok - $name: $1"; }
notok() {
	echo "not ok - $name: $1"
	[ $# -gt 1 ] && [ -s "$2" ] && sed -n '1,30s/^/    /p' "$2"
	return 0
}

coccicheck() {	# SCRIPT MODE -> stdout; status of make
	make -s -C "$linux" coccicheck COCCI="scripts/coccinelle/api/$1.cocci" \
		MODE="$2" M=wqcheck-corpus J=2 2>"$work/stderr"
}

report_re='^wqcheck-corpus/[^:]*:[0-9]+:[0-9]+-[0-9]+: .* \[WQ0[0-9][0-9]\]$'
for s in "$SP"/*.cocci; do
	s=$(basename "$s" .cocci)
	fixes=no
	grep -q '__wqcheck_report_only__' "$SP/$s.cocci" || fixes=yes

	# report
	if coccicheck "$s" report >"$work/$s.report.raw"; then
		ok "$s: make coccicheck MODE=report exits 0"
	else
		notok "$s: make coccicheck MODE=report exits 0" "$work/stderr"
	fi
	grep '^wqcheck-corpus/' "$work/$s.report.raw" | sort >"$work/$s.report"
	bad=$(grep -Evc "$report_re" "$work/$s.report")
	if [ -s "$work/$s.report" ] && [ "$bad" -eq 0 ]; then
		ok "$s: report lines are file:line:col-col: message [WQnnn] ($(wc -l <"$work/$s.report") on the corpus)"
	else
		grep -Ev "$report_re" "$work/$s.report" >"$work/out"
		notok "$s: report lines are file:line:col-col: message [WQnnn] (none, or $bad malformed)" "$work/out"
	fi
	(cd "$work/pristine" && spatch -D report --very-quiet --no-includes --include-headers \
		--sp-file "$SP/$s.cocci" --dir . 2>/dev/null) |
		sed -n 's|^\./|wqcheck-corpus/|p' | sort >"$work/$s.direct"
	if cmp -s "$work/$s.report" "$work/$s.direct"; then
		ok "$s: make coccicheck reports what spatch reports by hand"
	else
		diff "$work/$s.direct" "$work/$s.report" >"$work/out"
		notok "$s: make coccicheck reports what spatch reports by hand" "$work/out"
	fi
	cut -d: -f1,2 "$work/$s.report" | sort -u >"$work/$s.lines"

	# context
	if coccicheck "$s" context >"$work/$s.context"; then
		ok "$s: make coccicheck MODE=context exits 0"
	else
		notok "$s: make coccicheck MODE=context exits 0" "$work/stderr"
	fi
	awk '/^--- /{ f = $2; sub(/^\.\//, "", f); next }
	     /^\+\+\+ /{ next }
	     /^@@ /{ split($2, a, ","); n = -a[1]; next }
	     /^-/{ if (!run) print "B " f ":" n; print "S " f ":" n; run = 1; n++; next }
	     { run = 0 } /^ /{ n++ }' "$work/$s.context" >"$work/$s.starred"
	sed -n 's/^S //p' "$work/$s.starred" | sort -u >"$work/$s.all"
	sed -n 's/^B //p' "$work/$s.starred" | sort -u >"$work/$s.blocks"
	if [ -s "$work/$s.lines" ] && [ -z "$(comm -23 "$work/$s.lines" "$work/$s.all")" ] &&
	   [ -z "$(comm -13 "$work/$s.lines" "$work/$s.blocks")" ]; then
		ok "$s: context mode stars the reported lines"
	else
		{ echo "reported, not starred:"; comm -23 "$work/$s.lines" "$work/$s.all"
		  echo "starred blocks not starting on a reported line:"
		  comm -13 "$work/$s.lines" "$work/$s.blocks"; } >"$work/out"
		notok "$s: context mode stars the reported lines" "$work/out"
	fi

	# org
	if coccicheck "$s" org >"$work/$s.org"; then
		ok "$s: make coccicheck MODE=org exits 0"
	else
		notok "$s: make coccicheck MODE=org exits 0" "$work/stderr"
	fi
	sed -n 's|^\* TODO \[\[view:\(wqcheck-corpus/[^:]*\)::face=ovl-face1::linb=\([0-9]*\)::colb=\([0-9]*\)::cole=\([0-9]*\)\].*|\1:\2:\3-\4|p' \
		"$work/$s.org" | sort >"$work/$s.orgpos"
	cut -d: -f1-3 "$work/$s.report" | sort >"$work/$s.pos"
	if cmp -s "$work/$s.pos" "$work/$s.orgpos"; then
		ok "$s: org mode lists the reported positions"
	else
		diff "$work/$s.pos" "$work/$s.orgpos" >"$work/out"
		notok "$s: org mode lists the reported positions" "$work/out"
	fi

	# patch
	if coccicheck "$s" patch >"$work/$s.patch"; then
		ok "$s: make coccicheck MODE=patch exits 0"
	else
		notok "$s: make coccicheck MODE=patch exits 0" "$work/stderr"
	fi
	grep -v '^diff -u -p ' "$work/$s.patch" | grep -q '^[-+]' && has_diff=yes || has_diff=no
	if [ "$fixes" = no ]; then
		if [ "$has_diff" = no ]; then
			ok "$s: report-only script prints no patch"
		else
			notok "$s: report-only script prints no patch" "$work/$s.patch"
		fi
		continue
	fi
	if [ "$has_diff" = no ]; then
		notok "$s: patch mode prints a patch for the corpus"
		continue
	fi
	if (cd "$linux" && patch -p1 -s --dry-run <"$work/$s.patch" >"$work/out" 2>&1) &&
	   (cd "$linux" && patch -p1 -s <"$work/$s.patch" >"$work/out" 2>&1); then
		ok "$s: the patch applies with patch -p1 at the tree root ($(grep -c '^+++ ' "$work/$s.patch") files)"
	else
		notok "$s: the patch applies with patch -p1 at the tree root" "$work/out"
		continue
	fi
	coccicheck "$s" patch >"$work/$s.again"
	if grep -v '^diff -u -p ' "$work/$s.again" | grep -q '^[-+]'; then
		notok "$s: a second patch run finds nothing left" "$work/$s.again"
	else
		ok "$s: a second patch run finds nothing left"
	fi
	rm -rf "$linux/wqcheck-corpus"
	cp -r "$work/pristine" "$linux/wqcheck-corpus"
done
