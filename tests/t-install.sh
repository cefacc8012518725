#!/bin/bash
# timeout: 300
# make install into a scratch DESTDIR, as a packager would: the installed
# wqcheck runs from there and finds its semantic patches under
# PREFIX/share/wqcheck, there is a man page for every command and every
# rule and man renders each, the bash completion completes commands,
# options and rules from the installed binary, and make uninstall removes
# every file it installed. Another PREFIX works the same.
set -u
: "${WQCHECK:?}" "${TOP:?}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dest=$scratch/dest
prefix=/opt/wq
root=$dest$prefix

report() { # NAME STATUS [DETAIL FILE]
	if [ "$2" = 0 ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		[ -n "${3-}" ] && sed 's/^/    /' "$3" | head -20
	fi
}

if ! command -v scdoc >/dev/null; then
	echo "skip - install: scdoc is not installed (make check installs it)"
	exit 0
fi
make -s -C "$TOP" install DESTDIR="$dest" PREFIX="$prefix" >"$scratch/install.log" 2>&1
report "install: make install DESTDIR=... PREFIX=$prefix" $? "$scratch/install.log"
bin=$root/bin/wqcheck

"$bin" --version >"$scratch/v" 2>&1 && "$bin" explain >"$scratch/rules" 2>&1
report "install: the installed wqcheck runs ($(cat "$scratch/v"))" $? "$scratch/rules"

# Its semantic patches: explain names the installed copy of the rule's one.
"$bin" explain WQ001 >"$scratch/wq001" 2>&1
cocci=$(sed -n 's/^Semantic patch: //p' "$scratch/wq001")
ok=1
[ "$cocci" = "$root/share/wqcheck/semantic-patches/flush_work_sync.cocci" ] &&
	cmp -s "$cocci" "$TOP/semantic-patches/flush_work_sync.cocci" &&
	[ "$(ls "$root/share/wqcheck/semantic-patches/"*.cocci | wc -l)" = \
	  "$(ls "$TOP/semantic-patches/"*.cocci | wc -l)" ] && ok=0
report "install: wqcheck finds its .cocci under PREFIX/share/wqcheck ($cocci)" $ok "$scratch/wq001"

# And it scans: a corpus file with a finding, exit 1.
"$bin" scan -q "$TOP/corpus/drivers/affinity/aff_hop.c" >"$scratch/scan" 2>&1
rc=$?
ok=1
[ $rc = 1 ] && grep -q '\[WQ012\]$' "$scratch/scan" && ok=0
report "install: the installed wqcheck scans (exit $rc)" $ok "$scratch/scan"

# A man page per command and per rule; man renders each, no warning.
: >"$scratch/man"
pages=0
for cmd in "" $("$bin" --wqcheck-completion-helper | tr ' ' '\n' | grep -v -- '^-' | grep -vx help); do
	p=$root/share/man/man1/wqcheck${cmd:+-$cmd}.1
	[ -f "$p" ] || echo "no man page for '${cmd:-wqcheck}': $p" >>"$scratch/man"
done
for id in $(cut -d' ' -f1 "$scratch/rules"); do
	p=$root/share/man/man7/wqcheck-$id.7
	[ -f "$p" ] || echo "no man page for $id: $p" >>"$scratch/man"
done
for p in "$root"/share/man/man[17]/*; do
	pages=$((pages + 1))
	MANWIDTH=80 man --warnings -l "$p" >"$scratch/page" 2>"$scratch/err" || echo "$p: man failed" >>"$scratch/man"
	[ -s "$scratch/err" ] && echo "$p: $(head -2 "$scratch/err")" >>"$scratch/man"
	name=$(basename "$p")
	grep -q "^${name%.*}(${name##*.})" "$scratch/page" || echo "$p: no header ${name%.*}(${name##*.})" >>"$scratch/man"
done
report "install: a man page per command and rule, $pages in all, man -l renders each" \
	"$([ -s "$scratch/man" ] && echo 1 || echo 0)" "$scratch/man"

# MANPATH: man finds them by name, as a user types it.
MANPATH=$root/share/man MANWIDTH=80 man wqcheck-WQ014 2>&1 | grep -q 'two-workqueues'
report "install: man wqcheck-WQ014 finds the installed page" $?

# The completion, from the installed binary's tables.
cat >"$scratch/complete.sh" <<'SH'
source "$1"
complete_words() { # WORDS...: prints COMPREPLY for the last word
	COMP_WORDS=("$@")
	COMP_CWORD=$(($# - 1))
	COMPREPLY=()
	_wqcheck
	printf '%s\n' "${COMPREPLY[@]}"
}
echo "commands: $(complete_words wqcheck s | xargs)"
echo "scan: $(complete_words wqcheck scan --fo | xargs)"
echo "audit: $(complete_words wqcheck audit --sub | xargs)"
echo "explain: $(complete_words wqcheck explain WQ00 | xargs)"
echo "rules: $(complete_words wqcheck scan --rules=WQ001,WQ02 | xargs)"
SH
PATH=$root/bin:$PATH bash "$scratch/complete.sh" "$root/share/bash-completion/completions/wqcheck" \
	>"$scratch/completions" 2>&1
ok=1
grep -qx 'commands: scan series' "$scratch/completions" &&
	grep -qx 'scan: --format=' "$scratch/completions" &&
	grep -qx 'audit: --subsystem=' "$scratch/completions" &&
	grep -qx 'explain: WQ001 WQ002 WQ003 WQ004 WQ005' "$scratch/completions" &&
	grep -qx "rules: $("$bin" explain | awk '$1 ~ /^WQ02/ { print "--rules=WQ001," $1 }' | sort | xargs)" \
		"$scratch/completions" &&
	ok=0
report "install: bash completion of commands, options and rules from the binary's tables" $ok "$scratch/completions"

# Every option of every command's --help is completed (none by hand).
: >"$scratch/missing"
for cmd in $("$bin" --wqcheck-completion-helper | tr ' ' '\n' | grep -v -- '^-' | grep -vx help); do
	words=$("$bin" "$cmd" --wqcheck-completion-helper)
	for o in $("$bin" "$cmd" --help | grep -oE '^  (-[a-z], )?--?[a-z][a-z-]*' | grep -oE -- '--?[a-z][a-z-]*$'); do
		[[ " $words " == *" $o "* || " $words " == *" $o= "* ]] ||
			echo "$cmd: $o not completed" >>"$scratch/missing"
	done
done
report "install: the completion offers every option --help lists" \
	"$([ -s "$scratch/missing" ] && echo 1 || echo 0)" "$scratch/missing"

make -s -C "$TOP" uninstall DESTDIR="$dest" PREFIX="$prefix" >"$scratch/uninstall.log" 2>&1
find "$dest" -type f >>"$scratch/uninstall.log"
ok=1
[ -z "$(find "$dest" -type f)" ] && ok=0
report "install: make uninstall removes every file installed" $ok "$scratch/uninstall.log"
