#!/bin/bash
# Golden tests in sparse's style: a C file under corpus/ or tests/ carries
# its expected wqcheck output in a comment, usually the file's last one:
#
#   /*
#    * check-name: what the file tests
#    * check-command: wqcheck scan $file
#    * check-exit: 1
#    * check-output-start
#   drivers/net/foo.c:12:2: warning: ... [WQ001]
#    * check-output-end
#    *
#    * check-command: wqcheck scan --diff $file
#    * check-output-start
#   ...
#    * check-output-end
#    */
#
# Each check-command pairs with the check-exit, check-output-start..end
# (stdout) and check-error-start..end (stderr) blocks that follow it, up to
# the next check-command.  A missing output or error block means "prints
# nothing there"; a missing check-exit means the status is not checked.
# In the command, $file is the file's path from the repository root (the
# command runs there) and a leading wqcheck is $WQCHECK.  A C comment
# cannot hold "*/" or "/*", so expected text stores them as "*\/" and
# "/\*"; the runner unescapes them.  The blob hashes of a diff's "index"
# line are compared as "xxxxxxx", and a line holding a single space (a
# diff's blank context line) as an empty line.
#
#   tests/t-golden.sh                     run every golden test
#   tests/t-golden.sh FILE...             run those files' tests
#   tests/t-golden.sh --update [FILE...]  rewrite the expected blocks from
#                                         what wqcheck prints now; review
#                                         the diff before committing
#
# Prints "ok - FILE: NAME" or "not ok - FILE: NAME" with the differences
# indented below, then a "# golden: N passed, N failed" summary.
set -u

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
export TOP WQCHECK

update=0
if [ "${1:-}" = "--update" ]; then
	update=1
	shift
fi
case "${1:-}" in
-h|--help)
	sed -n '2,/^set -u/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
	exit 0
	;;
-*)
	echo "t-golden.sh: unknown option '$1'" >&2
	exit 2
	;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wqcheck-golden.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# The files to test, as paths relative to $TOP.
