#!/bin/bash
# The signal handler calls only async-signal-safe functions, checked without
# timing: lib/cleanup.c is compiled the way the Makefile compiles it (plus
# -ffunction-sections, so that every call, local ones too, carries a
# relocation naming its callee), and everything its handler on_signal() can
# reach is walked in the disassembly. A callee defined in the file is walked
# in turn; any other must be in the allow-list below (signal-safety(7)); an
# indirect call, whose callee cannot be named, fails too.
#
# The walk itself is checked first on a handler that calls printf() and
# malloc() through a helper: both must be named, or the walk proves nothing.
# timeout: 120
set -u
: "${TOP:?}"
name=signal-safety

for c in gcc objdump awk; do
	command -v $c >/dev/null || { echo "skip - $name: $c not installed"; exit 0; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/t-signal-safety.XXXXXX")
trap 'rm -rf "$T"' EXIT

# signal-safety(7) (POSIX.1-2008 TC2 and later: the mem* functions), plus
# glibc's errno accessor, which reads a thread-local variable, and syscall(),
# a trap into the kernel with no state of its own (getdents64 through it).
allowed="_exit abort close fstatat getpid kill lseek memcpy memmove memset
open openat poll raise read sigaction sigaddset sigemptyset sigprocmask
strlen unlinkat waitpid write __errno_location syscall __stack_chk_fail"

# unsafe_calls OBJECT ROOT: prints "reached NAME" for each callee reachable
# from ROOT, and "unsafe NAME (from CALLER)" for each that is neither
# defined in OBJECT nor allowed ("indirect" for a call through a register
# or memory).
unsafe_calls() {
	set -o pipefail
	objdump -dr --no-show-raw-insn "$1" | awk -v root="$2" -v allowed="$allowed" '
	BEGIN { n = split(allowed, a, /[ \n]+/); for (i = 1; i <= n; i++) ok[a[i]] = 1 }
	# "0000000000000000 <on_signal>:" starts a function
	/^[0-9a-f]+ <[^>]+>:$/ {
		fn = $2; gsub(/[<>:]/, "", fn); sub(/\..*/, "", fn)
		defined[fn] = 1; last = ""; next
	}
	# an instruction line: remember whether it is a call or a jump
	/^ +[0-9a-f]+:\t/ {
		split($0, fld, "\t"); insn = fld[2]
		last = (insn ~ /^(call|jmp)/) ? "call" : ""
		if (insn ~ /^(call|jmp)[a-z]* +\*/)
			edges[fn] = edges[fn] " indirect"
		next
	}
	# its relocation, when it names the callee
	/R_X86_64_(PLT32|PC32)/ && last == "call" {
		sym = $NF; sub(/[-+]0x[0-9a-f]+$/, "", sym)
		# a static callee is named by its section: .text.NAME
		sub(/^\.text\./, "", sym); sub(/\..*/, "", sym)
		if (sym == "")
			sym = "indirect"
		if (sym != fn)
			edges[fn] = edges[fn] " " sym
		last = ""
	}
	END {
		todo[root] = 1; seen[root] = 1
		left = 1
		while (left) {
			left = 0
			for (f in todo) { left = 1; break }
			if (!left) break
			delete todo[f]
			n = split(edges[f], c, " ")
			for (i = 1; i <= n; i++) {
				g = c[i]
				if (g in seen) continue
				seen[g] = 1
				print "reached " g
				if (g in defined) todo[g] = 1
				else if (!(g in ok)) print "unsafe " g " (from " f ")"
			}
		}
		if (!(root in defined)) print "unsafe " root " is not defined"
	}'
}

# The walk must see through a helper to what it calls.
cat >"$T/bad.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static void say(int sig)
{
	char *p = malloc(32);

	printf("signal %d %p\n", sig, (void *)p);
}
void on_signal(int sig)
{
	say(sig);
	_exit(1);
}
EOF
if ! gcc -O0 -ffunction-sections -c -o "$T/bad.o" "$T/bad.c" 2>"$T/err"; then
	echo "not ok - $name: cannot compile the walk's own test"
	sed 's/^/    /' "$T/err"
	exit 0
fi
found=$(unsafe_calls "$T/bad.o" on_signal 2>&1 | sed -n 's/^unsafe //p' | sort | tr '\n' ' ')
case $found in
*malloc*printf*) echo "ok - $name: the walk finds printf() and malloc() behind a helper" ;;
*) echo "not ok - $name: the walk missed the unsafe calls of a known-bad handler (found: ${found:-nothing})" ;;
esac

# The real handler, at the optimisation the binary is built with and without
# any, so that neither inlining nor its absence hides a call.
for opt in -O2 -O0; do
	if ! gcc -std=c11 -D_GNU_SOURCE -I"$TOP/checker" $opt -ffunction-sections \
		-c -o "$T/cleanup.o" "$TOP/checker/lib/cleanup.c" 2>"$T/err"; then
		echo "not ok - $name: lib/cleanup.c does not compile ($opt)"
		sed 's/^/    /' "$T/err"
		continue
	fi
	if ! walk=$(unsafe_calls "$T/cleanup.o" on_signal 2>"$T/err"); then
		echo "not ok - $name: the walk failed ($opt)"
		sed 's/^/    /' "$T/err"
		continue
	fi
	unsafe=$(echo "$walk" | sed -n 's/^unsafe //p')
	reached=$(echo "$walk" | sed -n 's/^reached //p' | sort | tr '\n' ' ')
	# what the handler is known to do: it must have been walked to
	missing=
	for f in kill waitpid unlinkat openat sigaction raise; do
		case " $reached" in *" $f "*) ;; *) missing="$missing $f" ;; esac
	done
	if [ -n "$missing" ]; then
		echo "not ok - $name: the walk from on_signal() did not reach$missing ($opt; reached: $reached)"
	elif [ -z "$unsafe" ]; then
		echo "ok - $name: on_signal() reaches only async-signal-safe calls ($opt: $(echo $reached | wc -w) callees)"
	else
		echo "not ok - $name: on_signal() reaches calls not async-signal-safe ($opt):"
		echo "$unsafe" | sed 's/^/    /'
	fi
done

# Nothing else installs a handler.
others=$(grep -rln 'sigaction(\|signal(' "$TOP/checker" --include=*.c |
	grep -v '/lib/cleanup\.c$' | grep -v '/fuzz' || true)
if [ -z "$others" ]; then
	echo "ok - $name: lib/cleanup.c is the only file that installs a handler"
else
	echo "not ok - $name: other files install signal handlers:"
	echo "$others" | sed "s|$TOP/||; s/^/    /"
fi
