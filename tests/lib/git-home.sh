# The set-up of the suites that make commits with git in a home of their
# own (the series suites); sourced, with the suite's name and the identity
# its commits carry:
#   . "$TOP/tests/lib/git-home.sh" t-series-fixes "Fix Tester" fix@example.org
# Makes $T (removed at exit) and HOME=$T/home, where git's global config
# holds that identity and nothing of the user's or the system's is read
# (GIT_CONFIG_NOSYSTEM), so that the user's settings (signing, hooks,
# default branch) cannot change what the suite sees. Defines ok, not_ok
# and check NAME COMMAND... (not ok names the command that failed).
: "${1:?the name of the suite}" "${2:?a user.name}" "${3:?a user.email}"

T=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
trap 'rm -rf "$T"' EXIT
export HOME=$T/home GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name "$2"
git config --global user.email "$3"

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name" "failed: $*"; fi; }
