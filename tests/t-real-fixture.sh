#!/bin/bash
# slow: yes
# timeout: 600
# The legacy fixture (tests/real/legacy-fixture.sh): a 6.1 tree with the 3.7-era
# workqueue API brought back at the real call sites of legacy-sites.txt.
#  - it builds: every touched object compiles under the config used, before
#    anything is converted;
#  - wqcheck finds exactly the manifest's sites (rule, file, line, column) and
#    no other WQ001-WQ005 finding, without and with the compile database, and
#    says which sites sit in a branch the configuration leaves out;
#  - its --diff applies and gives the 6.1 sources back (modulo whitespace, and
#    queue[_delayed]_work(system_wq, ...) coming back as schedule[_delayed]_work()).
set -u
: "${TOP:?}" "${WQCHECK:?}"
. "$TOP/tests/real/lib.sh"

legacy_rules=WQ001,WQ002,WQ003,WQ004,WQ005
names=("fixture builds" "no-db: exactly the manifest sites" "no-db: inactive branches marked"
	"compile-db: exactly the manifest sites" "compile-db: inactive branches marked"
	"paths inside the tree give the manifest's subset"
	"--diff gives 6.1 back" "--in-place on a hard-linked copy leaves the fixture alone")

skip_all() {
	local name
	for name in "${names[@]}"; do
		echo "skip - real-fixture: $name: $1"
	done
	exit 0
}

log=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$log" "$work"' EXIT
t0=$(date +%s)
fixture=$("$TOP/tests/real/legacy-fixture.sh" 2>"$log") ||
	skip_all "legacy fixture not available: $(grep -v '^wqcheck-cache:' "$log" | tail -n 1)"
manifest=$fixture/wqcheck-legacy-manifest.tsv
n=$(wc -l <"$manifest")
echo "# real-fixture: $fixture ready in $(( $(date +%s) - t0 ))s, $n sites"

# --- the fixture builds, before anything is converted --------------------------
if ! git -C "$fixture" diff --quiet HEAD --; then
	echo "not ok - real-fixture: fixture builds"
	echo "    the fixture's sources differ from its legacy commit: something edited them"
	git -C "$fixture" diff --stat HEAD -- | tail -n 5 | sed 's/^/    /'
else
	objects=$(wq_objects)
	# Under the cache lock: another run (make check, a series) may build there too.
	wq_timed flock "$WQ_CACHE/.lock" make -C "$fixture" -j"$WQ_JOBS" $objects >"$work/make.log" 2>&1
	rc=$?
	stale=
	for o in $objects; do
		[ "$fixture/$o" -nt "$fixture/${o%.o}.c" ] || stale="$stale $o"
	done
	echo "# real-fixture: make of $(echo $objects | wc -w) objects took ${WQ_SECS}s"
	if [ "$rc" -eq 0 ] && [ -z "$stale" ]; then
		echo "ok - real-fixture: fixture builds"
	else
		echo "not ok - real-fixture: fixture builds"
		echo "    make exit $rc; objects not built:${stale:- none}"
		grep -E 'error|Error' "$work/make.log" | head -n 10 | sed 's/^/    /'
		grep -B3 'kernel.release\]' "$work/make.log" | head -n 8 | sed 's/^/    /'
	fi
fi

# --- wqcheck finds exactly the manifest ---------------------------------------
command -v jq >/dev/null || { for i in 1 2 3 4 5; do echo "skip - real-fixture: ${names[$i]}: jq not installed"; done; exit 0; }
[ -x "$WQCHECK" ] || { for i in 1 2 3 4 5; do echo "skip - real-fixture: ${names[$i]}: no wqcheck binary"; done; exit 0; }

cut -f1-4 "$manifest" | sort >"$work/want"
awk -F'\t' '$5 ~ /\+inactive/ { print $2 ":" $3 ":" $4 }' "$manifest" | sort >"$work/want-inactive"

for mode in no-db compile-db; do
	args=(scan -q --format=json "--rules=$legacy_rules")
	[ "$mode" = compile-db ] && args+=(-p "$fixture")
	wq_timed "$WQCHECK" "${args[@]}" "$fixture" >"$work/$mode.json" 2>"$work/$mode.err"
	rc=$?
	echo "# real-fixture $mode: wqcheck ${args[*]} took ${WQ_SECS}s, peak RSS ${WQ_RSS_MB} MB, exit $rc"
	if [ "$rc" -gt 1 ] || ! jq -e .findings "$work/$mode.json" >/dev/null 2>&1; then
		echo "not ok - real-fixture: $mode: exactly the manifest sites"
		echo "    exit $rc; stderr:"
		head -n 10 "$work/$mode.err" | sed 's/^/    /'
		echo "skip - real-fixture: $mode: inactive branches marked: the scan failed"
		continue
	fi
	jq -r '.findings[] | [.rule, .file, .line, .column] | @tsv' "$work/$mode.json" | sort >"$work/got"
	failed=$(jq '.files_failed | length' "$work/$mode.json")
	[ "$failed" -eq 0 ] || jq -r '.files_failed[] | "# real-fixture \($mode): failed \(.file): \(.reason)"' \
		--arg mode "$mode" "$work/$mode.json" | head -n 10
	if cmp -s "$work/want" "$work/got" && [ "$rc" -eq 1 ]; then
		echo "ok - real-fixture: $mode: exactly the manifest sites"
	else
		echo "not ok - real-fixture: $mode: exactly the manifest sites"
		echo "    exit $rc, $(wc -l <"$work/got") findings, $n expected; missed (-) and extra (+):"
		diff "$work/want" "$work/got" | grep '^[<>]' | sed -e 's/^</    -/' -e 's/^>/    +/' | head -n 30
		[ "$failed" -eq 0 ] || echo "    ($failed files failed)"
	fi
	jq -r '.findings[] | select(.in_inactive_branch) | "\(.file):\(.line):\(.column)"' \
		"$work/$mode.json" | sort >"$work/got-inactive"
	if cmp -s "$work/want-inactive" "$work/got-inactive"; then
		echo "ok - real-fixture: $mode: inactive branches marked"
	else
		echo "not ok - real-fixture: $mode: inactive branches marked"
		diff "$work/want-inactive" "$work/got-inactive" | grep '^[<>]' |
			sed -e 's/^</    not marked: /' -e 's/^>/    marked wrongly: /'
	fi