list_files() {
	if [ $# -gt 0 ]; then
		local f
		for f in "$@"; do
			f=$(cd "$(dirname "$f")" && pwd)/$(basename "$f")
			echo "${f#"$TOP"/}"
		done
		return
	fi
	(cd "$TOP" && find corpus tests -type f \( -name '*.c' -o -name '*.h' \) \
		-exec grep -l '^[[:space:]]*\*[[:space:]]*check-name:' {} + |
		LC_ALL=C sort)
}

# Splits the test comment of $1 into $2/name, $2/count and, for each
# command N (1-based), $2/cmd.N, $2/exit.N (if given), $2/out.N and
# $2/err.N (if a block was given).  Fails with a message on a malformed
# comment.
parse_test() {
	awk -v dir="$2" '
	function unescape(s) {
		gsub(/\*\\\//, "*/", s)
		gsub(/\/\\\*/, "/*", s)
		return s
	}
	function tag(line,    t) {
		t = line
		sub(/^[ \t]*\*?[ \t]*/, "", t)
		return t
	}
	function fail(msg) {
		print FILENAME ":" FNR ": " msg > "/dev/stderr"
		bad = 1
		exit 1
	}
	block != "" {
		if (tag($0) ~ "^check-" block "-end[ \t]*$") {
			close(blockfile)
			block = ""
			next
		}
		printf "%s\n", unescape($0) > blockfile
		next
	}
	{ t = tag($0) }
	t ~ /^check-name:/ {
		sub(/^check-name:[ \t]*/, "", t)
		printf "%s\n", t > (dir "/name")
		named = 1
		next
	}
	t ~ /^check-command:/ {
		sub(/^check-command:[ \t]*/, "", t)
		n++
		printf "%s\n", t > (dir "/cmd." n)
		next
	}
	t ~ /^check-exit:/ {
		if (!n)
			fail("check-exit before any check-command")
		sub(/^check-exit:[ \t]*/, "", t)
		printf "%s\n", t > (dir "/exit." n)
		next
	}
	t ~ /^check-(output|error)-start[ \t]*$/ {
		if (!n)
			fail("expected output before any check-command")
		block = (t ~ /output/) ? "output" : "error"
		blockfile = dir "/" (block == "output" ? "out." : "err.") n
		if (seen[blockfile]++)
			fail("two check-" block " blocks for one command")
		printf "" > blockfile
		next
	}
	END {
		if (bad)
			exit 1
		if (block != "")
			fail("check-" block "-start without check-" block "-end")
		if (!named)
			fail("no check-name")
		if (!n)
			fail("no check-command")
		print n > (dir "/count")
	}' "$TOP/$1"
}

# Runs command $2 of the test parsed into $1 for file $3; leaves
# $1/actual-out.$2, $1/actual-err.$2 and $1/actual-exit.$2.
run_command() {
	local dir=$1 i=$2 file=$3 cmd
	cmd=$(cat "$dir/cmd.$i")
	cmd=${cmd//\$file/$file}
	cmd=$(printf '%s\n' "$cmd" |
		sed -E 's/(^|[;&|(][[:space:]]*)wqcheck([[:space:]]|$)/\1"$WQCHECK"\2/g')
	(cd "$TOP" && timeout 120 bash -c "$cmd") \
		>"$dir/actual-out.$i" 2>"$dir/actual-err.$i" </dev/null
	echo $? >"$dir/actual-exit.$i"
	normalize "$dir/actual-out.$i"
}

# A diff's "index" line names the blobs before and after the fix; the file
# holding the expected diff is one of them, so the hashes could never
# match: they are compared as xxxxxxx.  A diff's context line for a blank
# source line is a lone space; it is stored and compared as an empty line
# so that editors trimming trailing whitespace do not break the test.
normalize() {
	sed -E -i -e 's/^index [0-9a-f]{7,}\.\.[0-9a-f]{7,}( [0-7]{6})?$/index xxxxxxx..xxxxxxx\1/' \
		-e 's/^ $//' "$1"
}

# Compares what command $2 printed with what the file expects; prints the
# differences indented and returns 1 if there are any.
compare_command() {
	local dir=$1 i=$2 ok=0 want got
	want=$dir/out.$i
	[ -f "$want" ] || : >"$want"
	if ! diff -u --label expected --label actual \
		"$want" "$dir/actual-out.$i" >"$dir/diff" 2>&1; then
		echo "    command: $(cat "$dir/cmd.$i")"
		echo "    stdout differs:"
		sed 's/^/      /' "$dir/diff"
		ok=1
	fi
	want=$dir/err.$i
	[ -f "$want" ] || : >"$want"
	if ! diff -u --label expected --label actual \
		"$want" "$dir/actual-err.$i" >"$dir/diff" 2>&1; then
		[ $ok -eq 0 ] && echo "    command: $(cat "$dir/cmd.$i")"
		echo "    stderr differs:"
		sed 's/^/      /' "$dir/diff"
		ok=1
	fi
	if [ -f "$dir/exit.$i" ]; then
		want=$(tr -d '[:space:]' <"$dir/exit.$i")
		got=$(cat "$dir/actual-exit.$i")
		if [ "$want" != "$got" ]; then
			[ $ok -eq 0 ] && echo "    command: $(cat "$dir/cmd.$i")"
			echo "    exit status: expected $want, got $got"
			ok=1
		fi
	fi
	return $ok
}

escape_block() {
	sed -e 's|\*/|*\\/|g' -e 's|/\*|/\\*|g' "$1"
}

# Rewrites the test comment of $2 (parsed into $1, commands already run)
# with the actual output.  Lines of the comment before the first
# check-command other than expected blocks (check-name, free text) stay.
update_file() {
	local dir=$1 file=$2 count i path=$TOP/$2 start end
	count=$(cat "$dir/count")
	# The comment holding check-name: from its "/*" line to its "*/" line.
	start=$(awk '/^[ \t]*\*[ \t]*check-name:/ { print last; exit }
		/^\/\*/ { last = NR }' "$path")
	end=$(awk -v s="$start" 'NR > s && /\*\/[ \t]*$/ { print NR; exit }' "$path")
	if [ -z "$start" ] || [ -z "$end" ]; then
		echo "t-golden.sh: $file: cannot find the test comment" >&2
		return 1
	fi
	{
		head -n $((start - 1)) "$path"
		awk -v s="$start" 'NR < s { next }
			/^[ \t]*\*[ \t]*check-command:/ { exit }
			{ print }' "$path"
		for i in $(seq 1 "$count"); do
			[ "$i" -gt 1 ] && echo " *"
			echo " * check-command: $(cat "$dir/cmd.$i")"
			echo " * check-exit: $(cat "$dir/actual-exit.$i")"
			if [ -s "$dir/actual-out.$i" ]; then
				echo " * check-output-start"
				escape_block "$dir/actual-out.$i"
				echo " * check-output-end"
			fi
			if [ -s "$dir/actual-err.$i" ]; then
				echo " * check-error-start"
				escape_block "$dir/actual-err.$i"
				echo " * check-error-end"
			fi
		done
		echo " */"
		tail -n +$((end + 1)) "$path"
	} >"$dir/new"
	if ! cmp -s "$dir/new" "$path"; then
		cat "$dir/new" >"$path"
		echo "# updated $file"
	fi
}

pass=0 fail=0 skip=0
files=$(list_files "$@")
if [ -z "$files" ]; then
	echo "skip - golden: no file with check-name under corpus/ or tests/"
	exit 0
fi
while IFS= read -r file; do
	dir=$tmp/t
	rm -rf "$dir"
	mkdir "$dir"
	if ! parse_test "$file" "$dir" 2>"$tmp/parse-error"; then
		echo "not ok - $file: malformed test comment"
		sed 's/^/    /' "$tmp/parse-error"
		fail=$((fail + 1))
		continue
	fi
	for f in "$dir"/out.*; do
		[ -f "$f" ] && normalize "$f"
	done
	name=$(cat "$dir/name")
	if [ ! -x "$WQCHECK" ]; then
		echo "skip - $file: $name: $WQCHECK is not built"
		skip=$((skip + 1))
		continue
	fi
	count=$(cat "$dir/count")
	for i in $(seq 1 "$count"); do
		run_command "$dir" "$i" "$file"
	done
	if [ $update -eq 1 ]; then
		update_file "$dir" "$file" || fail=$((fail + 1))
		continue
	fi
	{
		ok=0
		for i in $(seq 1 "$count"); do
			compare_command "$dir" "$i" || ok=1
		done
	} >"$tmp/report"
	if [ $ok -eq 0 ]; then
		echo "ok - $file: $name"
		pass=$((pass + 1))
	else
		echo "not ok - $file: $name"
		cat "$tmp/report"
		fail=$((fail + 1))
	fi
done <<<"$files"

[ $update -eq 1 ] && exit $((fail != 0))
if [ $skip -ne 0 ]; then
	echo "# golden: $pass passed, $fail failed, $skip skipped"
else
	echo "# golden: $pass passed, $fail failed"
fi
exit 0
