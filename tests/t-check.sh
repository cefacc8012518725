#!/bin/bash
# wqcheck check-patch, wqcheck diff and wqcheck check (kbuild's $(CHECK)) on
# a git copy of the corpus: a 3-patch mailbox where only patch 2 adds a
# finding, nearby edits in a file that already has findings, the output
# formats, exit statuses, a patch that does not apply, the tree left alone,
# and make C=1/C=2 CHECK="wqcheck check".
# asan: yes
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export TMPDIR=$scratch/tmp
mkdir -p "$TMPDIR"

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else nok "$name" "failed: $*"; fi; }

tree=$scratch/tree
cp -a "$TOP/corpus" "$tree"
cd "$tree" || exit 1
make -s clean >/dev/null 2>&1
G() { git -c user.name=t -c user.email=t@invalid -c commit.gpgsign=false "$@"; }
G init -q && G add -A -f && G commit -q -m base || { nok "setup: git copy of the corpus"; exit 0; }
f=drivers/char/tty_flip_wq.c
grep -q 'flush_work_sync(&buf->work);' "$f" || { nok "setup: $f changed shape"; exit 0; }

# patch 1: a nearby edit; 2: a new flush_work_sync() call; 3: a nearby edit.
sed -i 's/^\tspin_lock_init(&buf->lock);/&\n\tbuf->flags = 0;/' "$f" && G commit -q -a -m "tty: clear flags"
sed -i 's/^\tcancel_delayed_work_sync(&buf->flush_timer_work);/&\n\tflush_work_sync(\&buf->work);/' "$f" &&
	G commit -q -a -m "tty: flush twice"
sed -i 's|HZ / 10;|HZ / 20;|' "$f" && G commit -q -a -m "tty: flush sooner"
G format-patch -q -o "$scratch/p" HEAD~3 && G format-patch -q --stdout HEAD~3 >"$scratch/series.mbox"
mbox=$scratch/series.mbox
p1=$(ls "$scratch"/p/0001-*) p2=$(ls "$scratch"/p/0002-*) p3=$(ls "$scratch"/p/0003-*)
G format-patch -q --cover-letter -o "$scratch/dir" HEAD~3
G checkout -q HEAD~3

run() { "$WQCHECK" "$@" >"$scratch/out" 2>"$scratch/err"; echo $? >"$scratch/rc"; }
rc() { [ "$(cat "$scratch/rc")" = "$1" ]; }
lines() { [ "$(wc -l <"$scratch/$1")" -eq "$2" ]; }

run check-patch "$mbox"
if rc 1 && grep -q "^$f:[0-9]*:[0-9]*: warning: .*\[WQ001\]" "$scratch/out" &&
   [ "$(grep -c '\[WQ' "$scratch/out")" -eq 1 ] && grep -q 'added by patch 2/3 ".*tty: flush twice"' "$scratch/out"; then
	ok "3-patch mailbox: only patch 2's flush_work_sync() is reported, exit 1"
else
	nok "3-patch mailbox: only patch 2's flush_work_sync() is reported, exit 1" "rc=$(cat "$scratch/rc")" "$(cat "$scratch/out" "$scratch/err")"
fi

run check-patch --emacs "$mbox"
n=$(sed -n 's/^.*series\.mbox:\([0-9]*\): WARNING: .*\[WQ001\]$/\1/p' "$scratch/out")
if rc 1 && [ -n "$n" ] && sed -n "${n}p" "$mbox" | grep -q '^+.*flush_work_sync(&buf->work);' &&
   grep -q "^#$n: FILE: $f:[0-9]*:$" "$scratch/out" && grep -q '^total: 0 errors, 1 warnings, [0-9]* lines checked$' "$scratch/out"; then
	ok "--emacs: MBOX:LINE points at the patch line that adds the call, then #LINE: FILE: and total"
else
	nok "--emacs: MBOX:LINE points at the patch line that adds the call" "$(cat "$scratch/out" "$scratch/err")"
fi

