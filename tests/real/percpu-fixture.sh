#!/bin/bash
# Prints the path of the 6.17-API fixture: Debian's linux-source-6.12 in a git
# repository, with the workqueue API of Linux 6.17 (system_percpu_wq,
# system_dfl_wq, WQ_PERCPU: upstream 128ea9f6ccfb and 930c2ea566af) in
# include/linux/workqueue.h and kernel/workqueue.c, configured (x86_64
# defconfig plus the options below), the objects of the files below built and
# their compile_commands.json. Made once, then cached. Exits nonzero with the
# reason on stderr when it cannot be had; callers print `skip - NAME: reason`.
#
#   percpu-fixture.sh              the fixture (made if needed)
#   percpu-fixture.sh --pristine   only the unpacked 6.12 sources, no build
#
# Debian's 6.12.y (6.12.118 on) already carries the two upstream commits as
# stable backports: then they are checked to be there, exactly, and not
# applied again. An older linux-source-6.12 gets them applied here, each as a
# commit with upstream's subject and author.
#
# Cache: ${WQCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wqcheck}
#   linux-6.12/          the pristine sources, read-only
#   linux-6.12.files     the files the package shipped
#   linux-6.12-percpu/   the fixture: sources hard-linked to linux-6.12 except
#                        the files the API change replaced, .git with fixed
#                        dates (the same ids on every machine), build outputs
#   linux-6.12-percpu/wqcheck-percpu-objects.txt
#                        the objects built (one per line): what holds the sites
# Never edit a file of the fixture in place: copy it with wq_work_copy (lib.sh)
# and work on the copy (git am, make there).
set -eu
. "$(dirname "$0")/lib.sh"

P_VERSION=6.12
P_TARBALL=/usr/src/linux-source-$P_VERSION.tar.xz
P_PRISTINE=$WQ_CACHE/linux-$P_VERSION
P_SOURCES=$WQ_CACHE/linux-$P_VERSION.files
P_FIXTURE=$WQ_CACHE/linux-$P_VERSION-percpu
P_OBJECTS=$P_FIXTURE/wqcheck-percpu-objects.txt
# Bump when this script changes what the fixture's sources are.
fixture_version=1

# Options on top of x86_64 defconfig (scripts/config arguments), each checked
# to survive olddefconfig: what the objects below need beyond defconfig.
config_options='
--enable MEMCG
--enable BPF_SYSCALL
'

# The files whose objects are built: each holds uses of system_wq,
# system_unbound_wq or alloc_workqueue() without WQ_PERCPU/WQ_UNBOUND
# (WQ020-WQ022) in 6.12.118 that the config above compiles (not only in an
# #ifdef branch it leaves out), in 37 MAINTAINERS sections.
site_files='
block/bio.c
block/blk-core.c
drivers/acpi/ec.c
drivers/acpi/osl.c
drivers/acpi/thermal.c
drivers/ata/libata-sff.c
drivers/base/core.c
drivers/base/dd.c
drivers/block/virtio_blk.c
drivers/char/random.c
drivers/gpu/drm/drm_atomic_helper.c
drivers/gpu/drm/drm_probe_helper.c
drivers/gpu/drm/drm_self_refresh_helper.c
drivers/gpu/drm/i915/display/intel_tc.c
drivers/gpu/drm/i915/gt/uc/intel_guc.c
drivers/gpu/drm/i915/gt/uc/intel_guc_ct.c
drivers/gpu/drm/i915/gt/uc/intel_guc_submission.c
drivers/input/mouse/psmouse-smbus.c
drivers/md/dm-kcopyd.c
drivers/md/dm-raid1.c
drivers/md/dm.c
drivers/md/md.c
drivers/thermal/thermal_core.c
drivers/tty/tty_buffer.c
drivers/usb/core/hub.c
drivers/usb/host/xhci-ring.c
fs/aio.c
fs/ext4/mballoc.c
fs/nfs/namespace.c
fs/nfs/nfs4renewd.c
fs/notify/mark.c
fs/super.c
kernel/bpf/cpumap.c
kernel/bpf/helpers.c
kernel/bpf/memalloc.c
kernel/bpf/syscall.c
kernel/cgroup/cgroup-v1.c
kernel/cgroup/cgroup.c
kernel/padata.c
kernel/power/main.c
kernel/rcu/tree.c
kernel/smp.c
kernel/umh.c
mm/backing-dev.c
mm/memcontrol.c
mm/slub.c
mm/vmstat.c
net/core/link_watch.c
net/core/sock_diag.c
net/ipv4/inet_fragment.c
net/rfkill/input.c
net/unix/garbage.c
net/wireless/core.c
'

# The objects, for the suite and wq_work_copy users.
percpu_objects() {
	printf '%s\n' $site_files | sed -n 's/\.c$/.o/p'
	echo kernel/workqueue.o
}

