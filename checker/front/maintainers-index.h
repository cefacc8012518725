/* MAINTAINERS' F: patterns by the bytes every path they match begins with
 * (an anchored glob's bytes up to its first wildcard), and its N: patterns:
 * the owner of a path is asked of the few patterns whose bytes begin it
 * rather than of each of some 9,400 (front/maintainers.c's matching). */
#ifndef WQCHECK_MAINTAINERS_INDEX_H
#define WQCHECK_MAINTAINERS_INDEX_H

#include <stddef.h>
#include <stdint.h>

/* One pattern: m->sections[section].files[pattern] (or .names[pattern]). */
struct maint_ref {
	uint32_t section, pattern;
};

/* An F: pattern's literal bytes: key[0..len). */
struct maint_key {
	const char *key;
	size_t len;
	struct maint_ref ref;
};

/* From every F: pattern's key and every N: pattern, each in section
 * order (the lists are copied; the keys' bytes must outlive the index). */
struct maint_index *maint_index_build(const struct maint_key *files,
				      size_t nr_files,
				      const struct maint_ref *names,
				      size_t nr_names);
void maint_index_free(struct maint_index *ix);

/* Calls fn once for each group of F: patterns whose literal bytes begin
 * path (every pattern that may match it, and some that may not), each
 * group in section order. */
void maint_index_prefixes(const struct maint_index *ix, const char *path,
			  void (*fn)(const struct maint_ref *refs, size_t nr,
				     void *ctx),
			  void *ctx);
/* Every N: pattern, in section order. */
const struct maint_ref *maint_index_names(const struct maint_index *ix,
					  size_t *nr);

#endif
