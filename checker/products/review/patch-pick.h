/* Which mails of check-patch's inputs are the series to check, as b4 picks
 * them from a thread: replies ("Re: [PATCH ...]") and mails without a diff
 * (a cover letter) are skipped, an mbox holding several versions of a
 * series is split by the version its subjects give, and the patches of one
 * version are applied in the order the sender numbered them and reported
 * by that number ("[PATCH v3 1/3]" is patch 1/3). */
#ifndef WQCHECK_PATCH_PICK_H
#define WQCHECK_PATCH_PICK_H

#include "products/review/patch-parse.h"

/* A patch of the inputs: inputs[input].patches[patch]. */
struct patch_ref {
	size_t input, patch;
};

struct patch_pick {
	unsigned *versions;		/* the versions holding a patch, ascending */
	size_t nr_versions;
	size_t nr_replies, nr_covers;	/* mails skipped as such */
	size_t nr_patches;		/* mails with a diff, replies left out */
	const struct patch *reply;	/* the first reply skipped, to name it */
};

/* Every mail of the inputs, or (thread >= 0) those of that thread. */
#define PICK_ALL_THREADS	(-1L)
void patch_pick_scan(struct patch_series *in, size_t nr, long thread, struct patch_pick *pick);

/* Groups the mails into threads, as a list's archive holds many: a mail
 * answering (In-Reply-To, else References) one of the inputs is in its
 * thread. Sets each patch's thread, numbered from 0 in the order their
 * first mail was read; returns their number. */
size_t patch_pick_threads(struct patch_series *in, size_t nr);
void patch_pick_release(struct patch_pick *pick);

/* Marks the patches of version v to check and every other one skipped,
 * numbers them, and returns in *order the patches to apply, by the
 * sender's numbering when every one is numbered, else as read. A number
 * sent twice (a RESEND) is checked once, the later mail. Missing numbers
 * ("2/3" absent) are said on stderr unless quiet, when more than one
 * patch of the version is there. */
size_t patch_pick_version(struct patch_series *in, size_t nr, long thread, unsigned v,
			  bool quiet, struct patch_ref **order);

#endif