pristine_only=false
case "${1:-}" in
--pristine) pristine_only=true ;;
'') ;;
*) echo "usage: $0 [--pristine]" >&2; exit 2 ;;
esac

wq_lock .lock-linux-$P_VERSION

# --- unpack, once, atomically ------------------------------------------------
rm -rf "$WQ_CACHE"/unpack-$P_VERSION.*	# an interrupted run's (we hold the lock)
if [ ! -d "$P_PRISTINE" ]; then
	[ -f "$P_TARBALL" ] || wq_die "$P_TARBALL missing (apt-get install linux-source-$P_VERSION)"
	df_avail=$(df -Pk "$WQ_CACHE" | awk 'NR == 2 { print $4 }')
	[ "$df_avail" -gt 6000000 ] || wq_die "less than 6 GB free in $WQ_CACHE"
	tmp=$(mktemp -d "$WQ_CACHE/unpack-$P_VERSION.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	wq_step linux-$P_VERSION.unpack tar -xJf "$P_TARBALL" -C "$tmp"
	src=$tmp/linux-source-$P_VERSION
	[ -f "$src/Makefile" ] || wq_die "$P_TARBALL has no linux-source-$P_VERSION/Makefile"
	(cd "$src" && find . \( -type f -o -type l \) -printf '%P\n' | LC_ALL=C sort) >"$P_SOURCES.tmp"
	mv "$P_SOURCES.tmp" "$P_SOURCES"
	mv "$src" "$P_PRISTINE"
	rm -rf "$tmp"
	trap - EXIT
	rm -f "$WQ_STAMPS"/linux-$P_VERSION-percpu.*
fi
[ -s "$P_SOURCES" ] || wq_die "$P_SOURCES missing: remove $P_PRISTINE to unpack again"
if $pristine_only; then
	echo "$P_PRISTINE"
	exit 0
fi

# --- the fixture's sources ---------------------------------------------------
package_version=$(dpkg-query -W -f '${Version}' linux-source-$P_VERSION 2>/dev/null || echo unknown)
source_key=$fixture_version-$package_version

git_fixed() {
	GIT_AUTHOR_NAME=${AUTHOR_NAME:-wqcheck} GIT_AUTHOR_EMAIL=${AUTHOR_EMAIL:-wqcheck@invalid} \
	GIT_AUTHOR_DATE=${AUTHOR_DATE:-2024-11-17T00:00:00Z} \
	GIT_COMMITTER_NAME=wqcheck GIT_COMMITTER_EMAIL=wqcheck@invalid \
	GIT_COMMITTER_DATE=${AUTHOR_DATE:-2024-11-17T00:00:00Z} \
		git -c core.autocrlf=false -c gc.auto=0 -c commit.gpgsign=false "$@"
}

# A copy of the shipped sources only, hard-linked: no build output of the
# pristine tree (it has none), so every file the fixture's build writes is its own.
make_copy() {
	mkdir -p "$1" &&
	(cd "$P_PRISTINE" && tr '\n' '\0' <"$P_SOURCES" | xargs -0 cp -al --parents -t "$1") &&
	[ "$(find "$1" \( -type f -o -type l \) | wc -l)" -eq "$(wc -l <"$P_SOURCES")" ]
}

commit_pristine() (
	cd "$1" &&
	git_fixed init -q -b main &&
	git config gc.auto 0 &&
	# Suites hard-link the sources into copies, which changes their ctime.
	git config core.trustctime false &&
	# Debian's top-level .gitignore ignores everything ("/*"): force.
	git_fixed add -A -f &&
	[ "$(git ls-files | wc -l)" -eq "$(wc -l <"$P_SOURCES")" ] &&
	git_fixed commit -q -m "Linux $P_VERSION (Debian linux-source-$P_VERSION $package_version)"
)

# The two upstream commits, as text edits that refuse to run unless the text
# they change is exactly there. Each prints nothing when the tree already has
# the change (a stable backport) and fails when it has part of it.
api_edit() {
	python3 - "$@" <<'PY'
import sys

tree, which = sys.argv[1], sys.argv[2]
H, C = "include/linux/workqueue.h", "kernel/workqueue.c"

# (file, old, new): old is replaced by new, exactly once.
EDITS = {
"128ea9f6ccfb": [
 (H, " * system_wq is the one used by schedule[_delayed]_work[_on]().\n",
     " * system_percpu_wq is the one used by schedule[_delayed]_work[_on]().\n"),
 (H, " * system_unbound_wq is unbound workqueue.  Workers are not bound to\n",
     " * system_dfl_wq is unbound workqueue.  Workers are not bound to\n"),
 (H, "extern struct workqueue_struct *system_wq;\n",
     "extern struct workqueue_struct *system_wq; /* use system_percpu_wq, this will be removed */\n"
     "extern struct workqueue_struct *system_percpu_wq;\n"),
 (H, "extern struct workqueue_struct *system_unbound_wq;\n",
     "extern struct workqueue_struct *system_unbound_wq;\n"
     "extern struct workqueue_struct *system_dfl_wq;\n"),
 (C, "EXPORT_SYMBOL(system_wq);\n",
     "EXPORT_SYMBOL(system_wq);\n"
     "struct workqueue_struct *system_percpu_wq __ro_after_init;\n"
     "EXPORT_SYMBOL(system_percpu_wq);\n"),
 (C, "EXPORT_SYMBOL_GPL(system_unbound_wq);\n",
     "EXPORT_SYMBOL_GPL(system_unbound_wq);\n"
     "struct workqueue_struct *system_dfl_wq __ro_after_init;\n"
     "EXPORT_SYMBOL_GPL(system_dfl_wq);\n"),
 (C, "\tsystem_wq = alloc_workqueue(\"events\", 0, 0);\n",
     "\tsystem_wq = alloc_workqueue(\"events\", 0, 0);\n"
     "\tsystem_percpu_wq = alloc_workqueue(\"events\", 0, 0);\n"),
 (C, "\tsystem_unbound_wq = alloc_workqueue(\"events_unbound\", WQ_UNBOUND,\n"
     "\t\t\t\t\t    WQ_MAX_ACTIVE);\n",
     "\tsystem_unbound_wq = alloc_workqueue(\"events_unbound\", WQ_UNBOUND, WQ_MAX_ACTIVE);\n"
     "\tsystem_dfl_wq = alloc_workqueue(\"events_unbound\", WQ_UNBOUND, WQ_MAX_ACTIVE);\n"),
 (C, "\tBUG_ON(!system_wq || !system_highpri_wq || !system_long_wq ||\n"
     "\t       !system_unbound_wq || !system_freezable_wq ||\n",
     "\tBUG_ON(!system_wq || !system_percpu_wq|| !system_highpri_wq || !system_long_wq ||\n"
     "\t       !system_unbound_wq || !system_freezable_wq || !system_dfl_wq ||\n"),
],
"930c2ea566af": [
 (H, "\tWQ_POWER_EFFICIENT\t= 1 << 7,\n",
     "\tWQ_POWER_EFFICIENT\t= 1 << 7,\n"
     "\tWQ_PERCPU\t\t= 1 << 8, /* bound to a specific cpu */\n"),
],
}

# What says the change is in: upstream's new lines that later commits keep.
MARKS = {
"128ea9f6ccfb": [(H, "extern struct workqueue_struct *system_percpu_wq;\n"),
                 (H, "extern struct workqueue_struct *system_dfl_wq;\n"),
                 (C, "struct workqueue_struct *system_percpu_wq __ro_after_init;\n"),
                 (C, "struct workqueue_struct *system_dfl_wq __ro_after_init;\n"),
                 (C, "\tsystem_percpu_wq = alloc_workqueue(\"events\""),
                 (C, "\tsystem_dfl_wq = alloc_workqueue(\"events_unbound\", WQ_UNBOUND")],
"930c2ea566af": [(H, "\tWQ_PERCPU\t\t= 1 << 8, /* bound to a specific cpu */\n")],
}

def read(rel):
    with open(f"{tree}/{rel}") as f:
        return f.read()

marks = [read(f).count(m) == 1 for f, m in MARKS[which]]
if all(marks):
    sys.exit(0)	# already there
if any(marks):
    sys.exit(f"{which}: the tree has part of it only")
text = {}
for rel, old, new in EDITS[which]:
    t = text.get(rel) or read(rel)
    if t.count(old) != 1:
        sys.exit(f"{which}: {rel}: expected text found {t.count(old)} times: {old!r}")
    text[rel] = t.replace(old, new)
for rel, t in text.items():
    # A new file, not a write through the hard link to the pristine tree.
    path = f"{tree}/{rel}"
    with open(path + ".new", "w") as f:
        f.write(t)
    import os
    os.replace(path + ".new", path)
print(which)
PY
}

# Applies each upstream commit the tree lacks, as a commit of its own.
apply_api() (
	cd "$1" || exit
	applied=$(api_edit . 128ea9f6ccfb) || exit
	if [ -n "$applied" ]; then
		AUTHOR_NAME='Marco Crivellari' AUTHOR_EMAIL=marco.crivellari@suse.com \
		AUTHOR_DATE=2025-06-14T15:35:29+02:00 \
			git_fixed commit -q -a -m "workqueue: Add system_percpu_wq and system_dfl_wq

Upstream commit 128ea9f6ccfb, applied by tests/real/percpu-fixture.sh." || exit
	fi
	applied=$(api_edit . 930c2ea566af) || exit
	if [ -n "$applied" ]; then
		AUTHOR_NAME='Marco Crivellari' AUTHOR_EMAIL=marco.crivellari@suse.com \
		AUTHOR_DATE=2025-06-14T15:35:30+02:00 \
			git_fixed commit -q -a -m "Workqueue: add new WQ_PERCPU flag

Upstream commit 930c2ea566af, applied by tests/real/percpu-fixture.sh." || exit
	fi
	# Whichever way it came, the API is there now, and the sources are committed.
	api_edit . 128ea9f6ccfb >/dev/null && api_edit . 930c2ea566af >/dev/null &&
		[ -z "$(api_edit . 128ea9f6ccfb)$(api_edit . 930c2ea566af)" ] || exit
	git diff --quiet HEAD || { echo "uncommitted changes after the API commits" >&2; exit 1; }
	# A file the commits changed must not share its inode with the pristine tree.
	for rel in $(git diff --name-only "$(git rev-list --max-parents=0 HEAD)" HEAD); do
		if [ "$rel" -ef "$P_PRISTINE/$rel" ]; then
			echo "$rel still shares its inode with the pristine tree" >&2
			exit 1
		fi
	done
)

if ! wq_stamp_ok linux-$P_VERSION-percpu.source "$source_key" || [ ! -d "$P_FIXTURE/.git" ]; then
	wq_step linux-$P_VERSION-percpu.remove-old rm -rf "$P_FIXTURE" "$WQ_CACHE"/percpu-$P_VERSION.*
	rm -f "$WQ_STAMPS"/linux-$P_VERSION-percpu.*
	tmp=$(mktemp -d "$WQ_CACHE/percpu-$P_VERSION.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	wq_step linux-$P_VERSION-percpu.copy make_copy "$tmp/linux"
	wq_step linux-$P_VERSION-percpu.git-pristine commit_pristine "$tmp/linux"
	wq_step linux-$P_VERSION-percpu.api apply_api "$tmp/linux"
	printf '/wqcheck-percpu-*.txt\n' >>"$tmp/linux/.git/info/exclude"
	mv "$tmp/linux" "$P_FIXTURE"
	rm -rf "$tmp"
	trap - EXIT
	wq_stamp_set linux-$P_VERSION-percpu.source "$source_key"
fi

# --- configure and build the objects holding the sites -------------------------
configure() {
	make -C "$1" defconfig || return
	# shellcheck disable=SC2086
	[ -z "$(echo $config_options)" ] || "$1/scripts/config" --file "$1/.config" $config_options || return
	make -C "$1" olddefconfig || return
	local opt bad=0
	for opt in $(echo $config_options | grep -o -- '--enable [A-Z0-9_]*' | cut -d' ' -f2); do
		if ! grep -q "^CONFIG_$opt=y" "$1/.config"; then
			echo "CONFIG_$opt did not stay enabled after olddefconfig" >&2
			bad=1
		fi
	done
	return $bad
}

build() {
	make -C "$1" -j"$WQ_JOBS" prepare || return
	# shellcheck disable=SC2046
	make -C "$1" -j"$WQ_JOBS" $(percpu_objects) || return
	local o
	for o in $(percpu_objects); do
		[ -f "$1/$o" ] || { echo "$o not built" >&2; return 1; }
	done
}

config_key=$WQ_BUILD_VERSION-$source_key-$(echo "$config_options" | wq_key)
if ! wq_stamp_ok linux-$P_VERSION-percpu.config "$config_key"; then
	wq_stamp_clear linux-$P_VERSION-percpu.objects
	wq_step linux-$P_VERSION-percpu.defconfig configure "$P_FIXTURE"
	wq_stamp_set linux-$P_VERSION-percpu.config "$config_key"
fi

objects_key=$config_key-$(percpu_objects | wq_key)
if ! wq_stamp_ok linux-$P_VERSION-percpu.objects "$objects_key" || [ ! -s "$P_OBJECTS" ]; then
	wq_step linux-$P_VERSION-percpu.build build "$P_FIXTURE"
	wq_step linux-$P_VERSION-percpu.compile-db wq_compile_db "$P_FIXTURE"
	# A file still linked to the pristine tree but written since the copy was
	# made would mean the build changed the pristine tree too.
	shared=$(find "$P_FIXTURE" -path "$P_FIXTURE/.git" -prune -o -type f -links +1 \
		-newer "$WQ_STAMPS/linux-$P_VERSION-percpu.source" -print | head -5)
	[ -z "$shared" ] || wq_die "files shared with the pristine tree were written: $shared"
	percpu_objects >"$P_OBJECTS"
	wq_stamp_set linux-$P_VERSION-percpu.objects "$objects_key"
fi

echo "$P_FIXTURE"
