#!/bin/bash
# The fixes a series writes for what breaks the non-reentrance conditions,
# and their Fixes: tags from git's own line history. On corpus/6.17 with a
# history in which one commit split &d->poll_work across two workqueues
# (its mod_delayed_work(system_wq, ...) beside the work's own
# schedule_delayed_work()): the patch that puts it back on one names that
# commit as 'Fixes: <12 hex> ("subject")', says which two queueings could
# overlap, and the patched tree has no WQ014 for the item. The same tree
# imported in one commit, or not a git checkout, gets no Fixes: (no guess).
# asan: yes
# timeout: 300
set -u
: "${WQCHECK:?}" "${TOP:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/t-series-fixes.XXXXXX")
trap 'rm -rf "$T"' EXIT
export HOME=$T/home GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name "Fix Tester"
git config --global user.email "fix@example.org"
ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name" "failed: $*"; fi; }
series() { "$WQCHECK" series -q --cc=maintainers -o "$@" >/dev/null 2>"$T/err"; }
f=drivers/percpu/unbound_item.c
kick='	mod_delayed_work(system_wq, \&d->poll_work, 0);'

# --- history: the import, an unrelated change, the commit that split it ----
h=$T/hist
mkdir -p "$h" && cp -r "$TOP/corpus/6.17/." "$h/"
grep -q "^${kick//\\/}\$" "$h/$f" || { not_ok "setup: $f kicks the poll on system_wq"; exit 0; }
(cd "$h" && sed -i "s/^${kick//\\/}\$/\tcancel_delayed_work(\&d->poll_work);/" "$f" &&
 git init -q && git add -A && git commit -qm "Import the tree" &&
 echo "/* polled */" >>"$f" && git commit -qam "percpu: unbound_item: say it is polled" &&
 sed -i "s/^\tcancel_delayed_work(&d->poll_work);\$/$kick/" "$f" &&
 git commit -qam "percpu: unbound_item: kick the poll at once") ||
	{ not_ok "setup: the history"; exit 0; }
split=$(git -C "$h" log -1 --format='%h ("%s")' --abbrev=12)
series "$T/hist-out" "$h"
p=$(grep -l 'This is also a fix' "$T/hist-out"/0*.patch)
check "history: one patch fixes the split item, and names the split commit: Fixes: $split" \
	test "$(echo "$p" | grep -c .)" -eq 1 -a "$(grep -c "^Fixes: $split\$" $p)" -eq 1
check "history: Fixes: sits in the trailers, right above Signed-off-by" \
	bash -c "grep -A1 '^Fixes: ' '$p' | tail -1 | grep -q '^Signed-off-by: '"
check "history: no other patch has a Fixes:" \
	test "$(grep -l '^Fixes: ' "$T/hist-out"/0*.patch | wc -l)" -eq 1
check "history: the log says which two queueings of which item could overlap" \
	grep -q "^  $f:38: &d->poll_work on system_wq; line 26: on system_percpu_wq, with schedule_\*()\$" $p
check "history: the fix says it changes behaviour, never that it does not" \
	bash -c "grep -q '^This patch changes behavior:' '$p' && ! grep -q \"doesn't introduce\" '$p'"
git -C "$h" am -q "$T/hist-out"/0[0-9][0-9][1-9]-*.patch 2>"$T/am.err"
check "history: the series applies with git am" test $? -eq 0
"$WQCHECK" scan -q --rules=WQ014 "$h" >"$T/after" 2>&1
check "history: the patched tree has no WQ014 for &d->poll_work" \
	bash -c "! grep -q 'poll_work.*WQ014' '$T/after'"

# --- no history: no Fixes:, no guess -----------------------------------------
n=$T/flat
mkdir -p "$n" && cp -r "$TOP/corpus/6.17/." "$n/"
(cd "$n" && git init -q && git add -A && git commit -qm "Import the tree")
series "$T/flat-out" "$n"
check "one import commit: the fix is written, with no Fixes:" \
	test -n "$(grep -l 'This is also a fix' "$T/flat-out"/0*.patch)" -a \
	-z "$(grep -l '^Fixes: ' "$T/flat-out"/0*.patch)"
rm -rf "$n/.git"
series "$T/nogit-out" "$n"
check "not a git checkout: no Fixes:" \
	test -n "$(ls "$T/nogit-out"/0001-*.patch 2>/dev/null)" -a -z "$(grep -l '^Fixes: ' "$T/nogit-out"/0*.patch)"
. "$TOP/tests/lib/series-truth.sh"
series_truth "$T" series-fixes
