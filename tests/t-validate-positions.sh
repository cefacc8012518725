#!/bin/bash
# wqcheck validate and source positions: the conversion joins and splits
# lines, which moves __LINE__ (WARN_ON(), BUG()) in the code of everything
# below. On the corpus (whose WARN_ON() and BUG() pass __LINE__ as 3.6's
# did), a fix that joins a call onto one line above a WARN_ON() and a
# BUG_ON() changes their line numbers in the object code, and validate
# still reports the object equal; a real change next to them is reported,
# in its function only. __LINE__ is neutralised as __COUNTER__, else 0,
# else not at all, per object.
set -u
: "${WQCHECK:?}" "${TOP:?}"

. "$TOP/tests/lib/validate-suite.sh" t-validate-positions

new_tree() {
	local dir=$scratch/$1
	mkdir -p "$dir"
	git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$dir"
	mv "$dir/corpus" "$dir/tree"
	(cd "$dir/tree" && git init -q && G add -A -f . && G commit -q -m "corpus base")
	echo "$dir/tree"
}

convert_mmc() {
	"$WQCHECK" scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 --in-place "$1/drivers/mmc" >/dev/null 2>&1
}

series() {	# TREE N OUT: the last N commits as a series; the tree back at the base
	(cd "$1" && G format-patch -q --cover-letter --base="HEAD~$2" -o "$3" "HEAD~$2" &&
	 G reset -q --hard "HEAD~$2")
}

sdx=drivers/mmc/host/sdx_host
warn_pattern='WARN_ON(host->timeouts'

# --- the premise: without neutralising, the join moves WARN_ON's line in the code
plain=$scratch/plain
mkdir -p "$plain"
git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$plain"
cp -r "$plain/corpus" "$plain/converted"
convert_mmc "$plain/converted"
line_before=$(grep -n -F "$warn_pattern" "$plain/corpus/$sdx.c" | head -1 | cut -d: -f1)
line_after=$(grep -n -F "$warn_pattern" "$plain/converted/$sdx.c" | head -1 | cut -d: -f1)
make -s -C "$plain/corpus" "$sdx.o" >/dev/null 2>&1
make -s -C "$plain/converted" "$sdx.o" >/dev/null 2>&1
objdump -dr "$plain/corpus/$sdx.o" >"$scratch/raw-before.dis" 2>&1
objdump -dr "$plain/converted/$sdx.o" >"$scratch/raw-after.dis" 2>&1
hex() { printf '0x%x' "$1"; }
if [ -n "$line_before" ] && [ "$line_after" -lt "$line_before" ] &&
   grep -q "\$$(hex "$line_before"),%esi" "$scratch/raw-before.dis" &&
   grep -q "\$$(hex "$line_after"),%esi" "$scratch/raw-after.dis" &&
   ! grep -q "\$$(hex "$line_before"),%esi" "$scratch/raw-after.dis"; then
	ok "premise: the join moves WARN_ON() from line $line_before to $line_after, and the object code with it"
else
	not_ok "premise: the join moves WARN_ON()'s line in the object code" \
		"lines: $line_before -> $line_after" "$(grep -c warn_slowpath_null "$scratch/raw-after.dis") calls"
fi
# the function that holds the WARN_ON() after inlining
warn_function=$(awk '/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f) } /warn_slowpath_null/ { print f; exit }' \
	"$scratch/raw-after.dis")

