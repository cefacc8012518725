/* Unit tests for MAINTAINERS matching (get_maintainer.pl's semantics) and the
 * words of a series: subjects, prefixes, wrapping. */
#include "front/maintainers.h"
#include "products/series/series-message.h"
#include "lib/strbuf.h"
#include "test-lib.h"
#include "lib/usage.h"

#include <stdlib.h>

static const char maintainers_text[] =
	"List of maintainers\n"
	"\n"
	"\tM: Mail patches to: FullName <address@domain>\n"
	"\tF:\tdrivers/net/\tall files in and below drivers/net\n"
	"\n"
	"ACME ETHERNET DRIVER\n"
	"M:\tAda Acme <ada@example.org>\n"
	"R:\tRene Reviewer <rene@example.org>\n"
	"L:\tnetdev@example.org\n"
	"F:\tdrivers/net/ethernet/acme/\n"
	"\n"
	"NETWORKING DRIVERS\n"
	"M:\tDavid Net <davem@example.org>\n"
	"L:\tnetdev@example.org\n"
	"F:\tdrivers/net/\n"
	"X:\tdrivers/net/wireless/\n"
	"\n"
	"TOP LEVEL NET FILES\n"
	"M:\tTop Net <top@example.org>\n"
	"F:\tdrivers/net/*.c\n"
	"\n"
	"DMX\n"
	"M:\tAl Mapper <agk@example.org>\n"
	"F:\tdrivers/md/dmx*\n"
	"\n"
	"CEPHX\n"
	"M:\tSage <sage@example.org>\n"
	"N:\tcephx\n"
	"\n"
	"SOUND\n"
	"M:\tTakashi <tiwai@example.org>\n"
	"L:\talsa-devel@example.org (moderated for non-subscribers)\n"
	"F:\tsound/\n"
	"\n"
	"WORKQUEUE\n"
	"M:\tTejun <tj@example.org>\n"
	"F:\tkernel/workqueue.c\n"
	"K:\t\\b(system_nrt_wq|WQ_NON_REENTRANT)\\b\n"
	"\n"
	"THE REST\n"
	"M:\tLinus <torvalds@example.org>\n"
	"L:\tlinux-kernel@example.org\n"
	"S:\tBuried alive in reports\n"
	"F:\t*\n"
	"F:\t*/\n";

static const char *owner(const struct maintainers *m, const char *path)
{
	const struct maint_section *s = maintainers_owner(m, path);

	return s ? s->name : "(none)";
}

static void test_parse(const struct maintainers *m)
{
	const struct maint_section *acme = &m->sections[0],
				   *sound = &m->sections[5];

	CHECK("maintainers: the preamble is not a section", m->nr == 8);
	CHECK_STR("maintainers: first section name", acme->name,
		  "ACME ETHERNET DRIVER");
	CHECK("maintainers: M: and R: are people", acme->nr_people == 2);
	CHECK_STR("maintainers: R: kept as written", acme->people[1],
		  "Rene Reviewer <rene@example.org>");
	CHECK_STR("maintainers: L: without its note", sound->lists[0],
		  "alsa-devel@example.org");
	CHECK("maintainers: S: Buried alive in reports marks the chief penguin",
	      m->sections[7].chief_penguin && !acme->chief_penguin);
}

static void test_owner(const struct maintainers *m)
{
	CHECK_STR("owner: the deepest directory pattern wins",
		  owner(m, "drivers/net/ethernet/acme/acme_main.c"),
		  "ACME ETHERNET DRIVER");
	CHECK_STR("owner: a directory pattern covers subdirectories",
		  owner(m, "drivers/net/phy/phy.c"), "NETWORKING DRIVERS");
	CHECK_STR("owner: X: excludes, the next match wins",
		  owner(m, "drivers/net/wireless/zeta/zeta.c"), "THE REST");
	CHECK_STR("owner: a file glob beats its directory at the same place",
		  owner(m, "drivers/net/loopback.c"), "TOP LEVEL NET FILES");
	CHECK_STR("owner: a file glob does not reach below its directory",
		  owner(m, "drivers/net/can/can.c"), "NETWORKING DRIVERS");
	CHECK_STR("owner: '*' in a file glob is a prefix match at that depth",
		  owner(m, "drivers/md/dmx-target.c"), "DMX");
	CHECK_STR("owner: N: regex on the path",
		  owner(m, "net/cephx/messenger.c"), "CEPHX");
	CHECK_STR("owner: F: * and */ catch the rest", owner(m, "lib/foo.c"),
		  "THE REST");
	CHECK_STR("owner: an exact file", owner(m, "kernel/workqueue.c"),
		  "WORKQUEUE");
}

