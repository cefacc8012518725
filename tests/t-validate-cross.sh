#!/bin/bash
# slow: yes
# timeout: 900
# wqcheck validate builds another arch's touched objects with its cross
# compiler: on the Linux 6.1 legacy fixture (tests/real/legacy-fixture.sh, an
# x86 configuration), a series touching an arm64-only driver
# (drivers/perf/arm_spe_pmu.c: depends on ARM64, which x86's Kconfig does
# not define) and a file under arch/arm64/ must be built ARCH=arm64
# CROSS_COMPILE=aarch64-linux-gnu- from arm64's defconfig, in their own
# prepared O= directory, and compared with aarch64-linux-gnu-objdump: a
# patch that only moves lines is equal, one that changes a string is not.
# Without aarch64-linux-gnu-gcc (make deps CROSS=arm64 installs it) that part
# is skipped with the reason; the Makefile's CROSS packages are checked
# against validate's table always.
#
# Cached under ${WQCHECK_CACHE:-~/.cache/wqcheck}/validate: arm64's defconfig
# .config and prepared O= directory (the first run makes them: about a
# minute of make prepare on a quiet machine).
set -u
: "${WQCHECK:?}" "${TOP:?}"
name=t-validate-cross

# --- make deps CROSS=arch installs what validate's advice names -------------
table=$(grep -oE '\{ "[a-z0-9]+", "[^"]+", "gcc-[^"]+" \}' "$TOP/checker/products/validate-config.c" |
	sed -E 's/\{ "([^"]+)", "[^"]+", "([^"]+)" \}/\1 \2/' | awk '!seen[$1]++' | sort)
makefile=$(sed -nE 's/^CROSS_PACKAGES_([a-z0-9]+) := ([^ ]+)$/\1 \2/p' "$TOP/Makefile" | sort)
arches=$(sed -nE 's/^CROSS_ARCHES := //p' "$TOP/Makefile" | tr ' ' '\n' | sort | xargs)
if [ -n "$table" ] && [ "$table" = "$makefile" ] &&
	[ "$arches" = "$(echo "$table" | cut -d' ' -f1 | xargs)" ]; then
	echo "ok - $name: make deps CROSS= installs the package validate names for each of $(echo "$table" | wc -l) arches"
else
	echo "not ok - $name: make deps CROSS= installs the package validate names for each arch"
	diff <(echo "$table") <(echo "$makefile") | sed 's/^/    /'
	echo "    CROSS_ARCHES: $arches"
fi

if [ "${WQCHECK_REAL:-1}" = 0 ]; then
	echo "skip - $name: WQCHECK_REAL=0"
	exit 0
fi
command -v aarch64-linux-gnu-gcc >/dev/null || {
	echo "skip - $name: no aarch64-linux-gnu-gcc on PATH (make deps CROSS=arm64 installs gcc-aarch64-linux-gnu)"
	exit 0
}
for c in aarch64-linux-gnu-objdump sparse gcc make git python3 bc flex bison; do
	command -v $c >/dev/null || { echo "skip - $name: $c is not installed"; exit 0; }
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fixture=$("$TOP/tests/real/legacy-fixture.sh" 2>"$scratch/fixture.err") || {
	echo "skip - $name: the legacy fixture cannot be had: $(tail -n 1 "$scratch/fixture.err")"
	exit 0
}

# patch 1 puts a comment line before the first #include of both files
# (every line after it moves: WARN() passes __LINE__); patch 2 changes the
# message of hw_breakpoint.c's WARN_ONCE()
mkdir -p "$scratch/series" "$scratch/tmp"
python3 - "$fixture" "$scratch/series" <<'PY'
import difflib, subprocess, sys
tree, out = sys.argv[1], sys.argv[2]
def show(f):
	return subprocess.run(["git", "-C", tree, "show", "HEAD:" + f], check=True,
			      capture_output=True, text=True).stdout.splitlines(True)
