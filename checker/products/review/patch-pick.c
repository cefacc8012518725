#include "products/review/patch-pick.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A mail check-patch can apply: not a reply, and with a diff. */
static bool is_patch(const struct patch *p)
{
	return !p->prefix.reply && p->nr_files;
}

static bool in_thread(const struct patch *p, long thread)
{
	return thread < 0 || p->thread == (size_t)thread;
}

void patch_pick_scan(struct patch_series *in, size_t nr, long thread, struct patch_pick *pick)
{
	size_t i, j, k, alloc = 0;

	memset(pick, 0, sizeof(*pick));
	for (i = 0; i < nr; i++)
		for (j = 0; j < in[i].nr; j++) {
			const struct patch *p = &in[i].patches[j];

			if (!in_thread(p, thread))
				continue;
			if (p->prefix.reply) {
				if (!pick->nr_replies++)
					pick->reply = p;
				continue;
			}
			if (!p->nr_files) {
				pick->nr_covers++;
				continue;
			}
			pick->nr_patches++;
			for (k = 0; k < pick->nr_versions; k++)
				if (pick->versions[k] >= p->prefix.version)
					break;
			if (k < pick->nr_versions && pick->versions[k] == p->prefix.version)
				continue;
			ALLOC_GROW(pick->versions, pick->nr_versions, alloc);
			memmove(pick->versions + k + 1, pick->versions + k,
				(pick->nr_versions - k) * sizeof(*pick->versions));
			pick->versions[k] = p->prefix.version;
			pick->nr_versions++;
		}
}

void patch_pick_release(struct patch_pick *pick)
{
	free(pick->versions);
	memset(pick, 0, sizeof(*pick));
}

static struct patch_series *sort_inputs;

static const struct patch *ref_patch(const struct patch_ref *r)
{
	return &sort_inputs[r->input].patches[r->patch];
}

/* By counter; mails of one counter by their place in the inputs. */
static int by_counter(const void *a, const void *b)
{
	const struct patch_ref *x = a, *y = b;
	unsigned cx = ref_patch(x)->prefix.counter, cy = ref_patch(y)->prefix.counter;

	if (cx != cy)
		return cx < cy ? -1 : 1;
	if (x->input != y->input)
		return x->input < y->input ? -1 : 1;
	return x->patch < y->patch ? -1 : x->patch > y->patch;
}

size_t patch_pick_version(struct patch_series *in, size_t nr, long thread, unsigned v,
			  bool quiet, struct patch_ref **order)
{
	struct patch_ref *refs = NULL;
	size_t n = 0, alloc = 0, i, j, kept;
	bool numbered = true;
	unsigned total = 0;

	for (i = 0; i < nr; i++)
		for (j = 0; j < in[i].nr; j++) {
			struct patch *p = &in[i].patches[j];

			p->skip = true;
			if (!is_patch(p) || p->prefix.version != v || !in_thread(p, thread))
				continue;
			p->skip = false;
			ALLOC_GROW(refs, n, alloc);
			refs[n].input = i;
			refs[n++].patch = j;
			if (!p->prefix.total)
				numbered = false;
			else if (p->prefix.total > total)
				total = p->prefix.total;
		}
	if (numbered && n) {
		sort_inputs = in;
		qsort(refs, n, sizeof(*refs), by_counter);
		sort_inputs = NULL;
		/* A counter sent twice: the later mail is the one to check. */
		for (kept = 0, i = 0; i < n; i++) {
			const struct patch *p = &in[refs[i].input].patches[refs[i].patch];

			if (i + 1 < n && in[refs[i + 1].input].patches[refs[i + 1].patch].prefix.counter ==
					 p->prefix.counter) {
				in[refs[i].input].patches[refs[i].patch].skip = true;
				continue;
			}
			refs[kept++] = refs[i];
		}
		n = kept;
	}
	for (i = 0; i < n; i++) {
		struct patch *p = &in[refs[i].input].patches[refs[i].patch];

		p->number = numbered ? p->prefix.counter : (unsigned)i + 1;
		p->of = numbered ? p->prefix.total : (unsigned)n;
	}
	/* One patch alone is how b4 hands a series over: not a gap. */
	if (numbered && n > 1 && !quiet) {
		unsigned c;

		for (c = 1, i = 0; c <= total; c++) {
			while (i < n && in[refs[i].input].patches[refs[i].patch].prefix.counter < c)
				i++;
			if (i == n || in[refs[i].input].patches[refs[i].patch].prefix.counter != c)
				fprintf(stderr, "wqcheck: note: patch %u/%u%s%.0u is not in the input\n",
					c, total, v > 1 ? " of v" : "", v > 1 ? v : 0);
		}
	}
	*order = refs;
	return n;
}

/* --- threads ------------------------------------------------------------- */

struct id_slot {
	const char *id;
	struct patch *p;
};

static int by_id(const void *a, const void *b)
{
	return strcmp(((const struct id_slot *)a)->id, ((const struct id_slot *)b)->id);
}

static struct patch *find_id(struct id_slot *ids, size_t n, const char *id)
{
	struct id_slot key = { id, NULL }, *hit;

	if (!id)
		return NULL;
	hit = bsearch(&key, ids, n, sizeof(*ids), by_id);
	return hit ? hit->p : NULL;
}

size_t patch_pick_threads(struct patch_series *in, size_t nr)
{
	struct id_slot *ids = NULL;
	size_t n = 0, alloc = 0, nr_threads = 0, i, j;

	for (i = 0; i < nr; i++)
		for (j = 0; j < in[i].nr; j++) {
			in[i].patches[j].thread = SIZE_MAX;
			if (in[i].patches[j].message_id) {
				ALLOC_GROW(ids, n, alloc);
				ids[n].id = in[i].patches[j].message_id;
				ids[n++].p = &in[i].patches[j];
			}
		}
	if (n)
		qsort(ids, n, sizeof(*ids), by_id);
	for (i = 0; i < nr; i++)
		for (j = 0; j < in[i].nr; j++) {
			struct patch *root = &in[i].patches[j], *up;
			size_t depth = 0;

			/* Up the replies to the first mail the inputs have; a
			 * loop of ids (a broken mailer) ends the walk. */
			while ((up = find_id(ids, n, root->in_reply_to)) && up != root &&
			       depth++ < n)
				root = up;
			if (root->thread == SIZE_MAX)
				root->thread = nr_threads++;
			in[i].patches[j].thread = root->thread;
		}
	free(ids);
	return nr_threads;
}
