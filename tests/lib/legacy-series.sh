# wqcheck series' output for the legacy fixture, made once and cached: the
# validate suites that need it (t-validate-real, t-validate-real-probes) may
# run at the same time, so one makes it under a lock and the other waits.
# Sourced, with $WQCHECK, $TOP, $fixture, $scratch and $name set; sets
# $series, or prints "not ok - $name: ..." and returns 1.
#
# Keyed by the fixture's HEAD and every source that can change what series
# writes (the command, its engine, the analysis and the front end); it fails
# if none is found, so that a moved file cannot leave the key fixed (it once
# hashed nothing).
legacy_series() {
	local cache=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck} key head t0
	head=$(git -C "$fixture" rev-parse HEAD)
	key=$(cd "$TOP/checker" && ls commands/cmd-series.c products/series/*.[ch] analysis/*.[ch] \
		analysis/*/*.[ch] front/*.[ch] lib/*.[ch] 2>/dev/null | sort | xargs cat | sha256sum | cut -c1-12)
	if [ "$key" = e3b0c44298fc ]; then
		echo "not ok - $name: no series sources found to key the cache"
		return 1
	fi
	series=$cache/validate/series-${head:0:12}-$key
	mkdir -p "$cache/validate"
	(
		flock 8 || exit 2
		[ -f "$series/0000-cover-letter.patch" ] && exit 0
		rm -rf "$series.tmp"
		t0=$(date +%s)
		"$WQCHECK" series -q -j2 -o "$series.tmp" "$fixture" >"$scratch/series.log" 2>&1 || exit 1
		mv "$series.tmp" "$series"
		echo "# wqcheck series on the fixture took $(( $(date +%s) - t0 ))s (cached in $series)"
	) 8>"$cache/validate/.series.lock"
	case $? in
	0) return 0 ;;
	1)	echo "not ok - $name: wqcheck series on the fixture failed"
		sed 's/^/    /' "$scratch/series.log" | tail -5 ;;
	*)	echo "not ok - $name: cannot lock $cache/validate/.series.lock" ;;
	esac
	return 1
}
