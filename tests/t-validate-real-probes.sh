#!/bin/bash
# slow: yes
# timeout: 900
# wqcheck validate on the Linux 6.1 legacy fixture (tests/real/legacy-fixture.sh)
# with real kbuild, gcc and sparse, what t-validate-real.sh's run of the whole
# series does not show (split from it, so that the two run side by side):
# real kbuild reports what a bad patch adds (gcc's and sparse's warnings,
# the new function, with KCFLAGS=-Wno-error through --make-arg); a second
# run of the same series hits ccache; identities ride by directory (two
# objects of one name, one make a state, no checksyscalls.sh in it).
#
# Cached under ${WQCHECK_CACHE:-~/.cache/wqcheck}/validate: the series (shared
# with t-validate-real.sh, tests/lib/legacy-series.sh) and the prepared
# kbuild output directory (validate keys it by base, .config, compiler).
# Set WQCHECK_REAL=0 to skip.
set -u
# the fixture, the series wqcheck series writes for it (cached; its
# fs/nfs/inode.c patch is the identities' probe), $scratch
. "$TOP/tests/lib/validate-suite.sh" t-validate-real-probes real
mkdir -p "$scratch/tmp"

# --- real kbuild reports what a bad patch adds: gcc's and sparse's warnings --
file=sound/core/misc.c
mkdir -p "$scratch/bad"
git -C "$fixture" show "HEAD:$file" >"$scratch/bad/old.c"
python3 - "$scratch/bad/old.c" "$file" "$scratch/bad/0001-probe.patch" <<'PY'
import difflib, sys
old = open(sys.argv[1]).read().splitlines(True)
new = old + ["\n", "int wqcheck_sparse_probe;\n", "\n",
	     "void wqcheck_gcc_probe(void);\n",
	     "void wqcheck_gcc_probe(void)\n", "{\n", "\tint unused_here;\n", "}\n"]
f = sys.argv[2]
with open(sys.argv[3], "w") as out:
	out.write("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		  "From: wqcheck test <t@invalid>\nDate: Mon, 20 Aug 2012 00:00:00 +0000\n"
		  "Subject: [PATCH] ALSA: debris\n\n---\n")
	out.write("diff --git a/%s b/%s\n" % (f, f))
	out.writelines(difflib.unified_diff(old, new, "a/" + f, "b/" + f))
	out.write("-- \n2.39.2\n")
PY
# the fixture's configuration has CONFIG_WERROR: -Wno-error through --make-arg
# (with a ccache of its own, when ccache is installed: the run after it must
# hit, below)
export CCACHE_DIR=$scratch/ccache
TMPDIR=$scratch/tmp "$WQCHECK" validate -q -j2 --format=json --make-arg KCFLAGS=-Wno-error \
	--series "$scratch/bad" "$fixture" >"$scratch/bad.json" 2>"$scratch/bad.err"
rc=$?
w=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
o = d["patches"][0]["objects"][0]
print(o["object"], o["built"], any("unused variable" in w for w in o["new_warnings"]),
      any("wqcheck_sparse_probe" in w for w in o["new_sparse_warnings"]), "wqcheck_gcc_probe" in o["code_diff_functions"])' "$scratch/bad.json" 2>&1)
if [ "$rc $w" = "1 sound/core/misc.o True True True True" ]; then
	echo "ok - $name: a bad patch (KCFLAGS=-Wno-error through --make-arg): new gcc and sparse warnings, the new function, exit 1"
else
	echo "not ok - $name: a bad patch: new gcc and sparse warnings and the new function, exit 1"
	echo "    rc=$rc $w"
	sed 's/^/    /' "$scratch/bad.err" | tail -3
fi

# --- ccache: a second run of the same series compiles nothing ---------------
# Every run has a new scratch dir, and the sources and -include headers lie
# under it: only with ccache's base dir there do the two runs hash alike.
# ccache's log says what each compile of the touched object was.
if ! command -v ccache >/dev/null; then
	echo "skip - $name: a second run hits ccache: ccache is not installed"
else
	TMPDIR=$scratch/tmp CCACHE_LOGFILE=$scratch/ccache.log "$WQCHECK" validate -q -j2 \
		--format=json --make-arg KCFLAGS=-Wno-error \
		--series "$scratch/bad" "$fixture" >"$scratch/bad2.json" 2>"$scratch/bad2.err"
	rc2=$?
	results=$(for pid in $(grep 'Command line:.* -o sound/core/misc\.o ' "$scratch/ccache.log" |
			       sed -E 's/^\[[^ ]+ +([0-9]+) *\].*/\1/'); do
		grep -E "^\[[^ ]+ +$pid *\] Result: " "$scratch/ccache.log" | head -n 1 | sed 's/.*Result: //'
	done | sort | uniq -c | tr -s ' \n' ' ')
	same=$(python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for d in (a, b):
	d.pop("seconds", None)
print(a == b)' "$scratch/bad.json" "$scratch/bad2.json" 2>&1)
	case "$rc2 $same $results" in
	"$rc True  2 direct_cache_hit "|"$rc True 2 direct_cache_hit ")
		echo "ok - $name: a second run of the same series hits ccache (both compiles of the object), same report" ;;
	*)	echo "not ok - $name: a second run of the same series hits ccache, same report"
		echo "    rc=$rc2 (first $rc) same=$same; the object's compiles: $results" ;;
	esac
