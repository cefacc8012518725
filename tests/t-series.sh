#!/bin/bash
# wqcheck series on the corpus, copied into a scratch git repository: the
# series applies with git am, every patch builds the objects it touches,
# the result rescans clean, subjects and Cc: follow the corpus MAINTAINERS,
# the split options give the right counts, TREE is untouched, and neither an
# error nor SIGINT leaves a scratch directory (or a worktree) behind.
# asan: yes
# timeout: 600
set -u
T=$(mktemp -d "${TMPDIR:-/tmp}/t-series.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T" 2>/dev/null || { sleep 1; rm -rf "$T"; }' EXIT
export HOME=$T/home GIT_CONFIG_NOSYSTEM=1 TMPDIR=$T/tmp
mkdir -p "$HOME" "$TMPDIR"
# Sanitizer reports of the ASan build go to files, checked at the end: most
# runs here keep wqcheck's stderr to themselves.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$T/sanitizer"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$T/sanitizer"
git config --global user.name "Corpus Tester"
git config --global user.email "tester@example.org"
git config --global init.defaultBranch master
git config --global advice.detachedHead false

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }
skip_all() { echo "skip - series: corpus: $1"; exit 0; }

[ -f "$TOP/corpus/MAINTAINERS" ] || skip_all "corpus/MAINTAINERS missing"
for c in git make gcc; do
	command -v $c >/dev/null || skip_all "$c not installed"
done

