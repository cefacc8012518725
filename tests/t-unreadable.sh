#!/bin/bash
# timeout: 300
# asan: yes
# Nothing lost in silence (issue 41): a directory or file the user cannot
# read, a symlink loop, a git that refuses the tree ("dubious ownership")
# are named on stderr with the reason by scan, audit, check-patch and
# check --save-index, the run keeps every other finding and exits 2, in
# every output format, -q or not, and the summaries count them. Run as an
# unprivileged user: as root, the tree stays root's and wqcheck runs as
# nobody (setpriv); as anyone else, the paths are chmod 000. On a plain
# copy of the corpus and on a git checkout of it.
set -u
: "${WQCHECK:?}" "${TOP:?}"
scratch=$(mktemp -d)
trap 'chmod -R u+rwX "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
chmod 755 "$scratch"

report() { # NAME STATUS [DETAIL FILE...]
	local name=$1 st=$2
	shift 2
	if [ "$st" = 0 ]; then
		echo "ok - $name"
	else
		echo "not ok - $name"
		for f in "$@"; do sed 's/^/    /' "$f" | head -15; done
	fi
}

if [ "$(id -u)" = 0 ]; then
	if ! id nobody >/dev/null 2>&1 || ! command -v setpriv >/dev/null; then
		echo "skip - unreadable paths: running as root without a user nobody or setpriv to drop to"
		exit 0
	fi
	# tests/run's scratch is closed (0700): open it to searching, up to
	# its top, so that nobody reaches the copies below (nothing above)
	d=$scratch
	while [ "$d" != / ] && [ -O "$d" ] && case $d in */wqcheck-tests.*) true;; *) [ "$d" = "$scratch" ];; esac; do
		chmod o+x "$d"
		d=$(dirname "$d")
	done
	home=$scratch/home
	mkdir "$home" && chown nobody "$home"
	# the binary (and the ASan one beside it) must be reachable by nobody
	if ! setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups test -x "$WQCHECK"; then
		echo "skip - unreadable paths: nobody cannot run $WQCHECK (a directory above it is closed)"
		exit 0
	fi
	as_user() { setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
		env HOME="$home" TMPDIR="$home" "$@"; }
	# root's directory, closed to everyone else
	close() { chown root "$1" && chmod 700 "$1"; }
	close_file() { chown root "$1" && chmod 600 "$1"; }
else
	as_user() { "$@"; }
	close() { chmod 000 "$1"; }
	close_file() { chmod 000 "$1"; }
fi
run() { # OUT-PREFIX wqcheck ARGS...: stdout, stderr and status under $scratch
	local o=$1
	shift
	as_user "$WQCHECK" "$@" >"$scratch/$o.out" 2>"$scratch/$o.err"
	echo $? >"$scratch/$o.rc"
}
rc() { cat "$scratch/$1.rc"; }

plain=$scratch/plain
cp -r "$TOP/corpus" "$plain"
rm -rf "$plain/6.17"
find "$plain" -name '*.o' -delete
# the corpus keeps a file that does not parse (exit 2 on purpose): not here
rm -f "$plain/drivers/base/broken_parse.c"
chmod -R a+rX "$plain"
closed=drivers/usb

# The whole tree first: what a readable run finds, and its exit 1.
run all scan -q --format=json "$plain"
if [ "$(rc all)" != 1 ] || ! jq -e '.files_failed == []' "$scratch/all.out" >/dev/null; then
	report "setup: the readable copy scans with exit 1 and nothing failed (exit $(rc all))" 1 "$scratch/all.err"
	exit 0
fi
jq -r '.findings[] | select(.file | startswith("'$closed/'") | not) |
	"\(.file):\(.line):\(.rule)"' "$scratch/all.out" | sort >"$scratch/outside.want"
n_inside=$(jq '[.findings[] | select(.file | startswith("'$closed/'"))] | length' "$scratch/all.out")
[ "$n_inside" -gt 0 ] || { report "setup: $closed has findings to lose" 1; exit 0; }