static void test_match_order(const struct maintainers *m)
{
	struct maint_match out[8];
	size_t n = maintainers_match(m, "drivers/net/ethernet/acme/acme_main.c",
				     out, 8);

	CHECK("match: three sections claim an acme file", n == 3);
	CHECK("match: most specific first",
	      n == 3 && !strcmp(out[0].section->name, "ACME ETHERNET DRIVER") &&
		      !strcmp(out[1].section->name, "NETWORKING DRIVERS") &&
		      !strcmp(out[2].section->name, "THE REST"));
	n = maintainers_match(m, "drivers/net/ethernet/acme/acme_main.c", out,
			      1);
	CHECK("match: with room for one, the most specific is kept",
	      n == 3 && !strcmp(out[0].section->name, "ACME ETHERNET DRIVER"));
	CHECK("match: THE REST's '*' has depth -1", out[0].depth > 0);
}

static void test_keywords(const struct maintainers *m)
{
	const struct maint_section *wq = &m->sections[6];

	CHECK("keywords: a removed line matches",
	      maint_section_keyword_matches(
		      wq, "--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n"
			  "-\tqueue_work(system_nrt_wq, w);\n"
			  "+\tschedule_work(w);\n"));
	CHECK("keywords: a context line does not",
	      !maint_section_keyword_matches(
		      wq, "--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n"
			  " \tqueue_work(system_nrt_wq, w);\n"
			  "-\tflush_work_sync(w);\n"));
	CHECK("keywords: \\b is a word boundary",
	      !maint_section_keyword_matches(wq, "--- a/x.c\n+++ b/x.c\n"
						 "-my_system_nrt_wq_x\n"));
	CHECK("keywords: a section without K: never matches",
	      !maint_section_keyword_matches(&m->sections[0],
					     "-system_nrt_wq\n"));
}

static void test_prefixes(void)
{
	char *p;
	char *paths1[] = { "drivers/net/ethernet/acme/acme.h",
			   "drivers/net/ethernet/acme/a.c" };
	char *paths2[] = { "sound/soc/codecs/wm.c" };
	char *paths3[] = { "sound/core/timer.c", "sound/pci/hda/jack.c" };
	char *paths4[] = { "fs/xyz/super.c", "fs/xyz/quota.c" };
	char *paths5[] = { "drivers/usb/host/x.c", "drivers/usb/serial/y.c" };
	char *paths6[] = { "kernel/workqueue.c" };

	p = series_subject_prefix("net: phy: fix the poll interval");
	CHECK_STR("prefix: every word before the description", p, "net: phy");
	free(p);
	p = series_subject_prefix("drm/i915: use the new API");
	CHECK_STR("prefix: slashes belong to the word", p, "drm/i915");
	free(p);
	p = series_subject_prefix("Fix a typo: teh");
	CHECK("prefix: a description with a colon is not a prefix", p == NULL);
	free(p);
	p = series_subject_prefix("Revert \"net: foo\"");
	CHECK("prefix: reverts have none", p == NULL);
	free(p);
	p = series_common_prefix(
		"acme: a\nnet: acme: b\nacme: c\nInitial import\n");
	CHECK_STR("prefix: the most common in the history", p, "acme");
	free(p);
	p = series_common_prefix("net: acme: b\nacme: c\n");
	CHECK_STR("prefix: the most recent among equals", p, "net: acme");
	free(p);
	p = series_common_prefix("Initial import\n");
	CHECK("prefix: none in the history", p == NULL);
	free(p);
	p = series_path_prefix(paths1, 2);
	CHECK_STR("path prefix: a network driver", p, "net: acme");
	free(p);
	p = series_path_prefix(paths2, 1);
	CHECK_STR("path prefix: ASoC", p, "ASoC: codecs");
	free(p);
	p = series_path_prefix(paths3, 2);
	CHECK_STR("path prefix: ALSA across directories", p, "ALSA");
	free(p);
	p = series_path_prefix(paths4, 2);
	CHECK_STR("path prefix: a file system", p, "xyz");
	free(p);
	p = series_path_prefix(paths5, 2);
	CHECK_STR("path prefix: a driver subsystem", p, "usb");
	free(p);
	p = series_path_prefix(paths6, 1);
	CHECK_STR("path prefix: a core file", p, "workqueue");
	free(p);
}

