#!/bin/bash
# The judged real cases of tests/real/reentry-cases.txt against what wqcheck
# reports there now: for each case, the severity of its rule's finding at
# FILE:LINE (warning, note or missed), and whether that is what the case
# expects (a warning, or anything but a warning). Issue 39's bar: at least
# 90% of the expected warnings are warnings. The trees are real checkouts
# that CI cannot fetch, so this is a bench script, not a suite.
#
# usage: bench/reentry-cases.sh [TREE_NAME=PATH ...]
#   default: v3.6.5=/work/trees/linux-3.6.5 v6.19=/work/trees/linux-6.19
#   env WQCHECK: the binary (default checker/wqcheck)
# Prints one line per case whose verdict is not what it expects, then the
# counts per tree; exit 0 when every expected warning is a warning and no
# no-warning case is one, 1 otherwise, 2 on a tree that cannot be scanned.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
cases=$TOP/tests/real/reentry-cases.txt
[ $# -gt 0 ] || set -- v3.6.5=/work/trees/linux-3.6.5 v6.19=/work/trees/linux-6.19
out=$(mktemp -d "${TMPDIR:-/tmp}/wqcheck-cases.XXXXXX")
trap 'rm -rf "$out"' EXIT

status=0
for arg in "$@"; do
	name=${arg%%=*} tree=${arg#*=}
	"$WQCHECK" scan -q --rules=WQ013,WQ014,WQ015 "$tree" >"$out/$name" 2>"$out/$name.err"
	rc=$?
	if [ $rc -gt 1 ]; then
		echo "bench/reentry-cases.sh: $name: scan of $tree exited $rc: $(tail -n 1 "$out/$name.err")" >&2
		exit 2
	fi
	# FILE:LINE RULE SEVERITY, one per finding
	sed -nE 's/^([^:]+:[0-9]+):[0-9]+: (warning|note): .*\[(WQ01[345])\]$/\1 \3 \2/p' \
		"$out/$name" >"$out/$name.sites"
	awk -F'\t' -v tree="$name" -v sites="$out/$name.sites" '
		BEGIN { while ((getline l < sites) > 0) { split(l, f, " ");
			k = f[1] " " f[2]; if (sev[k] != "warning") sev[k] = f[3] } }
		/^#/ || $1 != tree { next }
		{
			now = sev[$2 " " $3]; if (now == "") now = "missed"
			if ($5 == "warning") { want++; if (now == "warning") got++ }
			else { nowarn++; if (now != "warning") kept++ }
			if (($5 == "warning") != (now == "warning"))
				printf "%s\t%s\t%s\tnow %s, expected %s\n", tree, $2, $3, now, $5
		}
		END {
			printf "# %s: %d of %d expected warnings are warnings (%.0f%%); %d of %d no-warning cases are not warnings\n",
				tree, got, want, want ? 100 * got / want : 100, kept, nowarn
			exit !(got == want && kept == nowarn)
		}' "$cases" || status=1
done
exit $status