# A git repository of the corpus, with one commit.
make_repo() {
	mkdir -p "$1" && cp -r "$TOP/corpus/." "$1/" &&
	(cd "$1" && find . -name '*.o' -o -name '.*.o.d' | xargs rm -f &&
	 git init -q && git add -A && git commit -qm "Import the corpus" && git tag base)
}
state() { git -C "$1" status --porcelain; git -C "$1" for-each-ref; git -C "$1" worktree list --porcelain; }
scratch_left() { ls "$TMPDIR" | grep -c '^wqcheck-'; }
patches() { ls "$1" | grep -E '^[0-9]{4}-' | grep -v '^0000-'; }
# The objects a patch's files belong to: a .c is its .o; a header, every
# object of its directory.
objects_of() {
	local tree=$1 f
	shift
	for f in "$@"; do
		case "$f" in
		*.c) echo "${f%.c}.o" ;;
		*.h) for c in "$tree/$(dirname "$f")"/*.c; do
			[ -f "$c" ] && echo "${c#$tree/}" | sed 's/\.c$/.o/'
		     done ;;
		esac
	done | sort -u
}
same_tree() { diff -r -q -x .git -x '*.o' -x '.*.o.d' "$1" "$2" >/dev/null; }
# The series leaves include/linux/workqueue.h and kernel/workqueue.c, the
# API's own definitions, to --with-deprecation.
rescan_clean() {
	"$WQCHECK" scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 "$1" 2>/dev/null >"$T/rescan"
	! grep ': warning: ' "$T/rescan" | grep -v -e '^kernel/workqueue\.c:' \
		-e '^include/linux/workqueue\.h:' | grep -q .
}
builds() { make -C "$1" -s "$2" >/dev/null 2>&1; }
export -f same_tree rescan_clean
export T WQCHECK

# The legacy conversion (WQ001-WQ005) is this suite's subject. corpus/ also
# gets five fix patches of the fix family (WQ014: items on system_long_wq
# and schedule_*()'s, put on system_long_wq; t-series-words counts them in
# the cover letter, series-truth reads their logs): --rules keeps them out
# here, as series converts only what --rules names, the fixes too.
export LEGACY=--rules=WQ001,WQ002,WQ003,WQ004,WQ005
make_repo "$T/tree" || skip_all "cannot copy the corpus into a git repository"
before=$(state "$T/tree")
objects() { find "$1/.git/objects" -type f | sort | md5sum; }
objects_before=$(objects "$T/tree")

# --- the default split -------------------------------------------------------
"$WQCHECK" series $LEGACY -q -o "$T/out" "$T/tree" >"$T/stdout" 2>"$T/stderr"
rc=$?
n=$(patches "$T/out" | wc -l)
if [ $rc -eq 0 ] && [ -f "$T/out/0000-cover-letter.patch" ] && [ "$n" -gt 0 ]; then
	ok "series: default split: exit 0, a cover letter and $n patches"
else
	not_ok "series: default split: exit 0, a cover letter and patches" "rc=$rc n=$n" \
		"$(head -3 "$T/stderr")"
fi
check "series: stdout lists the written files" \
	test "$(wc -l <"$T/stdout")" -eq $((n + 1))
check "series: TREE's working tree, index, refs and worktrees untouched" \
	test "$before" = "$(state "$T/tree")"
check "series: no worktree administrative files left" \
	test -z "$(ls "$T/tree/.git/worktrees" 2>/dev/null)"
check "series: nothing written into TREE's object store (the commits are the scratch repository's)" \
	test "$objects_before" = "$(objects "$T/tree")"
check "series: no scratch directory left" test "$(scratch_left)" -eq 0
check "series: cover letter has subject, blurb, table, diffstat and base-commit" \
	bash -c "f='$T/out/0000-cover-letter.patch'; ! grep -q '\*\*\*' \"\$f\" &&
		grep -q 'dbf2576e37da' \"\$f\" && grep -q '^  ACME ETHERNET DRIVER ' \"\$f\" &&
		grep -q '^  total ' \"\$f\" && grep -q 'files changed' \"\$f\" &&
		grep -q \"^base-commit: \$(git -C '$T/tree' rev-parse HEAD)\\\$\" \"\$f\""

"$WQCHECK" check-patch -q --tree="$T/tree" "$T/out" >"$T/cp-out" 2>"$T/cp-err"
cp_rc=$?
# Nothing: not even a WQ014 the tree already has (an item on its driver's
# workqueue and on system_nrt_wq) whose other site the series renames to
# system_wq: the line is the series', the finding is not (the tree before
# the series had it, on as many workqueues).
"$WQCHECK" scan -q --rules=WQ014 "$T/tree" >"$T/wq014-before" 2>/dev/null
# What it does say are notes on the splits the series touches (check-patch's
# page): a renamed site of an item the tree already had split, which the
# rename leaves split, or a rename that ends a split.
check "series: check-patch of the series directory as written (cover letter skipped): nothing new added (exit $cp_rc)" \
	bash -c "[ $cp_rc -eq 0 ] && ! grep -qE '^[^ ].*: (warning|error): ' '$T/cp-out' &&
		! grep -E ': note: .*\[WQ[0-9]+\]\$' '$T/cp-out' |
			grep -vE 'already had split, and leaves it split|ends a split the tree had'"
check "series: the tree has a WQ014 whose other site the series renames (the case above)" \
	grep -q 'WQ014\]$' "$T/wq014-before"
[ $cp_rc -eq 0 ] || head -3 "$T/cp-err"

# A path inside the tree converts only what lies under it, as scan reads it.
"$WQCHECK" series $LEGACY -q -o "$T/drivers-out" "$T/tree/drivers" >/dev/null 2>&1
check "series TREE/drivers: every patch touches drivers/ only, fewer than the whole tree's, and the cover letter says so" \
	bash -c "ls '$T/drivers-out' | grep -q '^0001-' &&
		! grep -h '^diff --git' '$T/drivers-out'/0*.patch | grep -qv ' a/drivers/' &&
		[ \$(ls '$T/drivers-out' | wc -l) -lt \$(ls '$T/out' | wc -l) ] &&
		tr '\n' ' ' <'$T/drivers-out/0000-cover-letter.patch' | grep -q 'Only the users in drivers/ are converted'"

# --- git am, one patch at a time, building what each touches -----------------
git clone -q "$T/tree" "$T/am"
git -C "$T/am" tag base 2>/dev/null
am_ok=1 build_fail= unchecked=
# Objects that do not build at the base are not the series' business.
declare -A built_at_base
for p in $(patches "$T/out"); do
	files=$(git -C "$T/am" apply --numstat "$T/out/$p" 2>/dev/null | cut -f3)
	for o in $(objects_of "$T/am" $files); do
		if [ -z "${built_at_base[$o]+x}" ]; then
			builds "$T/am" "$o" && built_at_base[$o]=1 || built_at_base[$o]=0
		fi
	done
	if ! git -C "$T/am" am -q "$T/out/$p" >/dev/null 2>&1; then
		am_ok=0
		git -C "$T/am" am --abort >/dev/null 2>&1
		not_ok "series: git am applies $p"
		break
	fi
	checked=0
	for o in $(objects_of "$T/am" $files); do
		[ "${built_at_base[$o]}" = 1 ] || continue
		checked=$((checked + 1))
		builds "$T/am" "$o" || build_fail="$build_fail $p:$o"
	done
	[ $checked -gt 0 ] || unchecked="$unchecked $p"
done
[ $am_ok = 1 ] && ok "series: git am applies all $n patches in order on the base"
check "series: after each patch the touched objects still build" test -z "$build_fail"
[ -n "$build_fail" ] && echo "    failed:$build_fail"
check "series: every patch had an object to build" test -z "$unchecked"
[ -n "$unchecked" ] && echo "    no object built at the base:$unchecked"

rescan_clean "$T/am"
check "series: rescanning the result finds nothing outside the API's own files" test $? -eq 0
check "series: the result equals scan --in-place's" bash -c "
	cp -r '$T/tree' '$T/inplace' && rm -rf '$T/inplace/.git' &&
	'$WQCHECK' scan -q --rules=WQ001,WQ002,WQ003,WQ004,WQ005 --in-place '$T/inplace' >/dev/null 2>&1;
	diff -r -x .git -x '*.o' -x '.*.o.d' -x workqueue.c '$T/inplace' '$T/am' >/dev/null"

# --- subjects and Cc: from the corpus MAINTAINERS ----------------------------
git -C "$T/am" log --reverse --format='%s' base..HEAD >"$T/subjects"
cat >"$T/subjects.want" <<'EOF'
char: use flush_work() instead of flush_work_sync()
hid: use flush_work() instead of flush_work_sync()
input: touchscreen: use flush_delayed_work() instead of flush_delayed_work_sync()
mmc: host: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()
net: acme: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()
net: zeta: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()
scsi: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()
staging: nrtx: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()
usb: host: use flush_work() instead of flush_work_sync()
xyz: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()
ALSA: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()
char: use system_freezable_wq instead of system_nrt_freezable_wq
gpu: vidx: use system_wq instead of system_nrt_wq
hid: use system_wq instead of system_nrt_wq
input: touchscreen: use system_freezable_wq instead of system_nrt_freezable_wq
mmc: host: use system_wq instead of system_nrt_wq
net: acme: use system_wq instead of system_nrt_wq
net: phy: use system_wq instead of system_nrt_wq
net: zeta: use system_wq instead of system_nrt_wq
staging: nrtx: use system_wq instead of system_nrt_wq
usb: use system_wq instead of system_nrt_wq
nfsx: use system_freezable_wq instead of system_nrt_freezable_wq
xyz: use system_wq instead of system_nrt_wq
power: use system_freezable_wq instead of system_nrt_freezable_wq
net: core: use system_wq instead of system_nrt_wq
ALSA: hda: use system_wq instead of system_nrt_wq
ASoC: codecs: use system_freezable_wq instead of system_nrt_freezable_wq
md: WQ_NON_REENTRANT is meaningless and going away
net: can: WQ_NON_REENTRANT is meaningless and going away
net: acme: WQ_NON_REENTRANT is meaningless and going away
usb: gadget: WQ_NON_REENTRANT is meaningless and going away
xyz: WQ_NON_REENTRANT is meaningless and going away
net: cephx: WQ_NON_REENTRANT is meaningless and going away
EOF
if diff -u "$T/subjects.want" "$T/subjects" >"$T/subjects.diff"; then
	ok "series: subjects, in order, as expected for the corpus"
else
	not_ok "series: subjects, in order, as expected for the corpus" \
		"$(head -20 "$T/subjects.diff")"
fi

# Cc: of a patch, by its subject.
cc_of() {
	git -C "$T/am" log --format='%s%x01%b%x02' base..HEAD |
		awk -v RS='\002' -v FS='\001' -v s="$1" '
			{ sub(/^\n/, "") } $1 == s { print $2 }' | grep '^Cc: '
}
want_cc() {
	local subject=$1 got
	shift
	got=$(cc_of "$subject")
	if [ "$got" = "$(printf 'Cc: %s\n' "$@")" ]; then
		ok "series: Cc of '$subject'"
	else
		not_ok "series: Cc of '$subject'" "got:" "$got"
	fi
}
# Most specific section first, then the less specific ones, then the K:
# keyword match (WORKQUEUE), people before lists; THE REST's maintainer
# (S: Buried alive in reports) is left out as get_maintainer.pl does.
want_cc "net: acme: use system_wq instead of system_nrt_wq" \
	"Ada Acme <ada@example.org>" "Rene Reviewer <rene.reviewer@example.org>" \
	"David Net <davem@example.org>" "Tejun Queue <tj@example.org>" \
	"Lai Reviewer <lai@example.org>" "netdev@example.org" "linux-kernel@example.org"
want_cc "net: acme: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()" \
	"Ada Acme <ada@example.org>" "Rene Reviewer <rene.reviewer@example.org>" \
	"David Net <davem@example.org>" "netdev@example.org" "linux-kernel@example.org"
want_cc "ASoC: codecs: use system_freezable_wq instead of system_nrt_freezable_wq" \
	"Liam Codec <lrg@example.org>" "Mark Brown-Codec <broonie@example.org>" \
	"Tejun Queue <tj@example.org>" "Lai Reviewer <lai@example.org>" \
	"alsa-devel@example.org" "linux-kernel@example.org"
want_cc "net: cephx: WQ_NON_REENTRANT is meaningless and going away" \
	"Sage Cephalo <sage@example.org>" "Tejun Queue <tj@example.org>" \
	"Lai Reviewer <lai@example.org>" "cephx-devel@example.org" "linux-kernel@example.org"
want_cc "net: zeta: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()" \
	"John Wireless <linville@example.org>" "linux-wireless@example.org" \
	"linux-kernel@example.org"
check "series: every patch is signed off by git config's identity" test \
	"$(git -C "$T/am" log --format='%b' base..HEAD | grep -c '^Signed-off-by: Corpus Tester <tester@example.org>$')" -eq "$n"
check "series: every message cites dbf2576e37da" test \
	"$(git -C "$T/am" log --format='%b%x00' base..HEAD | tr '\n\0' ' \n' |
	   grep -c 'dbf2576e37da ("workqueue: make all workqueues non-reentrant")')" -eq "$n"

# --- split options and --rules ---------------------------------------------------
"$WQCHECK" series $LEGACY -q --split=rule -o "$T/rule" "$T/tree" >/dev/null 2>&1
check "series: --split=rule gives one patch per rule family (3)" \
	test "$(patches "$T/rule" | wc -l)" -eq 3
check "series: --split=rule subjects say treewide" \
	test "$(grep -l '^Subject: .*treewide: ' "$T/rule"/000[1-3]-*.patch | wc -l)" -eq 3
"$WQCHECK" series $LEGACY -q --split=single -o "$T/single" "$T/tree" >/dev/null 2>&1
check "series: --split=single gives one patch" test "$(patches "$T/single" | wc -l)" -eq 1
check "series: split=single and the default series end in the same tree" bash -c "
	git clone -q '$T/tree' '$T/am1' && cd '$T/am1' &&
	git am -q '$T/single'/0001-*.patch && same_tree '$T/am1' '$T/am'"
"$WQCHECK" series -q --rules=WQ005 -o "$T/wq5" --from="Ann Other <ann@example.org>" \
	"$T/tree" >/dev/null 2>&1
check "series: --rules=WQ005 gives one patch per subsystem using it (6)" \
	test "$(patches "$T/wq5" | wc -l)" -eq 6
check "series: --from signs off" \
	grep -q '^Signed-off-by: Ann Other <ann@example.org>$' "$T/wq5/0001-"*.patch
check "series: rerun into the same directory replaces the old patches" bash -c "
	'$WQCHECK' series $LEGACY -q --split=single -o '$T/wq5' '$T/tree' >/dev/null 2>&1 &&
	[ \$(ls '$T/wq5' | grep -c '^[0-9]\\{4\\}-') -eq 2 ]"

# --- nothing to do, errors -------------------------------------------------------
"$WQCHECK" series $LEGACY -q -o "$T/none" "$T/am" >/dev/null 2>"$T/err"
rc=$?
check "series: nothing to convert: exit 1, nothing written" \
	test $rc -eq 1 -a ! -e "$T/none"
"$WQCHECK" series $LEGACY -o "$T/x" "$T/missing" >/dev/null 2>"$T/err"
rc=$?
check "series: a missing TREE: exit 2, one line" test $rc -eq 2 -a "$(wc -l <"$T/err")" -eq 1
"$WQCHECK" series $LEGACY --split=bogus "$T/tree" >/dev/null 2>"$T/err"
check "series: a bad --split: exit 2" test $? -eq 2
HOME=$T/nohome "$WQCHECK" series $LEGACY -q -o "$T/x" "$T/tree" >/dev/null 2>"$T/err"
rc=$?
check "series: no identity at all: exit 2, one line, no worktree left" bash -c "
	[ $rc -eq 2 ] && [ \$(wc -l <'$T/err') -eq 1 ] && [ -z \"\$(ls '$T/tree/.git/worktrees' 2>/dev/null)\" ]"

# --- a git command failing after the scratch repository exists ----------------------------
mkdir -p "$T/failbin"
cat >"$T/failbin/git" <<EOF
#!/bin/bash
for a; do [ "\$a" = format-patch ] && { echo "fatal: simulated failure" >&2; exit 128; }; done
exec $(command -v git) "\$@"
EOF
chmod +x "$T/failbin/git"
PATH=$T/failbin:$PATH "$WQCHECK" series $LEGACY -q -o "$T/fail-out" "$T/tree" >/dev/null 2>"$T/err"
rc=$?
check "series: a failing git: exit 2, one line naming it" bash -c "
	[ $rc -eq 2 ] && [ \$(wc -l <'$T/err') -eq 1 ] && grep -q 'format-patch failed' '$T/err'"
check "series: a failing git: no worktree, no scratch directory, nothing written" bash -c "
	[ -z \"\$(ls '$T/tree/.git/worktrees' 2>/dev/null)\" ] && [ $(scratch_left) -eq 0 ] &&
	[ ! -e '$T/fail-out' ] && [ \"\$(git -C '$T/tree' worktree list | wc -l)\" -eq 1 ]"

# --- a tree that is not a git checkout -------------------------------------------
mkdir -p "$T/plain" && cp -r "$TOP/corpus/." "$T/plain/" && cp -r "$T/plain" "$T/plain.orig"
"$WQCHECK" series $LEGACY -q -o "$T/plain-out" "$T/plain" >/dev/null 2>"$T/err"
rc=$?
check "series: not a git checkout: written from a temporary repository" \
	test $rc -eq 0 -a "$(patches "$T/plain-out" | wc -l)" -eq "$n"
check "series: not a git checkout: the series applies with git am" bash -c "
	git clone -q '$T/tree' '$T/am2' && cd '$T/am2' && git am -q \$(ls -d '$T/plain-out'/0*-* | grep -v /0000-) &&
	same_tree '$T/am2' '$T/am'"
check "series: not a git checkout: the tree is untouched" \
	diff -r -q "$T/plain.orig" "$T/plain"

# --- history gives the prefix; the tree's get_maintainer.pl gives the Cc ----------
make_repo "$T/hist"
echo "/* x */" >>"$T/hist/drivers/net/ethernet/acme/acme_wq.c"
git -C "$T/hist" commit -qam "acmenet: tidy up"
echo "/* y */" >>"$T/hist/net/cephx/messenger.c"
git -C "$T/hist" commit -qam "libcephx: messenger: tidy up"
mkdir -p "$T/hist/scripts"
cat >"$T/hist/scripts/get_maintainer.pl" <<'EOF'
#!/usr/bin/perl
# A stand-in: one address per file of the patch (read from its files, or
# from stdin as wqcheck gives it; options are not files).
@ARGV = grep { !/^--/ } @ARGV;
while (<>) { print "Script Maint <$1\@example.org>\n" if m{^\+\+\+ b/([^/]+)/}; }
EOF
git -C "$T/hist" add scripts && git -C "$T/hist" commit -qm "scripts: add get_maintainer.pl"
"$WQCHECK" series -q --rules=WQ005 -o "$T/hist-out" "$T/hist" >/dev/null 2>&1
check "series: the subject prefix follows the files' git history" \
	grep -q '^Subject: \[PATCH [0-9/]*\] acmenet: WQ_NON_REENTRANT' "$T/hist-out"/0*.patch
