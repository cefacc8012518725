/*
 * Which structure a work item belongs to, read from the types: a helper
 * that queues `&sw->work` of its parameter (libsas's sas_queue_work() and
 * sas_chain_work(), given a struct sas_work *) queues the items of every
 * structure its callers pass members of, and two such helpers called with
 * members of different structures queue different items, though the
 * tokens give both one key. The types of the callers' arguments come from
 * their declarations' tokens (declared-struct.h) where those decide, and
 * from libclang otherwise (the tree's compile_commands.json flags when
 * given, inferred kernel flags otherwise), on the few files of such pairs
 * only.
 */
#ifndef WQCHECK_ITEM_TYPES_H
#define WQCHECK_ITEM_TYPES_H

#include "analysis/model/workitem-model.h"

#include <stdbool.h>

/* Whether a and b, both in helpers queueing a member of their own
 * parameter, are only ever given members of different structures: *why
 * names them (allocated). */
bool queueings_of_other_types(const struct workitem_model *m, const struct queueing *a,
			      const struct queueing *b, char **why);
/* Lets go of what the questions kept (the parser, its last file). */
void item_types_release(struct workitem_model *m);

#endif
