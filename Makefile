# wqcheck: build, install dependencies, test, demo, benchmark.
#
#   make deps    install what is missing from Debian's packages (as root),
#                or print the apt-get line to run: everything the tests need;
#                CROSS="arm sh" (or CROSS=all) adds those arches' cross
#                compilers for validate
#   make         build checker/wqcheck
#   make doc     the man pages, from Documentation/ (scdoc)
#   make install install wqcheck, its man pages, semantic patches and bash
#                completion under PREFIX (default /usr/local), DESTDIR too;
#                make uninstall removes them
#   make check   install what the tests need, build, run every test (ends
#                with "N passed, N failed")
#   make demo    install what the demo needs, build, and the main job on the
#                embedded corpus
#   make fuzz    run each libFuzzer target for FUZZ_SECONDS (default 60)
#   make graph   checker/'s includes and calls; fails on a cycle or upward use
#   make bench   whole-tree timings (not part of check)

LLVM_CONFIG ?= $(shell command -v llvm-config-14 || command -v llvm-config || echo llvm-config-14)
export LLVM_CONFIG

# What each target installs (Debian 12 names). The demo needs only the build
# and git; the tests need the real components they check against (spatch,
# sparse, kbuild on Debian's kernel sources, a headless browser for the audit
# page), validate's companions (ccache for second runs, distcc, bubblewrap,
# arm64's cross compiler for another arch's objects), and scdoc and man for
# the man pages: make check skips nothing once they are in. llvm gives
# llvm-config; without it /usr/lib/llvm-14 is assumed.
DEMO_DEPS := gcc make git libclang-dev libjansson-dev
TEST_DEPS := $(DEMO_DEPS) llvm clang libclang-rt-14-dev coccinelle sparse python3 jq bc flex bison git-email \
	libelf-dev libssl-dev xz-utils time linux-source-6.1 linux-source-6.12 chromium \
	ccache distcc bubblewrap gcc-aarch64-linux-gnu scdoc man-db
DEPS := $(TEST_DEPS)

# make deps CROSS="arm sh" (or CROSS=all): also the cross compilers with
# which validate builds the touched objects of other arches (detected on
# PATH; never installed unless asked, but for arm64's, which the tests use).
CROSS_PACKAGES_arm := gcc-arm-linux-gnueabi
CROSS_PACKAGES_arm64 := gcc-aarch64-linux-gnu
CROSS_PACKAGES_powerpc := gcc-powerpc-linux-gnu
CROSS_PACKAGES_sh := gcc-sh4-linux-gnu
CROSS_PACKAGES_mips := gcc-mips-linux-gnu
CROSS_PACKAGES_s390 := gcc-s390x-linux-gnu
CROSS_PACKAGES_riscv := gcc-riscv64-linux-gnu
CROSS_PACKAGES_sparc := gcc-sparc64-linux-gnu
CROSS_PACKAGES_m68k := gcc-m68k-linux-gnu
CROSS_PACKAGES_alpha := gcc-alpha-linux-gnu
CROSS_PACKAGES_parisc := gcc-hppa-linux-gnu
# (the same as cross_toolchains[] in checker/products/validate/validate-config.c,
# whose advice names them; tests/t-validate-cross.sh checks that they agree)
CROSS_ARCHES := arm arm64 powerpc sh mips s390 riscv sparc m68k alpha parisc
ifneq ($(strip $(CROSS)),)
DEPS += $(filter-out $(TEST_DEPS),$(foreach a,$(if $(filter all 1 yes,$(CROSS)),$(CROSS_ARCHES),$(CROSS)),$(CROSS_PACKAGES_$(a))))
endif

all: checker/wqcheck

# Then every rule of the table must have its page (Documentation/): wqcheck
# explain fails naming a rule without one, and so does the build.
checker/wqcheck checker/wqcheck-asan: FORCE
	$(MAKE) -C checker $(@F)
	@$@ explain >/dev/null

