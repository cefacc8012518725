#!/bin/bash
# wqcheck validate on a today's tree (a v6.19 or v7.0 git checkout, such as
# /work/trees/linux-6.19), as a new user would run it: the default series
# `wqcheck series` writes for the tree, validated with no --config (the
# clone has no .config: defconfig plus the touched objects' Kconfig
# symbols), -j2 unless VALIDATE_ARGS says otherwise.
#
# The tree validated is a shared clone of TREE (TREE is never written); its
# sparse-checkout (trees whose mirror lacks some blobs leave them out) is
# copied. The binary is copied too: a rebuild during the run leaves it alone.
#
# Usage: bench/validate-today.sh TREE [NAME]
#   NAME: the directory under $cache/bench-today/ (default: TREE's name)
#   VALIDATE_ARGS="--distcc=..." adds validate options.
# Prints one line (patches, touched, built, equal, different, not built per
# reason, wall and CPU, load), then each object not built with its reason.
# Results: bench/RESULTS-validate.md.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
src=$(cd "$1" && pwd)
out=$cache/bench-today/${2:-$(basename "$src")}
mkdir -p "$out"

# The files TREE marks skip-worktree (the blobs its mirror lacks: v6.19's
# 35 amdgpu *_sh_mask.h), and only those, left out of the clone by its
# sparse-checkout, which git worktree add copies into validate's worktree.
# TREE's own pattern leaves out every *_sh_mask.h of asic_reg/, 202 on
# v6.19, among them headers the amdgpu objects include.
tree=$out/tree
sparse=$out/sparse-checkout
git -C "$src" ls-files -v | sed -n 's|^S |!/|p' >"$sparse.skip"
if [ -s "$sparse.skip" ]; then
	{ echo '/*'; cat "$sparse.skip"; } >"$sparse"
else
	: >"$sparse"
fi
rm -f "$sparse.skip"
if [ ! -d "$tree/.git" ] ||
   [ "$(git -C "$tree" rev-parse HEAD)" != "$(git -C "$src" rev-parse HEAD)" ] ||
   { [ -s "$sparse" ] && ! cmp -s "$sparse" "$tree/.git/info/sparse-checkout"; }; then
	rm -rf "$tree"
	git clone -q --shared --no-checkout "$src" "$tree"
	if [ -s "$sparse" ]; then
		git -C "$tree" config core.sparseCheckout true
		cp "$sparse" "$tree/.git/info/sparse-checkout"
	fi
	git -C "$tree" checkout -q
fi

bin=$out/wqcheck
rm -f "$bin"
cp "$WQCHECK" "$bin"

rm -rf "$out/series"
"$bin" series -q --cc=maintainers --from="Bench <bench@invalid>" -o "$out/series" "$tree" >/dev/null
npatches=$(ls "$out/series"/0*-*.patch | grep -vc cover-letter)

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# shellcheck disable=SC2086
/usr/bin/time -f "%e %U %S" -o "$out/run.time" \
	"$bin" validate -q -j2 ${VALIDATE_ARGS:-} --format=json --series "$out/series" "$tree" \
	>"$out/run.json" 2>"$out/run.err" || true
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
reasons = ", ".join(f"{n} {k}" for k, n in sorted(c["not_built_by_reason"].items()))
applied = sum(1 for p in d["patches"] if p["applied"])
dist = d.get("distcc")
print(f"{applied}/{sys.argv[3]} patches applied, exit {d['status']}; "
      f"touched {c['objects_touched']}, built {c['built']} "
      f"(equal {c['equal']}, equal up to the conversion {c['equal_up_to_conversion']}, "
      f"different {c['different']}, new warnings {c['with_new_warnings']}), "
      f"not built {c['not_built']} ({reasons or 'none'}); rescan clean: {d['rescan_clean']}; "
      f"wall {wall:.0f} s, cpu {user + sys_:.0f} s; load {sys.argv[4]} -> {sys.argv[5]}; "
      f"phases {json.dumps({k: round(v) for k, v in d['seconds'].items() if isinstance(v, float)})}"
      + (f"; distcc {json.dumps(dist)}" if dist else ""))
for name, v in sorted(objs.items()):
    for o in v:
        if not o["built"]:
            print(f"  not built: {name}: {o['reason']}")
        elif o["code_verdict"] == "different":
            print(f"  different: {name}: {o['code_diff_functions']}")
            for e in o["code_diff_excerpts"]:
                print("    " + e.replace("\n", "\n    "))
PY
