# The set-up the validate suites share; sourced, with the suite's name:
#   . "$TOP/tests/lib/validate-suite.sh" t-validate-header
# Makes $scratch (removed at exit) and points TMPDIR into it, so that a suite
# can check validate leaves no scratch directory of its own behind; defines
# ok, not_ok, G (git with a fixed identity) and jq_py (a Python expression
# over a JSON file: jq_py FILE-ARG EXPR FILE); skips the suite, saying why,
# when gcc, sparse or objdump is missing.
: "${WQCHECK:?}" "${TOP:?}" "${1:?name of the suite}"

if ! command -v sparse >/dev/null || ! command -v objdump >/dev/null || ! command -v gcc >/dev/null; then
	echo "skip - $1: needs gcc, sparse and objdump"
	exit 0
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export TMPDIR=$scratch/tmp
mkdir -p "$TMPDIR"

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
G() { git -c user.name=t -c user.email=t@invalid -c commit.gpgsign=false "$@"; }
jq_py() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2" "$3"; }