run check-patch --terse "$p1" "$p2" "$p3"
if rc 1 && lines out 4 && grep -q "^$p2:[0-9]*: WARNING: " "$scratch/out" && grep -q '^total: 0 errors, 1 warnings' "$scratch/out" &&
   [ "$(grep -c '^total: 0 errors, 0 warnings, [0-9]* lines checked$' "$scratch/out")" -eq 2 ]; then
	ok "--terse over three patch files: one line for patch 2, and each file's total line (checkpatch's)"
else
	nok "--terse over three patch files" "$(cat "$scratch/out" "$scratch/err")"
fi

run check-patch "$p1"
check "a nearby edit in a file that already has findings: exit 0, only the summary line" \
	eval 'rc 0 && lines out 1 && grep -qx "total: 0 errors, 0 warnings, 0 notes, 1 patch checked" "$scratch/out" && lines err 0'
run check-patch -q "$p1"
check "-q: a clean run prints nothing" eval 'rc 0 && lines out 0 && lines err 0'
run check-patch --terse --showfile "$p1" "$p3"
check "two clean patches: exit 0, --terse prints their total lines only" \
	eval 'rc 0 && lines out 2 && [ "$(grep -c "^total: 0 errors, 0 warnings, [0-9]* lines checked$" "$scratch/out")" -eq 2 ]'
run check-patch -q --terse --showfile "$p1" "$p3"
check "-q --terse (b4's command line): a clean run prints nothing" eval 'rc 0 && lines out 0'

run check-patch --fail-on=error "$mbox"
check "--fail-on=error: the warning is shown, exit 0" eval 'rc 0 && grep -q WQ001 "$scratch/out"'
run check-patch --fail-on=note "$p1"
check "--fail-on=note on a clean patch: exit 0" rc 0

"$WQCHECK" check-patch <"$p2" >"$scratch/out" 2>"$scratch/err"; echo $? >"$scratch/rc"
check "a patch on stdin (no argument) is checked" eval 'rc 1 && grep -q WQ001 "$scratch/out"'

# The same patch as a quoted-printable mail (as some mailers send it).
python3 - "$p2" "$scratch/qp.patch" <<'PY'
import quopri, sys
text = open(sys.argv[1], "rb").read()
head, body = text.split(b"\n\n", 1)
head = head.replace(b"Content-Transfer-Encoding: 8bit", b"Content-Transfer-Encoding: quoted-printable")
if b"Content-Transfer-Encoding" not in head:
    head += b"\nContent-Transfer-Encoding: quoted-printable"
open(sys.argv[2], "wb").write(head + b"\n\n" + quopri.encodestring(body))
PY
sed -i 's/flush_work_sync(&buf->work);/flush_work_sync(\&buf-=\n>work);/' "$scratch/qp.patch"
run check-patch --emacs "$scratch/qp.patch"
n=$(sed -n 's/^.*qp\.patch:\([0-9]*\): WARNING: .*\[WQ001\]$/\1/p' "$scratch/out")
if rc 1 && grep -q '=$' "$scratch/qp.patch" && [ -n "$n" ]; then
	ok "a quoted-printable mail is decoded (soft line breaks too) and checked"
else
	nok "a quoted-printable mail is decoded and checked" "rc=$(cat "$scratch/rc")" "$(cat "$scratch/out" "$scratch/err")"
fi

# b4 prep --check runs the command per patch on a branch that already holds
# the series: the pre-image comes from the blobs the patch names.
G checkout -q -
run check-patch --terse --showfile - <"$p2"
if rc 1 && lines out 2 && grep -q "^$f:[0-9]*: WARNING: " "$scratch/out"; then
	ok "b4-style: the series already applied in TREE, the patch still checks (pre-image from its blobs)"
else
	nok "b4-style: the series already applied in TREE" "$(cat "$scratch/out" "$scratch/err")"
fi
G checkout -q HEAD~3

run check-patch --format=json "$mbox"
if rc 1 && python3 - "$scratch/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = d["findings"]
assert len(f) == 1 and f[0]["rule"] == "WQ001", f
a = f[0]["added_by"]
assert a["patch"] == 2 and a["patches"] == 3 and "flush twice" in a["subject"], a
assert d["series"]["fail_on"] == "warning"
PY
then ok "json: one finding, added_by names patch 2 of 3"; else nok "json: one finding, added_by names patch 2 of 3" "$(head -c 600 "$scratch/out")" "$(cat "$scratch/err")"; fi

