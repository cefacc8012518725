# The set-up the suites about tests/run itself share (t-run-cleanup,
# t-run-times); sourced, with the word their test names start with:
#   . "$TOP/tests/lib/run-copy.sh" run-times
# They run a copy of tests/run on made-up suites, in a cache of their own,
# so that neither the repository's suites nor the user's cache (its order
# file, its scratch) are touched. Makes $T (removed at exit) holding:
#   $top/tests/run  the copy (the suite writes its made-up t-*.sh beside it)
#   $T/tmp          for the copy's TMPDIR
#   $T/cache        the copy's cache (WQCHECK_CACHE, exported)
# WQCHECK_REAL=0 is exported: a full run of the copy would otherwise try
# to fill the real trees' cache with scripts the copy does not have.
# Defines ok, not_ok and check NAME COMMAND... (ok when COMMAND succeeds).
: "${TOP:?}" "${1:?the word its test names start with}"
run_copy_word=$1

T=$(mktemp -d "${TMPDIR:-/tmp}/t-$1.XXXXXX")
trap 'rm -rf "$T"' EXIT

ok() { echo "ok - $run_copy_word: $1"; }
not_ok() { echo "not ok - $run_copy_word: $1"; shift; for l in "$@"; do echo "    $l"; done; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }

top=$T/top
mkdir -p "$top/tests" "$T/tmp" "$T/cache"
cp "$TOP/tests/run" "$top/tests/run"
export WQCHECK_CACHE=$T/cache WQCHECK_REAL=0