done

# --- paths inside the tree, relative to a directory in it ----------------------
name="paths inside the tree give the manifest's subset"
(cd "$fixture/drivers" && "$WQCHECK" scan -q --format=json "--rules=$legacy_rules" usb gpu/drm ../sound/core/misc.c) \
	>"$work/sub.json" 2>"$work/sub.err"
rc=$?
awk -F'\t' '$2 ~ /^(drivers\/usb\/|drivers\/gpu\/drm\/|sound\/core\/misc\.c$)/' "$work/want" >"$work/want-sub"
jq -r '.findings[] | [.rule, .file, .line, .column] | @tsv' "$work/sub.json" 2>/dev/null | sort >"$work/got-sub"
if [ "$rc" -eq 1 ] && [ -s "$work/want-sub" ] && cmp -s "$work/want-sub" "$work/got-sub"; then
	echo "ok - real-fixture: $name"
else
	echo "not ok - real-fixture: $name"
	echo "    exit $rc; missed (-) and extra (+):"
	diff "$work/want-sub" "$work/got-sub" | grep '^[<>]' | sed -e 's/^</    -/' -e 's/^>/    +/' | head -n 10
	head -n 3 "$work/sub.err" | sed 's/^/    /'
fi

# --- the fixes give 6.1 back ------------------------------------------------
# Applied to a scratch index of the fixture's git (its work tree is never
# touched), then compared file by file with the 6.1 commit.
name="--diff gives 6.1 back"
wq_timed "$WQCHECK" scan -q "--rules=$legacy_rules" --diff "$fixture" >"$work/fix.diff" 2>"$work/diff.err"
rc=$?
echo "# real-fixture: wqcheck scan --diff took ${WQ_SECS}s, exit $rc, $(grep -c '^+++ ' "$work/fix.diff") files"
export GIT_INDEX_FILE=$work/index
if [ "$rc" -gt 1 ] || ! [ -s "$work/fix.diff" ]; then
	echo "not ok - real-fixture: $name"
	echo "    exit $rc, diff of $(wc -c <"$work/fix.diff") bytes"
	head -n 5 "$work/diff.err" | sed 's/^/    /'
elif ! git -C "$fixture" read-tree HEAD || ! git -C "$fixture" apply --cached "$work/fix.diff" 2>"$work/apply.err"; then
	echo "not ok - real-fixture: $name"
	echo "    the diff does not apply:"
	head -n 5 "$work/apply.err" | sed 's/^/    /'
else
	python3 "$TOP/tests/real/roundtrip.py" "$fixture" "$manifest" >"$work/roundtrip" 2>&1
	if [ $? -eq 0 ] && ! grep -qv '^#' "$work/roundtrip"; then
		echo "ok - real-fixture: $name"
	else
		echo "not ok - real-fixture: $name"
		grep -v '^#' "$work/roundtrip" | head -n 20 | sed 's/^/    /'
	fi
	grep '^#' "$work/roundtrip"
fi

# --- --in-place replaces files: safe on a hard-linked copy ---------------------
# The copy holds the touched files and what makes a directory a kernel tree
# root; the fixed files must equal the --diff result (the scratch index).
name="--in-place on a hard-linked copy leaves the fixture alone"
if [ ! -s "$work/index" ]; then
	echo "skip - real-fixture: $name: no --diff result to compare with"
	exit 0
fi
copy=$work/copy
files=$(cut -f2 "$manifest" | sort -u)
mkdir -p "$copy/include/linux"
(cd "$fixture" && cp -al --parents Makefile Kconfig MAINTAINERS include/linux/workqueue.h $files "$copy")
"$WQCHECK" scan -q "--rules=$legacy_rules" --in-place "$copy" >"$work/inplace.out" 2>&1
rc=$?
bad=
for f in $files; do
	if [ "$copy/$f" -ef "$fixture/$f" ]; then
		bad="$bad $f(still linked)"
	elif ! git -C "$fixture" show ":$f" 2>/dev/null | cmp -s - "$copy/$f"; then
		bad="$bad $f(differs from --diff)"
	fi
done
unset GIT_INDEX_FILE
git -C "$fixture" diff --quiet HEAD -- $files || bad="$bad fixture-modified"
if [ "$rc" -le 1 ] && [ -z "$bad" ]; then
	echo "ok - real-fixture: $name"
else
	echo "not ok - real-fixture: $name"
	echo "    exit $rc;$bad" | cut -c1-400
fi