# Without git in TREE the pre-image is TREE's files: a copy to edit.
plain=$scratch/plain
cp -a "$tree" "$plain" && rm -rf "$plain/.git"

# SARIF fingerprints survive lines added above the finding.
sarif_fp() {
	python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; print(len(r), r[0]["partialFingerprints"]["wqcheck/v1"], r[0]["locations"][0]["physicalLocation"]["region"]["startLine"])' "$scratch/out" 2>/dev/null
}
run check-patch --tree="$plain" --format=sarif "$p2"
fp1=$(sarif_fp)
cp "$plain/$f" "$scratch/saved.c"
sed -i '1i /* shifted */\n/* shifted */\n/* shifted */' "$plain/$f"
run check-patch --tree="$plain" --format=sarif "$p1" "$p2"
fp2=$(sarif_fp)
if [ -n "$fp1" ] && [ "${fp1% *}" = "${fp2% *}" ] && [ "${fp1##* }" -ne "${fp2##* }" ]; then
	ok "sarif: partialFingerprints stable when the lines shift ($fp1 / $fp2)"
else
	nok "sarif: partialFingerprints stable when the lines shift" "before: $fp1" "after: $fp2"
fi
cp "$scratch/saved.c" "$plain/$f"

# A patch that does not apply: exit 4, one line naming the patch and the hunk.
sed -i 's/^\tcancel_delayed_work_sync(&buf->flush_timer_work);/\tcancel_delayed_work(\&buf->flush_timer_work);/' "$plain/$f"
run check-patch --tree="$plain" "$mbox"
if rc 4 && lines err 1 && lines out 1 && grep -q 'patch 2/3 ".*flush twice" does not apply' "$scratch/err" &&
   grep -q "$f: hunk #1 (@@ .* line [0-9]*) does not match" "$scratch/err" && grep -qx "total: does not apply" "$scratch/out"; then
	ok "a patch that does not apply: exit 4, one line naming the patch and the hunk, the summary says so"
else
	nok "a patch that does not apply" "rc=$(cat "$scratch/rc")" "$(cat "$scratch/err")"
fi
# the same in JSON and SARIF: exit 4 and a whole document whose summary
# says why (SARIF's was empty, exit 2: "cannot re-read the report")
for fmt in json sarif; do
	run check-patch --tree="$plain" --format=$fmt "$mbox"
	check "$fmt: a patch that does not apply is exit 4, the document's summary says so and why" \
		eval 'rc 4 && jq -e "(.summary // .runs[0].properties.summary) |
			.outcome == \"does-not-apply\" and (.reason | test(\"flush twice.* does not apply\"))" \
			"$scratch/out" >/dev/null'
done
cp "$scratch/saved.c" "$plain/$f"

sed 's|drivers/char/tty_flip_wq.c|drivers/char/no_such_file.c|g' "$p2" >"$scratch/nx.patch"
run check-patch --tree="$plain" "$scratch/nx.patch"
check "a patch to a file the tree lacks: does not apply (exit 4), one line saying so" \
	eval 'rc 4 && lines err 1 && grep -q "drivers/char/no_such_file.c: no such file in the tree" "$scratch/err"'

run check-patch "$scratch/nonexistent.patch"
check "a missing patch file: exit 2, one line" eval 'rc 2 && lines err 1'
echo "just words" >"$scratch/words"
run check-patch "$scratch/words"
check "an input without a diff: nothing to check (exit 3), one note, the summary says so" \
	eval 'rc 3 && lines err 1 && grep -qx "total: nothing to check (no diff in the 1 mail)" "$scratch/out"'
run check-patch "$scratch/words" "$p2"
check "a file without a diff beside a patch: skipped with one note, the patch checked" \
	eval 'rc 1 && lines err 1 && grep -q "words: no diff in it.*skipped" "$scratch/err" && grep -q "\[WQ001\]" "$scratch/out"'