close "$plain/$closed"

# scan, text: named with its reason, every other finding kept, exit 2.
run text scan "$plain"
sed -n 's/^\([^ :]*\):\([0-9]*\):\([0-9]*\): [a-z]*: .*\[\(WQ[0-9]*\)\]$/\1:\2:\4/p' \
	"$scratch/text.out" | sort >"$scratch/outside.got"
[ "$(rc text)" = 2 ] && grep -qx "wqcheck: $closed/: cannot read: Permission denied" "$scratch/text.err" &&
	cmp -s "$scratch/outside.want" "$scratch/outside.got"
report "plain copy, unreadable directory: scan names it with the reason, keeps the $(wc -l <"$scratch/outside.want") other findings, exit 2" $? \
	"$scratch/text.err"

# limited to that directory: no more "0 files read" and exit 0
run only scan "$plain/$closed"
[ "$(rc only)" = 2 ] && grep -qx "wqcheck: $closed/: cannot read: Permission denied" "$scratch/only.err"
report "plain copy: scan of the unreadable directory alone exits 2 naming it, not 0" $? "$scratch/only.err"

# -q and JSON: the reason on stderr as well as in files_failed
run json scan -q --format=json "$plain"
[ "$(rc json)" = 2 ] && grep -qx "wqcheck: $closed/: cannot read: Permission denied" "$scratch/json.err" &&
	jq -e --arg d "$closed/" '.files_failed | any(.file == $d and (.reason | test("Permission denied")))' \
		"$scratch/json.out" >/dev/null
report "-q --format=json: exit 2 says why on stderr, and files_failed has the directory" $? \
	"$scratch/json.err" "$scratch/json.out"

run sarif scan -q --format=sarif "$plain"
[ "$(rc sarif)" = 2 ] && grep -q "$closed/: cannot read" "$scratch/sarif.err" &&
	jq -e --arg d "$closed/" '.runs[0].invocations[0].toolExecutionNotifications |
		any(.level == "error" and .locations[0].physicalLocation.artifactLocation.uri == $d)' \
		"$scratch/sarif.out" >/dev/null
report "--format=sarif: exit 2 on stderr, a toolExecutionNotification of level error for it" $? \
	"$scratch/sarif.err"

run report scan -q --format=report "$plain"
[ "$(rc report)" = 2 ] && grep -q "$closed/: cannot read" "$scratch/report.err"
report "--format=report: exit 2 says why on stderr" $? "$scratch/report.err"

run verbose scan -v "$plain"
tail -1 "$scratch/verbose.err" | grep -q ', 0 failed, 1 unreadable$'
report "scan -v: the summary counts the unreadable directory" $? "$scratch/verbose.err"

# audit: named, in the report's files not analysed, exit 2 (its page says so)
run audit audit -q --format=json "$plain"
[ "$(rc audit)" = 2 ] && grep -qx "wqcheck: $closed/: cannot read: Permission denied" "$scratch/audit.err" &&
	jq -e --arg d "$closed/" '.files_not_analysed | any(.file == $d)' "$scratch/audit.out" >/dev/null
report "plain copy: audit names the directory, lists it in files_not_analysed, exit 2" $? \
	"$scratch/audit.err"
run auditmd audit "$plain"
[ "$(rc auditmd)" = 2 ] && grep -q "^- $closed/: cannot read: Permission denied" "$scratch/auditmd.out"
report "audit's Markdown lists it under the files not fully analysed" $? "$scratch/auditmd.err"

# check --save-index: kbuild's index of the tree misses nothing silently
run index check --save-index="$home/index.tsv" "$plain"
[ "$(rc index)" = 2 ] && grep -q "$closed/: cannot read" "$scratch/index.err"
report "check --save-index names the directory it cannot read, exit 2" $? "$scratch/index.err"

