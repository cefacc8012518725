# Shared by the tests/real scripts: the cache, step timing, locking.
# Sourced, not run. Callers set -eu themselves.

WQ_CACHE=${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
WQ_TARBALL=/usr/src/linux-source-6.1.tar.xz
WQ_TREE=$WQ_CACHE/linux-6.1
WQ_LEGACY=$WQ_CACHE/linux-6.1-legacy
WQ_STAMPS=$WQ_CACHE/stamps
WQ_LOG=$WQ_CACHE/steps.log
WQ_SOURCES=$WQ_CACHE/linux-6.1.files
WQ_REAL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WQ_JOBS=${WQCHECK_JOBS:-2}
# Bump when wq_configure or wq_build_objects change what they make.
WQ_BUILD_VERSION=1

# Everything that is not the tree path goes to stderr: stdout is the interface.
wq_say() { printf '%s\n' "$*" >&2; }

# die with a reason on one line; callers turn it into `skip - name: reason`.
wq_die() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; exit 1; }

# wq_step NAME CMD...: runs CMD in the current directory with its output kept
# in $WQ_CACHE/logs/NAME.log, prints and logs how long it took.
wq_step() {
	local name=$1 t0 t1 rc=0
	shift
	mkdir -p "$WQ_CACHE/logs"
	wq_say "wqcheck-cache: $name ..."
	t0=$(date +%s.%N)
	"$@" >"$WQ_CACHE/logs/$name.log" 2>&1 || rc=$?
	t1=$(date +%s.%N)
	local secs
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	printf '%s\t%s\t%ss\trc=%d\n' "$(date -u +%FT%TZ)" "$name" "$secs" "$rc" >>"$WQ_LOG"
	wq_say "wqcheck-cache: $name took ${secs}s (rc=$rc)"
	if [ "$rc" -ne 0 ]; then
		tail -n 15 "$WQ_CACHE/logs/$name.log" | sed 's/^/    /' >&2
		wq_die "step $name failed (rc=$rc), log: $WQ_CACHE/logs/$name.log"
	fi
}

# A stamp holds the key of what produced it: a step reruns when its key changes.
wq_stamp_ok() { [ -f "$WQ_STAMPS/$1" ] && [ "$(cat "$WQ_STAMPS/$1")" = "$2" ]; }
wq_stamp_set() { mkdir -p "$WQ_STAMPS" && printf '%s\n' "$2" >"$WQ_STAMPS/$1"; }
wq_stamp_clear() { rm -f "$WQ_STAMPS/$1"; }

wq_key() { cat "$@" | sha256sum | cut -c1-16; }

# One filler at a time: two suites (or two engineers) may fill the cache at once.
# wq_lock [NAME]: the lock file $WQ_CACHE/NAME (default .lock, the 6.1 trees').
wq_lock() {
	local lock=$WQ_CACHE/${1:-.lock}
	mkdir -p "$WQ_CACHE" || wq_die "cannot create cache $WQ_CACHE"
	exec 9>"$lock"
	flock 9 || wq_die "cannot lock $lock"
}

# wq_work_copy FIXTURE DIR: a copy of a fixture's git work tree at DIR (absent)
# that git am, --in-place and make may change without touching the fixture.
# Tracked sources are hard links (git and wqcheck replace a file, never write
# it in place); build outputs are real copies with their times (make and the
# compiler do write in place); .git is a copy with its objects linked (never
# rewritten) and reflogs of its own. Needs core.trustctime false in the
# fixture (linking changes ctime).
wq_work_copy() {
	local from=$1 to=$2
	mkdir "$to" || return
	(cd "$from" && git ls-files -z | xargs -0 -r cp -al --parents -t "$to") || return
	(cd "$from" && git ls-files -z -o | xargs -0 -r cp -a --parents -t "$to") || return
	mkdir "$to/.git" &&
	(cd "$from/.git" && find . -mindepth 1 -maxdepth 1 ! -name objects -exec cp -a -t "$to/.git" {} +) &&
	cp -al "$from/.git/objects" "$to/.git/objects"
}

# The objects the tests need compiled: those of the files the legacy fixture
# touches, and the extras of tests/real/objects.txt.
wq_objects() {
	{
		wq_site_files | sed -n 's/\.c$/.o/p'
		sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$WQ_REAL_DIR/objects.txt"
	} | sort -u
}

# What the built objects depend on, as a stamp key.
wq_objects_key() {
	wq_key "$WQ_REAL_DIR/objects.txt" "$WQ_REAL_DIR/legacy-sites.txt"
}

# Configures the tree at $1: x86_64 defconfig plus tests/real/config.txt.
wq_configure() {
	make -C "$1" defconfig &&
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$WQ_REAL_DIR/config.txt" |
		xargs -r "$1/scripts/config" --file "$1/.config" &&
	make -C "$1" olddefconfig &&
	wq_check_config "$1"
}

# scripts/config sets options olddefconfig may drop (unmet dependencies): catch it.
wq_check_config() {
	local opt bad=0
	for opt in $(sed -e 's/#.*//' "$WQ_REAL_DIR/config.txt" | grep -o -- '--enable [A-Z0-9_]*' | cut -d' ' -f2); do
		if ! grep -q "^CONFIG_$opt=[ym]" "$1/.config"; then
			echo "CONFIG_$opt did not stay enabled after olddefconfig" >&2
			bad=1
		fi
	done
	return $bad
}

# Builds what the objects need, then the objects, then the compile database.
wq_build_objects() {
	local tree=$1
	make -C "$tree" -j"$WQ_JOBS" prepare || return
	# shellcheck disable=SC2046
	make -C "$tree" -j"$WQ_JOBS" $(wq_objects) || return
}

wq_compile_db() {
	(cd "$1" && python3 scripts/clang-tools/gen_compile_commands.py -d . -o compile_commands.json) &&
	[ -s "$1/compile_commands.json" ]
}

# The files legacy-sites.txt touches, relative to the tree root.
wq_site_files() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$WQ_REAL_DIR/legacy-sites.txt" |
		awk '{ sub(/:[0-9]+$/, "", $2); print $2 }' | sort -u
}

# wq_timed CMD...: runs CMD (its stdout/stderr as the caller redirects them),
# sets WQ_SECS and WQ_RSS_MB (peak RSS; "?" without GNU time) and returns
# CMD's status, 128+N when a signal N killed it.
wq_timed() {
	local tf rc t0 sig
	tf=$(mktemp)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f 'WQTIME %e %M' -o "$tf" "$@"
		rc=$?
		WQ_SECS=$(awk '/^WQTIME/ { print $2 }' "$tf")
		WQ_RSS_MB=$(awk '/^WQTIME/ { printf "%d", $3 / 1024 }' "$tf")
		sig=$(sed -n 's/.*terminated by signal \([0-9]*\).*/\1/p' "$tf")
		[ -z "$sig" ] || rc=$((128 + sig))
	else
		t0=$(date +%s.%N)
		"$@"
		rc=$?
		WQ_SECS=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
		WQ_RSS_MB='?'
	fi
	rm -f "$tf"
	return $rc
}
