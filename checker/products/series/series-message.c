#include "products/series/series-message.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int series_rule_number(const struct rule *r)
{
	char *end;
	long n;

	if (strncmp(r->id, "WQ", 2))
		return -1;
	n = strtol(r->id + 2, &end, 10);
	if (*end || n < 0 || n > SERIES_MAX_RULE)
		return -1;
	return (int)n;
}

int series_family_of(const struct rule *r)
{
	switch (series_rule_number(r)) {
	case 1:
	case 2:
		return FAMILY_FLUSH_SYNC;
	case 3:
	case 4:
		return FAMILY_SYSTEM_NRT;
	case 5:
		return FAMILY_NON_REENTRANT;
	case 20:
		return FAMILY_SYSTEM_WQ;
	case 21:
		return FAMILY_SYSTEM_UNBOUND_WQ;
	case 22:
		return FAMILY_WQ_PERCPU;
	}
	return -1;
}

const char *series_family_name(enum series_family f)
{
	static const char *const names[] = {
		[FAMILY_FLUSH_SYNC] = "flush_work_sync",
		[FAMILY_SYSTEM_NRT] = "system_nrt_wq",
		[FAMILY_NON_REENTRANT] = "WQ_NON_REENTRANT",
		[FAMILY_SYSTEM_WQ] = "system_wq",
		[FAMILY_SYSTEM_UNBOUND_WQ] = "system_unbound_wq",
		[FAMILY_WQ_PERCPU] = "WQ_PERCPU",
	};

	return f < NR_FAMILIES ? names[f] : "?";
}

#define BIT(n) (1u << (n))
#define FLUSH_MASK (BIT(1) | BIT(2))
#define NRT_MASK (BIT(3) | BIT(4))
#define NON_REENTRANT_MASK BIT(5)
#define LEGACY_MASK (FLUSH_MASK | NRT_MASK | NON_REENTRANT_MASK)
#define PERCPU_MASK (BIT(20) | BIT(21) | BIT(22))
/* Not a rule of the patch: its WQ020 renames end a WQ014 (series-patches.c). */
#define ENDS_WQ014 BIT(14)

static int families_in(unsigned mask)
{
	return !!(mask & FLUSH_MASK) + !!(mask & NRT_MASK) +
	       !!(mask & NON_REENTRANT_MASK) + !!(mask & BIT(20)) +
	       !!(mask & BIT(21)) + !!(mask & BIT(22));
}

bool series_mask_is_percpu(unsigned mask)
{
	mask &= ~ENDS_WQ014;
	return mask && !(mask & ~PERCPU_MASK);
}

/* The old and new names for the rules of a family present in mask, in the
 * bracket shorthand upstream used when both appear. */
static void flush_names(unsigned mask, const char **old_name,
			const char **new_name)
{
	if ((mask & FLUSH_MASK) == FLUSH_MASK) {
		*old_name = "flush[_delayed]_work_sync()";
		*new_name = "flush[_delayed]_work()";
	} else if (mask & BIT(2)) {
		*old_name = "flush_delayed_work_sync()";
		*new_name = "flush_delayed_work()";
	} else {
		*old_name = "flush_work_sync()";
		*new_name = "flush_work()";
	}
}

static void nrt_names(unsigned mask, const char **old_name,
		      const char **new_name)
{
	if ((mask & NRT_MASK) == NRT_MASK) {
		*old_name = "system_nrt[_freezable]_wq";
		*new_name = "system[_freezable]_wq";
	} else if (mask & BIT(4)) {
		*old_name = "system_nrt_freezable_wq";
		*new_name = "system_freezable_wq";
	} else {
		*old_name = "system_nrt_wq";
		*new_name = "system_wq";
	}
}

/* The names a 6.17 patch adds, in the order upstream's subjects give them. */
static void added_names(const struct series_words *w, const char **names,
			size_t *nr)
{
	unsigned kept = w->kept | (w->mask & ~w->unbound);

	*nr = 0;
	if (kept & BIT(20))
		names[(*nr)++] = "system_percpu_wq";
	if ((w->unbound & BIT(20)) || (w->mask & BIT(21)))
		names[(*nr)++] = "system_dfl_wq";
	if (kept & BIT(22))
		names[(*nr)++] = "WQ_PERCPU";
	if (w->unbound & BIT(22))
		names[(*nr)++] = "WQ_UNBOUND";
}

