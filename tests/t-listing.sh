#!/bin/bash
# timeout: 120
# asan: yes
# Which files a scan reads in a git checkout, where git lists the tree and
# the scan looks at each path only as it reads it (front/tree.h "unchecked"):
# a tracked file deleted from the working tree, one replaced by a symlink,
# a directory or a FIFO, an untracked file and an ignored one. The deleted,
# symlinked and directory paths are left out without a word (no "cannot
# read", exit 1 not 2), the FIFO is read without waiting, the untracked file
# is scanned and the ignored one is not: with every rule, with a tree rule
# alone (whose scan does not read the files), on one thread, and below a
# directory; a walk of the same tree without .git finds the same. git lists
# the untracked files beside the scan, which starts again when there are
# any: their findings are those they give once tracked.
set -u
: "${WQCHECK:?}" "${TOP:?}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/corpus

report() { # NAME STATUS [DETAIL FILE]
	if [ "$2" = 0 ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		[ -n "${3-}" ] && sed 's/^/    /' "$3" | head -20
	fi
}
findings_in() { jq "[.findings[] | select(.file == \"$2\")] | length" "$1"; }

cp -r "$TOP/corpus" "$tree"
find "$tree" -name '*.o' -delete
# the corpus keeps a file that does not parse (exit 2 on purpose): not here
rm -f "$tree/drivers/base/broken_parse.c"
(cd "$tree" && git init -q && git add -A &&
 git -c user.name=t -c user.email=t@t commit -qm "Import the corpus") || exit 1

"$WQCHECK" scan -q --format=json "$tree" >"$scratch/before.json"
n_before=$(jq .files_scanned "$scratch/before.json")
deleted=fs/xyz/quota.c
linked=drivers/scsi/scx_scan.c
made_dir=drivers/char/tty_flip_wq.c
fifo=drivers/input/touchscreen/tsc_poll.c
copied=drivers/staging/nrtx/nrtx.c
untracked=drivers/staging/nrtx/nrtx_new.c
# outside drivers/, which git lists in a process of its own (front/tree.c):
# a new top-level directory and a file of the root
untracked_top=newdir/nrtx_top.c
untracked_root=nrtx_root.c
ignored=drivers/staging/nrtx/nrtx_ignored.c
ok=1
for f in $deleted $linked $made_dir $fifo $copied; do
	[ "$(findings_in "$scratch/before.json" $f)" -gt 0 ] || { echo "    $f: no findings"; ok=0; }
done
report "listing: the files this suite changes have findings before (of $n_before files)" $((1 - ok))

rm "$tree/$deleted"
rm "$tree/$linked" && ln -s ../../staging/nrtx/nrtx.c "$tree/$linked"
rm "$tree/$made_dir" && mkdir "$tree/$made_dir"
rm "$tree/$fifo" && mkfifo "$tree/$fifo"
cp "$tree/$copied" "$tree/$untracked"
mkdir "$tree/newdir"
cp "$tree/$copied" "$tree/$untracked_top"
cp "$tree/$copied" "$tree/$untracked_root"
cp "$tree/$copied" "$tree/$ignored"
echo "nrtx_ignored.c" >"$tree/drivers/staging/nrtx/.gitignore"

# scan NAME ARGS...: the checks of one run
scan() {
	local name=$1 json=$scratch/$1.json err=$scratch/$1.err rc ok=0 f
	shift
	timeout 60 "$WQCHECK" scan -q --format=json "$@" >"$json" 2>"$err"
	rc=$?
	[ $rc = 1 ] && [ ! -s "$err" ]
	report "listing $name: exit 1 with nothing on stderr (no file it cannot read)" $? "$err"
	for f in $deleted $linked $made_dir $fifo $ignored; do
		[ "$(findings_in "$json" $f)" = 0 ] || { echo "    $f: findings"; ok=1; }
	done
	report "listing $name: no finding in a deleted, symlinked, directory, FIFO or ignored path" $ok
	ok=0
	for f in $untracked ${also_untracked-$untracked_top $untracked_root}; do
		[ "$(findings_in "$json" $f)" = "$(findings_in "$json" $copied)" ] &&
			[ "$(findings_in "$json" $f)" -ge "${expect_untracked:-1}" ] ||
			{ echo "    $f: $(findings_in "$json" $f) findings"; ok=1; }
	done
	report "listing $name: the untracked files have their findings, as their original" $ok
	if [ "${expect_files-}" ]; then
		[ "$(jq .files_scanned "$json")" = "$expect_files" ]
		report "listing $name: $expect_files files scanned" $? "$json"
	fi
}

# Before: n_before. Gone: deleted, linked, made_dir. The FIFO is still a
# path (empty); three more untracked; the ignored one is not listed.
expect_files=$((n_before - 3 + 3))
scan all "$tree"
# (nrtx.c has no WQ014 finding)
expect_untracked=0 scan tree-rule-only --rules=WQ014 "$tree"
scan one-thread -j1 "$tree"
expect_files='' also_untracked='' scan below "$tree/drivers" "$tree/fs"

# git lists the untracked files beside the scan, which then starts again
# with them: the same findings as when they are tracked.
(cd "$tree" && git add -- $untracked $untracked_top $untracked_root &&
 git -c user.name=t -c user.email=t@t commit -qm "Track the new files") || exit 1
"$WQCHECK" scan -q --format=json "$tree" >"$scratch/tracked.json" 2>/dev/null
jq -S .findings "$scratch/all.json" >"$scratch/all.findings"
jq -S .findings "$scratch/tracked.json" >"$scratch/tracked.findings"
cmp -s "$scratch/all.findings" "$scratch/tracked.findings" &&
	[ "$(jq .files_scanned "$scratch/tracked.json")" = "$(jq .files_scanned "$scratch/all.json")" ]
report "listing: untracked files found beside the scan give the findings they give tracked" $? \
	"$scratch/tracked.findings"
rm -rf "$tree/.git"
# A walk does not know .gitignore: the ignored file is a file like any other.
# It lists regular files only: not the FIFO either.
rm "$tree/$ignored"
expect_files=$((n_before - 4 + 3)) scan walk "$tree"