check "series: each patch's prefix from its own files' history (one walk for all)" bash -c "
	grep -q '^Subject: \[PATCH [0-9/]*\] libcephx: messenger: WQ_NON_REENTRANT' '$T/hist-out'/0*.patch &&
	grep -q '^Subject: \[PATCH [0-9/]*\] xyz: WQ_NON_REENTRANT' '$T/hist-out'/0*.patch"
check "series: Cc: comes from the tree's scripts/get_maintainer.pl when it has one" bash -c "
	grep -h '^Cc: ' '$T/hist-out'/000[1-9]-*.patch | sort -u | tr '\n' ' ' |
	grep -qx 'Cc: Script Maint <drivers@example.org> Cc: Script Maint <fs@example.org> Cc: Script Maint <net@example.org> '"

# A script that cannot run in the tree fails the same way for every patch:
# said once, with the Cc then from MAINTAINERS.
make_repo "$T/badscript"
mkdir -p "$T/badscript/scripts"
printf '#!/usr/bin/perl\nuse No::Such::Module;\n' >"$T/badscript/scripts/get_maintainer.pl"
git -C "$T/badscript" add scripts && git -C "$T/badscript" commit -qm "scripts: a broken get_maintainer.pl"
"$WQCHECK" series $LEGACY -q -o "$T/badscript-out" "$T/badscript" >/dev/null 2>"$T/badscript-err"
rc=$?
n=$(patches "$T/badscript-out" | wc -l)
check "series: a get_maintainer.pl that cannot run is warned about once ($(grep -c 'get_maintainer.pl failed' "$T/badscript-err") warnings, $n patches)" \
	test $rc -eq 0 -a "$n" -gt 1 -a "$(grep -c 'get_maintainer.pl failed' "$T/badscript-err")" -eq 1
