#!/bin/bash
# timeout: 60
# Every command's options come from one table (lib/parse-options.c), and its
# --help is generated from it. This suite checks that the README's option
# table for each command names exactly the options --help names (-h/--help
# aside), and that --help fits 80 columns.
set -u
: "${WQCHECK:?}" "${TOP:?}"

python3 - "$WQCHECK" "$TOP/README.md" <<'PY'
import re, subprocess, sys

wqcheck, readme = sys.argv[1], sys.argv[2]
# command -> the README heading its option table sits under
sections = {
    "scan": r"^### wqcheck scan",
    "series": r"^## wqcheck series",
    "validate": r"^## wqcheck validate",
    "check-patch": r"^## Pre-merge CI",
    "diff": r"^## Pre-merge CI",
    "check": r"^### kbuild:",
    "audit": r"^## wqcheck audit",
}
opt_re = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
text = open(readme).read().split("\n")

def readme_options(heading):
    start = next(i for i, l in enumerate(text) if re.match(heading, l))
    names, in_table = set(), False
    for line in text[start + 1:]:
        if re.match(r"^#+ ", line):	# the table is the section's own
            break
        if line.startswith("| option |"):
            in_table = True
            continue
        if in_table and line.startswith("|"):
            names.update(opt_re.findall(line.split("|")[1]))
        elif in_table:
            in_table = False
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
for cmd, heading in sections.items():
    rc, helped, wide = help_options(cmd)
    documented = readme_options(heading)
    name = f"options: {cmd}: README's table and --help name the same options"
    if rc == 0 and helped and helped == documented:
        print(f"ok - {name} ({len(helped)})")
    else:
        failed += 1
        print(f"not ok - {name} (exit {rc})")
        print(f"    only in --help: {' '.join(sorted(helped - documented))}")
        print(f"    only in README: {' '.join(sorted(documented - helped))}")
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