# A series directory as format-patch writes it: a cover letter, then patches.
run check-patch "$scratch/dir"
check "a series directory: the cover letter skipped with a note, its 3 patches read in order" \
	eval 'rc 1 && lines err 1 && grep -q "0000-cover-letter.patch: no diff in it" "$scratch/err" && grep -q "added by .*PATCH 2/3. tty: flush twice" "$scratch/out"'
run check-patch "$scratch/dir"/0000-cover-letter.patch "$scratch/words"
check "inputs none of which has a diff: nothing to check (exit 3), a note each" eval 'rc 3 && lines err 2'
run check-patch --tree="$scratch" "$mbox"
check "--tree that is not a kernel tree: exit 2, one line" eval 'rc 2 && lines err 1'
run check-patch --format=report "$mbox"
check "an unknown format: exit 2" rc 2

# --- a list's mail: versions, replies, cover letters, the sender's numbers ---
# As a list archive holds a thread: v2 (patches 1-2), then v3's cover letter
# and its three patches out of order, and a reply carrying a diff.
mail() { # SUBJECT MESSAGE-ID IN-REPLY-TO BODY-FILE
	printf 'From x Mon Sep 17 00:00:00 2001\nFrom: A <a@invalid>\nSubject: %s\nMessage-ID: <%s>\n' "$1" "$2"
	[ -n "$3" ] && printf 'In-Reply-To: <%s>\n' "$3"
	printf '\n'
	sed -n '/^$/,$p' "$4" | tail -n +2
	printf '\n'
}
renumber() { # FILE OLD NEW
	sed "s|^Subject: \[PATCH $2\]|Subject: [PATCH $3]|" "$1"
}
mail "[PATCH v2 1/2] tty: clear flags" v2-1 "" "$p1" >"$scratch/thread.mbox"
mail "[PATCH v2 2/2] tty: flush twice" v2-2 v2-1 "$p2" >>"$scratch/thread.mbox"
printf 'From x Mon Sep 17 00:00:00 2001\nFrom: A <a@invalid>\nSubject: [PATCH v3 0/3] tty: flushes\nMessage-ID: <v3-0>\n\nThe cover.\n\n' >>"$scratch/thread.mbox"
mail "[PATCH v3 3/3] tty: flush sooner" v3-3 v3-0 "$p3" >>"$scratch/thread.mbox"
mail "[PATCH v3 1/3] tty: clear flags" v3-1 v3-0 "$p1" >>"$scratch/thread.mbox"
mail "[PATCH v3 2/3] tty: flush twice" v3-2 v3-0 "$p2" >>"$scratch/thread.mbox"
mail "Re: [PATCH v3 2/3] tty: flush twice" r-1 v3-2 "$p3" >>"$scratch/thread.mbox"
run check-patch "$scratch/thread.mbox"
if rc 1 && [ "$(grep -c '\[WQ001\]' "$scratch/out")" -eq 1 ] && grep -q 'added by patch 2/3 "\[PATCH v3 2/3\] tty: flush twice"' "$scratch/out" &&
   grep -qx 'total: 0 errors, 1 warnings, 0 notes, 3 patches checked (v3)' "$scratch/out" &&
   grep -q 'holds 2 versions of the series; v3 checked' "$scratch/err" && grep -q '"Re: \[PATCH v3 2/3\] tty: flush twice": a reply, skipped' "$scratch/err"; then
	ok "a thread with v2 and v3: the newest checked, its patches applied by their numbers, the reply (with a diff) skipped"
else
	nok "a thread with v2 and v3: the newest checked" "rc=$(cat "$scratch/rc")" "$(cat "$scratch/out" "$scratch/err")"
fi
run check-patch --all-versions "$scratch/thread.mbox"
if rc 1 && grep -q 'added by patch 2/2 "\[PATCH v2 2/2\]' "$scratch/out" && grep -q 'added by patch 2/3 "\[PATCH v3 2/3\]' "$scratch/out" &&
   grep -qx 'total: 0 errors, 1 warnings, 0 notes, 2 patches checked (v2)' "$scratch/out" &&
   grep -qx 'total: 0 errors, 1 warnings, 0 notes, 3 patches checked (v3)' "$scratch/out"; then
	ok "--all-versions: v2 and v3 each checked, each with its summary line"
