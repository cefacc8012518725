/*
 * Which names tie other files to a section's rows (audit --subsystem reads
 * the section's files, then only the files whose text holds one of these
 * names; tie-names.h). What the rows ask of other files, and the names
 * that find them:
 *   - an item's bindings and queueings, its sites' (WQ010) and its waits:
 *     spelled with the item's key (tie_key_name()), its alias for a
 *     per-CPU variable, or, in a work function queueing its own item, the
 *     function's name;
 *   - a wrapper's definition (workitem-wrappers.h): its name, called;
 *   - the queueings on a workqueue the section allocates: its name;
 * and each file found so may tie more: a binding of a tied item names
 * its work function (whose body queues its own item), a tied call names
 * a wrapper or other items. The section's own file gives every name it
 * has of these kinds; another file only those of its facts that hold a
 * name known already.
 */
#ifndef WQCHECK_SECTION_TIES_H
#define WQCHECK_SECTION_TIES_H

#include "analysis/model/tie-names.h"
#include "analysis/model/workitem-index.h"
#include "front/source-cache.h"

/* The names f gives, into out: bindings[0..nr) are f's own (the index's,
 * as read from f); known NULL: f is one of the section's files. */
void section_ties_of_file(const struct source_file *f, const struct work_binding *bindings,
			  size_t nr, const struct tie_names *known, struct tie_list *out);

#endif