static void name_list(struct strbuf *sb, const char *const *names, size_t nr,
		      const char *last_word)
{
	size_t i;

	for (i = 0; i < nr; i++)
		strbuf_addf(sb, "%s%s", i == 0 ? "" : i + 1 == nr ? last_word : ", ",
			    names[i]);
}

bool series_words_change_behavior(const struct series_words *w)
{
	return (w->unbound & (BIT(20) | BIT(22))) || w->ends_wq014;
}

void series_words_change(struct strbuf *sb, const struct series_words *w)
{
	const char *names[2];
	size_t nr = 0;

	if (w->unbound & BIT(20))
		names[nr++] = "system_dfl_wq";
	if (w->unbound & BIT(22))
		names[nr++] = "WQ_UNBOUND";
	if (nr) {
		strbuf_addstr(sb, "work that is safe off its CPU moves to ");
		name_list(sb, names, nr, " and ");
		strbuf_addstr(sb, " and may run on any CPU");
	}
	if (w->ends_wq014)
		strbuf_addf(sb, "%sa work item on two workqueues is put on one, so "
			    "its runs no longer overlap on a machine with more than "
			    "one CPU", nr ? "; " : "");
}

void series_subject_words(struct strbuf *sb, const char *prefix,
			  const struct series_words *w)
{
	unsigned mask = w->mask & ~ENDS_WQ014;
	const char *names[4], *old_name, *new_name;
	size_t nr;

	strbuf_addf(sb, "%s: ", prefix);
	added_names(w, names, &nr);
	/* 6.17: the words of upstream's conversions, one API per patch */
	if (families_in(mask) > 1 && series_mask_is_percpu(mask)) {
		strbuf_addstr(sb, "use ");
		name_list(sb, names, nr, " and ");
	} else if (mask == BIT(20)) {
		strbuf_addstr(sb, "replace use of system_wq with ");
		name_list(sb, names, nr, " and ");
	} else if (mask == BIT(21)) {
		strbuf_addstr(sb, "replace use of system_unbound_wq with system_dfl_wq");
	} else if (mask == BIT(22)) {
		strbuf_addstr(sb, "add ");
		name_list(sb, names, nr, " or ");
		strbuf_addstr(sb, " to alloc_workqueue users");
	} else if (families_in(mask) > 1) {
		strbuf_addstr(
			sb,
			"drop workqueue APIs made redundant by non-reentrant workqueues");
	} else if (mask & FLUSH_MASK) {
		flush_names(mask, &old_name, &new_name);
		strbuf_addf(sb, "use %s instead of %s", new_name, old_name);
	} else if (mask & NRT_MASK) {
		nrt_names(mask, &old_name, &new_name);
		strbuf_addf(sb, "use %s instead of %s", new_name, old_name);
	} else {
		strbuf_addstr(sb,
			      "WQ_NON_REENTRANT is meaningless and going away");
	}
}

void series_subject(struct strbuf *sb, const char *prefix, unsigned mask)
{
	struct series_words w = { .mask = mask, .kept = mask };

	series_subject_words(sb, prefix, &w);
}

void series_wrap(struct strbuf *sb, const char *text, size_t width)
{
	size_t col = 0;
	const char *s = text;

	while (*s) {
		size_t n = strcspn(s, " ");

		if (col && col + 1 + n > width) {
			strbuf_addch(sb, '\n');
			col = 0;
		} else if (col) {
			strbuf_addch(sb, ' ');
			col++;
		}
		strbuf_add(sb, s, n);
		col += n;
		s += n;
		/* Two spaces after a sentence stay two spaces when the line
		 * goes on, as upstream wrote them. */
		if (*s == ' ' && s[1] == ' ' && col + 1 < width && s[2]) {
			size_t next = strcspn(s + 2, " ");

			if (col + 2 + next <= width) {
				strbuf_addch(sb, ' ');
				col++;
			}
		}
		while (*s == ' ')
			s++;
	}
	strbuf_addch(sb, '\n');
}

static const char cite[] =
	"commit dbf2576e37da (\"workqueue: make all workqueues non-reentrant\")";

static void paragraph(struct strbuf *sb, const char *text)
{
	if (sb->len)
		strbuf_addch(sb, '\n');
	series_wrap(sb, text, 72);
}