check "series: ... and every patch has its Cc from MAINTAINERS" bash -c "
	for p in \$(ls '$T/badscript-out'/0*.patch | grep -v /0000-); do grep -q '^Cc: ' \$p || exit 1; done"

# --- --in-place ------------------------------------------------------------------
make_repo "$T/ip"
echo "// local" >>"$T/ip/fs/xyz/super.c"
"$WQCHECK" series $LEGACY -q --in-place -o "$T/ip-out" "$T/ip" >/dev/null 2>"$T/err"
rc=$?
check "series: --in-place refuses a dirty tree (exit 2)" bash -c "
	[ $rc -eq 2 ] && git -C '$T/ip' diff --quiet -- fs/xyz/journal.c"
"$WQCHECK" series $LEGACY -q --in-place --force -o "$T/ip-out" "$T/ip" >/dev/null 2>"$T/err"
rc=$?
check "series: --in-place --force applies the series and keeps local changes" bash -c "
	[ $rc -eq 0 ] && tail -1 '$T/ip/fs/xyz/super.c' | grep -q '^// local' &&
	rescan_clean '$T/ip' && git -C '$T/ip' diff --cached --quiet &&
	[ \$(git -C '$T/ip' rev-list --count HEAD) -eq 1 ]"

# --- --with-deprecation --------------------------------------------------------
# On the corpus as it is, files that still name the old APIs (a local
# variable called system_nrt_wq, a function of its own called
# flush_work_sync) keep those APIs from being deprecated: a macro or inline
# of that name would break them. Without them, the core patches deprecate
# everything, remove it, and every object builds after each of them.
make_repo "$T/dep"
"$WQCHECK" series $LEGACY -q --with-deprecation -o "$T/dep-out" "$T/dep" >/dev/null 2>"$T/dep-err"
rc=$?
blockers=$(sed -n 's/^wqcheck: warning: \(.*\) still names .*/\1/p' "$T/dep-err" | sort -u)
check "series: --with-deprecation: exit 0, and the corpus' own names of the APIs are reported" \
	test $rc -eq 0 -a -n "$blockers"
