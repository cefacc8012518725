#!/bin/bash
# Prints the path of the legacy fixture: a copy of the 6.1 tree of
# kernel-tree.sh with the 3.7-era workqueue API brought back (compat
# definitions in include/linux/workqueue.h, real call sites rewritten, see
# legacy-sites.txt), configured like the pristine tree, with the touched
# objects built and their compile_commands.json. Made once, then cached.
# Exits nonzero with the reason on stderr when it cannot be had.
#
# In the fixture directory ($WQ_CACHE/linux-6.1-legacy):
#   wqcheck-legacy-manifest.tsv  rule, file, line, column, kind (tab-separated):
#                                every legacy token put in, the exact expected findings
#   wqcheck-legacy-comments.tsv  file, line, column, legacy, modern: comments renamed
#   .git                         two commits: "Linux 6.1 ..." (the pristine sources)
#                                and "legacy API fixture" (the rewrite), fixed
#                                dates, so the ids are the same on every machine
# The sources are hard links to the pristine tree except the files the rewrite
# replaced: never edit a file of the fixture in place (wqcheck --in-place,
# sed -i without care, editors): copy the tree (cp -al, then replace files,
# or git worktree add) and work on the copy.
set -eu
. "$(dirname "$0")/lib.sh"

pristine=$("$WQ_REAL_DIR/kernel-tree.sh") || exit 1
wq_lock

manifest=$WQ_LEGACY/wqcheck-legacy-manifest.tsv
# Bump when this script changes what the fixture's sources are.
fixture_version=1
source_key=$fixture_version-$(wq_key "$WQ_REAL_DIR/legacy-rewrite.py" "$WQ_REAL_DIR/legacy-sites.txt")

git_fixed() {
	GIT_AUTHOR_NAME=wqcheck GIT_AUTHOR_EMAIL=wqcheck@invalid \
	GIT_COMMITTER_NAME=wqcheck GIT_COMMITTER_EMAIL=wqcheck@invalid \
	GIT_AUTHOR_DATE='2012-08-20T00:00:00Z' GIT_COMMITTER_DATE='2012-08-20T00:00:00Z' \
		git -c core.autocrlf=false -c gc.auto=0 "$@"
}

# A copy of the shipped sources only, hard-linked: no .config, no build output
# of the pristine tree, so every file the fixture's build writes is its own.
make_copy() {
	mkdir -p "$1" &&
	(cd "$pristine" && tr '\n' '\0' <"$WQ_SOURCES" | xargs -0 cp -al --parents -t "$1") &&
	[ "$(find "$1" \( -type f -o -type l \) | wc -l)" -eq "$(wc -l <"$WQ_SOURCES")" ]
}

commit_pristine() (
	cd "$1" &&
	git_fixed init -q &&
	git config gc.auto 0 &&
	# Debian's top-level .gitignore ignores everything ("/*"): force.
	git_fixed add -A -f &&
	[ "$(git ls-files | wc -l)" -eq "$(wc -l <"$WQ_SOURCES")" ] &&
	git_fixed commit -q -m "Linux 6.1 (Debian linux-source-6.1 $(dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null || echo unknown))"
)

rewrite() {
	local tree=$1
	python3 "$WQ_REAL_DIR/legacy-rewrite.py" "$tree" "$WQ_REAL_DIR/legacy-sites.txt" \
		"$tree/wqcheck-legacy-manifest.tsv" "$tree/wqcheck-legacy-comments.tsv" || return
	printf '/wqcheck-legacy-*.tsv\n' >>"$tree/.git/info/exclude"
	# The rewrite replaced files: the pristine tree must not have changed.
	local rel
	for rel in include/linux/workqueue.h $(wq_site_files); do
		if [ "$tree/$rel" -ef "$pristine/$rel" ]; then
			echo "$rel still shares its inode with the pristine tree" >&2
			return 1
		fi
	done
	if grep -lwE 'flush_work_sync|flush_delayed_work_sync|system_nrt_wq|system_nrt_freezable_wq|WQ_NON_REENTRANT' \
		"$pristine/include/linux/workqueue.h" $(wq_site_files | sed "s|^|$pristine/|"); then
		echo "the pristine tree was modified" >&2
		return 1
	fi
	(cd "$tree" && git_fixed commit -q -a -m "legacy API fixture: the 3.7-era workqueue API brought back

$(wc -l <"$tree/wqcheck-legacy-manifest.tsv") sites rewritten by tests/real/legacy-rewrite.py from
tests/real/legacy-sites.txt, compat definitions in include/linux/workqueue.h.")
}

if ! wq_stamp_ok linux-6.1-legacy.source "$source_key" || [ ! -s "$manifest" ]; then
	wq_step linux-6.1-legacy.remove-old rm -rf "$WQ_LEGACY" "$WQ_CACHE"/legacy.*
	rm -f "$WQ_STAMPS"/linux-6.1-legacy.*
	tmp=$(mktemp -d "$WQ_CACHE/legacy.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	wq_step linux-6.1-legacy.copy make_copy "$tmp/linux"
	wq_step linux-6.1-legacy.git-pristine commit_pristine "$tmp/linux"
	wq_step linux-6.1-legacy.rewrite rewrite "$tmp/linux"
	mv "$tmp/linux" "$WQ_LEGACY"
	rm -rf "$tmp"
	trap - EXIT
	wq_stamp_set linux-6.1-legacy.source "$source_key"
fi

# Many git users share the fixture (worktrees, series): a gc --auto packing its
# 78,000 loose objects in the middle of a test run costs minutes. Its sources
# are hard links that others link again (cp -al copies of it and of the
# pristine tree), which changes their ctime: trusting it, the next git status
# or diff here reads all 1.2 GB again (7 s; 0.2 s without).
git -C "$WQ_LEGACY" config gc.auto 0
git -C "$WQ_LEGACY" config core.trustctime false

config_key=$WQ_BUILD_VERSION-$(wq_key "$WQ_REAL_DIR/config.txt")-$source_key
if ! wq_stamp_ok linux-6.1-legacy.config "$config_key"; then
	wq_stamp_clear linux-6.1-legacy.objects
	wq_step linux-6.1-legacy.defconfig wq_configure "$WQ_LEGACY"
	wq_stamp_set linux-6.1-legacy.config "$config_key"
fi

objects_key=$config_key-$(wq_objects_key)
if ! wq_stamp_ok linux-6.1-legacy.objects "$objects_key"; then
	wq_step linux-6.1-legacy.build wq_build_objects "$WQ_LEGACY"
	wq_step linux-6.1-legacy.compile-db wq_compile_db "$WQ_LEGACY"
	# A file still linked to the pristine tree but written since the copy was
	# made would mean the build changed the pristine tree too.
	shared=$(find "$WQ_LEGACY" -path "$WQ_LEGACY/.git" -prune -o -type f -links +1 \
		-newer "$WQ_STAMPS/linux-6.1-legacy.source" -print | head -5)
	[ -z "$shared" ] || wq_die "files shared with the pristine tree were written: $shared"
	wq_stamp_set linux-6.1-legacy.objects "$objects_key"
fi

echo "$WQ_LEGACY"
