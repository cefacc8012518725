/* Who goes on Cc for a patch, the way scripts/get_maintainer.pl
 * --no-git --no-rolestats answers it, from MAINTAINERS and .mailmap read
 * here: for trees without the script, and for --cc=maintainers. */
#ifndef WQCHECK_MAINT_CC_H
#define WQCHECK_MAINT_CC_H

#include "front/mailmap.h"
#include "front/maintainers.h"
#include "lib/strbuf.h"

/* "Cc: ...\n" lines for a patch touching files (relative to the root)
 * whose text is diff: the M:/R: people of every section matching a file
 * (most specific first) or whose K: keyword matches the diff, then their
 * L: lists; Linus (the script's chief penguin) and subscribers-only lists
 * left out,
 * addresses mapped by .mailmap and deduplicated by name and by address. */
void maint_cc(const struct maintainers *m, const struct mailmap *mm,
	      const char *const *files, size_t nr, const char *diff,
	      struct strbuf *cc);

#endif
