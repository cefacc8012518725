#!/bin/bash
# Bad input: one clear line on stderr and exit status 2, or, for a file that
# cannot be parsed, a files_failed entry while the run goes on.
# asan: yes
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# expect_usage NAME -- ARGS...: exit 2, exactly one line on stderr, nothing on stdout.
expect_usage() {
	local name=$1 out err rc
	shift
	"$WQCHECK" "$@" >"$scratch/out" 2>"$scratch/err"
	rc=$?
	out=$(wc -c <"$scratch/out")
	err=$(wc -l <"$scratch/err")
	if [ $rc -eq 2 ] && [ "$err" -eq 1 ] && [ "$out" -eq 0 ]; then
		echo "ok - $name"
	else
		echo "not ok - $name (exit $rc, $err stderr lines, $out stdout bytes)"
		sed 's/^/    /' "$scratch/err"
	fi
}

tree=$scratch/tree
mkdir -p "$tree/include/linux" "$tree/drivers/x"
echo 'obj-y += drivers/' >"$tree/Makefile"
echo 'WORKQUEUE' >"$tree/MAINTAINERS"
cat >"$tree/drivers/x/ok.c" <<'C'
void f(void) { flush_work_sync(0); }
C
cat >"$tree/drivers/x/broken.c" <<'C'
void g(void) { flush_work_sync(0); }
/* this comment never ends
C

expect_usage "missing path" scan "$scratch/nonexistent"
expect_usage "a path outside any kernel tree" scan "$scratch"
expect_usage "no path at all" scan
expect_usage "unknown option" scan --frobnicate "$tree"
expect_usage "unknown rule" scan --rules=WQ999 "$tree"
expect_usage "unknown format" scan --format=xml "$tree"
expect_usage "bad -j" scan -j zero "$tree"
expect_usage "unknown command" frobnicate
expect_usage "compile database missing" scan -p "$scratch/nodb" "$tree"
mkdir -p "$scratch/db-malformed" "$scratch/db-unreadable" "$scratch/db-shape"
printf '[{"directory": "/x", "file": ' >"$scratch/db-malformed/compile_commands.json"
expect_usage "compile database malformed" scan -p "$scratch/db-malformed" "$tree"
echo '{"not": "an array"}' >"$scratch/db-shape/compile_commands.json"
expect_usage "compile database of the wrong shape" scan -p "$scratch/db-shape" "$tree"
echo '[{"directory": "/x"}]' >"$scratch/db-shape/compile_commands.json"
expect_usage "compile database entry without file" scan -p "$scratch/db-shape" "$tree"
mkdir "$scratch/db-unreadable/compile_commands.json"
expect_usage "compile database unreadable" scan -p "$scratch/db-unreadable" "$tree"

grep -q 'malformed compile database' <("$WQCHECK" scan -p "$scratch/db-malformed" "$tree" 2>&1) &&
	echo "ok - the malformed database message says what is wrong" ||
	echo "not ok - the malformed database message says what is wrong"

# A file that does not parse is listed, and the run goes on to the others.
"$WQCHECK" scan --format=json "$tree" >"$scratch/json" 2>"$scratch/err"
rc=$?
if [ $rc -eq 2 ] && python3 - "$scratch/json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
failed = {f["file"]: f["reason"] for f in d["files_failed"]}
assert "drivers/x/broken.c" in failed, failed
assert "unterminated" in failed["drivers/x/broken.c"], failed
assert [f["file"] for f in d["findings"]] == ["drivers/x/ok.c"], d["findings"]
assert d["files_scanned"] == 2, d["files_scanned"]
PY
then
	echo "ok - an unparsable file is in files_failed, the run goes on, exit 2"
else
	echo "not ok - an unparsable file is in files_failed, the run goes on, exit 2 (exit $rc)"
	sed 's/^/    /' "$scratch/json" "$scratch/err"
fi
"$WQCHECK" scan "$tree" >/dev/null 2>"$scratch/err"
grep -q 'drivers/x/broken.c: not fully analysed: unterminated /\* comment at line 2' "$scratch/err" &&
	echo "ok - text mode names the file it could not analyse on stderr" ||
	{ echo "not ok - text mode names the file it could not analyse on stderr"; sed 's/^/    /' "$scratch/err"; }

# A file named explicitly that is not C (by name and content) is skipped
# with a note; a C file without a C name is still read.
mkdir -p "$tree/Documentation"
printf 'Workqueue\n=========\n\nflush_work_sync() waited for every CPU.\n' >"$tree/Documentation/wq.rst"
printf '#include <linux/workqueue.h>\nvoid h(void) { flush_work_sync(0); }\n' >"$tree/drivers/x/noext"
"$WQCHECK" scan -q "$tree/Documentation/wq.rst" >"$scratch/out" 2>"$scratch/err"
rc=$?
if [ $rc -eq 0 ] && [ ! -s "$scratch/out" ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] &&
   grep -q 'wq.rst: not a C file (by its name and content), skipped' "$scratch/err"; then
	echo "ok - scan of a named .rst: skipped with one note, no finding, exit 0"
else
	echo "not ok - scan of a named .rst: skipped with one note, no finding, exit 0 (exit $rc)"
	sed 's/^/    /' "$scratch/out" "$scratch/err"
fi
"$WQCHECK" scan -q "$tree/drivers/x/noext" "$tree/Documentation/wq.rst" >"$scratch/out" 2>"$scratch/err"
rc=$?
if [ $rc -eq 1 ] && grep -q '^drivers/x/noext:2:.*\[WQ001\]' "$scratch/out" && grep -q 'wq.rst: .*skipped' "$scratch/err"; then
	echo "ok - a named file whose content is C is scanned beside the skipped one"
else
	echo "not ok - a named file whose content is C is scanned beside the skipped one (exit $rc)"
	sed 's/^/    /' "$scratch/out" "$scratch/err"
fi
rm -f "$tree/drivers/x/noext"

# A libclang that cannot be opened (WQCHECK_LIBCLANG): the files that need
# it are not fully analysed, one line each, exit 2; their lexical findings
# stand. A scan that parses nothing never opens it: exit 1 as before.
WQCHECK_LIBCLANG=$scratch/no-libclang.so "$WQCHECK" scan -q --clang=always "$tree/drivers/x/ok.c" \
	>"$scratch/out" 2>"$scratch/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] &&
   grep -q 'drivers/x/ok.c: not fully analysed: libclang cannot be loaded: .*no-libclang.so' "$scratch/err" &&
   grep -q '^drivers/x/ok.c:1:.*\[WQ001\]' "$scratch/out"; then
	echo "ok - a libclang that cannot be opened: one line, exit 2, the lexical finding stands"
else
	echo "not ok - a libclang that cannot be opened: one line, exit 2, the lexical finding stands (exit $rc)"
	sed 's/^/    /' "$scratch/out" "$scratch/err"
fi
WQCHECK_LIBCLANG=$scratch/no-libclang.so "$WQCHECK" scan -q "$tree/drivers/x/ok.c" \
	>"$scratch/out" 2>"$scratch/err"
rc=$?
if [ $rc -eq 1 ] && [ ! -s "$scratch/err" ]; then
	echo "ok - a scan that parses nothing does not open libclang"
else
	echo "not ok - a scan that parses nothing does not open libclang (exit $rc)"
	sed 's/^/    /' "$scratch/err"
fi

# --help and --version are not errors.
"$WQCHECK" --help | grep -q '^usage: wqcheck' && echo "ok - wqcheck --help" || echo "not ok - wqcheck --help"
"$WQCHECK" scan --help | grep -q '^usage: wqcheck scan' && echo "ok - wqcheck scan --help" ||
	echo "not ok - wqcheck scan --help"
"$WQCHECK" --version | grep -Eq '^wqcheck [0-9]' && echo "ok - wqcheck --version" ||
	echo "not ok - wqcheck --version"