check "series: --with-deprecation: only what is safe is deprecated" bash -c "
	ls '$T/dep-out' | grep -q 'workqueue-deprecate-WQ_NON_REENTRANT' &&
	! ls '$T/dep-out' | grep -q 'workqueue-remove'"
for _ in 1 2 3; do
	[ -n "$blockers" ] || break
	(cd "$T/dep" && git rm -q $blockers && git commit -qm "Drop the files that name the old APIs")
	rm -rf "$T/dep-out"
	"$WQCHECK" series $LEGACY -q --with-deprecation -o "$T/dep-out" "$T/dep" >/dev/null 2>"$T/dep-err"
	blockers=$(sed -n 's/^wqcheck: warning: \(.*\) still names .*/\1/p' "$T/dep-err" | sort -u)
done
core=$(ls "$T/dep-out" | grep -E '^[0-9]{4}-workqueue-(deprecate|remove)' | tr '\n' ' ')
check "series: --with-deprecation: three deprecation patches and the removal, last" \
	test "$(echo $core | wc -w)" -eq 4 -a "$(ls "$T/dep-out" | tail -1 | grep -c 'workqueue-remove')" -eq 1
git clone -q "$T/dep" "$T/dep-am"
dep_fail=
for p in $(patches "$T/dep-out"); do
	git -C "$T/dep-am" am -q "$T/dep-out/$p" >/dev/null 2>&1 || { dep_fail="$dep_fail am:$p"; break; }
	case "$p" in
	*-workqueue-deprecate-*|*-workqueue-remove-*)
		make -C "$T/dep-am" -s >/dev/null 2>&1 || dep_fail="$dep_fail build:$p" ;;
	esac
