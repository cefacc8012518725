/* The tree read for one MAINTAINERS section (audit --subsystem). */
#ifndef WQCHECK_SECTION_READING_H
#define WQCHECK_SECTION_READING_H

#include "analysis/model/tree-reading.h"

/* tree_read_visiting() for audit --subsystem: the files in_section() says
 * are the section's are lexed and visited; of the others only those tied
 * to them by a name (model/section-ties.h), which is every file that can
 * add a fact to the items, workqueues and wrappers of the section's rows.
 * t->mentions and t->on_api_files are set for every file, as
 * tree_read_visiting() sets them. */
void tree_read_section(const char *root, const char *arch, int jobs,
		       bool (*mentions)(const char *text, size_t len),
		       const struct tree_visitor *visitor, struct tree_reading *t,
		       bool (*in_section)(const char *path, void *ctx), void *ctx);

#endif
