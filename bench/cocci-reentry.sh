#!/bin/bash
# prepare_work.cocci (WQ013) and two_workqueues.cocci (WQ014) against
# wqcheck on a real tree: which sites both report, which only wqcheck (it
# sees the whole tree), which only the scripts (one file at a time).
#
# The scripts run, report mode, one spatch per file (as make coccicheck does
# with --dir), on the files that can hold a site:
#   prepare_work.cocci    the files naming PREPARE_[DELAYED_]WORK or
#                         assigning a .func;
#   two_workqueues.cocci  the files where one item argument (by its last
#                         member name) is queued with two spellings of a
#                         workqueue (a lexical superset of what the script
#                         can report), and the files of wqcheck's WQ014
#                         findings.
# Sites are compared by file, line and column (wqcheck's 1-based column is
# coccicheck's 0-based one plus one). Figures go to bench/RESULTS-cocci.md.
#
#   bench/cocci-reentry.sh TREE [JOBS]   (env WQCHECK)
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
WQCHECK=${WQCHECK:-$TOP/checker/wqcheck}
SP=$TOP/semantic-patches
tree=$(cd "${1:?usage: bench/cocci-reentry.sh TREE [JOBS]}" && pwd) || exit 2
jobs=${2:-2}
command -v spatch >/dev/null || { echo "cocci-reentry: spatch not installed" >&2; exit 2; }
[ -x "$WQCHECK" ] || { echo "cocci-reentry: $WQCHECK not built" >&2; exit 2; }
out=$(mktemp -d "${TMPDIR:-/tmp}/cocci-reentry.XXXXXX") || exit 2
trap 'rm -rf "$out"' EXIT

cd "$tree" || exit 2
echo "# $(sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' Makefile | paste -sd.)" \
	"at $tree; $(spatch --version | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"

"$WQCHECK" scan -q --rules=WQ013,WQ014 . 2>/dev/null |
	sed -n 's/^\([^ :]*\):\([0-9]*\):\([0-9]*\): [a-z]*: .*\[\(WQ01[34]\)\]$/\1 \2 \3 \4/p' |
	while read -r f l c r; do echo "$f:$l:$((c - 1)) $r"; done | sort >"$out/wqcheck"

skip='^(tools|scripts|Documentation)/|^include/linux/workqueue\.h$|^kernel/workqueue\.c$'
grep -rlE --include='*.c' --include='*.h' 'PREPARE_(DELAYED_)?WORK|\.func[[:space:]]*=[^=]' . |
	sed 's|^\./||' | grep -Ev "$skip" | sort >"$out/files.WQ013"
api='\b(queue_(delayed_|rcu_)?work|mod_delayed_work|schedule_(delayed_)?work)'
grep -rlE --include='*.c' --include='*.h' "$api" . |
	sed 's|^\./||' | grep -Ev "$skip" >"$out/queueing"
python3 - "$out/queueing" >"$out/files.WQ014" <<'PY'
import re, sys
API = re.compile(r"\b(queue_work|queue_delayed_work|mod_delayed_work|queue_rcu_work|"
		 r"queue_work_on|queue_delayed_work_on|mod_delayed_work_on|queue_work_node|"
		 r"schedule_work|schedule_delayed_work|schedule_work_on|"
		 r"schedule_delayed_work_on)\s*\(")

def arguments(text, i):
	depth, cur, out = 0, "", []
	for c in text[i:i + 2000]:
		if c in "([{":
			depth += 1
		elif c in ")]}":
			if depth == 0:
				return out + [cur.strip()]
			depth -= 1
		if c == "," and depth == 0:
			out.append(cur.strip())
			cur = ""
		else:
			cur += c
	return out

for path in open(sys.argv[1]).read().split():
	text = open(path, errors="replace").read()
	wqs = {}
	for m in API.finditer(text):
		name, a = m.group(1), arguments(text, m.end())
		if name.startswith("schedule"):
			wq, at = "system_wq", 1 if name.endswith("_on") else 0
		else:
			at = 2 if name.endswith("_on") or name.endswith("_node") else 1
			wq = a[at - 1] if len(a) > at - 1 else ""
		if len(a) <= at:
			continue
		item = re.sub(r"(->|\.)work\W*$", "", a[at])
		item = re.split(r"->|\.", item.strip("&()* "))[-1]
		wqs.setdefault(item, set()).add(re.sub(r"\s+", "", wq))
	if any(len(w) > 1 for w in wqs.values()):
		print(path)
PY
grep ' WQ014$' "$out/wqcheck" | cut -d: -f1 >>"$out/files.WQ014"
sort -u -o "$out/files.WQ014" "$out/files.WQ014"

for pair in WQ013:prepare_work WQ014:two_workqueues; do
	rule=${pair%%:*} script=${pair#*:}
	start=$(date +%s)
	xargs -P "$jobs" -I{} spatch -D report --very-quiet --no-includes --include-headers \
		--sp-file "$SP/$script.cocci" {} <"$out/files.$rule" 2>/dev/null |
		sed -n "s/^\([^:]*:[0-9]*:[0-9]*\)-[0-9]*: .*\[$rule\]\$/\1 $rule/p" |
		sort >"$out/cocci.$rule"
	grep " $rule\$" "$out/wqcheck" >"$out/wqcheck.$rule"
	echo "$rule: $script.cocci on $(wc -l <"$out/files.$rule") files," \
		"$(($(date +%s) - start)) s: wqcheck $(wc -l <"$out/wqcheck.$rule")," \
		"script $(wc -l <"$out/cocci.$rule"), both $(comm -12 "$out/wqcheck.$rule" "$out/cocci.$rule" | wc -l)"
	comm -23 "$out/wqcheck.$rule" "$out/cocci.$rule" | sed 's/^/  wqcheck only: /'
	comm -13 "$out/wqcheck.$rule" "$out/cocci.$rule" | sed 's/^/  script only:  /'
done
