#!/bin/bash
# timeout: 60
# Every command's options come from one table (lib/parse-options.c), and its
# --help is generated from it. This suite checks that each command's page
# (Documentation/wqcheck-CMD.1.scd, the man page) names in its OPTIONS
# exactly the options --help names (-h/--help aside), and that --help fits
# 80 columns.
set -u
: "${WQCHECK:?}" "${TOP:?}"

python3 - "$WQCHECK" "$TOP/Documentation" <<'PY'
import re, subprocess, sys

wqcheck, docdir = sys.argv[1], sys.argv[2]
commands = ["scan", "series", "validate", "check-patch", "diff", "check",
            "audit", "explain"]
opt_re = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")

def page_options(cmd):
    """The options the page's OPTIONS section lists: its *--bold* terms."""
    names, in_options = set(), False
    try:
        text = open(f"{docdir}/wqcheck-{cmd}.1.scd").read().split("\n")
    except OSError:
        return None
    for line in text:
        if line.startswith("# "):
            in_options = line == "# OPTIONS"
            continue
        if in_options and line.startswith("*-"):
            for bold in re.findall(r"\*([^*]+)\*", line):
                names.update(opt_re.findall(bold))
    return names

def help_options(cmd):
    out = subprocess.run([wqcheck, cmd, "--help"], capture_output=True, text=True)
    names, wide = set(), []
    for line in out.stdout.split("\n"):
        if len(line) > 80:
            wide.append(line)
        m = re.match(r"^  (-\S.*?)(\s{2,}|$)", line)
        if m:
            names.update(opt_re.findall(m.group(1)))
    return out.returncode, names - {"-h", "--help"}, wide

failed = 0
for cmd in commands:
    rc, helped, wide = help_options(cmd)
    documented = page_options(cmd)
    name = f"options: {cmd}: its page's OPTIONS and --help name the same options"
    if documented is None:
        failed += 1
        print(f"not ok - {name}: no Documentation/wqcheck-{cmd}.1.scd")
    elif rc == 0 and helped == documented:
        print(f"ok - {name} ({len(helped)})")
    else:
        failed += 1
        print(f"not ok - {name} (exit {rc})")
        print(f"    only in --help: {' '.join(sorted(helped - documented))}")
        print(f"    only in the page: {' '.join(sorted(documented - helped))}")
    name = f"options: {cmd}: --help fits 80 columns"
    if not wide:
        print(f"ok - {name}")
    else:
        print(f"not ok - {name}: {wide[0]!r}")
PY

# Errors from the shared parser: one line, exit 2, for every command.
for cmd in scan series validate audit check-patch diff; do
	err=$("$WQCHECK" "$cmd" --frobnicate x 2>&1 >/dev/null)
	rc=$?
	if [ $rc -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
	   [[ $err == "wqcheck $cmd: unknown option '--frobnicate'; see 'wqcheck $cmd --help'" ]]; then
		echo "ok - options: $cmd: an unknown option is one line, exit 2"
	else
		echo "not ok - options: $cmd: an unknown option is one line, exit 2 (exit $rc: $err)"
	fi
done

# --help lists the rules each command runs, from the registry: every rule
# `wqcheck explain` knows, in its family's line, for the commands that run
# them all; for series, exactly the rules its --rules takes (the others
# "have no conversion to send as a patch").
help_rules() { # COMMAND: the rule ids its --help lists, one a line
	"$WQCHECK" "$1" --help | sed -n '/^Rules it runs/,/^$/p' |
		grep -oE '^  WQ[0-9]+(-WQ[0-9]+)?' | while read -r r; do
			first=${r%-*} last=${r#*-}
			for ((n = 10#${first#WQ}; n <= 10#${last#WQ}; n++)); do printf 'WQ%03d\n' $n; done
		done | sort
}
all=$("$WQCHECK" explain | awk '{ print $1 }' | sort)
for cmd in scan check check-patch diff audit; do
	got=$(help_rules $cmd)
	if [ -n "$all" ] && [ "$got" = "$all" ]; then
		echo "ok - options: $cmd --help lists every rule family it runs ($(echo $all | wc -w) rules)"
	else
		echo "not ok - options: $cmd --help lists every rule family it runs"
		diff <(echo "$all") <(echo "$got") | sed 's/^/    /'
	fi
done
want=$(for r in $all; do "$WQCHECK" series --rules=$r "$TOP/nonexistent" 2>&1 | grep -q 'has no conversion' || echo $r; done)
got=$(help_rules series)
if [ -n "$want" ] && [ "$got" = "$want" ] && [ "$want" != "$all" ]; then
	echo "ok - options: series --help lists exactly the rules it converts ($(echo $want | wc -w))"
else
	echo "not ok - options: series --help lists exactly the rules it converts"
	diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
fi
