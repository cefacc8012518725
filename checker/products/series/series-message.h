/* The words of a conversion series: rule families, subjects and bodies in
 * upstream's phrasing (the 3.7/3.8 conversions, and the 6.17 ones:
 * system_percpu_wq, system_dfl_wq, WQ_PERCPU), subject prefixes, and the
 * cover letter's summary. */
#ifndef WQCHECK_SERIES_MESSAGE_H
#define WQCHECK_SERIES_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/rules/rule.h"
#include "lib/strbuf.h"

/* Rules by number: WQ001 is bit 1 of a rule mask. */
#define SERIES_MAX_RULE 31

enum series_family {
	FAMILY_FLUSH_SYNC, /* WQ001, WQ002 */
	FAMILY_SYSTEM_NRT, /* WQ003, WQ004 */
	FAMILY_NON_REENTRANT, /* WQ005 */
	FAMILY_SYSTEM_WQ, /* WQ020: 6.17 */
	FAMILY_SYSTEM_UNBOUND_WQ, /* WQ021 */
	FAMILY_WQ_PERCPU, /* WQ022 */
	NR_FAMILIES,
};

/* The rule's number (WQ003 -> 3), or -1 when the id is not WQnnn. */
int series_rule_number(const struct rule *r);
/* The family of a rule, or -1 for a rule the series does not convert. */
int series_family_of(const struct rule *r);
const char *series_family_name(enum series_family f);

/*
 * What one patch's hunks do, for its subject and log: the rules it fixes,
 * and of the 6.17 ones (WQ020, WQ022) which went unbound (system_dfl_wq,
 * WQ_UNBOUND: the work may now leave its CPU) and which kept the per-CPU
 * form. A rule of mask in neither unbound nor kept is read as kept.
 */
struct series_words {
	unsigned mask;		/* rules fixed, by number */
	unsigned unbound;	/* rules with a site made unbound */
	unsigned kept;		/* rules with a site given the per-CPU form */
	bool ends_wq014;	/* a WQ020 rename puts an item on one workqueue */
	/* "  path:line: ITEM on system_wq; line N: schedule_*()\n" for each
	 * such item, or NULL */
	const char *wq014_items;
	/* "  path:line: name: why\n" for every site made unbound, or NULL */
	const char *unbound_sites;
	/* the tree's core is not yet non-reentrant (see series_body()) */
	bool prerequisite;
};

/* Whether the patch's hunks change what runs where: work made unbound, or
 * an item's two workqueues made one. */
bool series_words_change_behavior(const struct series_words *w);

/* What changes, in a phrase for the cover letter ("" when nothing does). */
void series_words_change(struct strbuf *sb, const struct series_words *w);

/* "<prefix>: <what>" for the rules in mask (several families: a generic one). */
void series_subject(struct strbuf *sb, const char *prefix, unsigned mask);
/* The same, naming what the hunks add: system_dfl_wq and WQ_UNBOUND where
 * sites went unbound, the per-CPU names where they stayed. */
void series_subject_words(struct strbuf *sb, const char *prefix,
			  const struct series_words *w);
/* Whether mask holds only rules of the 6.17 migration (WQ020-WQ022). */
bool series_mask_is_percpu(unsigned mask);
/* Why: the paragraphs of the commit message, wrapped at 72 columns. */
/* unbound: the paragraph on what --prefer-unbound moved to system_dfl_wq
 * or WQ_UNBOUND (those may now run on any CPU), or NULL. prerequisite: the
 * tree's core is not yet non-reentrant, so a legacy conversion keeps
 * behaviour only on top of dbf2576e37da, which the body then names. */
void series_body(struct strbuf *sb, unsigned mask, const char *unbound,
		 bool prerequisite);
/* The body of a patch whose hunks w describes: what each change does, why
 * each unbound site is safe off its CPU, and, when the patch changes
 * behaviour, what changes (never that nothing does). */
void series_body_words(struct strbuf *sb, const struct series_words *w);

/* Appends text wrapped at width columns (words split at spaces). */
void series_wrap(struct strbuf *sb, const char *text, size_t width);

/* The prefix a subject starts with ("net: phy" of "net: phy: fix x"), or
 * NULL when it has none; the result is malloc()ed. */
char *series_subject_prefix(const char *subject);
/* The most common prefix of the subjects (one per line), the most recent
 * first among equals; NULL when none has one. */
char *series_common_prefix(const char *subjects);
/* A prefix from where the files are (paths relative to the root). */
char *series_path_prefix(char *const *paths, size_t nr);

#endif