done
check "series: --with-deprecation: every core patch applies and the whole corpus builds after it" \
	test -z "$dep_fail"
[ -n "$dep_fail" ] && echo "    failed:$dep_fail"
names='flush_work_sync|flush_delayed_work_sync|system_nrt_wq|system_nrt_freezable_wq|WQ_NON_REENTRANT'
check "series: --with-deprecation: workqueue.h no longer has the old APIs" \
	test -z "$(grep -wE "$names" "$T/dep-am/include/linux/workqueue.h" | grep -v '^ \*')"
check "series: --with-deprecation: kernel/workqueue.c no longer defines them" \
	test -z "$(grep -E '^(bool flush_(delayed_)?work_sync\(|struct workqueue_struct \*system_nrt|EXPORT_SYMBOL.*(system_nrt|_sync\)))' "$T/dep-am/kernel/workqueue.c")"
"$WQCHECK" series $LEGACY -q --with-deprecation --in-place -o "$T/dep-out2" "$T/dep" >/dev/null 2>&1
rc=$?
check "series: --with-deprecation --in-place: the tree gets the core patches too, and builds" bash -c "
	[ $rc -eq 0 ] && git -C '$T/dep' diff --quiet HEAD -- include/linux/workqueue.h; [ \$? -eq 1 ] &&
	make -C '$T/dep' -s >/dev/null 2>&1 && same_tree '$T/dep' '$T/dep-am'"
