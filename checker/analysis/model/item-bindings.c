#include "analysis/model/item-bindings.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* A work function's work_struct parameter is its own item: every item whose
 * work function it is (a static function only from its own file). */
static void own_items(const struct workitem_index *idx, const char *path,
		      const struct source_function *caller, struct item_bindings *out)
{
	size_t i, n = 0;

	for (i = 0; i < idx->nr; i++) {
		struct work_binding *b = &idx->bindings[i];

		if (strcmp(b->function, caller->name) ||
		    (caller->is_static && strcmp(b->file, path)))
			continue;
		out->owned = xrealloc(out->owned, (n + 1) * sizeof(*out->owned));
		out->owned[n++] = b;
	}
	out->items = out->owned;
	out->nr = n;
}

/* No binding for `struct _thermal_state.therm_work` when the INIT_*WORK
 * spelled it `&state->package_throttle.therm_work` from the outer struct:
 * without struct definitions, take the bindings of the same file whose
 * path ends in the same member. */
static void same_file_member(const struct workitem_index *idx, const char *path,
			     const char *key, struct item_bindings *out)
{
	const char *member = strrchr(key, '.');
	size_t i, n = 0, mlen;

	if (!member || !strncmp(key, "file ", 5))
		return;
	mlen = strlen(member);
	for (i = 0; i < idx->nr; i++) {
		struct work_binding *b = &idx->bindings[i];
		size_t klen = strlen(b->key);

		if (strcmp(b->file, path) || klen < mlen ||
		    strcmp(b->key + klen - mlen, member))
			continue;
		out->owned = xrealloc(out->owned, (n + 1) * sizeof(*out->owned));
		out->owned[n++] = b;
	}
	out->items = out->owned;
	out->nr = n;
}

void item_bindings_of(const struct workitem_index *idx, const char *path,
		      const struct source_function *caller,
		      const struct item_shape *item, struct item_bindings *out)
{
	if (item->key)
		out->items = workitem_index_lookup(idx, item->key, &out->nr);
	if (!out->nr && item->alias)
		out->items = workitem_index_lookup(idx, item->alias, &out->nr);
	else if (item->own_parameter && caller)
		own_items(idx, path, caller, out);
	if (!out->nr && item->key)
		same_file_member(idx, path, item->key, out);
}

void item_bindings_release(struct item_bindings *b)
{
	free(b->owned);
	memset(b, 0, sizeof(*b));
}
