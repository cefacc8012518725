#!/bin/bash
# timeout: 240
# asan: yes
# The bash completion as bash really calls it (issue 41): an interactive
# bash on a pseudo-terminal (python3's pty), the script sourced, keys typed
# and what readline puts on the line or lists read back. bash splits
# `--format=s` at '=' (COMP_WORDBREAKS): the script joins the words back and
# completes what follows the '='. Each command offers exactly the values of
# --format (and --fail-on, --clang) it accepts: every word offered passes
# the command's own parser, every other command's word it does not offer is
# refused by it. Rules complete after --rules=, in a comma list too; option
# names come without a backslash before their '='.
set -u
: "${WQCHECK:?}" "${TOP:?}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for tool in bash python3; do
	command -v $tool >/dev/null || { echo "skip - completion: $tool is not installed"; exit 0; }
done
mkdir "$scratch/bin"
ln -s "$WQCHECK" "$scratch/bin/wqcheck"
touch "$scratch/baseline-one.sarif"

# Each line of keys: what is typed (\t a TAB); prints, per line, the line
# as readline left it and the candidates it listed (after a double TAB).
cat >"$scratch/drive.py" <<'PY'
import os, pty, re, select, sys, time
script, bindir, workdir = sys.argv[1:4]
keys = [k.replace("\\t", "\t") for k in sys.argv[4:]]
pid, fd = pty.fork()
if pid == 0:
    os.chdir(workdir)
    os.environ.update(PATH=bindir + ":" + os.environ["PATH"], PS1="PROMPT$ ",
                      TERM="dumb", INPUTRC="/dev/null", HISTFILE="/dev/null")
    os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])
buf = b""
def until(pattern, timeout=60):
    global buf
    end = time.time() + timeout
    while time.time() < end:
        m = re.search(pattern, buf)
        if m:
            out, buf = buf[:m.end()], buf[m.end():]
            return out.decode(errors="replace")
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
    sys.exit("timed out waiting for %r; got %r" % (pattern, buf[-300:]))
def quiet(seconds=1.0, limit=60):
    """read until nothing came for seconds (at most limit)"""
    global buf
    end, last = time.time() + limit, time.time()
    while time.time() < end and time.time() - last < seconds:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
            last = time.time()
os.write(fd, ("source '%s'; echo __READY\n" % script).encode())
until(rb"\n__READY\r")
for n, k in enumerate(keys):
    # the keys, then Ctrl-A and '#': the line is run as a comment, so that
    # it is echoed whole; then a marker to wait for
    # the keys alone first, and the line left to readline until the
    # terminal has been quiet a second: what follows, typed ahead while a
    # slow completion (the ASan binary) runs, would be echoed into its list
    os.write(fd, k.encode())
    quiet()
    os.write(fd, ("\x01#\n" + "echo __END%d\n" % n).encode())
    out = until(("\n__END%d\r" % n).encode())
    lines = re.findall(r"PROMPT\$ #(.*?)\r", out)
    listed = ""
    m = re.search(r"\x07?\r\n(.*?)\r\nPROMPT\$ ", out, re.S)
    if m and k.endswith("\t\t"):
        listed = " ".join(sorted(m.group(1).split()))
    print("%s|%s" % (max(lines, key=len) if lines else "?", listed))
os.write(fd, b"exit\n")
PY

drive() { python3 "$scratch/drive.py" "$TOP/contrib/completion/wqcheck.bash" "$scratch/bin" "$scratch" "$@"; }

drive 'wqcheck scan --format=s\t' \
      'wqcheck scan --format=\t\t' \
      'wqcheck audit --format=\t\t' \
      'wqcheck check-patch --format=\t\t' \
      'wqcheck diff --format=\t\t' \
      'wqcheck validate --format=\t\t' \
      'wqcheck check-patch --fail-on=\t\t' \
      'wqcheck scan --clang=\t\t' \
      'wqcheck scan --rules=WQ02\t\t' \
      'wqcheck scan --rules=WQ001,WQ01\t\t' \
      'wqcheck scan --fo\t' \
      'wqcheck scan --format s\t' \
      'wqcheck scan --baseline=baseline-o\t' \
      'wqcheck audit --format=h\t' \
      >"$scratch/got" 2>"$scratch/err"
if [ "$(wc -l <"$scratch/got")" -ne 14 ]; then
	echo "not ok - completion: the interactive bash answered every line"
	sed 's/^/    /' "$scratch/got" "$scratch/err"
	exit 0
fi
line() { sed -n "${1}p" "$scratch/got"; }
report() { # NAME LINE-NUMBER WANT
	if [ "$(line "$2")" = "$3" ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		echo "    want: $3"
		echo "    got:  $(line "$2")"
	fi
}

report "--format=s<TAB> completes to sarif in an interactive bash" 1 "wqcheck scan --format=sarif |"
report "--fo<TAB> gives --format= with no backslash and no space" 11 "wqcheck scan --format=|"
report "--format s<TAB> (the value as the next word) completes to sarif" 12 "wqcheck scan --format sarif |"
report "--baseline=<TAB> completes a file name after the '='" 13 "wqcheck scan --baseline=baseline-one.sarif |"
report "audit --format=h<TAB> completes to html" 14 "wqcheck audit --format=html |"
rules=$("$WQCHECK" explain | awk '$1 ~ /^WQ02/ { print $1 }' | sort | xargs)
report "--rules=WQ02<TAB><TAB> lists the registry's WQ02x rules" 9 "wqcheck scan --rules=WQ02|$rules"
rules=$("$WQCHECK" explain | awk '$1 ~ /^WQ01/ { print "WQ001," $1 }' | sort | xargs)
report "--rules=WQ001,WQ01<TAB><TAB> completes the list's last element" 10 "wqcheck scan --rules=WQ001,WQ01|$rules"

# Each command lists the values it accepts, and no value it refuses: every
# listed word passes its parser (--help after it exits 0), and every word
# another command lists that it does not list is refused (exit 2).
all=$(for n in 2 3 4 5 6 7 8; do line $n | cut -d'|' -f2; done | tr ' ' '\n' | sort -u)
check_values() { # LINE COMMAND OPTION
	local listed cmd=$2 opt=$3 bad="" w
	listed=$(line "$1" | cut -d'|' -f2)
	[ -n "$listed" ] || bad="nothing listed"
	for w in $listed; do
		"$WQCHECK" $cmd --$opt=$w --help >/dev/null 2>&1 || bad="$bad $w(refused)"
	done
	for w in $all; do
		[[ " $listed " == *" $w "* ]] && continue
		"$WQCHECK" $cmd --$opt=$w --help >/dev/null 2>&1
		[ $? -eq 2 ] || bad="$bad $w(accepted, not offered)"
	done
	if [ -z "$bad" ]; then
		echo "ok - $cmd --$opt=<TAB><TAB> offers exactly what it accepts: $listed"
	else
		echo "not ok - $cmd --$opt=<TAB><TAB> offers exactly what it accepts: $listed"
		echo "    $bad"
	fi
}
check_values 2 scan format
check_values 3 audit format
check_values 4 check-patch format
check_values 5 diff format
check_values 6 validate format
check_values 7 check-patch fail-on
check_values 8 scan clang
case " $(line 2 | cut -d'|' -f2) " in
*" html "*|*" csv "*|*" md "*) echo "not ok - scan --format= offers audit's formats";;
*) echo "ok - scan --format= offers none of audit's formats (html, csv, md)";;
esac
