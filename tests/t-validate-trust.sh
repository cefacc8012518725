#!/bin/bash
# timeout: 600
# validate's trust boundary, on the corpus: a series that changes the build
# (here a Makefile rule that writes outside the worktree) is refused unless
# --allow-build-changes, naming the file; with it and --sandbox=always the
# rule runs in bubblewrap, its write fails and the report says what happened
# to the object; a .c file that #includes a file under the caller's home
# (/root when root) cannot read it in the sandbox, and can without it.
set -u
: "${WQCHECK:?}" "${TOP:?}"

. "$TOP/tests/lib/validate-suite.sh" t-validate-trust

if ! command -v bwrap >/dev/null; then
	echo "skip - t-validate-trust: bubblewrap (bwrap) is not installed"
	exit 0
fi

new_tree() {
	local dir=$scratch/$1
	mkdir -p "$dir"
	git -C "$TOP" archive --format=tar HEAD corpus | tar -xf - -C "$dir"
	mv "$dir/corpus" "$dir/tree"
	(cd "$dir/tree" && git init -q && G add -A -f . && G commit -q -m "corpus base")
	echo "$dir/tree"
}

# series TREE OUT: the last commit as a one-patch series; the tree back at
# its base
series() {
	(cd "$1" && G format-patch -q --cover-letter --base=HEAD~1 -o "$2" HEAD~1 &&
	 G reset -q --hard HEAD~1)
}

untouched() {	# TREE HEAD: nothing left behind, nothing changed
	local why=
	[ "$(git -C "$1" rev-parse HEAD)" = "$2" ] || why="HEAD moved"
	[ -z "$(git -C "$1" status --porcelain)" ] || why="$why; status: $(git -C "$1" status --porcelain | head -3 | tr '\n' ' ')"
	[ "$(git -C "$1" worktree list | wc -l)" -eq 1 ] || why="$why; a worktree is left"
	[ -z "$(ls -A "$TMPDIR")" ] || why="$why; scratch left: $(ls "$TMPDIR")"
	echo "$why"
}

# --- a Makefile rule that writes outside the worktree ------------------------
outside=$scratch/outside
mkdir -p "$outside"
tree=$(new_tree build)
head=$(git -C "$tree" rev-parse HEAD)
"$WQCHECK" scan -q --rules=WQ005 --in-place "$tree/drivers/md" >/dev/null 2>&1
printf '\n# not a conversion: runs on the machine that builds it\n%s: wqcheck-pwn\nwqcheck-pwn:\n\techo pwned >%s/pwned\n' \
	drivers/md/dmx-crypt.o "$outside" >>"$tree/drivers/md/Makefile"
(cd "$tree" && G commit -q -a -m "md: convert, and a rule of its own")
series "$tree" "$scratch/build.series"

"$WQCHECK" validate -q --series "$scratch/build.series" "$tree" >"$scratch/refused.out" 2>"$scratch/refused.err"
rc=$?
why=$(untouched "$tree" "$head")
if [ "$rc" = 2 ] && [ "$(wc -l <"$scratch/refused.err")" = 1 ] &&
   grep -q 'drivers/md/Makefile.*--allow-build-changes' "$scratch/refused.err" &&
   [ ! -e "$outside/pwned" ] && [ -z "$why" ]; then
	ok "a series that changes a Makefile is refused by default, naming it (exit 2, one line, nothing run)"
else
	not_ok "a series that changes a Makefile is refused by default, naming it" \
		"rc=$rc pwned=$(ls "$outside")" "$(head -3 "$scratch/refused.err")" "$why"
fi

"$WQCHECK" validate -q --format=json --allow-build-changes --sandbox=always \
	--series "$scratch/build.series" "$tree" >"$scratch/boxed.json" 2>"$scratch/boxed.err"