void series_body_words(struct strbuf *sb, const struct series_words *w)
{
	struct strbuf p = STRBUF_INIT;
	const char *old_name, *new_name;
	unsigned mask = w->mask;
	unsigned kept = (w->kept | (mask & ~w->unbound)) & mask;
	bool changes = series_words_change_behavior(w);

	if (mask & FLUSH_MASK) {
		flush_names(mask, &old_name, &new_name);
		strbuf_addf(
			&p,
			"Since %s, a work item never runs on more than one CPU at a time, "
			"so %s already waits for the instance that may still be running "
			"elsewhere, which was all %s added.  %s %s now equivalent to %s and "
			"going away.  Use %s instead.",
			cite, new_name, old_name, old_name,
			(mask & FLUSH_MASK) == FLUSH_MASK ? "are" : "is",
			new_name, new_name);
		paragraph(sb, p.buf);
		strbuf_reset(&p);
	}
	if (mask & NRT_MASK) {
		nrt_names(mask, &old_name, &new_name);
		strbuf_addf(
			&p,
			"Since %s, all workqueues are non-reentrant, so there is no reason "
			"to use %s any more: %s %s now equivalent to %s and going away.  Use "
			"%s instead.",
			cite, old_name, old_name,
			(mask & NRT_MASK) == NRT_MASK ? "are" : "is", new_name,
			new_name);
		if (mask & BIT(3))
			strbuf_addstr(
				&p,
				"  queue_work(system_wq, w) is schedule_work(w) and "
				"queue_delayed_work(system_wq, w, d) is "
				"schedule_delayed_work(w, d), so those calls become the "
				"latter.");
		paragraph(sb, p.buf);
		strbuf_reset(&p);
	}
	if (mask & BIT(20)) {
		paragraph(sb, "Linux 6.17 added system_percpu_wq and system_dfl_wq "
			  "(commit 128ea9f6ccfb (\"workqueue: Add system_percpu_wq and "
			  "system_dfl_wq\")): system_percpu_wq has system_wq's per-CPU "
			  "flags under a name that says it is per-CPU, system_dfl_wq is "
			  "the unbound one.  system_wq is to be removed once its users "
			  "are converted, and schedule_work() and friends already queue "
			  "on system_percpu_wq.");
		if (kept & BIT(20))
			paragraph(sb, (w->unbound & BIT(20)) ?
				  "Replace system_wq with system_percpu_wq where the "
				  "work is not known to be safe off its CPU: that work "
				  "keeps running on the CPU it was queued on, as before." :
				  "Replace system_wq with system_percpu_wq.  The work "
				  "queued there keeps running on the CPU it was queued "
				  "on, as before.");
		if (w->unbound & BIT(20))
			paragraph(sb, (kept & BIT(20)) ?
				  "Replace it with system_dfl_wq at the sites listed "
				  "below, whose work is safe off its CPU: that work may "
				  "now run on any CPU." :
				  "Replace system_wq with system_dfl_wq at the sites "
				  "listed below, whose work is safe off its CPU: that "
				  "work may now run on any CPU.");
		if (w->ends_wq014) {
			paragraph(sb, "This is also a fix: a work item converted here "
				  "is queued with schedule_*() too, so today it is on "
				  "two workqueues, system_wq and system_percpu_wq, and "
				  "a run queued on one may overlap a run queued on the "
				  "other on another CPU (the workqueue keeps an item's "
				  "runs on one worker at a time only while it stays on "
				  "one workqueue; the two share each CPU's worker pool, "
				  "so with one CPU they never overlap).  "
				  "After this patch it is on system_percpu_wq only: the "
				  "workqueue schedule_*() already queues it on, per-CPU "
				  "as both were.");
			if (w->wq014_items && *w->wq014_items) {
				strbuf_addch(sb, '\n');
				strbuf_addstr(sb, w->wq014_items);
			}
		}
	}
	if (mask & BIT(21)) {
		paragraph(sb, "Linux 6.17 added system_dfl_wq (commit 128ea9f6ccfb "
			  "(\"workqueue: Add system_percpu_wq and system_dfl_wq\")): "
			  "a second workqueue with system_unbound_wq's unbound flags, "
			  "under the name that stays as unbound becomes the default.");
		paragraph(sb, "Replace system_unbound_wq with system_dfl_wq.");
	}
	if (mask & BIT(22)) {
		paragraph(sb, "Linux 6.17 added the WQ_PERCPU flag (commit 930c2ea566af "
			  "(\"workqueue: Add new WQ_PERCPU flag\")), the complement of "
			  "WQ_UNBOUND, because alloc_workqueue() is to create unbound "
			  "workqueues by default.  Until then every caller is to say "
			  "which it wants.");
		if (kept & BIT(22))
			paragraph(sb, (w->unbound & BIT(22)) ?
				  "Add WQ_PERCPU to the alloc_workqueue() users that "
				  "name neither flag and whose work is not known to be "
				  "safe off its CPU, so that they stay per-CPU when the "
				  "default changes." :
				  "Add WQ_PERCPU to the alloc_workqueue() users that name "
				  "neither flag, so that they stay per-CPU when the "
				  "default changes.");
		if (w->unbound & BIT(22))
			paragraph(sb, "Add WQ_UNBOUND to the alloc_workqueue() users "
				  "listed below, whose work is safe off its CPU: their "
				  "work, per-CPU today, may now run on any CPU.");
	}
	if (mask & NON_REENTRANT_MASK) {
		/* "Commit dbf2576e37da (...)" starts the sentence. */
		strbuf_addf(
			&p,
			"C%s made WQ_NON_REENTRANT a no-op, and the flag is going "
			"away.  Remove its uses.",
			cite + 1);
		paragraph(sb, p.buf);
		strbuf_reset(&p);
	}
	if (w->unbound_sites && *w->unbound_sites) {
		paragraph(sb, "Why the work at these sites is safe off its CPU: each "
			  "work item queued there has known work functions, none of "
			  "which reads the current CPU or per-CPU data (directly, two "
			  "calls deep, or through a static const ops table), and none "
			  "is queued on a chosen CPU with a *_on() call.");
		strbuf_addch(sb, '\n');
		strbuf_addstr(sb, w->unbound_sites);
	}
	if (changes) {
		strbuf_addstr(&p, "This patch changes behavior: ");
		if (w->unbound & (BIT(20) | BIT(22)))
			strbuf_addstr(&p, "the work queued at the sites listed above "
				      "may now run on any CPU, not only the one that "
				      "queued it");
		if ((w->unbound & (BIT(20) | BIT(22))) && w->ends_wq014)
			strbuf_addstr(&p, "; and ");
		if (w->ends_wq014)
			strbuf_addstr(&p, "the work item that was on two workqueues "
				      "is on one, so its runs no longer overlap on a "
				      "machine with more than one CPU");
		strbuf_addstr(&p, ".");
		if (mask & ~(BIT(20) | BIT(22)) & ~ENDS_WQ014 & PERCPU_MASK ||
		    (kept & (BIT(20) | BIT(22))))
			strbuf_addstr(&p, "  The other conversions keep each work "
				      "item where it ran.");
		paragraph(sb, p.buf);
		strbuf_reset(&p);
	} else if (w->prerequisite && (mask & LEGACY_MASK)) {
		paragraph(sb, "This patch depends on commit dbf2576e37da, which the "
			  "tree it was made for does not have yet: there the old "
			  "APIs still differ from the new ones.  On top of that "
			  "commit, this patch doesn't introduce any behavior "
			  "changes.");
	} else {
		paragraph(sb, "This patch doesn't introduce any behavior changes.");
	}
	strbuf_release(&p);
}

