# Sourced by the suites that write series: series_truth DIR reads every
# patch of every series under DIR (a directory holding a cover letter)
# against its own hunks (series-truth.pl) and prints one verdict.
#   . "$TOP/tests/lib/series-truth.sh"; series_truth "$T" series
series_truth() {
	local dirs out
	dirs=$(find "$1" -name 0000-cover-letter.patch -printf '%h\n' 2>/dev/null | sort -u)
	if [ -z "$dirs" ]; then
		echo "not ok - $2: every sentence of its series true (no series written)"
		return
	fi
	# shellcheck disable=SC2086
	if out=$(perl "$TOP/tests/lib/series-truth.pl" $dirs 2>&1); then
		echo "ok - $2: every sentence of its $(echo "$dirs" | wc -l) series true ($out)"
	else
		echo "not ok - $2: every sentence of its series true"
		echo "$out" | sed "s|$1/||; s/^/    /" | head -20
	fi
}
