/* MAINTAINERS' F: patterns by the bytes every path they match begins with
 * (an anchored glob's bytes up to its first wildcard), and its N: patterns:
 * the owner of a path is asked of the few patterns whose bytes begin it
 * rather than of each of some 9,400 (front/maintainers.c's matching). */
#ifndef WQCHECK_MAINTAINERS_INDEX_H
#define WQCHECK_MAINTAINERS_INDEX_H

#include <stddef.h>
#include <stdint.h>

struct maintainers;

/* One pattern: m->sections[section].files[pattern] (or .names[pattern]). */
struct maint_ref {
	uint32_t section, pattern;
};

struct maint_index *maint_index_build(const struct maintainers *m);
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