void series_body(struct strbuf *sb, unsigned mask, const char *unbound,
		 bool prerequisite)
{
	struct series_words w = {
		.mask = mask & ~ENDS_WQ014,
		.kept = mask & ~ENDS_WQ014,
		.ends_wq014 = mask & ENDS_WQ014,
		.unbound_sites = unbound,
		.prerequisite = prerequisite,
	};

	series_body_words(sb, &w);
}

/* A word of a prefix: "net", "drm/i915", "ASoC", "sched/fair", "x86/mm". */
static bool is_prefix_word(const char *s, size_t n)
{
	size_t i;

	if (!n || n > 40)
		return false;
	for (i = 0; i < n; i++)
		if (isspace((unsigned char)s[i]) || s[i] == '[' ||
		    s[i] == '"' || s[i] == '(')
			return false;
	return true;
}

char *series_subject_prefix(const char *subject)
{
	const char *s = subject, *colon, *end = NULL;

	if (!strncmp(s, "Revert ", 7) || !strncmp(s, "Merge ", 6))
		return NULL;
	/* Every ": "-separated word but the description that follows. */
	while ((colon = strstr(s, ": ")) &&
	       is_prefix_word(s, (size_t)(colon - s))) {
		end = colon;
		s = colon + 2;
	}
	return end ? xstrndup(subject, (size_t)(end - subject)) : NULL;
}