check "series: --with-deprecation: the cover letter says so" \
	grep -q 'remove them, as no user' "$T/dep-out/0000-cover-letter.patch"

# --- SIGINT in the middle of a run ---------------------------------------------
mkdir -p "$T/slowbin"
cat >"$T/slowbin/git" <<EOF
#!/bin/bash
for a; do [ "\$a" = fast-import ] && { touch "$T/committing"; sleep 5; break; }; done
exec $(command -v git) "\$@"
EOF
chmod +x "$T/slowbin/git"
PATH=$T/slowbin:$PATH "$WQCHECK" series $LEGACY -q -o "$T/int-out" "$T/tree" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do [ -e "$T/committing" ] && break; sleep 0.1; done
had_scratch=$(scratch_left)
kill -INT $pid
wait $pid
rc=$?
check "series: SIGINT: killed by the signal while its scratch directory existed" \
	test $rc -eq 130 -a "$had_scratch" -eq 1
check "series: SIGINT: no worktree, no worktree files, no scratch directory left" bash -c "
	[ \$(git -C '$T/tree' worktree list | wc -l) -eq 1 ] &&
	[ -z \"\$(ls '$T/tree/.git/worktrees' 2>/dev/null)\" ] && [ $(scratch_left) -eq 0 ]"
check "series: SIGINT: nothing written" test ! -e "$T/int-out"
check "series: after all that, TREE is still untouched" test "$before" = "$(state "$T/tree")"

reports=$(cat "$T"/sanitizer.* 2>/dev/null)
check "series: no sanitizer report from any run" test -z "$reports"
if [ -n "$reports" ]; then
	echo "$reports" | grep -E 'ERROR|runtime error|#[0-9]' | head -10 | sed 's/^/    /'
fi
. "$TOP/tests/lib/series-truth.sh"
series_truth "$T" series
exit 0
