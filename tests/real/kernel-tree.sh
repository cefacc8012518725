#!/bin/bash
# Prints the path of a configured Linux 6.1 tree (Debian's linux-source-6.1)
# unpacked once into the cache, with the objects of tests/real/objects.txt
# built and their compile_commands.json. Exits nonzero with the reason on
# stderr when the tree cannot be had; callers print `skip - NAME: reason`.
#
# Cache: ${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
#   linux-6.1/        the tree (pristine sources; defconfig and build outputs)
#   stamps/           one file per finished step, holding the key it was made with
#   steps.log         how long each step took, appended on every run
#   logs/STEP.log     the output of the last run of each step
#   linux-6.1.files   the files the package shipped (what a source copy takes)
# Treat linux-6.1 as read-only: tests that modify sources work on a copy
# (legacy-fixture.sh shows how).
set -eu
. "$(dirname "$0")/lib.sh"

wq_lock

# A fresh container often has no package lists: update once if install fails.
wq_apt_install() {
	command -v apt-get >/dev/null || { echo "no apt-get: not a Debian system" >&2; return 1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y "$@" ||
		{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"; }
}

# --- the source package ------------------------------------------------------
if [ ! -d "$WQ_TREE" ] && [ ! -f "$WQ_TARBALL" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		wq_die "$WQ_TARBALL missing and not root to apt-get install linux-source-6.1"
	fi
	wq_step apt-linux-source wq_apt_install linux-source-6.1
	[ -f "$WQ_TARBALL" ] || wq_die "linux-source-6.1 installed but $WQ_TARBALL missing"
fi

# --- build dependencies ------------------------------------------------------
missing=
for c in bc flex bison python3 xz gcc make perl; do
	command -v "$c" >/dev/null || missing="$missing $c"
done
[ -f /usr/include/gelf.h ] || missing="$missing libelf-dev"
[ -f /usr/include/openssl/ssl.h ] || missing="$missing libssl-dev"
if [ -n "$missing" ]; then
	pkgs=$(echo "$missing" | sed -e 's/\bxz\b/xz-utils/' -e 's/\bgcc\b/build-essential/' -e 's/\bmake\b/build-essential/')
	[ "$(id -u)" -eq 0 ] || wq_die "missing build dependencies:$missing (apt-get install$pkgs)"
	# shellcheck disable=SC2086
	wq_step apt-build-deps wq_apt_install $pkgs
fi

# --- unpack, once, atomically ------------------------------------------------
rm -rf "$WQ_CACHE"/unpack.*	# what an interrupted run left (we hold the lock)
if [ ! -d "$WQ_TREE" ]; then
	tmp=$(mktemp -d "$WQ_CACHE/unpack.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	df_avail=$(df -Pk "$WQ_CACHE" | awk 'NR == 2 { print $4 }')
	[ "$df_avail" -gt 4000000 ] || wq_die "less than 4 GB free in $WQ_CACHE"
	wq_step unpack tar -xJf "$WQ_TARBALL" -C "$tmp"
	[ -f "$tmp/linux-source-6.1/Makefile" ] || wq_die "$WQ_TARBALL has no linux-source-6.1/Makefile"
	# The shipped files, before any build: copies of the sources use this list.
	(cd "$tmp/linux-source-6.1" && find . \( -type f -o -type l \) -printf '%P\n' | LC_ALL=C sort) \
		>"$WQ_SOURCES"
	mv "$tmp/linux-source-6.1" "$WQ_TREE"
	rm -rf "$tmp"
	trap - EXIT
	rm -f "$WQ_STAMPS"/linux-6.1.*
fi

if [ ! -s "$WQ_SOURCES" ]; then
	[ -f "$WQ_TARBALL" ] || wq_die "$WQ_SOURCES missing and no $WQ_TARBALL to list; remove $WQ_TREE"
	tar -tJf "$WQ_TARBALL" | sed -n 's|^linux-source-6.1/||p' | grep -v -e '/$' -e '^$' | LC_ALL=C sort \
		>"$WQ_SOURCES.tmp"
	mv "$WQ_SOURCES.tmp" "$WQ_SOURCES"
fi

# --- configure and build what the tests parse --------------------------------
config_key=$WQ_BUILD_VERSION-$(wq_key "$WQ_REAL_DIR/config.txt")
if ! wq_stamp_ok linux-6.1.config "$config_key"; then
	wq_stamp_clear linux-6.1.objects
	wq_step linux-6.1.defconfig wq_configure "$WQ_TREE"
	wq_stamp_set linux-6.1.config "$config_key"
fi

objects_key=$config_key-$(wq_objects_key)
if ! wq_stamp_ok linux-6.1.objects "$objects_key"; then
	wq_step linux-6.1.build wq_build_objects "$WQ_TREE"
	wq_step linux-6.1.compile-db wq_compile_db "$WQ_TREE"
	wq_stamp_set linux-6.1.objects "$objects_key"
fi

echo "$WQ_TREE"
