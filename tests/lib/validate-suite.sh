# The set-up the validate suites share; sourced, with the suite's name:
#   . "$TOP/tests/lib/validate-suite.sh" t-validate-header
# Makes $scratch (removed at exit) and points TMPDIR into it, so that a suite
# can check validate leaves no scratch directory of its own behind; defines
# ok, not_ok, G (git with a fixed identity) and jq_py (a Python expression
# over a JSON file: jq_py FILE-ARG EXPR FILE); skips the suite, saying why,
# when gcc, sparse or objdump is missing.
#
# The suites on the Linux 6.1 legacy fixture (t-validate-real*.sh) add
# "real":
#   . "$TOP/tests/lib/validate-suite.sh" t-validate-real real
# and are skipped with WQCHECK_REAL=0 or without make, git or python3 too;
# they get $fixture (tests/real/legacy-fixture.sh, skipped with its last
# line when it cannot be had) and $series, wqcheck series' output for it
# (tests/lib/legacy-series.sh: made once and cached; when it cannot be made
# that is a "not ok" and the suite ends there). $name is the suite's name.
: "${WQCHECK:?}" "${TOP:?}" "${1:?name of the suite}"
name=$1

if [ "${2:-}" = real ] && [ "${WQCHECK_REAL:-1}" = 0 ]; then
	echo "skip - $1: WQCHECK_REAL=0"
	exit 0
fi
if ! command -v sparse >/dev/null || ! command -v objdump >/dev/null || ! command -v gcc >/dev/null; then
	echo "skip - $1: needs gcc, sparse and objdump"
	exit 0
fi
if [ "${2:-}" = real ]; then
	for c in make git python3; do
		command -v $c >/dev/null || { echo "skip - $1: $c is not installed"; exit 0; }
	done
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

if [ "${2:-}" = real ]; then
	# (with the TMPDIR the suite was given: the fixture's maker, on a cold
	# cache, has scratch of its own)
	fixture=$("$TOP/tests/real/legacy-fixture.sh" 2>"$scratch/fixture.err") || {
		echo "skip - $1: the legacy fixture cannot be had: $(tail -n 1 "$scratch/fixture.err")"
		exit 0
	}
	. "$TOP/tests/lib/legacy-series.sh"
	legacy_series || exit 0
fi

export TMPDIR=$scratch/tmp
mkdir -p "$TMPDIR"

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
G() { git -c user.name=t -c user.email=t@invalid -c commit.gpgsign=false "$@"; }
jq_py() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2" "$3"; }