static void test_subjects(void)
{
	struct strbuf sb = STRBUF_INIT;

	series_subject(&sb, "xyz", 1u << 1);
	CHECK_STR("subject: WQ001", sb.buf,
		  "xyz: use flush_work() instead of flush_work_sync()");
	strbuf_reset(&sb);
	series_subject(&sb, "xyz", 1u << 1 | 1u << 2);
	CHECK_STR(
		"subject: WQ001 and WQ002", sb.buf,
		"xyz: use flush[_delayed]_work() instead of flush[_delayed]_work_sync()");
	strbuf_reset(&sb);
	series_subject(&sb, "net: acme", 1u << 3);
	CHECK_STR("subject: WQ003", sb.buf,
		  "net: acme: use system_wq instead of system_nrt_wq");
	strbuf_reset(&sb);
	series_subject(&sb, "ASoC", 1u << 4);
	CHECK_STR(
		"subject: WQ004", sb.buf,
		"ASoC: use system_freezable_wq instead of system_nrt_freezable_wq");
	strbuf_reset(&sb);
	series_subject(&sb, "md", 1u << 5);
	CHECK_STR("subject: WQ005", sb.buf,
		  "md: WQ_NON_REENTRANT is meaningless and going away");
	strbuf_reset(&sb);
	{
		/* the subject names what the hunks add, never WQ_PERCPU alone
		 * for a patch that adds WQ_UNBOUND */
		struct series_words w = { .mask = 1u << 22, .unbound = 1u << 22 };

		series_subject_words(&sb, "gpu: xe", &w);
		CHECK_STR("subject: WQ022, all unbound", sb.buf,
			  "gpu: xe: add WQ_UNBOUND to alloc_workqueue users");
		strbuf_reset(&sb);
		w.kept = 1u << 22;
		series_subject_words(&sb, "gpu: xe", &w);
		CHECK_STR("subject: WQ022, both", sb.buf,
			  "gpu: xe: add WQ_PERCPU or WQ_UNBOUND to alloc_workqueue users");
		strbuf_reset(&sb);
		w.mask = w.unbound = 1u << 20;
		w.kept = 0;
		series_subject_words(&sb, "drm", &w);
		CHECK_STR("subject: WQ020, all unbound", sb.buf,
			  "drm: replace use of system_wq with system_dfl_wq");
		strbuf_reset(&sb);
		w.unbound_sites = "  drivers/x.c:3: system_dfl_wq (work: x_fn())\n";
		series_body_words(&sb, &w);
		CHECK("body: unbound: says it changes behavior, never that it does not",
		      strstr(sb.buf, "This patch changes behavior:") &&
		      !strstr(sb.buf, "doesn't introduce") &&
		      strstr(sb.buf, "drivers/x.c:3: system_dfl_wq (work: x_fn())"));
		strbuf_reset(&sb);
		w.unbound = 0;
		w.kept = 1u << 20;
		w.ends_wq014 = true;
		w.unbound_sites = NULL;
		series_body_words(&sb, &w);
		CHECK("body: a rename that ends a WQ014 is a fix, and says what changes",
		      strstr(sb.buf, "This is also a fix") &&
		      strstr(sb.buf, "This patch changes behavior:") &&
		      !strstr(sb.buf, "doesn't introduce"));
		strbuf_reset(&sb);
	}
	series_body(&sb, 1u << 5, NULL, false);
	CHECK("body: cites the commit whole",
	      strstr(sb.buf,
		     "dbf2576e37da (\"workqueue: make all workqueues\nnon-reentrant\")") ||
		      strstr(sb.buf,
			     "dbf2576e37da (\"workqueue: make all workqueues non-reentrant\")"));
	{
		const char *line = sb.buf;
		bool narrow = true;

		while (*line) {
			size_t n = strcspn(line, "\n");

			narrow = narrow && n <= 72;
			line += n + (line[n] == '\n');
		}
		CHECK("body: lines of at most 72 columns", narrow);
	}
	strbuf_reset(&sb);
	series_wrap(&sb, "aaa bbb ccc", 7);
	CHECK_STR("wrap: at the width", sb.buf, "aaa bbb\nccc\n");
	strbuf_release(&sb);
}

int main(void)
{
	struct maintainers m = { 0 };

	maintainers_parse(&m, maintainers_text, sizeof(maintainers_text) - 1,
			  NULL);
	test_parse(&m);
	test_owner(&m);
	test_match_order(&m);
	test_keywords(&m);
	maintainers_release(&m);
	test_prefixes();
	test_subjects();
	return test_failures ? 1 : 0;
}
