#!/bin/bash
# wqcheck validate on the 6.17-API fixture (tests/real/percpu-fixture.sh:
# Debian's linux-source-6.12 with system_percpu_wq, system_dfl_wq and
# WQ_PERCPU), as a new user would run it: the WQ020-WQ022 series `wqcheck
# series --rules=WQ020,WQ021,WQ022` writes for the tree, validated with no
# --config (the clone has no .config: defconfig plus the touched objects'
# Kconfig symbols), -j2.
#
# The tree validated is a shared clone of the fixture's repository (the
# fixture itself carries a .config, which validate would take as the
# user's; and its work tree is never to be written): validate checks the
# base out in a scratch worktree of the clone.
#
# Usage: bench/validate-percpu-fixture.sh [DIR...]
#   no argument: the whole series;
#   DIR...: only the patches whose files are all under one of the DIRs
#   (or are one of them: "kernel drivers/md fs/aio.c"), in series order,
#   as a subset; "default" names the one in bench/RESULTS-validate.md.
# Prints one line: patches, touched, built, equal, equal up to the
# conversion, different, not built per reason, the share built outside
# other arches, wall and CPU seconds (user+sys of everything it ran), the
# load average before and after. Results: bench/RESULTS-validate.md.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
out=${OUT:-$cache/bench-percpu}
rules=WQ020,WQ021,WQ022
mkdir -p "$out"

fixture=$("$TOP/tests/real/percpu-fixture.sh")
tree=$out/tree
if [ ! -d "$tree/.git" ] ||
   [ "$(git -C "$tree" rev-parse HEAD)" != "$(git -C "$fixture" rev-parse HEAD)" ]; then
	rm -rf "$tree"
	git clone -q --shared "$fixture" "$tree"
fi

# The binary the run uses, copied: a rebuild during the run leaves it alone.
bin=$out/wqcheck
rm -f "$bin"
cp "$WQCHECK" "$bin"

rm -rf "$out/series"
"$bin" series -q "--rules=$rules" --cc=maintainers --from="Bench <bench@invalid>" \
	-o "$out/series" "$tree" >/dev/null
series=$out/series
if [ "${1:-}" = default ]; then
	# every rule, 20 subsystems, the core of the tree: the fixture's own
	# site files (tests/real/percpu-fixture.sh) and their neighbours
	set -- kernel mm block drivers/block/sunvdc.c drivers/acpi drivers/base \
		drivers/char/random.c drivers/tty/tty_buffer.c drivers/md/md.c \
		drivers/thermal drivers/input/mouse fs/aio.c fs/fs-writeback.c fs/super.c \
		fs/notify fs/ext4 fs/nfs net/core net/ipv4 net/rfkill net/unix net/wireless
fi
if [ $# -gt 0 ]; then
	series=$out/series-subset
	rm -rf "$series"
	mkdir "$series"
	cp "$out"/series/0000-cover-letter.patch "$series/"
	for p in "$out"/series/0*-*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		files=$(sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$p")
		all_in=true
		for f in $files; do
			in=false
			for d in "$@"; do
				case $f in "$d" | "${d%/}"/*) in=true ;; esac
			done
			$in || all_in=false
		done
		if $all_in; then cp "$p" "$series/"; fi
	done
fi
npatches=$(ls "$series"/0*-*.patch | grep -vc cover-letter)

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
/usr/bin/time -f "%e %U %S" -o "$out/run.time" \
	"$bin" validate -q -j2 --format=json --series "$series" "$tree" >"$out/run.json" || true
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

python3 - "$out/run.json" "$out/run.time" "$npatches" "$load_before" "$load_after" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
wall, user, sys_ = map(float, open(sys.argv[2]).read().split()[-3:])
c = d["coverage"]
objs = {}
for p in d["patches"]:
    for o in p["objects"]:
        objs.setdefault(o["object"], []).append(o)
other = [k for k, v in objs.items()
         if any(not o["built"] and "only for ARCH=" in (o["reason"] or "") for o in v)]
rest = c["objects_touched"] - len(other)
reasons = ", ".join(f"{n} {k}" for k, n in sorted(c["not_built_by_reason"].items()))
applied = sum(1 for p in d["patches"] if p["applied"])
print(f"{applied}/{sys.argv[3]} patches applied, exit {d['status']}; "
      f"touched {c['objects_touched']}, built {c['built']} "
      f"(equal {c['equal']}, equal up to the conversion {c['equal_up_to_conversion']}, "
      f"different {c['different']}, new warnings {c['with_new_warnings']}), "
      f"not built {c['not_built']} ({reasons or 'none'}); other arches {len(other)}, "
      f"built {c['built']}/{rest} = {100 * c['built'] // max(1, rest)}% of the rest; "
      f"rescan clean: {d['rescan_clean']}; "
      f"wall {wall:.0f} s, cpu {user + sys_:.0f} s; load {sys.argv[4]} -> {sys.argv[5]}; "
      f"phases {json.dumps({k: round(v) for k, v in d['seconds'].items() if isinstance(v, float)})}")
PY
