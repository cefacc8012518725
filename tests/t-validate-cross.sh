#!/bin/bash
# slow: yes
# timeout: 1500
# wqcheck validate builds another arch's touched objects with its cross
# compiler: on the Linux 6.1 legacy fixture (tests/real/legacy-fixture.sh, an
# x86 configuration), a series touching an arm64-only driver
# (drivers/perf/arm_spe_pmu.c: depends on ARM64, which x86's Kconfig does
# not define) and a file under arch/arm64/ must be built ARCH=arm64
# CROSS_COMPILE=aarch64-linux-gnu- in their own prepared O= directory, and
# compared with aarch64-linux-gnu-objdump: a patch that only moves lines is
# equal, one that changes a string is not.
# The series' base (its cover letter's base-commit:) is a commit on top of
# the fixture's HEAD, written here, with two faults kbuild really has:
# arm64's defconfig, chosen first, cannot be prepared (an archprepare check
# fails, as arch Makefiles' checks of the toolchain do), so validate must
# fall back to the next defconfig that builds the objects,
# wqcheck_fcommon_defconfig, and say why defconfig failed; that one builds
# a host program whose two objects define one global (a header's tentative
# definition, as 3.6's dtc has), which gcc >= 10 (-fno-common) does not
# link, so validate must try it again with HOSTCFLAGS=-fcommon and say so.
# Without aarch64-linux-gnu-gcc (make deps CROSS=arm64 installs it) that part
# is skipped with the reason; the Makefile's CROSS packages are checked
# against validate's table always.
#
# Cached under ${WQCHECK_CACHE:-~/.cache/wqcheck}/validate: the arm64
# configurations and the prepared O= directory (the first run makes them:
# a few minutes of make prepare on a quiet machine). The base commit's
# objects are written into the fixture's repository (loose, on no branch).
set -u
: "${WQCHECK:?}" "${TOP:?}"
name=t-validate-cross