def patch(path, subject, changes):
	with open(path, "w") as o:
		o.write("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
			"From: wqcheck test <t@invalid>\nDate: Mon, 20 Aug 2012 00:00:00 +0000\n"
			"Subject: [PATCH] %s\n\n---\n" % subject)
		for f, old, new in changes:
			o.write("diff --git a/%s b/%s\n" % (f, f))
			o.writelines(difflib.unified_diff(old, new, "a/" + f, "b/" + f))
		o.write("-- \n2.39.2\n")
files = ["drivers/perf/arm_spe_pmu.c", "arch/arm64/kernel/hw_breakpoint.c"]
moved = {}
changes = []
for f in files:
	old = show(f)
	i = next(k for k, l in enumerate(old) if l.startswith("#include"))
	moved[f] = old[:i] + ["/* wqcheck: a comment line; every line after it moves */\n"] + old[i:]
	changes.append((f, old, moved[f]))
patch(out + "/0001-arm64-lines-move.patch", "arm64: a comment that moves every line", changes)
f = files[1]
new = [l.replace("Can't find any breakpoint slot", "no breakpoint slot left") for l in moved[f]]
assert new != moved[f]
patch(out + "/0002-arm64-message.patch", "arm64: another message", [(f, moved[f], new)])
PY

t0=$(date +%s)
TMPDIR=$scratch/tmp "$WQCHECK" validate -q -j2 --format=json --series "$scratch/series" "$fixture" \
	>"$scratch/v.json" 2>"$scratch/v.err"
rc=$?
secs=$(( $(date +%s) - t0 ))
got=$(python3 - "$scratch/v.json" <<'PY' 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["patches"]:
	for o in p["objects"]:
		# the changed string is in hw_breakpoint_control() or where
		# gcc inlined it
		fns = o["code_diff_functions"]
		print(p["patch"][:4], o["object"], o["arch"], o["arch_config"], o["built"],
		      o["code_verdict"], "-" if not fns else
		      "breakpoint-functions" if all("breakpoint" in f for f in fns) else ",".join(fns),
		      len(o["new_warnings"]) + len(o["new_sparse_warnings"]))
b = d["other_arch_builds"]
print("builds", len(b), b[0]["arch"], b[0]["cross_compile"], b[0]["defconfig"], b[0]["failed"])
c = d["coverage"]
print("coverage", c["objects_touched"], c["built"], json.dumps(c["other_arches"], sort_keys=True))
PY
)
want="0001 drivers/perf/arm_spe_pmu.o arm64 defconfig True equal - 0
0001 arch/arm64/kernel/hw_breakpoint.o arm64 defconfig True equal - 0
0002 arch/arm64/kernel/hw_breakpoint.o arm64 defconfig True different breakpoint-functions 0
builds 1 arm64 aarch64-linux-gnu- defconfig None
coverage 2 2 {\"arm64\": {\"built\": 2, \"equal\": 1, \"touched\": 2}}"
# arch_config is "defconfig + N symbols ...": compare its first word
got_cmp=$(echo "$got" | sed -E 's/ defconfig \+ [0-9]+ symbols? for the touched objects / defconfig /')
if [ "$rc" = 1 ] && [ "$got_cmp" = "$want" ]; then
	echo "ok - $name: ARCH=arm64 objects built with aarch64-linux-gnu-gcc: a line shift equal, a changed string different, exit 1 (${secs}s)"
else
	echo "not ok - $name: ARCH=arm64 objects built with aarch64-linux-gnu-gcc: a line shift equal, a changed string different, exit 1"
	echo "    rc=$rc (${secs}s)"
	diff <(echo "$want") <(echo "$got_cmp") | sed 's/^/    /'
	sed 's/^/    /' "$scratch/v.err" | tail -5
fi
[ -z "$(ls -A "$scratch/tmp")" ] && ! git -C "$fixture" worktree list --porcelain | grep -qF "$scratch/tmp/" &&
	echo "ok - $name: the scratch worktree and its O= directories are removed" ||
	echo "not ok - $name: the scratch worktree and its O= directories are removed: $(ls "$scratch/tmp")"