char *series_common_prefix(const char *subjects)
{
	char **prefixes = NULL;
	size_t *counts = NULL, nr = 0, alloc = 0, alloc_counts = 0, i, best = 0;
	const char *line = subjects;
	char *result = NULL;

	while (line && *line) {
		const char *nl = strchr(line, '\n');
		char *subject =
			xstrndup(line, nl ? (size_t)(nl - line) : strlen(line));
		char *prefix = series_subject_prefix(subject);

		free(subject);
		line = nl ? nl + 1 : NULL;
		if (!prefix)
			continue;
		for (i = 0; i < nr; i++)
			if (!strcmp(prefixes[i], prefix))
				break;
		if (i < nr) {
			counts[i]++;
			free(prefix);
			continue;
		}
		ALLOC_GROW(prefixes, nr, alloc);
		ALLOC_GROW(counts, nr, alloc_counts);
		prefixes[nr] = prefix;
		counts[nr++] = 1;
	}
	for (i = 1; i < nr; i++)
		if (counts[i] > counts[best])
			best = i;
	if (nr)
		result = xstrdup(prefixes[best]);
	for (i = 0; i < nr; i++)
		free(prefixes[i]);
	free(prefixes);
	free(counts);
	return result;
}

static size_t common_dir_len(char *const *paths, size_t nr)
{
	const char *slash = strrchr(paths[0], '/');
	size_t len = slash ? (size_t)(slash - paths[0]) : 0, i;

	for (i = 1; i < nr; i++) {
		while (len && (strncmp(paths[i], paths[0], len) ||
			       paths[i][len] != '/')) {
			while (len && paths[0][len - 1] != '/')
				len--;
			if (len)
				len--;
		}
	}
	return len;
}

static char *base_name_without_ext(const char *path)
{
	const char *slash = strrchr(path, '/'),
		   *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');

	return xstrndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

char *series_path_prefix(char *const *paths, size_t nr)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len = nr ? common_dir_len(paths, nr) : 0;
	char *dir = xstrndup(nr ? paths[0] : "", len);
	const char *last = strrchr(dir, '/');
	char *second = NULL;

	last = last ? last + 1 : dir;
	if (!strncmp(dir, "drivers/", 8) || !strncmp(dir, "fs/", 3) ||
	    !strncmp(dir, "sound/", 6) || !strncmp(dir, "net/", 4)) {
		const char *s = strchr(dir, '/') + 1;

		second = xstrndup(s, strcspn(s, "/"));
	}
	if (!*dir) {
		if (nr == 1)
			strbuf_addstr(&sb, paths[0]);
		else
			strbuf_addstr(&sb, "treewide");
	} else if (!strncmp(dir, "sound/soc", 9) &&
		   (!dir[9] || dir[9] == '/')) {
		strbuf_addstr(&sb, "ASoC");
		if (strcmp(last, "soc"))
			strbuf_addf(&sb, ": %s", last);
	} else if (!strncmp(dir, "sound/", 6) || !strcmp(dir, "sound")) {
		strbuf_addstr(&sb, "ALSA");
		if (strcmp(last, "sound"))
			strbuf_addf(&sb, ": %s", last);
	} else if (!strncmp(dir, "drivers/net", 11) &&
		   (!dir[11] || dir[11] == '/')) {
		strbuf_addstr(&sb, "net");
		if (strcmp(last, "net") && strcmp(last, "ethernet") &&
		    strcmp(last, "wireless"))
			strbuf_addf(&sb, ": %s", last);
	} else if (!strncmp(dir, "arch/", 5)) {
		/* arch/sh/drivers -> "sh", as arch patches are headed */
		strbuf_add(&sb, dir + 5, strcspn(dir + 5, "/"));
	} else if (!strncmp(dir, "net/", 4)) {
		strbuf_addf(&sb, "net: %s", last);
	} else if (second && !strncmp(dir, "fs/", 3)) {
		strbuf_addstr(&sb, second);
	} else if (second) {
		/* drivers/usb/host -> "usb: host"; drivers/usb -> "usb". */
		strbuf_addstr(&sb, second);
		if (strcmp(last, second))
			strbuf_addf(&sb, ": %s", last);
	} else if (!strcmp(dir, "include/linux") || !strcmp(dir, "kernel") ||
		   !strcmp(dir, "mm") || !strcmp(dir, "lib")) {
		char *base = nr == 1 ? base_name_without_ext(paths[0]) :
				       xstrdup(dir);

		strbuf_addstr(&sb, base);
		free(base);
	} else {
		strbuf_addstr(&sb, last);
	}
	free(second);
	free(dir);
	return strbuf_detach(&sb);
}