rc=$?
check=$(jq_py x '
objs = {o["object"]: o for p in d["patches"] for o in p["objects"]}
c = objs.get("drivers/md/dmx-crypt.o", {})
why = c.get("reason") or ""
print(d["sandbox"]["used"], d["build_changes"], c.get("built"), "make stopped before it" in why and "pwned" in why, d["status"])' "$scratch/boxed.json" 2>&1)
why=$(untouched "$tree" "$head")
case "$rc $check" in
"1 True ['drivers/md/Makefile'] False True 1")
	if [ -e "$outside/pwned" ] || [ -n "$why" ]; then
		not_ok "--allow-build-changes --sandbox=always: the rule's write fails" "pwned: $(ls "$outside")" "$why"
	else
		ok "--allow-build-changes --sandbox=always: the rule runs in bubblewrap, its write fails, and the object is reported not built with the rule's error (exit 1)"
	fi ;;
*)	not_ok "--allow-build-changes --sandbox=always: the rule's write fails, reported" \
		"rc=$rc $check" "$(head -3 "$scratch/boxed.err")" ;;
esac

# the same without the sandbox writes: what the sandbox stopped was real
"$WQCHECK" validate -q --format=json --allow-build-changes --sandbox=never \
	--series "$scratch/build.series" "$tree" >"$scratch/open.json" 2>"$scratch/open.err"
if [ "$(cat "$outside/pwned" 2>/dev/null)" = pwned ]; then
	ok "without the sandbox the same rule writes outside the worktree"
else
	not_ok "without the sandbox the same rule writes outside the worktree" "$(head -3 "$scratch/open.err")"
fi
rm -f "$outside/pwned"

# --- a .c file that #includes a file under home ------------------------------
home=${HOME:-/root}
[ -w /root ] && home=/root
token=WQCHECK_SECRET_$$_$RANDOM
secret=$home/.wqcheck-trust-$$.h
trap 'rm -f "$secret"; rm -rf "$scratch"' EXIT
printf '#error %s\n' "$token" >"$secret"
tree=$(new_tree include)
head=$(git -C "$tree" rev-parse HEAD)
sed -i "1i #include \"$secret\"" "$tree/drivers/md/dmx-crypt.c"
(cd "$tree" && G commit -q -a -m "md: a header from home")
series "$tree" "$scratch/include.series"
for mode in always never; do
	"$WQCHECK" validate -q --format=json --sandbox=$mode --series "$scratch/include.series" \
		"$tree" >"$scratch/include-$mode.json" 2>"$scratch/include-$mode.err"
	echo $? >"$scratch/include-$mode.rc"
done
boxed=$(jq_py x '
o = [o for p in d["patches"] for o in p["objects"] if o["object"] == "drivers/md/dmx-crypt.o"][0]
print(o["built"], "No such file" in (o["reason"] or ""))' "$scratch/include-always.json" 2>&1)
leaked=$(cat "$scratch/include-always.json" "$scratch/include-always.err" | grep -c "$token")
open=$(cat "$scratch/include-never.json" | grep -c "$token")
why=$(untouched "$tree" "$head")
if [ "$(cat "$scratch/include-always.rc") $boxed $leaked" = "1 False True 0" ] && [ "$open" -gt 0 ] &&
   [ -z "$why" ]; then
	ok "a .c that #includes a file under $home cannot read it in the sandbox (not built: no such file), and can without"
else
	not_ok "a .c that #includes a file under $home cannot read it in the sandbox" \
		"rc=$(cat "$scratch/include-always.rc") boxed=$boxed token in the boxed report: $leaked, in the open one: $open" "$why"
fi

# --- series --validate passes --sandbox on ----------------------------------
# (the corpus' WQ014 fixes change code where their logs say: "0 different,
# 5 changed only where a fix says")
tree=$(new_tree series)
"$WQCHECK" series -q --from="T <t@example.org>" --validate --sandbox=always -o "$scratch/out" \
	"$tree" >"$scratch/series.out" 2>"$scratch/series.err"
if grep -q '^sandbox: bubblewrap' "$scratch/series.out" &&
   tail -n 1 "$scratch/series.out" | grep -q ' built (.* 0 different[,)]'; then
	ok "series --validate --sandbox=always: validated in bubblewrap, the report says so, nothing different"
else
	not_ok "series --validate --sandbox=always: validated in bubblewrap" \
		"$(grep '^sandbox' "$scratch/series.out")" "$(tail -n 1 "$scratch/series.out")" \
		"$(head -3 "$scratch/series.err")"
fi