else
	nok "--all-versions: v2 and v3 each checked" "$(cat "$scratch/out" "$scratch/err")"
fi
run check-patch --all-versions --format=json "$scratch/thread.mbox"
if rc 1 && python3 - "$scratch/out" <<'PY'
import json, sys
docs = json.load(open(sys.argv[1]))
assert [d["summary"]["version"] for d in docs] == [2, 3], docs
for d, n in zip(docs, (2, 3)):
    assert d["summary"]["outcome"] == "findings" and d["summary"]["patches"] == n, d["summary"]
    a = d["findings"][0]["added_by"]
    assert (a["patch"], a["patches"]) == (2, n) and a["message_id"] == "v%d-2" % n, a
PY
then ok "--all-versions --format=json: one document a version, summary and added_by with the mail's number and message-id"
else nok "--all-versions --format=json" "$(head -c 800 "$scratch/out")"; fi

# "[PATCH v3 1/3]" is patch 1/3: the finding's patch sent first, numbered 1.
{ printf 'From x Mon Sep 17 00:00:00 2001\nFrom: A <a@invalid>\nSubject: [PATCH v3 0/3] tty\n\nCover.\n\n'
  renumber "$p3" 3/3 "v3 3/3"; echo; renumber "$p2" 2/3 "v3 1/3"; echo; renumber "$p1" 1/3 "v3 2/3"; } >"$scratch/v3.mbox"
# (on the tree without git: the patches' blobs are of the other order)
run check-patch --tree="$plain" "$scratch/v3.mbox"
check "\"[PATCH v3 1/3]\" is reported as patch 1/3 (the cover letter not counted, the mbox's order not used)" \
	eval 'rc 1 && grep -q "added by patch 1/3 \"\[PATCH v3 1/3\] tty: flush twice\"" "$scratch/out"'
renumber "$p2" 2/3 "v3 1/3" >"$scratch/one.patch"
run check-patch --emacs "$scratch/one.patch"
check "one patch of a series alone (b4's per-patch hook): its own number, no note on the others" \
	eval 'rc 1 && lines err 0 && grep -q "one.patch:[0-9]*: WARNING: flush_work_sync() is redundant since 3.7 \[WQ001\]$" "$scratch/out"'
awk '/^Subject: Re:/ { r = 1 } r' "$scratch/thread.mbox" | sed '1i From x Mon Sep 17 00:00:00 2001' >"$scratch/reply.eml"
run check-patch "$scratch/reply.eml"
check "a reply (with a diff in it): nothing to check, exit 3, said" \
	eval 'rc 3 && grep -qx "total: nothing to check (a reply)" "$scratch/out" && grep -q "a reply, skipped" "$scratch/err"'
run check-patch "$scratch/dir"/0000-cover-letter.patch
check "a cover letter: nothing to check, exit 3, said" \
	eval 'rc 3 && grep -qx "total: nothing to check (a cover letter)" "$scratch/out"'
run check-patch --format=json "$scratch/dir"/0000-cover-letter.patch
check "a cover letter in json: the document with outcome nothing-to-check" \
	eval 'rc 3 && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d[\"summary\"][\"outcome\"] == \"nothing-to-check\" and d[\"findings\"] == []" "$scratch/out"'

# A patch the tree already has (not a git checkout: no blob to go back to).
alr=$scratch/already
cp -a "$tree" "$alr" && rm -rf "$alr/.git" && (cd "$alr" && patch -s -p1 <"$p1" && patch -s -p1 <"$p2")
run check-patch --tree="$alr" "$p2"
check "a patch already applied in TREE: exit 5, one line saying so, the summary too" \
	eval 'rc 5 && lines err 1 && grep -q "patch 2/3 \".*flush twice\" is already applied in" "$scratch/err" && grep -qx "total: already applied" "$scratch/out"'
run check-patch --tree="$alr" "$mbox"
check "a series whose first patch is already applied: exit 5" eval 'rc 5 && grep -q "patch 1/3 .* is already applied" "$scratch/err"'
run check-patch --tree="$alr" --format=sarif "$p3"
check "sarif: a clean run's summary in the run's properties" \
	eval 'rc 0 && python3 -c "import json,sys; s=json.load(open(sys.argv[1]))[\"runs\"][0][\"properties\"][\"summary\"]; assert s[\"outcome\"] == \"clean\" and s[\"patches\"] == 1, s" "$scratch/out"'