# Man pages, from Documentation/*.scd with scdoc (each page is written once:
# the rule pages are also built into wqcheck for wqcheck explain and SARIF).
# Dated by the last commit, so that a rebuild gives the same pages.
MAN1 := $(patsubst %.scd,%,$(wildcard Documentation/*.1.scd))
MAN7 := $(patsubst %.scd,%,$(wildcard Documentation/*.7.scd))
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
export SOURCE_DATE_EPOCH

doc: $(MAN1) $(MAN7)

Documentation/%.1: Documentation/%.1.scd
	scdoc < $< > $@.tmp && mv $@.tmp $@
Documentation/%.7: Documentation/%.7.scd
	scdoc < $< > $@.tmp && mv $@.tmp $@

# make install [PREFIX=/usr/local] [DESTDIR=...], as the kernel's tools and
# git do: the binary, the man pages, the semantic patches (wqcheck finds them
# in ../share/wqcheck/ beside its bin/, or beside checker/ in the build
# tree) and the bash completion. make uninstall removes what it installed.
PREFIX ?= /usr/local
bindir = $(PREFIX)/bin
mandir = $(PREFIX)/share/man
datadir = $(PREFIX)/share/wqcheck
completiondir = $(PREFIX)/share/bash-completion/completions
INSTALL ?= install
COCCI := $(wildcard semantic-patches/*.cocci)

install: all doc
	$(INSTALL) -d '$(DESTDIR)$(bindir)' '$(DESTDIR)$(mandir)/man1' \
		'$(DESTDIR)$(mandir)/man7' '$(DESTDIR)$(datadir)/semantic-patches' \
		'$(DESTDIR)$(completiondir)'
	$(INSTALL) -m 755 checker/wqcheck '$(DESTDIR)$(bindir)/wqcheck'
	$(INSTALL) -m 644 $(MAN1) '$(DESTDIR)$(mandir)/man1'
	$(INSTALL) -m 644 $(MAN7) '$(DESTDIR)$(mandir)/man7'
	$(INSTALL) -m 644 $(COCCI) '$(DESTDIR)$(datadir)/semantic-patches'
	$(INSTALL) -m 644 contrib/completion/wqcheck.bash '$(DESTDIR)$(completiondir)/wqcheck'

uninstall:
	rm -f '$(DESTDIR)$(bindir)/wqcheck' '$(DESTDIR)$(completiondir)/wqcheck'
	rm -f $(patsubst Documentation/%,'$(DESTDIR)$(mandir)/man1/%',$(MAN1))
	rm -f $(patsubst Documentation/%,'$(DESTDIR)$(mandir)/man7/%',$(MAN7))
	rm -f $(patsubst semantic-patches/%,'$(DESTDIR)$(datadir)/semantic-patches/%',$(COCCI))
	-rmdir '$(DESTDIR)$(datadir)/semantic-patches' '$(DESTDIR)$(datadir)' 2>/dev/null

# make check builds the ASan binary, the unit tests and their ASan twins:
# on every core unless make was given -j (a plain `make check` built them
# one at a time, minutes of its wall time).
CHECK_JOBS = $(if $(filter -j% --jobserver%,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 2))
# ... and through ccache when it is installed (TEST_DEPS has it), in the
# tests' cache (tests/run's $cache/ccache, unless CCACHE_DIR is set): a fresh
# clone with the cache of a previous run links instead of compiling (the
# compiles took about 65 s of an idle machine's 2 cores, 3 minutes under a
# load of 7). ccache keys an object by its source, headers, flags and
# compiler as ever; clones in other directories share it because base_dir
# is the clone and the debug info's directory is mapped to "." (else ccache
# hashes the working directory of a -g compile). WQCHECK_CCACHE=0: without.
WQCHECK_CACHE_DIR = $(or $(WQCHECK_CACHE),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/wqcheck)
CHECK_CCACHE = $(if $(filter 0,$(WQCHECK_CCACHE)),,$(if $(shell command -v ccache),yes))
check-binaries: FORCE
	$(if $(CHECK_CCACHE),CCACHE_DIR="$${CCACHE_DIR:-$(WQCHECK_CACHE_DIR)/ccache}" CCACHE_BASEDIR="$(CURDIR)") \
	$(MAKE) -C checker $(CHECK_JOBS) $(if $(CHECK_CCACHE),CC="ccache $(CC)" \
		PREFIX_MAP=-fdebug-prefix-map="$(CURDIR)/checker=.") check-binaries

# install-deps PACKAGES STRICT: installs the missing ones as root; otherwise
# prints the apt-get line and fails when STRICT is yes.
define install-deps
	@missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	done); \
	if [ -z "$$missing" ]; then echo "deps: all installed"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		echo "deps: installing" $$missing; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	else \
		echo "deps: missing; run as root:"; \
		echo "  apt-get install -y" $$missing; [ "$(2)" != yes ]; \
	fi
endef

deps:
	$(call install-deps,$(DEPS),yes)

demo-deps:
	$(call install-deps,$(DEMO_DEPS),yes)

# As a user, make check still runs: tests without their tools say skip, why.
test-deps:
	$(call install-deps,$(TEST_DEPS),no)

# The real trees' cache is filled beside the build (tests/run --fill-only):
# unpacking, committing and building the kernels need none of our binaries,
# and on a cold cache both take minutes.
check: test-deps
	@bash tests/run --fill-only & fill=$$!; \
	$(MAKE) check-binaries; rc=$$?; \
	[ $$rc -eq 0 ] || kill $$fill 2>/dev/null; \
	wait $$fill; [ $$rc -eq 0 ] && bash tests/run

# A tour of the tool on corpus/, a small kernel-shaped tree of our own: the
# build stays quiet (V=1 shows its commands), then scan, series, check-patch
# and audit, each introduced by a line that says what to look at.
DEMO_SERIES := outgoing/corpus-series
demo: demo-deps
	@echo "== building checker/wqcheck (make demo V=1 shows the commands)"
	@$(MAKE) --no-print-directory $(if $(V),,-s) checker/wqcheck
	@echo
	@echo "== 1. wqcheck scan -v corpus/: every finding, the era it read, a count"
	@echo "   corpus/drivers/base/broken_parse.c is broken on purpose: it is listed"
	@echo "   as not fully analysed and the exit status is 2, every finding still printed"
	@checker/wqcheck scan -q -v corpus/; rc=$$?; \
	echo "== exit status $$rc (0: none; 1: findings; 2: a file could not be analysed, or an error)"
	@echo
	@echo "== 2. wqcheck series corpus/: the fixes as patches per MAINTAINERS subsystem"
	@rm -rf $(DEMO_SERIES)
	@checker/wqcheck series -q --from="wqcheck demo <demo@example.org>" \
		-o $(DEMO_SERIES) corpus/ >/dev/null && \
	n=$$(ls $(DEMO_SERIES) | grep -vc '^0000-') && \
	echo "   a cover letter and $$n patches in $(DEMO_SERIES)/; the first subjects:" && \
	for p in $(DEMO_SERIES)/0*.patch; do \
		case $$p in */0000-cover-letter.patch) continue ;; esac; \
		git mailinfo /dev/null /dev/null <$$p | sed -n 's/^Subject: /   /p'; \
	done | head -8 && echo "   ..."
	@echo
	@echo "== 3. wqcheck check-patch $(DEMO_SERIES)/: what the series adds (nothing: exit 0)"
	@checker/wqcheck check-patch -q --tree=corpus $(DEMO_SERIES) >outgoing/.check-patch 2>&1; \
	rc=$$?; sed 's/^/   /' outgoing/.check-patch; rm -f outgoing/.check-patch; \
	echo "   exit status $$rc"
	@echo
	@echo "== 4. wqcheck audit corpus/: every workqueue caller, by maintainer"
	@checker/wqcheck audit -q -o outgoing/corpus-audit.html corpus/ && \
	echo "   open outgoing/corpus-audit.html"
	@echo
	@echo "== next, on your own kernel tree (LINUX=path/to/linux):"
	@echo "   checker/wqcheck scan -v \$$LINUX/drivers/net             findings in one directory"
	@echo "   checker/wqcheck series -o outgoing \$$LINUX/drivers/net  its conversion as patches"
	@echo "   checker/wqcheck audit -o audit.html \$$LINUX             every caller, by maintainer"
	@echo "   checker/wqcheck explain WQ010                            what a rule means"

# Fills the real-tree cache (the unpacked 6.1 tree, its build and the legacy
# fixture) once, outside the repository; make check would do it on first use.
real-cache:
	tests/real/kernel-tree.sh >/dev/null && tests/real/legacy-fixture.sh >/dev/null

# libFuzzer targets (tests/fuzz/fuzz-*.c, clang) for FUZZ_SECONDS each;
# a crash is kept under tests/fuzz/regressions/ for make check to replay.
FUZZ_SECONDS ?= 60
fuzz:
	@bash tests/fuzz/run.sh $(FUZZ_SECONDS)

# The graph of checker/ from its #includes and its objects' calls (nm);
# fails on a cycle, a use against the layers or a product using a sibling
# (make check runs it as tests/t-graph.sh).
graph:
	@bash tests/graph.sh

bench: all
	@bash bench/run.sh

clean:
	$(MAKE) -C checker clean
	rm -f $(MAN1) $(MAN7)

.PHONY: all deps demo-deps test-deps check demo graph fuzz bench clean check-binaries real-cache doc install uninstall FORCE
FORCE:
