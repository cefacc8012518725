/* maintainers_match() (the F: patterns looked up by their literal bytes,
 * front/maintainers-index.c, the N: patterns behind a strstr() of the bytes
 * they need) against the matcher it replaces: every section asked in file
 * order, each F:/X: pattern by get_maintainer.pl's regex compiled here from
 * its text, each N: by its regex alone. Same count, same best four with
 * the same depths, same maint_section_claims() for each section with N:,
 * on written-out MAINTAINERS and paths, on random paths over the patterns'
 * words, and on every path (file and directory) of the kernel trees named
 * by WQCHECK_MAINTAINERS_TREES (colon-separated), when set. */
#include "front/maintainers.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "test-lib.h"

#include <ftw.h>
#include <stdlib.h>
#include <string.h>

#define BEST 4

static const char maintainers_text[] =
	"ACME ETHERNET DRIVER\n"
	"M:\tAda Acme <ada@example.org>\n"
	"F:\tdrivers/net/ethernet/acme/\n"
	"F:\tdrivers/net/ethernet/acme\n"
	"X:\tdrivers/net/ethernet/acme/old/\n"
	"\n"
	"NETWORKING DRIVERS\n"
	"M:\tDavid Net <davem@example.org>\n"
	"F:\tdrivers/net/\n"
	"X:\tdrivers/net/wireless/\n"
	"X:\tdrivers/net/*/legacy*\n"
	"\n"
	"TOP LEVEL NET FILES\n"
	"M:\tTop Net <top@example.org>\n"
	"F:\tdrivers/net/*.c\n"
	"F:\tdrivers/net/?x.h\n"
	"\n"
	"XE\n"
	"M:\tX E <xe@example.org>\n"
	"F:\tdrivers/gpu/drm/xe/\n"
	"F:\tdrivers/gpu/drm/xe/xe_gt*\n"
	"F:\tinclude/uapi/drm/xe_drm.h\n"
	"F:\tdrivers/gpu/drm/xe/[a-c]*.c\n"
	"\n"
	"BROADCOM\n"
	"M:\tB C <bc@example.org>\n"
	"N:\tbcm[9]?6878\n"
	"N:\tbcm113*\n"
	"N:\tsun[x456789]i\n"
	"N:\t[^a-z]tegra\n"
	"N:\t^.*/vdso/[^/]*getrandom[^/]+$\n"
	"N:\tinclude/linux/page[-_]*\n"
	"N:\t\\bmxc[^\\d]\n"
	"N:\tzstd|lz4\n"
	"N:\tasm/elf.h\n"
	"\n"
	"PAGES\n"
	"M:\tP G <pg@example.org>\n"
	"F:\tinclude/linux/page*\n"
	"F:\tmm/\n"
	"N:\tpage\n"
	"X:\tmm/zstd*\n"
	"\n"
	"WILD\n"
	"M:\tW W <ww@example.org>\n"
	"F:\t*/vdso/*\n"
	"F:\tarch/*/boot/dts/\n"
	"F:\tDocumentation/devicetree/bindings/*/sun*\n"
	"\n"
	"DMX\n"
	"M:\tAl Mapper <agk@example.org>\n"
	"F:\tdrivers/md/dmx*\n"
	"F:\tdrivers/md/dm.c\n"
	"\n"
	"THE REST\n"
	"M:\tLinus <torvalds@example.org>\n"
	"S:\tBuried alive in reports\n"
	"F:\t*\n"
	"F:\t*/\n";

static const char *const words[] = {
	"drivers/", "net/", "ethernet/", "acme/", "acme", "old/", "wireless/",
	"legacy", "gpu/", "drm/", "xe/", "xe_gt", "xe_drm.h", "include/",
	"uapi/", "linux/", "page", "-", "_", "mm/", "zstd", "lz4", "arch/",
	"arm/", "boot/", "dts/", "vdso/", "getrandom", "x", "Documentation/",
	"devicetree/", "bindings/", "sun4i", "sun3i", "bcm6878", "bcm96878",
	"bcm113", "bcm11", "tegra", "/tegra", "mxc", "mxc1", "mxcx", "asm/",
	"elf.h", "elfxh", "md/", "dmx", "dm.c", "a.c", "b.c", "z.c", "ax.h",
	"/", "", "ab", ".c", ".h",
};

/* The old matcher: get_maintainer.pl's regex of each F:/X: (compiled here
 * from the pattern's text) and every section in turn. */
struct reference {
	const struct maintainers *m;
	regex_t **files, **excludes; /* per section, per pattern */
};

static void compile_like_get_maintainer(regex_t *re,
					const struct maint_pattern *p)
{
	struct strbuf sb = STRBUF_INIT;
	const char *s;

	strbuf_addch(&sb, '^');
	for (s = p->text; *s; s++) {
		if (*s == '.')
			strbuf_addstr(&sb, "\\.");
		else if (*s == '*')
			strbuf_addstr(&sb, ".*");
		else if (*s == '?')
			strbuf_addch(&sb, '.');
		else
			strbuf_addch(&sb, *s);
	}
	if (p->slash_added)
		strbuf_addch(&sb, '/');
	if (regcomp(re, sb.buf, REG_EXTENDED | REG_NOSUB))
		die("cannot compile %s", sb.buf);
	strbuf_release(&sb);
}

static regex_t *compile_all(const struct maint_pattern *p, size_t n)
{
	regex_t *re = xcalloc(n + 1, sizeof(*re));
	size_t i;

	for (i = 0; i < n; i++)
		compile_like_get_maintainer(&re[i], &p[i]);
	return re;
}

static void reference_init(struct reference *r, const struct maintainers *m)
{
	size_t i;

	r->m = m;
	r->files = xcalloc(m->nr + 1, sizeof(*r->files));
	r->excludes = xcalloc(m->nr + 1, sizeof(*r->excludes));
	for (i = 0; i < m->nr; i++) {
		r->files[i] = compile_all(m->sections[i].files,
					  m->sections[i].nr_files);
		r->excludes[i] = compile_all(m->sections[i].excludes,
					     m->sections[i].nr_excludes);
	}
}

static void reference_release(struct reference *r)
{
	size_t i, j;

	for (i = 0; i < r->m->nr; i++) {
		for (j = 0; j < r->m->sections[i].nr_files; j++)
			regfree(&r->files[i][j]);
		for (j = 0; j < r->m->sections[i].nr_excludes; j++)
			regfree(&r->excludes[i][j]);
		free(r->files[i]);
		free(r->excludes[i]);
	}
	free(r->files);
	free(r->excludes);
}

static size_t slashes(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

static bool ref_file_matches(const struct maint_pattern *p, const regex_t *re,
			     const char *path)
{
	/* the regex is anchored: its first literal bytes begin the path
	 * (the cheap test first; regexec() alone says the same) */
	if (strncmp(path, p->text, p->literal_len) ||
	    regexec(re, path, 0, NULL, 0))
		return false;
	return p->is_dir || slashes(path) == slashes(p->text);
}

static int ref_depth(const struct reference *r, size_t i, const char *path)
{
	const struct maint_section *s = &r->m->sections[i];
	int depth = -2;
	size_t j;

	for (j = 0; j < s->nr_excludes; j++)
		if (ref_file_matches(&s->excludes[j], &r->excludes[i][j], path))
			return -2;
	for (j = 0; j < s->nr_files; j++)
		if (ref_file_matches(&s->files[j], &r->files[i][j], path) &&
		    s->files[j].depth > depth)
			depth = s->files[j].depth;
	for (j = 0; j < s->nr_names; j++)
		if (!regexec(&s->names[j].re, path, 0, NULL, 0) && depth < 0)
			depth = 0;
	return depth;
}

static size_t ref_match(const struct reference *r, const char *path,
			struct maint_match *out, size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < r->m->nr; i++) {
		int depth = ref_depth(r, i, path);
		size_t kept = n < max ? n : max;

		if (depth == -2)
			continue;
		for (j = kept; j > 0 && out[j - 1].depth < depth; j--)
			if (j < max)
				out[j] = out[j - 1];
		if (j < max) {
			out[j].section = &r->m->sections[i];
			out[j].depth = depth;
		}
		n++;
	}
	return n;
}

/* Whether both matchers say the same of path; prints the first difference. */
static bool same(const struct reference *r, const char *path, size_t *shown)
{
	struct maint_match want[BEST], got[BEST];
	size_t nw = ref_match(r, path, want, BEST),
	       ng = maintainers_match(r->m, path, got, BEST), i;
	bool ok = nw == ng;

	for (i = 0; ok && i < (nw < BEST ? nw : BEST); i++)
		ok = want[i].section == got[i].section &&
		     want[i].depth == got[i].depth;
	for (i = 0; ok && i < r->m->nr; i++)
		if (r->m->sections[i].nr_names)
			ok = maint_section_claims(&r->m->sections[i], path) ==
			     (ref_depth(r, i, path) != -2);
	if (!ok && (*shown)++ < 5)
		printf("# differs: '%s' (%zu sections, %zu with the index)\n",
		       path, nw, ng);
	return ok;
}

struct path_set {
	char **paths;
	size_t nr, alloc;
};

static void add_path(struct path_set *ps, const char *path)
{
	ALLOC_GROW(ps->paths, ps->nr, ps->alloc);
	ps->paths[ps->nr++] = xstrdup(path);
}