rm -rf "$alr"

# A corrupt patch (a mailer wrapped a line): does not apply, exit 4.
awk '/^\+.*flush_work_sync/ { print substr($0, 1, 10); print substr($0, 11); next } 1' "$p2" >"$scratch/wrapped.patch"
run check-patch "$scratch/wrapped.patch"
check "a corrupt patch (a wrapped line): exit 4, one line naming it" \
	eval 'rc 4 && lines err 1 && grep -q "wrapped.patch: corrupt patch" "$scratch/err"'

# A base64 mail, as some mailers send a patch.
python3 - "$p2" "$scratch/b64.patch" <<'PY'
import base64, sys
text = open(sys.argv[1], "rb").read()
head, body = text.split(b"\n\n", 1)
head = head.replace(b"Content-Transfer-Encoding: 8bit", b"Content-Transfer-Encoding: base64")
if b"Content-Transfer-Encoding" not in head:
    head += b"\nContent-Transfer-Encoding: base64"
open(sys.argv[2], "wb").write(head + b"\n\n" + base64.encodebytes(body))
PY
run check-patch "$scratch/b64.patch"
check "a base64 mail is decoded and checked" eval 'rc 1 && grep -q "\[WQ001\]" "$scratch/out"'

# A long message: the finding's line is what was found, the why and the
# advice are a note wrapped at 80 columns.
run check-patch "$p2"
if rc 1 && grep -q '^drivers/char/tty_flip_wq.c:[0-9]*:[0-9]*: warning: flush_work_sync() is redundant since 3.7 \[WQ001\]$' "$scratch/out" &&
   grep -q '^drivers/char/tty_flip_wq.c:[0-9]*:[0-9]*: note: workqueues are non-reentrant' "$scratch/out" &&
   [ "$(grep -c '^drivers/char/tty_flip_wq.c:[0-9]*:[0-9]*: note: ' "$scratch/out")" -ge 2 ] &&
   ! grep ': note: ' "$scratch/out" | grep -v 'added by' | sed 's/^.*: note: //' | grep -q '.\{81\}'; then
	ok "text: the finding's line says what was found, its explanation notes at its position (as gcc's), no text past 80 columns"
else
	nok "text: the explanation wrapped as a note" "$(cat "$scratch/out")"
fi

# wqcheck diff over the same commits.
G checkout -q -
run diff HEAD~3..HEAD
check "diff HEAD~3..HEAD: the added call, attributed to its commit, exit 1" \
	eval 'rc 1 && [ "$(grep -c "\[WQ" "$scratch/out")" -eq 1 ] && grep -q "added by commit [0-9a-f]* (\"tty: flush twice\")" "$scratch/out"'
run diff HEAD
check "diff of one commit that only edits nearby lines: exit 0, only the summary line" \
	eval 'rc 0 && lines out 1 && grep -qx "total: 0 errors, 0 warnings, 0 notes, 1 commit checked" "$scratch/out"'
run diff HEAD~1
check "diff of the commit that adds the call: exit 1" rc 1
run diff no-such-rev..HEAD
check "diff of an unknown revision: exit 2, one line" eval 'rc 2 && lines err 1'

# WQ010 (when the affinity rules are built in): a series adding a
# queue_work_on() of a work function that reads the current CPU fails.
if "$WQCHECK" --help | grep -q '^ *WQ010'; then
	G checkout -q HEAD~3
	cat >"$scratch/wq010.patch" <<'EOF'