# check-patch of a patch that touches a file in it: named, exit 2
victim=$(cd "$plain" && ls $closed/*/*.c | head -1)
cat >"$scratch/touch.patch" <<EOF
--- a/$victim
+++ b/$victim
@@ -1,1 +1,2 @@
 $(head -1 "$plain/$victim")
+/* a comment */
EOF
chmod 644 "$scratch/touch.patch"
run cp check-patch --tree="$plain" "$scratch/touch.patch"
[ "$(rc cp)" = 2 ] && grep -q "$closed/: cannot read: Permission denied" "$scratch/cp.err" &&
	grep -q "does not apply to $plain: $victim: cannot read: Permission denied" "$scratch/cp.err" &&
	! grep -q "no such file" "$scratch/cp.err"
report "check-patch of a patch to a file under it: named with the reason (not \"no such file\"), exit 2" $? \
	"$scratch/cp.err"

chmod 755 "$plain/$closed"

# an unreadable file
file=$(cd "$plain" && ls drivers/char/*.c | head -1)
close_file "$plain/$file"
run file scan "$plain"
[ "$(rc file)" = 2 ] && grep -q "^wqcheck: $file: .*Permission denied" "$scratch/file.err"
report "plain copy, unreadable file: scan names it, exit 2" $? "$scratch/file.err"
run afile audit -q "$plain"
[ "$(rc afile)" = 2 ] && grep -q "^wqcheck: $file: .*Permission denied" "$scratch/afile.err"
report "plain copy, unreadable file: audit names it, exit 2 (was 0)" $? "$scratch/afile.err"
# WQ013-WQ015 read the whole tree themselves: a file they cannot read
# drops what it queues (another file's finding), so it is named too
run ftree scan -q --rules=WQ014 "$plain"
[ "$(rc ftree)" = 2 ] && grep -qx "wqcheck: $file: cannot read: Permission denied" "$scratch/ftree.err"
report "plain copy, unreadable file: the tree rules alone name it, exit 2 (not 0 in silence)" $? \
	"$scratch/ftree.err"
# a directory's scan reads it twice (its own files, then the whole tree
# for the tree rules): named once, on stderr and in files_failed
run fdir scan -q --format=json "$plain/$(dirname "$file")"
[ "$(rc fdir)" = 2 ] && [ "$(grep -c "$file" "$scratch/fdir.err")" = 1 ] &&
	jq -e --arg f "$file" '[.files_failed[] | select(.file == $f)] | length == 1' \
		"$scratch/fdir.out" >/dev/null
report "plain copy, unreadable file: a scan of its directory names it once" $? \
	"$scratch/fdir.err" "$scratch/fdir.out"
run kc check -Iinclude "$plain/$file"
[ "$(rc kc)" = 2 ] && grep -qx "$plain/$file: error: cannot read: Permission denied" "$scratch/kc.err"
report "check (kbuild's CHECK) of the unreadable file: sparse's error line with the reason, exit 2" $? \
	"$scratch/kc.err"
printf -- '--- a/%s\n+++ b/%s\n@@ -1,1 +1,2 @@\n %s\n+/* a comment */\n' "$file" "$file" \
	"$(sed 1q "$TOP/corpus/$file")" >"$scratch/ftouch.patch"
chmod 644 "$scratch/ftouch.patch"
run fcp check-patch --tree="$plain" "$scratch/ftouch.patch"
[ "$(rc fcp)" = 2 ] && grep -q "does not apply to $plain: $file: cannot read: Permission denied" \
	"$scratch/fcp.err" && ! grep -q "no such file" "$scratch/fcp.err"
report "check-patch of a patch to the unreadable file: it cannot be read, not \"no such file\", exit 2" $? \
	"$scratch/fcp.err"
chmod 644 "$plain/$file"

# a symlink loop
ln -s loop.c "$plain/drivers/char/loop.c"
run loop scan -q "$plain"
[ "$(rc loop)" = 2 ] && grep -qx "wqcheck: drivers/char/loop.c: cannot read: Too many levels of symbolic links" \
	"$scratch/loop.err" && [ "$(grep -c '\[WQ' "$scratch/loop.out")" = "$(jq '.findings | length' "$scratch/all.out")" ]
report "a symlink loop is named, every finding kept, exit 2" $? "$scratch/loop.err"
rm -f "$plain/drivers/char/loop.c"

# A git checkout someone else owns: git refuses it; wqcheck says so, walks
# the tree instead (keeping the findings) and exits 2.
if ! command -v git >/dev/null; then
	echo "skip - git checkouts: no git"
	exit 0
fi
gitdir=$scratch/git
cp -r "$plain" "$gitdir"
(cd "$gitdir" && git init -q && git add -A &&
 git -c user.name=t -c user.email=t@t commit -qm "Import the corpus") || exit 1
chmod -R a+rX "$gitdir"
if [ "$(id -u)" = 0 ]; then
	run refuse scan "$gitdir"
	[ "$(rc refuse)" = 2 ] && grep -q "^wqcheck: $gitdir/: cannot read: git refuses to list it (detected dubious ownership" \
		"$scratch/refuse.err" && [ "$(grep -c '\[WQ' "$scratch/refuse.out")" = "$(jq '.findings | length' "$scratch/all.out")" ]
	report "git checkout owned by another user: git's refusal named with its reason, findings kept, exit 2" $? \
		"$scratch/refuse.err"
	run arefuse audit -q "$gitdir"
	[ "$(rc arefuse)" = 2 ] && grep -q "git refuses to list it (detected dubious ownership" "$scratch/arefuse.err"
	report "audit of that checkout: the refusal named, exit 2" $? "$scratch/arefuse.err"
	# and with a directory closed in it
	close "$gitdir/$closed"
	run refuse2 scan -q --format=json "$gitdir"
	[ "$(rc refuse2)" = 2 ] && grep -qx "wqcheck: $closed/: cannot read: Permission denied" "$scratch/refuse2.err"
	report "that checkout with an unreadable directory: named too" $? "$scratch/refuse2.err"
	chmod 755 "$gitdir/$closed"
	# the user's own checkout: git lists it, the closed directory is root's
	chown -R nobody "$gitdir"
fi
close "$gitdir/$closed"
run own scan "$gitdir"
sed -n 's/^\([^ :]*\):\([0-9]*\):\([0-9]*\): [a-z]*: .*\[\(WQ[0-9]*\)\]$/\1:\2:\4/p' \
	"$scratch/own.out" | sort >"$scratch/own.got"
[ "$(rc own)" = 2 ] && grep -qx "wqcheck: $closed/: cannot read: Permission denied" "$scratch/own.err" &&
	! grep -q "dubious" "$scratch/own.err" && cmp -s "$scratch/outside.want" "$scratch/own.got"
report "the user's git checkout with an unreadable directory: scan names it, keeps the rest, exit 2" $? \
	"$scratch/own.err"
# git lists the files under it without looking: the directory is named
# once, as the plain copy's walk names it, not once more for each file
run ownv scan -v "$gitdir"
[ "$(rc ownv)" = 2 ] && [ "$(grep -c "^wqcheck: $closed/" "$scratch/ownv.err")" = 1 ] &&
	tail -1 "$scratch/ownv.err" | grep -q ', 0 failed, 1 unreadable$'
report "the user's git checkout: one line for the directory, the summary 0 failed, 1 unreadable" $? \
	"$scratch/ownv.err"
run ownaudit audit -q "$gitdir"
[ "$(rc ownaudit)" = 2 ] && grep -q "^wqcheck: $closed/.*Permission denied" "$scratch/ownaudit.err"
report "the user's git checkout: audit names it, exit 2" $? "$scratch/ownaudit.err"
run ownonly scan -q "$gitdir/$closed"
[ "$(rc ownonly)" = 2 ] && grep -q "$closed/.*Permission denied" "$scratch/ownonly.err"
report "the user's git checkout: scan of the unreadable directory alone exits 2 naming it" $? \
	"$scratch/ownonly.err"
chmod 755 "$gitdir/$closed"