static void check_paths(const struct maintainers *m, struct path_set *ps,
			const char *what)
{
	struct reference r;
	size_t i, differ = 0, shown = 0;
	char label[512];

	reference_init(&r, m);
	for (i = 0; i < ps->nr; i++)
		differ += !same(&r, ps->paths[i], &shown);
	reference_release(&r);
	snprintf(label, sizeof(label),
		 "index: %s: %zu paths, %zu sections, the same matches as every section asked (%zu differ)",
		 what, ps->nr, m->nr, differ);
	CHECK(label, ps->nr && !differ);
	for (i = 0; i < ps->nr; i++)
		free(ps->paths[i]);
	free(ps->paths);
	memset(ps, 0, sizeof(*ps));
}

static void test_written_out(const struct maintainers *m)
{
	struct path_set ps = { 0 };
	static const char *const paths[] = {
		"", "/", "a", "drivers", "drivers/", "drivers/net",
		"drivers/net/", "drivers/net/x.c", "drivers/net/ax.h",
		"drivers/net/phy/phy.c", "drivers/net/wireless/a.c",
		"drivers/net/foo/legacy_x.c", "drivers/net/ethernet/acme",
		"drivers/net/ethernet/acme/a.c",
		"drivers/net/ethernet/acme/old/a.c",
		"drivers/net/ethernet/acmex/a.c", "drivers/gpu/drm/xe/xe_gt.c",
		"drivers/gpu/drm/xe/b.c", "drivers/gpu/drm/xe/sub/b.c",
		"include/uapi/drm/xe_drm.h", "include/linux/page-flags.h",
		"include/linux/pagemap.h", "mm/zstd.c", "mm/page_alloc.c",
		"arch/arm/boot/dts/bcm96878.dts", "arch/x86/vdso/getrandom.c",
		"lib/vdso/getrandomx.c", "drivers/soc/tegra/a.c",
		"drivers/tegra.c", "drivers/mxc1.c", "drivers/mxcx.c",
		"lib/zstd/a.c", "lib/lz4/a.c", "include/asm/elf.h",
		"include/asm/elfxh", "drivers/md/dmx-target.c",
		"drivers/md/dm.c", "drivers/md/dm.h", "Makefile",
		"Documentation/devicetree/bindings/clock/sun4i.txt",
	};
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		add_path(&ps, paths[i]);
	check_paths(m, &ps, "written-out paths");
}

static void test_random_paths(const struct maintainers *m)
{
	struct path_set ps = { 0 };
	struct strbuf sb = STRBUF_INIT;
	unsigned seed = 41;
	size_t i, j, nr_words = sizeof(words) / sizeof(words[0]);

	for (i = 0; i < 50000; i++) {
		size_t n = 1 + rand_r(&seed) % 7;

		strbuf_reset(&sb);
		for (j = 0; j < n; j++)
			strbuf_addstr(&sb, words[rand_r(&seed) % nr_words]);
		add_path(&ps, sb.buf);
	}
	strbuf_release(&sb);
	check_paths(m, &ps, "random paths over the patterns' words");
}

/* Every file and directory of a tree (its .git aside), relative to it; a
 * directory also with its trailing '/', and each path's first half. */
static struct path_set *walk_set;
static size_t walk_root_len;

static int walk_one(const char *fpath, const struct stat *sb, int type,
		    struct FTW *ftw)
{
	const char *rel = fpath + walk_root_len;
	struct strbuf half = STRBUF_INIT;

	(void)sb;
	(void)ftw;
	if (*rel == '/')
		rel++;
	if (!strcmp(rel, ".git") || !strncmp(rel, ".git/", 5))
		return 0;
	add_path(walk_set, rel);
	if (type == FTW_D && *rel) {
		strbuf_addf(&half, "%s/", rel);
		add_path(walk_set, half.buf);
		strbuf_reset(&half);
	}
	strbuf_add(&half, rel, strlen(rel) / 2);
	add_path(walk_set, half.buf);
	strbuf_release(&half);
	return 0;
}

static void test_tree(const char *tree)
{
	struct maintainers m = { 0 };
	struct path_set ps = { 0 };
	char label[512];

	snprintf(label, sizeof(label), "index: %s/MAINTAINERS reads", tree);
	if (maintainers_load(&m, tree) < 0) {
		CHECK(label, false);
		return;
	}
	walk_set = &ps;
	walk_root_len = strlen(tree);
	nftw(tree, walk_one, 64, FTW_PHYS);
	check_paths(&m, &ps, tree);
	maintainers_release(&m);
}

int main(void)
{
	struct maintainers m = { 0 };
	const char *trees = getenv("WQCHECK_MAINTAINERS_TREES");

	maintainers_parse(&m, maintainers_text, sizeof(maintainers_text) - 1,
			  NULL);
	CHECK("index: the written-out MAINTAINERS has its sections",
	      m.nr == 9);
	test_written_out(&m);
	test_random_paths(&m);
	maintainers_release(&m);
	if (trees && *trees) {
		char *copy = xstrdup(trees), *tree, *save = NULL;

		for (tree = strtok_r(copy, ":", &save); tree;
		     tree = strtok_r(NULL, ":", &save))
			test_tree(tree);
		free(copy);
	}
	return test_failures ? 1 : 0;
}
