#!/bin/bash
# The 6.17 semantic patches on a real tree (v6.18/v6.19), run the way a
# kernel developer runs them: copied into scripts/coccinelle/api/ of a
# hard-link copy of the tree (the tree itself is never written) and run with
#   make coccicheck MODE=M COCCI=scripts/coccinelle/api/X.cocci J=JOBS
# For system_wq.cocci, system_unbound_wq.cocci and wq_percpu.cocci:
#   sites  the report mode's sites against `wqcheck scan --rules=WQ02n`
#          (file:line:column), every difference listed;
#   time   make coccicheck MODE=report against wqcheck scan of the same rule,
#          alternating, ROUNDS times (default 3), medians, peak RSS;
#   patch  whether MODE=patch's output applies to the tree with
#          `git apply --check` (nothing is written), its files and hunks, and
#          how it compares with `wqcheck scan --diff` of the same rule;
#   modes  MODE=context and MODE=org on the directory DIR (default
#          drivers/gpu/drm/xe, which has sites of all three): exit status,
#          and whether they name the report mode's lines and positions there.
#
#   bench/cocci-percpu.sh TREE [ROUNDS] [JOBS] [DIR]
set -eu
tree=$(cd "$1" && pwd)
rounds=${2:-3}
jobs=${3:-$(nproc)}
dir=${4:-drivers/gpu/drm/xe}
top=$(cd "$(dirname "$0")/.." && pwd)
wq=$top/checker/wqcheck
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cocci-percpu.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

command -v spatch >/dev/null || { echo "cocci-percpu: spatch not installed" >&2; exit 2; }
[ -x "$wq" ] || { echo "cocci-percpu: $wq not built" >&2; exit 2; }

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
timed() {	# OUT CMD...: "seconds peak-KB" on stdout, the command's output in OUT
	local out=$1
	shift
	/usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >"$out" 2>"$tmp/stderr" || true
	tail -n 1 "$tmp/time"
}

# A copy whose files are hard links (make coccicheck only reads them) and
# whose scripts/coccinelle/api holds real copies of ours.
linux=$tmp/linux
cp -al "$tree" "$linux"
rm -rf "$linux/.git"
for s in system_wq system_unbound_wq wq_percpu; do
	rm -f "$linux/scripts/coccinelle/api/$s.cocci"
	cp "$top/semantic-patches/$s.cocci" "$linux/scripts/coccinelle/api/"
done
# COCCI is absolute: with M= the kbuild of 6.x runs spatch in that directory.
# Its time and peak memory go to $tmp/time ("seconds KB").
coccicheck() {	# MODE SCRIPT [M]
	/usr/bin/time -f "%e %M" -o "$tmp/time" \
		make -s -C "$linux" coccicheck MODE="$1" \
		COCCI="$linux/scripts/coccinelle/api/$2.cocci" J="$jobs" ${3:+M=$3}
}

echo "# machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); spatch $(spatch --version | sed -n '1s/spatch version \([^ ]*\).*/\1/p'), J=$jobs"
echo "# tree: $tree ($(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$tree/Makefile" | paste -sd.))"
for pair in system_wq:WQ020 system_unbound_wq:WQ021 wq_percpu:WQ022; do
	s=${pair%%:*}
	rule=${pair#*:}
	: >"$tmp/t.cocci" && : >"$tmp/t.wq"
	for ((r = 0; r < rounds; r++)); do
		coccicheck report "$s" >"$tmp/$s.report" 2>"$tmp/$s.report.err" || true
		tail -n 1 "$tmp/time" >>"$tmp/t.cocci"
		timed "$tmp/$s.wq" "$wq" scan -q --rules="$rule" "$tree" >>"$tmp/t.wq"
	done
	c=$(cut -d' ' -f1 "$tmp/t.cocci" | median)
	w=$(cut -d' ' -f1 "$tmp/t.wq" | median)
	cm=$(cut -d' ' -f2 "$tmp/t.cocci" | sort -n | tail -1)
	wm=$(cut -d' ' -f2 "$tmp/t.wq" | sort -n | tail -1)

	# sites as file:line:column (1-based, as wqcheck prints them)
	sed -n 's|^\(\./\)\{0,1\}\([^:]*\):\([0-9]*\):\([0-9]*\)-[0-9]*: .*\[\(WQ02[0-2]\)\]$|\2:\3:\4 \5|p' \
		"$tmp/$s.report" | awk '{ split($1, a, ":"); print a[1] ":" a[2] ":" a[3] + 1 }' |
		sort -u >"$tmp/$s.sites"
	grep "\[$rule\]" "$tmp/$s.wq" | cut -d: -f1-3 | sort -u >"$tmp/$s.wqsites"
	notes=$(grep -c "\[$rule\]" "$tmp/$s.report" | tr -d ' ')
	cnotes=$(grep -c 'so no fix is offered' "$tmp/$s.report" || true)
	wnotes=$(grep "\[$rule\]" "$tmp/$s.wq" | grep -c ' note: ' || true)
	echo "$s.cocci ($rule): report mode $(wc -l <"$tmp/$s.sites") sites ($cnotes notes), wqcheck $(wc -l <"$tmp/$s.wqsites") ($wnotes notes); same $(comm -12 "$tmp/$s.sites" "$tmp/$s.wqsites" | wc -l), only spatch $(comm -23 "$tmp/$s.sites" "$tmp/$s.wqsites" | wc -l), only wqcheck $(comm -13 "$tmp/$s.sites" "$tmp/$s.wqsites" | wc -l)"
	comm -23 "$tmp/$s.sites" "$tmp/$s.wqsites" | sed 's/^/  only spatch: /'
	comm -13 "$tmp/$s.sites" "$tmp/$s.wqsites" | sed 's/^/  only wqcheck: /'
	[ "$notes" -eq "$(wc -l <"$tmp/$s.sites")" ] ||
		echo "  ($notes report lines for $(wc -l <"$tmp/$s.sites") sites)"
	echo "  time: make coccicheck MODE=report median ${c}s (peak RSS $((cm / 1024)) MB), wqcheck scan --rules=$rule median ${w}s (peak RSS $((wm / 1024)) MB), ratio $(echo "scale=1; $c / $w" | bc)"

	# patch mode, checked against the untouched tree
	coccicheck patch "$s" >"$tmp/$s.patch" 2>"$tmp/$s.patch.err" || true
	tail -n 1 "$tmp/time" >"$tmp/t.patch"
	files=$(grep -c '^+++ ' "$tmp/$s.patch" || true)
	hunks=$(grep -c '^@@ ' "$tmp/$s.patch" || true)
	if (cd "$tree" && git apply --check "$tmp/$s.patch" 2>"$tmp/apply.err"); then
		echo "  patch: MODE=patch in $(cut -d' ' -f1 "$tmp/t.patch")s, $files files, $hunks hunks; git apply --check: applies"
	else
		echo "  patch: MODE=patch in $(cut -d' ' -f1 "$tmp/t.patch")s, $files files, $hunks hunks; git apply --check: FAILS"
		sed -n '1,10s/^/    /p' "$tmp/apply.err"
	fi
	# the patch against wqcheck's fix of the same rule: both applied to
	# copies of the files they touch, compared byte for byte, then as code
	# (comments and layout set aside)
	"$wq" scan -q --diff --rules="$rule" "$tree" >"$tmp/$s.wqdiff" 2>/dev/null || true
	rm -rf "$tmp/cmp" && mkdir -p "$tmp/cmp/w" "$tmp/cmp/c"
	sed -n 's|^+++ b/||p' "$tmp/$s.patch" "$tmp/$s.wqdiff" | sort -u >"$tmp/cmp/files"
	while read -r f; do
		for d in w c; do
			mkdir -p "$tmp/cmp/$d/$(dirname "$f")"
			cp "$tree/$f" "$tmp/cmp/$d/$f"
		done
	done <"$tmp/cmp/files"
	patch -s -p1 -d "$tmp/cmp/w" <"$tmp/$s.wqdiff" >/dev/null 2>&1 || echo "  (wqcheck --diff did not apply)"
	patch -s -p1 -d "$tmp/cmp/c" <"$tmp/$s.patch" >/dev/null 2>&1 || echo "  (the spatch patch did not apply)"
	python3 - "$tmp/cmp" <<'PY'
import re, sys
d = sys.argv[1]
tok = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|' + r"'(?:\\.|[^'\\\n])*'" +
		 r'|[A-Za-z_0-9]+|\S', re.S)
def code(t):
	return [x for x in tok.findall(t) if not x.startswith(("/*", "//"))]
same = layout = 0
other = []
for f in open(d + "/files").read().split():
	w = open(d + "/w/" + f).read()
	c = open(d + "/c/" + f).read()
	if w == c:
		same += 1
	elif code(w) == code(c):
		layout += 1
		print("  layout or comments only: " + f)
	else:
		other.append(f)
print("  against wqcheck --diff: %d files byte for byte the same, %d differ in "
      "layout or comments only, %d in code%s" % (same, layout, len(other),
      "".join("\n  code differs: " + f for f in other)))
PY

	# the other two modes, on one directory: context stars every reported
	# line there, org lists the reported positions
	grep "^$dir/" "$tmp/$s.sites" | sort >"$tmp/$s.dirsites"
	cut -d: -f1,2 "$tmp/$s.dirsites" | sort -u >"$tmp/$s.dirlines"
	for m in context org; do
		st=0
		coccicheck "$m" "$s" "$dir" >"$tmp/$s.$m" 2>"$tmp/$s.$m.err" || st=$?
		if [ $m = context ]; then
			awk -v dir="$dir" '/^--- /{ f = $2; sub(/^(\.|a)\//, "", f)
				if (index(f, dir "/") != 1) f = dir "/" f; next }
			     /^\+\+\+ /{ next }
			     /^@@ /{ split($2, a, ","); n = -a[1]; next }
			     /^-/{ print f ":" n; n++; next } /^ /{ n++ }' "$tmp/$s.$m" |
				sort -u >"$tmp/$s.starred"
			echo "  context: MODE=context M=$dir exits $st; of its $(wc -l <"$tmp/$s.dirlines") reported lines, $(comm -23 "$tmp/$s.dirlines" "$tmp/$s.starred" | wc -l) not starred ($(wc -l <"$tmp/$s.starred") starred lines)"
		else
			sed -n 's|^\* TODO \[\[view:\([^:]*\)::face=ovl-face1::linb=\([0-9]*\)::colb=\([0-9]*\)::.*|\1:\2:\3|p' \
				"$tmp/$s.$m" | sed 's|^\./||' |
				awk -F: -v dir="$dir" '{ f = $1; if (index(f, dir "/") != 1) f = dir "/" f
					print f ":" $2 ":" $3 + 1 }' | sort >"$tmp/$s.orgpos"
			if cmp -s "$tmp/$s.orgpos" "$tmp/$s.dirsites"; then v="the same"; else v="NOT the same"; fi
			echo "  org: MODE=org M=$dir exits $st; $(wc -l <"$tmp/$s.orgpos") TODO entries, $v positions as the $(wc -l <"$tmp/$s.dirsites") report sites there"
		fi
	done
done
