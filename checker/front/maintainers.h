/* The tree's MAINTAINERS file, read the way scripts/get_maintainer.pl reads it:
 * F:/X: are globs ('*' may cross '/', a pattern without a trailing '/' matches
 * only at its own depth, an existing directory matches everything below it),
 * N: and K: are regular expressions (on the path, on the patch's +/- lines).
 * The section that owns a file is its most specific match. */
#ifndef WQCHECK_MAINTAINERS_H
#define WQCHECK_MAINTAINERS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct maint_pattern {
	char *text; /* as written in MAINTAINERS */
	regex_t re;
	int depth; /* F: only: how specific (get_maintainer.pl's value_pd) */
	bool is_dir; /* F:/X: only: ends in '/' after directory expansion */
	size_t literal_len; /* F:/X: only: how many leading bytes of text a
			     * matching path must start with (a cheap test
			     * before the regex) */
	/* F:/X: only: those bytes, at most 16 of them, as two words and
	 * their masks: most patterns are told from a path in a few
	 * instructions (an audit matches thousands of paths against
	 * thousands of patterns) */
	uint64_t key[2], key_mask[2];
	/* F:/X: only: the regex is text as written plus '/' (literal) or
	 * text alone, with nothing a regex would read otherwise: the test
	 * of literal_len bytes (and of the '/') is the whole match */
	bool literal, slash_added;
	/* re holds a compiled regex: N:/K: always, F:/X: unless literal
	 * (its test is the bytes above, regexec() is never asked) */
	bool has_re;
	/* N: only: bytes every path it matches holds (the regex's leading
	 * literal), or NULL: a strstr() before regexec() */
	char *required;
};

struct maint_section {
	char *name;
	bool chief_penguin; /* S: Buried alive in reports: THE REST, whose
				 * M: get_maintainer.pl leaves out */
	char **people; /* M: then R: entries, in file order: "Name <mail>" */
	size_t nr_people, alloc_people;
	char **lists; /* L: addresses, without "(moderated ...)" notes */
	bool *subscribers_only; /* per list: get_maintainer.pl leaves it out */
	size_t nr_lists, alloc_lists, alloc_subscribers_only;
	struct maint_pattern *files, *excludes, *names, *keywords;
	size_t nr_files, nr_excludes, nr_names, nr_keywords;
	size_t alloc_files, alloc_excludes, alloc_names, alloc_keywords;
};

struct maint_index;

struct maintainers {
	struct maint_section *sections;
	size_t nr, alloc;
	/* The F: patterns by their literal bytes and the N: patterns, built
	 * by maintainers_parse(): a path asks only the patterns whose bytes
	 * begin it, not every section's (maintainers.c) */
	struct maint_index *index;
};

struct maint_match {
	const struct maint_section *section;
	int depth; /* higher is more specific; N: matches are 0 */
};

/* Parses MAINTAINERS text; root (may be NULL) is the tree, used to tell
 * whether an F: pattern without a trailing '/' names a directory. */
void maintainers_parse(struct maintainers *m, const char *text, size_t len,
		       const char *root);
/* Reads root/MAINTAINERS; returns -1 (errno set) when it cannot be read. */
int maintainers_load(struct maintainers *m, const char *root);
void maintainers_release(struct maintainers *m);

/* Every section matching path (relative to the root), most specific first,
 * ties in file order; returns how many (out may be NULL to count). */
size_t maintainers_match(const struct maintainers *m, const char *path,
			 struct maint_match *out, size_t max);
/* Whether s matches path at all (its F:/N: patterns, not its X:): one
 * section's patterns, where owning it asks every section's. */
bool maint_section_claims(const struct maint_section *s, const char *path);
/* The section owning path: its most specific match, or NULL. */
const struct maint_section *maintainers_owner(const struct maintainers *m,
					      const char *path);
/* Whether one of the section's K: keywords matches a patch: the lines
 * before the first "---"/"+++" header, and the +/- lines after it. */
bool maint_section_keyword_matches(const struct maint_section *s,
				   const char *patch);

#endif
