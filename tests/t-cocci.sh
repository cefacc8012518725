#!/bin/bash
# timeout: 600
# The semantic patches tested the Coccinelle way. For every input
# semantic-patches/tests/NAME.c (NAME is a script name, or SCRIPT_CASE):
#   patch    spatch -D patch turns NAME.c into NAME.res, byte for byte, the
#            diff applies with patch -p1, and a second run on the result
#            finds nothing left to change;
#   report   spatch -D report prints NAME.report (file:line:col-col: message);
#   context  each starred block starts on a reported line, and each
#            reported line starts one;
#   org      the TODO entries name exactly the positions reported.
# And: each script carries the kernel's header conventions, the wqfix
# python block is the same in the three patch scripts, and the wqitem block
# the same in the two non-reentrance scripts.
set -u
SP=$TOP/semantic-patches
T=$SP/tests
OPTS="--very-quiet --no-includes --include-headers"

if ! command -v spatch >/dev/null; then
	echo "skip - cocci: spatch not installed (apt-get install coccinelle)"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ok() { echo "ok - cocci: $1"; }
notok() {
	echo "not ok - cocci: $1"
	[ $# -gt 1 ] && [ -s "$2" ] && sed -n '1,40s/^/    /p' "$2"
	return 0
}

script_of() {	# NAME -> script path
	local n=$1
	while [ ! -f "$SP/$n.cocci" ] && [[ "$n" == *_* ]]; do
		n=${n%_*}
	done
	[ -f "$SP/$n.cocci" ] && echo "$SP/$n.cocci"
}

# spatch run in a directory holding just the input, as make coccicheck runs
# it on a tree: --dir, paths relative to the directory.
run_spatch() {	# MODE SCRIPT DIR
	(cd "$3" && spatch -D "$1" $OPTS --sp-file "$2" --dir . 2>"$work/stderr")
}

# --- header conventions -------------------------------------------------------
for s in "$SP"/*.cocci; do
	name=$(basename "$s")
	missing=
	grep -q '^/// ' "$s" || missing="$missing ///"
	for h in Confidence Copyright Options Keywords; do
		grep -q "^// $h: " "$s" || missing="$missing $h"
	done
	grep -q '^// Options: --no-includes --include-headers$' "$s" || missing="$missing Options-value"
	for v in patch context org report; do
		grep -q "^virtual $v\$" "$s" || missing="$missing virtual-$v"
	done
	if [ -z "$missing" ]; then
		ok "$name: kernel header conventions"
	else
		echo "not ok - cocci: $name: kernel header conventions: missing$missing"
	fi
done

# --- the shared wqfix block -----------------------------------------------------
for s in flush_work_sync system_nrt_wq wq_non_reentrant; do
	sed -n '/^# --- wqfix begin/,/^# --- wqfix end ---$/p' "$SP/$s.cocci" >"$work/wqfix.$s"
done
if [ -s "$work/wqfix.flush_work_sync" ] &&
   cmp -s "$work/wqfix.flush_work_sync" "$work/wqfix.system_nrt_wq" &&
   cmp -s "$work/wqfix.flush_work_sync" "$work/wqfix.wq_non_reentrant"; then
	ok "wqfix block identical in the three patch scripts"
else
	echo "not ok - cocci: wqfix block identical in the three patch scripts"
fi

# --- the shared wqitem block -----------------------------------------------------
for s in prepare_work two_workqueues; do
	sed -n '/^# --- wqitem begin/,/^# --- wqitem end ---$/p' "$SP/$s.cocci" >"$work/wqitem.$s"
done
if [ -s "$work/wqitem.prepare_work" ] &&
   cmp -s "$work/wqitem.prepare_work" "$work/wqitem.two_workqueues"; then
	ok "wqitem block identical in prepare_work.cocci and two_workqueues.cocci"
else
	echo "not ok - cocci: wqitem block identical in prepare_work.cocci and two_workqueues.cocci"
fi

# --- per input --------------------------------------------------------------------
for c in "$T"/*.c; do
	name=$(basename "$c" .c)
	script=$(script_of "$name")
	if [ -z "$script" ]; then
		echo "not ok - cocci: $name: no semantic patch for this input"
		continue
	fi
	d=$work/$name
	mkdir -p "$d"
	cp "$c" "$d/"

	# patch
	if [ -f "$T/$name.res" ]; then
		run_spatch patch "$script" "$d" >"$work/$name.patch"
		if ! (cd "$d" && patch -p1 -s --dry-run <"$work/$name.patch" >"$work/out" 2>&1); then
			notok "$name: patch mode diff applies" "$work/out"
		elif (cd "$d" && patch -p1 -s <"$work/$name.patch") &&
		     cmp -s "$d/$name.c" "$T/$name.res"; then
			ok "$name: patch mode gives $name.res"
			run_spatch patch "$script" "$d" >"$work/again"
			if [ -s "$work/again" ]; then
				notok "$name: patch mode finds nothing left in $name.res" "$work/again"
			else
				ok "$name: patch mode finds nothing left in $name.res"
			fi
		else
			diff -u "$T/$name.res" "$d/$name.c" >"$work/out"
			notok "$name: patch mode gives $name.res" "$work/out"
		fi
		cp "$c" "$d/"
	fi

	# report
	run_spatch report "$script" "$d" | sed 's|^\./||' | sort -t: -k1,1 -k2,2n -k3,3n >"$work/report"
	if [ -f "$T/$name.report" ] && cmp -s "$work/report" "$T/$name.report"; then
		ok "$name: report mode prints $name.report"
	else
		diff -u "$T/$name.report" "$work/report" >"$work/out" 2>&1
		notok "$name: report mode prints $name.report" "$work/out"
	fi
	if grep -qv '^[^:]*:[0-9]*:[0-9]*-[0-9]*: .* \[WQ0[0-9][0-9]\]$' "$work/report"; then
		grep -v '^[^:]*:[0-9]*:[0-9]*-[0-9]*: .* \[WQ0[0-9][0-9]\]$' "$work/report" >"$work/out"
		notok "$name: report lines are file:line:col-col: message [WQnnn]" "$work/out"
	else
		ok "$name: report lines are file:line:col-col: message [WQnnn]"
	fi
	cut -d: -f2 "$work/report" | sort -u >"$work/report.lines"

	# context: the starred lines are the reported ones
	run_spatch context "$script" "$d" >"$work/context"
	awk '/^@@ /{ split($2, a, ","); n = -a[1]; next }
	     /^(---|\+\+\+|diff) /{ next }
	     /^-/{ if (!run) print "B " n; print "S " n; run = 1; n++; next }
	     { run = 0 } /^ /{ n++ }' "$work/context" >"$work/starred"
	sed -n 's/^S //p' "$work/starred" | sort -u >"$work/context.all"
	sed -n 's/^B //p' "$work/starred" | sort -u >"$work/context.blocks"
	sort -u "$work/report.lines" -o "$work/report.lines"
	if [ -z "$(comm -23 "$work/report.lines" "$work/context.all")" ] &&
	   [ -z "$(comm -13 "$work/report.lines" "$work/context.blocks")" ]; then
		ok "$name: context mode stars the reported lines"
	else
		{ echo "reported, not starred:"; comm -23 "$work/report.lines" "$work/context.all"
		  echo "starred blocks not starting on a reported line:"
		  comm -13 "$work/report.lines" "$work/context.blocks"; } >"$work/out"
		notok "$name: context mode stars the reported lines" "$work/out"
	fi

	# org: the TODO entries are the reported positions
	run_spatch org "$script" "$d" |
		sed -n 's|^\* TODO \[\[view:\./\([^:]*\)::face=ovl-face1::linb=\([0-9]*\)::colb=\([0-9]*\)::cole=\([0-9]*\)\].*|\1:\2:\3-\4|p' |
		sort -t: -k1,1 -k2,2n -k3,3n >"$work/org"
	cut -d: -f1-3 "$work/report" >"$work/report.pos"
	if cmp -s "$work/org" "$work/report.pos"; then
		ok "$name: org mode lists the reported positions"
	else
		diff "$work/report.pos" "$work/org" >"$work/out"
		notok "$name: org mode lists the reported positions" "$work/out"
	fi
done