fi

# --- identities ride by directory: two objects of one name, one make a state
# fs/nfs/inode.o needs the 3.7 identities (its patch drops WQ_NON_REENTRANT),
# fs/inode.o, patched too, does not: kbuild's CFLAGS_inode.o on make's
# command line, expanded in each directory's make, gives them to the first
# only. One make at the base and one after the series (a make of their own
# for the identities cost two more); both objects judged as they should be.
nfs=$(grep -l '^-.*WQ_NON_REENTRANT' "$series"/0*.patch | xargs grep -l '^diff --git a/fs/nfs/inode.c' | head -n 1)
if [ -z "$nfs" ]; then
	echo "not ok - $name: identities ride by directory: no patch of the series drops WQ_NON_REENTRANT in fs/nfs/inode.c"
else
	mkdir -p "$scratch/ride" "$scratch/makeshim" "$scratch/tmp"
	cp "$nfs" "$scratch/ride/0001-nfs.patch"
	git -C "$fixture" show HEAD:fs/inode.c >"$scratch/ride/old.c"
	python3 - "$scratch/ride/old.c" "$scratch/ride/0002-fs-comment.patch" <<'PY'
import difflib, sys
old = open(sys.argv[1]).read().splitlines(True)
new = old + ["/* wqcheck test: a comment, no code */\n"]
with open(sys.argv[2], "w") as out:
	out.write("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		  "From: wqcheck test <t@invalid>\nDate: Mon, 20 Aug 2012 00:00:00 +0000\n"
		  "Subject: [PATCH] fs: a comment\n\n---\n"
		  "diff --git a/fs/inode.c b/fs/inode.c\n")
	out.writelines(difflib.unified_diff(old, new, "a/fs/inode.c", "b/fs/inode.c"))
	out.write("-- \n2.39.2\n")
PY
	rm -f "$scratch/ride/old.c"
	# validate's own makes of the objects are the ones with KBUILD_NOCMDDEP=1;
	# their recipes' shell (kbuild's CONFIG_SHELL) says whether prepare's
	# checksyscalls.sh ran in them: it should not (it warns about the arch,
	# not the objects, and costs half of a make before it compiles)
	printf '#!/bin/sh\ncase " $* " in *" KBUILD_NOCMDDEP=1 "*) echo "$*" >>"%s"; exec %s "$@" CONFIG_SHELL=%s;; esac\nexec %s "$@"\n' \
		"$scratch/makes.log" "$(command -v make)" "$scratch/makeshim/shell" "$(command -v make)" \
		>"$scratch/makeshim/make"
	printf '#!/bin/bash\ncase "$1" in *checksyscalls.sh) echo "$1" >>"%s";; esac\nexec /bin/bash "$@"\n' \
		"$scratch/syscalls.log" >"$scratch/makeshim/shell"
	chmod +x "$scratch/makeshim/make" "$scratch/makeshim/shell"
	# (no sandbox: the shims log outside what bubblewrap lets make write)
	PATH=$scratch/makeshim:$PATH TMPDIR=$scratch/tmp "$WQCHECK" validate -q -j2 --format=json --sandbox=never \
		--series "$scratch/ride" "$fixture" >"$scratch/ride.json" 2>"$scratch/ride.err"
	rc=$?
	makes=$(grep -c . "$scratch/makes.log" 2>/dev/null)
	syscalls=$(cat "$scratch/syscalls.log" 2>/dev/null | grep -c .)
	got=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%s:%s:%s:%s" % (o["object"], o["built"], o["code_verdict"], o["identities"])
	       for p in d["patches"] for o in p["objects"]))' "$scratch/ride.json" 2>&1)
	want="fs/nfs/inode.o:True:equal_up_to_conversion:True fs/inode.o:True:equal:False"
	if [ "$rc $makes $syscalls $got" = "0 2 0 $want" ]; then
		echo "ok - $name: identities ride by directory: fs/nfs/inode.o with them, fs/inode.o without, one make a state, no checksyscalls.sh in it"
	else
		echo "not ok - $name: identities ride by directory: fs/nfs/inode.o with them, fs/inode.o without, one make a state, no checksyscalls.sh in it"
		echo "    rc=$rc makes=$makes checksyscalls=$syscalls $got"
		sed 's/^/    /' "$scratch/ride.err" | tail -3
	fi
fi