# --- only positions moved: equal ----------------------------------------------
tree=$(new_tree shift)
convert_mmc "$tree"
(cd "$tree" && G commit -q -a -m "mmc: use the current workqueue API")
series "$tree" 1 "$scratch/shift.series"
"$WQCHECK" validate -q --format=json --series "$scratch/shift.series" "$tree" >"$scratch/shift.json" 2>"$scratch/shift.err"
rc=$?
r=$(jq_py x '
o = d["patches"][0]["objects"][0]
print(o["object"], o["built"], o["code_equal"], o["code_verdict"], o["code_diff_functions"], o["positions"])' "$scratch/shift.json" 2>&1)
if [ "$rc $r" = "0 $sdx.o True True equal_up_to_conversion [] __LINE__ as __COUNTER__" ]; then
	ok "a join above WARN_ON() and BUG_ON(): code equal, exit 0 ($r)"
else
	not_ok "a join above WARN_ON() and BUG_ON(): code equal, exit 0" "rc=$rc $r" "$(head -3 "$scratch/shift.err")"
fi

# --- a real change next to the WARN_ON(): different, in that function only ---
tree=$(new_tree change)
convert_mmc "$tree"
sed -i "s/$warn_pattern < 0);/$warn_pattern > 100);/" "$tree/$sdx.c"
(cd "$tree" && G commit -q -a -m "mmc: convert, and change a WARN_ON()")
series "$tree" 1 "$scratch/change.series"
"$WQCHECK" validate -q --format=json --series "$scratch/change.series" "$tree" >"$scratch/change.json" 2>&1
rc=$?
r=$(jq_py x '
o = d["patches"][0]["objects"][0]
print(o["code_equal"], o["code_verdict"], " ".join(o["code_diff_functions"]))' "$scratch/change.json" 2>&1)
if [ -n "$warn_function" ] && [ "$rc $r" = "1 False different $warn_function" ]; then
	ok "a changed WARN_ON() condition: different in $warn_function() only, exit 1"
else
	not_ok "a changed WARN_ON() condition: different in its function only" "rc=$rc $r (expected $warn_function)"
fi

# --- where __COUNTER__ does not compile: 0; where neither does: left as is ---
# A label made from __LINE__ and a goto to it in one macro need the same value
# twice (as drm_exec_until_all_locked() does); twice in one function, the
# labels of a constant __LINE__ collide too.
tree=$(new_tree fallback)
cat >"$tree/drivers/md/dmx-retry.h" <<'EOF'
#define __retry_cat(a, b) a##b
#define __retry_label(n) __retry_cat(retry_, n)
/* jumps back to itself once when asked to */
#define retry_point(again) \
	__retry_label(__LINE__): if ((again)-- > 0) goto __retry_label(__LINE__)
EOF
for f in once twice; do
	{
		echo '#include <linux/kernel.h>'
		echo '#include <linux/workqueue.h>'
		echo '#include "dmx-retry.h"'
		echo
		echo "void dmx_retry_$f(struct work_struct *w, int again)"
		echo '{'
		echo '	flush_work_sync(w);'
		echo '	retry_point(again);'
		# where positions stay, a WARN_ON() below the split would differ
		if [ $f = twice ]; then
			echo '	retry_point(again);'
		else
			echo '	WARN_ON(again);'
		fi
		echo '}'
	} >"$tree/drivers/md/dmx-retry-$f.c"
done
echo 'obj-y += dmx-retry-once.o dmx-retry-twice.o' >>"$tree/drivers/md/Makefile"
(cd "$tree" && G add -A && G commit -q -m "md: retry points")
for f in once twice; do
	sed -i 's/flush_work_sync(w);/flush_work(\n\t\tw);/' "$tree/drivers/md/dmx-retry-$f.c"
done
(cd "$tree" && G commit -q -a -m "md: split a line")
series "$tree" 1 "$scratch/fallback.series"
"$WQCHECK" validate -q --format=json --series "$scratch/fallback.series" "$tree" >"$scratch/fallback.json" 2>&1
rc=$?
r=$(jq_py x '
print(sorted((o["object"].split("/")[-1], o["code_equal"], o["positions"]) for o in d["patches"][0]["objects"]))' "$scratch/fallback.json" 2>&1)
if [ "$rc $r" = "0 [('dmx-retry-once.o', True, '__LINE__ as 0'), ('dmx-retry-twice.o', True, 'not neutralised')]" ]; then
	ok "__LINE__ as 0 where __COUNTER__ does not compile, left where neither does; both still compared"
else
	not_ok "__LINE__ as 0 where __COUNTER__ does not compile, left where neither does" "rc=$rc $r"
fi
"$WQCHECK" validate -q --series "$scratch/fallback.series" "$tree" >"$scratch/fallback.txt" 2>&1
grep -q 'dmx-retry-twice.o: code equal.*source positions not neutralised' "$scratch/fallback.txt" &&
	ok "the text report says where positions were not neutralised" ||
	not_ok "the text report says where positions were not neutralised" "$(grep dmx-retry "$scratch/fallback.txt")"
[ -z "$(ls -A "$TMPDIR")" ] && ok "positions: no scratch directory left behind" ||
	not_ok "positions: no scratch directory left behind" "$(ls "$TMPDIR")"