# --- make deps CROSS=arch installs what validate's advice names -------------
table=$(grep -oE '\{ "[a-z0-9]+", "[^"]+", "gcc-[^"]+" \}' "$TOP/checker/products/validate/validate-config.c" |
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
export INDEX=$scratch/index
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

# the base: the fixture's HEAD with the two faults (fixed dates: the same
# commit every run, so the caches keyed by it are reused)
base=$(python3 - "$fixture" <<'PY'
import os, subprocess, sys
tree = sys.argv[1]
def git(*args, stdin=None):
	return subprocess.run(["git", "-C", tree] + list(args), check=True, capture_output=True,
			      text=True, input=stdin,
			      env=dict(os.environ, GIT_INDEX_FILE=os.environ["INDEX"])).stdout.strip()
def show(f):
	return git("show", "HEAD:" + f) + "\n"
files = {
	"arch/arm64/Kconfig": show("arch/arm64/Kconfig") + """
config WQCHECK_BROKEN_PREPARE
	bool "wqcheck test: an archprepare check that fails"

config WQCHECK_COMMON_HOSTPROG
	bool "wqcheck test: a host program that needs -fcommon"
""",
	"arch/arm64/Makefile": show("arch/arm64/Makefile") + """
ifdef CONFIG_WQCHECK_BROKEN_PREPARE
archprepare: wqcheck_broken_prepare
PHONY += wqcheck_broken_prepare
wqcheck_broken_prepare:
	@echo "arch/arm64/Makefile: error: this configuration cannot be prepared (CONFIG_WQCHECK_BROKEN_PREPARE)" >&2; false
endif
""",
	"arch/arm64/configs/defconfig": show("arch/arm64/configs/defconfig") +
		"CONFIG_WQCHECK_BROKEN_PREPARE=y\n",
	"arch/arm64/configs/wqcheck_fcommon_defconfig": show("arch/arm64/configs/defconfig") +
		"CONFIG_WQCHECK_COMMON_HOSTPROG=y\n",
	"scripts/Makefile": show("scripts/Makefile") + """
hostprogs-always-$(CONFIG_WQCHECK_COMMON_HOSTPROG) += wqcheck-common
wqcheck-common-objs := wqcheck-common-a.o wqcheck-common-b.o
""",
	"scripts/wqcheck-common.h": "/* a tentative definition in a header: one global per includer */\n"
		"int wqcheck_common_calls;\nvoid wqcheck_common_count(void);\n",
	"scripts/wqcheck-common-a.c": '#include "wqcheck-common.h"\n\n'
		"int main(void)\n{\n\twqcheck_common_count();\n\treturn wqcheck_common_calls != 1;\n}\n",
	"scripts/wqcheck-common-b.c": '#include "wqcheck-common.h"\n\n'
		"void wqcheck_common_count(void)\n{\n\twqcheck_common_calls++;\n}\n",
}
git("read-tree", "HEAD")
for path, text in sorted(files.items()):
	blob = git("hash-object", "-w", "--stdin", stdin=text)
	git("update-index", "--add", "--cacheinfo", "100644,%s,%s" % (blob, path))
tree_id = git("write-tree")
os.environ.update(GIT_AUTHOR_NAME="wqcheck test", GIT_AUTHOR_EMAIL="t@invalid",
		  GIT_COMMITTER_NAME="wqcheck test", GIT_COMMITTER_EMAIL="t@invalid",
		  GIT_AUTHOR_DATE="2012-08-20T00:00:00Z", GIT_COMMITTER_DATE="2012-08-20T00:00:00Z")
print(git("commit-tree", tree_id, "-p", "HEAD", stdin="wqcheck test: a defconfig that cannot be "
	  "prepared, a host program that needs -fcommon\n"))
PY
) || base=
[ -n "$base" ] || { echo "not ok - $name: the base commit with the two faults cannot be written"; exit 0; }
printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\nSubject: [PATCH 0/2] arm64\n\n-- \nbase-commit: %s\n' \
	"$base" >"$scratch/series/0000-cover-letter.patch"

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
		print(p["patch"][:4], o["object"], o["arch"], (o["arch_config"] or "-").split()[0],
		      o["built"], o["code_verdict"], "-" if not fns else
		      "breakpoint-functions" if all("breakpoint" in f for f in fns) else ",".join(fns),
		      len(o["new_warnings"]) + len(o["new_sparse_warnings"]))
for b in d["other_arch_builds"]:
	fcommon = ("HOSTCFLAGS=-fcommon (without it: " in b["config"] and
		   "multiple definition of `wqcheck_common_calls'" in b["config"])
	print("build", b["arch"], b["cross_compile"], b["defconfig"],
	      "failed: " + b["failed"] if b["failed"] else "prepared",
	      "HOSTCFLAGS=-fcommon for wqcheck_common_calls" if fcommon else "-")
c = d["coverage"]
print("coverage", c["objects_touched"], c["built"], json.dumps(c["other_arches"], sort_keys=True))
PY
)
want="0001 drivers/perf/arm_spe_pmu.o arm64 wqcheck_fcommon_defconfig True equal - 0
0001 arch/arm64/kernel/hw_breakpoint.o arm64 wqcheck_fcommon_defconfig True equal - 0
0002 arch/arm64/kernel/hw_breakpoint.o arm64 wqcheck_fcommon_defconfig True different breakpoint-functions 0
build arm64 aarch64-linux-gnu- defconfig failed: does not compile at the base: make prepare for ARCH=arm64 (defconfig) fails: arch/arm64/Makefile: error: this configuration cannot be prepared (CONFIG_WQCHECK_BROKEN_PREPARE) -
build arm64 aarch64-linux-gnu- wqcheck_fcommon_defconfig prepared HOSTCFLAGS=-fcommon for wqcheck_common_calls
coverage 2 2 {\"arm64\": {\"built\": 2, \"equal\": 1, \"touched\": 2}}"
what="ARCH=arm64 objects built with aarch64-linux-gnu-gcc: a line shift equal, a changed string different, exit 1; defconfig's failed prepare named and the next defconfig built, its host program linked with HOSTCFLAGS=-fcommon"
if [ "$rc" = 1 ] && [ "$got" = "$want" ]; then
	echo "ok - $name: $what (${secs}s)"
else
	echo "not ok - $name: $what"
	echo "    rc=$rc (${secs}s)"
	diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
	sed 's/^/    /' "$scratch/v.err" | tail -5
fi
[ -z "$(ls -A "$scratch/tmp")" ] && ! git -C "$fixture" worktree list --porcelain | grep -qF "$scratch/tmp/" &&
	echo "ok - $name: the scratch worktree and its O= directories are removed" ||
	echo "not ok - $name: the scratch worktree and its O= directories are removed: $(ls "$scratch/tmp")"

# --- the configuration made for the objects is this wqcheck's --------------
# The same series again: its configurations come from the cache (no new
# covered-*.config); with a wqcheck that may choose the symbols otherwise
# (another executable: a copy, whose mtime is now's, as no run's before),
# made again. A configuration cached by an older wqcheck once hid fixes to
# the choice.
if [ "$rc" = 1 ] && [ "$got" = "$want" ]; then
	# What each run did is read from its own phases (WQCHECK_TIMING):
	# the cache directory is shared with the other validate suites that
	# make check runs beside this one, so counting its new files counts
	# theirs too.
	reused() { grep -c 'reusing the configuration .*/covered-' "$1"; }
	made() { grep -c 'enabling [0-9]* symbols\? for the touched objects' "$1"; }
	WQCHECK_TIMING=1 TMPDIR=$scratch/tmp "$WQCHECK" validate -q -j2 --format=json \
		--series "$scratch/series" "$fixture" >"$scratch/same.json" 2>"$scratch/same.err"
	rc_same=$? same="$(reused "$scratch/same.err")/$(made "$scratch/same.err")"
	cp "$WQCHECK" "$scratch/wqcheck-other"
	WQCHECK_TIMING=1 TMPDIR=$scratch/tmp "$scratch/wqcheck-other" validate -q -j2 --format=json \
		--series "$scratch/series" "$fixture" >"$scratch/other.json" 2>"$scratch/other.err"
	rc_other=$? other="$(reused "$scratch/other.err")/$(made "$scratch/other.err")"
	verdicts=$(python3 -c '
import json, sys
v = [[(o["object"], o["code_verdict"]) for p in json.load(open(f))["patches"] for o in p["objects"]]
     for f in sys.argv[1:]]
print(all(x == v[0] for x in v))' "$scratch/v.json" "$scratch/same.json" "$scratch/other.json" 2>&1)
	if [ "$rc_same $rc_other $verdicts" = "1 1 True" ] && [ "${same%/*}" -ge 1 ] &&
	   [ "${same#*/}" -eq 0 ] && [ "${other%/*}" -eq 0 ]; then
		echo "ok - $name: the covered configurations are reused by the same wqcheck, made again by another (reused/made: $same, then $other)"
	else
		echo "not ok - $name: the covered configurations are reused by the same wqcheck, made again by another"
		echo "    rc $rc_same/$rc_other, configurations reused/made: same wqcheck $same, another $other, same verdicts: $verdicts"
	fi
else
	echo "skip - $name: the covered configurations' cache: the first run did not pass"
fi
