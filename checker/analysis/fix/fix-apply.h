/* Applying fixes to a file's text: the rules' token edits, then the kernel-style
 * reflow of every call they touched. */
#ifndef WQCHECK_FIX_APPLY_H
#define WQCHECK_FIX_APPLY_H

#include "analysis/finding.h"
#include "lib/strbuf.h"

/* Writes text with the fixes of findings[0..n) applied into out. Returns the
 * number of edits dropped because they overlapped an earlier one. */
size_t fix_apply(const char *text, size_t size, struct finding *const *findings, size_t n,
		 struct strbuf *out);

/* Reflows one call: region is its lines after the edits, old the same lines
 * before them (see struct reflow). */
void reflow_region(const char *old, size_t old_len, const char *region, size_t len,
		   bool may_join, bool may_wrap, struct strbuf *out);

/* Sets f->shown: the fix of f alone, as the smallest edit in line/column terms. */
void finding_compute_shown(struct finding *f, const char *text, size_t size);

#endif