diff --git a/drivers/char/pcpu_stat.c b/drivers/char/pcpu_stat.c
new file mode 100644
--- /dev/null
+++ b/drivers/char/pcpu_stat.c
@@ -0,0 +1,21 @@
+#include <linux/workqueue.h>
+#include <linux/smp.h>
+
+static struct work_struct stat_work;
+static int last_cpu;
+
+static void stat_fn(struct work_struct *w)
+{
+	last_cpu = smp_processor_id();
+}
+
+void stat_init(void)
+{
+	INIT_WORK(&stat_work, stat_fn);
+}
+
+void stat_kick(int cpu)
+{
+	queue_work_on(cpu, system_wq, &stat_work);
+}
+
EOF
	run check-patch "$scratch/wq010.patch"
	check "a new queue_work_on() of a CPU-reading work function fails (WQ010)" \
		eval 'rc 1 && grep -q "pcpu_stat.c:19:.*\[WQ010\]" "$scratch/out"'
	# The work item bound in another file of the directory (untouched).
	cat >drivers/char/pcpu_bind.c <<'EOF'
#include <linux/workqueue.h>
#include <linux/smp.h>

struct work_struct shared_work;
int shared_cpu;

static void shared_fn(struct work_struct *w)
{
	shared_cpu = smp_processor_id();
}

void shared_init(void)
{
	INIT_WORK(&shared_work, shared_fn);
}
EOF
	cat >"$scratch/wq010b.patch" <<'EOF'
--- /dev/null
+++ b/drivers/char/pcpu_kick.c
@@ -0,0 +1,8 @@
+#include <linux/workqueue.h>
+
+extern struct work_struct shared_work;
+
+void shared_kick(int cpu)
+{
+	queue_work_on(cpu, system_wq, &shared_work);
+}
EOF
	run check-patch "$scratch/wq010b.patch"
	check "WQ010 through a work item bound in an untouched file of the same directory" \
		eval 'rc 1 && grep -q "pcpu_kick.c:7:.*\[WQ010\]" "$scratch/out" && grep -q "pcpu_bind.c:14:.*note: shared_fn() is the work function" "$scratch/out"'
	sed -n 's/^+//p' "$scratch/wq010b.patch" | tail -n +2 >drivers/char/pcpu_kick.c
	run check -Iinclude -D__KERNEL__ drivers/char/pcpu_kick.c
	check "check: WQ010 with the binding in another file of the directory, in sparse's format" \
		eval 'rc 0 && grep -q "^drivers/char/pcpu_kick.c:7:9: warning: .*\[WQ010\]" "$scratch/err" && grep -q "^drivers/char/pcpu_bind.c:14:9:    shared_fn() is the work function" "$scratch/err"'
	# A work item bound in another directory: found with the binding index
	# of a full run, not without it.
	mkdir -p drivers/misc
	sed 's/shared/far/g' drivers/char/pcpu_bind.c >drivers/misc/far_bind.c
	sed 's/shared/far/g' drivers/char/pcpu_kick.c >drivers/char/far_kick.c
	"$WQCHECK" check --save-index="$scratch/index.tsv" . 2>"$scratch/err"; echo $? >"$scratch/rc"
	check "check --save-index writes NAME<TAB>PATH lines, far_work among them" \
		eval 'rc 0 && grep -q "^far_work	drivers/misc/far_bind.c$" "$scratch/index.tsv"'
	run check -Iinclude drivers/char/far_kick.c
	check "check without the index: the item bound in another directory is not judged" \
		eval 'rc 0 && ! grep -q WQ010 "$scratch/err"'
	run check --index="$scratch/index.tsv" -Iinclude drivers/char/far_kick.c
	check "check --index: WQ010 through a binding in another directory" \
		eval 'rc 0 && grep -q "^drivers/char/far_kick.c:7:9: warning: .*\[WQ010\]" "$scratch/err" && grep -q "^drivers/misc/far_bind.c:14:9:    far_fn() is the work function" "$scratch/err"'
	sed 's/shared/far/g' "$scratch/wq010b.patch" | sed 's/pcpu_kick/far_kick2/' >"$scratch/far.patch"
	run check-patch --index="$scratch/index.tsv" "$scratch/far.patch"
	check "check-patch --index: WQ010 through a binding in another directory" \
		eval 'rc 1 && grep -q "far_kick2.c:7:.*\[WQ010\]" "$scratch/out"'
	run check --index="$scratch/nonexistent.tsv" -Iinclude drivers/char/far_kick.c
	check "check --index of a missing file: exit 2, one line" eval 'rc 2 && lines err 1'
	rm -rf drivers/misc/far_bind.c drivers/char/far_kick.c
	rm -f drivers/char/pcpu_bind.c drivers/char/pcpu_kick.c
	G checkout -q -
