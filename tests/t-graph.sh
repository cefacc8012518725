#!/bin/bash
# The module graph of checker/ (tests/graph.sh): no include cycle, no
# include against the layer order; and the check itself catches both, on a
# copy with one of each put in.
set -u
: "${TOP:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/t-graph.XXXXXX")
trap 'rm -rf "$T"' EXIT

if bash "$TOP/tests/graph.sh" >"$T/edges" 2>"$T/err"; then
	echo "ok - graph: checker/ has no include cycle and no include against the layers ($(tail -n 1 "$T/err" | sed 's/^# //'))"
else
	echo "not ok - graph: checker/ has no include cycle and no include against the layers"
	sed 's/^/    /' "$T/err"
fi
grep -q '^commands/wqcheck -> ' "$T/edges" &&
	echo "ok - graph: the edges are drawn (commands/wqcheck includes modules)" ||
	echo "not ok - graph: the edges are drawn (commands/wqcheck includes modules)"

mkdir -p "$T/copy/tests"
cp "$TOP/tests/graph.sh" "$T/copy/tests/"
cp -r "$TOP/checker" "$T/copy/checker"
rm -rf "$T/copy/checker/build" "$T/copy/checker/build-asan"
sed -i '1i #include "output/report.h"' "$T/copy/checker/front/lexer.c"
bash "$T/copy/tests/graph.sh" >/dev/null 2>"$T/err2"
rc=$?
[ $rc -eq 1 ] && grep -q 'layer: front/lexer includes output/report' "$T/err2" &&
	echo "ok - graph: an include against the layers fails the check" ||
	echo "not ok - graph: an include against the layers fails the check (exit $rc)"
sed -i '1d' "$T/copy/checker/front/lexer.c"
sed -i '1i #include "lib/usage.h"' "$T/copy/checker/lib/strbuf.c"
sed -i '1i #include "lib/strbuf.h"' "$T/copy/checker/lib/usage.h"
grep -q '#include "lib/strbuf.h"' "$T/copy/checker/lib/usage.c" ||
	sed -i '1i #include "lib/strbuf.h"' "$T/copy/checker/lib/usage.c"
sed -i '1i #include "lib/usage.h"' "$T/copy/checker/lib/strbuf.h"
bash "$T/copy/tests/graph.sh" >/dev/null 2>"$T/err3"
rc=$?
[ $rc -eq 1 ] && grep -q '^cycle: .*lib/strbuf.*lib/usage\|^cycle: .*lib/usage.*lib/strbuf' "$T/err3" &&
	echo "ok - graph: an include cycle fails the check" ||
	echo "not ok - graph: an include cycle fails the check (exit $rc)"