else
	echo "skip - WQ010 series: the affinity rules are not built in"
fi

# Nothing written: TREE clean, scratch directories gone.
check "TREE never written by check-patch or diff" eval '[ -z "$(git status --porcelain)" ]'
check "scratch directories removed" eval '[ -z "$(ls "$TMPDIR")" ]'

# --- kbuild's $(CHECK) --------------------------------------------------------
G checkout -q HEAD~3
obj=drivers/char/tty_flip_wq.o
make -s "$obj" >/dev/null 2>&1
make C=2 CHECK="$WQCHECK check" "$obj" >"$scratch/out" 2>"$scratch/err"; echo $? >"$scratch/rc"
want=$(grep -c '^drivers/char/tty_flip_wq.c:[0-9]*:[0-9]*: warning: ' corpus-expect 2>/dev/null || true)
if rc 0 && grep -q "CHECK   drivers/char/tty_flip_wq.c" "$scratch/out" &&
   grep -q '^drivers/char/tty_flip_wq.c:59:9: warning: flush_work_sync() .*\[WQ001\]$' "$scratch/err" &&
   [ "$(grep -c '^drivers/char/tty_flip_wq.c:[0-9]*:[0-9]*: warning: ' "$scratch/err")" -eq \
     "$("$WQCHECK" scan -q drivers/char/tty_flip_wq.c | grep -c '^drivers/char/tty_flip_wq.c:')" ]; then
	ok "make C=2 CHECK=\"wqcheck check\": sparse-format warnings on stderr, same sites as scan, make succeeds"
else
	nok "make C=2 CHECK=\"wqcheck check\"" "rc=$(cat "$scratch/rc")" "$(cat "$scratch/out" "$scratch/err" | head -20)"
fi
make C=1 CHECK="$WQCHECK check" "$obj" >"$scratch/out" 2>"$scratch/err"
check "make C=1: an up-to-date object is not checked" eval '! grep -q CHECK "$scratch/out" && lines err 0'
touch drivers/char/tty_flip_wq.c
make C=1 CHECK="$WQCHECK check" "$obj" >"$scratch/out" 2>"$scratch/err"
check "make C=1: a recompiled object is checked" eval 'grep -q "CHECK   drivers/char/tty_flip_wq.c" "$scratch/out" && grep -q WQ001 "$scratch/err"'
make C=2 CHECK="$WQCHECK check -Wsparse-error" "$obj" >"$scratch/out" 2>"$scratch/err"; echo $? >"$scratch/rc"
check "CHECK=\"wqcheck check -Wsparse-error\": findings fail the build, as kbuild does with sparse" eval '! rc 0'
make C=2 CHECK="$WQCHECK check" drivers/net/loopback_stats.o >"$scratch/out" 2>"$scratch/err"; echo $? >"$scratch/rc"
check "make C=2 on an object without findings: silent, exit 0" eval 'rc 0 && ! grep -q warning: "$scratch/err"'

run check -D__KERNEL__ -Iinclude -Wbitwise --arch=x86 -mlittle-endian -m64 -Wp,-MMD,x.d -fno-common \
	-std=gnu11 -Wno-unknown-attribute -frobnicate --sparse-unknown "$f"
check "check: unknown and sparse-only flags ignored, findings on stderr, exit 0" \
	eval 'rc 0 && lines out 0 && grep -q "^$f:59:9: warning: " "$scratch/err" && [ ! -e x.d ]'
run check --fail-on=warning -Iinclude "$f"
check "check --fail-on=warning: exit 1 with findings" rc 1
run check -Iinclude -D__KERNEL__
check "check without a file: exit 2, one line" eval 'rc 2 && lines err 1'
run check -Iinclude "$tree/$f"
check "check: the path printed as given (absolute here)" eval 'grep -q "^$tree/$f:59:9: warning: " "$scratch/err"'
check "kbuild's object tree left as it was (no scratch left)" eval '[ -z "$(ls "$TMPDIR")" ]'
exit 0
